"""dday: rules engine, exact odds, maps and widgets for Axis & Allies: D-Day (2004).

>>> import dday
>>> s = dday.initial_state()
>>> s.turn, s.card
(1, 1)
"""

from .errors import BadRollError, BoardDataError, DDayError, IllegalActionError, SaveFileError
from .rules.actions import Action, parse_action
from .rules.board import Board, load_board
from .rules.engine import apply, chance_outcomes, legal_actions, sample_roll
from .rules.setup import initial_state, state_from_json
from .rules.state import RuleOptions, State

__all__ = [
    "Action",
    "BadRollError",
    "Board",
    "BoardDataError",
    "DDayError",
    "IllegalActionError",
    "RuleOptions",
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
