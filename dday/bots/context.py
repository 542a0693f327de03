"""What a scoring bot knows about one decision: distances, strengths and a per-decision :class:`Context`.

Shared by every bot of :mod:`dday.bots` that scores actions (greedy, strong, planner). A
:class:`Context` is made for one decision and passed to the score functions; it is never
kept on a bot (only :class:`dday.bots.choice.Memo` keeps one while a move step lasts).

>>> from dday.rules.board import load_board
>>> distances(load_board())["F2"]["F2"], distances(load_board())["F2"]["F30"] > 3
(0, True)
"""

from __future__ import annotations

from collections import deque
from functools import cache, cached_property

from ..rules.board import Board
from ..rules.state import State
from ..rules.steps import DeclareMovesStep
from ..rules.units import LAND_TYPES, Force, attack_value, defense_value, other_side

__all__ = ["Context", "after_moves", "city_zones", "distances", "landing_zones", "strength"]


@cache
def distances(board: Board) -> dict[str, dict[str, int]]:
    """Zone-to-zone distances in moves (breadth-first search over the adjacency)."""
    out: dict[str, dict[str, int]] = {}
    for z in board.zones:
        dist = {z.id: 0}
        todo = deque([z.id])
        while todo:
            a = todo.popleft()
            for n in board.zone(a).neighbours:
                if n not in dist:
                    dist[n] = dist[a] + 1
                    todo.append(n)
        out[z.id] = dist
    return out


def strength(force: Force, side: str, attacking: bool) -> float:
    """Expected hits per cycle (sum of hit numbers / 6)."""
    total = 0.0
    for u in LAND_TYPES:
        n = force.get(u)
        if n:
            total += n * (attack_value(u, side) if attacking else defense_value(u, side)) / 6
    return total


def after_moves(state: State, step: DeclareMovesStep, known: tuple[int, dict[str, Force]] = (0, {})) -> dict[str, Force]:
    """Side forces per zone after the declared moves (only the zones they touch). ``known`` is
    (n, this for the first n moves of the step): only the later moves are added to it."""
    side = step.side
    done, before = known
    out = dict(before)
    moves = step.moves[done:]
    for m in moves:
        for z in (m.path[0], m.path[-1]):
            out.setdefault(z, state.side_units(z, side))
    for m in moves:
        out[m.path[0]] = out[m.path[0]].add(m.unit, -m.count)
        out[m.path[-1]] = out[m.path[-1]].add(m.unit, m.count)
    return out


@cache
def city_zones(board: Board) -> frozenset[str]:
    """Zones with a victory city."""
    return frozenset(z.id for z in board.zones if z.victory_city)


@cache
def landing_zones(board: Board) -> frozenset[str]:
    """Zones that beachhead boxes land into."""
    return frozenset(bh.lands_into for bh in board.beachheads)


