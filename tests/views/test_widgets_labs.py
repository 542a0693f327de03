"""Issue 17, the widgets: card labs and the turn stepper never stall silently and never show a stale or empty chart."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from helpers import text_of

from dday.rules.actions import Bombard
from dday.rules.cards import ORDER_CARDS
from dday.rules.engine import legal_actions
from dday.rules.steps import NavalTargetStep, Roll
from dday.views.maps.leaflet_view import LeafletView
from dday.views.tutorial import card_lab, turn_stepper
from dday.views.widgets.decisions import DecisionControl, decision_prompt
from dday.views.widgets.figures import PLOTLY_MIME
from dday.views.widgets.rolls import roll_info
from dday.views.widgets.style import log_html


def _drawn(lab: object) -> dict[str, object]:
    out = lab.chart_view.outputs  # type: ignore[attr-defined]
    assert len(out) == 1
    return dict(out[0]["data"][PLOTLY_MIME])


@pytest.mark.parametrize("card", [3, 7, 8, 10, 12, 16])
def test_cards_without_dice_show_a_sentence_not_an_empty_chart(card: int) -> None:
    lab = card_lab(card)
    assert lab.state.current_player != "chance"
    assert lab.chart_view.layout.display == "none"
    assert "No dice to roll" in lab.no_dice.value


@pytest.mark.parametrize("card", [1, 11, 14])
def test_axes_before_the_first_roll_fit_the_outcomes(card: int) -> None:
    lab = card_lab(card)
    assert lab.state.current_player == "chance" and lab.chart_view.layout.display == ""
    layout = _drawn(lab)["layout"]
    xs = lab.chart["data"][0]["x"]
    lo, hi = layout["xaxis"]["range"]  # type: ignore[index]
    assert lo > -1 and lo < min(xs) and hi > max(xs)
    assert layout["yaxis"]["range"][0] == 0 and layout["yaxis"]["range"][1] <= 1.3  # type: ignore[index]
    assert lab.no_dice.value == ""


def test_stepper_header_names_the_card_being_played_and_drops_the_old_chart() -> None:
    t = turn_stepper(seed=0, allies="person", axis="greedy")
    while t.state.card == 1:  # the paratroopers: roll the three drops
        if t.state.current_player == "chance":
            t.roll()
        else:
            t.bot_decide()
    assert t.state.card == 2 and t.state.current_player == "allies"
    assert "Order 2 — Naval Bombardment" in t.header.value and "Order 1 —" not in t.header.value
    assert t.chart_view.layout.display == "none"  # no paratrooper odds under card 2's decision
    t.bot_decide()  # split the dice
    assert isinstance(t.state.step, NavalTargetStep)
    assert t.chart_view.layout.display == "none"


def test_play_to_end_says_why_it_waits() -> None:
    t = turn_stepper(seed=0, allies="person", axis="greedy")
    t.play_to_end_of_card()  # order 1 has only dice: it plays through
    assert t.state.card == 2
    steps = t.play_to_end_of_turn()  # order 2 starts with the learner's split: the turn waits for it
    assert steps == 0
    assert "Waiting for your decision (Allies): split the six naval dice" in t.message.value
    t.bot_decide()
    t.play_to_end_of_turn()
    assert "aim naval die 1 of 6" in t.message.value


def test_play_to_end_of_card_plays_the_whole_card() -> None:
    """Issue 31.7: on order 2 "Play to end of card" stopped at each of the learner's seven choices
    (the split, then six aims). It now finishes the card in one click, the learner's choices taken as
    Hint advises, and says how many it took."""
    t = turn_stepper(seed=0, allies="person", axis="greedy")
    t.play_to_end_of_card()
    assert t.state.card == 2 and t.state.current_player == "allies"
    t.card_button.click()
    assert (t.state.turn, t.state.card) == (1, 3)  # order 2 is over; order 3 starts with the learner's patrol
    assert "7 decisions of yours were taken as Hint advises" in t.message.value  # the split and six aims
    assert "send fighters from the airfield" in t.message.value  # what waits now, on the next card


def test_card_9_prompt_names_the_blockhouse_and_the_beach() -> None:
    lab = card_lab(9)
    s = lab.state
    (beach,) = s.board.zone(s.step.zone).fires_at  # type: ignore[attr-defined]
    assert lab.decision is not None
    prompt = text_of(lab.decision.prompt.value)
    assert s.board.name(s.step.zone) in prompt and f"{beach} beach" in prompt  # type: ignore[attr-defined]
    assert decision_prompt(s) not in lab.status.value  # said once, above the controls (issue 17: no double prompt)


def test_default_naval_target_can_fire_at_a_beach() -> None:
    lab = card_lab(2)
    lab.bot_decide()  # split
    s = lab.state
    control = DecisionControl(s, legal_actions(s), lambda a: None)
    target = control.selected()
    assert isinstance(target, Bombard)
    assert any(s.beach_units(beach).total for beach in s.board.zone(target.zone).fires_at)
    assert "fires at" in control.choice.label


def test_log_opens_at_its_newest_line() -> None:
    html = log_html([f"line {i}" for i in range(100)])
    assert "line 99" in html and "line 59" not in html
    lab = card_lab(1)
    lab.roll()
    assert 'class="dday-log"' in lab.log.value and lab.log_lines()[-1].split(":")[0] in text_of(lab.log.value)
    assert '<span style="white-space:nowrap">Sainte-Mère-Église</span>' in lab.log.value  # a place name is not broken at a hyphen


def test_card_lab_cold_start_does_not_import_figurewidget_or_nbformat() -> None:
    code = (
        "import json, sys\nfrom dday.tutorial import card_lab\nlab = card_lab(11)\nlab.roll()\n"
        "print(json.dumps(sorted(m for m in sys.modules if 'figurewidget' in m or m in ('nbformat', 'jsonschema'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def test_card_lab_widget_state_is_small() -> None:
    from ipywidgets.embed import dependency_state, embed_data

    lab = card_lab(11)
    lab.roll()
    state = embed_data(views=[lab.widget], state=dependency_state(lab.widget))["manager_state"]
    size = len(json.dumps(state))
    assert size < 500 * 1024


def test_every_card_header_names_its_card() -> None:
    for card in (1, 9, 11):
        assert f"Order {card} — {ORDER_CARDS[card].name}" in card_lab(card).header.value


def test_card_11_map_keeps_the_defenders_while_they_fire_back() -> None:
    lab = card_lab(11)
    for _ in range(40):
        s = lab.state
        step = s.step
        if isinstance(step, Roll) and step.kind == "defense":
            now = s.units(step.zone, "Germany").total
            shown = lab.map_state()
            if shown.units(step.zone, "Germany").total > now:  # the attack hit someone who now fires back
                assert lab.map_view.state is shown
                assert "still fire back (R-COMBAT-6)" in lab.map_note.value
                lab.roll()
                assert lab.map_note.value == "" or lab.state.step.kind == "defense"  # type: ignore[attr-defined]
                return
        if s.current_player == "chance":
            lab.roll(faces=[1] * len(roll_info(s).hit_on))  # every die hits: casualties for sure
        elif lab.finished:
            break
        else:
            lab.bot_decide()
    raise AssertionError("no defense roll after a hit in card 11")


def test_acting_zone_goes_to_the_maps_highlight(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[tuple[str, ...], str]] = []

    def highlight(self: LeafletView, places: tuple[str, ...] = (), kind: str = "acting") -> None:
        calls.append((tuple(places), kind))

    monkeypatch.setattr(LeafletView, "highlight", highlight, raising=False)
    lab = card_lab(9)
    assert calls[-1] == ((lab.state.step.zone,), "fire")  # type: ignore[attr-defined]
    card_lab(11)
    assert calls[-1][1] == "combat"


def test_card_table_shows_every_cell_in_full() -> None:
    from dday.views.tutorial import card_table

    table = card_table()
    html = table._repr_html_()
    assert html is not None and "..." not in html and "…" not in html
    longest = max(table["what happens"], key=len)
    assert longest in html.replace("&amp;", "&") and len(longest) > 50


def test_odds_lab_draws_its_heatmap_every_time_and_labels_in_full() -> None:
    from dday.views.tutorial import odds_lab

    for _ in range(2):  # issue 17: "on one of two runs the heatmap stayed blank"
        lab = odds_lab(allies_infantry=4, allies_artillery=2, allies_tank=1, axis_infantry=2, axis_artillery=1, axis_blockhouse=1)
        z = lab.heatmap.drawn()["data"][0]["z"]
        assert len(z) == 5 and len(z[0]) == 5 and abs(sum(map(sum, z)) - 1) < 1e-9  # 4 defending dice: 0-4 hits, not 0-7
        assert lab.fight_chart.drawn()["data"][0]["y"]
    assert lab.attacker.style.button_width == "230px"  # "Allies attack (order 11)" in full
    assert lab.sliders["axis_blockhouse"].description_width == "100px"  # "blockhouse", not "blockh…"
    assert lab.sliders["axis_blockhouse"].label == "German blockhouse"  # the name a screen reader says
    assert lab.sliders["allies_infantry"].label == "Allied infantry" and lab.cards.label == "attack cards"
    lab.sliders["axis_tank"].value = 2
    assert len(lab.heatmap.drawn()["data"][0]["z"]) == 7  # redrawn on change


def test_odds_lab_redraws_each_chart_once_per_move_and_says_it_is_working() -> None:
    """Issue 33: one redraw per chart per slider move (the fight chart was drawn twice); issue 31:
    a busy sign while the odds are worked out, gone when they are; only possible outcomes; words."""
    from dday.views.tutorial import odds_lab

    lab = odds_lab(allies_infantry=7, allies_artillery=0, allies_tank=0, axis_infantry=1, axis_artillery=0, axis_blockhouse=1)
    drawn: list[str] = []
    busy_while_drawing: list[str] = []
    for name in ("heatmap", "fight_chart"):
        fig = getattr(lab, name)

        def redraw(fig: Any = fig, name: str = name, plain: Any = fig.redraw) -> None:
            drawn.append(name)
            busy_while_drawing.append(lab.busy.value)
            plain()

        object.__setattr__(fig, "redraw", redraw)  # count the redraws of this lab's two figures
    lab.sliders["allies_infantry"].value = 8
    assert sorted(drawn) == ["fight_chart", "heatmap"]
    assert all("Working out the odds" in b and "8i" in b for b in busy_while_drawing)
    assert "Working out" not in lab.busy.value
    z = lab.heatmap.data[0].z  # 8 attacking dice against 2 units: 0-2 hits; 2 defending dice: 0-2 hits, not 0-8
    assert (len(z), len(z[0])) == (3, 3) and all(any(row) for row in z) and all(any(col) for col in zip(*z, strict=True))
    assert "chance 1/6" in lab.summary.value and "above the diagonal" in lab.summary.value
    assert "only Allied land units are left" in lab.fight_text.value and "nobody moves into or out" in lab.fight_text.value


def test_odds_lab_charts_are_updated_in_place_one_message_per_chart_per_move() -> None:
    """Issue 33: a slider move sends each chart's figure to the page once, as the state of a
    ReactChart (the page calls Plotly.react on the chart already drawn), never as a new output of
    an Output (which JupyterLab's renderer draws from scratch); plotly.js stays out of the state."""
    from dday.views.tutorial import odds_lab
    from dday.views.widgets.react_chart import LOADER, ReactChart

    lab = odds_lab()
    sent: list[str] = []
    replaced: list[str] = []
    for name in ("heatmap", "fight_chart"):
        fig = getattr(lab, name)
        assert isinstance(fig.chart, ReactChart) and fig.chart in fig.view.children
        fig.chart.observe(lambda _c, name=name: sent.append(name), names="figure")
        for out in fig.view.children:
            if hasattr(out, "outputs"):
                assert out.outputs == (LOADER,)  # only the hidden loader, drawn once
                out.observe(lambda _c, name=name: replaced.append(name), names="outputs")
    for value in (5, 6, 2):
        sent.clear()
        lab.sliders["allies_infantry"].value = value
        assert sorted(sent) == ["fight_chart", "heatmap"], value
    lab.cards.value = 9
    assert lab.fight_chart.drawn()["data"][0]["x"][-1] == 9
    assert replaced == []
    state = json.dumps(lab.heatmap.chart.get_state(), default=str) + json.dumps(lab.fight_chart.chart.get_state(), default=str)
    assert len(state) < 60_000 and len(ReactChart._esm) < 5_000  # a few KB of figure and script, no library


# ---------------------------------------------------------------------------------------------
# Issue 31.5: where fewer units than dice can be hit, the chart says which hits are lost


def test_card_01_chart_marks_the_lost_hits_and_the_engine_agrees() -> None:
    from dday.rules.engine import apply, hit_targets
    from dday.rules.steps import ChooseCasualtiesStep

    lab = card_lab(1)
    s = lab.state
    assert hit_targets(s) == 1  # F11: 1 infantry and 1 blockhouse; blockhouses are exempt (R-BH-1)
    after = apply(s, (1, 1, 1))  # three hits: the engine lets the Germans lose one unit
    assert not isinstance(after.step, ChooseCasualtiesStep) or after.step.hits == 1
    assert after.units("F11", "Germany").short() == "1b"
    axis = _drawn(lab)["layout"]["xaxis"]  # type: ignore[index]
    assert axis["ticktext"] == ["0", "1", "2<br>(1 lost)", "3<br>(2 lost)"]
    shapes = _drawn(lab)["data"][0]["marker"]["pattern"]["shape"]  # type: ignore[index]
    assert shapes == ["", "", "/", "/"]
    assert "Only 1 unit here can be hit" in lab.explanation.value


def test_combat_chart_marks_lost_hits_only_beyond_the_defenders() -> None:
    from dday.rules.engine import hit_targets
    from dday.rules.scenario import position

    s = position(card=11, zones={"F30": {"UK": "3i", "Germany": "1i"}})
    info = roll_info(s)
    assert hit_targets(s) == 1 and [info.lost(k) for k in info.probs] == [0, 0, 1, 2]
    big = roll_info(position(card=11, zones={"F30": {"UK": "2i", "Germany": "3i"}}))
    assert not any(big.lost(k) for k in big.probs) and big.cap_words == ""


def test_card_lab_folds_every_exact_fraction_however_long() -> None:
    """Issue 31.2: the lab shows percentages and short fractions; the long ones are one click away."""
    from dday.rules.scenario import position
    from dday.views.widgets.play import exact_fold

    info = roll_info(position(card=11, zones={"F14": {"US": "6i 2a", "Germany": "4i 3a 2b"}}))
    long = [p for p in info.probs.values() if len(str(p.denominator)) > 5]
    assert long  # 8 dice: 6 hitting on 1, 2 on 2 or less, over 6**8
    shown = info.explain(rolled=0)
    assert not any(str(p) in shown for p in long) and "%" in shown
    fold = exact_fold(info)
    assert fold.startswith("<details") and all(str(p) in fold for p in long)
    assert "<details" in card_lab(1).explanation.value


def test_patrol_dropdowns_have_one_width() -> None:
    """Issue 31.7: 17's two patrol dropdowns (where from, where to) were each as wide as their own text."""
    t = turn_stepper(seed=0, allies="person", axis="greedy")
    t.play_to_end_of_card()
    t.play_to_end_of_card()  # order 2 played through; order 3 asks for the patrols
    control = t.decision
    assert control is not None and control.group is not None and t.state.card == 3
    assert control.group.layout.width == control.choice.layout.width != "auto"


@pytest.mark.parametrize("card", [1, 2, 11, 13, 14])
def test_the_roll_chart_is_plotly_json_that_plotly_accepts(card: int) -> None:
    """Issue 33: the card lab's chart is written as plain plotly JSON (no figure classes at a
    learner's start). plotly's own figure class still checks it: a misspelt property raises."""
    import plotly.graph_objects as go

    from dday.views.widgets.rolls import roll_figure

    lab = card_lab(card)
    while lab.state.current_player != "chance":
        lab.bot_decide()
    info = roll_info(lab.state)
    for rolled in (None, *info.probs):
        fig = roll_figure(info, rolled)
        checked = go.Figure(data=fig["data"], layout=fig["layout"])  # raises ValueError on an unknown property
        assert list(checked.data[0].y) == pytest.approx([float(p) for p in info.probs.values()])
    with pytest.raises(ValueError, match="colour"):
        go.Figure(data=[{**fig["data"][0], "colour": "red"}])
