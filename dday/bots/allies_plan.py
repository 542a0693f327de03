"""The Allied plan of :class:`dday.bots.planner.PlannerBot`, as move bonuses on top of the strong bot.

The Allies need all three cities at once, so the plan is about *order* and *keeping*:

* **Objectives by region.** A unit in the Cotentin (west of the Vire, north of Périers) drives
  on Cherbourg, one around Omaha and the Vire valley on Saint-Lô, one by the British beaches on
  Caen (:data:`OBJECTIVE`). Once a city is Allied its region's units go on to the next city
  the Allies do not hold.
* **Walk into an empty city.** The Germans often leave a city empty (to fight elsewhere, or
  after the navy has sunk its blockhouses); the first unit that can reach it goes in.
* **Keep what you hold.** A move out of an Allied city costs what it takes from
  P(the garrison still holds after the next German attack card and the Allied answer)
  (:func:`dday.bots.plan_odds.garrison_odds`); a move into one earns what it adds.

>>> OBJECTIVE["F11"], OBJECTIVE["F14"], OBJECTIVE.get("F17", "F30")
('F2', 'F26', 'F30')
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.state import State
from ..rules.units import Force
from .greedy import distances
from .plan_odds import garrison_odds, threat

__all__ = ["OBJECTIVE", "move_bonus"]

_COTENTIN = ("F1", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12")
_VIRE = ("F13", "F14", "F19", "F20", "F21", "F22", "F24", "F25", "F26", "F27", "F33", "F34", "F35", "F36")
OBJECTIVE: dict[str, str] = {z: "F2" for z in _COTENTIN} | {z: "F26" for z in _VIRE}
"""Zone -> the city its Allied units drive on first (every zone not listed: Caen, F30)."""

OBJECTIVE_WEIGHT = 0.6  # per move closer to the region's city
EMPTY_CITY_BONUS = 6.0  # for the first unit declared into an empty victory city


def objective(s: State, zone: str) -> str:
    """The city a unit in ``zone`` drives on: its region's, or if the Allies hold that one, the
    nearest city they do not hold."""
    city = OBJECTIVE.get(zone, "F30")
    if s.controller(city) != "allies":
        return city
    dist = distances(s.board)[zone]
    rest = [c for c in s.board.victory_zones if s.controller(c) != "allies"]
    return min(rest, key=lambda c: dist[c]) if rest else city


DETACH_RANGE = 4  # moves: units this close to an empty city may be sent to it
DETACH_WEIGHT = 5.0  # per move closer to an empty city that no Allied unit is near yet
DETACH_SIZE = 2  # units sent


def _needs_a_detachment(s: State, city: str, after: Callable[[State, str, str], Force]) -> bool:
    """True if ``city`` is empty and fewer than :data:`DETACH_SIZE` Allied units are in it or
    next to it (counting the moves declared so far)."""
    if s.side_total(city, "axis") or s.side_total(city, "allies"):
        return False
    near = after(s, city, "allies").total + sum(after(s, n, "allies").total for n in s.board.zone(city).neighbours)
    return near < DETACH_SIZE


def move_bonus(
    s: State, unit: str, path: tuple[str, ...], count: int, after: Callable[[State, str, str], Force], weight: float, objective_weight: float = 0.6, empty_city_bonus: float = 6.0
) -> float:
    """What the plan adds to the strong bot's score for moving ``count`` ``unit`` along ``path``."""
    start, dest = path[0], path[-1]
    dist = distances(s.board)
    target = objective(s, start)
    score = objective_weight * (dist[start][target] - dist[dest][target])
    cities = s.board.victory_zones
    for city in cities:
        if empty_city_bonus and _needs_a_detachment(s, city, after):
            gain = dist[start][city] - dist[dest][city]
            if gain > 0 and dist[start][city] <= DETACH_RANGE:
                score += DETACH_WEIGHT * gain
    if dest in cities and s.controller(dest) is None and not s.side_total(dest, "axis") and not after(s, dest, "allies").total:
        score += empty_city_bonus  # an empty city is the cheapest city there is: walk in
    for zone, sign in ((start, -1), (dest, +1)):
        if zone in cities and s.controller(zone) == "allies":
            enemy = threat(s, zone, "allies")
            if enemy.total:
                now = after(s, zone, "allies")
                score += weight * (garrison_odds(now.add(unit, sign * count), enemy, "allies") - garrison_odds(now, enemy, "allies"))
    return score
