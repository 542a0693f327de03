"""Where the rule modules register their handlers, and where the engine looks them up.

Every order card (:mod:`dday.rules.orders`), the fortune deck (:mod:`dday.rules.fortune`),
the tactics deck (:mod:`dday.rules.tactics`) and the turn flow (:mod:`dday.rules.flow`)
register what they handle with the decorators below when they are imported;
:mod:`dday.rules.engine` imports them all and then dispatches through these tables. So no rule
module imports another's private functions, and the flow can start any order without
importing the card modules.

* :func:`begin` — how order ``n`` starts (``BEGIN[n](state)``);
* :func:`on_roll` — what a roll of a class does (``ROLL[SeaRoll](state, roll, faces)``);
* :func:`on_action` — what an action does at a step (``ACT[StepType, ActionType](state, step, action)``);
* :func:`legal` — the legal actions at a step (``LEGAL[StepType](state, step)``);
* :func:`on_pick` — what a pick of a :class:`~dday.rules.steps.PickStep` does (``PICK[purpose]``);
* :func:`tactic` — a tactics card: when it can be used and what using it does (R-TAC-1..4);
* :func:`after_casualties` — where the game goes on after casualties of a kind (``CASUALTY_CONTINUE``);
* :func:`after_tactic_strike` — where a tactics card's bomber strike goes on (``TACTIC_CONTINUE``).

>>> class ExampleRoll: ...
>>> @on_roll(ExampleRoll)
... def _example(s, step, faces):
...     return s
>>> ROLL.pop(ExampleRoll) is _example
True
>>> begin(1)(lambda s: s)                      # order 1 already has its handler
Traceback (most recent call last):
...
ValueError: a handler for 1 is already registered: <function _begin_1 at 0x...>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .actions import Action
    from .dice import Faces
    from .state import State
    from .steps import ChooseCasualtiesStep, PickStep

F = TypeVar("F", bound=Callable[..., Any])

BEGIN: dict[int, Callable[[State], State]] = {}
ROLL: dict[type, Callable[[State, Any, Faces], State]] = {}  # by the class of a Roll (or StrafeStep)
ACT: dict[tuple[type, type], Callable[[State, Any, Any], State]] = {}
LEGAL: dict[type, Callable[[State, Any], Iterable[Action]]] = {}
PICK: dict[str, Callable[[State, PickStep, str], State]] = {}
FORTUNE_PICKS: set[str] = set()  # pick purposes of the fortune deck (their errors cite FORT-n)
TACTIC_POSSIBLE: dict[int, Callable[[State], bool]] = {}
TACTIC_USE: dict[int, Callable[[State], State]] = {}
TACTIC_CONTINUE: dict[int, Callable[[State], State]] = {}
CASUALTY_CONTINUE: dict[str, Callable[[State, ChooseCasualtiesStep], State]] = {}


def _origin(fn: Any) -> tuple[str, str]:
    return getattr(fn, "__module__", ""), getattr(fn, "__qualname__", "")


def _register(table: dict[Any, Any], key: Any) -> Callable[[F], F]:
    """Put ``fn`` in ``table`` under ``key``. A second module claiming the same key is an error;
    the same function registered again (a reloaded module) replaces the old one."""

    def deco(fn: F) -> F:
        if key in table and _origin(table[key]) != _origin(fn):
            raise ValueError(f"a handler for {key!r} is already registered: {table[key]!r}")
        table[key] = fn
        return fn

    return deco


def begin(card: int) -> Callable[[F], F]:
    """Register how order ``card`` starts once it is turned up (after its fortune card)."""
    return _register(BEGIN, card)


def on_roll(roll: type) -> Callable[[F], F]:
    """Register what a roll of class ``roll`` (a :class:`~dday.rules.steps.Roll` subclass, or
    :class:`~dday.rules.steps.StrafeStep`) does with its faces."""
    return _register(ROLL, roll)


def on_action(step: type, action: type) -> Callable[[F], F]:
    """Register what an ``action`` does at a ``step`` (both are classes)."""
    return _register(ACT, (step, action))


def legal(step: type) -> Callable[[F], F]:
    """Register the function that lists the legal actions at a ``step`` (a class)."""
    return _register(LEGAL, step)


def on_pick(purpose: str, *, fortune: bool = False) -> Callable[[F], F]:
    """Register what picking an option of a ``PickStep`` with this ``purpose`` does."""
    if fortune:
        FORTUNE_PICKS.add(purpose)
    return _register(PICK, purpose)


def tactic(n: int, possible: Callable[[State], bool]) -> Callable[[F], F]:
    """Register tactics card ``n``: ``possible(state)`` says whether it may be used now, the
    decorated function uses it (R-TAC-1..4)."""
    _register(TACTIC_POSSIBLE, n)(possible)
    return _register(TACTIC_USE, n)


def after_casualties(kind: str) -> Callable[[F], F]:
    """Register where the game goes on after casualties of ``kind`` (``ChooseCasualtiesStep.kind``)
    are chosen, for kinds other than land combat."""
    return _register(CASUALTY_CONTINUE, kind)


def after_tactic_strike(n: int) -> Callable[[F], F]:
    """Register where tactics card ``n``'s bomber strike (a ``bomb`` roll with ``index=n``) goes on."""
    return _register(TACTIC_CONTINUE, n)


__all__ = [
    "ACT",
    "BEGIN",
    "CASUALTY_CONTINUE",
    "FORTUNE_PICKS",
    "LEGAL",
    "PICK",
    "ROLL",
    "TACTIC_CONTINUE",
    "TACTIC_POSSIBLE",
    "TACTIC_USE",
    "after_casualties",
    "after_tactic_strike",
    "begin",
    "legal",
    "on_action",
    "on_pick",
    "on_roll",
    "tactic",
]
