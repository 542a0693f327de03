"""Movement of land units, shared by order 8 (Allies move) and order 12 (Axis moves), and the
strafing of moving or arriving German units (orders 12 and 15, TAC-15).

Moves are declared one unit at a time, then resolved together (R-MOVE-7): R-MOVE-1, R-MOVE-3,
R-MOVE-4, R-MOVE-6, R-STACK-4, FAQ-16, FAQ-19, FAQ-24; fortune cards 8 and 12 and tactics card
7 change what may move. Strafing: R-AIR-3, R-AIR-4, FAQ-18.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import pairwise
from typing import NamedTuple

from ...errors import IllegalActionError
from .. import dice as dice_mod
from ..actions import Action, Done, Move
from ..board import Board
from ..dice import Faces
from ..editing import add_effect, add_many, add_units, destroy, effects_of, record, record_all
from ..effects import Flooded, Placed
from ..events import NoMoves, Strafed, UnitsMoved
from ..flow import finish_card
from ..registry import legal, on_action, on_roll
from ..state import State, evolve
from ..steps import DeclareMovesStep, MovedUnit, StrafeStep
from ..units import MOBILE_TYPES, Force, other_side, powers_of
from ..words import count, units


def begin_move(side: str) -> Callable[[State], State]:
    """How orders 8 (``side="allies"``) and 12 (``"axis"``) begin: ``side`` declares its moves (R-MOVE-7)."""
    return lambda s: evolve(s, step=DeclareMovesStep(side=side, moves=()))


def _tentative(s: State, moves: Sequence[MovedUnit], side: str) -> dict[str, int]:
    """Stacking count per zone after the declared moves (R-STACK-4 accounting)."""
    delta: dict[str, int] = {}
    for m in moves:
        delta[m.path[0]] = delta.get(m.path[0], 0) - m.count
        delta[m.path[-1]] = delta.get(m.path[-1], 0) + m.count
    return {z: s.stack_count(z, side) + d for z, d in delta.items()}


def _count_after(s: State, side: str, zone: str, moves: Sequence[MovedUnit], tent: dict[str, int] | None) -> int:
    """Stacking count of ``zone`` after the declared moves: :func:`_tentative` for one zone."""
    if tent is not None:
        return tent.get(zone, s.stack_count(zone, side))
    n = s.stack_count(zone, side)
    for m in moves:
        if m.path[0] == zone:
            n -= m.count
        if m.path[-1] == zone:
            n += m.count
    return n


def _declared_from(moves: Sequence[MovedUnit], zone: str, power: str, unit: str) -> int:
    return sum(m.count for m in moves if m.path[0] == zone and m.power == power and m.unit == unit)


def check_move(s: State, step: DeclareMovesStep, a: Move, tent: dict[str, int] | None = None) -> None:
    """Raise :class:`IllegalActionError` naming the rule if the declared move is illegal.

    ``tent`` may pass in :func:`_tentative` of the declared moves (it is the same for every
    candidate of one step); without it, only the zones the move stops in or passes through
    are counted.
    """
    b = s.board
    side = step.side
    limit = b.stacking_limit
    if a.power not in powers_of(side):
        raise IllegalActionError("R-TURN-3", f"order {s.card} moves {side} units only, not {a.power}'s")
    if a.unit == "blockhouse":
        raise IllegalActionError("R-BH-1", "blockhouses never move")
    if a.unit not in MOBILE_TYPES:
        raise IllegalActionError("R-MOVE-1", f"only land units move on this card, not {a.unit!r}")
    if a.count < 1:
        raise IllegalActionError("R-MOVE-1", "move at least one unit")
    path = a.path
    for z in path:
        if not b.has_zone(z):
            raise IllegalActionError("R-MOVE-1", f"{z!r} is not a zone of the board")
    if len(path) < 2:
        raise IllegalActionError("R-MOVE-1", "a move needs a start zone and a destination")
    max_len = 3 if a.unit == "tank" or _all_move_two(s) else 2
    if len(path) > max_len:
        rule = "R-MOVE-4" if a.unit == "tank" else "R-MOVE-1"
        raise IllegalActionError(rule, f"a {a.unit} moves at most {count(max_len - 1, 'zone')} on a move card")
    flooded = {e.zone for e in effects_of(s, Flooded)} if side == "allies" else set()
    if flooded & set(path[1:]):
        raise IllegalActionError(
            "TAC-7",
            f"{', '.join(sorted(flooded & set(path[1:])))} is flooded: no Allied land unit may enter or pass through it this order (RECONSTRUCTED)",
        )
    origins = _allowed_origins(s, step, a.power)
    if origins is not None and path[0] not in origins:
        card = "FORT-8" if side == "allies" else "FORT-12"
        raise IllegalActionError(card, f"with {card} result 6 units may move out of {', '.join(sorted(origins)) or 'no other zone'} only")
    for x, y in pairwise(path):
        if not b.are_adjacent(x, y):
            raise IllegalActionError("R-MOVE-1", f"{x} and {y} are not adjacent")
    start = path[0]
    have = s.units(start, a.power).get(a.unit)
    already = _declared_from(step.moves, start, a.power, a.unit)
    if have - already < a.count:
        raise IllegalActionError(
            "R-TURN-3", f"{start} has {units(have - already, a.unit, a.power)} not yet declared; each unit moves once per card"
        )
    enemy = other_side(side)
    if s.side_total(start, enemy):
        raise IllegalActionError("R-MOVE-3", f"units in {start} are locked in combat with enemy land units and cannot leave (FAQ-16)")
    if len(path) == 3:
        mid = path[1]
        if path[2] == path[0]:
            raise IllegalActionError("R-MOVE-4", "a two-zone move cannot end where it started (RECONSTRUCTED)")
        if s.side_total(mid, enemy):
            raise IllegalActionError("R-MOVE-4", f"a unit moving two zones must stop in {mid}: it holds enemy land units (FAQ-24)")
        mid_count = _count_after(s, side, mid, step.moves, tent)
        if mid_count > limit - 1:
            raise IllegalActionError(
                "R-MOVE-6",
                f"a tank cannot pass through {mid}: it would hold {mid_count} friendly land units (max {limit - 1} in transit, FAQ-24)",
            )
    dest = path[-1]
    after = _count_after(s, side, dest, step.moves, tent) + a.count
    if after > limit:
        raise IllegalActionError("R-STACK-4", f"{dest} would hold {after} {side} land units after the declared moves (max {limit}, FAQ-19)")
    if after > limit - 1 and any(len(m.path) == 3 and m.path[1] == dest for m in step.moves):
        raise IllegalActionError(
            "R-MOVE-6", f"{dest} is a declared tank's transit zone and may hold at most {limit - 1} friendly land units"
        )


def _all_move_two(s: State) -> bool:
    """FORT-8 / FORT-12 result 1: every land unit may move two zones (non-tanks follow the tank rule)."""
    return s.fortune == 1 and s.card in (8, 12)


def _allowed_origins(s: State, step: DeclareMovesStep, power: str) -> set[str] | None:
    """FORT-8 result 6: each Allied power moves out of one zone; FORT-12 result 6: the Axis out of two."""
    if s.fortune != 6 or s.card not in (8, 12):
        return None
    used = {m.path[0] for m in step.moves if m.power == power}
    allowed = 1 if s.card == 8 else 2
    return None if len(used) < allowed else used


@on_action(DeclareMovesStep, Move)
def _act_move(s: State, step: DeclareMovesStep, a: Move) -> State:
    check_move(s, step, a)
    return evolve(s, step=evolve(step, moves=(*step.moves, MovedUnit(a.power, a.unit, a.path, a.count))))


def path_strafe_dice(s: State, path: Sequence[str]) -> int:
    """Fighter dice against one unit moving along ``path`` (R-AIR-3, R-AIR-4, FAQ-18)."""
    n = s.fighters_in(path[0]) + s.fighters_in(path[-1])
    for mid in path[1:-1]:
        n += 2 * s.fighters_in(mid)
    return n


@on_action(DeclareMovesStep, Done)
def _done_moves(s: State, step: DeclareMovesStep, a: Done) -> State:
    moves = step.moves
    if not moves:
        return finish_card(record(evolve(s, step=DeclareMovesStep(side=step.side)), NoMoves(step.side)))
    # every mover leaves first; the units, the log and the strafing dice are then worked out in
    # one pass (the events and the fighters do not depend on where the land units stand)
    changes = [(m.path[0], m.power, m.unit, -m.count) for m in moves]
    if step.side == "allies":
        changes += [(m.path[-1], m.power, m.unit, m.count) for m in moves]
        s = record_all(add_many(s, changes), [UnitsMoved(m.power, m.unit, m.count, m.path) for m in moves])
        return finish_card(s)
    arrivals: list[tuple[str, str, str, int]] = []
    declared: list[UnitsMoved] = []
    for m in moves:
        n = path_strafe_dice(s, m.path)
        declared.append(UnitsMoved(m.power, m.unit, m.count, m.path, declared=True, dice=n))
        if n:
            arrivals.extend([(m.power, m.unit, m.path[-1], n)] * m.count)
        else:
            changes.append((m.path[-1], m.power, m.unit, m.count))
    return start_strafing(record_all(add_many(s, changes), declared), tuple(arrivals))


def start_strafing(s: State, arrivals: tuple[tuple[str, str, str, int], ...]) -> State:
    """Strafe each arriving ``(power, unit, zone, dice)`` in turn (R-AIR-3, R-REINF-8), or finish the card if none."""
    if not arrivals:
        return finish_card(s)
    return evolve(s, step=StrafeStep(arrivals=arrivals, index=0))


@on_roll(StrafeStep)  # not a Roll: one die per fighter on the way
def _roll_strafe(s: State, step: StrafeStep, faces: Faces) -> State:
    power, unit, dest, n = step.arrivals[step.index]
    hit = dice_mod.hits_in(step.dice, faces)[0] > 0
    s = record(s, Strafed(power, unit, dest, n, faces, hit))
    s = destroy(s, power, unit) if hit else add_units(s, dest, power, unit, 1)
    if not hit and s.card == 15:
        s = add_effect(s, Placed(dest, unit))  # for TAC-15
    if step.index + 1 < len(step.arrivals):
        return evolve(s, step=evolve(step, index=step.index + 1))
    return finish_card(s)


@legal(DeclareMovesStep)
def _legal_moves(s: State, step: DeclareMovesStep) -> Iterator[Action]:
    """Done, then every one-unit move of :func:`move_options` as a :class:`Move`."""
    yield Done()
    for p, u, path in move_options(s, step):
        yield Move(p, u, path)


assert Force._fields[:3] == MOBILE_TYPES, "move_options indexes Force by position"


@cache
def _neighbour_indices(b: Board) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per zone index: its neighbours as (zone id, zone index), in the board's order."""
    return tuple(tuple((n, b.zone_index(n)) for n in z.neighbours) for z in b.zones)


