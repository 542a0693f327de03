"""How a scoring bot decides: score every legal action, play the best one.

The greedy, strong and planner bots share this loop (:func:`decide`) and differ only in the
:class:`Scorer` they pass to it: how a move, a naval die and a bomber strike are scored. The
scores every bot shares (fighter patrols, German reinforcements, fortune and tactics picks,
the cheapest casualties) are here, weighted by :class:`~dday.bots.weights.GreedyWeights`.

Nothing here changes the scorer. :class:`Memo` keeps the scores worked out for an earlier
decision of the same step and redoes those a new declaration can change. For the greedy and
strong bots it is a pure cache (a bot with an empty memo chooses the same: a decision depends
on the scorer, the state and the random generator only; tests/bots/test_bots_composition.py checks
it). The planner's plan terms reach further than the zones it redoes (an empty city's
detachment, a threatened garrison), so a kept planner score can be stale within a move step;
that was so before the bots were composed, and its games are kept as they were.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

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
from ..rules.orders.movement import check_move, move_options
from ..rules.orders.o03_fighter_patrol import patrol_options
from ..rules.state import State
from ..rules.steps import DeclareMovesStep, MovedUnit, PatrolStep, PickPurpose
from .context import Context, city_zones, distances
from .weights import TARGET_VALUE, UNIT_VALUE, GreedyWeights

__all__ = ["Memo", "Scorer", "best_scored", "cheapest_casualties", "decide"]

MoveScores = dict[tuple[str, tuple[str, ...]], float]  # (unit, path) -> score of moving one such unit
TIE_BREAK = 1e-6  # times a seeded uniform draw per action, added to its score: equal scores are broken by the seeded generator


class Scorer(Protocol):
    """What a bot scores its own way; the rest is the greedy rules of ``weights``."""

    @property
    def weights(self) -> GreedyWeights: ...

    @property
    def counts_support(self) -> bool:
        """Does an attack's score count the own units next door (:meth:`Context.support`)?"""
        ...

    def move(self, ctx: Context, unit: str, path: tuple[str, ...], count: int) -> float:
        """Moving ``count`` units of type ``unit`` along ``path`` in ``ctx.state``."""
        ...

    def bombard(self, s: State, a: Bombard) -> float: ...

    def bomb(self, ctx: Context, a: BomberStrike) -> float: ...


class Memo:
    """Scores kept from one decision to the next while they cannot change (for the planner, see
    the module docstring).

    ``moves``: the move scores of the move step under way (and its context), dropped or
    partly redone as moves are declared; ``patrols``: the part of each zone's patrol score
    that depends on the land units and the charts only.
    """

    def __init__(self) -> None:
        self.moves: tuple[object, tuple[int, int, str], tuple[MovedUnit, ...], MoveScores, Context] | None = None
        self.patrols: tuple[object, object, dict[str, float]] | None = None

    def clear(self) -> None:
        """Forget every kept score."""
        self.moves = self.patrols = None


