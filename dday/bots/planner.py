"""The planner bot: the strong bot's odds, steered by a plan for each side.

A single move rarely wins this game: the Allies win only by holding Cherbourg (F2),
Saint-Lô (F26) and Caen (F30) *together* at the end of two turns in a row, the first hold by
the end of turn 9 (R-VICTORY-1..3), and a city held by nobody (empty, or fought over) is not
held (R-CONTROL-1, -2). :class:`PlannerBot` plays either side with a plan on top of
:class:`~dday.bots.strong.StrongBot`, and judges the plan's steps with the exact fight odds of
:mod:`dday.odds` (:func:`dday.bots.strong.hold_probability`, one Markov chain per zone fight).

**The Allied plan** (:mod:`dday.bots.allies_plan`):

1. *Hold what you take*: a unit in a city the Allies hold stays there, and units next door
   reinforce a held city the Germans threaten (judged by P(the garrison still holds after the
   German attack card and the Allied answer)). Taking a city, marching on and taking it
   again loses the game; holding all three together wins it.
2. *Land everything, clear the beaches* (turns 1-2): the strong bot's landings and naval
   targets (blockhouses that fire at the beaches first), with the blockhouses whose arc covers
   two beaches (F14: Omaha and Utah; F16: Juno and Sword) first of all: they threaten the
   later waves on both.
3. *Concentrate before attacking a city*: attack only when every unit next door that can join
   gives good odds of holding it over every attack card left before the deadline (the strong
   bot's rule).
4. *Take what the Germans leave*: the Germans often leave a city empty (Cherbourg, once the
   navy has sunk its blockhouses); send a detachment of two units to it from up to four
   moves away, and walk in.
5. *Aircraft*: fighters patrol where German units must move or arrive (strafing, R-AIR-3),
   bombers strike artillery (the antiaircraft guns) and blockhouses where the Allies fight,
   when the odds of destroying the target outweigh the odds of losing the bomber (strong bot).

**The Axis plan** (:mod:`dday.bots.axis_plan`): the strong bot's, plus *garrison the
threatened cities*, judged by P(the garrison still holds after the Allied attack card and the
German answer) against the Allied units next door, and *attack sooner*: a new attack needs
P(holding the zone after two attack cards) of 0.25, not the strong bot's 0.5 (an Allied
garrison that stays put is only beaten by attacking it).

Its numbers are :class:`~dday.bots.weights.PlannerConfig`; it holds one :class:`PlanScorer`
per side (the strong bot's scorer with that side's attack bar, plus the side's plan).

``benchmarks/bench_bots.py`` measures the bots; the plan steps that were tried and did not
help are listed in :mod:`dday.bots.allies_plan` and :mod:`dday.bots.axis_plan`.

>>> from dday.play.game import play_game
>>> g = play_game(PlannerBot(), PlannerBot(), seed=2)
>>> g.final.is_over
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from ..rules.actions import Action, Bombard, BomberStrike
from ..rules.state import State
from ..rules.steps import DeclareMovesStep
from . import allies_plan, axis_plan
from .choice import Memo
from .context import Context
from .strong import StrongScorer, choose_with_odds
from .weights import GreedyWeights, PlannerConfig

__all__ = ["PlanScorer", "PlannerBot"]


@dataclass(frozen=True)
class PlanScorer:
    """The strong bot's scores for one side, plus what that side's plan adds (a
    :class:`~dday.bots.choice.Scorer`)."""

    strong: StrongScorer
    plan: PlannerConfig = field(default_factory=PlannerConfig)
    counts_support: ClassVar[bool] = True  # the strong bot's attack rule

    @property
    def weights(self) -> GreedyWeights:
        return self.strong.weights

    # -- naval bombardment: the strong bot's score, plus the blockhouses that cover two beaches --
    def bombard(self, s: State, a: Bombard) -> float:
        return self.strong.bombard(s, a) + allies_plan.bombard_bonus(s, a, self.strong.config)

    def bomb(self, ctx: Context, a: BomberStrike) -> float:
        return self.strong.bomb(ctx, a)

    # -- moves: the strong bot's score, plus what the plan adds ------------------------------
    def move(self, ctx: Context, unit: str, path: tuple[str, ...], count: int) -> float:
        s = ctx.state
        step = s.step
        assert isinstance(step, DeclareMovesStep)
        base = self.strong.move(ctx, unit, path, count)
        after = ctx.force_after  # own units per zone once the moves declared so far are made
        if step.side == "allies":
            return base + allies_plan.move_bonus(s, unit, path, count, after, self.plan)
        return base + axis_plan.move_bonus(s, unit, path, count, after, self.plan)


class PlannerBot:
    """The strong bot with a plan per side (see the module docstring)."""

    name = "planner"

    def __init__(self, config: PlannerConfig | None = None) -> None:
        self.config = config or PlannerConfig()
        # one scorer per side: each side's own bar for a new attack (the Axis attacks sooner)
        self.scorers = {side: PlanScorer(StrongScorer(self.config.strong_for(side)), self.config) for side in ("allies", "axis")}
        self.memo = Memo()  # scores kept between the decisions of one step: a cache, see dday.bots.choice

    def choose(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        scorer = self.scorers["axis" if state.current_player == "axis" else "allies"]
        return choose_with_odds(scorer.strong.config, scorer, self.memo, state, actions, rng)
