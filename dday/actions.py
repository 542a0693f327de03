"""dday.actions — the typed decisions (moved to :mod:`dday.rules.actions`; re-exported here)."""

from .errors import SaveFileError
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
    parse_action,
)

__all__ = [
    "Action",
    "Bombard",
    "BomberStrike",
    "ChooseCasualties",
    "Done",
    "FireAA",
    "FireToSea",
    "Land",
    "Move",
    "Patrol",
    "Pick",
    "PlaceReinforcement",
    "SaveFileError",
    "SplitNavalDice",
    "parse_action",
]
