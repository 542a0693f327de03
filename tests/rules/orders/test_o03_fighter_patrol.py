"""Order 3, Fighter Patrol (ORDER-3), driven end to end: the tests of dday/rules/orders/o03_fighter_patrol.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import ALL_AIR, legal, play, refused

from dday.rules.scenario import position
from dday.rules.steps import (
    AATargetStep,
    BomberStep,
    PatrolStep,
)
from dday.rules.units import Air, Force


def test_order_3_fighters_patrol_any_zone_at_most_four_each() -> None:
    """Fighters go to empty, enemy and contested zones; a fifth fighter in one zone is refused; the rest stay home."""
    s = position(card=3, zones={"F30": {"Germany": "1i 2a", "UK": "2i"}, "F37": {"Germany": "1i"}}, airfield=ALL_AIR)
    assert isinstance(s.step, PatrolStep)
    s, lines = play(s, "patrol UK F30 3", "patrol US F30 1")
    assert lines == ["3 UK fighters patrol F30 Caen", "1 US fighter patrols F30 Caen"]
    refused(s, "patrol US F30 1", "R-STACK-3")
    refused(s, "patrol UK F37 2", "R-AIR-2")  # only one UK fighter left on the airfield
    refused(s, "patrol US Gold 1", "R-CONTROL-4")
    assert "patrol US F30 1" not in legal(s) and "patrol US F9 1" in legal(s)
    s, _ = play(s, "patrol US F37 2", "patrol US F9 1", "done")
    assert s.air_in("F30") == Air(uk_fighter=3, us_fighter=1)
    assert s.air_in("F37") == Air(us_fighter=2) and s.air_in("F9") == Air(us_fighter=1)
    assert s.airfield == Air(uk_fighter=1, uk_bomber=1, us_bomber=1)
    assert s.units("F30", "Germany") == Force(infantry=1, artillery=2)  # no attack on arrival
    assert isinstance(s.step, AATargetStep) and (s.card, s.step.zone) == (4, "F30")


def test_order_3_card_ends_by_itself_when_the_airfield_is_empty() -> None:
    """Sending the last fighter closes the card; with no artillery under fighters order 4 passes silently."""
    s = position(card=3, zones={"F17": {"UK": "1i"}, "F26": {"Germany": "1i"}}, airfield={"uk_fighter": 1, "uk_bomber": 1})
    s, lines = play(s, "patrol UK F17 1")
    assert lines[1:] == ["Turn 2, order 4: Antiaircraft Fire vs. Fighters", "Turn 2, order 5: Bomber Strike"]
    assert isinstance(s.step, BomberStep)
