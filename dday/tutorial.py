"""dday.tutorial — moved to :mod:`dday.views.tutorial`; this module re-exports its public names so
that existing code and notebooks keep working.
"""


from .views.tutorial import (
    NOTEBOOKS,
    PREPARED,
    CardLab,
    MapPanel,
    Prepared,
    Quiz,
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
)
from .views.widgets.odds_lab import OddsLab, UnitsNeeded, units_needed

__all__ = ["NOTEBOOKS", "PREPARED", "CardLab", "MapPanel", "OddsLab", "Prepared", "Quiz", "TurnStepper", "UnitsNeeded", "card_lab", "card_table", "game_position", "nav", "odds_lab", "prepared_position", "quiz", "start_map", "turn_stepper", "units_needed"]
