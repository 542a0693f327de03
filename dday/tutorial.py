"""dday.tutorial — the notebooks' front: what a learner's ``from dday.tutorial import ...`` gets.

Each notebook calls a few of these, one short call per cell: :func:`card_lab` ("Try it" for an
order card), :func:`quiz`, :func:`nav`, :func:`start_map` and :func:`card_table`,
:func:`turn_stepper`, :func:`odds_lab` and :func:`units_needed`, :func:`map_picture` (a still
picture of the board with its text alternative), to show another chart :func:`plotly_map`,
:func:`show_config` and :func:`show_figure`, and for the rules themselves
:func:`rules_card` (a card's rules) and :func:`lookup` (one rule ID). The code lives in
:mod:`dday.views.tutorial` (the labs), :mod:`dday.views.maps.plotly_view` (the static map),
:mod:`dday.views.widgets.figures` (charts) and :mod:`dday.rules.reference`; this face keeps the learner's imports short and the
same from notebook to notebook. It is one of the package's three public faces, beside
:mod:`dday` (the engine) and :mod:`dday.odds` (exact odds).

``Quiz``, ``OddsLab`` and ``UnitsNeeded`` are imported when first asked for (a card lab's
kernel starts without them, issue 33).
"""

from typing import Any

from .rules.reference import lookup, rules_card
from .views import tutorial as _views
from .views.maps.plotly_view import plotly_map, show_config
from .views.tutorial import (
    NOTEBOOKS,
    PREPARED,
    CardLab,
    MapPanel,
    Prepared,
    TurnStepper,
    card_lab,
    card_table,
    game_position,
    map_picture,
    nav,
    odds_lab,
    prepared_position,
    quiz,
    start_map,
    turn_stepper,
    units_needed,
)
from .views.widgets.figures import show_figure


def __getattr__(name: str) -> Any:
    return getattr(_views, name)  # the lazy names of dday.views.tutorial (AttributeError for others)


__all__ = ["NOTEBOOKS", "PREPARED", "CardLab", "MapPanel", "Prepared", "TurnStepper", "card_lab", "card_table", "game_position", "lookup", "map_picture", "nav", "odds_lab", "plotly_map", "prepared_position", "quiz", "rules_card", "show_config", "show_figure", "start_map", "turn_stepper", "units_needed"]
