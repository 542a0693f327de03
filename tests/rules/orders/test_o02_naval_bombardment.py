"""Order 2, Naval Bombardment (ORDER-2), driven end to end: the tests of dday/rules/orders/o02_naval_bombardment.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import ALL_AIR, has_line, legal, play, refused, short

from dday.rules.scenario import position
from dday.rules.state import RuleOptions
from dday.rules.steps import (
    NavalRoll,
    NavalSplitStep,
    NavalTargetStep,
    PatrolStep,
)
from dday.rules.units import Force


def test_order_2_six_dice_one_at_a_time_with_re_aiming() -> None:
    """The UK takes 2 dice, the US 4; each die is aimed just before it is rolled; a destroyed blockhouse drops out."""
    s = position(card=2, zones={"F14": {"Germany": "2i 2b"}, "F2": {"Germany": "1i 2b"}, "F15": {"Germany": "1b"}}, airfield=ALL_AIR)
    assert isinstance(s.step, NavalSplitStep)
    assert legal(s) == [f"split-naval {k}" for k in range(7)]
    refused(s, "split-naval 7", "R-NAVAL-2")
    s, lines = play(s, "split-naval 2")
    assert lines == ["Naval dice: UK 2, US 4 (R-NAVAL-2)"]
    assert isinstance(s.step, NavalTargetStep) and s.step.die == 0
    assert legal(s) == ["bombard F14", "bombard F15", "bombard F2"]
    refused(s, "bombard F30", "R-NAVAL-1")

    s, lines = play(s, "bombard F14", (1,), "bombard F14", (3,), "bombard F14", (2,))
    assert short(s, "F14", "Germany") == "2i"
    assert legal(s) == ["bombard F15", "bombard F2"]  # F14 has no blockhouse left to aim at
    s, more = play(s, "bombard F2", (6,), "bombard F15", (1,), (2,))  # the last die has one target left: auto-aimed
    lines += more
    dice_lines = [line for line in lines if line.startswith("Naval die")]
    assert [line.split(":")[0] for line in dice_lines] == [
        "Naval die 1 (UK) at a blockhouse in F14 Isigny-sur-Mer",
        "Naval die 2 (UK) at a blockhouse in F14 Isigny-sur-Mer",
        "Naval die 3 (US) at a blockhouse in F14 Isigny-sur-Mer",
        "Naval die 4 (US) at a blockhouse in F2 Cherbourg",
        "Naval die 5 (US) at a blockhouse in F15 Bayeux",
        "Naval die 6 (US) at a blockhouse in F2 Cherbourg",
    ]
    results = [line.rsplit("-> ", 1)[1].split()[0] for line in dice_lines]
    assert results == ["destroyed", "miss", "destroyed", "miss", "destroyed", "destroyed"]
    assert short(s, "F2", "Germany") == "1i 1b" and short(s, "F15", "Germany") == "-"
    assert s.destroyed[0] == Force(blockhouse=4)
    assert (s.card, type(s.step)) == (3, PatrolStep)


def test_order_2_dice_left_over_are_lost_when_no_blockhouse_remains() -> None:
    """With the last blockhouse gone after die 2, dice 3..6 are lost and the card ends."""
    s = position(card=2, zones={"F18": {"Germany": "1i 1a 1b"}}, airfield=ALL_AIR)
    s, lines = play(s, "split-naval 6", (5,), (2,))
    assert has_line(lines, "remaining 4 naval dice are lost")
    assert s.blockhouses_in_play() == 0 and short(s, "F18", "Germany") == "1i 1a"
    assert s.card == 3
    one = position(card=2, zones={"F18": {"Germany": "1b"}}, airfield=ALL_AIR)
    _, lines = play(one, "split-naval 6", (5,), (6,), (4,), (3,), (2,))
    assert has_line(lines, "No blockhouse is left: the remaining 1 naval die is lost (R-NAVAL-3)")


def test_order_2_two_player_game_has_no_split() -> None:
    """With one Allied player the six dice are rolled without a split step."""
    s = position(card=2, zones={"F14": {"Germany": "2b"}}, options=RuleOptions(three_player=False), airfield=ALL_AIR)
    assert isinstance(s.step, NavalRoll) and s.step.power == "Allies"
    s, lines = play(s, (6,), (6,), (6,), (6,), (6,), (6,))
    assert sum(line.startswith("Naval die") for line in lines) == 6
    assert short(s, "F14", "Germany") == "2b" and s.card == 3
