"""The Axis plan of :class:`dday.bots.planner.PlannerBot`: hold one city at every turn's end.

The Axis wins if, at the end of some turn from 9 on, the Allies do not hold all three cities
(R-VICTORY-3), and a contested city is held by nobody (R-CONTROL-2). So:

* **Garrison the cities** against the Allied units next door: a move out of a German city
  costs what it takes from P(the garrison still holds after the Allied attack card and the
  German answer), a move in earns what it adds (:func:`dday.bots.plan_odds.garrison_odds`).
* **Never leave a city without units that can fight**: blockhouses alone fall to the naval
  guns, and an empty city is the cheapest city the Allies can take.
* **Counter-attack an Allied city** (:func:`counter_attack_score`) whenever
  P(the city is not Allied at the end of the turn) reaches a lower bar than other attacks
  need; when the Allies hold all three, any real chance will do.
* **Reinforce where the threat is** (:func:`placement_score`): the sector zone nearest the
  city the Allies threaten most.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.state import State
from ..rules.units import Force
from .greedy import distances, strength
from .plan_odds import garrison_odds, threat
from .strong import hold_probability

__all__ = ["counter_attack_score", "move_bonus", "placement_score"]


def move_bonus(
    s: State, unit: str, path: tuple[str, ...], count: int, after: Callable[[State, str, str], Force], weight: float, keep_weight: float = 4.0
) -> float:
    """What the plan adds to the strong bot's score for moving ``count`` ``unit`` along ``path``."""
    start, dest = path[0], path[-1]
    cities = s.board.victory_zones
    score = 0.0
    if keep_weight and start in cities and s.controller(start) == "axis":
        left = after(s, start, "axis").add(unit, -count)
        if left.infantry + left.artillery + left.tank == 0:
            score -= keep_weight  # blockhouses alone fall to the naval guns, and then the city is empty
    for zone, sign in ((start, -1), (dest, +1)):
        if zone in cities and s.controller(zone) == "axis":
            enemy = threat(s, zone, "axis")
            if enemy.total:
                now = after(s, zone, "axis")
                score += weight * (garrison_odds(now.add(unit, sign * count), enemy, "axis") - garrison_odds(now, enemy, "axis"))
    return score


def counter_attack_score(s: State, city: str, attackers: Force, defenders: Force, threshold: float) -> float:
    """The score of attacking an Allied-held city with ``attackers`` (all that can join):
    P(the city is not Allied after the German attack card), against a bar that falls to a
    token 5 % when the Allies hold all three cities."""
    p_break = 1.0 - hold_probability(defenders, attackers, "axis", "allies", 1)
    held = sum(1 for c in s.board.victory_zones if s.controller(c) == "allies")
    bar = 0.05 if held == 3 else threshold
    if p_break < bar:
        return -1.0 - 2.0 * (bar - p_break)
    return 1.0 + 3.0 * p_break + 2.0 * held


def placement_score(s: State, zone: str) -> float:
    """How good ``zone`` is for a German reinforcement: near the most threatened city, away from
    Allied fighters (a unit placed under patrol is strafed, R-AIR-3)."""
    dist = distances(s.board)[zone]
    worst, danger = None, float("-inf")
    for c in s.board.victory_zones:
        near = threat(s, c, "axis")
        d = strength(near, "allies", True) - strength(s.side_units(c, "axis"), "axis", False)
        if s.controller(c) == "allies":
            d += 3.0
        if d > danger:
            worst, danger = c, d
    assert worst is not None
    return 10.0 - dist[worst] - 0.7 * s.fighters_in(zone)
