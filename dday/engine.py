"""dday.engine — the rules engine's public face (moved). The code is in :mod:`dday.rules.engine`;
this module re-exports its public names so that existing code keeps working.
"""

from .errors import IllegalActionError, NotYourTurnError
from .rules.actions import (
    Action,
    Bombard,
    BomberStrike,
    ChooseCasualties,
    Done,
    FireAA,
    FireToSea,
    Land,
    Move,
    Patrol,
    Pick,
    PlaceReinforcement,
    SplitNavalDice,
)
from .rules.cards import ORDER_CARDS
from .rules.dice import Dice, Faces
from .rules.engine import apply, chance_outcomes, describe_step, iter_legal_actions, legal_actions, sample_roll, settle, step_dice
from .rules.flow import EXTENDED_PLAY_LAST_TURN, EXTENDED_PLAY_UNITS, start_card
from .rules.fortune import hit_number
from .rules.orders.combat import casualty_options, combat_dice, dice_groups
from .rules.orders.movement import check_move, move_options
from .rules.orders.o03_fighter_patrol import patrol_options
from .rules.state import State, evolve
from .rules.steps import (
    AATargetStep,
    BomberStep,
    ChooseCasualtiesStep,
    DeclareMovesStep,
    FireToSeaStep,
    GameOver,
    LandingStep,
    NavalSplitStep,
    NavalTargetStep,
    PatrolStep,
    PickStep,
    PlaceReinforcementsStep,
    Roll,
    StrafeStep,
)

__all__ = [
    "EXTENDED_PLAY_LAST_TURN",
    "EXTENDED_PLAY_UNITS",
    "ORDER_CARDS",
    "AATargetStep",
    "Action",
    "Bombard",
    "BomberStep",
    "BomberStrike",
    "ChooseCasualties",
    "ChooseCasualtiesStep",
    "DeclareMovesStep",
    "Dice",
    "Done",
    "Faces",
    "FireAA",
    "FireToSea",
    "FireToSeaStep",
    "GameOver",
    "IllegalActionError",
    "Land",
    "LandingStep",
    "Move",
    "NavalSplitStep",
    "NavalTargetStep",
    "NotYourTurnError",
    "Patrol",
    "PatrolStep",
    "Pick",
    "PickStep",
    "PlaceReinforcement",
    "PlaceReinforcementsStep",
    "Roll",
    "SplitNavalDice",
    "State",
    "StrafeStep",
    "apply",
    "casualty_options",
    "chance_outcomes",
    "check_move",
    "combat_dice",
    "describe_step",
    "dice_groups",
    "evolve",
    "hit_number",
    "iter_legal_actions",
    "legal_actions",
    "move_options",
    "patrol_options",
    "sample_roll",
    "settle",
    "start_card",
    "step_dice",
]
