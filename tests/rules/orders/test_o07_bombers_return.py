"""Order 7, Bombers Return (ORDER-7), driven end to end: the tests of dday/rules/orders/o07_bombers_return.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import has_line

from dday.rules.scenario import position
from dday.rules.steps import (
    DeclareMovesStep,
)
from dday.rules.units import Air
from dday.views.log_text import log_lines


def test_order_7_bombers_return_to_the_airfield() -> None:
    """Every bomber on the board flies home; fighters stay on patrol; lost bombers stay lost."""
    s = position(
        card=7,
        zones={"F17": {"UK": "1i"}},
        patrols={"F26": {"uk_bomber": 1, "us_fighter": 1}, "F2": {"us_bomber": 1}},
    )
    assert s.airfield == Air(uk_bomber=1, us_bomber=1)
    assert s.air_in("F26") == Air(us_fighter=1) and s.air_in("F2") == Air()
    assert has_line(log_lines(s), "2 bombers return to the airfield (R-AIR-6)")
    assert (s.card, type(s.step)) == (8, DeclareMovesStep)