class _ZoneFacts(NamedTuple):
    """Per-zone facts of one side's move step, indexed like ``board.zones``.

    First those of the units on the board alone (:func:`_zone_facts`), then patched for the
    declared moves and flooded zones (:func:`_declared_facts`).
    """

    enemy_here: list[bool]  # enemy land units: own units there are locked (R-MOVE-3)
    stack: list[int]  # own land units that count for stacking, after the declared moves (R-STACK-4)
    room: list[bool]  # one more unit may end its move here
    through: list[bool]  # a two-zone move may pass through (FAQ-24, R-MOVE-6)
    origins: list[tuple[str, int, tuple[tuple[str, Force], ...]]]  # (zone, index, (power, force)...) of own units free to move
    moves: tuple[MovedUnit, ...]  # the declared moves taken into account
    declared: dict[tuple[str, str, str], int]  # (start, power, unit) -> units declared
    transits: frozenset[int]  # zones a declared two-zone move passes through
    flooded: frozenset[int]  # zones no Allied land unit may enter (TAC-7)


_FACTS: dict[str, tuple[object, Board, _ZoneFacts, _ZoneFacts]] = {}  # side -> (ground, board, facts, patched) of the last call


def _zone_facts(s: State, side: str) -> tuple[_ZoneFacts, _ZoneFacts]:
    """:class:`_ZoneFacts` of the units on the board of ``s``, and the last patched ones, kept
    while the units on the board stay the same object (a move step asks again after every
    declaration; only the declared moves change)."""
    ground = s.ground
    b = s.board
    last = _FACTS.get(side)
    if last is not None and last[0] is ground and last[1] is b:
        return last[2], last[3]
    limit = b.stacking_limit
    # Force is (infantry, artillery, tank, blockhouse): [:3] are the units that stack and move
    if side == "allies":
        enemy_here = [any(g) for g, _, _ in ground]
        count = [uk[0] + uk[1] + uk[2] + us[0] + us[1] + us[2] for _, uk, us in ground]
    else:
        enemy_here = [any(uk) or any(us) for _, uk, us in ground]
        count = [g[0] + g[1] + g[2] for g, _, _ in ground]
    room = [c + 1 <= limit for c in count]
    through = [not e and c <= limit - 1 for e, c in zip(enemy_here, count, strict=True)]
    powers = powers_of(side)
    first = 0 if side == "axis" else 1
    origins: list[tuple[str, int, tuple[tuple[str, Force], ...]]] = []
    for z, forces in zip(b.zones, ground, strict=True):
        if enemy_here[z.index] or not count[z.index]:
            continue  # locked (R-MOVE-3), or no own unit that moves
        mine = tuple((p, f) for p, f in zip(powers, forces[first:], strict=False) if f[0] or f[1] or f[2])
        if mine:
            origins.append((z.id, z.index, mine))
    facts = _ZoneFacts(enemy_here, count, room, through, origins, (), {}, frozenset(), frozenset())
    _FACTS[side] = (ground, b, facts, facts)
    return facts, facts


