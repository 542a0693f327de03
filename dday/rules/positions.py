"""Is this a position the game could be in? One check for every door a position comes in by.

A position reaches the engine from a saved state (:func:`dday.rules.setup.state_from_json`), from
the start of a saved game (:func:`dday.play.saves.load_game`) or from a prepared scenario
(:func:`dday.rules.scenario.position`). Each passes :func:`validate_position`, so a bad file or a
slip in a hand-made position is refused at the door with a message naming the field, instead of
failing later with a ``KeyError`` deep in a card, or asking for a billion dice.

What is checked: turn, card, deck and removed cards agree with each other; ``hold`` is 0, 1 or 2;
a winner only on a finished game; every count is a whole number; the stacking limits (R-STACK-1,
R-STACK-2, R-STACK-3, R-STACK-6); only Germany has blockhouses; the step the game waits for is
one the engine knows, with zones of the board, a side that exists and a number of dice the rules
could ask for. Conservation of units is *not* checked here: it is a property of a game played from
the set-up (:func:`dday.rules.setup.check_invariants`), and prepared positions need not have it.

>>> from dday.rules.setup import initial_state
>>> validate_position(initial_state())
>>> from dataclasses import replace
>>> validate_position(replace(initial_state(), hold=-5))
Traceback (most recent call last):
...
dday.rules.positions.PositionError: hold must be 0, 1 or 2 (turn ends in a row with the three cities Allied), not -5
"""

from __future__ import annotations

from dataclasses import fields

from ..errors import DDayError
from .dice import Dice
from .effects import ArtilleryOrderPlayed
from .engine import ROLL_KINDS
from .state import State
from .steps import GameOver, Roll, Step
from .units import SIDES

MAX_DICE_IN_A_ROLL = 60  # more dice than any roll of the rules asks for (a full naval bombardment is 6, a fight 8 + 8)
MAX_NUMBER = 10_000  # step counters (dice, hits, units, packed task numbers): a damaged file goes far past it


class PositionError(DDayError):
    """A position the game could not be in (a ``ValueError``); the message names the field."""


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate_position(state: State, error: type[Exception] = PositionError, *, started: bool = True) -> None:
    """Raise ``error`` (default :class:`PositionError`) naming the first thing that is wrong with ``state``.

    ``started=False`` checks a position whose first step is not set yet (a scenario before its
    card begins): everything but the step and the winner's agreement with it.
    """
    b, rules = state.board, state.options
    last = 30 if rules.extended_play else b.turns  # VAR-RM-18 plays on past turn 10
    if not _whole(state.turn) or not 1 <= state.turn <= last:
        raise error(f"turn must be a whole number from 1 to {last}, not {state.turn!r}")
    cards = set(rules.card_order)
    if not _whole(state.card) or state.card not in cards:
        raise error(f"card must be an order card of this rule set (1..16), not {state.card!r}")
    for name in ("deck", "removed"):
        seq = getattr(state, name)
        if not all(_whole(c) and c in cards for c in seq):
            raise error(f"{name} holds something that is not an order card: {list(seq)[:20]}")
        if len(set(seq)) != len(seq):
            raise error(f"{name} holds an order card twice: {list(seq)[:20]}")
    if set(state.deck) & set(state.removed):
        raise error(f"cards {sorted(set(state.deck) & set(state.removed))} are both in the deck and removed from it")
    playing_9a = rules.artillery_orders and ArtilleryOrderPlayed(state.card) in state.effects  # VAR-RM-7: 9a comes after order 9 left the deck
    if not state.is_over and state.card not in state.deck and not playing_9a:
        raise error(f"the card being played ({state.card}) is not in the deck {list(state.deck)}")
    if not _whole(state.hold) or not 0 <= state.hold <= 2:
        raise error(f"hold must be 0, 1 or 2 (turn ends in a row with the three cities Allied), not {state.hold!r}")
    if state.winner not in (None, *SIDES):
        raise error(f"winner must be allies, axis or nobody, not {state.winner!r}")
    if started and (state.winner is not None) != isinstance(state.step, GameOver):
        raise error("a winner belongs to a finished game, and a finished game has a winner" + f" (winner {state.winner!r}, step {type(state.step).__name__})")
    _check_units(state, error)
    if started:
        _check_step(state, state.step, error)


def _check_units(state: State, error: type[Exception]) -> None:
    b = state.board
    for z in b.zones:
        for side in SIDES:
            if state.stack_count(z.id, side) > b.stacking_limit:
                raise error(f"R-STACK-1: {z.id} holds more than {b.stacking_limit} {side} land units")
        _, uk, us = state.zone_forces(z.id)
        if uk.blockhouse or us.blockhouse:
            raise error(f"{z.id}: only Germany has blockhouses (R-GEN-1)")
        limit = 8 if state.options.fortune else state.options.fighter_limit  # FORT-3 result 1 lifts the cap
        if state.fighters_in(z.id) > limit:
            raise error(f"R-STACK-3: {z.id} has {state.fighters_in(z.id)} fighters on patrol, more than {limit}")
    for bh, f in zip(b.beachheads, state.beach, strict=True):
        cap = bh.capacity if not state.options.tactics else max(bh.capacity, b.stacking_limit)  # TAC-9 may fill a box up to 8
        if f.total > cap:
            raise error(f"R-STACK-6: the {bh.name} box holds {f.total} units, more than {cap}")
        if f.blockhouse:
            raise error(f"the {bh.name} box holds a blockhouse (R-GEN-1)")


def _check_dice(where: str, dice: Dice, error: type[Exception]) -> None:
    if not isinstance(dice, Dice):
        raise error(f"{where} is not dice: {dice!r}")
    for group in dice.groups:
        if len(group) != 2 or not all(_whole(x) for x in group) or not 0 <= group[0] <= 6 or group[1] < 0:
            raise error(f"{where}: a group of dice is (hit number 0..6, how many), not {group!r}")
    if dice.count > MAX_DICE_IN_A_ROLL:
        raise error(f"{where}: {dice.count} dice, more than any roll of the game asks for ({MAX_DICE_IN_A_ROLL})")


def _check_step(state: State, step: Step, error: type[Exception]) -> None:
    kind = type(step).__name__
    for f in fields(step):
        value = getattr(step, f.name)
        default = f.default
        where = f"the {kind}'s {f.name}"
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise error(f"{where} must be true or false, not {value!r}")
        elif isinstance(default, int):
            if not _whole(value) or not 0 <= value <= MAX_NUMBER:
                raise error(f"{where} must be a whole number from 0 to {MAX_NUMBER}, not {value!r}")
        elif isinstance(default, str):
            if not isinstance(value, str):
                raise error(f"{where} must be text, not {value!r}")
        elif isinstance(default, Dice):
            _check_dice(where, value, error)
        elif isinstance(default, tuple) and not isinstance(value, tuple):
            raise error(f"{where} must be a list, not {value!r}")
        if f.name in ("zone", "origin") and value and not state.board.has_zone(value):
            raise error(f"{where} {value!r} is not a zone of the board")
        if f.name in ("side", "chooser") and value and value not in SIDES:
            raise error(f"{where} must be allies or axis, not {value!r}")
    if isinstance(step, Roll) and step.kind not in ROLL_KINDS:
        raise error(f"a roll of kind {step.kind!r}: the engine knows no such roll ({', '.join(sorted(ROLL_KINDS))})")


__all__ = ["MAX_DICE_IN_A_ROLL", "PositionError", "validate_position"]
