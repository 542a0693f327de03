"""dday.tutorial — moved to :mod:`dday.views.tutorial`; this module re-exports its public names so
that existing code and notebooks keep working. ``Quiz``, ``OddsLab`` and ``UnitsNeeded`` are
imported when first asked for (a card lab's kernel starts without them, issue 33).
"""

from typing import Any

from .views import tutorial as _views
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
    nav,
    odds_lab,
    prepared_position,
    quiz,
    start_map,
    turn_stepper,
    units_needed,
)


def __getattr__(name: str) -> Any:
    return getattr(_views, name)  # the lazy names of dday.views.tutorial (AttributeError for others)


__all__ = ["NOTEBOOKS", "PREPARED", "CardLab", "MapPanel", "Prepared", "TurnStepper", "card_lab", "card_table", "game_position", "nav", "odds_lab", "prepared_position", "quiz", "start_map", "turn_stepper", "units_needed"]