def _declared_facts(s: State, step: DeclareMovesStep) -> _ZoneFacts:
    """:class:`_ZoneFacts` after the declared moves of ``step`` and with TAC-7's flooded zones.

    The last answer is kept: when the step only adds moves to it (the next declaration of the
    same step), just the zones the new moves touch are worked out again.
    """
    b = s.board
    side = step.side
    base, last = _zone_facts(s, side)
    moves = step.moves
    flooded = frozenset(b.zone_index(e.zone) for e in effects_of(s, Flooded)) if side == "allies" and s.effects else frozenset()
    n = len(last.moves)
    if last.flooded != flooded or len(moves) < n or not all(map(operator.is_, moves, last.moves)):
        last, n = base, 0
    if n == len(moves) and last.flooded == flooded:
        return last
    index = b.zone_index
    limit = b.stacking_limit
    count = last.stack.copy()
    declared = last.declared.copy()
    transits = set(last.transits)
    touched = set(flooded - last.flooded)
    for m in moves[n:]:  # R-STACK-4 accounting, as in _tentative
        i, j = index(m.path[0]), index(m.path[-1])
        count[i] -= m.count
        count[j] += m.count
        touched.add(i)
        touched.add(j)
        key = (m.path[0], m.power, m.unit)
        declared[key] = declared.get(key, 0) + m.count
        if len(m.path) == 3:
            k = index(m.path[1])
            transits.add(k)
            touched.add(k)
    room, through = last.room.copy(), last.through.copy()
    enemy_here = last.enemy_here
    for i in touched:
        room[i] = count[i] + 1 <= (limit - 1 if i in transits else limit) and i not in flooded
        through[i] = not enemy_here[i] and count[i] <= limit - 1 and i not in flooded
    out = _ZoneFacts(enemy_here, count, room, through, last.origins, moves, declared, frozenset(transits), flooded)
    _FACTS[side] = (s.ground, b, base, out)
    return out


