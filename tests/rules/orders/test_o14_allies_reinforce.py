"""Order 14, Allies Reinforce (ORDER-14), driven end to end: the tests of dday/rules/orders/o14_allies_reinforce.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import boxes, has_line, legal, play, refused

from dday.rules.scenario import position
from dday.rules.steps import (
    PlaceReinforcementsStep,
    Roll,
)


def test_order_14_uk_and_us_roll_then_place_in_chart_order() -> None:
    """US 8 and UK 7 on turn 1: 4 US go to Utah, the UK units fill Gold, Sword and Juno, leftovers wait on the chart."""
    beaches = {"Omaha": "2i", "Gold": "3i", "Sword": "1a"}
    s = position(card=14, turn=1, zones={"F11": {"US": "3i"}}, beaches=beaches, airfield={"uk_fighter": 1})
    assert isinstance(s.step, Roll) and s.step.kind == "reinf" and s.step.dice.is_2d6
    s, lines = play(s, (3, 5), (3, 4))
    assert lines == [
        "US reinforcements: 2d6 3,5 = 8 -> next 8 units: i i i i a a i a",
        "UK reinforcements: 2d6 3,4 = 7 -> next 7 units: a a i a t i i",
    ]
    assert isinstance(s.step, PlaceReinforcementsStep) and s.step.quota == (8, 7, 0, 0)
    assert legal(s) == ["place UK Gold", "place UK Juno", "place UK Sword", "place US Utah"]
    refused(s, "place US Omaha", "R-REINF-5")
    refused(s, "place UK Utah", "R-REINF-4")
    s, lines = play(s, *["place US Utah"] * 4)
    assert has_line(lines, "US reinforcements: no room for the next 4 units")
    s, _ = play(s, *["place UK Gold"] * 4, "place UK Sword", "place UK Sword")
    refused(s, "place UK Gold", "R-REINF-4")  # Gold is at its capacity of 7
    s, lines = play(s, "place UK Juno")
    assert boxes(s) == {"Utah": "4i", "Omaha": "2i", "Gold": "4i 3a", "Juno": "1i", "Sword": "1i 1a 1t"}
    assert s.chart_queue("US")[:4] == ("artillery", "artillery", "infantry", "artillery") and len(s.chart_queue("US")) == 34
    assert len(s.chart_queue("UK")) == 22 and s.chart_queue("UK")[0] == "infantry"
    assert lines[-1] == "Turn 1, order 15: Axis Reinforces"
