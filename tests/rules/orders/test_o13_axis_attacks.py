"""Order 13, Axis Attacks (ORDER-13), driven end to end: the tests of dday/rules/orders/o13_axis_attacks.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import has_line, legal, play, refused, short

from dday.rules.scenario import position
from dday.rules.steps import (
    ChooseCasualtiesStep,
    Roll,
)

LEGAL_13 = ["casualties Germany:blockhouse:2", "casualties Germany:infantry:1,Germany:blockhouse:1"]


def test_order_13_axis_attack_with_blockhouses_attacking_on_3() -> None:
    """Blockhouses attack on 3, Allied infantry defends on 2 with casualties firing; the Axis picks its own losses."""
    s = position(card=13, zones={"F17": {"Germany": "1i 2b", "UK": "3i"}}, airfield={"uk_fighter": 1})
    assert isinstance(s.step, Roll) and s.step.dice.groups == ((1, 1), (3, 2)) and s.step.defense_dice.groups == ((2, 3),)
    s, lines = play(s, (1, 3, 4))  # 2 hits: UK has only infantry, taken automatically
    assert short(s, "F17", "UK") == "1i"
    s, more = play(s, (2, 2, 5))  # all three UK infantry fire, 2 hits
    lines += more
    assert isinstance(s.step, ChooseCasualtiesStep) and s.step.who == "axis"
    assert legal(s) == LEGAL_13
    refused(s, "casualties Germany:infantry:1", "R-COMBAT-5")
    s, more = play(s, "casualties Germany:blockhouse:2")
    lines += more
    assert short(s, "F17", "Germany") == "1i" and short(s, "F17", "UK") == "1i"
    assert has_line(lines, "Combat in F17 Ouistreham: Axis (1i 2b) attack Allies (3i)", "-> 2 hits")
    assert has_line(lines, "Defence in F17", "casualties included", "-> 2 hits")
    assert (s.card, s.step.kind if isinstance(s.step, Roll) else None) == (14, "reinf")
