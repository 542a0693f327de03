"""The Axis plan of :class:`dday.bots.planner.PlannerBot`: what it adds to the strong bot's moves.

The Axis wins if, at the end of turn 9, the Allies do not hold all three cities, or if they
cannot hold them for a second turn in a row (R-VICTORY-1..3); a city fought over is held by
nobody (R-CONTROL-2). The strong bot already moves towards the Allies and attacks with good
odds. The plan adds two steps:

* **Garrison the threatened cities** (:func:`move_bonus`): a move out of a German city costs
  what it takes from P(the garrison still holds after the Allied attack card and the German
  answer) against the Allied units next door (:func:`dday.bots.plan_odds.garrison_odds`), a
  move in earns what it adds, both times ``weight``.
* **Attack sooner** (``axis_attack_threshold`` of :class:`~dday.bots.planner.PlannerBot`): a
  new attack needs P(holding the zone after two attack cards, with every unit next door that
  can join) of 0.25, not the strong bot's 0.5. Against Allies that hold what they take (the
  planner Allies), waiting for good odds lets every garrison grow to eight: the planner Allies
  won 35.5 % of the bench's 200 games against the planner Axis at 0.5 and 18.5 % at 0.25
  (28.5 % and 17.0 % on the next 200 seeds, not used to choose it), while the strong Allies
  win about as often as before (10.0 % and 9.5 %; 10.0 % and 9.5 % on the next 200). At 0.35:
  22.5 % and 11.0 % (19.0 % and 13.5 % on the next 200). Against the strong Allies, a bar of
  0.15 allows 13.5 %, and 0.25 with a garrison weight of 8 allows 11.0 %.

Tried and dropped (the Allied wins of the strong Allies against each version, on the same
80 or 160 seeds; the strong Axis allows 11.2 % of 80, the garrison alone 10.0 % of 160):
counter-attacking an Allied city whenever P(it is not Allied at the turn's end) reaches 20 %,
and at 5 % when the Allies hold all three (11.9 % of 160 with the garrison); placing
reinforcements in the sector zone nearest the most threatened city (20.0 % of 80, against
13.8 % without); never leaving a city to its blockhouses alone (22.5 % of 80); making Caen
a fortress, every unit one point per move closer while it has room (18.1 % of 160).

Tried later, each with the garrison (and the strong bot's bar of 0.5), against the strong Allies on the bench's 200 seeds
(``game_seeds(11, 200)``; the planner Axis allows 10.0 %, the strong Axis 12.5 %): a Cherbourg
fortress (units within 1, 2 or 3 moves of Cherbourg earn 3 per move towards it while it has
room, lose 3 per move away): 9.0 %, 9.0 % and 11.0 %; never leaving a German-held city (10 per
move out, as the Allied plan's hold step): 12.5 %, from turn 6 only: 8.5 %; attacking only at
P(hold) of 0.7 or 0.85 instead of 0.5: 12.0 % and 14.0 %; avoiding the
Allied fighters more (0.6 more per fighter over the path): 12.0 %; pulling every unit into
the nearest German-held city from turn 7 (one point per move closer while it has room), or from
turn 8 with staying there: 9.5 % both; a weaker or no pull towards the Allies (0.3 or 0.6 less
per move): 10.5 % and 13.5 %, a stronger one (0.6 more): 21.5 %; a garrison weight of 2 or 8:
10.0 % and 11.0 %; placing reinforcements away from the Allied fighters (3 or 10 less per
fighter over the zone): 10.5 % both. None clears the interval of the garrison alone. In the
games the strong Allies still win, the German army is gone by turn 8 or 9 (about 6 units left
at the end of turn 8, against 18 in the games the Axis wins): they are lost to attrition, not to
a plan, and no move rule above changes the exchange of losses. Against the planner Allies,
never leaving a German-held city did help (22.5 % instead of 35.5 %, and with the bar at 0.35
also 22.5 %), but it costs against the strong Allies (12.5 %, 14.0 %); the lower bar does better
on both.

>>> from dday.rules.scenario import position
>>> s = position(card=12, zones={"F26": {"Germany": "2i"}, "F21": {"US": "3i"}, "F25": {"Germany": "3i"}})
>>> after = lambda st, zone, side: st.side_units(zone, side)
>>> move_bonus(s, "infantry", ("F25", "F26"), 3, after, 4.0) > 0 > move_bonus(s, "infantry", ("F26", "F25"), 1, after, 4.0)
True
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.state import State
from ..rules.units import Force
from .plan_odds import garrison_odds, threat

__all__ = ["move_bonus"]


def move_bonus(s: State, unit: str, path: tuple[str, ...], count: int, after: Callable[[State, str, str], Force], weight: float) -> float:
    """What the plan adds to the strong bot's score for moving ``count`` ``unit`` along ``path``."""
    start, dest = path[0], path[-1]
    score = 0.0
    for zone, sign in ((start, -1), (dest, +1)):
        if zone in s.board.victory_zones and s.controller(zone) == "axis":
            enemy = threat(s, zone, "axis")
            if enemy.total:
                now = after(s, zone, "axis")
                score += weight * (garrison_odds(now.add(unit, sign * count), enemy, "axis") - garrison_odds(now, enemy, "axis"))
    return score
