"""The official rulings FAQ-1..35 and the worked examples EX-1..17 of the rules reference (30-rulings.md).

FAQ-36..47 and EX-13 / EX-18 concern fortune and tactics cards and are tested with the
advanced rules. Each worked example is replayed with exactly the dice the reference lists.
Combat dice are given in the engine's order: groups sorted by hit number, so attacking
infantry (1) first, then artillery (2), then tanks and blockhouses (3).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import has_line, legal, play, refused, short

from dday.errors import IllegalActionError
from dday.rules.actions import Move, parse_action
from dday.rules.engine import apply, chance_outcomes
from dday.rules.scenario import position
from dday.rules.setup import check_invariants, initial_state
from dday.rules.state import State
from dday.rules.steps import (
    AATargetStep,
    AttackRoll,
    ChooseCasualtiesStep,
    DeclareMovesStep,
    FireToSeaStep,
    GameOver,
    LandingStep,
    NavalRoll,
    NavalSplitStep,
    NavalTargetStep,
    PatrolStep,
    PlaceReinforcementsStep,
    ReinforcementRoll,
    Roll,
    StrafeStep,
)
from dday.rules.units import Air, Force
from dday.views.log_text import log_lines

BEACHES = ("Utah", "Omaha", "Gold", "Juno", "Sword")

# ---------------------------------------------------------------------------------------------
# helpers


def boxes(state: State) -> dict[str, str]:
    return {b: state.beach_units(b).short() for b in BEACHES}


def p_survive(state: State) -> Fraction:
    """Chance that the pending strafing roll shows no 1."""
    return sum((p for faces, p in chance_outcomes(state) if 1 not in faces), Fraction(0))


def rolls_until_decision(state: State, faces: int = 6) -> State:
    """Roll misses (all 6s) until someone has to decide."""
    while state.current_player == "chance":
        n = state.step.dice.count
        state = apply(state, (faces,) * n)
    return state


# ---------------------------------------------------------------------------------------------
# FAQ-1, FAQ-2, EX-16 naval dice


def test_faq_1_six_naval_dice_in_all_shared_by_uk_and_us() -> None:
    """The Allies get six dice together: a 4/2 split gives dice 1-4 to the UK, 5-6 to the US, and no seventh."""
    s = position(card=2, zones={"F14": {"Germany": "2b"}, "F15": {"Germany": "2b"}}, airfield={"uk_fighter": 1})
    assert isinstance(s.step, NavalSplitStep) and s.current_player == "allies"
    s, lines = play(s, "split-naval 4")
    for _ in range(6):
        assert isinstance(s.step, NavalTargetStep)
        s, more = play(s, "bombard F15", (6,))
        lines += more
    assert [line.split(")")[0].split("(")[1] for line in lines if line.startswith("Naval die")] == ["UK"] * 4 + ["US"] * 2
    assert s.card == 3 and isinstance(s.step, PatrolStep)


def test_faq_2_ex_16_axis_settles_the_split_and_the_us_may_fire_anywhere() -> None:
    """The Axis rules 'US takes all six'; the US aims at Cherbourg's blockhouses though they threaten no US beach."""
    s = position(card=2, zones={"F2": {"Germany": "1i 2b"}, "F14": {"Germany": "2b"}}, airfield={"us_fighter": 1})
    s, lines = play(s, "split-naval 0")
    assert lines == ["Naval dice: UK 0, US 6 (R-NAVAL-2)"]
    assert "bombard F2" in legal(s)
    s, lines = play(s, "bombard F2", (1,), "bombard F2", (5,), "bombard F2", (2,))
    assert all("(US)" in line for line in lines if line.startswith("Naval die"))
    assert short(s, "F2", "Germany") == "1i" and s.board.zone("F2").fires_at == ()
    assert isinstance(s.step, NavalRoll) and (s.step.zone, s.step.die, s.step.power) == ("F14", 3, "US")


# ---------------------------------------------------------------------------------------------
# FAQ-3, FAQ-5, EX-8 antiaircraft dice


def test_faq_3_ex_8_three_artillery_under_four_fighters_roll_three_dice() -> None:
    """One die per gun, not per fighter: 3 AA dice in all, each aimed at a fighter the Axis picks."""
    s = position(card=4, zones={"F30": {"Germany": "3a"}}, patrols={"F30": {"uk_fighter": 2, "us_fighter": 2}}, airfield={"uk_bomber": 1})
    shots = 0
    for face in (1, 6, 1):
        assert isinstance(s.step, AATargetStep) and s.current_player == "axis" and legal(s) == ["aa UK", "aa US"]
        s, _ = play(s, "aa US")
        assert isinstance(s.step, Roll) and s.step.dice.count == 1
        s, _ = play(s, (face,))
        shots += 1
    assert shots == 3
    assert s.air_lost == Air(us_fighter=2) and s.air_in("F30") == Air(uk_fighter=2)
    assert s.card == 5


def test_faq_5_one_aa_die_however_many_bombers() -> None:
    """A single artillery under both bombers rolls one die on order 6."""
    s = position(card=6, zones={"F26": {"Germany": "1a 1i"}, "F17": {"UK": "1i"}}, patrols={"F26": {"uk_bomber": 1, "us_bomber": 1}})
    assert isinstance(s.step, AATargetStep) and s.step.kind == "bomber"
    s, lines = play(s, "aa UK", (6,))
    assert sum(line.startswith("Antiaircraft: ") for line in lines) == 1
    assert s.airfield == Air(uk_bomber=1, us_bomber=1) and s.card == 8


def test_faq_5_one_aa_die_however_many_fighters() -> None:
    """A single artillery under four fighters rolls one die on order 4."""
    s = position(card=4, zones={"F26": {"Germany": "1a"}}, patrols={"F26": {"uk_fighter": 4}}, airfield={"uk_bomber": 1})
    assert isinstance(s.step, Roll) and s.step.kind == "aa"
    s, lines = play(s, (1,))
    assert sum(line.startswith("Antiaircraft: ") for line in lines) == 1
    assert s.air_in("F26") == Air(uk_fighter=3) and s.card == 5


