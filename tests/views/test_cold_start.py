"""A learner's kernel starts with what the card lab shows at once (issue 33): notebook 01's first
cell and ``card_lab(1)`` import neither pandas, nor mistune (the rules' Markdown), nor the quiz, nor the odds lab,
nor plotly's figure classes and validators (the card lab's chart is plain plotly JSON); they come when asked for."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

LATER = ("pandas", "mistune", "dday.views.quiz", "dday.views.widgets.odds_lab", "plotly.basedatatypes", "_plotly_utils.basevalidators")


def _imported_after(code: str) -> dict[str, bool]:
    script = f"import sys, json\n{code}\nprint(json.dumps({{m: m in sys.modules for m in {LATER!r}}}))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_a_card_lab_starts_without_pandas_the_quiz_the_odds_lab_or_plotly_figures() -> None:
    for code in ("from dday.tutorial import card_lab, quiz, nav\ncard_lab(1)", "from dday.tutorial import *\ncard_lab(1)"):
        assert _imported_after(code) == dict.fromkeys(LATER, False), code


def test_the_lazy_names_come_when_asked_for() -> None:
    loaded = _imported_after("from dday.tutorial import quiz, card_table, OddsLab, rules_card\nquiz(\"01\")\ncard_table()\nfrom dday.tutorial import lookup\nlookup(\"R-COMBAT-4\").text_html()")
    assert loaded == dict.fromkeys(LATER, True)
    from dday import tutorial
    from dday.views.quiz import Quiz
    from dday.views.widgets.odds_lab import OddsLab, UnitsNeeded

    assert (tutorial.Quiz, tutorial.OddsLab, tutorial.UnitsNeeded) == (Quiz, OddsLab, UnitsNeeded)


def test_the_map_puts_its_layers_on_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: a card lab's map is ~110 layers; added one by one, each set the map's layers anew
    (a new tuple, checked and announced), a sixth of the map's start. Now one assignment holds them
    all, in the same order (sea, airfield, zones ... badges on top)."""
    import ipyleaflet

    from dday.rules.setup import initial_state
    from dday.views.maps.leaflet_view import LeafletView

    added: list[object] = []
    plain_add = ipyleaflet.Map.add
    monkeypatch.setattr(ipyleaflet.Map, "add", lambda self, item, index=None: (added.append(item), plain_add(self, item, index))[1])
    view = LeafletView(initial_state())
    assert sum(isinstance(item, ipyleaflet.Layer) for item in added) <= 1  # the town names, later, if zoomed in
    layers = view.map.layers
    assert layers[0] is view.sea_layer and layers[1] is view.airfield_layer
    assert list(layers).index(view.highlight_layer) < list(layers).index(next(iter(view.markers.values())))
    assert set(view.zone_layers.values()) | set(view.markers.values()) | set(view.city_markers.values()) <= set(layers)


def test_a_card_lab_draws_itself_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: ``card_lab(1)`` brought its widgets in line with the state twice (the lab, then the
    card lab with its goal), and its chart was turned to JSON five times before anyone saw it (each
    ``update_layout`` of a plotly figure redrew it). Now: one refresh, and the chart written once,
    with the pending roll's odds."""
    from dday.views.widgets import play
    from dday.views.widgets.play import PlayLab

    calls: list[str] = []
    plain_refresh, plain_output = PlayLab.refresh, play.figure_output
    monkeypatch.setattr(PlayLab, "refresh", lambda self: (calls.append("refresh"), plain_refresh(self))[1])
    monkeypatch.setattr(play, "figure_output", lambda fig: (calls.append("chart"), plain_output(fig))[1])
    from dday.views.tutorial import card_lab

    lab = card_lab(1)
    assert calls == ["refresh", "chart"], calls
    assert lab.goal == [(0, lab.state.turn, 1)] and abs(sum(lab.chart["data"][0]["y"]) - 1) < 1e-12
