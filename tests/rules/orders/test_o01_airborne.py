"""Order 1, Airborne Assault (ORDER-1), driven end to end: the tests of dday/rules/orders/o01_airborne.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import has_line, legal, play, refused, short

from dday.rules.scenario import position
from dday.rules.setup import check_invariants, initial_state
from dday.rules.steps import (
    ChooseCasualtiesStep,
    NavalSplitStep,
    Roll,
)
from dday.rules.units import Force


def test_order_1_airborne_assault_from_the_setup_through_all_three_boxes() -> None:
    """Turn 1 opens with the three airborne boxes rolling in board order; the Axis picks losses, blockhouses are exempt."""
    s = initial_state()
    assert (s.turn, s.card) == (1, 1)
    assert isinstance(s.step, Roll) and (s.step.kind, s.step.zone, s.step.dice.count) == ("para", "F11", 3)
    assert legal(s) == []

    # 101st in F11 (1i 1b): two hits, only the infantry can be taken, the extra hit is lost
    s, lines = play(s, (1, 1, 4))
    assert has_line(lines, "US 101st Airborne attacks F11", "dice 1,1,4 -> 2 hits, 1 of them counts")
    assert has_line(lines, "Axis removes 1 German infantry in F11")
    assert short(s, "F11", "Germany") == "1b"
    assert isinstance(s.step, Roll) and s.step.zone == "F10"

    # 82nd in F10 (1i 1a): one hit, the Axis chooses which unit goes
    s, _ = play(s, (1, 6, 6))
    assert isinstance(s.step, ChooseCasualtiesStep) and s.step.who == "axis" and s.step.hits == 1
    assert legal(s) == ["casualties Germany:artillery:1", "casualties Germany:infantry:1"]
    s, _ = play(s, "casualties Germany:artillery:1")
    assert short(s, "F10", "Germany") == "1i"
    assert isinstance(s.step, Roll) and s.step.zone == "F17"

    # British 6th in F17 (1i 2b): three hits, one counts
    s, lines = play(s, (1, 1, 1))
    assert short(s, "F17", "Germany") == "2b"
    for zone, power, division in (("F11", "US", "101st"), ("F10", "US", "82nd"), ("F17", "UK", "6th")):
        assert short(s, zone, power) == "3i"
        assert has_line(lines, division, f"3 paratroopers are now in {zone}")
        assert s.controller(zone) is None  # locked with the Axis survivors (R-PARA-2)
    assert all(f.total == 0 for f in s.airborne)
    assert s.destroyed[0] == Force(infantry=2, artillery=1)
    assert (s.turn, s.card) == (1, 2) and isinstance(s.step, NavalSplitStep)
    check_invariants(s)
    assert lines[-1] == "Turn 1, order 2: Naval Bombardment"


def test_order_1_blockhouse_cannot_be_chosen_and_there_is_no_counterattack() -> None:
    """A paratrooper hit never takes a blockhouse; a box without hits just passes to the next box."""
    s = position(card=1, turn=1, zones={"F11": {"Germany": "2i 1a 1b"}, "F10": {"Germany": "1i"}}, airborne=[3, 3, 0])
    s, _ = play(s, (1, 5, 6))
    assert legal(s) == ["casualties Germany:artillery:1", "casualties Germany:infantry:1"]
    err = refused(s, "casualties Germany:blockhouse:1", "ORDER-1")
    assert "blockhouse" in str(err)
    refused(s, "casualties Germany:infantry:2", "ORDER-1")
    s, lines = play(s, "casualties Germany:infantry:1", (2, 3, 4))
    assert has_line(lines, "82nd Airborne attacks F10", "0 hits")
    assert not any("defence" in line.lower() for line in lines)
    assert short(s, "F11", "Germany") == "1i 1a 1b" and short(s, "F10", "Germany") == "1i"
    assert short(s, "F11", "US") == "3i" and short(s, "F10", "US") == "3i"
    assert s.card == 2
