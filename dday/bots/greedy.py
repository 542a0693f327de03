"""The greedy bot: rules of thumb, no look-ahead.

:class:`GreedyBot` follows a few rules of thumb a careful beginner would use: lose the
  cheapest units first, aim fire at what hurts most, attack only with a clear edge, keep
  the victory cities garrisoned, and bring reinforcements to the front.

>>> import numpy as np
>>> from dday.bots.base import RandomBot
>>> from dday.play.game import play_game
>>> g = play_game(GreedyBot(), RandomBot(), seed=3)
>>> g.final.is_over
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache, cached_property

import numpy as np

from ..errors import IllegalActionError
from ..rules.actions import (
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
)
from ..rules.board import Board
from ..rules.orders.movement import check_move, move_options
from ..rules.orders.o03_fighter_patrol import patrol_options
from ..rules.state import State
from ..rules.steps import DeclareMovesStep, PatrolStep
from ..rules.units import LAND_TYPES, Force, attack_value, defense_value, other_side

# ---------------------------------------------------------------------------------------------
# helpers for the greedy policy

UNIT_VALUE = {"infantry": 1.0, "artillery": 2.0, "tank": 3.0, "blockhouse": 2.5}
TARGET_VALUE = {"infantry": 1.0, "artillery": 2.2, "tank": 3.0, "blockhouse": 2.0}


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


def _after_moves(state: State, step: DeclareMovesStep, known: tuple[int, dict[str, Force]] = (0, {})) -> dict[str, Force]:
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
def _city_zones(board: Board) -> frozenset[str]:
    """Zones with a victory city."""
    return frozenset(z.id for z in board.zones if z.victory_city)


@cache
def _landing_zones(board: Board) -> frozenset[str]:
    """Zones that beachhead boxes land into."""
    return frozenset(bh.lands_into for bh in board.beachheads)


class _Context:
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

    def declared(self, s: State) -> _Context:
        """This context for ``s``: the same position with more moves declared. What depends
        on the units on the board only is kept; what depends on the declared moves is not."""
        new = object.__new__(_Context)
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
        return _after_moves(s, s.step, self._after_known) if isinstance(s.step, DeclareMovesStep) else {}

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


class GreedyBot:
    """Rules of thumb, one decision at a time (see the module docstring)."""

    name = "greedy"
    attacks_count_support = False  # does _attack_score look at the units next door (_Context.support)?

    def __init__(self, attack_ratio: float = 1.3, batch_moves: bool = True) -> None:
        self.attack_ratio = attack_ratio
        self.batch_moves = batch_moves  # declare several like units in one Move / Land
        self._patrol_seen: tuple[object, object, dict[str, float]] | None = None  # see _patrol

    def choose(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        step = state.step
        if isinstance(step, DeclareMovesStep):
            return self._choose_move(state, step, rng)
        if isinstance(step, PatrolStep):
            return self._choose_patrol(state, rng)
        first = actions[0]
        if isinstance(first, ChooseCasualties):
            return min(actions, key=lambda a: sum(UNIT_VALUE[u] * n for _, u, n in a.losses) if isinstance(a, ChooseCasualties) else 0.0)
        if isinstance(first, SplitNavalDice):
            return SplitNavalDice(3)
        if isinstance(first, Pick):
            return self._pick(state, [a for a in actions if isinstance(a, Pick)], rng)
        return self._best_scored(state, actions, rng)

    def _best_scored(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        """The action of the highest score (plus a tiny seeded tie-break); Done, if it is one
        of them, unless an action scores above 0."""
        scorers = {
            Bombard: self._bombard,
            FireAA: lambda s, a: 0.0,
            FireToSea: lambda s, a: TARGET_VALUE[a.target],
            BomberStrike: self._bomb,
            Patrol: self._patrol,
            Land: lambda s, a: 1.0,
            PlaceReinforcement: self._place,
        }
        self._ctx = _Context(state)
        best: Action = Done() if any(isinstance(a, Done) for a in actions) else actions[0]
        best_score = 0.0 if isinstance(best, Done) else float("-inf")
        noise = rng.random(len(actions))  # tiny seeded tie-breaks
        for a, e in zip(actions, noise, strict=True):
            fn = scorers.get(type(a))  # type: ignore[call-overload]
            if fn is None:
                continue
            score = fn(state, a) + 1e-6 * e
            if score > best_score:
                best, best_score = a, score
        if isinstance(best, Land) and self.batch_moves:
            return self._batch_land(state, best)
        return best

    def _choose_move(self, s: State, step: DeclareMovesStep, rng: np.random.Generator) -> Action:
        """The best-scoring one-unit move (or Done if none scores above 0), then batched.

        Scores are kept for the whole move step: declaring a move changes the score of
        moves that start or end in the zones it touches only, so only those are redone.
        """
        cache = self._move_cache_for(s, step)
        options = list(move_options(s, step))
        noise = rng.random(len(options))  # tiny seeded tie-breaks
        if not options:
            return Done()
        scores = list(map(cache.get, [(u, path) for _, u, path in options]))
        if None in scores:
            for i in [i for i, score in enumerate(scores) if score is None]:
                _, u, path = options[i]
                score = cache.get((u, path))  # UK and US units on one path share a score
                if score is None:
                    score = cache[(u, path)] = self._move_score(s, u, path, 1)
                scores[i] = score
        # the first best of score + 1e-6 * noise, as a loop keeping strict improvements would pick
        total = np.array(scores) + 1e-6 * noise
        i = int(total.argmax())
        if not total[i] > 0.0:
            return Done()
        best = Move(*options[i])
        return self._batch(s, best, scores[i]) if self.batch_moves else best

    def _choose_patrol(self, s: State, rng: np.random.Generator) -> Action:
        """What :meth:`_best_scored` picks among Done and the patrols, without making a Patrol
        object per zone and power: the best patrol if it scores above 0, else Done."""
        self._ctx = _Context(s)
        options = list(patrol_options(s))
        noise = rng.random(1 + len(options))  # one draw per legal action: Done comes first
        if not options:
            return Done()
        total = np.array([self._patrol_zone(s, z) for _, z in options]) + 1e-6 * noise[1:]
        i = int(total.argmax())
        return Patrol(*options[i]) if total[i] > 0.0 else Done()

    def _move_cache_for(self, s: State, step: DeclareMovesStep) -> dict[tuple[str, tuple[str, ...]], float]:
        """Move scores of this step, keyed by (unit, path); stale entries dropped."""
        seen = getattr(self, "_seen", None)
        moves = step.moves
        if seen is not None and seen[0] is s.ground and seen[1] == (s.turn, s.card, step.side) and moves[: len(seen[2])] == seen[2]:
            cache: dict[tuple[str, tuple[str, ...]], float] = seen[3]
            ctx: _Context = seen[4]
            touched = {z for m in moves[len(seen[2]) :] for z in (m.path[0], m.path[-1])}
            if touched:
                # an attack's score counts the support next door (_Context.support): a move out of
                # a zone changes the score of moves into its neighbours too
                b = s.board
                near = touched
                if self.attacks_count_support:
                    near = touched | {n for m in moves[len(seen[2]) :] for n in b.zone(m.path[0]).neighbours}
                # the destination matters only where the move attacks (enemy land units there) or
                # where it counts a city's garrison; the start zone only through the garrison of an
                # Allied-held city (_move_score)
                city_zones = _city_zones(b)
                near = {z for z in near if z in city_zones or ctx.enemy(z, step.side)[0].total}
                cities = touched & city_zones
                if near or cities:
                    for key in [k for k in cache if k[1][-1] in near or k[1][0] in cities]:
                        del cache[key]
                ctx = ctx.declared(s)
        else:
            cache = {}
            ctx = _Context(s)
        self._ctx = ctx
        self._seen = (s.ground, (s.turn, s.card, step.side), moves, cache, ctx)
        return cache

    def _batch_land(self, s: State, a: Land) -> Land:
        """Land every unit of that type that fits (landing one at a time is the same decision)."""
        bh = s.board.beachhead(a.beach)
        room = s.board.stacking_limit - s.stack_count(bh.lands_into, "allies")
        n = min(s.beach_units(a.beach).get(a.unit), room)
        return Land(a.beach, a.unit, n) if n > 1 else a

    # -- fortune and tactics choices --------------------------------------------------------
    def _pick(self, s: State, picks: Sequence[Pick], rng: np.random.Generator) -> Pick:
        """Simple preferences: use tactics, keep a good reinforcement roll, aim at the best unit."""
        step = s.step
        purpose = getattr(step, "purpose", "")
        options = [p.option for p in picks]

        def score(o: str) -> float:
            if purpose == "tactic":
                return 1.0 if o == "use" else 0.0
            if purpose == "reroll":
                if o == "keep":
                    return 0.0
                die = int(o.split("-")[1])
                return 3.5 - die  # re-roll a die below the average
            if purpose in ("tac9",):
                return 1.0 if o == "done" else 0.0
            if purpose == "tac14-move":
                return 0.0 if o == "done" else 1.0
            if purpose == "arty" or purpose == "tac6":
                return -1.0 if o == "none" else TARGET_VALUE.get(o.rsplit(":", 1)[-1], 1.0)
            if purpose == "tac5":
                return TARGET_VALUE.get(o, 1.0)
            return 0.0

        best = max(options, key=lambda o: score(o) + 1e-6 * rng.random())
        return Pick(best)

    # -- scoring ---------------------------------------------------------------------------
    def _bombard(self, s: State, a: Bombard) -> float:
        z = s.board.zone(a.zone)
        score = 1.0
        if z.fires_at:
            score += 2.0 + 0.3 * sum(s.beach_units(beach).total for beach in z.fires_at)
        if z.victory_city:
            score += 1.5
        if s.side_units(a.zone, "allies").total:
            score += 1.0
        return score - 0.1 * s.units(a.zone, "Germany").blockhouse  # finish off small groups first

    def _bomb(self, s: State, a: BomberStrike) -> float:
        near_allies = a.zone in self._ctx.near_allies
        return TARGET_VALUE[a.target] + (1.0 if near_allies else 0.0) - 0.2 * s.units(a.zone, "Germany").artillery

    def _patrol(self, s: State, a: Patrol) -> float:
        return self._patrol_zone(s, a.zone)

    def _patrol_zone(self, s: State, zone: str) -> float:
        """The score of a fighter patrolling ``zone``. All but the fighters already there depends
        on the land units and the charts only: that part is kept per zone while they stay the
        same objects (a patrol step sends one fighter per decision)."""
        seen = self._patrol_seen
        if seen is None or seen[0] is not s.ground or seen[1] is not s.charts:
            seen = self._patrol_seen = (s.ground, s.charts, {})
        land = seen[2]
        score = land.get(zone)
        if score is None:
            score = land[zone] = self._patrol_land(s, zone)
        return score - 0.5 * s.fighters_in(zone)

    def _patrol_land(self, s: State, zone: str) -> float:
        ctx = self._ctx
        g = s.units(zone, "Germany")
        z = s.board.zone(zone)
        score = 0.0
        if not s.contested(zone):
            score += 0.4 * g.land_for_stacking  # units here may move out
        if z.reinforcement_sector and zone in ctx.german_arrivals:
            score += 2.0
        score += 0.3 * sum(1 for n in z.neighbours if n in ctx.allied_set)
        score -= 0.6 * g.artillery  # antiaircraft risk
        return score

    def _move(self, s: State, a: Move) -> float:
        return self._move_score(s, a.unit, a.path, a.count)

    def _move_score(self, s: State, unit: str, path: tuple[str, ...], count: int) -> float:
        """The score of moving ``count`` units of type ``unit`` along ``path`` (see :meth:`_move`)."""
        step = s.step
        assert isinstance(step, DeclareMovesStep)
        side = step.side
        b = s.board
        start, dest = path[0], path[-1]
        ctx = self._ctx
        cities = _city_zones(b)
        score = 0.0
        enemy_dest, theirs = ctx.enemy(dest, side)
        if enemy_dest.total:
            mine = ctx.force_after(s, dest, side).add(unit, count)
            score += self._attack_score(s, side, dest, mine, enemy_dest, theirs)
        if side == "allies":
            score += 0.8 * (ctx.to_target(start) - ctx.to_target(dest))
            if start in cities and s.controller(start) == "allies" and ctx.force_after(s, start, side).total - count <= 0:
                score -= 5.0
            if start in _landing_zones(b):
                score += 0.3  # make room on the beach
        else:
            threatened = dest in cities and dest in ctx.near_allies
            if threatened and s.controller(dest) == "axis" and ctx.force_after(s, dest, side).land_for_stacking + count <= 6:
                score += 2.5
            if start in cities and start in ctx.near_allies:
                score -= 3.0
            if ctx.allied_zones:
                score += 0.6 * (ctx.to_front(start) - ctx.to_front(dest))
            f = ctx.fighters
            score -= 0.4 * (f[start] + f[dest] + sum(2 * f[m] for m in path[1:-1]))
        return score

    def _attack_score(self, s: State, side: str, dest: str, mine: Force, enemy: Force, theirs: float) -> float:
        """Moving into a zone with enemy land units: attack only with a clear edge in strength."""
        ratio = strength(mine, side, True) / max(theirs, 0.05)
        if ratio >= self.attack_ratio:
            return 2.0 + (3.0 if s.board.zone(dest).victory_city else 0.0)
        return -1.0

    def _batch(self, s: State, a: Move, base: float | None = None) -> Move:
        """Declare as many units of the chosen kind along the chosen path as score no worse.

        Moving units one by one would pick the same move again and again (the engine offers
        one unit per ``Move``); one ``Move`` with ``count > 1`` is the same decision, faster.
        ``base`` is the score of ``a`` if known.
        """
        step = s.step
        assert isinstance(step, DeclareMovesStep)
        have = s.units(a.path[0], a.power).get(a.unit) - sum(
            m.count for m in step.moves if m.path[0] == a.path[0] and m.power == a.power and m.unit == a.unit
        )
        if base is None:
            base = self._move(s, a)
        best = a
        for k in range(2, have + 1):
            if self._move_score(s, a.unit, a.path, k) < base - 1e-9:
                break
            m = Move(a.power, a.unit, a.path, k)
            try:
                check_move(s, step, m)
            except IllegalActionError:
                break
            best = m
        return best

    def _place(self, s: State, a: PlaceReinforcement) -> float:
        b = s.board
        if b.has_zone(a.destination):
            fronts = self._ctx.allied_zones
            d = min((distances(b)[a.destination][f] for f in fronts), default=5)
            return 10.0 - d - 0.7 * s.fighters_in(a.destination)
        bh = b.beachhead(a.destination)
        return float(bh.capacity - s.beach_units(a.destination).total)


__all__ = ["TARGET_VALUE", "UNIT_VALUE", "GreedyBot", "distances", "strength"]
