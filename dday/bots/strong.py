"""A stronger bot: the greedy rules of thumb, with the exact odds of :mod:`dday.odds` where they matter.

:class:`StrongBot` differs from :class:`~dday.bots.greedy.GreedyBot` in four decisions and
otherwise plays the same way:

1. **Attacks.** Moving units into a zone that holds enemy land units starts a new fight only
   when the exact fight for the zone (:func:`dday.odds.zone_fight_exact`, starting with the
   mover's own attack card) gives at least ``attack_threshold`` probability of holding it
   with every own unit next door that could still join the attack this step (one unit
   alone never takes a city; the attack is judged as the coordinated move it can become).
   The look-ahead is two attack cards (:data:`CARDS_AHEAD`), except for an Allied attack on
   a victory city: there it is every attack card left before the Allies' deadline (the end
   of turn 9, R-VICTORY-3) and the bar is ``city_threshold``. Joining a fight already under way, or one declared
   this step, is worth what it adds to the mover's odds of holding (and takes from the
   enemy's).
2. **Casualties.** Of every legal casualty set, it keeps the one that leaves its side the best
   exact probability of holding the zone after the next two attack cards, breaking ties by
   the value of the units lost.
3. **Naval bombardment.** A blockhouse is worth removing for the Allied units it would fire
   at on the beach (order 9: one die hitting on 3 per blockhouse per turn) and, where Allied
   units are already fighting, for the gain in the Allies' exact probability of holding the
   zone. (With VAR-RM-5 the dice may aim at any Axis unit on the coast; only the gain in the
   odds counts for those.)
4. **Bomber targets.** Expected value: the chance to destroy the target (1/2) times what the
   target is worth where Allied units will fight, minus the chance of losing the bomber to
   the zone's antiaircraft artillery times what the bomber is still worth.

Its thresholds and weights are :class:`~dday.bots.weights.StrongConfig`; it holds a
:class:`StrongScorer` and calls the decision loop every scoring bot shares
(:func:`dday.bots.choice.decide`), after its own rule for casualties.

>>> from dday.play.game import play_game
>>> from dday.bots.base import RandomBot
>>> play_game(StrongBot(), RandomBot(), seed=1).final.is_over
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar

import numpy as np

from ..odds import hold_chances
from ..rules.actions import Action, Bombard, BomberStrike, ChooseCasualties
from ..rules.state import State
from ..rules.steps import ChooseCasualtiesStep
from ..rules.units import HIT_AA, HIT_BLOCKHOUSE_TO_SEA, HIT_BOMBER, Force, other_side
from .choice import Memo, Scorer, cheapest_casualties, decide
from .context import Context, distances
from .greedy import GreedyScorer, move_score
from .weights import UNIT_VALUE, GreedyWeights, StrongConfig

__all__ = ["CARDS_AHEAD", "StrongBot", "StrongScorer", "best_casualties", "choose_with_odds", "hold_probability"]

CARDS_AHEAD = 2  # attack cards looked at: the next Allied (11) and Axis (13) cards, in order


def hold_probability(allies: Force, axis: Force, first: str, side: str, cards: int = CARDS_AHEAD) -> float:
    """P(``side`` holds the zone alone after ``cards`` attack cards, ``first`` attacking first).

    The float chain of :func:`dday.odds.hold_chances` (the last row's holds of
    :func:`dday.odds.zone_fight_exact`, within 1e-12 of the exact Fraction; the bot needs no
    Fraction, so the exact chain is never run).

    >>> round(hold_probability(Force(infantry=1), Force(blockhouse=1), "allies", "allies", 1), 4)   # 1/6 x 5/6
    0.1389
    """
    return _hold_probabilities(allies, axis, first, cards)[0 if side == "allies" else 1]


@lru_cache(maxsize=50_000)
def _hold_probabilities(allies: Force, axis: Force, first: str, cards: int) -> tuple[float, float]:
    """(P(the Allies hold), P(the Axis holds)): one chain answers both sides."""
    if not axis.total:
        return (1.0 if allies.total else 0.0), 0.0
    if not allies.total:
        return 0.0, 1.0
    return hold_chances(allies, axis, cards, first)


@dataclass(frozen=True)
class StrongScorer:
    """The strong bot's scores of attacks, naval dice and bomber strikes (a
    :class:`~dday.bots.choice.Scorer`); the other moves are scored by the greedy rules."""

    config: StrongConfig = field(default_factory=StrongConfig)
    counts_support: ClassVar[bool] = True  # its attack rule counts the units next door that can join (Context.support)

    @property
    def weights(self) -> GreedyWeights:
        return self.config.greedy

    @property
    def greedy(self) -> GreedyScorer:
        """The greedy rules it falls back on where a fight is too big for exact odds."""
        return GreedyScorer(self.config.greedy)

    def move(self, ctx: Context, unit: str, path: tuple[str, ...], count: int) -> float:
        return move_score(self.config.greedy, ctx, unit, path, count, self.attack)

    # -- 1. attacks -------------------------------------------------------------------------
    def horizon(self, s: State, side: str, dest: str) -> int:
        """Attack cards to look ahead: two, or for an Allied attack on a victory city every
        attack card left until the end of the last turn on which the Allies can still win
        (R-VICTORY-3: the cities must be Allied at the end of turn ``turns - 1``)."""
        if side != "allies" or not s.board.zone(dest).victory_city:
            return CARDS_AHEAD
        last = s.board.turns - 1
        left_this_turn = sum(1 for c in (11, 13) if c in s.deck and c > s.card)
        return max(CARDS_AHEAD, min(self.config.max_city_cards, left_this_turn + 2 * max(0, last - s.turn)))

    def attack(self, ctx: Context, side: str, dest: str, mine: Force, enemy: Force, theirs: float) -> float:
        """Moving into a zone with enemy land units, judged by the exact odds (see the module docstring)."""
        c = self.config
        s = ctx.state
        before = ctx.force_after(s, dest, side)  # own units already there or declared
        if mine.total + enemy.total > c.max_fight_units:
            return self.greedy.attack(ctx, side, dest, mine, enemy, theirs)
        city = c.city if s.board.zone(dest).victory_city else 0.0
        cards = self.horizon(s, side, dest)

        def odds(force: Force) -> tuple[float, float]:
            allies, axis = (force, enemy) if side == "allies" else (enemy, force)
            return hold_probability(allies, axis, side, side, cards), hold_probability(allies, axis, side, other_side(side), cards)

        threshold = c.attack_threshold if cards == CARDS_AHEAD else c.city_threshold
        if not before.total:  # a new attack: only with good odds for all that could join it
            full = ctx.support(dest, side, mine)
            if full.total + enemy.total > c.max_fight_units:
                return self.greedy.attack(ctx, side, dest, mine, enemy, theirs)
            p, _ = odds(full)
            if p < threshold:
                return -c.below_bar_cost - c.below_bar_per_point_cost * (threshold - p)
            return c.new_attack + c.new_attack_per_point * p + city
        # joining a fight we are already in (or have declared): worth what it adds to our odds
        p, q = odds(mine)
        p0, q0 = odds(before)
        return c.join + c.join_per_own_point * (p - p0) + c.join_per_enemy_point * (q0 - q) + (city * (q0 - q) if city else 0.0)

    # -- 3. naval bombardment ----------------------------------------------------------------
    def bombard(self, s: State, a: Bombard) -> float:
        c = self.config
        z = s.board.zone(a.zone)
        g = s.units(a.zone, "Germany")
        turns_left = s.board.turns - s.turn + 1
        score = c.bombard_any  # any unit removed is a little good
        if z.fires_at and a.target == "blockhouse":  # only blockhouses fire to sea
            on_beach = sum(s.beach_units(beach).total for beach in z.fires_at)
            # one shot per blockhouse per turn, hitting on 3: the units it would sink
            score += HIT_BLOCKHOUSE_TO_SEA / 6 * (min(on_beach, c.beach_targets) + c.later_shots_per_turn * (turns_left - 1)) * c.unit_on_beach
        allies = s.side_units(a.zone, "allies")
        if allies.total and allies.total + g.total <= c.max_fight_units:
            before = hold_probability(allies, g, "allies", "allies")
            after = hold_probability(allies, g.add(a.target, -1), "allies", "allies")  # a.target: VAR-RM-5 may aim at any unit
            score += c.bombard_per_point * (after - before) * (c.bombard_city_factor if z.victory_city else 1.0)
        elif z.victory_city:
            score += c.bombard_city
        return score

    # -- 4. bomber targets -------------------------------------------------------------------
    def bomb(self, ctx: Context, a: BomberStrike) -> float:
        c = self.config
        s = ctx.state
        b = s.board
        dist = distances(b)
        allied = ctx.allied_zones
        near = min((dist[a.zone][z] for z in allied), default=c.bomb_distance_alone)
        importance = c.bomb_importance[0] if near <= 1 else (c.bomb_importance[1] if near == 2 else c.bomb_importance[2])
        if b.zone(a.zone).victory_city:
            importance += c.bomb_city
        gain = HIT_BOMBER / 6 * UNIT_VALUE[a.target] * importance
        arty = s.units(a.zone, "Germany").artillery
        p_lost = 1 - (1 - HIT_AA / 6) ** arty
        turns_left = b.turns - s.turn
        bomber_worth = turns_left * HIT_BOMBER / 6 * c.bomber_hit  # what it would destroy in later turns
        return gain - p_lost * bomber_worth


# -- 2. casualties --------------------------------------------------------------------------
def best_casualties(config: StrongConfig, s: State, step: ChooseCasualtiesStep, actions: Sequence[Action]) -> Action:
    """Of the legal casualty sets, the one that leaves ``step.side`` the best P(holding the zone
    after the next two attack cards), the cheaper on a tie (the cheapest when the fight is too big)."""
    side = step.side
    zone = step.zone
    attacker = step.attacking_side
    nxt = other_side(attacker)  # the next attack card belongs to the other side
    mine = s.side_units(zone, side)
    theirs = s.side_units(zone, other_side(side))
    if mine.total + theirs.total > config.max_fight_units + step.hits:
        return cheapest_casualties(actions)
    best: Action = actions[0]
    best_key = (-1.0, 0.0)
    for a in actions:
        assert isinstance(a, ChooseCasualties)
        left = mine
        for _, u, n in a.losses:
            left = left.add(u, -n)
        allies, axis = (left, theirs) if side == "allies" else (theirs, left)
        p = hold_probability(allies, axis, nxt, side)
        key = (round(p, 9), -sum(UNIT_VALUE[u] * n for _, u, n in a.losses))
        if key > best_key:
            best, best_key = a, key
    return best


def choose_with_odds(config: StrongConfig, scorer: Scorer, memo: Memo, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
    """The strong bot's decision (also the planner's, with its own scorer): exact odds for
    casualties, the scorer's best for the rest."""
    step = state.step
    if isinstance(step, ChooseCasualtiesStep) and not step.after_airborne and len(actions) > 1:
        return best_casualties(config, state, step, actions)
    return decide(scorer, memo, state, actions, rng)


class StrongBot:
    """Greedy, plus exact odds for attacks, casualties, naval targets and bomber targets."""

    name = "strong"

    def __init__(self, config: StrongConfig | None = None) -> None:
        self.config = config or StrongConfig()
        self.scorer = StrongScorer(self.config)
        self.memo = Memo()  # scores kept between the decisions of one step: a cache, see dday.bots.choice

    def choose(self, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return choose_with_odds(self.config, self.scorer, self.memo, state, actions, rng)