# ---------------------------------------------------------------------------------------------
# FAQ-4, EX-7 strafing dice


def test_faq_4_ex_7_three_fighters_roll_three_dice_per_moving_unit() -> None:
    """An infantry, an artillery and a tank move under 3 fighters: 3 + 3 + 3 dice, one unit at a time."""
    zones = {"F31": {"Germany": "1i 1a"}, "F38": {"Germany": "1t"}, "F17": {"UK": "1i"}}
    s = position(card=12, zones=zones, patrols={"F30": {"uk_fighter": 3}})
    s, _ = play(s, "move Germany infantry F31>F30", "move Germany artillery F31>F30", "move Germany tank F38>F30")
    assert isinstance(s.step, StrafeStep)
    assert [(unit, n) for _, unit, _, n in s.step.arrivals] == [("infantry", 3), ("artillery", 3), ("tank", 3)]
    assert p_survive(s) == Fraction(125, 216) and 1 - p_survive(s) == Fraction(91, 216)
    assert legal(s) == []  # nobody chooses a casualty: each roll is aimed at one unit
    s, lines = play(s, (6, 6, 1), (2, 3, 4), (5, 5, 5))
    assert [line.split(": ")[1] for line in lines[:3]] == [
        "3 dice 6,6,1 -> destroyed (hits on 1)",
        "3 dice 2,3,4 -> survives (hits on 1)",
        "3 dice 5,5,5 -> survives (hits on 1)",
    ]
    assert short(s, "F30", "Germany") == "1a 1t" and s.destroyed[0] == Force(infantry=1)


# ---------------------------------------------------------------------------------------------
# FAQ-6, FAQ-10, EX-17 bombers


def test_faq_6_bomber_destroys_a_blockhouse() -> None:
    """Blockhouses are land units, so a bomber may strike one."""
    s = position(card=5, zones={"F14": {"Germany": "4i 2b"}}, airfield={"us_bomber": 1})
    assert "bomb US F14 blockhouse" in legal(s)
    s, lines = play(s, "bomb US F14 blockhouse", (2,))
    assert lines[0] == "US bomber strikes a blockhouse in F14 Isigny-sur-Mer: 2 -> destroyed (hits on 1-3)"
    assert short(s, "F14", "Germany") == "4i 1b"


def test_faq_10_targeted_attacks_draw_no_return_fire() -> None:
    """After a bomber strike and after blockhouse fire to sea, the target side rolls nothing back."""
    s = position(card=5, zones={"F30": {"Germany": "3i"}}, airfield={"uk_bomber": 1})
    s, lines = play(s, "bomb UK F30 infantry", (6,))
    assert lines[0].endswith("6 -> miss (hits on 1-3)")
    assert lines[1] == "Turn 2, order 6: Antiaircraft Fire vs. Bombers"  # only order 6 lets guns fire at bombers
    assert not any(line.startswith(("AA", "Combat", "Defence")) for line in lines)
    s = position(card=9, zones={"F16": {"Germany": "1b"}}, beaches={"Juno": "3i"})
    s, lines = play(s, (6,))
    assert not any(line.startswith(("Combat", "Defence")) for line in lines)
    assert s.card == 10 and isinstance(s.step, LandingStep)
    assert s.units("F16", "Germany") == Force(blockhouse=1)


def test_ex_17_bombers_only_over_zones_without_allied_troops() -> None:
    """F30 holds UK and Axis units: no bomber. F26's lone artillery is bombed out, so order 6 has no gun there."""
    s = position(card=5, zones={"F30": {"Germany": "2i", "UK": "1i"}, "F26": {"Germany": "1a"}}, airfield={"uk_bomber": 1})
    assert not any(" F30 " in a for a in legal(s))
    refused(s, "bomb UK F30 infantry", "R-AIR-5")
    s, lines = play(s, "bomb UK F26 artillery", (3,))
    assert lines[:3] == [
        "UK bomber strikes an artillery in F26 Saint-Lô: 3 -> destroyed (hits on 1-3)",
        "Turn 2, order 6: Antiaircraft Fire vs. Bombers",
        "Turn 2, order 7: Bombers Return",
    ]
    assert short(s, "F26", "Germany") == "-" and s.airfield == Air(uk_bomber=1) and s.air_lost == Air()


# ---------------------------------------------------------------------------------------------
# FAQ-7, FAQ-9, FAQ-13 combat


def test_faq_7_one_combat_cycle_per_zone_per_attack_card() -> None:
    """Both sides survive the cycle, and the card ends instead of fighting on."""
    s = position(card=11, zones={"F30": {"Germany": "4i", "UK": "4i"}})
    s, lines = play(s, (1, 6, 6, 6))
    s, more = play(s, (2, 6, 6, 6))
    lines += more
    assert short(s, "F30", "Germany") == "3i" and short(s, "F30", "UK") == "3i"
    assert sum(line.startswith("Combat in") for line in lines) == 1
    assert has_line(lines, "the combat goes on next attack card")
    # order 12: the Germans are locked, so order 13 opens a new cycle in the same zone
    assert isinstance(s.step, AttackRoll) and (s.card, s.step.zone, s.step.attacker) == (13, "F30", "axis")


def test_faq_9_attacking_is_compulsory_in_every_combat_zone() -> None:
    """One Allied infantry fed into eight Germans must attack; nobody may pass, and every contested zone fights."""
    zones = {"F30": {"Germany": "8i", "UK": "1i"}, "F26": {"Germany": "1a", "US": "2i"}}
    s = position(card=11, zones=zones)
    assert isinstance(s.step, Roll) and s.step.kind == "attack" and s.step.zone == "F26"
    assert legal(s) == []
    with pytest.raises(IllegalActionError) as info:
        apply(s, parse_action("done"))
    assert info.value.rule == "R-TURN-3"
    s, _ = play(s, (6, 6), (6,))
    assert isinstance(s.step, Roll) and (s.step.kind, s.step.zone) == ("attack", "F30")
    s, _ = play(s, (6,), (6,) * 8)
    assert s.card == 13 and isinstance(s.step, AttackRoll) and s.step.attacker == "axis"


