"""The planner bot: the strong bot's odds, steered by a plan for each side.

A single move rarely wins this game: the Allies win only by holding Cherbourg (F2),
Saint-Lô (F26) and Caen (F30) *together* at the end of two turns in a row, the first hold by
the end of turn 9 (R-VICTORY-1..3). :class:`PlannerBot` plays the side it is asked to play
with a plan, and judges the plan's steps with the exact fight odds of :mod:`dday.odds`
(through :func:`dday.bots.strong.hold_probability`, one Markov chain per zone fight).

**The Allied plan** (:mod:`dday.bots.allies_plan` has the details and the numbers):

1. *Land everything, clear the beaches* (turns 1-2): the greedy landing and the strong bot's
   naval targets (blockhouses that fire at the beaches first).
2. *Drive on the cities in order*: each unit heads for the city the plan gives its region —
   the Cotentin for Cherbourg, the Vire valley for Saint-Lô, the British beaches for Caen.
3. *Concentrate before attacking a city*: attack only when every unit next door that can
   join gives good odds of holding the city over every attack card left before the deadline.
4. *Hold what you take*: a city is garrisoned against the German units next door, judged by
   P(the garrison still holds after the next Axis attack card); a move that lowers it costs.
5. *Aircraft*: fighters patrol where German units must move or arrive (strafing, R-AIR-3),
   bombers strike artillery (the antiaircraft guns) and blockhouses where the Allies fight.

**The Axis plan** (:mod:`dday.bots.axis_plan`):

1. *Garrison the cities* against the Allied units next door, judged by the same odds.
2. *Counter-attack a city the Allies hold*, with lower odds than any other attack demands,
   and at any odds when the Allies hold all three (their hold must be broken now).
3. *Send reinforcements where the threat is*: to the sector nearest the most threatened city.

>>> from dday.play.game import play_game
>>> g = play_game(PlannerBot(), PlannerBot(), seed=2)
>>> g.final.is_over
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..rules.actions import Action, PlaceReinforcement
from ..rules.state import State
from ..rules.steps import DeclareMovesStep
from ..rules.units import Force
from . import allies_plan, axis_plan
from .strong import CARDS_AHEAD, MAX_UNITS, StrongBot, hold_probability

__all__ = ["PlannerBot"]


class PlannerBot(StrongBot):
    """The strong bot with a plan per side (see the module docstring)."""

    name = "planner"

    def __init__(
        self,
        garrison_weight: float = 4.0,
        axis_city_threshold: float = 0.2,
        city_threshold: float = 0.3,
        objective_weight: float = allies_plan.OBJECTIVE_WEIGHT,
        attack_threshold: float = 0.5,
        allied_garrison_weight: float | None = None,
        join_short: bool = False,
        endgame_turn: int = 1,
        endgame_weight: float = 2.0,
        empty_city_bonus: float = 6.0,
    ) -> None:
        super().__init__(city_threshold=city_threshold, attack_threshold=attack_threshold)
        self.garrison_weight = garrison_weight
        self.axis_city_threshold = axis_city_threshold
        self.objective_weight = objective_weight
        self.allied_garrison_weight = garrison_weight if allied_garrison_weight is None else allied_garrison_weight
        self.join_short = join_short
        self.endgame_turn = endgame_turn
        self.endgame_weight = endgame_weight
        self.empty_city_bonus = empty_city_bonus

    def choose(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return super().choose(state, actions, rng)

    # -- moves: the greedy score, plus what the plan says ------------------------------------
    def _move_score(self, s: State, unit: str, path: tuple[str, ...], count: int) -> float:
        step = s.step
        assert isinstance(step, DeclareMovesStep)
        base = super()._move_score(s, unit, path, count)
        after = self._ctx.force_after
        if step.side == "allies":
            late = s.turn >= self.endgame_turn
            weight = self.endgame_weight if late else self.objective_weight
            return base + allies_plan.move_bonus(s, unit, path, count, after, self.allied_garrison_weight, weight, self.empty_city_bonus if late else 0.0)
        return base + axis_plan.move_bonus(s, unit, path, count, after, self.garrison_weight)

    def _attack_score(self, s: State, side: str, dest: str, mine: Force, enemy: Force, theirs: float) -> float:
        if side == "axis" and s.board.zone(dest).victory_city and s.controller(dest) == "allies":
            full = self._ctx.support(dest, side, mine)
            return axis_plan.counter_attack_score(s, dest, full, enemy, self.axis_city_threshold)
        joining = side == "allies" and self._ctx.force_after(s, dest, side).total > 0
        if joining and self.join_short and s.board.zone(dest).victory_city and mine.total + enemy.total <= MAX_UNITS:
            before = self._ctx.force_after(s, dest, side)
            p = hold_probability(mine, enemy, "allies", "allies", CARDS_AHEAD)
            p0 = hold_probability(before, enemy, "allies", "allies", CARDS_AHEAD)
            return 0.5 + 10.0 * (p - p0)
        return super()._attack_score(s, side, dest, mine, enemy, theirs)

    # -- reinforcements ----------------------------------------------------------------------
    def _place(self, s: State, a: PlaceReinforcement) -> float:
        if s.board.has_zone(a.destination) and s.current_player == "axis":
            return axis_plan.placement_score(s, a.destination)
        return super()._place(s, a)