def decide(scorer: Scorer, memo: Memo, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
    """The action of the highest score in ``state`` (see the module docstring)."""
    step = state.step
    if isinstance(step, DeclareMovesStep):
        return _choose_move(scorer, memo, state, step, rng)
    if isinstance(step, PatrolStep):
        return _choose_patrol(scorer, memo, state, rng)
    first = actions[0]
    if isinstance(first, ChooseCasualties):
        return cheapest_casualties(actions)
    if isinstance(first, SplitNavalDice):
        return SplitNavalDice(scorer.weights.uk_naval_dice)
    if isinstance(first, Pick):
        return _pick(state, [a for a in actions if isinstance(a, Pick)], rng)
    return best_scored(scorer, memo, state, actions, rng)


def cheapest_casualties(actions: Sequence[Action]) -> Action:
    """The casualty set of the least :data:`~dday.bots.weights.UNIT_VALUE`."""
    return min(actions, key=lambda a: sum(UNIT_VALUE[u] * n for _, u, n in a.losses) if isinstance(a, ChooseCasualties) else 0.0)


def best_scored(scorer: Scorer, memo: Memo, state: State, actions: Sequence[Action], rng: np.random.Generator) -> Action:
    """The action of the highest score (plus a tiny seeded tie-break); Done, if it is one
    of them, unless an action scores above 0."""
    ctx = Context(state)
    w = scorer.weights
    scorers = {
        Bombard: scorer.bombard,
        FireAA: lambda s, a: 0.0,
        FireToSea: lambda s, a: TARGET_VALUE[a.target],
        BomberStrike: lambda s, a: scorer.bomb(ctx, a),
        Patrol: lambda s, a: _patrol_zone(w, memo, ctx, a.zone),
        Land: lambda s, a: 1.0,
        PlaceReinforcement: lambda s, a: _place(w, ctx, a),
    }
    best: Action = Done() if any(isinstance(a, Done) for a in actions) else actions[0]
    best_score = 0.0 if isinstance(best, Done) else float("-inf")
    noise = rng.random(len(actions))  # tiny seeded tie-breaks
    for a, e in zip(actions, noise, strict=True):
        fn = scorers.get(type(a))  # type: ignore[call-overload]
        if fn is None:
            continue
        score = fn(state, a) + TIE_BREAK * e
        if score > best_score:
            best, best_score = a, score
    if isinstance(best, Land) and w.batch_moves:
        return _batch_land(state, best)
    return best


def _choose_move(scorer: Scorer, memo: Memo, s: State, step: DeclareMovesStep, rng: np.random.Generator) -> Action:
    """The best-scoring one-unit move (or Done if none scores above 0), then batched.

    Scores are kept for the whole move step: declaring a move changes the score of
    moves that start or end in the zones it touches only, so only those are redone.
    """
    cache, ctx = _move_cache_for(scorer, memo, s, step)
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
                score = cache[(u, path)] = scorer.move(ctx, u, path, 1)
            scores[i] = score
    # the first best of score + TIE_BREAK * noise, as a loop keeping strict improvements would pick
    total = np.array(scores) + TIE_BREAK * noise
    i = int(total.argmax())
    if not total[i] > 0.0:
        return Done()
    best, base = Move(*options[i]), scores[i]
    assert base is not None
    return _batch(scorer, ctx, best, base) if scorer.weights.batch_moves else best


def _choose_patrol(scorer: Scorer, memo: Memo, s: State, rng: np.random.Generator) -> Action:
    """What :func:`best_scored` picks among Done and the patrols, without making a Patrol
    object per zone and power: the best patrol if it scores above 0, else Done."""
    ctx = Context(s)
    options = list(patrol_options(s))
    noise = rng.random(1 + len(options))  # one draw per legal action: Done comes first
    if not options:
        return Done()
    total = np.array([_patrol_zone(scorer.weights, memo, ctx, z) for _, z in options]) + TIE_BREAK * noise[1:]
    i = int(total.argmax())
    return Patrol(*options[i]) if total[i] > 0.0 else Done()


def _move_cache_for(scorer: Scorer, memo: Memo, s: State, step: DeclareMovesStep) -> tuple[MoveScores, Context]:
    """Move scores of this step, keyed by (unit, path), stale entries dropped, and the context."""
    seen = memo.moves
    moves = step.moves
    if seen is not None and seen[0] is s.ground and seen[1] == (s.turn, s.card, step.side) and moves[: len(seen[2])] == seen[2]:
        cache = seen[3]
        ctx = seen[4]
        touched = {z for m in moves[len(seen[2]) :] for z in (m.path[0], m.path[-1])}
        if touched:
            # an attack's score counts the support next door (Context.support): a move out of
            # a zone changes the score of moves into its neighbours too
            b = s.board
            near = touched
            if scorer.counts_support:
                near = touched | {n for m in moves[len(seen[2]) :] for n in b.zone(m.path[0]).neighbours}
            # the destination matters only where the move attacks (enemy land units there) or
            # where it counts a city's garrison; the start zone only through the garrison of an
            # Allied-held city (the move score)
            cities_here = city_zones(b)
            near = {z for z in near if z in cities_here or ctx.enemy(z, step.side)[0].total}
            cities = touched & cities_here
            if near or cities:
                for key in [k for k in cache if k[1][-1] in near or k[1][0] in cities]:
                    del cache[key]
            ctx = ctx.declared(s)
    else:
        cache = {}
        ctx = Context(s)
    memo.moves = (s.ground, (s.turn, s.card, step.side), moves, cache, ctx)
    return cache, ctx


def _batch(scorer: Scorer, ctx: Context, a: Move, base: float) -> Move:
    """Declare as many units of the chosen kind along the chosen path as score no worse.

    Moving units one by one would pick the same move again and again (the engine offers
    one unit per ``Move``); one ``Move`` with ``count > 1`` is the same decision, faster.
    ``base`` is the score of ``a``.
    """
    s = ctx.state
    step = s.step
    assert isinstance(step, DeclareMovesStep)
    have = s.units(a.path[0], a.power).get(a.unit) - sum(
        m.count for m in step.moves if m.path[0] == a.path[0] and m.power == a.power and m.unit == a.unit
    )
    best = a
    for k in range(2, have + 1):
        if scorer.move(ctx, a.unit, a.path, k) < base - 1e-9:
            break
        m = Move(a.power, a.unit, a.path, k)
        try:
            check_move(s, step, m)
        except IllegalActionError:
            break
        best = m
    return best


def _batch_land(s: State, a: Land) -> Land:
    """Land every unit of that type that fits (landing one at a time is the same decision)."""
    bh = s.board.beachhead(a.beach)
    room = s.board.stacking_limit - s.stack_count(bh.lands_into, "allies")
    n = min(s.beach_units(a.beach).get(a.unit), room)
    return Land(a.beach, a.unit, n) if n > 1 else a


# -- fortune and tactics choices ------------------------------------------------------------
def _pick(s: State, picks: Sequence[Pick], rng: np.random.Generator) -> Pick:
    """Simple preferences: use tactics, keep a good reinforcement roll, aim at the best unit."""
    step = s.step
    purpose = getattr(step, "purpose", "")
    options = [p.option for p in picks]

    def score(o: str) -> float:
        if purpose == PickPurpose.TACTIC:
            return 1.0 if o == "use" else 0.0
        if purpose == PickPurpose.REROLL:
            if o == "keep":
                return 0.0
            die = int(o.split("-")[1])
            return 3.5 - die  # re-roll a die below the average
        if purpose == PickPurpose.TAC9:
            return 1.0 if o == "done" else 0.0
        if purpose == PickPurpose.TAC14_MOVE:
            return 0.0 if o == "done" else 1.0
        if purpose in (PickPurpose.ARTY, PickPurpose.TAC6):
            return -1.0 if o == "none" else TARGET_VALUE.get(o.rsplit(":", 1)[-1], 1.0)
        if purpose == PickPurpose.TAC5:
            return TARGET_VALUE.get(o, 1.0)
        return 0.0

    best = max(options, key=lambda o: score(o) + TIE_BREAK * rng.random())
    return Pick(best)


# -- fighter patrols and German reinforcements -----------------------------------------------
def _patrol_zone(w: GreedyWeights, memo: Memo, ctx: Context, zone: str) -> float:
    """The score of a fighter patrolling ``zone``. All but the fighters already there depends
    on the land units and the charts only: that part is kept per zone while they stay the
    same objects (a patrol step sends one fighter per decision)."""
    s = ctx.state
    seen = memo.patrols
    if seen is None or seen[0] is not s.ground or seen[1] is not s.charts:
        seen = memo.patrols = (s.ground, s.charts, {})
    land = seen[2]
    score = land.get(zone)
    if score is None:
        score = land[zone] = _patrol_land(w, ctx, zone)
    return score - w.patrol_per_fighter_cost * s.fighters_in(zone)


def _patrol_land(w: GreedyWeights, ctx: Context, zone: str) -> float:
    s = ctx.state
    g = s.units(zone, "Germany")
    z = s.board.zone(zone)
    score = 0.0
    if not s.contested(zone):
        score += w.patrol_per_german_unit * g.land_for_stacking  # units here may move out
    if z.reinforcement_sector and zone in ctx.german_arrivals:
        score += w.patrol_arrivals
    score += w.patrol_per_allied_neighbour * sum(1 for n in z.neighbours if n in ctx.allied_set)
    score -= w.patrol_per_artillery_cost * g.artillery  # antiaircraft risk
    return score


def _place(w: GreedyWeights, ctx: Context, a: PlaceReinforcement) -> float:
    s = ctx.state
    b = s.board
    if b.has_zone(a.destination):
        fronts = ctx.allied_zones
        d = min((distances(b)[a.destination][f] for f in fronts), default=w.place_distance_alone)
        return w.place - d - w.place_per_fighter_cost * s.fighters_in(a.destination)
    bh = b.beachhead(a.destination)
    return float(bh.capacity - s.beach_units(a.destination).total)
