"""Each combat modifier and the placement of reinforcements are stated once, in dday.rules, and the
odds ask them (issue 15): changing the rule's function changes the engine and the odds together."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dday import odds
from dday.rules.board import load_board
from dday.rules.orders import combat, reinforcements
from dday.rules.state import RuleOptions
from dday.rules.units import Force


@pytest.mark.rules("FORT-11", "FORT-13")
def test_fortune_infantry_hit_is_two_on_a_one_for_orders_11_and_13_only() -> None:
    assert [combat.fortune_infantry_hit(c, f) for c, f in ((11, 1), (13, 1), (11, 6), (13, 0), (9, 1))] == [2, 2, None, None, None]
    assert odds.hit_numbers(RuleOptions(fortune=True), 13, 1)["attack_infantry"] == 2
    assert odds.fight_model.card_modes(1, "axis", None, 1, False) == ((1, odds.CombatOptions(infantry_hit=2)),)


@pytest.mark.rules("TAC-10")
def test_tac10_pairs_one_allied_infantry_per_artillery() -> None:
    f = Force(infantry=3, artillery=2)
    assert combat.tac10_paired_infantry(f, "allies", True) == 2
    assert combat.tac10_paired_infantry(f, "axis", True) == 0
    assert combat.tac10_paired_infantry(f, "allies", False) == 0
    assert odds.dice_weights.opts_for(f, True, odds.CombatOptions(tac10=True))["paired_infantry"] == 2


@pytest.mark.rules("VAR-RM-9")
def test_artillery_does_not_roll_with_artillery_orders() -> None:
    assert combat.artillery_rolls(RuleOptions()) and not combat.artillery_rolls(RuleOptions(artillery_orders=True))
    modes = odds.fight_model.card_modes(2, "allies", RuleOptions(artillery_orders=True), None, False)
    assert modes == ((1, odds.CombatOptions(artillery_rolls=False)),)
    # the fight: two artillery alone never hit under VAR-RM-9
    fight = odds.zone_fight_exact("2a", "1i", 3, options=RuleOptions(artillery_orders=True))
    assert fight.exact("allies_hold") == 0


@pytest.mark.rules("R-REINF-3", "R-REINF-4", "R-REINF-5")
def test_allied_destinations_is_the_placement_rule_of_engine_and_odds() -> None:
    board = load_board()
    us = board.chart("US")
    beaches = board.beaches_of("US")
    assert reinforcements.allied_destinations(us, 0, beaches, {"Utah": 1, "Omaha": 5}) == ("Utah",)  # boxes 1-6: Utah only
    assert reinforcements.allied_destinations(us, 0, beaches, {"Utah": 0, "Omaha": 5}) == ()  # no room: it waits (R-REINF-3)
    assert odds.reinforcement_placed(8, "US", {"Utah": 4, "Omaha": 8}) == 4  # EX-3
    assert odds.reinforcements("US", {"Utah": 4, "Omaha": 8})[4] == Fraction(11, 12)
