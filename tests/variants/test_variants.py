"""Variant rule sets: VAR-RM-1..24 and VAR-TA-1..12, the named rule sets and their conflicts.

House rules and real differences are options of :class:`dday.rules.state.RuleOptions` and are tested for
their effect. Rows the reference classes as errors, omissions or equivalent engine devices are not
playable options: their tests show that the official behaviour holds.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from helpers import has_line as has
from helpers import legal, refused
from helpers import play_from as play
from test_rule_coverage import collect_tested_ids, rule_ids

from dday.bots import make_player
from dday.play.game import play_game
from dday.rules.decks import TRIPLEA_ORDER, RulesConflictError
from dday.rules.engine import apply, legal_actions
from dday.rules.positions import validate_position
from dday.rules.scenario import position
from dday.rules.setup import check_invariants, initial_state
from dday.rules.state import RuleOptions, State
from dday.rules.steps import (
    ChooseCasualtiesStep,
    FortuneRoll,
    GameOver,
    NavalSplitStep,
    NavalTargetStep,
    ParaRoll,
    PickStep,
    PlaceReinforcementsStep,
    ReinforcementRoll,
    Roll,
    StrafeStep,
)
from dday.rules.units import Air
from dday.variants.rulesets import RULESETS, ruleset
from dday.views.log_text import lines_of, log_lines

ALLIED_CITIES = {"F2": {"US": "1i"}, "F26": {"US": "1i"}, "F30": {"UK": "1i"}}


def end_of_turn(turn: int, options: RuleOptions | None = None, zones: Any = None, blocker: bool = True, **kw: Any) -> tuple[State, list[str]]:
    """Play order 16 of ``turn`` (nothing to do) so the end-of-turn checks run.

    ``blocker`` adds a combat in F40 (no city) so that, if the game goes on, it stops at the
    first attack roll of the next turn instead of running through empty turns.
    """
    zones = dict(zones or ALLIED_CITIES)
    if blocker:
        zones["F40"] = {"Germany": "1i", "UK": "1i"}
    s = position(card=16, turn=turn, options=options, zones=zones, deck=[11, 13, 16], **kw)
    return s, list(log_lines(s))


def order_sequence(options: RuleOptions | None, seed: int = 0) -> list[tuple[int, int]]:
    g = play_game(make_player("random"), make_player("random"), seed=seed, options=options)
    lines = lines_of(g.log, g.final.board)
    out = []
    for x in lines:
        if x.startswith("Turn ") and ", order " in x:
            t, o = x.split(":")[0].replace("Turn ", "").split(", order ")
            out.append((int(t), int(o)))
    return out


# ---------------------------------------------------------------------------------------------
# the named rule sets and conflicts


def test_every_named_rule_set_builds_and_is_known() -> None:
    assert set(RULESETS) == {
        "official",
        "official+fortune",
        "official+fortune+tactics",
        "reference-manual",
        "reference-manual-extended",
        "triplea",
    }
    assert ruleset("official") == RuleOptions()
    assert ruleset("official+fortune+tactics").tactics and ruleset("official+fortune+tactics").fortune
    assert ruleset("official", fighter_limit=3).fighter_limit == 3
    with pytest.raises(RulesConflictError, match="unknown rule set"):
        ruleset("house")
    with pytest.raises(RulesConflictError, match="unknown rule option"):
        ruleset("official", flying_tanks=True)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"fighter_limit": 0}, "fighter_limit"),
        ({"card_order": (1, 2, 3)}, "card_order"),
        ({"card_order": TRIPLEA_ORDER, "fortune": True}, "VAR-TA-12"),
        ({"card_order": TRIPLEA_ORDER, "tactics": True}, "VAR-TA-12"),
        ({"capture_win": True, "continuous_hold": True}, "VAR-RM-15"),
        ({"capture_win": True, "extended_play": True}, "VAR-RM-18"),
        ({"artillery_orders": True, "tactics": True}, "TAC-10"),
    ],
)
def test_conflicting_options_are_refused_with_a_clear_message(options: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesConflictError, match=words) as info:
        RuleOptions(**options)
    assert isinstance(info.value, ValueError)
    with pytest.raises(RulesConflictError):
        ruleset("triplea", fortune=True)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_rule_set_plays_whole_games_with_invariants(name: str) -> None:
    rules = ruleset(name)
    for seed in (1, 2):
        g = play_game(make_player("random"), make_player("random"), seed=seed, options=rules, on_state=check_invariants)
        assert g.final.is_over and g.final.winner in ("allies", "axis")
        assert g.final.options == rules
    g = play_game(make_player("greedy"), make_player("greedy"), seed=3, options=rules, on_state=check_invariants)
    assert g.final.is_over


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_strong_bot_plays_every_rule_set_in_both_seats(name: str) -> None:
    """The strong bot once aimed its naval-dice odds at a blockhouse even where VAR-RM-5 lets
    the dice aim at any unit (a force with -1 blockhouse); every rule set is played here."""
    rules = ruleset(name)
    for allies, axis in (("strong", "greedy"), ("greedy", "strong")):
        g = play_game(make_player(allies), make_player(axis), seed=4, options=rules, on_state=check_invariants)
        assert g.final.is_over


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_rule_set_many_games(name: str) -> None:
    rules = ruleset(name)
    for seed in range(10, 30):
        bot = ("random", "greedy")[seed % 2]
        g = play_game(make_player(bot), make_player("random"), seed=seed, options=rules, on_state=check_invariants)
        assert g.final.is_over


def test_every_advanced_rule_id_is_named_by_a_test() -> None:
    missing = sorted(rule_ids("advanced") - collect_tested_ids())
    assert not missing, f"advanced rule IDs (FORT, TAC, VAR and AH) without a test naming them: {missing}"


# ---------------------------------------------------------------------------------------------
# VAR-RM: the fan reference manual


def test_var_rm_1_orders_in_fixed_sequence_not_shuffled() -> None:
    seq = order_sequence(None, seed=4)
    for turn in {t for t, _ in seq}:
        orders = [o for t, o in seq if t == turn]
        assert orders == sorted(orders) and len(set(orders)) == len(orders)
    assert [o for t, o in seq if t == 1][:4] == [1, 2, 3, 4]
    assert order_sequence(None, seed=5)[:3] == [(1, 1), (1, 2), (1, 3)]


def test_var_rm_2_fortune_and_tactics_are_interleaved_not_separate_decks() -> None:
    s = position(card=10, options=ruleset("official+fortune+tactics"), zones={"F30": {"Germany": "1i"}}, beaches={"Gold": "1i"})
    assert isinstance(s.step, FortuneRoll) and s.step.card == 10
    s, _lines = play(s, (3,), "land Gold infantry")
    assert isinstance(s.step, PickStep) and s.step.data == ("10",)  # tactics 10 right after order 10


def test_var_rm_3_all_airborne_boxes_attack_british_included() -> None:
    s = initial_state()
    zones = []
    while s.card == 1:
        if isinstance(s.step, ParaRoll):
            zones.append((s.step.zone, s.step.power))
            s = apply(s, (6,) * s.step.dice.count)
        else:
            s = apply(s, legal_actions(s)[0])
    assert zones == [("F11", "US"), ("F10", "US"), ("F17", "UK")]
    assert s.units("F17", "UK").infantry == 3


def test_var_rm_4_naval_dice_belong_to_the_allies_jointly() -> None:
    s = position(card=2, zones={"F14": {"Germany": "1b"}, "F17": {"Germany": "1b"}})
    assert isinstance(s.step, NavalSplitStep)
    assert legal(s) == [f"split-naval {k}" for k in range(7)]
    s, lines = play(s, "split-naval 2", "bombard F14", (6,), "bombard F17", (6,), "bombard F17", (6,))
    assert has(lines, "(UK)") and has(lines, "(US)")
    s2 = position(card=2, options=RuleOptions(three_player=False), zones={"F14": {"Germany": "1b"}, "F17": {"Germany": "1b"}})
    assert isinstance(s2.step, NavalTargetStep)


def test_var_rm_5_coastal_bombardment_option() -> None:
    kw: dict[str, Any] = {"zones": {"F15": {"Germany": "2i 1b"}, "F14": {"Germany": "1b"}, "F30": {"Germany": "1i"}}}
    s, _ = play(position(card=2, **kw), "split-naval 6")
    refused(s, "bombard F15 infantry", "R-NAVAL-3")
    s, _ = play(position(card=2, options=RuleOptions(coastal_bombardment=True), **kw), "split-naval 6")
    assert {"bombard F15", "bombard F15 infantry"} <= set(legal(s)) and "bombard F30 infantry" not in legal(s)
    refused(s, "bombard F30 infantry", "VAR-RM-5")  # Caen is not coastal
    s, _lines = play(s, "bombard F15 infantry", (2,))
    assert s.units("F15", "Germany").short() == "1i 1b"


def test_var_rm_6_units_may_move_into_enemy_zones() -> None:
    s = position(card=8, zones={"F15": {"UK": "2i"}, "F23": {"Germany": "1i"}})
    assert "move UK infantry F15>F23" in legal(s)
    s, _ = play(s, "move UK infantry F15>F23", "done")
    assert s.contested("F23")


def test_var_rm_7_allied_artillery_fires_after_order_9() -> None:
    s = position(card=9, options=RuleOptions(artillery_orders=True), zones={"F23": {"UK": "1a", "Germany": "1i"}, "F30": {"Germany": "1t"}})
    assert isinstance(s.step, PickStep) and s.step.purpose == "arty" and s.step.side == "allies"
    assert set(s.step.options) == {"F23:Germany:infantry", "F30:Germany:tank", "none"}  # own or adjacent zone
    s, lines = play(s, "pick F30:Germany:tank")
    assert s.step.dice.groups == ((2, 1),)  # type: ignore[attr-defined]
    s, lines = play(s, (2,))
    assert has(lines, "VAR-RM-7") and s.units("F30", "Germany").total == 0 and has(lines, "order 10")
    s0 = position(card=9, zones={"F23": {"UK": "1a", "Germany": "1i"}, "F30": {"Germany": "1t"}})
    assert s0.card != 9  # no order 9a in the official game


def test_var_rm_8_axis_artillery_fires_after_order_11() -> None:
    s = position(card=11, options=RuleOptions(artillery_orders=True), zones={"F38": {"Germany": "1a"}, "F30": {"UK": "1i"}})
    assert isinstance(s.step, PickStep) and s.step.side == "axis" and set(s.step.options) == {"F30:UK:infantry", "none"}
    s, lines = play(s, "pick F30:UK:infantry", (1,))
    assert has(lines, "VAR-RM-8") and s.units("F30", "UK").total == 0


def test_var_rm_9_artillery_does_not_roll_in_land_combat_but_can_be_lost() -> None:
    zones = {"F30": {"Germany": "1i", "UK": "1i 1a"}}
    s = position(card=11, options=RuleOptions(artillery_orders=True), zones=zones)
    assert s.step.dice.groups == ((1, 1),) and s.step.defense_dice.groups == ((2, 1),)  # type: ignore[attr-defined]
    s, _ = play(s, (6,), (1,))
    assert isinstance(s.step, ChooseCasualtiesStep) and "casualties UK:artillery:1" in legal(s)
    assert position(card=11, zones=zones).step.dice.groups == ((1, 1), (2, 1))  # type: ignore[attr-defined]


def test_var_rm_10_owner_chooses_casualties() -> None:
    s = position(card=11, zones={"F30": {"Germany": "1i 1t", "UK": "1t"}})
    s, _ = play(s, (1,))
    assert isinstance(s.step, ChooseCasualtiesStep) and s.step.who == "axis"  # the defender, not the attacker
    assert legal(s) == ["casualties Germany:infantry:1", "casualties Germany:tank:1"]


def test_var_rm_11_charts_read_left_to_right() -> None:
    s = position(card=14, charts={"US": []})
    s, lines = play(s, (3, 4))  # UK roll of 7 (EX-2)
    assert has(lines, "next 7 units: a a i a t i i")


def test_var_rm_12_a_six_brings_no_reinforcements() -> None:
    _, lines = play(position(card=14, options=RuleOptions(reinforcement_six_nothing=True), charts={"UK": []}), (6, 1))
    assert has(lines, "a 6 on a die brings nothing (VAR-RM-12)", "-> no units")
    _s, lines = play(position(card=14, charts={"UK": []}), (6, 1))
    assert has(lines, "= 7 -> next 7 units")


def test_var_rm_13_every_land_unit_fights() -> None:
    s = position(card=11, zones={"F30": {"Germany": "1b", "UK": "1t"}})
    assert s.step.dice.groups == ((3, 1),) and s.step.defense_dice.groups == ((1, 1),)  # type: ignore[attr-defined]


def test_var_rm_14_game_is_ten_turns_holding_at_nine_and_ten_wins() -> None:
    s, _ = end_of_turn(9)
    assert not s.is_over and s.turn == 10 and s.hold == 1
    s, _lines = end_of_turn(10, hold=1)
    assert s.is_over and s.winner == "allies"


def test_var_rm_15_capture_win_needs_no_holding_turn() -> None:
    s, lines = end_of_turn(5, options=RuleOptions(capture_win=True))
    assert s.winner == "allies" and has(lines, "VAR-RM-15")
    s, _ = end_of_turn(5)
    assert not s.is_over and s.hold == 1


def test_var_rm_16_axis_wins_if_cities_not_held_at_turn_10() -> None:
    zones = {"F2": {"US": "1i"}, "F26": {"Germany": "1i"}, "F30": {"UK": "1i"}}
    s, _ = end_of_turn(9, options=RuleOptions(capture_win=True), zones=zones)
    assert not s.is_over  # unlike FAQ-11, the Allies may still capture on turn 10
    s, lines = end_of_turn(10, options=RuleOptions(capture_win=True), zones=zones)
    assert s.winner == "axis" and has(lines, "VAR-RM-16")
    s, _ = end_of_turn(9, zones=zones)
    assert s.winner == "axis"  # the official game ends at turn 9 here (FAQ-11)


def test_var_rm_17_alternative_wins() -> None:
    r = RuleOptions(alternative_wins=True)
    zones = {"F6": {"US": "1i"}, "F30": {"Germany": "1i"}}
    s, lines = end_of_turn(3, options=r, zones=zones)
    assert s.winner == "allies" and has(lines, "Americans alone hold", "VAR-RM-17")
    s, _ = end_of_turn(3, zones=zones)
    assert not s.is_over
    s, _ = end_of_turn(3, options=r, zones={"F6": {"US": "1i", "UK": "1i"}, "F30": {"Germany": "1i"}})
    assert not s.is_over  # not the Americans alone
    empty: dict[str, list[int]] = {c.name: [] for c in load_charts()}
    s, lines = end_of_turn(3, options=r, zones={"F30": {"UK": "1i"}, "F14": {"US": "1i"}}, charts=empty, blocker=False)
    assert s.winner == "allies" and has(lines, "Every German unit is gone")
    s, lines = end_of_turn(3, options=r, zones={"F30": {"UK": "1i", "Germany": "1i"}}, charts=empty)
    assert s.winner == "axis" and has(lines, "Every American unit is gone")


def load_charts() -> Any:
    from dday.rules.board import load_board

    return load_board().charts


def test_var_rm_18_extended_play_with_twelve_allied_units() -> None:
    r = RuleOptions(extended_play=True)
    many = {"F30": {"Germany": "1i", "UK": "8i"}, "F14": {"US": "4i"}}
    s, lines = end_of_turn(10, options=r, zones=many)
    assert not s.is_over and s.turn == 11 and has(lines, "play goes on (VAR-RM-18)")
    check_invariants_turn = s.turn
    assert check_invariants_turn == 11
    few = {"F30": {"Germany": "1i", "UK": "8i"}, "F14": {"US": "3i"}}
    s, lines = end_of_turn(11, options=r, zones=few, blocker=False)
    assert s.winner == "axis" and has(lines, "VAR-RM-18")
    s, lines = end_of_turn(11, options=r)
    assert s.winner == "allies"
    s, _ = end_of_turn(10, zones=many)
    assert s.winner == "axis"  # the official game ends after turn 10


def test_var_rm_19_after_turn_10_one_die_per_army_and_six_gives_none() -> None:
    s = position(card=14, turn=11, options=RuleOptions(extended_play=True), charts={"US": []})
    assert s.step.dice.count == 1 and s.step.dice.faces_matter  # type: ignore[attr-defined]
    _, lines = play(s, (6,))
    assert has(lines, "VAR-RM-19", "-> no units")
    _, lines = play(s, (3,))
    assert has(lines, "1d6 3 = 3 -> next 3 units")


def test_var_rm_20_blockhouses_fall_to_bombers_and_land_combat() -> None:
    s, _ = play(position(card=5, airfield={"uk_bomber": 1}, zones={"F3": {"Germany": "1b"}}), "bomb UK F3 blockhouse", (3,))
    assert s.units("F3", "Germany").blockhouse == 0
    s, _ = play(position(card=11, zones={"F3": {"Germany": "1b", "US": "1t"}}), (3,), (6,))
    assert s.units("F3", "Germany").total == 0


def test_var_rm_21_lost_fighters_do_not_come_back() -> None:
    # the fortune die of order 16 waits: put a fighter among the lost ones, roll "no effect"
    s = position(card=16, options=RuleOptions(fortune=True), patrols={"F30": {"uk_fighter": 1}}, zones={"F40": {"Germany": "1i", "UK": "1i"}})
    s = replace(s, air_lost=Air(uk_fighter=1))
    s, lines = play(s, (3,))
    assert has(lines, "1 fighter returns to the airfield")
    assert s.airfield.uk_fighter == 1 and s.air_lost == Air(uk_fighter=1)


def test_var_rm_22_tanks_always_move_two() -> None:
    s = position(card=8, zones={"F15": {"UK": "1t 1i"}})
    assert "move UK tank F15>F23>F29" in legal(s)
    refused(s, "move UK infantry F15>F23>F29", "R-MOVE-1")


def test_var_rm_23_fort_11_result_6_one_zone_per_power() -> None:
    zones = {"F14": {"Germany": "1i", "US": "1i"}, "F30": {"Germany": "1i", "UK": "1i"}, "F26": {"Germany": "1i", "UK": "1i", "US": "1i"}}
    s, _ = play(position(card=11, options=RuleOptions(fortune=True), zones=zones), (6,))
    assert isinstance(s.step, PickStep) and s.step.data[0] == "UK"
    s, _ = play(s, "pick F30")
    assert isinstance(s.step, PickStep) and s.step.data[0] == "US"  # a second zone, for the other power


def test_var_rm_24_beachhead_capacities_limit_placement() -> None:
    s = position(card=14, beaches={"Utah": "4i"}, charts={"UK": []})
    s, lines = play(s, (2, 3))
    assert has(lines, "no room for the next 5 units")  # Utah holds 4, boxes 1-6 go to Utah only
    assert s.beach_units("Utah").total == 4


# ---------------------------------------------------------------------------------------------
# VAR-TA: TripleA "D-Day 2"


def test_var_ta_1_three_fighters_per_zone() -> None:
    s, _ = play(position(card=3, options=ruleset("triplea"), airfield={"uk_fighter": 4}), "patrol UK F30 3")
    refused(s, "patrol UK F30 1", "VAR-TA-1")
    s, _ = play(position(card=3, airfield={"uk_fighter": 4}), "patrol UK F30 3", "patrol UK F30 1")
    assert s.fighters_in("F30") == 4


def test_var_ta_2_triplea_card_sequence() -> None:
    seq = order_sequence(ruleset("triplea"), seed=3)
    t1 = [o for t, o in seq if t == 1]
    assert t1 == [o for o in TRIPLEA_ORDER if o in t1]
    assert t1.index(5) < t1.index(3) and t1.index(9) < t1.index(8) and t1.index(14) < t1.index(12)
    assert [o for t, o in order_sequence(None, seed=3) if t == 1] == sorted(o for t, o in order_sequence(None, seed=3) if t == 1)


def test_var_ta_3_naval_dice_lost_when_no_blockhouse_remains() -> None:
    _s, lines = play(position(card=2, zones={"F14": {"Germany": "1b"}}), "split-naval 6", (1,))
    assert has(lines, "No blockhouse is left: the remaining 5 naval dice are lost (R-NAVAL-3)")


def test_var_ta_4_one_cycle_per_card() -> None:
    s, lines = play(position(card=11, zones={"F30": {"Germany": "3i", "UK": "3i"}}), (6, 6, 6), (6, 6, 6))
    # one cycle, then the next order: the combat goes on on the next attack card (order 13)
    assert s.contested("F30") and has(lines, "order 12") and s.card == 13 and s.step.zone == "F30"  # type: ignore[attr-defined]


def test_var_ta_5_bombers_draw_no_ground_fire() -> None:
    s, lines = play(position(card=5, airfield={"uk_bomber": 1}, zones={"F26": {"Germany": "1a 1i"}}), "bomb UK F26 infantry", (6,))
    assert s.air_in("F26").uk_bomber == 1 and not has(lines, "Defence")
    assert isinstance(s.step, Roll) and s.step.kind == "aa" and s.card == 6  # only AA on order 6 may hit it


def test_var_ta_6_strafing_dice_are_fighters_per_moving_unit() -> None:
    s = position(card=12, zones={"F38": {"Germany": "2i"}, "F30": {"UK": "1i"}}, patrols={"F37": {"uk_fighter": 3}})
    s, _ = play(s, "move Germany infantry F38>F37 x2")  # nothing else can move: resolved at once
    assert isinstance(s.step, StrafeStep) and s.step.arrivals == (("Germany", "infantry", "F37", 3),) * 2


def test_var_ta_7_paratroopers_cannot_hit_blockhouses() -> None:
    s = position(card=1, turn=1, airborne=[3, 0, 0], zones={"F11": {"Germany": "1b"}})
    s, lines = play(s, (1, 1, 1))
    assert s.units("F11", "Germany").blockhouse == 1 and has(lines, "3 hits, 0 of them count")


def test_var_ta_8_two_dice_per_chart() -> None:
    s = position(card=15)
    assert isinstance(s.step, ReinforcementRoll) and s.step.dice.is_2d6 and s.step.chart == 2
    s, _ = play(s, (1, 1))
    assert isinstance(s.step, ReinforcementRoll) and s.step.dice.is_2d6 and s.step.chart == 3


def test_var_ta_9_optional_german_placement() -> None:
    s, _ = play(position(card=15, options=ruleset("triplea"), charts={"Germany_Rouen_Chartres": []}), (1, 1))
    assert isinstance(s.step, PlaceReinforcementsStep) and "done" in legal(s)
    s2, lines = play(s, "done")
    assert has(lines, "VAR-TA-9") and len(s2.charts[2]) == len(s.charts[2])
    s, _ = play(position(card=15, charts={"Germany_Rouen_Chartres": []}), (1, 1))
    refused(s, "done", "R-REINF-3")


def test_var_ta_10_us_boxes_restricted_to_utah_or_omaha() -> None:
    s, _ = play(position(card=14), (1, 1), (1, 1))
    assert "place US Utah" in legal(s) and "place US Omaha" not in legal(s)
    refused(s, "place US Omaha", "R-REINF-5")


def test_var_ta_11_cities_held_for_a_full_turn() -> None:
    s, _ = end_of_turn(4)
    assert not s.is_over and s.hold == 1
    s, lines = end_of_turn(5, hold=1)
    assert s.winner == "allies" and has(lines, "R-VICTORY-1")


def test_var_ta_12_triplea_has_no_fortune_or_tactics_but_fighters_return() -> None:
    with pytest.raises(RulesConflictError, match="VAR-TA-12"):
        ruleset("triplea", tactics=True)
    r = ruleset("triplea")
    assert not r.fortune and not r.tactics and 16 in r.card_order
    s = position(card=16, options=r, patrols={"F30": {"uk_fighter": 2}}, zones={"F30": {"Germany": "1i"}})
    assert s.airfield.uk_fighter == 2


def test_simulated_games_reproduce_per_rule_set() -> None:
    from dday.play.simulate import simulate

    a = simulate(2, allies="random", axis="random", seed=7, progress=False, options=ruleset("reference-manual"))
    b = simulate(2, allies="random", axis="random", seed=7, progress=False, options=ruleset("reference-manual"))
    assert a.equals(b) and set(a.winner) <= {"allies", "axis"}
    assert isinstance(GameOver(), GameOver) and np.isfinite(len(a))


# ---------------------------------------------------------------------------------------------
# fixes from a careful reading of the reference manual (issue 14 item 5)


def test_var_rm_7_order_9a_still_comes_after_order_9_has_left_the_deck() -> None:
    """9a is an order of its own: with order 9 gone (no blockhouse can fire), Allied artillery
    still fires in its place; before the fix it was reached only through order 9."""
    deck = [c for c in range(2, 17) if c != 9]
    zones = {"F23": {"UK": "1a", "Germany": "1i"}}
    s = position(card=8, options=RuleOptions(artillery_orders=True), zones=zones, deck=deck, removed=[9])
    assert isinstance(s.step, PickStep) and s.step.purpose == "arty" and s.step.side == "allies", s.step
    assert has(list(log_lines(s)), "Order 9a Allied Artillery Fires")
    assert s.card == 9 and 9 not in s.deck
    validate_position(s)  # a position in order 9a with order 9 gone is a real position, not a corrupt one
    s, lines = play(s, "pick none")
    assert has(lines, "order 10") and sum("Order 9a" in x for x in lines) <= 1  # once, then on to order 10
    official = position(card=8, zones=zones, deck=deck, removed=[9])
    assert not has(list(log_lines(official)), "9a")


def test_var_rm_12_a_six_stops_only_the_allied_roll() -> None:
    """The manual puts "6 on a die: no reinforcement from that roll" under order 14 only."""
    r = RuleOptions(reinforcement_six_nothing=True)
    _, lines = play(position(card=15, options=r, charts={"Germany_Rouen_Chartres": []}), (6, 1))
    assert has(lines, "= 7 -> next 7 units") and not has(lines, "VAR-RM-12")
    _, lines = play(position(card=14, options=r, charts={"UK": []}), (6, 1))
    assert has(lines, "VAR-RM-12", "-> no units")


def test_var_rm_19_germany_rolls_one_die_after_turn_10() -> None:
    """Each army rolls one die after turn 10, Germany included (it has two charts, not two dice);
    the German die's units come from the charts in order (our reading)."""
    r = RuleOptions(extended_play=True)
    s = position(card=15, turn=11, options=r)
    assert s.step.dice.count == 1  # type: ignore[attr-defined]
    s, lines = play(s, (4,))
    assert isinstance(s.step, PlaceReinforcementsStep) and sum(s.step.quota) == 4
    first_short = position(card=15, turn=11, options=r, charts={"Germany_Rennes_Chartres": [39]})
    s, lines = play(first_short, (3,))
    assert isinstance(s.step, PlaceReinforcementsStep) and s.step.quota[2:] == (1, 2)
    assert has(lines, "the German die's remaining 2")


def test_var_rm_17_german_units_on_the_charts_do_not_save_the_axis() -> None:
    """"Eliminate all German units": units still on a chart are not in play (our reading)."""
    s, lines = end_of_turn(3, options=RuleOptions(alternative_wins=True), zones={"F30": {"UK": "1i"}, "F14": {"US": "1i"}}, blocker=False)
    assert all(s.charts) and s.winner == "allies" and has(lines, "Every German unit is gone")


@pytest.mark.rules("R-TAC-4", "R-DECK-1")
def test_tac_1_is_offered_on_turn_1_only() -> None:
    """Order 1 never returns after turn 1, and tactics card 1 is not offered in its place (the
    reading the code, the rules reference and notebook 23 name)."""
    rules = RuleOptions(tactics=True)
    s = position(card=16, turn=2, options=rules, zones={"F30": {"Germany": "1i"}, "F23": {"UK": "1i"}})
    assert 1 in s.tactics_left and s.turn == 3
    assert not (isinstance(s.step, PickStep) and s.step.data[:1] == ("1",))
