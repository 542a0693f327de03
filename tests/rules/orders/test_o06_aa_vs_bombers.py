"""Order 6, Antiaircraft Fire vs. Bombers (ORDER-6), driven end to end: the tests of dday/rules/orders/o06_aa_vs_bombers.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import play

from dday.rules.scenario import position
from dday.rules.steps import (
    AARoll,
)
from dday.rules.units import Air


def test_order_6_one_die_per_artillery_against_bombers() -> None:
    """Zones are taken in board order; each artillery fires once; once the bomber is down the rest hold fire."""
    s = position(
        card=6,
        zones={"F30": {"Germany": "3a 1t"}, "F26": {"Germany": "1a"}, "F17": {"UK": "1i"}},
        patrols={"F30": {"us_bomber": 1, "uk_fighter": 2}, "F26": {"uk_bomber": 1}},
    )
    assert isinstance(s.step, AARoll) and (s.step.zone, s.step.aircraft) == ("F26", "bomber")
    s, lines = play(s, (6,), (6,), (1,))
    assert [line for line in lines if line.startswith("Antiaircraft:")] == [
        "Antiaircraft: the German artillery in F26 Saint-Lô fires at a UK bomber: 6 -> miss (hits on 1)",  # one gun: no number
        "Antiaircraft: German artillery 1 of 3 in F30 Caen fires at a US bomber: 6 -> miss (hits on 1)",
        "Antiaircraft: German artillery 2 of 3 in F30 Caen fires at a US bomber: 1 -> shot down, removed from play (hits on 1)",
    ]
    assert s.air_lost == Air(us_bomber=1)
    assert s.air_in("F30") == Air(uk_fighter=2)  # fighters are not the target of order 6
    assert s.airfield == Air(uk_bomber=1)
    assert s.card == 8