def test_faq_13_no_more_than_eight_ever_attack_in_a_zone() -> None:
    """Moving a ninth Allied unit into a zone is refused on order 8, so order 11 rolls at most 8 attack dice."""
    s = position(card=8, zones={"F30": {"Germany": "2i", "UK": "6i"}, "F23": {"UK": "3i"}})
    s, _ = play(s, "move UK infantry F23>F30 x2")
    refused(s, "move UK infantry F23>F30", "R-STACK-4")
    s, _ = play(s, "done")
    assert isinstance(s.step, Roll) and s.card == 11 and s.step.dice.count == 8


# ---------------------------------------------------------------------------------------------
# FAQ-8, EX-9 paratroopers


def test_faq_8_ex_9_airborne_assault_in_f11() -> None:
    """Dice 1,1,4: the infantry dies, the second hit is lost; the paratroopers stay locked with the blockhouse."""
    s = initial_state()
    s, lines = play(s, (1, 1, 4))
    assert has_line(lines, "dice 1,1,4 -> 2 hits, 1 of them counts")
    s = rolls_until_decision(s)  # the other two boxes miss
    check_invariants(s)
    assert short(s, "F11", "US") == "3i" and short(s, "F11", "Germany") == "1b"
    assert s.controller("F11") is None and s.contested("F11")

    s8 = position(card=8, turn=1, zones={"F11": {"US": "3i", "Germany": "1b"}, "F9": {"US": "1i"}}, airborne=[0, 0, 0])
    assert not any(a.startswith("move US infantry F11") for a in legal(s8))
    refused(s8, "move US infantry F11>F7", "R-MOVE-3")

    s11 = position(card=11, turn=1, zones={"F11": {"US": "3i", "Germany": "1b"}}, airborne=[0, 0, 0])
    assert isinstance(s11.step, Roll) and s11.step.zone == "F11"
    assert s11.step.dice.groups == ((1, 3),) and s11.step.defense_dice.groups == ((1, 1),)  # the blockhouse defends on 1

    clear = position(card=8, turn=2, zones={"F11": {"US": "3i"}})
    assert "move US infantry F11>F7" in legal(clear)  # free to move once no German is left


# ---------------------------------------------------------------------------------------------
# FAQ-11, FAQ-12, EX-11 victory

CITIES = {"F2": {"US": "1i"}, "F26": {"US": "1i"}, "F30": {"UK": "1i"}}
NOT_CAEN = {"F2": {"US": "1i"}, "F26": {"US": "1i"}, "F30": {"UK": "1i", "Germany": "1i"}}


def end_of_turn(turn: int, held: bool, hold: int) -> State:
    """The end of ``turn`` with all three cities Allied or not, given the hold count coming in."""
    return position(card=16, turn=turn, zones=CITIES if held else NOT_CAEN, hold=hold)


def test_ex_11_held_at_the_end_of_turns_6_and_7_wins_on_turn_7() -> None:
    """Hold armed at the end of 6, confirmed at the end of 7."""
    s6 = end_of_turn(6, True, 0)
    assert (s6.turn, s6.hold, s6.winner) == (7, 1, None)
    s7 = end_of_turn(7, True, s6.hold)
    assert (s7.turn, s7.winner) == (7, "allies") and isinstance(s7.step, GameOver)


def test_ex_11_losing_caen_in_between_restarts_the_count() -> None:
    """Allied at 6, not at 7, again at 8 and 9: the win comes at the end of turn 9."""
    hold = 0
    results = []
    for turn, held in ((6, True), (7, False), (8, True), (9, True)):
        s = end_of_turn(turn, held, hold)
        hold = s.hold
        results.append((hold, s.winner))
    assert results == [(1, None), (0, None), (1, None), (2, "allies")]
    assert s.turn == 9


def test_ex_11_faq_11_first_hold_at_turn_10_is_too_late() -> None:
    """Not held at the end of turn 9 means the Allies have lost (FAQ-11): the game ends there, turn 10 is not played."""
    s9 = end_of_turn(9, False, 1)
    assert (s9.turn, s9.hold, s9.winner) == (9, 0, "axis") and isinstance(s9.step, GameOver)
    assert "FAQ-11" in log_lines(s9)[-1]
    # taking all three for the first time on turn 10 (a position that skips the turn-9 check) is still too late
    s10 = end_of_turn(10, True, 0)
    assert s10.winner == "axis" and s10.turn == 10 and isinstance(s10.step, GameOver)
    assert log_lines(s10)[-1] == "The Allies have not won by the end of turn 10: the Axis wins (R-VICTORY-3)"
    assert not any("they win if they still hold them" in e for e in log_lines(s10))


def test_ex_11_held_at_the_end_of_turns_9_and_10_wins() -> None:
    """The last possible Allied win: cities held at the ends of turns 9 and 10."""
    s9 = end_of_turn(9, True, 0)
    s10 = end_of_turn(10, True, s9.hold)
    assert s10.winner == "allies" and s10.turn == 10


def test_ex_11_a_blockhouse_left_in_cherbourg_denies_control() -> None:
    """Allied infantry beside a surviving blockhouse in F2 does not control Cherbourg."""
    zones = dict(CITIES, F2={"US": "3i", "Germany": "1b"})
    s = position(card=16, turn=8, zones=zones, hold=1)
    assert s.controller("F2") is None and s.hold == 0 and s.winner is None
    assert has_line(log_lines(s), "End of turn 8: Cherbourg held by nobody; St. Lô held by the Allies; Caen held by the Allies")


