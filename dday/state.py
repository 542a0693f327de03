"""dday.state — the game state (moved). :class:`State` and :class:`RuleOptions` are in
:mod:`dday.rules.state`, the steps in :mod:`dday.rules.steps`, the set-up and JSON loading in
:mod:`dday.rules.setup`; this module re-exports them.
"""

from .errors import SaveFileError
from .rules.board import Board, load_board
from .rules.dice import Dice
from .rules.setup import check_invariants, initial_inventory, initial_state, state_from_json
from .rules.state import FORMAT_VERSION, RuleOptions, State, evolve
from .rules.steps import (
    NO_DICE,
    STEP_TYPES,
    AATargetStep,
    BomberStep,
    ChooseCasualtiesStep,
    DeclareMovesStep,
    FireToSeaStep,
    GameOver,
    LandingStep,
    MovedUnit,
    NavalSplitStep,
    NavalTargetStep,
    PatrolStep,
    PickStep,
    PlaceReinforcementsStep,
    Roll,
    Step,
    StrafeStep,
)
from .rules.units import ALLIED_POWERS, EMPTY, NO_AIR, POWERS, Air, Force, Side, powers_of

__all__ = [
    "ALLIED_POWERS",
    "EMPTY",
    "FORMAT_VERSION",
    "NO_AIR",
    "NO_DICE",
    "POWERS",
    "STEP_TYPES",
    "AATargetStep",
    "Air",
    "Board",
    "BomberStep",
    "ChooseCasualtiesStep",
    "DeclareMovesStep",
    "Dice",
    "FireToSeaStep",
    "Force",
    "GameOver",
    "LandingStep",
    "MovedUnit",
    "NavalSplitStep",
    "NavalTargetStep",
    "PatrolStep",
    "PickStep",
    "PlaceReinforcementsStep",
    "Roll",
    "RuleOptions",
    "SaveFileError",
    "Side",
    "State",
    "Step",
    "StrafeStep",
    "check_invariants",
    "evolve",
    "initial_inventory",
    "initial_state",
    "load_board",
    "powers_of",
    "state_from_json",
]
