"""The greedy bot: rules of thumb, no look-ahead.

:class:`GreedyBot` follows a few rules of thumb a careful beginner would use: lose the
cheapest units first, aim fire at what hurts most, attack only with a clear edge, keep the
victory cities garrisoned, and bring reinforcements to the front. Its numbers are
:class:`~dday.bots.weights.GreedyWeights`; how it picks the best-scoring action is
:func:`dday.bots.choice.decide`, shared with the strong and planner bots.

>>> import numpy as np
>>> from dday.bots.base import RandomBot
>>> from dday.play.game import play_game
>>> g = play_game(GreedyBot(), RandomBot(), seed=3)
>>> g.final.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from ..rules.actions import Action, Bombard, BomberStrike
from ..rules.state import State
from ..rules.steps import DeclareMovesStep
from ..rules.units import Force
from .choice import Memo, decide
from .context import Context, city_zones, landing_zones, strength
from .weights import TARGET_VALUE, GreedyWeights

__all__ = ["AttackScore", "GreedyBot", "GreedyScorer", "move_score"]

AttackScore = Callable[[Context, str, str, Force, Force, float], float]
"""(context, side, zone, own units after the move, enemy units there, their defensive strength) -> score."""


def move_score(w: GreedyWeights, ctx: Context, unit: str, path: tuple[str, ...], count: int, attack: AttackScore) -> float:
    """The greedy score of moving ``count`` units of type ``unit`` along ``path`` in ``ctx.state``;
    a move into enemy land units is scored by ``attack`` (each bot has its own rule)."""
    s = ctx.state
    step = s.step
    assert isinstance(step, DeclareMovesStep)
    side = step.side
    b = s.board
    start, dest = path[0], path[-1]
    cities = city_zones(b)
    score = 0.0
    enemy_dest, theirs = ctx.enemy(dest, side)
    if enemy_dest.total:
        mine = ctx.force_after(s, dest, side).add(unit, count)
        score += attack(ctx, side, dest, mine, enemy_dest, theirs)
    if side == "allies":
        score += w.allies_per_move_to_city * (ctx.to_target(start) - ctx.to_target(dest))
        if start in cities and s.controller(start) == "allies" and ctx.force_after(s, start, side).total - count <= 0:
            score -= w.allies_city_left_empty_cost
        if start in landing_zones(b):
            score += w.clear_the_beach  # make room on the beach
    else:
        threatened = dest in cities and dest in ctx.near_allies
        if threatened and s.controller(dest) == "axis" and ctx.force_after(s, dest, side).land_for_stacking + count <= w.axis_garrison_size:
            score += w.axis_garrison
        if start in cities and start in ctx.near_allies:
            score -= w.axis_city_left_cost
        if ctx.allied_zones:
            score += w.axis_per_move_to_front * (ctx.to_front(start) - ctx.to_front(dest))
        f = ctx.fighters
        score -= w.axis_per_fighter_cost * (f[start] + f[dest] + sum(2 * f[m] for m in path[1:-1]))
    return score


@dataclass(frozen=True)
class GreedyScorer:
    """The greedy scores of moves, attacks, naval dice and bomber strikes (a
    :class:`~dday.bots.choice.Scorer`); the strong bot falls back on them."""

    weights: GreedyWeights = field(default_factory=GreedyWeights)
    counts_support: ClassVar[bool] = False  # its attack rule looks at the attacking force only

    def move(self, ctx: Context, unit: str, path: tuple[str, ...], count: int) -> float:
        return move_score(self.weights, ctx, unit, path, count, self.attack)

    def attack(self, ctx: Context, side: str, dest: str, mine: Force, enemy: Force, theirs: float) -> float:
        """Moving into a zone with enemy land units: attack only with a clear edge in strength."""
        w = self.weights
        ratio = strength(mine, side, True) / max(theirs, 0.05)
        if ratio >= w.attack_ratio:
            return w.attack + (w.attack_city if ctx.state.board.zone(dest).victory_city else 0.0)
        return -w.weak_attack_cost

    def bombard(self, s: State, a: Bombard) -> float:
        w = self.weights
        z = s.board.zone(a.zone)
        score = w.bombard
        if z.fires_at:
            score += w.bombard_arc + w.bombard_per_unit_on_beach * sum(s.beach_units(beach).total for beach in z.fires_at)
        if z.victory_city:
            score += w.bombard_city
        if s.side_units(a.zone, "allies").total:
            score += w.bombard_allies_there
        return score - w.bombard_per_blockhouse_cost * s.units(a.zone, "Germany").blockhouse  # finish off small groups first

    def bomb(self, ctx: Context, a: BomberStrike) -> float:
        w = self.weights
        near_allies = a.zone in ctx.near_allies
        return TARGET_VALUE[a.target] + (w.bomb_near_allies if near_allies else 0.0) - w.bomb_per_artillery_cost * ctx.state.units(a.zone, "Germany").artillery


class GreedyBot:
    """Rules of thumb, one decision at a time (see the module docstring)."""

    name = "greedy"

    def __init__(self, config: GreedyWeights | None = None) -> None:
        self.config = config or GreedyWeights()
        self.scorer = GreedyScorer(self.config)
        self.memo = Memo()  # scores kept between the decisions of one step: a cache, see dday.bots.choice

    def choose(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return decide(self.scorer, self.memo, state, actions, rng)