def test_faq_12_caen_means_the_zone_f30_only() -> None:
    """Holding the three zones that Caen's circle touches does not count if the Axis still holds F30."""
    zones = {
        "F2": {"US": "1i"},
        "F26": {"US": "1i"},
        "F30": {"Germany": "1i"},
        "F16": {"UK": "1i"},
        "F17": {"UK": "1i"},
        "F23": {"UK": "1i"},
    }
    s = position(card=16, turn=5, zones=zones, hold=1)
    assert s.board.victory_cities["Caen"] == "F30"
    assert s.hold == 0 and s.winner is None
    assert has_line(log_lines(s), "End of turn 5: Cherbourg held by the Allies; St. Lô held by the Allies; Caen held by the Axis")


# ---------------------------------------------------------------------------------------------
# FAQ-14..16 movement and stacking


def test_faq_14_units_move_to_any_adjacent_zone() -> None:
    """An infantry's legal moves are exactly the zone's neighbours; roads play no part."""
    s = position(card=8, zones={"F23": {"UK": "1i"}})
    assert legal(s) == sorted(["done", *(f"move UK infantry F23>{n}" for n in s.board.zone("F23").neighbours)])
    refused(s, "move UK infantry F23>F38", "R-MOVE-1")


def test_faq_15_eight_per_side_uk_and_us_together() -> None:
    """Eight Axis and eight Allied (4 UK + 4 US) fit in one zone; a ninth Allied unit does not."""
    s = position(card=8, zones={"F30": {"Germany": "8i", "UK": "4i", "US": "3i"}, "F23": {"US": "2i"}, "F16": {"UK": "1i"}})
    s, _ = play(s, "move US infantry F23>F30")
    assert "move UK infantry F16>F30" not in legal(s)
    refused(s, "move UK infantry F16>F30", "R-STACK-4")
    refused(s, "move US infantry F23>F30", "R-STACK-4")
    s, _ = play(s, "done")
    assert s.side_units("F30", "allies").total == 8 and s.units("F30", "Germany").total == 8
    assert s.units("F30", "UK").total == 4 and s.units("F30", "US").total == 4


def test_faq_16_axis_units_locked_in_combat_cannot_leave() -> None:
    """German units sharing F30 with a UK infantry cannot move out; Germans elsewhere can."""
    s = position(card=12, zones={"F30": {"Germany": "2i 1t", "UK": "1i"}, "F31": {"Germany": "1i"}})
    assert not any(" F30>" in a for a in legal(s))
    refused(s, "move Germany tank F30>F38", "R-MOVE-3")
    assert "move Germany infantry F31>F30" in legal(s)  # joining a locked zone is fine


# ---------------------------------------------------------------------------------------------
# FAQ-17..20, EX-4, EX-6 Axis movement and strafing


def test_faq_17_all_moves_are_declared_before_any_strafing() -> None:
    """Declarations pile up with no dice until the Axis says done."""
    s = position(card=12, zones={"F31": {"Germany": "3i"}, "F17": {"UK": "1i"}}, patrols={"F31": {"uk_fighter": 1}})
    s, lines = play(s, "move Germany infantry F31>F30", "move Germany infantry F31>F32")
    assert isinstance(s.step, DeclareMovesStep) and len(s.step.moves) == 2 and lines == []
    assert s.units("F31", "Germany").total == 3
    s, _ = play(s, "done")
    assert isinstance(s.step, StrafeStep) and len(s.step.arrivals) == 2


def test_faq_18_tank_is_strafed_entering_and_leaving_a_transit_zone() -> None:
    """Two fighters over Caen roll 2 dice as the tank enters and 2 as it leaves: 4 in all."""
    s = position(card=12, zones={"F38": {"Germany": "1t"}, "F16": {"UK": "1i"}}, patrols={"F30": {"us_fighter": 2}})
    s, lines = play(s, "move Germany tank F38>F30>F17")
    assert isinstance(s.step, StrafeStep) and s.step.arrivals == (("Germany", "tank", "F17", 4),)
    assert lines[0].endswith("(4 strafing dice each)")
    assert p_survive(s) == Fraction(5, 6) ** 4


def test_faq_19_ex_4_tank_through_caen_takes_five_strafing_dice() -> None:
    """F38 > F30 > F17 with 2 fighters in F30 and 1 in F17: 2 + 2 + 1 dice, survival exactly (5/6)^5. (Path order RECONSTRUCTED.)"""
    s = position(
        card=12, zones={"F38": {"Germany": "1t"}, "F16": {"UK": "1i"}}, patrols={"F30": {"uk_fighter": 2}, "F17": {"us_fighter": 1}}
    )
    assert "move Germany tank F38>F30>F17" in legal(s)
    s, _ = play(s, "move Germany tank F38>F30>F17")
    assert isinstance(s.step, StrafeStep) and s.step.dice.count == 5
    assert p_survive(s) == Fraction(5, 6) ** 5 == Fraction(3125, 7776)
    assert sum(p for _, p in chance_outcomes(s)) == 1
    ok, _ = play(s, (2, 3, 4, 5, 6))
    assert short(ok, "F17", "Germany") == "1t" and short(ok, "F30", "Germany") == "-"
    dead, lines = play(s, (6, 6, 6, 6, 1))
    assert short(dead, "F17", "Germany") == "-" and dead.destroyed[0] == Force(tank=1)
    assert lines[0] == "Strafing German tank bound for F17 Ouistreham: 5 dice 6,6,6,6,1 -> destroyed (hits on 1)"


def test_faq_19_ex_4_tank_counts_for_its_final_zone_not_the_transit_zone() -> None:
    """Caen may hold 7 Axis units for the tank to pass (RECONSTRUCTED transit count <= 7); Ouistreham then reaches 8."""
    s = position(card=12, zones={"F38": {"Germany": "1t"}, "F30": {"Germany": "7i"}, "F17": {"Germany": "7i"}, "F31": {"Germany": "2i"}})
    s, _ = play(s, "move Germany tank F38>F30>F17")
    refused(s, "move Germany infantry F31>F17", "R-STACK-4")
    refused(s, "move Germany infantry F31>F30", "R-MOVE-6")  # Caen would hold 8 while the tank crosses it
    full = position(card=12, zones={"F38": {"Germany": "1t"}, "F30": {"Germany": "8i"}})
    refused(full, "move Germany tank F38>F30>F17", "R-MOVE-6")


