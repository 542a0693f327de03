"""Fortune cards: R-FORT-1..4, FORT-1..16 (both results), FAQ-36..39, EX-13, EX-18.

Every test scripts the fortune die: ``(1,)`` is the positive result, ``(6,)`` the negative one,
``(3,)`` no effect (R-FORT-2). Positions come from :func:`dday.rules.scenario.position`, which with
``RuleOptions(fortune=True)`` stops first at the fortune roll of the card.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from helpers import engine_cycle, legal, refused
from helpers import has_line as has
from helpers import play_from as play

from dday import odds
from dday.rules.board import load_board
from dday.rules.decks import FORTUNE
from dday.rules.effects import AttackOnly, NoAA
from dday.rules.engine import chance_outcomes
from dday.rules.fortune import hit_number
from dday.rules.scenario import position
from dday.rules.setup import initial_state, state_from_json
from dday.rules.state import RuleOptions, State
from dday.rules.steps import (
    AARoll,
    AttackRoll,
    ChooseCasualtiesStep,
    FortuneRoll,
    LandingStep,
    PatrolStep,
    PickStep,
    PlaceReinforcementsStep,
)
from dday.rules.units import EMPTY, Air, Force

FORT = RuleOptions(fortune=True)


def fortune_pos(card: int, **kw: Any) -> State:
    s = position(card=card, options=kw.pop("options", FORT), **kw)
    assert isinstance(s.step, FortuneRoll) and s.step.card == card
    return s


# ---------------------------------------------------------------------------------------------
# procedure (R-FORT-1..4)


def test_r_fort_1_fortune_card_comes_before_its_order() -> None:
    s = initial_state(FORT)
    assert isinstance(s.step, FortuneRoll) and s.step.card == 1
    assert s.step.roller == "allies"
    s2, lines = play(s, (3,))
    assert s2.step.kind == "para"  # type: ignore[attr-defined]  # the order itself comes after the fortune die
    assert has(lines, "Fortune card 1", "no effect")
    # off by default: the basic game starts with the paratroopers at once
    assert initial_state().step.kind == "para"  # type: ignore[attr-defined]


def test_r_fort_1_every_order_has_its_fortune_card() -> None:
    assert sorted(FORTUNE) == list(range(1, 17))
    for _n, card in FORTUNE.items():
        assert card.roller in ("allies", "axis")
        assert card.positive and card.negative


@pytest.mark.parametrize(("face", "result"), [(1, 1), (2, 0), (3, 0), (4, 0), (5, 0), (6, 6)])
def test_r_fort_2_one_is_positive_six_negative_else_nothing(face: int, result: int) -> None:
    s = fortune_pos(9, zones={"F15": {"Germany": "2b"}}, beaches={"Gold": "5i 1a 1t"})
    assert isinstance(s.step, FortuneRoll) and s.step.roller == "axis"  # the side active on order 9 rolls
    s2, lines = play(s, (face,))
    assert s2.fortune == result
    assert has(lines, "Fortune card 9 (the Axis roll)", {1: "positive", 0: "no effect", 6: "negative"}[result])


def test_r_fort_2_effect_lasts_for_its_order_only() -> None:
    s = fortune_pos(7, patrols={"F26": {"uk_bomber": 1}}, airfield={"uk_fighter": 1})
    s = replace(s, air_lost=Air(uk_bomber=1))
    s, _ = play(s, (1,))  # one lost bomber returns, order 7 resolves
    # order 8 follows with its own fortune roll: the FORT-7 result is gone
    assert s.card == 8 and s.fortune == 0 and s.step.kind == "fortune"  # type: ignore[attr-defined]


def test_r_fort_3_faq_36_fortune_card_rides_along_with_its_order() -> None:
    # order 2 had left the deck; a blockhouse is back, so order 2 and fortune 2 return together
    s = fortune_pos(16, turn=3, deck=[c for c in range(2, 17) if c != 2], removed=[2], zones={"F14": {"Germany": "1b"}})
    s, lines = play(s, (3,))
    assert has(lines, "Order 2 returns to the deck")
    assert s.turn == 4 and s.card == 2 and isinstance(s.step, FortuneRoll) and s.step.card == 2
    # order 2 in the deck but no blockhouse left: it leaves, and its fortune card is not rolled
    s = fortune_pos(16, turn=3, zones={"F30": {"Germany": "1i"}})
    s, lines = play(s, (3,))
    assert has(lines, "Order 2 leaves the deck")
    assert not has(lines, "Fortune card 2")
    assert 2 not in s.deck and isinstance(s.step, FortuneRoll) and s.step.card != 2


def test_r_fort_3_fort_1_leaves_with_order_1() -> None:
    s = fortune_pos(16, turn=1, deck=range(1, 17), zones={"F14": {"Germany": "1b"}}, airfield={"uk_fighter": 1})
    s, lines = play(s, (3,))
    assert has(lines, "Order 1 leaves the deck")
    assert s.turn == 2 and 1 not in s.deck
    assert isinstance(s.step, FortuneRoll) and s.step.card == 2  # no FORT-1 on turn 2


def test_r_fort_4_faq_37_rerolled_die_is_kept_even_if_worse() -> None:
    s = fortune_pos(14, charts={"UK": []})
    s, _ = play(s, (1,), (2, 3))
    assert isinstance(s.step, PickStep) and s.step.purpose == "reroll" and s.step.side == "allies"
    assert s.step.options == ("keep", "reroll-2", "reroll-3")
    s, lines = play(s, "pick reroll-3", (1,))  # 2 + 3 = 5 becomes 2 + 1 = 3: the worse roll stands
    assert has(lines, "Re-rolled die: 1 (kept 2)")
    assert has(lines, "US reinforcements: 2d6 2,1 = 3", "next 3 units")
    assert s.beach_units("Utah").short() == "3i"


# ---------------------------------------------------------------------------------------------
# FORT-1 .. FORT-16


def test_fort_1_result_1_paratroopers_hit_on_two() -> None:
    s = fortune_pos(1, turn=1, airborne=[3, 3, 3], zones={"F11": {"Germany": "2i 1b"}})
    s, lines = play(s, (1,))
    assert s.step.kind == "para" and s.step.dice.groups == ((2, 3),)  # type: ignore[attr-defined]
    s, lines = play(s, (2, 2, 5))
    assert has(lines, "2 hits", "hits on 1-2")
    assert s.units("F11", "Germany").short() == "1b"
    # without the card a 2 misses
    s0, _lines0 = play(fortune_pos(1, turn=1, airborne=[3, 3, 3], zones={"F11": {"Germany": "2i 1b"}}), (3,), (2, 2, 5))
    assert s0.units("F11", "Germany").short() == "2i 1b"


def test_fort_1_result_6_axis_removes_two_paratroopers_rest_do_not_attack() -> None:
    s = fortune_pos(1, turn=1, airborne=[3, 3, 3], zones={"F11": {"Germany": "1i 1b"}, "F17": {"Germany": "1i 2b"}})
    s, lines = play(s, (6,))
    assert has(lines, "RECONSTRUCTED")
    assert isinstance(s.step, PickStep) and s.step.side == "axis" and s.step.purpose == "fort1"
    assert set(s.step.options) == {"F11", "F10", "F17"}
    refused(s, "pick F30", "FORT-1")
    s, lines = play(s, "pick F17", "pick F17")  # both from the British box (open question 12: allowed)
    assert s.units("F17", "UK").short() == "1i" and s.units("F10", "US").short() == "3i" and s.units("F11", "US").short() == "3i"
    assert s.left_play[1].infantry == 2 and s.destroyed[1].infantry == 0  # "removed from play", not destroyed
    assert not has(lines, "attacks")  # no airborne dice at all
    assert s.units("F11", "Germany").short() == "1i 1b"



@pytest.mark.rules("FORT-1", "TAC-16")
def test_fort_1_result_6_removed_paratroopers_leave_play_for_good() -> None:
    """The card says "removed from play": the two paratroopers are not destroyed, so every unit
    is still accounted for, a saved position keeps them out, and TAC-16 (which returns destroyed
    infantry to the charts) cannot bring them back."""
    s0 = fortune_pos(1, turn=1, airborne=[3, 3, 3], zones={"F11": {"Germany": "1i 1b"}})
    s, _ = play(s0, (6,), "pick F10", "pick F17")
    assert s.left_play[1:] == (Force(infantry=1), Force(infantry=1)) and s.destroyed[1:] == (EMPTY, EMPTY)
    assert s.inventory() == s0.inventory()  # out of the game, still counted
    assert state_from_json(s.to_json()).left_play == s.left_play  # a save keeps them out of play
    assert "left_play" not in s0.to_json()  # positions without such units keep their old form

    uk_boxes = list(range(5, len(load_board().chart("UK").boxes)))  # the UK chart's first five boxes are empty
    late = position(card=16, options=RuleOptions(fortune=True, tactics=True), charts={"UK": uk_boxes}, zones={"F30": {"Germany": "1i"}})
    late = replace(late, left_play=(EMPTY, Force(infantry=2), EMPTY))  # two UK paratroopers removed, none destroyed
    after, lines = play(late, (3,), "pick use")
    assert has(lines, "Tactics card 16 'Volunteers Home Front' is not used")
    assert after.left_play == late.left_play and after.charts[1] == late.charts[1]

def test_fort_2_result_1_and_6_naval_hit_numbers() -> None:
    for face, on, roll, destroyed in ((1, 3, 3, True), (6, 1, 2, False), (3, 2, 2, True)):
        s = fortune_pos(2, zones={"F14": {"Germany": "2b"}})
        s, _ = play(s, (face,), "split-naval 6")  # one target: aimed at once
        assert s.step.kind == "naval" and s.step.dice.groups == ((on, 1),)  # type: ignore[attr-defined]
        assert hit_number(s, "naval") == on
        s, lines = play(s, (roll,))
        assert s.units("F14", "Germany").blockhouse == (1 if destroyed else 2), (face, lines)


@pytest.mark.rules("FORT-2", "EX-13")
def test_ex_13_fortune_numbers_naval_odds() -> None:
    """EX-13: FORT-2 result 1 hits on <=3, result 6 only on 1; the odds module takes ``hit_on``."""
    s, _ = play(fortune_pos(2, zones={"F14": {"Germany": "2b"}}), (1,), "split-naval 6")
    assert sorted(chance_outcomes(s)) == [((1,), Fraction(1, 2)), ((6,), Fraction(1, 2))]
    assert odds.naval_bombardment(2, hit_on=3)[0] == Fraction(1, 2) ** 6
    assert odds.naval_bombardment(2, hit_on=1)[0] == Fraction(5, 6) ** 6
    assert odds.naval_bombardment(2, hit_on=odds.hit_numbers(FORT, 2, 1)["naval"]).probs == odds.naval_bombardment(2, hit_on=3).probs


@pytest.mark.rules("FORT-14", "EX-13")
def test_ex_13_fort_14_result_6_halves_each_power_rounding_up() -> None:
    s = fortune_pos(14)
    s, lines = play(s, (6,), (4, 5), (3, 4))  # US 9 -> 5, UK 7 -> 4 (not half of 16)
    assert has(lines, "US reinforcements: 2d6 4,5 = 9 (halved, rounded up (FORT-14 result 6))", "next 5 units")
    assert has(lines, "UK reinforcements: 2d6 3,4 = 7", "next 4 units")
    assert isinstance(s.step, PlaceReinforcementsStep) and s.step.quota[:2] == (5, 4)


def test_fort_3_result_1_no_fighter_limit() -> None:
    s = fortune_pos(3, airfield={"uk_fighter": 4, "us_fighter": 2})
    s1, _ = play(s, (1,), "patrol UK F30 4", "patrol US F30 2")
    assert s1.fighters_in("F30") == 6
    s3, _ = play(s, (3,), "patrol UK F30 4")
    refused(s3, "patrol US F30 1", "R-STACK-3")


def test_fort_3_result_6_fighters_grounded_on_four_to_six() -> None:
    s = fortune_pos(3, airfield={"uk_fighter": 2, "us_fighter": 1})
    s, _ = play(s, (6,))
    assert s.step.kind == "ground" and s.step.dice.groups == ((3, 2), (3, 1))  # type: ignore[attr-defined]
    s, lines = play(s, (1, 5, 6))
    assert has(lines, "1 UK and 1 US fighter stay on the airfield", "RECONSTRUCTED")
    assert s.grounded == Air(uk_fighter=1, us_fighter=1)
    assert isinstance(s.step, PatrolStep)
    refused(s, "patrol UK F30 2", "R-AIR-2")
    assert legal(s) == sorted(["done", *[f"patrol UK {z.id} 1" for z in s.board.zones]])
    s, _ = play(s, "patrol UK F30 1")
    assert s.airfield == Air(uk_fighter=1, us_fighter=1)  # grounded planes stay, not destroyed


def test_fort_4_result_1_aa_hits_on_two() -> None:
    s = fortune_pos(4, zones={"F30": {"Germany": "1a"}}, patrols={"F30": {"uk_fighter": 1}})
    assert isinstance(s.step, FortuneRoll) and s.step.roller == "axis"
    s, _ = play(s, (1,))
    assert s.step.kind == "aa" and s.step.dice.groups == ((2, 1),)  # type: ignore[attr-defined]
    s, _ = play(s, (2,))
    assert s.fighters_in("F30") == 0 and s.air_lost.uk_fighter == 1


def test_fort_4_result_6_allies_pick_a_zone_without_aa() -> None:
    s = fortune_pos(
        4, zones={"F30": {"Germany": "1a"}, "F26": {"Germany": "1a"}}, patrols={"F30": {"uk_fighter": 1}, "F26": {"us_fighter": 1}}
    )
    s, lines = play(s, (6,))
    assert isinstance(s.step, PickStep) and s.step.side == "allies" and set(s.step.options) == {"F26", "F30"}
    assert not has(lines, "Antiaircraft: ")  # the zone is picked before any AA die
    refused(s, "pick F14", "FORT-4")
    s, lines = play(s, "pick F26")
    assert NoAA("F26") in s.effects
    assert s.step.kind == "aa" and s.step.zone == "F30"  # type: ignore[attr-defined]
    s, lines = play(s, (1,))
    assert s.fighters_in("F26") == 1 and s.fighters_in("F30") == 0


def test_fort_5_result_1_bombers_hit_on_five() -> None:
    s = fortune_pos(5, airfield={"uk_bomber": 1}, zones={"F26": {"Germany": "1a"}})
    s, _ = play(s, (1,), "bomb UK F26 artillery")
    assert s.step.kind == "bomb" and s.step.dice.groups == ((5, 1),)  # type: ignore[attr-defined]
    s, _ = play(s, (5,))
    assert s.units("F26", "Germany").total == 0


def test_fort_5_result_6_bombers_grounded() -> None:
    s = fortune_pos(5, airfield={"uk_bomber": 1, "us_bomber": 1}, zones={"F26": {"Germany": "1a"}})
    s, lines = play(s, (6,), (4, 2))
    assert has(lines, "1 UK and 0 US bombers stay on the airfield")
    refused(s, "bomb UK F26 artillery", "R-AIR-5")
    assert "bomb US F26 artillery" in legal(s)


def test_fort_6_result_1_and_6_aa_against_bombers() -> None:
    kw: dict[str, Any] = {"zones": {"F26": {"Germany": "1a"}}, "patrols": {"F26": {"uk_bomber": 1}}}
    s, _ = play(fortune_pos(6, **kw), (1,))
    assert isinstance(s.step, AARoll) and s.step.dice.groups == ((2, 1),) and s.step.aircraft == "bomber"
    # result 6 with one zone: the only choice is taken at once, and no AA die is rolled
    s, lines = play(fortune_pos(6, **kw), (6,))
    assert has(lines, "No antiaircraft fire in F26") and not has(lines, "Antiaircraft: ")
    assert s.card == 7 or s.card > 6


def test_fort_7_result_1_lost_bomber_returns() -> None:
    s = replace(fortune_pos(7, patrols={"F26": {"uk_bomber": 1}}), air_lost=Air(uk_bomber=1, us_bomber=1))
    s, _ = play(s, (1,))
    assert isinstance(s.step, PickStep) and s.step.purpose == "air-return" and s.step.options == ("UK", "US")
    s, lines = play(s, "pick US")
    assert has(lines, "A lost US bomber returns to the airfield")
    assert s.airfield.us_bomber == 1 and s.airfield.uk_bomber == 1 and s.air_lost == Air(uk_bomber=1)
    # nothing lost: no effect
    s, lines = play(fortune_pos(7, patrols={"F26": {"uk_bomber": 1}}), (1,))
    assert s.airfield.uk_bomber == 1 and not has(lines, "returns to the airfield (FORT-7")


def test_fort_7_result_6_axis_removes_a_bomber_before_return() -> None:
    s = fortune_pos(7, patrols={"F26": {"uk_bomber": 1}, "F2": {"us_bomber": 1}})
    s, _ = play(s, (6,))
    assert isinstance(s.step, PickStep) and s.step.side == "axis" and set(s.step.options) == {"F2:US", "F26:UK"}
    s, lines = play(s, "pick F26:UK")
    assert s.air_lost == Air(uk_bomber=1) and s.airfield.us_bomber == 1 and s.airfield.uk_bomber == 0
    assert has(lines, "1 bomber returns")


def test_fort_8_result_1_every_allied_unit_may_move_two() -> None:
    kw: dict[str, Any] = {"zones": {"F15": {"UK": "2i"}, "F23": {"Germany": "1i"}, "F16": {"UK": "1a"}}}
    s, _ = play(fortune_pos(8, **kw), (1,))
    s2, _ = play(s, "move UK artillery F16>F17>F31", "done")
    assert s2.units("F31", "UK").short() == "1a"
    refused(s, "move UK infantry F15>F23>F29", "R-MOVE-4")  # non-tanks follow the tank rule (RECONSTRUCTED)
    s3, _ = play(fortune_pos(8, **kw), (3,))
    refused(s3, "move UK artillery F16>F17>F31", "R-MOVE-1")


def test_fort_8_result_6_each_power_moves_out_of_one_zone() -> None:
    s = fortune_pos(8, zones={"F15": {"UK": "2i"}, "F16": {"UK": "1i"}, "F14": {"US": "2i"}, "F13": {"US": "1i"}})
    s, _ = play(s, (6,), "move UK infantry F15>F23")
    refused(s, "move UK infantry F16>F23", "FORT-8")
    s, _ = play(s, "move UK infantry F15>F22", "move US infantry F14>F21")  # the F15 units may split up
    refused(s, "move US infantry F13>F20", "FORT-8")
    assert not any(m.startswith("move UK infantry F16") for m in legal(s))
    s, _ = play(s, "done")
    assert s.units("F23", "UK").total == 1 and s.units("F22", "UK").total == 1 and s.units("F16", "UK").total == 1


def test_fort_9_result_1_and_6_blockhouse_fire_numbers() -> None:
    for face, on, roll, lost in ((1, 5, 5, True), (6, 1, 2, False), (3, 3, 3, True)):
        s = fortune_pos(9, zones={"F15": {"Germany": "1b"}}, beaches={"Gold": "1t"})
        s, _ = play(s, (face,))
        assert s.step.kind == "sea" and s.step.dice.groups == ((on, 1),), face  # type: ignore[attr-defined]
        s, _ = play(s, (roll,))
        assert s.beach_units("Gold").tank == (0 if lost else 1)


def test_fort_10_result_1_faq_38_coordinated_landing_may_split() -> None:
    s, _ = play(fortune_pos(10, beaches={"Gold": "2i", "Omaha": "1i"}), (1,))
    assert isinstance(s.step, LandingStep)
    assert {"land Gold infantry", "land Gold infantry >F16", "land Gold infantry >F17"} <= set(legal(s))
    refused(s, "land Gold infantry >F14", "R-BEACH-2")  # a UK box lands into UK zones only
    s, _ = play(s, "land Gold infantry >F16", "land Gold infantry", "land Omaha infantry >F11")
    assert s.units("F16", "UK").infantry == 1 and s.units("F15", "UK").infantry == 1 and s.units("F11", "US").infantry == 1
    s3, _ = play(fortune_pos(10, beaches={"Gold": "2i"}), (3,))
    refused(s3, "land Gold infantry >F16", "R-BEACH-2")


def test_fort_10_result_6_one_uk_box_and_one_us_box() -> None:
    s = fortune_pos(10, beaches={"Gold": "2i", "Juno": "1i", "Omaha": "1i", "Utah": "2i"})
    s, _ = play(s, (6,), "land Gold infantry")
    refused(s, "land Juno infantry", "FORT-10")
    assert not any("Juno" in a for a in legal(s))
    s, _ = play(s, "land Gold infantry", "land Utah infantry")
    refused(s, "land Omaha infantry", "FORT-10")
    s, _ = play(s, "done")
    assert s.beach_units("Juno").total == 1 and s.beach_units("Omaha").total == 1


def test_fort_11_result_1_allied_infantry_attack_on_two() -> None:
    s, _ = play(fortune_pos(11, zones={"F30": {"Germany": "1i", "UK": "2i 1a"}}), (1,))
    assert s.step.kind == "attack" and s.step.dice.groups == ((2, 3),)  # type: ignore[attr-defined]
    s0, _ = play(fortune_pos(11, zones={"F30": {"Germany": "1i", "UK": "2i 1a"}}), (3,))
    assert s0.step.dice.groups == ((1, 2), (2, 1))  # type: ignore[attr-defined]
    s, _ = play(s, (2, 2, 6))
    assert s.units("F30", "Germany").total == 0


def test_fort_11_result_1_exact_odds_match_the_engine() -> None:
    att, dfn = {"infantry": 3, "artillery": 1, "tank": 1}, {"infantry": 2, "tank": 1, "blockhouse": 1}
    s, _ = play(fortune_pos(11, zones={"F30": {"Germany": "2i 1t 1b", "UK": "3i 1a 1t"}}), (1,))
    kw = odds.combat_options(s)
    assert kw == {"infantry_hit": 2, "paired_infantry": 0, "artillery_rolls": True}
    exact = odds.cycle(att, dfn, "allies", **kw)
    assert exact == engine_cycle(s)
    assert exact != odds.cycle(att, dfn, "allies")
    assert odds.cycle(att, dfn, "allies", infantry_hit=odds.hit_numbers(FORT, 11, 1)["attack_infantry"]) == exact
    # the Markov chain takes the same options
    better = odds.zone_fight(att, dfn, cards=1, options=FORT, fortune=1)
    normal = odds.zone_fight(att, dfn, cards=1)
    assert better["allies_hold"].iloc[0] > normal["allies_hold"].iloc[0]


def test_fort_11_result_6_faq_39_ex_18_uncoordinated_attacks() -> None:
    zones = {
        "F14": {"Germany": "1i", "US": "1i"},
        "F26": {"Germany": "1i", "UK": "1i"},
        "F30": {"Germany": "1i", "UK": "1i 1a", "US": "2i"},
    }
    s, _ = play(fortune_pos(11, zones=zones), (6,))
    assert isinstance(s.step, PickStep) and s.step.purpose == "fort11" and s.step.data[0] == "UK"
    assert set(s.step.options) == {"F26", "F30"}
    refused(s, "pick F14", "FORT-11")
    s, _ = play(s, "pick F30")
    assert s.step.data[0] == "US" and set(s.step.options) == {"F14", "F30"}  # type: ignore[attr-defined]
    s, lines = play(s, "pick F14")
    assert {AttackOnly("UK", "F30"), AttackOnly("US", "F14")} <= set(s.effects)
    # F14: only the US (its pick) attacks
    assert isinstance(s.step, AttackRoll) and s.step.zone == "F14" and s.step.powers == ("US",)
    s, lines = play(s, (6,), (6,))
    assert has(lines, "No combat cycle in F26")  # nobody picked F26
    # F30: only the UK units fire; the US units neither fire nor can be casualties
    assert isinstance(s.step, AttackRoll) and s.step.zone == "F30" and s.step.powers == ("UK",) and s.step.dice.count == 2
    s, _ = play(s, (6, 6), (2,))
    assert isinstance(s.step, ChooseCasualtiesStep) and s.step.only_powers == ("UK",)
    assert legal(s) == ["casualties UK:artillery:1", "casualties UK:infantry:1"]
    refused(s, "casualties US:infantry:1", "R-COMBAT-5")
    s, _ = play(s, "casualties UK:infantry:1")
    assert s.units("F30", "US").short() == "2i" and s.units("F30", "UK").short() == "1a"
    assert s.units("F26", "UK").short() == "1i" and s.units("F26", "Germany").short() == "1i"


@pytest.mark.rules("FAQ-39")
def test_fort_11_result_6_both_powers_pick_the_same_zone() -> None:
    s, _ = play(fortune_pos(11, zones={"F30": {"Germany": "1i", "UK": "1i", "US": "1i"}, "F14": {"Germany": "1i", "US": "1i"}}), (6,))
    # the UK has one zone to choose from: taken at once; the US picks F30 too
    s, _ = play(s, "pick F30")
    assert isinstance(s.step, AttackRoll) and s.step.zone == "F30" and set(s.step.powers) == {"UK", "US"} and s.step.dice.count == 2


def test_fort_12_result_1_every_axis_unit_may_move_two() -> None:
    s, _ = play(fortune_pos(12, zones={"F38": {"Germany": "1i"}, "F30": {"UK": "1i"}}), (1,))
    assert "move Germany infantry F38>F39>F42" in legal(s)
    s, _ = play(s, "move Germany infantry F38>F39>F42")  # the only unit: the move resolves at once
    assert s.units("F42", "Germany").short() == "1i"
    s3, _ = play(fortune_pos(12, zones={"F38": {"Germany": "1i"}, "F30": {"UK": "1i"}}), (3,))
    refused(s3, "move Germany infantry F38>F39>F42", "R-MOVE-1")


def test_fort_12_result_6_axis_moves_out_of_two_zones() -> None:
    s = fortune_pos(12, zones={"F38": {"Germany": "1i"}, "F40": {"Germany": "2i"}, "F41": {"Germany": "1i"}, "F30": {"UK": "1i"}})
    s, _ = play(s, (6,), "move Germany infantry F38>F37", "move Germany infantry F40>F37")
    refused(s, "move Germany infantry F41>F42", "FORT-12")
    s, _ = play(s, "move Germany infantry F40>F41")  # nothing else may move: resolved at once
    assert s.units("F37", "Germany").total == 2 and s.units("F41", "Germany").total == 2


def test_fort_13_result_1_axis_infantry_attack_on_two() -> None:
    s, _ = play(fortune_pos(13, zones={"F30": {"Germany": "2i 1t", "UK": "1i"}}), (1,))
    assert s.step.kind == "attack" and s.step.dice.groups == ((2, 2), (3, 1))  # type: ignore[attr-defined]
    kw = odds.combat_options(s)
    assert odds.cycle({"infantry": 2, "tank": 1}, {"infantry": 1}, "axis", **kw) == engine_cycle(s)


def test_fort_13_result_6_axis_attacks_in_two_zones() -> None:
    zones = {z: {"Germany": "1i", "UK": "1i"} for z in ("F14", "F26", "F30")}
    s, _ = play(fortune_pos(13, zones=zones), (6,))
    assert isinstance(s.step, PickStep) and s.step.side == "axis" and len(s.step.options) == 3
    s, lines = play(s, "pick F30", "pick F26")
    assert has(lines, "No combat cycle in F14")
    assert s.step.zone == "F26"  # type: ignore[attr-defined]


def test_fort_14_result_1_each_allied_power_may_reroll_one_die() -> None:
    s, _ = play(fortune_pos(14), (1,), (2, 3), "pick keep", (5, 5))
    assert isinstance(s.step, PickStep) and s.step.options == ("keep", "reroll-5")  # a double offers one re-roll choice
    s, lines = play(s, "pick reroll-5", (6,))
    assert has(lines, "UK reinforcements: 2d6 5,6 = 11")
    assert isinstance(s.step, PlaceReinforcementsStep) and s.step.quota[:2] == (5, 11)


def test_fort_15_result_1_and_6_german_sectors() -> None:
    s, lines = play(fortune_pos(15), (6,), (2, 3), (6, 6))
    assert has(lines, "2d6 2,3 = 5 (halved", "next 3 units") and has(lines, "2d6 6,6 = 12 (halved", "next 6 units")
    s, _ = play(fortune_pos(15), (1,), (1, 1))
    assert isinstance(s.step, PickStep) and s.step.side == "axis" and s.step.purpose == "reroll"
    s, lines = play(s, "pick reroll-1", (6,))
    assert has(lines, "2d6 1,6 = 7")


def test_fort_16_result_1_lost_fighter_returns_and_6_axis_removes_one() -> None:
    s = replace(fortune_pos(16, patrols={"F30": {"uk_fighter": 2}}), air_lost=Air(us_fighter=1))
    s, lines = play(s, (1,))  # one choice (US): taken at once
    assert (s.air_lost == Air() and s.airfield.us_fighter == 1) or s.turn == 3
    assert has(lines, "A lost US fighter returns")
    s = fortune_pos(16, patrols={"F30": {"uk_fighter": 2}, "F14": {"us_fighter": 1}})
    s, _ = play(s, (6,))
    assert isinstance(s.step, PickStep) and s.step.side == "axis" and set(s.step.options) == {"F14:US", "F30:UK"}
    s, lines = play(s, "pick F14:US")
    assert has(lines, "The Axis removes a US fighter") and has(lines, "2 fighters return")
    assert s.air_lost.us_fighter == 1


def test_fortune_results_are_recorded_as_reconstructed_when_they_are() -> None:
    for _n, card in FORTUNE.items():
        if card.reconstructed:
            assert card.confidence  # every card says where it comes from
    _s, lines = play(fortune_pos(3, airfield={"uk_fighter": 1}), (6,))
    assert has(lines, "Fortune card 3", "RECONSTRUCTED")


def test_fortune_result_is_saved_with_the_state() -> None:
    s, _ = play(
        fortune_pos(
            4, zones={"F30": {"Germany": "1a"}, "F26": {"Germany": "1a"}}, patrols={"F30": {"uk_fighter": 1}, "F26": {"us_fighter": 1}}
        ),
        (6,),
        "pick F26",
    )
    data = s.to_json()
    assert data["fortune"] == 6 and "NOAA:F26" in data["effects"] and data["rules"]["fortune"] is True


@pytest.mark.rules("FORT-4", "FORT-6", "R-FORT-2")
def test_fort_4_result_6_quiet_zone_does_not_carry_over_to_order_6() -> None:
    s = fortune_pos(
        4,
        zones={"F30": {"Germany": "1a"}, "F26": {"Germany": "1a"}},
        patrols={"F30": {"uk_fighter": 1}, "F26": {"us_fighter": 1}},
        airfield={"uk_bomber": 1},
    )
    s, _ = play(s, (6,), "pick F30", (6,))  # no AA in F30 on order 4; F26's AA misses
    assert NoAA("F30") not in s.effects
    s, _ = play(s, (3,), "bomb UK F30 artillery", (6,), (3,))  # order 5, then order 6 with no fortune effect
    assert s.card == 6 and s.step.kind == "aa" and s.step.zone == "F30"  # type: ignore[attr-defined]
