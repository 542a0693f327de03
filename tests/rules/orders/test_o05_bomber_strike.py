"""Order 5, Bomber Strike (ORDER-5), driven end to end: the tests of dday/rules/orders/o05_bomber_strike.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import legal, play, refused, short

from dday.rules.scenario import position
from dday.rules.steps import (
    BomberStep,
    Roll,
)
from dday.rules.units import Air


def test_order_5_bombers_strike_zones_without_allied_land_units() -> None:
    """Each bomber picks a zone free of Allied troops and an Axis unit there (blockhouses too); 1-3 destroys it."""
    zones = {"F30": {"Germany": "2i 1a", "UK": "1t"}, "F26": {"Germany": "1a 1i"}, "F2": {"Germany": "1i 2b"}, "F15": {"UK": "2i"}}
    s = position(card=5, zones=zones, airfield={"uk_bomber": 1, "us_bomber": 1})
    assert isinstance(s.step, BomberStep)
    options = legal(s)
    assert "done" in options and not any(" F30 " in o or " F15 " in o for o in options)
    assert "bomb US F2 blockhouse" in options
    refused(s, "bomb UK F30 artillery", "R-AIR-5")
    refused(s, "bomb UK F26 tank", "R-TARGET-1")
    refused(s, "bomb UK Gold infantry", "R-CONTROL-4")
    s, lines = play(s, "bomb UK F26 artillery", (3,), "bomb US F2 blockhouse", (4,))
    assert lines == [
        "UK bomber strikes an artillery in F26 Saint-Lô: 3 -> destroyed (hits on 1-3)",
        "US bomber strikes a blockhouse in F2 Cherbourg: 4 -> miss (hits on 1-3)",
        "Turn 2, order 6: Antiaircraft Fire vs. Bombers",  # no artillery under any bomber now
        "Turn 2, order 7: Bombers Return",
        "2 bombers return to the airfield (R-AIR-6)",
        "Turn 2, order 8: Allies Move",
    ]
    assert short(s, "F26", "Germany") == "1i" and short(s, "F2", "Germany") == "1i 2b"
    assert s.airfield == Air(uk_bomber=1, us_bomber=1)


def test_order_5_bombers_may_stay_on_the_airfield() -> None:
    """Sending no bomber is allowed: done ends the card."""
    s = position(card=5, zones={"F26": {"Germany": "1a"}}, airfield={"uk_bomber": 1, "us_bomber": 1})
    s, lines = play(s, "bomb US F26 artillery", (6,), "done")
    assert s.air_in("F26") == Air(us_bomber=1)
    assert lines[-1] == "Turn 2, order 6: Antiaircraft Fire vs. Bombers"
    assert isinstance(s.step, Roll) and (s.step.kind, s.step.zone, s.step.power) == ("aa", "F26", "US")


def test_order_5_two_bombers_may_share_a_zone() -> None:
    """Both bombers strike the same zone, one after the other, at whatever is left there."""
    s = position(card=5, zones={"F26": {"Germany": "2a"}}, airfield={"uk_bomber": 1, "us_bomber": 1})
    s, _ = play(s, "bomb UK F26 artillery", (1,))
    assert legal(s) == ["bomb US F26 artillery", "done"]
    s, _ = play(s, "bomb US F26 artillery")
    assert s.air_in("F26") == Air(uk_bomber=1, us_bomber=1)
    s, lines = play(s, (2,))
    assert short(s, "F26", "Germany") == "-"
    assert lines[3] == "2 bombers return to the airfield (R-AIR-6)" and s.airfield == Air(uk_bomber=1, us_bomber=1)
