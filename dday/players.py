"""Who decides: the decision-provider interface and the built-in bots.

A *player* is anything with ``choose(state, actions, rng) -> action``: a person behind a
widget, a script, or a bot. The bots here are small, readable policies:

* :class:`RandomBot` picks uniformly among the legal actions;
* :class:`GreedyBot` follows a few rules of thumb a careful beginner would use: lose the
  cheapest units first, aim fire at what hurts most, attack only with a clear edge, keep
  the victory cities garrisoned, and bring reinforcements to the front.

>>> import numpy as np
>>> from dday.state import initial_state
>>> from dday.game import play_game
>>> g = play_game(GreedyBot(), RandomBot(), seed=3)
>>> g.final.is_over
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache
from typing import Protocol

import numpy as np

from .actions import (
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
    PlaceReinforcement,
    SplitNavalDice,
)
from .board import Board
from .state import DeclareMovesStep, State
from .units import LAND_TYPES, Force, attack_value, defense_value, other_side


class Player(Protocol):
    """Anything that answers decisions. ``actions`` is never empty."""

    name: str

    def choose(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action: ...


class RandomBot:
    """Picks one legal action uniformly at random (with the generator it is given)."""

    name = "random"

    def choose(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return actions[int(rng.integers(len(actions)))]


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


def _after_moves(state: State, step: DeclareMovesStep) -> dict[str, Force]:
    """Side forces per zone after the declared moves (only the zones they touch)."""
    side = step.side
    out: dict[str, Force] = {}
    for m in step.moves:
        for z in (m.path[0], m.path[-1]):
            out.setdefault(z, state.side_units(z, side))
    for m in step.moves:
        out[m.path[0]] = out[m.path[0]].add(m.unit, -m.count)
        out[m.path[-1]] = out[m.path[-1]].add(m.unit, m.count)
    return out


class _Context:
    """What the greedy policy needs to know about one decision, computed once."""

    def __init__(self, s: State) -> None:
        b = s.board
        self.allied_zones = [z.id for z in b.zones if s.side_total(z.id, "allies")]
        self.after = _after_moves(s, s.step) if isinstance(s.step, DeclareMovesStep) else {}
        dist = distances(b)
        self.near_allies = {z.id for z in b.zones if any(dist[z.id].get(a, 9) <= 1 for a in self.allied_zones)}
        self.targets = [z for z in b.victory_zones if s.controller(z) != "allies"] or list(b.victory_zones)

    def force_after(self, s: State, zone: str, side: str) -> Force:
        return self.after.get(zone) or s.side_units(zone, side)


class GreedyBot:
    """Rules of thumb, one decision at a time (see the module docstring)."""

    name = "greedy"

    def __init__(self, attack_ratio: float = 1.3) -> None:
        self.attack_ratio = attack_ratio

    def choose(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        first = actions[0]
        if isinstance(first, ChooseCasualties):
            return min(actions, key=lambda a: sum(UNIT_VALUE[u] * n for _, u, n in a.losses) if isinstance(a, ChooseCasualties) else 0.0)
        if isinstance(first, SplitNavalDice):
            return SplitNavalDice(3)
        scorers = {
            Bombard: self._bombard,
            FireAA: lambda s, a: 0.0,
            FireToSea: lambda s, a: TARGET_VALUE[a.target],
            BomberStrike: self._bomb,
            Patrol: self._patrol,
            Land: lambda s, a: 1.0,
            Move: self._move,
            PlaceReinforcement: self._place,
        }
        self._ctx = _Context(state)
        best: Action = Done() if any(isinstance(a, Done) for a in actions) else actions[0]
        best_score = 0.0 if isinstance(best, Done) else float("-inf")
        for a in actions:
            fn = scorers.get(type(a))  # type: ignore[call-overload]
            if fn is None:
                continue
            score = fn(state, a) + 1e-6 * rng.random()  # tiny seeded tie-break
            if score > best_score:
                best, best_score = a, score
        return best

    # -- scoring ---------------------------------------------------------------------------
    def _bombard(self, s: State, a: Bombard) -> float:
        z = s.board.zone(a.zone)
        score = 1.0
        if z.fires_at:
            score += 2.0 + 0.3 * s.beach_units(z.fires_at).total
        if z.victory_city:
            score += 1.5
        if s.side_units(a.zone, "allies").total:
            score += 1.0
        return score - 0.1 * s.units(a.zone, "Germany").blockhouse  # finish off small groups first

    def _bomb(self, s: State, a: BomberStrike) -> float:
        near_allies = a.zone in self._ctx.near_allies
        return TARGET_VALUE[a.target] + (1.0 if near_allies else 0.0) - 0.2 * s.units(a.zone, "Germany").artillery

    def _patrol(self, s: State, a: Patrol) -> float:
        b = s.board
        g = s.units(a.zone, "Germany")
        z = b.zone(a.zone)
        score = 0.0
        if not s.contested(a.zone):
            score += 0.4 * g.land_for_stacking  # units here may move out
        if z.reinforcement_sector and any(s.charts[c.index] for c in b.charts if c.power == "Germany" and a.zone in c.zones):
            score += 2.0
        score += 0.3 * sum(1 for n in z.neighbours if s.side_total(n, "allies"))
        score -= 0.6 * g.artillery  # antiaircraft risk
        score -= 0.5 * s.fighters_in(a.zone)
        return score

    def _move(self, s: State, a: Move) -> float:
        step = s.step
        assert isinstance(step, DeclareMovesStep)
        side = step.side
        enemy = other_side(side)
        b = s.board
        dist = distances(b)
        start, dest = a.path[0], a.path[-1]
        ctx = self._ctx
        dest_after = ctx.force_after(s, dest, side).add(a.unit, a.count)
        start_after = ctx.force_after(s, start, side).add(a.unit, -a.count)
        score = 0.0
        enemy_dest = s.side_units(dest, enemy)
        if enemy_dest.total:
            mine = strength(dest_after, side, True)
            theirs = strength(enemy_dest, enemy, False)
            ratio = mine / max(theirs, 0.05)
            if ratio >= self.attack_ratio:
                score += 2.0 + (3.0 if b.zone(dest).victory_city else 0.0)
            else:
                score -= 1.0
        if side == "allies":
            targets = ctx.targets
            gain = min(dist[start][t] for t in targets) - min(dist[dest][t] for t in targets)
            score += 0.8 * gain
            if b.zone(start).victory_city and s.controller(start) == "allies" and start_after.total == 0:
                score -= 5.0
            if any(bh.lands_into == start for bh in b.beachheads):
                score += 0.3  # make room on the beach
        else:
            threatened = b.zone(dest).victory_city and dest in ctx.near_allies
            if threatened and s.controller(dest) == "axis" and dest_after.land_for_stacking <= 6:
                score += 2.5
            if b.zone(start).victory_city and start in ctx.near_allies:
                score -= 3.0
            fronts = ctx.allied_zones
            if fronts:
                gain = min(dist[start][f] for f in fronts) - min(dist[dest][f] for f in fronts)
                score += 0.6 * gain
            score -= 0.4 * (s.fighters_in(start) + s.fighters_in(dest) + sum(2 * s.fighters_in(m) for m in a.path[1:-1]))
        return score

    def _place(self, s: State, a: PlaceReinforcement) -> float:
        b = s.board
        if b.has_zone(a.destination):
            fronts = self._ctx.allied_zones
            d = min((distances(b)[a.destination][f] for f in fronts), default=5)
            return 10.0 - d - 0.7 * s.fighters_in(a.destination)
        bh = b.beachhead(a.destination)
        return float(bh.capacity - s.beach_units(a.destination).total)


BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot}


def make_player(name: str) -> Player:
    """A bot by name: 'random' or 'greedy'."""
    try:
        return BOTS[name]()  # type: ignore[no-any-return]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {sorted(BOTS)}") from None
