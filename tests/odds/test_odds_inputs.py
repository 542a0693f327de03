"""Bad questions to dday.odds raise OddsInputError (a ValueError) at once (issue 15)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from dday import odds
from dday.errors import DDayError, OddsInputError
from dday.odds.inputs import MAX_ATTACK_CARDS, MAX_EVENT_DICE, MAX_UNITS_A_SIDE
from dday.rules.state import RuleOptions
from dday.rules.units import Force

BAD_COUNTS: list[Any] = [-1, True, False, 2.0, 2.5, "3", None, [2]]

BAD_CALLS: list[tuple[str, Callable[[], object]]] = [
    # zone_fight and zone_fight_exact: cards, forces, sides, sizes
    *((f"cards={c!r}", lambda c=c: odds.zone_fight("1i", "1i", c)) for c in BAD_COUNTS),
    ("cards too many", lambda: odds.zone_fight("1i", "1i", MAX_ATTACK_CARDS + 1)),
    ("cards 10**9", lambda: odds.zone_fight_exact("1i", "1i", 10**9)),
    ("cards 10000", lambda: odds.zone_fight_exact("1i", "1i", 10_000)),
    ("200 v 200", lambda: odds.zone_fight({"infantry": 200}, {"infantry": 200}, 2)),
    ("31 Allied units", lambda: odds.zone_fight_exact("31i", "1i", 2)),
    ("31 Axis units", lambda: odds.zone_fight_exact("1i", "20i 11b", 2)),
    ("unknown unit", lambda: odds.zone_fight({"infantery": 2}, "1i", 2)),
    ("unknown letter", lambda: odds.zone_fight("2x", "1i", 2)),
    *((f"count {c!r}", lambda c=c: odds.zone_fight({"infantry": c}, "1i", 2)) for c in BAD_COUNTS),
    ("a Force with a float", lambda: odds.zone_fight(Force(infantry=1.5), "1i", 2)),  # type: ignore[arg-type]
    ("a force that is a number", lambda: odds.zone_fight(3, "1i", 2)),  # type: ignore[arg-type]
    ("side", lambda: odds.zone_fight("1i", "1i", 2, first="germans")),
    ("fortune die 7", lambda: odds.zone_fight("1i", "1i", 2, fortune=7)),
    ("Allied blockhouse", lambda: odds.zone_fight("1i 1b", "1i", 2)),
    ("TAC-10 with the Axis first", lambda: odds.zone_fight("1i 1a", "1i", 2, first="axis", tac10=True)),
    # one cycle, one side's hits, dice
    ("cycle side", lambda: odds.cycle("1i", "1i", "germany")),
    ("cycle too big", lambda: odds.cycle("40i", "1i", "allies")),
    ("cycle infantry_hit 9", lambda: odds.cycle("1i", "1i", "allies", infantry_hit=9)),
    ("cycle artillery_rolls 1", lambda: odds.cycle("1i", "1i", "allies", artillery_rolls=1)),  # type: ignore[arg-type]
    ("side_hits paired -1", lambda: odds.side_hits("1i", "allies", True, paired_infantry=-1)),
    ("cycle_distribution bool", lambda: odds.cycle_distribution({"tank": True}, "1i", "allies")),
    *((f"hits n={c!r}", lambda c=c: odds.hits(c, 1)) for c in BAD_COUNTS),
    ("hits too many dice", lambda: odds.hits(MAX_EVENT_DICE + 1, 1)),
    ("hits on 7", lambda: odds.hits(2, 7)),
    # the special events
    *((f"paratroopers {c!r}", lambda c=c: odds.paratroopers(c)) for c in BAD_COUNTS),
    ("paratroopers 10**6", lambda: odds.paratroopers(10**6)),
    ("paratroopers unknown unit", lambda: odds.paratroopers(3, {"panzer": 1})),
    *((f"naval_bombardment {c!r}", lambda c=c: odds.naval_bombardment(c)) for c in BAD_COUNTS),
    ("naval_bombardment dice", lambda: odds.naval_bombardment(2, dice=10**6)),
    ("naval_bombardment zone count", lambda: odds.naval_bombardment({"F14": -2})),
    ("naval_bombardment hit_on", lambda: odds.naval_bombardment(2, hit_on=8)),
    ("naval_bombardment_by_zone", lambda: odds.naval_bombardment_by_zone([("F14", 2.0)])),  # type: ignore[list-item]
    ("naval_bombardment_by_zone text", lambda: odds.naval_bombardment_by_zone("F14")),  # type: ignore[arg-type]
    *((f"antiaircraft {c!r}", lambda c=c: odds.antiaircraft(c, 2)) for c in BAD_COUNTS),
    ("antiaircraft aircraft", lambda: odds.antiaircraft(2, -3)),
    ("antiaircraft kind", lambda: odds.antiaircraft(2, 3, "zeppelin")),
    *((f"bomber_strike {c!r}", lambda c=c: odds.bomber_strike(c, 2)) for c in BAD_COUNTS),
    ("bomber_strike targets", lambda: odds.bomber_strike(2, 10**9)),
    *((f"fire_to_sea {c!r}", lambda c=c: odds.fire_to_sea(c, "2i")) for c in BAD_COUNTS),
    ("fire_to_sea box", lambda: odds.fire_to_sea(2, "2z")),
    ("fire_to_sea hit_on", lambda: odds.fire_to_sea(2, "2i", hit_on=-1)),
    *((f"strafing {c!r}", lambda c=c: odds.strafing(end=c)) for c in BAD_COUNTS),
    ("strafing units", lambda: odds.strafing(end=1, units=10**9)),
    ("strafing transit text", lambda: odds.strafing(transit="2")),  # type: ignore[arg-type]
    ("strafing transit count", lambda: odds.strafing(transit=[2, -1])),
    ("strafe_dice", lambda: odds.strafe_dice(start=1.0)),  # type: ignore[arg-type]
    *((f"reinforcement_placed {c!r}", lambda c=c: odds.reinforcement_placed(c)) for c in BAD_COUNTS),
    ("reinforcement_placed total 13", lambda: odds.reinforcement_placed(13)),
    ("reinforcement_placed power", lambda: odds.reinforcement_placed(8, "France")),
    ("reinforcement_placed Germany", lambda: odds.reinforcement_placed(8, "Germany")),
    ("reinforcements power", lambda: odds.reinforcements("USA")),
    ("reinforcements free beach", lambda: odds.reinforcements("US", {"Gold": 3})),
    ("reinforcements free count", lambda: odds.reinforcements("US", {"Utah": -1})),
    ("reinforcements free too much", lambda: odds.reinforcements("US", {"Utah": 10**6})),
    ("reinforcements queue", lambda: odds.reinforcements("US", queue=[0, 99])),
    ("reinforcements queue bool", lambda: odds.reinforcements("US", queue=[True])),
]


@pytest.mark.parametrize("call", [c for _, c in BAD_CALLS], ids=[name for name, _ in BAD_CALLS])
def test_bad_input_raises_odds_input_error_at_once(call: Callable[[], object]) -> None:
    start = time.perf_counter()
    with pytest.raises(OddsInputError) as info:
        call()
    assert time.perf_counter() - start < 1.0
    assert isinstance(info.value, ValueError) and isinstance(info.value, DDayError)
    assert str(info.value)  # a message that says what is wrong


def test_odds_input_error_is_importable_from_odds() -> None:
    assert odds.OddsInputError is OddsInputError


def test_the_largest_allowed_questions_are_answered() -> None:
    """The limits are limits, not errors: 30 v 30 over 2 cards, 200 cards, 100-dice events."""
    start = time.perf_counter()
    df = odds.zone_fight(f"{MAX_UNITS_A_SIDE}i", f"{MAX_UNITS_A_SIDE // 2}i {MAX_UNITS_A_SIDE // 2}b", 2)
    assert len(df) == 2 and not df.isna().any().any()
    assert len(odds.zone_fight("1i", "1i", MAX_ATTACK_CARDS)) == MAX_ATTACK_CARDS
    assert odds.paratroopers(MAX_EVENT_DICE).total == 1
    assert odds.strafing(end=3, units=MAX_EVENT_DICE).total == 1
    assert time.perf_counter() - start < 5.0


@pytest.mark.parametrize(("card", "fortune"), [(0, 0), (17, 0), (2, 7), (2.0, 1), (True, 0)])
def test_hit_numbers_checks_card_and_fortune(card: Any, fortune: Any) -> None:
    with pytest.raises(OddsInputError):
        odds.hit_numbers(RuleOptions(fortune=True), card, fortune)
