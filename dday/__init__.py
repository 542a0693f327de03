"""dday: rules engine, exact odds, maps and widgets for Axis & Allies: D-Day (2004).

>>> import dday
>>> s = dday.initial_state()
>>> s.turn, s.card
(1, 1)
"""

from .actions import Action, parse_action
from .board import Board, load_board
from .engine import apply, chance_outcomes, legal_actions, sample_roll
from .errors import BadRollError, BoardDataError, DDayError, IllegalActionError, SaveFileError
from .state import Rules, State, initial_state, state_from_json

__all__ = [
    "Action",
    "BadRollError",
    "Board",
    "BoardDataError",
    "DDayError",
    "IllegalActionError",
    "Rules",
    "SaveFileError",
    "State",
    "apply",
    "chance_outcomes",
    "initial_state",
    "legal_actions",
    "load_board",
    "parse_action",
    "sample_roll",
    "state_from_json",
]
