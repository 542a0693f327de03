"""Transitions: what may be done now, and what doing it (or rolling dice) leads to.

The game is a sequence of steps. At each step either a side decides (``legal_actions``,
then ``apply(state, action)``) or dice are rolled (``chance_outcomes`` / ``sample_roll``,
then ``apply(state, faces)``). A decision with exactly one legal choice is taken
automatically, so every step a caller sees is a real choice or a real roll.

The rules live in :mod:`dday.rules.flow` (card sequence, tactics offers, victory),
:mod:`dday.rules.orders` (one module per order card), :mod:`dday.rules.fortune` and
:mod:`dday.rules.tactics`; each registers its handlers in :mod:`dday.rules.registry` when it
is imported. This module imports them all and dispatches through the registry's tables; each
name it uses from those modules is imported from the module that defines it (the package's
public face for the engine is :mod:`dday` itself).

>>> import numpy as np
>>> from dday.rules.setup import initial_state
>>> s = initial_state()
>>> s.current_player, s.step.kind, s.step.zone          # the 101st Airborne rolls first
('chance', 'para', 'F11')
>>> s2 = apply(s, (1, 1, 4))                            # EX-9: two hits, one infantry to lose
>>> s2.units("F11", "Germany").short(), s.units("F11", "Germany").short()
('1b', '1i 1b')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import islice
from typing import cast

import numpy as np

from ..errors import IllegalActionError, NotYourTurnError
from . import dice as dice_mod
from . import orders, tactics  # noqa: F401  (importing them registers every card's handlers)
from .actions import Action, Pick, check_well_formed
from .cards import ORDER_CARDS
from .dice import Dice, Faces
from .orders.combat import cycle_targets
from .orders.o01_airborne import para_targets
from .registry import ACT, FORTUNE_PICKS, LEGAL, PICK, ROLL, legal, on_action
from .state import State, evolve
from .steps import (
    AttackRoll,
    DefenseRoll,
    ParaRoll,
    PickStep,
    Roll,
    StrafeStep,
)
from .words import side_name

__all__ = [
    "ROLL_KINDS",
    "apply",
    "chance_outcomes",
    "hit_targets",
    "iter_legal_actions",
    "legal_actions",
    "sample_roll",
    "settle",
    "step_dice",
]


ROLL_KINDS: frozenset[str] = frozenset(cls.kind for cls in ROLL if issubclass(cls, Roll))  # every kind of roll some card registered (for checking saved positions)


# ---------------------------------------------------------------------------------------------
# picks (fortune and tactics choices): the option must be offered; the purpose names the handler


@on_action(PickStep, Pick)
def _act_pick(s: State, step: PickStep, a: Pick) -> State:
    if a.option not in step.options:
        rule = {"tactic": "R-TAC-2"}.get(step.purpose, f"FORT-{s.card}" if step.purpose in FORTUNE_PICKS else f"TAC-{s.card}")
        raise IllegalActionError(rule, f"{a.option!r} is not one of the choices: {', '.join(step.options)}")
    return PICK[step.purpose](s, step, a.option)


@legal(PickStep)
def _legal_pick(s: State, step: PickStep) -> list[Action]:
    return [Pick(o) for o in step.options]


# ---------------------------------------------------------------------------------------------
# public API


def step_dice(s: State) -> Dice:
    """The dice of the pending chance event (raise if the game waits for a decision)."""
    step = s.step
    if isinstance(step, Roll):
        return step.dice
    if isinstance(step, StrafeStep):
        return step.dice
    raise NotYourTurnError("R-TURN-3", f"the game waits for a decision by the {side_name(s.current_player)}, not for dice")


def hit_targets(s: State) -> int | None:
    """How many units the hits of the pending roll can destroy at most, when hits beyond that are
    lost: the paratroopers' (ORDER-1, R-BH-1) and a combat cycle's (R-COMBAT-5). ``None`` for the
    other rolls (one die at one target, or a 2d6 total).

    >>> from dday.rules.setup import initial_state
    >>> hit_targets(initial_state())          # F11: 1 infantry and 1 blockhouse; only the infantry
    1
    """
    step = s.step
    if isinstance(step, ParaRoll):
        return para_targets(s, step.zone)
    if isinstance(step, (AttackRoll, DefenseRoll)):
        return cycle_targets(s, step)
    return None


def chance_outcomes(s: State) -> list[tuple[Faces, Fraction]]:
    """Every distinct result of the pending roll with its exact probability (sums to 1)."""
    return dice_mod.outcomes(step_dice(s))


def sample_roll(s: State, rng: np.random.Generator) -> Faces:
    """Roll the pending dice with the generator given."""
    return dice_mod.sample(step_dice(s), rng)


def _apply_roll(s: State, faces: Faces) -> State:
    step = s.step
    faces = dice_mod.as_faces(faces)  # before anything reads them: 1.9 is not a 1
    if isinstance(step, StrafeStep):
        dice_mod.hits_in(step.dice, faces)
        return ROLL[StrafeStep](s, step, faces)
    assert isinstance(step, Roll)
    if step.dice.is_2d6:
        dice_mod.total_2d6(step.dice, faces)
    else:
        dice_mod.hits_in(step.dice, faces)
    return ROLL[type(step)](s, step, faces)


def _apply_action(s: State, action: Action) -> State:
    handler = ACT.get((type(s.step), type(action)))
    if handler is None:
        card = ORDER_CARDS.get(s.card)
        raise NotYourTurnError(
            "R-TURN-3", f"order {s.card} ({card.name if card else '?'}) waits for {type(s.step).__name__}; {action!s} is not allowed now"
        )
    return handler(s, s.step, action)


def apply(s: State, x: Action | Sequence[int]) -> State:
    """Apply a decision or a roll and return the new state (``s`` is never changed).

    Illegal input raises an :class:`~dday.errors.IllegalActionError` (a ``ValueError``)
    naming the rule, or :class:`~dday.errors.BadRollError` for dice that do not fit.
    """
    if s.is_over:
        raise IllegalActionError("R-TURN-1", f"the game is over ({s.winner} won)")
    s0 = evolve(s, events=())
    if s.step.who == "chance":
        if not isinstance(x, (tuple, list)):
            raise NotYourTurnError("R-TURN-3", f"the game waits for dice ({step_dice(s).count} of them), not for {x!s}")
        out = _apply_roll(s0, tuple(x))
    else:
        if isinstance(x, (tuple, list)):
            raise NotYourTurnError("R-TURN-3", f"the game waits for a decision by the {side_name(s.current_player)}, not for dice")
        check_well_formed(x)  # R-GEN-6: what is not a decision at all is refused before any rule is asked
        out = _apply_action(s0, cast(Action, x))
    return settle(out)


def settle(s: State) -> State:
    """Take every decision that has exactly one legal choice."""
    while s.step.who in ("allies", "axis"):
        acts = list(islice(iter_legal_actions(s), 2))
        if len(acts) != 1:
            break
        s = _apply_action(s, acts[0])
    return s


def iter_legal_actions(s: State) -> Iterator[Action]:
    """Legal decisions one by one (lazily; see :func:`legal_actions`)."""
    fn = LEGAL.get(type(s.step))
    return iter(fn(s, s.step)) if fn else iter(())


def legal_actions(s: State) -> list[Action]:
    """The legal decisions now (empty at chance steps and when the game is over).

    Declarations (moves, landings, patrols, bombers) are offered one unit at a time;
    ``Move``/``Land``/``Patrol`` with a larger ``count`` are accepted by :func:`apply` too.
    """
    return list(iter_legal_actions(s))