def test_ex_4_allied_unit_in_caen_stops_the_tank_there() -> None:
    """With a UK infantry in F30 the tank may enter Caen but not drive on."""
    s = position(card=12, zones={"F38": {"Germany": "1t"}, "F30": {"UK": "1i"}})
    refused(s, "move Germany tank F38>F30>F17", "R-MOVE-4")
    assert "move Germany tank F38>F30" in legal(s)
    assert not any(a.startswith("move Germany tank F38>F30>") for a in legal(s))


def test_faq_19_ex_6_no_over_declaring_in_hope_of_strafing_losses() -> None:
    """A zone holding 4 takes at most 4 declared arrivals; two are strafed away and it ends with 6. (Accounting RECONSTRUCTED.)"""
    zones = {"F30": {"Germany": "4i"}, "F31": {"Germany": "4i"}, "F29": {"Germany": "1i"}, "F17": {"UK": "1i"}}
    s = position(card=12, zones=zones, patrols={"F30": {"uk_fighter": 1}})
    s, _ = play(s, "move Germany infantry F31>F30 x4")
    refused(s, "move Germany infantry F29>F30", "R-STACK-4")
    s, _ = play(s, "done")
    assert isinstance(s.step, StrafeStep) and [a[3] for a in s.step.arrivals] == [1, 1, 1, 1]
    s, _ = play(s, (1,), (1,), (6,), (6,))
    assert short(s, "F30", "Germany") == "6i"


def test_faq_20_units_that_stay_put_are_never_strafed() -> None:
    """Germans sitting under three fighters are not attacked; only the one that moves elsewhere could be, and it meets none."""
    s = position(
        card=12, zones={"F30": {"Germany": "3i 1a"}, "F38": {"Germany": "1i"}, "F17": {"UK": "1i"}}, patrols={"F30": {"uk_fighter": 3}}
    )
    s, lines = play(s, "move Germany infantry F38>F37", "done")
    assert not any(line.startswith("Strafing") for line in lines)
    assert short(s, "F30", "Germany") == "3i 1a" and short(s, "F37", "Germany") == "1i"
    assert s.air_in("F30") == Air(uk_fighter=3) and s.card == 14


# ---------------------------------------------------------------------------------------------
# FAQ-21..25 stacking, boxes, tanks


def test_faq_21_blockhouses_do_not_count_for_stacking() -> None:
    """F14 with 7 German units and 2 blockhouses still takes one more unit."""
    s = position(card=12, zones={"F14": {"Germany": "4i 3a 2b"}, "F13": {"Germany": "2i"}, "F16": {"UK": "1i"}})
    assert s.stack_count("F14", "axis") == 7
    s, _ = play(s, "move Germany infantry F13>F14")
    refused(s, "move Germany infantry F13>F14", "R-STACK-4")


def test_faq_22_ex_10_paratroopers_fill_sword_s_landing_zone() -> None:
    """Three UK paratroopers in F17: only 5 of Sword's 6 land; on order 14 Sword then has 5 free places."""
    zones = {"F17": {"UK": "3i", "Germany": "2b"}}
    s = position(card=10, turn=1, zones=zones, beaches={"Sword": "4i 1a 1t"}, charts={"US": []}, airborne=[0, 0, 0])
    s, _ = play(s, "land Sword infantry x4", "land Sword tank")
    assert s.stack_count("F17", "allies") == 8 and boxes(s)["Sword"] == "1a"
    assert s.card == 11  # F17 full: the waiting artillery cannot land, done was automatic
    s, _ = play(s, (6,) * 8, (6, 6))  # order 11: nobody hits
    s, _ = play(s, (6, 6), (6,) * 8)  # order 12 has nothing to move; order 13: nobody hits
    assert s.card == 14 and isinstance(s.step, Roll) and s.step.kind == "reinf"
    s, _ = play(s, (6, 6))
    s, _ = play(s, *["place UK Sword"] * 5)
    assert boxes(s)["Sword"] == "1i 4a 1t" and s.beach_units("Sword").total == 6
    assert not any("Sword" in a for a in legal(s))


def test_faq_22_paratroopers_count_once_they_leave_the_box() -> None:
    """Before order 1 ends the paratroopers are in their box, not in the zone; afterwards they count in F17."""
    s = initial_state()
    assert s.stack_count("F17", "allies") == 0 and s.airborne[2] == Force(infantry=3)
    s = rolls_until_decision(s)
    assert s.stack_count("F17", "allies") == 3 and all(f.total == 0 for f in s.airborne)


def test_faq_23_airborne_boxes_are_not_zones() -> None:
    """Paratroopers waiting in their boxes do not contest the zone, and a box cannot be entered or patrolled."""
    s = initial_state()
    assert s.controller("F11") == "axis" and s.controller("F17") == "axis"
    assert s.board.airborne_boxes[2].zone == "F17"  # RECONSTRUCTED: the British box's zone is disputed
    s12 = position(card=12, zones={"F12": {"Germany": "1i"}, "F11": {"US": "1i"}})
    refused(s12, Move("Germany", "infantry", ("F12", "US 101st Airborne")), "R-MOVE-1")
    s3 = position(card=3, zones={"F11": {"US": "1i"}}, airfield={"us_fighter": 1})
    refused(s3, "patrol US 82nd 1", "R-CONTROL-4")


def test_faq_24_friendly_units_do_not_block_a_tank_enemies_do() -> None:
    """A tank may drive through a zone of friends (up to 7) but must stop on entering a zone with enemy land units."""
    s = position(card=12, zones={"F38": {"Germany": "1t"}, "F30": {"Germany": "3i 1a"}, "F29": {"UK": "1i"}, "F16": {"UK": "1i"}})
    assert "move Germany tank F38>F30>F17" in legal(s)
    refused(s, "move Germany tank F38>F29>F23", "R-MOVE-4")
    assert "move Germany tank F38>F29" in legal(s)
    full = position(card=8, zones={"F15": {"UK": "1t"}, "F23": {"UK": "8i"}})
    refused(full, "move UK tank F15>F23>F30", "R-MOVE-6")
    refused(full, "move UK tank F15>F23", "R-STACK-4")


