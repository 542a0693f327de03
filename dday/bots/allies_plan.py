"""The Allied plan of :class:`dday.bots.planner.PlannerBot`: what it adds to the strong bot's moves.

The Allies need all three cities at once, and an empty city counts for nobody (R-CONTROL-1).
The plan's first step, found last and worth most:

* **Hold what you take** (:func:`move_bonus`): a unit in a city the Allies hold never leaves
  it (each move out costs ``hold_penalty``, more than any attack elsewhere earns), and a
  move into a held city the enemy threatens earns what it adds to P(the garrison still holds
  after the German attack card and the Allied answer) (:func:`dday.bots.plan_odds.garrison_odds`),
  times ``garrison_weight`` (each name here a field of :class:`~dday.bots.weights.PlannerConfig`). The strong bot moves every unit towards the nearest city the
  Allies do not hold, so as soon as a city fell, its garrison marched on to the next one and
  the Germans walked back in: the Allies took each city several times and rarely held all
  three at once. Holding doubled the Allied wins against the strong Axis (15.5 % to 30.0 % of
  the 200 seeds of ``game_seeds(11, 200)``; 13.5 % to 27.0 % on the next 200 seeds, which
  were not used to choose it).

Watching the strong bot play itself showed the Germans leaving Cherbourg empty from turn 4 or
so in most games (its three mobile units march south on turn 1, the navy sinks the two
blockhouses), while the nearest Allied units, three moves away, chased small fights instead:
every move towards Cherbourg scored no better than one towards Saint-Lô. So, two more steps:

* **Send a detachment to an empty city** (:func:`needs_a_detachment`): while fewer than
  ``detach_size`` Allied units stand in or next to an empty city, each move that brings a
  unit within ``detach_range`` moves of it closer earns ``detach_weight`` per move.
* **Walk into an empty city**: the first unit declared into it earns ``empty_city_bonus``.

When the board's firing arcs became lists of beaches (F14's two blockhouses fire at Omaha or
Utah, F16's one at Juno or Sword: ``dday/data/reference/board.md``, "Firing arcs"), the
planner fell from 30.0 % to 26.5 % of the bench's 200 seeds. One more step answers the arcs:

* **Sink the blockhouses that cover two beaches first** (:func:`bombard_bonus`, order 2): the
  strong bot counts a blockhouse's shots at later waves once, whatever its arc; a blockhouse
  whose arc covers two beaches threatens the waves of both, so each extra beach adds the same
  future term again. 26.5 % to 40.0 % of the bench's 200 seeds, but 34.5 % to 34.0 % of the
  200 of seed 12 and 28.0 % to 29.5 % of seed 13 (not used to choose it), 26.8 % to 31.5 % of
  1000 games of seed 21: all 1600 together, 27.9 % to 32.6 %.

Tried and dropped (Allied wins against the strong Axis on the seeds of ``game_seeds(11, n)``,
where the strong Allies win 15.0 % of the first 40 and 11.2 % of the first 80; the
detachments alone win 21.2 % of the first 80 and 14.4 % of the first 160):

* a city per region (the Cotentin for Cherbourg, the Vire for Saint-Lô, the rest for Caen),
  0.6 per move closer, with garrisons judged by P(the city still holds after the next German
  attack card) at weight 4: 15.0 % of 40; the same at 1.5 per move: 5.0 %; garrisons at
  weight 10: 7.5 %;
* an all-out push on the cities from turn 6 or 7: 6.2 % and 8.8 % of 80;
* joining a city fight judged over the next two cards only: 13.8 % of 80;
* garrisons in the holding turn only: 14.4 % of 160, no change;
* a bar of 0.15 or 0.5 instead of 0.3 for attacking a city: 17.5 % and 15.0 % of 40.

Tried with the detachments, 200 seeds each (the planner without the hold step: 15.5 %):

* garrisons alone (the garrison term, no rule against leaving), weight 4 or 8: 11.5 % and 12.5 %;
* a bar of 0.2 for attacking a city: 15.5 %; 0.65 instead of 0.5 for other attacks: 11.0 %;
* one objective city for the whole army (the one with the most Allied strength within two
  moves against the German strength in and around it), 0.8 per move closer, from turn 1:
  4.0 %, from turn 5: 6.5 %, at 1.6 per move: 5.5 %, only for units within four moves: 9.0 %;
* a stronger or weaker pull towards the nearest city not held (+0.7 or -0.4 per move): 9.0 % and 8.0 %;
* holding from turn 7 only: 19.5 %; holding with a penalty of 5 or 20 per move out (no
  garrison term): 24.0 % and 27.5 % (10: 28.5 %); holding with a garrison weight of 2 or 8:
  30.0 % and 31.0 % (4 kept: the Axis plan's weight); holding with a stronger pull (+0.4): 24.0 %.

Tried on top of the hold step, 200 seeds each (the hold step: 30.0 %, before the two-beach arcs), none clearly better:

* a bar of 0.25, 0.35 or 0.65 instead of 0.5 for attacks outside the cities: 29.5 %, 32.0 %, 28.5 %;
* a bar of 0.2 or 0.4 for attacking a city: 28.0 % and 30.0 %;
* detachments from up to 3 or 6 moves away, or none: 28.0 %, 16.0 % (units pulled off the
  other two cities), 28.0 %; three units instead of two: 30.5 %; 2.5 per move: 31.5 %;
  walking into an empty city at 12: 31.5 %;
* a detachment from any distance to an empty city once the other two are held: 27.5 % (from
  up to 7 moves: 26.5 %; from turn 6 on, held or not: 15.5 %);
* fighters patrolling next to held cities, 0.5 or 1.5 more per German unit there: 29.0 % and 25.5 %.

Tried with the two-beach arcs (1000 games of ``game_seeds(21, 1000)``, where the hold step wins
26.8 % and the two-beach bombardment 31.5 %):

* reinforcements placed in the beach box the fewest live blockhouses cover (1 less per
  blockhouse whose arc reaches the box): 25.7 % (30.0 % of the bench's 200); with the two-beach
  bombardment: 32.0 % (34.0 % of the bench's 200, 30.0 % of seed 12's, 34.0 % of seed 13's,
  against 40.0 %, 34.0 %, 29.5 % without: no gain, not kept);
* landing the most valuable units first (the box fires at what is left): 27.6 %;
* the two-beach term doubled: 31.5 %, halved: 30.2 %; the future term counted per beach for
  every blockhouse (one-beach arcs too): 31.5 %;
* bombardment also scored by the units waiting on each covered beach per blockhouse that
  covers it: 26.0 % of the bench's 200 (32.0 % with the two-beach term);
* with the two-beach term, a bar of 0.05 instead of 0.3 for attacking a city in the last
  turn, or the last two (most lost games end with one city empty or fought over): 31.5 % and
  31.3 %, no change.

>>> from dday.rules.scenario import position
>>> s = position(card=8, zones={"F11": {"US": "3i"}, "F30": {"UK": "2i"}})
>>> needs_a_detachment(s, "F2", lambda s, z, side: s.side_units(z, side)), needs_a_detachment(s, "F30", lambda s, z, side: s.side_units(z, side))
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.actions import Bombard
from ..rules.state import State
from ..rules.units import HIT_BLOCKHOUSE_TO_SEA, Force
from .context import distances
from .plan_odds import garrison_odds, threat
from .weights import PlannerConfig, StrongConfig

__all__ = ["bombard_bonus", "move_bonus", "needs_a_detachment"]

PLAN = PlannerConfig()  # the planner's own numbers, for the callers that do not pass theirs

After = Callable[[State, str, str], Force]  # (state, zone, side) -> own units there after the declared moves


def needs_a_detachment(s: State, city: str, after: After, size: int = PLAN.detach_size) -> bool:
    """True if ``city`` is empty and fewer than ``size`` Allied units are in it or
    next to it (counting the moves declared so far)."""
    if s.side_total(city, "axis") or s.side_total(city, "allies"):
        return False
    near = after(s, city, "allies").total + sum(after(s, n, "allies").total for n in s.board.zone(city).neighbours)
    return near < size


def move_bonus(s: State, unit: str, path: tuple[str, ...], count: int, after: After, plan: PlannerConfig = PLAN) -> float:
    """What the plan adds to the strong bot's score for moving ``count`` ``unit`` along ``path``."""
    start, dest = path[0], path[-1]
    dist = distances(s.board)
    score = 0.0
    cities = s.board.victory_zones
    if start in cities and s.controller(start) == "allies":
        score -= plan.hold_penalty
    for zone, sign in ((start, -1), (dest, +1)):
        if zone in cities and s.controller(zone) == "allies":
            enemy = threat(s, zone, "allies")
            if enemy.total:
                now = after(s, zone, "allies")
                cap = plan.strong.max_fight_units
                score += plan.garrison_weight * (garrison_odds(now.add(unit, sign * count), enemy, "allies", cap) - garrison_odds(now, enemy, "allies", cap))
    for city in s.board.victory_zones:
        if needs_a_detachment(s, city, after, plan.detach_size):
            gain = dist[start][city] - dist[dest][city]
            if gain > 0 and dist[start][city] <= plan.detach_range:
                score += plan.detach_weight * gain
    if dest in s.board.victory_zones and s.controller(dest) is None and not s.side_total(dest, "axis") and not after(s, dest, "allies").total:
        score += plan.empty_city_bonus
    return score


def bombard_bonus(s: State, a: Bombard, strong: StrongConfig = PLAN.strong) -> float:
    """What the plan adds to the strong bot's score for a naval die at ``a``: a blockhouse whose
    arc covers more than one beach threatens the later waves of each (one shot per turn,
    hitting on 3, at about half a unit per turn left: the strong bot's ``later_shots_per_turn``), so every beach past the first counts.

    >>> from dday.rules.scenario import position
    >>> s = position(card=2, zones={"F14": {"Germany": "2b"}, "F15": {"Germany": "2b"}})
    >>> bombard_bonus(s, Bombard("F14", "blockhouse")) > 0 == bombard_bonus(s, Bombard("F15", "blockhouse"))
    True
    """
    arc = s.board.zone(a.zone).fires_at
    if a.target != "blockhouse" or len(arc) < 2:
        return 0.0
    turns_after_this = s.board.turns - s.turn
    return HIT_BLOCKHOUSE_TO_SEA / 6 * strong.later_shots_per_turn * turns_after_this * strong.unit_on_beach * (len(arc) - 1)
