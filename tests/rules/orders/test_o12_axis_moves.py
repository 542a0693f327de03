"""Order 12, Axis Moves (ORDER-12), driven end to end: the tests of dday/rules/orders/o12_axis_moves.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import play, refused, short

from dday.rules.scenario import position
from dday.rules.steps import (
    AttackRoll,
    DeclareMovesStep,
    StrafeStep,
)
from dday.rules.units import Force


def test_order_12_axis_declares_all_moves_then_fighters_strafe() -> None:
    """Three units move; strafing dice count each zone left, crossed or entered; survivors arrive, no combat yet."""
    zones = {"F38": {"Germany": "1t"}, "F31": {"Germany": "2i"}, "F17": {"UK": "1i"}, "F32": {"Germany": "1a"}}
    patrols = {"F30": {"uk_fighter": 2}, "F17": {"us_fighter": 1}, "F31": {"uk_fighter": 1}}
    s = position(card=12, zones=zones, patrols=patrols)
    assert isinstance(s.step, DeclareMovesStep) and s.current_player == "axis"
    refused(s, "move UK infantry F17>F30", "R-TURN-3")
    s, lines = play(s, "move Germany tank F38>F30>F17", "move Germany infantry F31>F30")
    assert isinstance(s.step, DeclareMovesStep) and len(s.step.moves) == 2 and lines == []  # nothing rolled yet (FAQ-17)
    s, lines = play(s, "move Germany infantry F31>F32", "done")
    assert lines == [
        "German tank x1 declared F38 Villers-Bocage > F30 Caen > F17 Ouistreham (5 strafing dice each)",
        "German infantry x1 declared F31 Troarn > F30 Caen (3 strafing dice each)",
        "German infantry x1 declared F31 Troarn > F32 Mézidon (1 strafing die each)",
    ]
    assert isinstance(s.step, StrafeStep) and [a[3] for a in s.step.arrivals] == [5, 3, 1]
    assert short(s, "F38", "Germany") == "-" and short(s, "F31", "Germany") == "-"  # in transit
    s, lines = play(s, (6, 6, 6, 6, 6), (2, 1, 6), (6,))
    assert lines[:3] == [
        "Strafing German tank bound for F17 Ouistreham: 5 dice 6,6,6,6,6 -> survives (hits on 1)",
        "Strafing German infantry bound for F30 Caen: 3 dice 2,1,6 -> destroyed (hits on 1)",
        "Strafing German infantry bound for F32 Mézidon: 1 die 6 -> survives (hits on 1)",
    ]
    assert short(s, "F17", "Germany") == "1t" and short(s, "F30", "Germany") == "-" and short(s, "F32", "Germany") == "1i 1a"
    assert s.destroyed[0] == Force(infantry=1)
    assert isinstance(s.step, AttackRoll) and (s.card, s.step.zone, s.step.attacker) == (13, "F17", "axis")


def test_order_12_units_without_fighters_arrive_without_dice() -> None:
    """No fighter on the path: the move resolves with no roll at all."""
    s = position(card=12, zones={"F37": {"Germany": "2i 1t"}, "F30": {"UK": "1i"}})
    s, lines = play(s, "move Germany tank F37>F38>F30", "move Germany infantry F37>F38 x2")  # nothing left: done is automatic
    assert short(s, "F30", "Germany") == "1t" and short(s, "F38", "Germany") == "2i"
    assert not any(line.startswith("Strafing") for line in lines)
    assert s.card == 13