class Context:
    """What the greedy policy needs to know about one decision, computed once.

    Per-zone answers (distance to the nearest target, enemy strength...) are cached on
    first use: a move step scores a hundred candidates that share a few dozen zones.
    """

    def __init__(self, s: State) -> None:
        self.state = s
        self.dist = distances(s.board)
        self._to_target: dict[str, int] = {}
        self._to_front: dict[str, int] = {}
        self._enemy: dict[tuple[str, str], tuple[Force, float]] = {}
        self._free: dict[tuple[str, str], dict[str, int]] = {}  # see _free_next_to (depends on the declared moves)
        self._after_known: tuple[int, dict[str, Force]] = (0, {})  # see declared()

    def declared(self, s: State) -> Context:
        """This context for ``s``: the same position with more moves declared. What depends
        on the units on the board only is kept; what depends on the declared moves is not."""
        new = object.__new__(Context)
        new.__dict__.update(self.__dict__)
        new.state = s
        old_after = new.__dict__.pop("after", None)
        if old_after is not None:  # the moves declared before s's last ones, worked out already
            assert isinstance(self.state.step, DeclareMovesStep)
            new._after_known = (len(self.state.step.moves), old_after)
        new._free = {}
        return new

    @cached_property
    def allied_zones(self) -> list[str]:
        """Zones with Allied land units."""
        return [z.id for z, (_, uk, us) in zip(self.state.board.zones, self.state.ground, strict=True) if any(uk) or any(us)]

    @cached_property
    def fighters(self) -> dict[str, int]:
        """Fighters per zone."""
        return {z.id: a.fighters for z, a in zip(self.state.board.zones, self.state.air, strict=True)}

    @cached_property
    def allied_set(self) -> frozenset[str]:
        return frozenset(self.allied_zones)

    @cached_property
    def german_arrivals(self) -> frozenset[str]:
        """Zones of the German reinforcement sectors whose chart still has units."""
        s = self.state
        return frozenset(z for c in s.board.charts if c.power == "Germany" and s.charts[c.index] for z in c.zones)

    @cached_property
    def after(self) -> dict[str, Force]:
        s = self.state
        return after_moves(s, s.step, self._after_known) if isinstance(s.step, DeclareMovesStep) else {}

    @cached_property
    def near_allies(self) -> set[str]:
        """Zones at most one move away from Allied land units."""
        b = self.state.board
        return {n for a in self.allied_zones for n in (a, *b.zone(a).neighbours)}

    @cached_property
    def targets(self) -> list[str]:
        """Victory cities the Allies do not hold (all three if they hold them all)."""
        s = self.state
        return [z for z in s.board.victory_zones if s.controller(z) != "allies"] or list(s.board.victory_zones)

    def support(self, zone: str, side: str, mine: Force) -> Force:
        """``mine`` plus the own units one move from ``zone`` that could still join an attack
        on it this step (not locked, not declared yet), strongest first, up to the stacking
        limit: what a coordinated attack could bring, not what one unit brings alone."""
        b = self.state.board
        room = b.stacking_limit - mine.land_for_stacking
        if room <= 0 or not isinstance(self.state.step, DeclareMovesStep):
            return mine
        out = mine
        for u, have in self._free_next_to(zone, side).items():
            k = min(have, room)
            if k:
                out = out.add(u, k)
                room -= k
        return out

    def _free_next_to(self, zone: str, side: str) -> dict[str, int]:
        """Per mobile type, strongest first: the units of ``side`` next to ``zone`` that are not
        locked in a fight and not declared yet (kept for this context: a move step asks about
        the same zone for every candidate that attacks it)."""
        key = (zone, side)
        free = self._free.get(key)
        if free is not None:
            return free
        s = self.state
        assert isinstance(s.step, DeclareMovesStep)
        free = self._free[key] = {"tank": 0, "artillery": 0, "infantry": 0}
        declared: dict[tuple[str, str], int] = {}
        for m in s.step.moves:
            declared[(m.path[0], m.unit)] = declared.get((m.path[0], m.unit), 0) + m.count
        enemy = other_side(side)
        for n in s.board.zone(zone).neighbours:
            if s.side_total(n, enemy):
                continue  # locked in combat
            f = s.side_units(n, side)
            for u in free:
                free[u] += max(0, f.get(u) - declared.get((n, u), 0))
        return free

    def force_after(self, s: State, zone: str, side: str) -> Force:
        return self.after.get(zone) or s.side_units(zone, side)

    def to_target(self, zone: str) -> int:
        """Moves from ``zone`` to the nearest victory city the Allies do not hold."""
        d = self._to_target.get(zone)
        if d is None:
            row = self.dist[zone]
            d = self._to_target[zone] = min(row[t] for t in self.targets)
        return d

    def to_front(self, zone: str) -> int:
        """Moves from ``zone`` to the nearest zone with Allied land units (0 if none)."""
        d = self._to_front.get(zone)
        if d is None:
            row = self.dist[zone]
            d = self._to_front[zone] = min((row[f] for f in self.allied_zones), default=0)
        return d

    def enemy(self, zone: str, side: str) -> tuple[Force, float]:
        """The enemy of ``side`` in ``zone`` and its defensive strength."""
        key = (zone, side)
        e = self._enemy.get(key)
        if e is None:
            enemy = other_side(side)
            f = self.state.side_units(zone, enemy)
            e = self._enemy[key] = (f, strength(f, enemy, False) if f.total else 0.0)
        return e
