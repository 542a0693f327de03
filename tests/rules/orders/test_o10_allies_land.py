"""Order 10, Allies Land (ORDER-10), driven end to end: the tests of dday/rules/orders/o10_allies_land.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import boxes, legal, play, refused, short

from dday.rules.scenario import position
from dday.rules.steps import (
    LandingStep,
    Roll,
)

LANDINGS = (("Gold", "artillery"), ("Gold", "infantry"), ("Sword", "artillery"), ("Sword", "infantry"), ("Sword", "tank"))


def test_order_10_landing_up_to_eight_allied_units_in_the_zone() -> None:
    """Gold lands fully; Sword fills F17 to 8 beside the paratroopers and its artillery waits in the box."""
    zones = {"F15": {"Germany": "2b"}, "F17": {"UK": "3i", "Germany": "2b"}}
    s = position(card=10, turn=1, zones=zones, beaches={"Gold": "5i 1a", "Sword": "4i 1a 1t"}, airborne=[0, 0, 0])
    assert isinstance(s.step, LandingStep)
    assert legal(s) == ["done", *(f"land {b} {u}" for b, u in LANDINGS)]
    refused(s, "land Omaha infantry", "R-BEACH-2")
    refused(s, "land Gold tank", "R-BEACH-2")
    refused(s, "land Normandy infantry", "R-BEACH-1")
    s, lines = play(s, "land Gold infantry x5", "land Gold artillery", "land Sword infantry x4")
    assert lines == [
        "5 UK infantry land from Gold into F15 Bayeux",
        "1 UK artillery lands from Gold into F15 Bayeux",
        "4 UK infantry land from Sword into F17 Ouistreham",
    ]
    refused(s, "land Sword infantry", "R-BEACH-2")
    s2 = position(card=10, turn=1, zones={"F17": {"UK": "7i"}}, beaches={"Sword": "2t"})
    refused(s2, "land Sword tank x2", "R-STACK-1")
    s, lines = play(s, "land Sword tank")  # F17 is full: done is the only choice left and is taken
    assert short(s, "F15", "UK") == "5i 1a" and short(s, "F17", "UK") == "7i 1t"
    assert boxes(s) == {"Utah": "-", "Omaha": "-", "Gold": "-", "Juno": "-", "Sword": "1a"}
    assert lines[-1] == "Turn 1, order 11: Allies Attack"
    assert isinstance(s.step, Roll) and s.step.zone == "F15"
