"""Orders that bring land units onto and across the map: movement and strafing, blockhouse fire to sea, landing, reinforcements (ORDER-8/12, ORDER-9, ORDER-10, ORDER-14/15)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import pairwise
from typing import NamedTuple

from . import dice as dice_mod
from .actions import Action, Done, FireToSea, Land, Move, PlaceReinforcement
from .board import Board
from .dice import Dice, Faces
from .errors import IllegalActionError
from .flow import (
    _a,
    _add_effect,
    _add_many,
    _add_units,
    _destroy,
    _effect_values,
    _faces,
    _finish_card,
    _log,
    _log_all,
    _on,
    _pick,
    _set_beach,
    _zname,
)
from .fortune import hit_number
from .state import (
    DeclareMovesStep,
    FireToSeaStep,
    LandingStep,
    MovedUnit,
    PickStep,
    PlaceReinforcementsStep,
    Roll,
    State,
    StrafeStep,
    evolve,
)
from .units import MOBILE_TYPES, Force, other_side, powers_of, side_of

# ---------------------------------------------------------------------------------------------
# ORDER-8 / ORDER-12 Movement (declared, then resolved: R-MOVE-7)


def _begin_move(side: str) -> Callable[[State], State]:
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
        raise IllegalActionError(rule, f"a {a.unit} moves at most {max_len - 1} zone(s) on a move card")
    flooded = set(_effect_values(s, "TAC-7")) if side == "allies" else set()
    if flooded & set(path[1:]):
        raise IllegalActionError("TAC-7", f"{', '.join(sorted(flooded & set(path[1:])))} is flooded: no Allied land unit may enter or pass through it this order (RECONSTRUCTED)")
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
        raise IllegalActionError("R-TURN-3", f"{start} has {have - already} {a.power} {a.unit}(s) not yet declared; each unit moves once per card")
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
            raise IllegalActionError("R-MOVE-6", f"a tank cannot pass through {mid}: it would hold {mid_count} friendly land units (max {limit - 1} in transit, FAQ-24)")
    dest = path[-1]
    after = _count_after(s, side, dest, step.moves, tent) + a.count
    if after > limit:
        raise IllegalActionError("R-STACK-4", f"{dest} would hold {after} {side} land units after the declared moves (max {limit}, FAQ-19)")
    if after > limit - 1 and any(len(m.path) == 3 and m.path[1] == dest for m in step.moves):
        raise IllegalActionError("R-MOVE-6", f"{dest} is a declared tank's transit zone and may hold at most {limit - 1} friendly land units")


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


def _act_move(s: State, step: DeclareMovesStep, a: Move) -> State:
    check_move(s, step, a)
    return evolve(s, step=evolve(step, moves=(*step.moves, MovedUnit(a.power, a.unit, a.path, a.count))))


def _path_strafe_dice(s: State, path: Sequence[str]) -> int:
    """Fighter dice against one unit moving along ``path`` (R-AIR-3, R-AIR-4, FAQ-18)."""
    n = s.fighters_in(path[0]) + s.fighters_in(path[-1])
    for mid in path[1:-1]:
        n += 2 * s.fighters_in(mid)
    return n


def _done_moves(s: State, step: DeclareMovesStep, a: Done) -> State:
    moves = step.moves
    if not moves:
        return _finish_card(_log(evolve(s, step=DeclareMovesStep(side=step.side)), f"No {step.side} unit moves"))
    # every mover leaves first; the units, the log and the strafing dice are then worked out in
    # one pass (the log lines and the fighters do not depend on where the land units stand)
    changes = [(m.path[0], m.power, m.unit, -m.count) for m in moves]
    if step.side == "allies":
        changes += [(m.path[-1], m.power, m.unit, m.count) for m in moves]
        s = _log_all(_add_many(s, changes), [f"{m.power} {m.unit} x{m.count} moves {' > '.join(_zname(s, z) for z in m.path)}" for m in moves])
        return _finish_card(s)
    arrivals: list[tuple[str, str, str, int]] = []
    msgs: list[str] = []
    for m in moves:
        n = _path_strafe_dice(s, m.path)
        msgs.append(f"{m.power} {m.unit} x{m.count} declared {' > '.join(_zname(s, z) for z in m.path)}" + (f" ({n} strafing dice each)" if n else ""))
        if n:
            arrivals.extend([(m.power, m.unit, m.path[-1], n)] * m.count)
        else:
            changes.append((m.path[-1], m.power, m.unit, m.count))
    return _start_strafing(_log_all(_add_many(s, changes), msgs), tuple(arrivals))


def _start_strafing(s: State, arrivals: tuple[tuple[str, str, str, int], ...]) -> State:
    if not arrivals:
        return _finish_card(s)
    return evolve(s, step=StrafeStep(arrivals=arrivals, index=0))


def _roll_strafe(s: State, step: StrafeStep, faces: Faces) -> State:
    power, unit, dest, n = step.arrivals[step.index]
    hit = dice_mod.hits_in(step.dice, faces)[0] > 0
    s = _log(s, f"Strafing {power} {unit} bound for {_zname(s, dest)}: {n} dice {_faces(faces)} -> {'destroyed' if hit else 'survives'} (hits on 1)")
    s = _destroy(s, power, unit) if hit else _add_units(s, dest, power, unit, 1)
    if not hit and s.card == 15:
        s = _add_effect(s, f"PLACED:{dest}:{unit}")  # for TAC-15
    if step.index + 1 < len(step.arrivals):
        return evolve(s, step=evolve(step, index=step.index + 1))
    return _finish_card(s)


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
    flooded = frozenset(b.zone_index(z) for z in _effect_values(s, "TAC-7")) if side == "allies" and s.effects else frozenset()
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
    :func:`dday.engine.settle` asks for the first two after every input.
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


# ---------------------------------------------------------------------------------------------
# ORDER-9 Blockhouses fire to sea


def _begin_9(s: State) -> State:
    return _sea_next(s, 0, 0)


def _sea_next(s: State, zone_index: int, shot: int) -> State:
    b = s.board
    for i in range(zone_index, len(b.zones)):
        z = b.zones[i]
        if z.fires_at:
            n = s.ground[i][0].blockhouse
            if shot < n and s.beach_units(z.fires_at).total:
                return evolve(s, step=FireToSeaStep(zone=z.id, shot=shot))
        shot = 0
    return _finish_card(s)


def _act_sea(s: State, step: FireToSeaStep, a: FireToSea) -> State:
    beach = s.board.zone(step.zone).fires_at or ""
    if a.target not in MOBILE_TYPES or not s.beach_units(beach).get(a.target):
        raise IllegalActionError("R-BH-2", f"the blockhouse in {step.zone} fires only at units in {beach}; there is no {a.target} there")
    return evolve(s, step=Roll(kind="sea", dice=Dice.simple(1, hit_number(s, "sea")), zone=step.zone, index=step.shot, target=a.target, power=beach))


def _roll_sea(s: State, step: Roll, faces: Faces) -> State:
    beach = step.power
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = _log(s, f"Blockhouse {step.index + 1} in {_zname(s, step.zone)} fires at {_a(step.target)} in {beach}: {_faces(faces)} -> {'destroyed' if hit else 'miss'} (hits on {_on(step.dice)})")
    if hit:
        bh = s.board.beachhead(beach)
        s = _set_beach(s, beach, s.beach_units(beach).add(step.target, -1))
        s = _destroy(s, bh.power, step.target)
    return _sea_next(s, s.board.zone_index(step.zone), step.index + 1)


def _legal_sea(s: State, step: FireToSeaStep) -> list[Action]:
    beach = s.board.zone(step.zone).fires_at or ""
    f = s.beach_units(beach)
    return [FireToSea(u) for u in MOBILE_TYPES if f.get(u)]


# ---------------------------------------------------------------------------------------------
# ORDER-10 Landing


def _begin_10(s: State) -> State:
    return evolve(s, step=LandingStep()) if any(f.total for f in s.beach) else _finish_card(s)


def _act_land(s: State, step: LandingStep, a: Land) -> State:
    try:
        bh = s.board.beachhead(a.beach)
    except KeyError:
        raise IllegalActionError("R-BEACH-1", f"unknown beachhead {a.beach!r}") from None
    if a.unit not in MOBILE_TYPES or a.count < 1 or s.beach_units(a.beach).get(a.unit) < a.count:
        raise IllegalActionError("R-BEACH-2", f"{a.beach} does not hold {a.count} {a.unit}(s)")
    zone = bh.lands_into
    if a.zone and a.zone != zone:
        mine = {b.lands_into for b in s.board.beachheads if b.power == bh.power}
        if not (s.fortune == 1 and s.card == 10 and a.zone in mine):
            raise IllegalActionError("R-BEACH-2", f"units in {a.beach} land only into {zone} (FORT-10 result 1 opens the other {bh.power} landing zones)")
        zone = a.zone
    if s.fortune == 6 and s.card == 10:
        used = _effect_values(s, f"LANDED-{bh.power}")
        if used and used[0] != a.beach:
            raise IllegalActionError("FORT-10", f"with FORT-10 result 6 the {bh.power} units land from {used[0]} only")
    after = s.stack_count(zone, "allies") + a.count
    if after > s.board.stacking_limit:
        raise IllegalActionError("R-STACK-1", f"{zone} would hold {after} Allied land units (max {s.board.stacking_limit}); the rest wait in the box (R-BEACH-2)")
    s = _set_beach(s, a.beach, s.beach_units(a.beach).add(a.unit, -a.count))
    s = _add_units(s, zone, bh.power, a.unit, a.count)
    if s.fortune == 6 and not _effect_values(s, f"LANDED-{bh.power}"):
        s = _add_effect(s, f"LANDED-{bh.power}:{a.beach}")
    s = _log(s, f"{a.count} {bh.power} {a.unit}(s) land from {a.beach} into {_zname(s, zone)}")
    return s if any(f.total for f in s.beach) else _finish_card(s)


def _done_land(s: State, step: LandingStep, a: Done) -> State:
    return _finish_card(s)


def _legal_land(s: State, step: LandingStep) -> Iterator[Action]:
    """Done, then every one-unit landing (lazily: settle() looks at the first two only)."""
    yield Done()
    coordinated = s.fortune == 1 and s.card == 10  # FORT-10 result 1
    for bh, f in zip(s.board.beachheads, s.beach, strict=True):
        if s.fortune == 6 and s.card == 10:
            used = _effect_values(s, f"LANDED-{bh.power}")
            if used and used[0] != bh.name:
                continue
        zones = [b.lands_into for b in s.board.beachheads if b.power == bh.power] if coordinated else [bh.lands_into]
        for zone in dict.fromkeys(zones):
            if s.stack_count(zone, "allies") >= s.board.stacking_limit:
                continue
            into = "" if zone == bh.lands_into else zone
            yield from (Land(bh.name, u, 1, into) for u in MOBILE_TYPES if f.get(u))


# ---------------------------------------------------------------------------------------------
# ORDER-14 / ORDER-15 Reinforcements (R-REINF-1..9)


def _begin_reinf(side: str) -> Callable[[State], State]:
    return lambda s: _reinf_roll_next(s, side, tuple(0 for _ in s.board.charts), 0)


def _reinf_roll_next(s: State, side: str, quota: tuple[int, ...], start: int) -> State:
    for c in s.board.charts[start:]:
        if side_of(c.power) == side and s.charts[c.index]:
            dice = Dice.one_face() if s.turn > s.board.turns else Dice.two_d6()  # VAR-RM-19 after turn 10: one die
            return evolve(s, step=Roll(kind="reinf", dice=dice, index=c.index, power=side, quota=quota))
    return _placement(s, PlaceReinforcementsStep(side=side, quota=quota))


def _roll_reinf(s: State, step: Roll, faces: Faces) -> State:
    c = s.board.charts[step.index]
    if s.fortune == 1 and s.card in (14, 15) and step.dice.is_2d6:  # FORT-14 / FORT-15 result 1
        s = _log(s, f"{c.label}: 2d6 {_faces(faces)}; fortune lets one die be rolled again (the new roll stands, FAQ-37)")
        quota = ",".join(str(q) for q in step.quota)
        return _pick(s, step.power, "reroll", tuple(dict.fromkeys(("keep", f"reroll-{faces[0]}", f"reroll-{faces[1]}"))), f"{c.label}: keep {faces[0]}+{faces[1]} or roll one die again?", str(c.index), str(faces[0]), str(faces[1]), quota)
    return _reinf_total(s, step.power, c.index, faces, step.quota)


def _roll_reroll(s: State, step: Roll, faces: Faces) -> State:
    new = dice_mod.face(step.dice, faces)
    s = _log(s, f"Re-rolled die: {new} (kept {step.count})")
    return _reinf_total(s, step.power, step.index, (step.count, new), step.quota)


def _pick_reroll(s: State, step: PickStep, option: str) -> State:
    chart, f1, f2, quota_txt = int(step.data[0]), int(step.data[1]), int(step.data[2]), step.data[3]
    quota = tuple(int(q) for q in quota_txt.split(","))
    side = step.side
    if option == "keep":
        return _reinf_total(s, side, chart, (f1, f2), quota)
    kept = f2 if option == f"reroll-{f1}" else f1
    return evolve(s, step=Roll(kind="reroll", dice=Dice.one_face(), index=chart, count=kept, quota=quota, power=side))


def _reinf_total(s: State, side: str, chart_index: int, faces: Faces, quota_in: tuple[int, ...]) -> State:
    c = s.board.charts[chart_index]
    total = sum(faces)
    notes: list[str] = []
    if s.turn > s.board.turns and len(faces) == 1 and faces[0] == 6:
        total, notes = 0, [*notes, "a 6 after turn 10 brings nothing (VAR-RM-19)"]
    if s.rules.reinforcement_six_nothing and 6 in faces and len(faces) == 2:
        total, notes = 0, [*notes, "a 6 on a die brings nothing (VAR-RM-12)"]
    if s.fortune == 6 and s.card in (14, 15):
        total = -(-total // 2)
        notes.append(f"halved, rounded up (FORT-{s.card} result 6)")
    queue = s.charts[c.index]
    n = min(total, len(queue))
    units = " ".join(c.boxes[k][0] for k in queue[:n])
    dice_txt = "2d6" if len(faces) == 2 else "1d6"
    extra = f" ({'; '.join(notes)})" if notes else ""
    s = _log(s, f"{c.label}: {dice_txt} {_faces(faces)} = {sum(faces)}{extra} -> next {n} unit(s): {units}")
    quota = tuple(n if i == c.index else q for i, q in enumerate(quota_in))
    return _reinf_roll_next(s, side, quota, c.index + 1)


def _destinations(s: State, step: PlaceReinforcementsStep, chart_index: int) -> tuple[str, ...]:
    c = s.board.charts[chart_index]
    box = s.charts[chart_index][0]
    if c.power == "Germany":
        pending: dict[str, int] = {}
        for _, _, z in step.placed:
            pending[z] = pending.get(z, 0) + 1
        return tuple(z for z in c.zones if s.stack_count(z, "axis") + pending.get(z, 0) < s.board.stacking_limit)
    allowed = c.allowed_destinations(box, s.board.beaches_of(c.power))
    return tuple(b for b in allowed if s.beach_units(b).total < s.board.beachhead(b).capacity)


def _placement(s: State, step: PlaceReinforcementsStep) -> State:
    """Drop charts whose next unit cannot be placed (R-REINF-3), then finish when all are done."""
    quota = list(step.quota)
    for i, q in enumerate(quota):
        if q and (not s.charts[i] or not _destinations(s, step, i)):
            c = s.board.charts[i]
            s = _log(s, f"{c.label}: no room for the next {q} unit(s); they stay on the chart, first in line (R-REINF-3)")
            quota[i] = 0
    step = evolve(step, quota=tuple(quota))
    if any(quota):
        return evolve(s, step=step)
    if step.side == "allies":
        return _finish_card(s)
    arrivals: list[tuple[str, str, str, int]] = []
    for _, unit, z in step.placed:
        n = s.fighters_in(z)
        if n:
            arrivals.append(("Germany", unit, z, n))
        else:
            s = _add_effect(_add_units(s, z, "Germany", unit, 1), f"PLACED:{z}:{unit}")
    if step.placed:
        s = _log(s, "German reinforcements placed: " + ", ".join(f"{u} > {z}" for _, u, z in step.placed) + (" (strafing follows, R-REINF-8)" if arrivals else ""))
    s = evolve(s, step=PlaceReinforcementsStep(side="axis"))
    return _start_strafing(s, tuple(arrivals))


def _act_place(s: State, step: PlaceReinforcementsStep, a: PlaceReinforcement) -> State:
    try:
        c = s.board.chart(a.chart)
    except KeyError:
        raise IllegalActionError("R-REINF-1", f"unknown chart {a.chart!r}") from None
    if side_of(c.power) != step.side:
        raise IllegalActionError("R-TURN-3", f"order {s.card} places {step.side} reinforcements, not {c.name}")
    if not step.quota[c.index]:
        raise IllegalActionError("R-REINF-2", f"no more units may enter from {c.name} this turn")
    dests = _destinations(s, step, c.index)
    if a.destination not in dests:
        box = s.charts[c.index][0]
        if c.power == "Germany":
            rule = "R-REINF-6" if a.destination not in c.zones else "R-STACK-4"
            why = f"units of {c.name} enter only in {', '.join(c.zones)}, with at most {s.board.stacking_limit} Axis land units per zone (FAQ-34)"
        else:
            restricted = c.allowed_destinations(box, ()) != ()
            rule = "R-REINF-5" if restricted else "R-REINF-4"
            why = f"box {box + 1} of the {c.power} chart may go to {', '.join(dests) or 'no beach with room'}; beachheads hold at most their capacity"
        raise IllegalActionError(rule, f"cannot place at {a.destination}: {why}")
    box = s.charts[c.index][0]
    unit = c.boxes[box]
    charts = (*s.charts[: c.index], s.charts[c.index][1:], *s.charts[c.index + 1 :])
    quota = tuple(q - 1 if i == c.index else q for i, q in enumerate(step.quota))
    s = evolve(s, charts=charts)
    if c.power == "Germany":
        step = evolve(step, quota=quota, placed=(*step.placed, (c.index, unit, a.destination)))
    else:
        s = _set_beach(s, a.destination, s.beach_units(a.destination).add(unit, 1))
        s = _log(s, f"{c.power} {unit} (chart box {box + 1}) placed in {a.destination}")
        step = evolve(step, quota=quota)
    return _placement(s, step)


def _done_place(s: State, step: PlaceReinforcementsStep, a: Done) -> State:
    if not (step.side == "axis" and s.rules.optional_axis_placement):
        raise IllegalActionError("R-REINF-3", "placement is mandatory as far as room allows (VAR-TA-9 makes German placement optional)")
    s = _log(s, "The Axis leaves the remaining units on the chart (VAR-TA-9)")
    return _placement(s, evolve(step, quota=tuple(0 for _ in step.quota)))


def _legal_place(s: State, step: PlaceReinforcementsStep) -> Iterator[Action]:
    """Every placement of a chart's next unit (lazily: settle() looks at the first two only)."""
    if step.side == "axis" and s.rules.optional_axis_placement:
        yield Done()
    for i, q in enumerate(step.quota):
        if q:
            c = s.board.charts[i]
            yield from (PlaceReinforcement(c.name, d) for d in _destinations(s, step, i))
