"""Order 15, Axis Reinforces (ORDER-15), driven end to end: the tests of dday/rules/orders/o15_axis_reinforces.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import has_line, legal, play, refused, short

from dday.rules.scenario import position
from dday.rules.steps import (
    PatrolStep,
    PlaceReinforcementsStep,
    StrafeStep,
)
from dday.rules.units import Force


def test_order_15_axis_rolls_both_columns_places_then_fighters_strafe() -> None:
    """Rolls of 9 and 5; tanks go into Allied-held F37 under two fighters and are strafed 2 dice each."""
    zones = {"F32": {"Germany": "1i 1a 2t"}, "F37": {"UK": "2i"}}
    s = position(card=15, zones=zones, patrols={"F37": {"uk_fighter": 2}})
    s, lines = play(s, (4, 5), (1, 4))
    assert lines == [
        "Germany: enter at Rennes or Chartres: 2d6 4,5 = 9 -> next 9 units: t t t i a i i i a",
        "Germany: enter at Rouen or Chartres: 2d6 1,4 = 5 -> next 5 units: t t t t t",
    ]
    assert isinstance(s.step, PlaceReinforcementsStep) and s.step.quota == (0, 0, 9, 5)
    assert legal(s) == [f"place Germany_Rennes_Chartres {z}" for z in ("F33", "F35", "F37", "F40")] + [
        f"place Germany_Rouen_Chartres {z}" for z in ("F32", "F37", "F40", "F42")
    ]
    refused(s, "place Germany_Rennes_Chartres F32", "R-REINF-6")
    refused(s, "place US Utah", "R-TURN-3")
    s, _ = play(s, *["place Germany_Rennes_Chartres F37"] * 3, *["place Germany_Rennes_Chartres F33"] * 6)
    s, _ = play(s, *["place Germany_Rouen_Chartres F32"] * 4)
    refused(s, "place Germany_Rouen_Chartres F32", "R-STACK-4")  # 4 + 4 declared = 8
    s, lines = play(s, "place Germany_Rouen_Chartres F42")
    assert has_line(lines, "German reinforcements placed: tank > F37, tank > F37, tank > F37", "(strafing follows, R-REINF-8)")
    assert isinstance(s.step, StrafeStep) and s.step.arrivals == (("Germany", "tank", "F37", 2),) * 3
    assert short(s, "F33", "Germany") == "4i 2a" and short(s, "F32", "Germany") == "1i 1a 6t" and short(s, "F42", "Germany") == "1t"
    s, lines = play(s, (1, 6), (6, 6), (6, 2))
    assert short(s, "F37", "Germany") == "2t" and short(s, "F37", "UK") == "2i" and s.destroyed[0] == Force(tank=1)
    assert s.chart_queue("Germany_Rennes_Chartres")[0] == "infantry" and len(s.chart_queue("Germany_Rouen_Chartres")) == 22
    assert lines[3:5] == ["Turn 2, order 16: Fighters Return", "2 fighters return to the airfield (R-AIR-6)"]
    assert has_line(lines, "End of turn 2")
    assert (s.turn, s.card, type(s.step)) == (3, 3, PatrolStep)
