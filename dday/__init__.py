"""dday: rules engine, exact odds, maps and widgets for Axis & Allies: D-Day (2004).

``import dday`` is the engine's public face, for a program that plays the game (a bot, a
script, the command line, a test): the position (:class:`State`, made by :func:`initial_state`
or read by :func:`state_from_json`; its rule options :class:`RuleOptions`; the :class:`Board`), what
may be done (:func:`legal_actions`, the action classes, :func:`parse_action`), the dice
(:func:`chance_outcomes`, :func:`sample_roll`), one step of the game (:func:`apply`) and the
errors an illegal input raises. The package has two more faces: :mod:`dday.odds` (exact odds)
and :mod:`dday.tutorial` (what the notebooks call). Everything else is imported from the
module that defines it (``dday.rules.steps``, ``dday.bots.coach``, ``dday.views.maps.plotly_view``, ...).

>>> import dday
>>> s = dday.initial_state()
>>> s.turn, s.card
(1, 1)
>>> s = dday.apply(s, (1, 1, 4))                  # the 101st Airborne's dice
>>> len(dday.chance_outcomes(s)) > 1, dday.legal_actions(s) == []
(True, True)
"""

from .errors import BadRollError, BoardDataError, DDayError, IllegalActionError, NotYourTurnError, OddsInputError, SaveFileError
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
from .rules.board import Board, load_board
from .rules.engine import apply, chance_outcomes, legal_actions, sample_roll
from .rules.setup import initial_state, state_from_json
from .rules.state import RuleOptions, State

__all__ = [
    "Action",
    "BadRollError",
    "Board",
    "BoardDataError",
    "Bombard",
    "BomberStrike",
    "ChooseCasualties",
    "DDayError",
    "Done",
    "FireAA",
    "FireToSea",
    "IllegalActionError",
    "Land",
    "Move",
    "NotYourTurnError",
    "OddsInputError",
    "Patrol",
    "Pick",
    "PlaceReinforcement",
    "RuleOptions",
    "SaveFileError",
    "SplitNavalDice",
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