def move_options(s: State, step: DeclareMovesStep | None = None) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """The legal one-unit moves of a move step as plain ``(power, unit, path)`` tuples.

    Candidates are built legal by construction (adjacent, not locked, units available, tank
    transit free of enemies); only stacking is checked here, with the same accounting as
    :func:`check_move` (a test checks the two agree). The per-zone facts are kept for the
    whole step and patched for each new declaration (:func:`_declared_facts`). No action
    objects are made: bots look at every candidate hundreds of times a game, and
    :func:`dday.rules.engine.settle` asks for the first two after every input.
    """
    if step is None:
        if not isinstance(s.step, DeclareMovesStep):
            return
        step = s.step
    b = s.board
    side = step.side
    facts = _declared_facts(s, step)
    room, through, declared = facts.room, facts.through, facts.declared
    two = _all_move_two(s)
    origins_of: dict[str, set[str] | None] = {p: _allowed_origins(s, step, p) for p in powers_of(side)} if s.fortune == 6 else {}
    near_of = _neighbour_indices(b)
    for zid, zi, mine in facts.origins:
        near = near_of[zi]
        for p, f in mine:
            origins = origins_of.get(p)
            if origins is not None and zid not in origins:
                continue
            for ui, u in enumerate(MOBILE_TYPES):
                if f[ui] <= 0 or (declared and f[ui] - declared.get((zid, p, u), 0) <= 0):
                    continue
                for n, i in near:
                    if room[i]:
                        yield p, u, (zid, n)
                if u == "tank" or two:
                    for n, i in near:
                        if not through[i]:
                            continue
                        for far, j in near_of[i]:
                            if far != zid and room[j]:
                                yield p, u, (zid, n, far)


__all__ = ["begin_move", "check_move", "move_options", "path_strafe_dice", "start_strafing"]