def test_faq_25_beachhead_boxes_are_not_zones() -> None:
    """Units waiting in Gold cannot be bombed, moved into or fought; land combat in F15 never touches them."""
    s5 = position(card=5, zones={"F15": {"Germany": "1b"}}, beaches={"Gold": "2i"}, airfield={"uk_bomber": 1})
    refused(s5, "bomb UK Gold infantry", "R-CONTROL-4")
    s12 = position(card=12, zones={"F16": {"Germany": "1i"}, "F15": {"UK": "1i"}})
    refused(s12, Move("Germany", "infantry", ("F16", "Gold")), "R-MOVE-1")
    s13 = position(card=13, zones={"F15": {"Germany": "1b", "UK": "1i"}}, beaches={"Gold": "2i"})
    s13, _ = play(s13, (1,))  # the blockhouse hits: the only Allied casualty is the infantry ashore
    assert short(s13, "F15", "UK") == "-" and s13.beach_units("Gold") == Force(infantry=2)


# ---------------------------------------------------------------------------------------------
# FAQ-26, FAQ-27, FAQ-29, FAQ-30, EX-5 blockhouses


def test_faq_26_order_9_is_targeted_the_axis_picks_the_unit() -> None:
    """The Axis names the unit type before rolling; a hit removes exactly that unit and the Allies choose nothing."""
    s = position(card=9, zones={"F16": {"Germany": "1b"}}, beaches={"Juno": "3i 1a 1t"})
    assert isinstance(s.step, FireToSeaStep) and s.current_player == "axis"
    assert legal(s) == ["fire-to-sea artillery Juno", "fire-to-sea infantry Juno", "fire-to-sea tank Juno"]
    s, _ = play(s, "fire-to-sea tank Juno", (3,))
    assert s.beach_units("Juno") == Force(infantry=3, artillery=1)
    assert not isinstance(s.step, ChooseCasualtiesStep)


def test_faq_27_omaha_blockhouses_may_target_any_of_eight() -> None:
    """Both Isigny blockhouses may pick Omaha's artillery, wherever it sits in the box."""
    s = position(card=9, zones={"F14": {"Germany": "2b"}}, beaches={"Omaha": "6i 2a"})
    assert legal(s) == ["fire-to-sea artillery Omaha", "fire-to-sea infantry Omaha"]
    s, _ = play(s, "fire-to-sea artillery Omaha", (1,), "fire-to-sea artillery Omaha", (2,))
    assert s.beach_units("Omaha") == Force(infantry=6)


def test_faq_29_utah_and_sword_are_hit_from_zones_they_cannot_land_in() -> None:
    """F4 and F7 fire at Utah (which lands into F11), F18 fires at Sword (which lands into F17)."""
    zones = {"F4": {"Germany": "1b"}, "F7": {"Germany": "1b"}, "F18": {"Germany": "1b"}}
    s = position(card=9, zones=zones, beaches={"Utah": "3i", "Sword": "2i"})
    assert s.board.beachhead("Utah").lands_into == "F11" and s.board.beachhead("Sword").lands_into == "F17"
    s, lines = play(s, (1,), (1,), (1,))
    assert [line.split(":")[0] for line in lines if line.startswith("Blockhouse")] == [
        "Blockhouse in F4 Saint-Vaast-la-Hougue fires at an infantry in Utah",
        "Blockhouse in F7 Montebourg fires at an infantry in Utah",
        "Blockhouse in F18 Cabourg fires at an infantry in Sword",
    ]
    assert boxes(s)["Utah"] == "1i" and boxes(s)["Sword"] == "1i"


def test_faq_30_western_blockhouses_never_fire_to_sea_but_fight_on_land() -> None:
    """Cherbourg's two blockhouses skip order 9 (which leaves the deck, RECONSTRUCTED predicate) and defend on 1 on order 11."""
    s = position(card=9, zones={"F2": {"Germany": "2b"}, "F1": {"Germany": "1b"}}, beaches={"Utah": "4i"})
    assert boxes(s)["Utah"] == "4i" and not any(line.startswith("Blockhouse") for line in log_lines(s))
    s = position(card=8, zones={"F2": {"Germany": "2b"}, "F3": {"US": "2i"}})
    s, lines = play(s, "move US infantry F3>F2 x2")
    assert has_line(lines, "Order 9 leaves the deck: no blockhouse with a firing arc is left (R-DECK-2)")
    assert isinstance(s.step, Roll) and s.card == 11 and s.step.zone == "F2"
    assert s.step.defense_dice.groups == ((1, 2),)
    s13 = position(card=13, zones={"F2": {"Germany": "2b", "US": "2i"}})
    assert isinstance(s13.step, Roll) and s13.step.dice.groups == ((3, 2),)  # blockhouses attack on 3


def test_ex_5_bayeux_blockhouses_fire_on_gold() -> None:
    """Turn 1: F15's two blockhouses target the tank (3, destroyed) and the artillery (4, miss); Omaha and Juno are out of reach."""
    s = position(card=9, turn=1, zones={"F15": {"Germany": "2b"}}, beaches={"Omaha": "6i 2a", "Gold": "5i 1a 1t", "Juno": "3i 1a 1t"})
    assert isinstance(s.step, FireToSeaStep) and s.step.zone == "F15"
    s, lines = play(s, "fire-to-sea tank", (3,), "fire-to-sea artillery", (4,))
    assert lines[:2] == [
        "Blockhouse 1 of 2 in F15 Bayeux fires at a tank in Gold: 3 -> destroyed (hits on 1-3)",
        "Blockhouse 2 of 2 in F15 Bayeux fires at an artillery in Gold: 4 -> miss (hits on 1-3)",
    ]
    assert boxes(s) == {"Utah": "-", "Omaha": "6i 2a", "Gold": "5i 1a", "Juno": "3i 1a 1t", "Sword": "-"}
    assert s.card == 10


# ---------------------------------------------------------------------------------------------
# FAQ-28, EX-14 landing


def test_faq_28_ex_14_landing_tank_stops_in_the_landing_zone() -> None:
    """A UK tank lands from Gold into empty F15 and stays there: landing takes no path and allows no second zone."""
    s = position(card=10, beaches={"Gold": "1t"}, zones={"F30": {"Germany": "1i"}})
    assert legal(s) == ["done", "land Gold tank"]
    refused(s, Move("UK", "tank", ("F15", "F23")), "R-TURN-3")
    s, lines = play(s, "land Gold tank")
    assert lines[0] == "1 UK tank lands from Gold into F15 Bayeux"
    assert short(s, "F15", "UK") == "1t" and short(s, "F23", "UK") == "-"
    assert s.card == 12  # order 11 had no combat; the next Allied move card is next turn's order 8


# ---------------------------------------------------------------------------------------------
# FAQ-31, FAQ-34, FAQ-35, FAQ-33, EX-12, EX-15 German reinforcements


def test_faq_31_ex_15_reinforcements_into_an_allied_zone() -> None:
    """Three Germans placed in Allied-held F37 under 2 fighters take 2 dice each; survivors wait for next turn's order 11."""
    s = position(card=15, zones={"F37": {"UK": "2i 1t"}}, patrols={"F37": {"uk_fighter": 2}}, charts={"Germany_Rouen_Chartres": []})
    s, _ = play(s, (1, 2))  # Rennes/Chartres 3: t t t
    s, _ = play(s, *["place Germany_Rennes_Chartres F37"] * 3)
    assert isinstance(s.step, StrafeStep) and [a[3] for a in s.step.arrivals] == [2, 2, 2]
    assert p_survive(s) == Fraction(25, 36)
    s, lines = play(s, (6, 6), (1, 6), (6, 5))
    assert short(s, "F37", "Germany") == "2t" and s.contested("F37")
    assert not any(line.startswith("Combat") for line in lines)
    assert (s.turn, s.card, type(s.step)) == (3, 3, PatrolStep)
    s, lines = play(s, "done")  # keep the fighters home; orders 4-10 have nothing to do
    assert not any(line.startswith("Combat") for line in lines[:-1])
    assert isinstance(s.step, Roll) and (s.turn, s.card, s.step.kind, s.step.zone) == (3, 11, "attack", "F37")


def test_faq_34_reinforcing_a_locked_zone_up_to_eight() -> None:
    """Germans locked in F37 may be reinforced, never above 8 German land units there."""
    s = position(card=15, zones={"F37": {"Germany": "5i", "UK": "3i"}}, charts={"Germany_Rouen_Chartres": []})
    s, _ = play(s, (2, 2))  # 4 units: t t t i
    s, _ = play(s, *["place Germany_Rennes_Chartres F37"] * 3)
    refused(s, "place Germany_Rennes_Chartres F37", "R-STACK-4")
    s, _ = play(s, "place Germany_Rennes_Chartres F40")
    assert short(s, "F37", "Germany") == "5i 3t" and short(s, "F40", "Germany") == "1i"


def test_faq_35_faq_33_both_german_rolls_come_before_any_placement() -> None:
    """Order 15 rolls 2d6 for each German column, then asks for placements."""
    s = position(card=15, zones={"F30": {"Germany": "1i"}})
    assert isinstance(s.step, ReinforcementRoll) and s.step.dice.is_2d6 and s.step.chart == 2
    s, _ = play(s, (1, 1))
    assert isinstance(s.step, ReinforcementRoll) and s.step.dice.is_2d6 and s.step.chart == 3
    s, _ = play(s, (1, 2))
    assert isinstance(s.step, PlaceReinforcementsStep) and s.step.quota == (0, 0, 2, 3)


def test_faq_33_allied_rolls_are_2d6_per_power() -> None:
    """Order 14 rolls 2d6 for the US and 2d6 for the UK: 11 totals each, and the totals count, not the faces."""
    s = position(card=14, zones={"F30": {"Germany": "1i"}})
    assert isinstance(s.step, ReinforcementRoll) and s.step.dice.is_2d6 and s.step.chart == 0
    assert [sum(f) for f, _ in chance_outcomes(s)] == list(range(2, 13))
    assert chance_outcomes(s)[5][1] == Fraction(6, 36)
    s, _ = play(s, (6, 6))
    assert isinstance(s.step, ReinforcementRoll) and s.step.dice.is_2d6 and s.step.chart == 1


def test_ex_12_axis_reinforcements_roll_9_and_5() -> None:
    """Rennes 9 -> 3t 4i 2a, Rouen 5 -> 5 tanks; F32 (3 units) takes 5 more; all placements come before the strafing."""
    s = position(card=15, zones={"F32": {"Germany": "1i 1a 1t"}}, patrols={"F32": {"us_fighter": 1}})
    s, lines = play(s, (3, 6), (2, 3))
    assert lines[0].endswith("= 9 -> next 9 units: t t t i a i i i a") and lines[1].endswith("= 5 -> next 5 units: t t t t t")
    s, _ = play(s, *["place Germany_Rouen_Chartres F32"] * 5)
    assert isinstance(s.step, PlaceReinforcementsStep)
    assert not any(a.endswith("F32") for a in legal(s))  # Rennes units never enter at F32 anyway
    targets = ["F33"] * 3 + ["F35"] * 3 + ["F37"] * 2
    s, _ = play(s, *[f"place Germany_Rennes_Chartres {z}" for z in targets])
    assert isinstance(s.step, PlaceReinforcementsStep)  # the last unit is not placed yet: no strafing so far
    s, _ = play(s, "place Germany_Rennes_Chartres F40")
    assert isinstance(s.step, StrafeStep) and len(s.step.arrivals) == 5
    s, _ = play(s, (6,), (6,), (6,), (6,), (6,))
    assert short(s, "F32", "Germany") == "1i 1a 6t" and s.stack_count("F32", "axis") == 8
    assert (short(s, "F33", "Germany"), short(s, "F35", "Germany"), short(s, "F37", "Germany"), short(s, "F40", "Germany")) == (
        "3t",
        "2i 1a",
        "2i",
        "1a",
    )


# ---------------------------------------------------------------------------------------------
# FAQ-32, EX-2, EX-3 Allied reinforcements


def test_ex_2_uk_roll_of_7() -> None:
    """Boxes 1-7 (a a i a t i i) go to any UK beaches with room; box 8 (i) is next in line."""
    s = position(card=14, beaches={"Gold": "6i"}, charts={"US": []})
    s, lines = play(s, (3, 4))
    assert lines[0] == "UK reinforcements: 2d6 3,4 = 7 -> next 7 units: a a i a t i i"
    assert legal(s) == ["place UK Gold", "place UK Juno", "place UK Sword"]
    s, _ = play(s, "place UK Gold")
    assert legal(s) == ["place UK Juno", "place UK Sword"]  # Gold is full at 7
    s, _ = play(s, *["place UK Sword"] * 3, *["place UK Juno"] * 3)
    assert boxes(s) == {"Utah": "-", "Omaha": "-", "Gold": "6i 1a", "Juno": "2i 1t", "Sword": "1i 2a"}
    placed = Force(infantry=3, artillery=3, tank=1)
    assert s.beach_units("Juno").plus(s.beach_units("Sword")).plus(Force(artillery=1)) == placed
    assert s.chart_queue("UK")[0] == "infantry" and len(s.chart_queue("UK")) == 29 - 7


@pytest.mark.rules("FAQ-32", "EX-3")
@pytest.mark.parametrize("k", [0, 1, 3, 4])
def test_ex_3_us_roll_of_8_on_turn_1(k: int) -> None:
    """Only Utah (4 places, k still occupied) can take boxes 1-6; 7-8 may not jump ahead to Omaha; boxes 5-8 stay first in line."""
    s = position(card=14, turn=1, beaches={"Utah": f"{k}i"} if k else {})
    s, lines = play(s, (4, 4), (1, 1))  # the UK's 2 units keep the placement step open
    assert lines[0] == "US reinforcements: 2d6 4,4 = 8 -> next 8 units: i i i i a a i a"
    for _ in range(4 - k):
        assert "place US Utah" in legal(s) and "place US Omaha" not in legal(s)
        refused(s, "place US Omaha", "R-REINF-5")
        s, more = play(s, "place US Utah")
        lines += more
    assert not any(a.startswith("place US") for a in legal(s))
    assert s.beach_units("Utah").total == 4 and s.beach_units("Omaha").total == 0
    assert has_line(lines, f"US reinforcements: no room for the next {4 + k} units")
    assert s.chart_queue("US")[: 4 + k] == ("infantry",) * k + ("artillery", "artillery", "infantry", "artillery")
    assert len(s.chart_queue("US")) == 38 - (4 - k)
    s, _ = play(s, "place UK Gold", "place UK Gold")
    assert s.card == 15


def test_faq_32_omaha_only_boxes_hold_back_the_queue() -> None:
    """Box 7 may only go to Omaha: with Omaha full nothing enters, though box 9 could have gone to Utah."""
    s = position(card=14, charts={"US": list(range(6, 38)), "UK": []}, beaches={"Omaha": "8i"})
    s, lines = play(s, (2, 2))
    assert lines == [
        "US reinforcements: 2d6 2,2 = 4 -> next 4 units: i a i i",
        "US reinforcements: no room for the next 4 units; they stay on the chart, first in line (R-REINF-3)",
        "Turn 2, order 15: Axis Reinforces",
    ]
    assert boxes(s)["Utah"] == "-" and len(s.chart_queue("US")) == 32


# ---------------------------------------------------------------------------------------------
# EX-1 Caen combat


def test_ex_1_caen_combat() -> None:
    """Axis 3i 1a 3t attack UK 2i 4a 1t: 3 hits, the UK loses 2i 1a; 7 defence dice give 2 hits, the Axis loses 2i."""
    s = position(card=13, zones={"F30": {"Germany": "3i 1a 3t", "UK": "2i 4a 1t"}})
    assert isinstance(s.step, Roll) and s.step.dice.groups == ((1, 3), (2, 1), (3, 3))
    assert s.step.defense_dice.groups == ((2, 7),)
    s, lines = play(s, (4, 2, 5, 2, 2, 2, 5))
    assert lines[0] == "Combat in F30 Caen: Axis (3i 1a 3t) attack Allies (2i 4a 1t); dice 4,2,5,2,2,2,5 -> 3 hits"
    assert isinstance(s.step, ChooseCasualtiesStep) and s.step.who == "allies" and s.step.hits == 3
    s, _ = play(s, "casualties UK:infantry:2,UK:artillery:1")
    assert isinstance(s.step, Roll) and s.step.kind == "defense" and s.step.dice.count == 7  # casualties still fire
    s, lines = play(s, (1, 2, 3, 3, 4, 5, 5))
    assert lines[0].endswith("dice 1,2,3,3,4,5,5 -> 2 hits")
    assert isinstance(s.step, ChooseCasualtiesStep) and s.step.who == "axis" and s.step.hits == 2
    s, lines = play(s, "casualties Germany:infantry:2")
    assert short(s, "F30", "Germany") == "1i 1a 3t" and short(s, "F30", "UK") == "3a 1t"
    assert s.controller("F30") is None and s.contested("F30")
    assert lines[1] == "After the cycle in F30 Caen: Axis 1i 1a 3t, Allies 3a 1t; the combat goes on next attack card"
    assert s.destroyed == (Force(infantry=2), Force(infantry=2, artillery=1), Force())
