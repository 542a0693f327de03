"""Core rules (dday/data/reference/10-core.md): land combat, targeted attacks, air units, AA, blockhouses,
naval bombardment, beachheads, paratroopers and reinforcements.

Every test names the rule IDs it checks (function name and/or ``@pytest.mark.rules``).
Positions are built with :func:`dday.rules.scenario.position`; dice are always scripted.
"""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources

import pytest
from helpers import log_of, strs
from helpers import refused as assert_illegal

from dday.errors import BoardDataError, IllegalActionError
from dday.rules.actions import ChooseCasualties, Done
from dday.rules.board import board_from_dict
from dday.rules.cards import stays_in_deck
from dday.rules.engine import apply, chance_outcomes, legal_actions
from dday.rules.scenario import position, run
from dday.rules.setup import initial_state
from dday.rules.state import RuleOptions
from dday.rules.steps import (
    AARoll,
    AATargetStep,
    AttackRoll,
    BomberStep,
    ChooseCasualtiesStep,
    DeclareMovesStep,
    FireToSeaStep,
    NavalSplitStep,
    NavalTargetStep,
    PatrolStep,
    PlaceReinforcementsStep,
    ReinforcementRoll,
    Roll,
    SeaRoll,
    StrafeStep,
)
from dday.rules.units import Force
from dday.views.log_text import log_lines

# ---------------------------------------------------------------------------------------------
# helpers

NO_CHARTS = {"US": [], "UK": [], "Germany_Rennes_Chartres": [], "Germany_Rouen_Chartres": []}
RENNES, ROUEN = "Germany_Rennes_Chartres", "Germany_Rouen_Chartres"


def p_hit(state):
    """Probability that the pending single-die-group roll scores at least one hit."""
    return sum(p for faces, p in chance_outcomes(state) if 1 in faces)


# ---------------------------------------------------------------------------------------------
# R-COMBAT


def test_r_combat_1_attacker_must_fight_in_every_contested_zone():
    """Order 11 offers no way to skip: every zone with both sides is fought, in turn."""
    zones = {"F2": {"Germany": "1b", "US": "1i"}, "F30": {"Germany": "1i", "UK": "1i"}, "F29": {"UK": "1i"}, "F38": {"Germany": "1i"}}
    s = position(card=11, zones=zones, deck=[11, 13])
    assert isinstance(s.step, Roll) and s.step.kind == "attack" and s.step.zone == "F2"
    assert legal_actions(s) == []
    with pytest.raises(IllegalActionError, match="R-TURN-3"):
        apply(s, Done())
    s, lines = log_of(s, [(6,), (6,)])
    assert isinstance(s.step, AttackRoll) and s.step.zone == "F30" and s.step.attacker == "allies"
    s, lines = log_of(s, [(6,), (6,)])
    assert s.card == 13 and isinstance(s.step, AttackRoll) and s.step.zone == "F2" and s.step.attacker == "axis"  # the Axis attacks everywhere too
    assert not any("F29" in x or "F38" in x for x in lines if x.startswith("Combat"))


@pytest.mark.rules("R-COMBAT-2", "R-COMBAT-7", "FAQ-7", "EX-1")
def test_r_combat_2_one_cycle_per_zone_per_attack_card():
    """EX-1: both sides survive the cycle in Caen; combat resumes only on the next attack card."""
    s = position(card=13, zones={"F30": {"Germany": "3i 1a 3t", "UK": "2i 4a 1t"}}, deck=[11, 13])
    ex1 = [(4, 2, 5, 2, 2, 2, 5), "casualties UK:infantry:2,UK:artillery:1", (1, 2, 3, 3, 4, 5, 5), "casualties Germany:infantry:2"]
    s, lines = log_of(s, ex1)
    assert s.units("F30", "Germany").short() == "1i 1a 3t" and s.units("F30", "UK").short() == "3a 1t"
    assert "After the cycle in F30 Caen: Axis 1i 1a 3t, Allies 3a 1t; the combat goes on next attack card" in lines
    assert s.controller("F30") is None
    assert sum(x.startswith("Combat in F30") for x in lines) == 1
    assert (s.turn, s.card, s.step.kind, s.step.zone) == (3, 11, "attack", "F30")


def test_r_combat_2_zones_are_resolved_separately():
    """RECONSTRUCTED order: the engine fights zones in board order; what happens in one zone never touches another."""
    zones = {"F2": {"Germany": "1i", "US": "2i"}, "F30": {"Germany": "1i", "UK": "2i"}}
    s = position(card=11, zones=zones, deck=[11, 13])
    hit = run(s, [(1, 1), (6,)])  # F2: the US kills the defender
    miss = run(s, [(6, 6), (6,)])
    assert hit.step.zone == miss.step.zone == "F30"
    assert hit.side_units("F30", "allies") == miss.side_units("F30", "allies") and hit.step.dice == miss.step.dice
    assert hit.controller("F2") == "allies" and miss.controller("F2") is None


@pytest.mark.rules("R-COMBAT-3", "R-BH-1", "R-GEN-1")
def test_r_combat_3_every_land_unit_takes_part():
    """Blockhouses, UK and US units all roll; the cycle is attack, casualties, defence, casualties, control."""
    s = position(card=11, zones={"F14": {"Germany": "2i 1a 2b", "UK": "1i", "US": "2i 1t"}}, patrols={"F14": {"uk_fighter": 2}})
    assert s.step.dice.groups == ((1, 3), (3, 1))  # 3 infantry, 1 tank attacking; fighters do not fight
    assert s.step.defense_dice.groups == ((1, 2), (2, 3))  # 2 blockhouses on 1; 2 infantry + 1 artillery on 2
    s, lines = log_of(s, [(1, 6, 6, 3), "casualties Germany:blockhouse:1,Germany:infantry:1", (1, 1, 6, 6, 6)])
    assert isinstance(s.step, ChooseCasualtiesStep) and s.step.side == "allies" and s.step.hits == 2
    s, more = log_of(s, ["casualties UK:infantry:1,US:tank:1"])
    lines += more
    order = ("Combat in", "Axis removes", "Defence in", "Allies remove", "After the cycle")
    steps = [next(i for i, x in enumerate(lines) if x.startswith(w)) for w in order]
    assert steps == sorted(steps)
    assert s.units("F14", "Germany").short() == "1i 1a 1b" and s.side_units("F14", "allies").short() == "2i"


@pytest.mark.rules("R-COMBAT-4", "R-BH-1")
def test_r_combat_4_hit_numbers():
    """Attack: inf 1, art 2, tank 3, blockhouse 3. Defence: 2, 2, tank 2 (Allied) or 3 (Axis), blockhouse 1."""
    att = position(card=13, zones={"F30": {"Germany": "1i 1a 1t 1b", "UK": "1i 1a 1t"}})
    assert att.step.dice.groups == ((1, 1), (2, 1), (3, 2)) and att.step.defense_dice.groups == ((2, 3),)
    dfn = position(card=11, zones={"F30": {"Germany": "1i 1a 1t 1b", "UK": "1i 1a 1t"}})
    assert dfn.step.dice.groups == ((1, 1), (2, 1), (3, 1)) and dfn.step.defense_dice.groups == ((1, 1), (2, 2), (3, 1))
    one = position(card=11, zones={"F30": {"Germany": "1t", "UK": "1a"}})
    assert p_hit(one) == Fraction(2, 6)
    one = run(one, [(6,)])
    assert p_hit(one) == Fraction(3, 6)  # the Axis tank defends on 3


@pytest.mark.rules("R-COMBAT-5", "R-BH-1", "R-AIR-1")
def test_r_combat_5_owner_chooses_casualties():
    s = position(card=11, zones={"F30": {"Germany": "1i 1b", "UK": "1i", "US": "1t"}}, patrols={"F30": {"uk_fighter": 1}})
    s = run(s, [(1, 6)])  # one hit: the Axis chooses
    assert s.current_player == "axis" and s.step.hits == 1
    assert strs(legal_actions(s)) == {"casualties Germany:infantry:1", "casualties Germany:blockhouse:1"}
    assert_illegal(s, "casualties UK:infantry:1", "R-COMBAT-5")
    assert_illegal(s, "casualties Germany:infantry:1,Germany:blockhouse:1", "R-COMBAT-5")
    s = run(s, ["casualties Germany:blockhouse:1"])
    assert s.step.kind == "defense" and s.step.dice.count == 2  # the chosen blockhouse still fires back
    s = run(s, [(1, 6)])  # one defensive hit: the Allies choose between the UK and the US unit
    assert s.current_player == "allies"
    assert strs(legal_actions(s)) == {"casualties UK:infantry:1", "casualties US:tank:1"}
    assert_illegal(s, ChooseCasualties((("UK", "fighter", 1),)), "R-COMBAT-5")  # air units are never casualties
    assert_illegal(s, "casualties Germany:infantry:1", "R-COMBAT-5")
    s = run(s, ["casualties US:tank:1"])
    assert s.units("F30", "US").total == 0 and s.units("F30", "UK").infantry == 1 and s.fighters_in("F30") == 1


def test_r_combat_5_choice_among_mixed_allied_stack_and_surplus_hits_lost():
    one = position(card=13, zones={"F30": {"Germany": "3t", "UK": "1i", "US": "1i 1a"}})
    one = run(one, [(1, 6, 6)])
    assert strs(legal_actions(one)) == {"casualties UK:infantry:1", "casualties US:infantry:1", "casualties US:artillery:1"}
    lone = position(card=13, zones={"F30": {"Germany": "3t", "UK": "1i"}})
    lone, lines = log_of(lone, [(1, 1, 1)])  # 3 hits, 1 unit: the surplus is lost
    assert "Allies remove 1 UK infantry in F30 Caen" in lines and lone.step.kind == "defense"


@pytest.mark.rules("R-COMBAT-6", "EX-1")
def test_r_combat_6_casualties_still_fire():
    s = position(card=13, zones={"F30": {"Germany": "3i 1a 3t", "UK": "2i 4a 1t"}})
    s = run(s, [(4, 2, 5, 2, 2, 2, 5), "casualties UK:infantry:2,UK:artillery:1"])
    assert s.units("F30", "UK").total == 4
    assert s.step.kind == "defense" and s.step.dice.groups == ((2, 7),)  # all seven defenders roll
    # the attacker's units hit now have already fired: the next attack card starts afresh
    s = run(s, [(1, 2, 3, 3, 4, 5, 5)])
    assert s.step.hits == 2


def test_r_combat_7_casualties_are_destroyed_for_good_and_no_retreat():
    s = position(card=11, zones={"F30": {"Germany": "2i", "UK": "3i"}, "F29": {"UK": "1i"}}, deck=[8, 11, 12, 13])
    s = run(s, [(1, 6, 6), (1, 6)])  # one hit each way; each side has only infantry to lose
    assert s.destroyed[0].infantry == 1 and s.destroyed[1].infantry == 1
    assert s.units("F30", "Germany").infantry == 1 and s.units("F30", "UK").infantry == 2
    # order 12 had nothing to decide (the German is locked), so order 13 fights the same zone again
    assert s.card == 13 and s.step.zone == "F30" and s.units("F30", "Germany").infantry == 1
    s8 = position(card=12, zones={"F30": {"Germany": "1i", "UK": "2i"}, "F38": {"Germany": "1i"}})
    assert_illegal(s8, "move Germany infantry F30>F39", "R-MOVE-3")


@pytest.mark.rules("R-COMBAT-8", "R-AA-3")
def test_r_combat_8_artillery_fires_aa_and_then_fights_on_a_later_card():
    s = position(card=4, zones={"F30": {"Germany": "1a", "UK": "1i"}}, patrols={"F30": {"uk_fighter": 1}}, deck=[4, 11, 13])
    assert s.step.kind == "aa" and s.step.dice.count == 1  # locked artillery still fires AA
    s = run(s, [(6,)])
    assert s.card == 11 and s.step.kind == "attack" and s.step.defense_dice.groups == ((2, 1),)
    s = run(s, [(6,), (6,)])
    assert s.card == 13 and s.step.kind == "attack" and s.step.dice.groups == ((2, 1),)  # and attacks on 13


# ---------------------------------------------------------------------------------------------
# R-TARGET


@pytest.mark.rules("R-TARGET-1", "R-AIR-5")
def test_r_target_1_the_firer_picks_the_unit_and_the_owner_has_no_choice():
    s = position(card=5, zones={"F26": {"Germany": "2i 1t"}}, airfield={"uk_bomber": 1})
    assert strs(legal_actions(s)) == {"done", "bomb UK F26 infantry", "bomb UK F26 tank"}
    assert_illegal(s, "bomb UK F26 artillery", "R-TARGET-1")
    s, lines = log_of(s, ["bomb UK F26 tank", (3,)])
    assert s.units("F26", "Germany").short() == "2i"
    assert "UK bomber strikes a tank in F26 Saint-Lô: 3 -> destroyed (hits on 1-3)" in lines
    assert not isinstance(s.step, ChooseCasualtiesStep)


@pytest.mark.rules("R-TARGET-2", "R-PARA-1", "ORDER-1")
def test_r_target_2_airborne_assault_is_not_targeted():
    """The Axis, not the Allies, chooses the casualties of the paratroopers."""
    s = position(card=1, turn=1, airborne=[3, 0, 0], zones={"F11": {"Germany": "1i 1a 1b"}})
    s = run(s, [(1, 6, 6)])
    assert isinstance(s.step, ChooseCasualtiesStep) and s.current_player == "axis" and s.step.kind == "para"
    assert strs(legal_actions(s)) == {"casualties Germany:infantry:1", "casualties Germany:artillery:1"}


@pytest.mark.rules("R-TARGET-2", "R-AIR-3", "FAQ-4")
def test_r_target_2_strafing_targets_each_moving_unit_in_turn():
    s = position(card=12, zones={"F38": {"Germany": "1i 1a"}}, patrols={"F30": {"uk_fighter": 3}})
    s = run(s, ["move Germany infantry F38>F30", "move Germany artillery F38>F30"])
    assert isinstance(s.step, StrafeStep)
    assert [a[:3] for a in s.step.arrivals] == [("Germany", "infantry", "F30"), ("Germany", "artillery", "F30")]
    s = run(s, [(6, 6, 1)])  # three dice against the infantry only
    assert s.destroyed[0].infantry == 1 and isinstance(s.step, StrafeStep) and s.step.index == 1 and s.step.dice.count == 3


@pytest.mark.rules("R-TARGET-3", "FAQ-10")
def test_r_target_3_targeted_attacks_draw_no_return_fire():
    """After a bomber strike, naval die or strafing roll the target side never fires back."""
    b = position(card=5, zones={"F26": {"Germany": "3a"}}, airfield={"uk_bomber": 1, "us_bomber": 1})
    b = run(b, ["bomb UK F26 artillery", (6,)])
    assert isinstance(b.step, BomberStep) and b.air_in("F26").uk_bomber == 1 and b.air_lost.bombers == 0
    st = position(card=12, zones={"F38": {"Germany": "1a"}}, patrols={"F30": {"uk_fighter": 2}})
    st = run(st, ["move Germany artillery F38>F30", (6, 6)])
    assert st.air_in("F30").fighters == 2 and st.units("F30", "Germany").artillery == 1 and st.card > 12


def test_r_target_4_one_die_at_a_time_and_no_second_shot_at_a_destroyed_unit():
    s = position(card=9, zones={"F15": {"Germany": "2b"}}, beaches={"Gold": "1i 1t"})
    assert isinstance(s.step, FireToSeaStep)
    s = run(s, ["fire-to-sea tank", (1,)])
    # the tank is gone: the second blockhouse can only aim at the infantry (taken automatically)
    assert s.beach_units("Gold").short() == "1i" and isinstance(s.step, SeaRoll) and s.step.unit == "infantry"
    zones = {"F4": {"Germany": "1b"}, "F2": {"Germany": "1b"}, "F1": {"Germany": "1b"}}
    n = position(card=2, zones=zones, options=RuleOptions(three_player=False))
    assert isinstance(n.step, NavalTargetStep)  # the target is chosen before each die
    n = run(n, ["bombard F4", (1,)])
    assert strs(legal_actions(n)) == {"bombard F1", "bombard F2"}
    assert_illegal(n, "bombard F4", "R-NAVAL-1")


# ---------------------------------------------------------------------------------------------
# R-AIR


def test_r_air_1_only_allies_fly_and_air_never_controls_or_fights():
    s = position(card=3, airfield={"uk_fighter": 2})
    assert_illegal(s, "patrol Germany F30 1", "R-AIR-1")
    c = position(card=11, zones={"F30": {"Germany": "1i", "UK": "1i"}}, patrols={"F30": {"uk_fighter": 4}, "F29": {"us_fighter": 1}})
    assert c.step.dice.count == 1 and c.controller("F29") is None


@pytest.mark.rules("R-AIR-2", "R-STACK-3")
def test_r_air_2_fighters_patrol_any_zone_without_attacking():
    s = position(card=3, zones={"F30": {"Germany": "1a"}, "F29": {"UK": "1i"}, "F14": {"Germany": "1i", "US": "1i"}},
                 airfield={"uk_fighter": 4, "us_fighter": 4}, deck=[3, 11, 13])  # fmt: skip
    assert isinstance(s.step, PatrolStep) and "done" in strs(legal_actions(s))
    s, lines = log_of(s, ["patrol UK F30 2", "patrol US F29 1", "patrol US F14 1", "patrol UK F9 1", "done"])
    assert [s.fighters_in(z) for z in ("F30", "F29", "F14", "F9")] == [2, 1, 1, 1]
    assert s.airfield.fighters == 3 and s.units("F30", "Germany").artillery == 1
    assert not any("->" in x for x in lines)  # no dice were rolled
    assert_illegal(position(card=3, airfield={"uk_fighter": 1}), "patrol UK F30 2", "R-AIR-2")


@pytest.mark.rules("R-AIR-3", "FAQ-4", "FAQ-20", "EX-7")
def test_r_air_3_every_fighter_rolls_against_every_moving_unit():
    s = position(card=12, zones={"F38": {"Germany": "1i 1a 1t"}, "F30": {"Germany": "2i"}}, patrols={"F30": {"uk_fighter": 3}})
    s = run(s, ["move Germany infantry F38>F30", "move Germany artillery F38>F30", "move Germany tank F38>F30", "done"])
    assert [a[3] for a in s.step.arrivals] == [3, 3, 3]
    assert p_hit(s) == Fraction(91, 216)
    s = run(s, [(6, 6, 6), (1, 6, 6), (6, 6, 6)])
    assert s.units("F30", "Germany").short() == "3i 1t"  # the two stationary infantry are never strafed


@pytest.mark.rules("R-AIR-3", "FAQ-20")
def test_r_air_3_units_that_do_not_move_are_not_strafed():
    s = position(card=12, zones={"F30": {"Germany": "2i"}, "F40": {"Germany": "1i"}}, patrols={"F30": {"uk_fighter": 4}})
    s = run(s, ["move Germany infantry F40>F41", "done"])
    assert s.units("F30", "Germany").infantry == 2 and s.units("F41", "Germany").infantry == 1
    assert s.card == 14 and s.destroyed[0] == Force()  # no strafing roll happened


@pytest.mark.rules("R-AIR-4", "FAQ-18", "FAQ-19", "EX-4")
def test_r_air_4_strafed_on_each_leave_and_enter():
    patrols = {"F38": {"us_fighter": 1}, "F30": {"uk_fighter": 2}, "F17": {"uk_fighter": 1}}
    s = position(card=12, zones={"F38": {"Germany": "1t"}}, patrols=patrols)
    s = run(s, ["move Germany tank F38>F30>F17"])
    assert s.step.arrivals == (("Germany", "tank", "F17", 6),)  # 1 leaving F38, 2 + 2 in and out of F30, 1 entering F17
    ex4 = position(card=12, zones={"F38": {"Germany": "1t"}}, patrols={"F30": {"uk_fighter": 2}, "F17": {"uk_fighter": 1}})
    ex4 = run(ex4, ["move Germany tank F38>F30>F17"])
    assert 1 - p_hit(ex4) == Fraction(5, 6) ** 5
    dead = run(ex4, [(6, 6, 1, 6, 6)])
    assert not dead.units("F17", "Germany").total and not dead.units("F30", "Germany").total and dead.destroyed[0].tank == 1


@pytest.mark.rules("R-AIR-5", "FAQ-6", "EX-17")
def test_r_air_5_bombers_go_only_where_no_allied_land_units_are():
    s = position(card=5, zones={"F30": {"Germany": "1a", "UK": "1i"}, "F26": {"Germany": "1a"}, "F2": {"Germany": "1b"}},
                 airfield={"uk_bomber": 1, "us_bomber": 1})  # fmt: skip
    err = assert_illegal(s, "bomb UK F30 artillery", "R-AIR-5")
    assert "without Allied land units" in str(err)
    assert not any(str(a).startswith("bomb UK F30") for a in legal_actions(s))
    assert "bomb US F2 blockhouse" in strs(legal_actions(s))
    s = run(s, ["bomb UK F26 artillery", (3,)])
    assert not s.units("F26", "Germany").total
    s = run(s, ["bomb US F2 blockhouse", (2,)])
    assert not s.units("F2", "Germany").total and s.destroyed[0].blockhouse == 1
    # order 6 finds no artillery under a bomber, order 7 brings both home; order 11 fights in F30
    assert s.card == 11 and s.air_lost.bombers == 0 and s.airfield.bombers == 2


def test_r_air_5_several_bombers_may_share_a_zone():
    s = position(card=5, zones={"F26": {"Germany": "2a"}}, airfield={"uk_bomber": 1, "us_bomber": 1}, deck=[5, 6, 7, 11, 13])
    s = run(s, ["bomb UK F26 artillery", (6,), "bomb US F26 artillery", (6,)])
    assert s.air_in("F26").bombers == 2 and s.card == 6


@pytest.mark.rules("R-AIR-6", "R-AIR-7")
def test_r_air_6_bombers_return_on_7_fighters_on_16():
    zones = {"F26": {"Germany": "1a"}, "F29": {"UK": "1i"}}
    s = position(card=6, zones=zones, patrols={"F26": {"uk_bomber": 1, "us_bomber": 1}, "F30": {"us_fighter": 2}}, deck=[6, 7, 8, 16])
    s, lines = log_of(s, ["aa US", (1,)])
    assert s.air_lost.to_dict() == {"us_bomber": 1}
    assert "1 bomber returns to the airfield (R-AIR-6)" in lines
    assert s.card == 8 and s.airfield.to_dict() == {"uk_bomber": 1} and s.fighters_in("F30") == 2  # fighters stay out
    s, lines = log_of(s, ["done"])
    assert "2 fighters return to the airfield (R-AIR-6)" in lines
    assert s.turn == 3 and s.airfield.to_dict() == {"us_fighter": 2, "uk_bomber": 1} and not any(a.fighters for a in s.air)


def test_r_air_7_air_units_hit_by_aa_are_removed_from_play():
    zones = {"F30": {"Germany": "1a"}, "F29": {"UK": "1i"}}
    s = position(card=4, zones=zones, patrols={"F30": {"uk_fighter": 1}}, deck=[4, 8, 16])
    s = run(s, [(1,)])
    assert s.air_lost.uk_fighter == 1 and s.airfield.fighters == 0 and s.fighters_in("F30") == 0
    s = run(s, ["done"])  # order 16 has nothing to bring home and leaves, as does order 4
    assert s.turn == 3 and s.card == 8 and s.airfield.fighters == 0 and s.air_lost.uk_fighter == 1
    assert 4 not in s.deck and 16 not in s.deck


# ---------------------------------------------------------------------------------------------
# R-AA


@pytest.mark.rules("R-AA-1", "R-AA-2")
def test_r_aa_1_only_artillery_fires_and_only_at_the_card_s_air_type():
    zones = {"F30": {"Germany": "3i 2t"}, "F26": {"Germany": "1a"}, "F29": {"UK": "1i"}}
    s = position(card=4, zones=zones, patrols={"F30": {"uk_fighter": 2}, "F26": {"uk_bomber": 1}}, deck=[4, 8])
    assert s.card == 8 and s.air_lost.to_dict() == {}  # no artillery under fighters, bomber ignored on 4
    s6 = position(card=6, zones=zones, patrols={"F26": {"uk_fighter": 2, "us_bomber": 1}}, deck=[6, 8])
    assert isinstance(s6.step, AARoll) and s6.step.aircraft == "bomber" and s6.step.power == "US"
    s6 = run(s6, [(1,)])
    assert s6.air_lost.to_dict() == {"us_bomber": 1} and s6.fighters_in("F26") == 2


@pytest.mark.rules("R-AA-2", "FAQ-3", "FAQ-5", "EX-8")
def test_r_aa_2_one_die_per_artillery_at_a_fighter_the_axis_picks():
    zones = {"F30": {"Germany": "3a"}, "F29": {"UK": "1i"}}
    s = position(card=4, zones=zones, patrols={"F30": {"uk_fighter": 2, "us_fighter": 2}}, deck=[4, 8])
    rolls = 0
    while s.card == 4:
        if isinstance(s.step, AATargetStep):
            assert s.current_player == "axis" and strs(legal_actions(s)) <= {"aa UK", "aa US"}
            s = run(s, ["aa UK" if s.air_in("F30").uk_fighter else "aa US"])
        assert s.step.kind == "aa" and s.step.dice.count == 1 and p_hit(s) == Fraction(1, 6)
        s = run(s, [(1,)])
        rolls += 1
    assert rolls == 3 and s.air_lost.to_dict() == {"uk_fighter": 2, "us_fighter": 1}


def test_r_aa_3_artillery_destroyed_by_a_bomber_does_not_fire_on_6():
    zones = {"F26": {"Germany": "1a"}, "F21": {"Germany": "1a"}}
    s = position(card=5, zones=zones, airfield={"uk_bomber": 1, "us_bomber": 1}, deck=[5, 6, 7, 11, 13])
    s = run(s, ["bomb UK F26 artillery", (1,), "bomb US F21 artillery", (6,)])
    assert s.card == 6 and s.step.kind == "aa" and s.step.zone == "F21"
    s = run(s, [(6,)])
    assert s.air_lost.bombers == 0 and s.turn == 3 and isinstance(s.step, BomberStep)


# ---------------------------------------------------------------------------------------------
# R-BH


def test_r_bh_1_blockhouses_control_lock_and_are_exempt_from_paratroopers():
    """EX-9: 3 paratroopers vs 1i 1b; two hits kill the infantry, the second is lost on the blockhouse."""
    s = initial_state()
    s, lines = log_of(s, [(1, 1, 4)])
    assert s.units("F11", "Germany").short() == "1b"
    assert any("2 hits, 1 of them counts" in x for x in lines)
    assert s.controller("F11") == "axis"
    only_bh = position(card=1, turn=1, airborne=[3, 0, 0], zones={"F11": {"Germany": "1b"}, "F12": {"Germany": "1t"}})
    only_bh, lines = log_of(only_bh, [(1, 1, 1)])
    assert any("3 hits, 0 of them count" in x for x in lines)  # every hit is lost on the blockhouse
    assert only_bh.units("F11", "Germany").blockhouse == 1 and only_bh.units("F11", "US").infantry == 3
    assert only_bh.controller("F11") is None and only_bh.contested("F11")


@pytest.mark.rules("R-BH-1", "R-PARA-2", "FAQ-8", "EX-9")
def test_r_bh_1_paratroopers_locked_by_a_blockhouse_attack_it_on_11():
    zones = {"F11": {"Germany": "1i 1b"}, "F30": {"Germany": "1t"}}
    s = position(card=1, turn=1, airborne=[3, 0, 0], zones=zones, charts=NO_CHARTS, deck=[1, 8, 11, 13])
    s = run(s, [(1, 1, 4)])
    assert s.units("F11", "US").infantry == 3 and s.units("F11", "Germany").short() == "1b"
    assert s.card == 11  # order 8 had nothing to decide: the paratroopers are locked
    assert s.step.zone == "F11" and s.step.defense_dice.groups == ((1, 1),)  # the blockhouse defends on 1


def test_r_bh_1_blockhouses_never_move_and_do_not_count_for_stacking():
    s = position(card=12, zones={"F30": {"Germany": "8i 3b"}, "F38": {"Germany": "1i"}})
    assert not any(getattr(a, "unit", "") == "blockhouse" for a in legal_actions(s))
    assert_illegal(s, "move Germany blockhouse F30>F39", "R-BH-1")
    assert s.stack_count("F30", "axis") == 8


@pytest.mark.rules("R-BH-2", "R-BH-3", "R-TARGET-4", "EX-5")
def test_r_bh_2_bayeux_blockhouses_fire_at_gold():
    s = position(card=9, zones={"F15": {"Germany": "2i 2b"}}, beaches={"Gold": "5i 1a 1t", "Omaha": "2i", "Juno": "1i"}, deck=[9, 11, 13])
    assert isinstance(s.step, FireToSeaStep) and s.current_player == "axis"
    assert strs(legal_actions(s)) == {"fire-to-sea infantry Gold", "fire-to-sea artillery Gold", "fire-to-sea tank Gold"}
    s = run(s, ["fire-to-sea tank"])  # an arc over one beach: the shot need not name it
    assert p_hit(s) == Fraction(1, 2)
    s, lines = log_of(s, [(3,), "fire-to-sea artillery", (4,)])
    assert "Blockhouse 1 of 2 in F15 Bayeux fires at a tank in Gold: 3 -> destroyed (hits on 1-3)" in lines
    assert s.beach_units("Gold").short() == "5i 1a" and s.beach_units("Omaha").short() == "2i" and s.beach_units("Juno").short() == "1i"
    assert s.destroyed[1].tank == 1


@pytest.mark.rules("R-BH-3", "FAQ-27", "FAQ-29")
def test_r_bh_3_arcs_are_per_zone_and_reach_every_unit_of_the_box():
    s = position(card=9, zones={"F14": {"Germany": "1b"}}, beaches={"Omaha": "6i 2a"})
    assert strs(legal_actions(s)) == {"fire-to-sea infantry Omaha", "fire-to-sea artillery Omaha"}
    u = position(card=9, zones={"F4": {"Germany": "1b"}}, beaches={"Utah": "1i"}, deck=[9, 11, 13])
    assert isinstance(u.step, SeaRoll) and u.step.zone == "F4" and u.step.beach == "Utah"  # F4 hits Utah; Utah lands in F11
    sw = position(card=9, zones={"F18": {"Germany": "1b"}}, beaches={"Sword": "1a", "Juno": "1i"}, deck=[9, 11, 13])
    assert isinstance(sw.step, SeaRoll) and sw.step.zone == "F18" and sw.step.beach == "Sword" and sw.step.unit == "artillery"


@pytest.mark.rules("R-BH-3")
def test_r_bh_3_an_arc_over_two_beaches_lets_each_blockhouse_pick_its_beach():
    """F14 covers Omaha and Utah (reconstructed, dday/data/reference/board.md): each shot names its beach."""
    s = position(card=9, zones={"F14": {"Germany": "2b"}}, beaches={"Omaha": "2i", "Utah": "1a"}, deck=[9, 11, 13])
    assert isinstance(s.step, FireToSeaStep) and s.step.zone == "F14"
    assert strs(legal_actions(s)) == {"fire-to-sea infantry Omaha", "fire-to-sea artillery Utah"}
    assert "say which beach" in str(assert_illegal(s, "fire-to-sea artillery", "R-BH-3"))  # two beaches: the shot must name one
    assert "Omaha and Utah" in str(assert_illegal(s, "fire-to-sea infantry Gold", "R-BH-3"))
    assert_illegal(s, "fire-to-sea infantry Utah", "R-BH-2")  # Utah holds no infantry
    s, lines = log_of(s, ["fire-to-sea artillery Utah", (2,), (6,)])  # Utah is then empty: the second shot can only aim at Omaha
    assert [line for line in lines if line.startswith("Blockhouse")] == [
        "Blockhouse 1 of 2 in F14 Isigny-sur-Mer fires at an artillery in Utah: 2 -> destroyed (hits on 1-3)",
        "Blockhouse 2 of 2 in F14 Isigny-sur-Mer fires at an infantry in Omaha: 6 -> miss (hits on 1-3)",
    ]
    assert s.beach_units("Utah").total == 0 and s.beach_units("Omaha").short() == "2i" and s.destroyed[2].artillery == 1


@pytest.mark.rules("R-BH-3", "FAQ-29")
def test_r_bh_3_a_two_beach_arc_fires_when_only_its_second_beach_holds_units():
    s = position(card=9, zones={"F16": {"Germany": "1b"}}, beaches={"Sword": "1t"}, deck=[9, 11, 13])
    # one legal choice, taken at once: F16 fires at Sword although Juno, its landing beach, is empty
    assert isinstance(s.step, SeaRoll) and (s.step.zone, s.step.beach, s.step.unit) == ("F16", "Sword", "tank")
    empty = position(card=9, zones={"F15": {"Germany": "2b"}}, beaches={"Omaha": "2i", "Juno": "1i"}, deck=[9, 11, 13])
    assert empty.card > 9 and empty.beach_units("Omaha").short() == "2i"  # Gold is empty, and F15 covers Gold only (EX-5)


@pytest.mark.rules("R-BH-3", "FAQ-29", "R-SETUP-2")
def test_r_bh_3_the_board_arcs_keep_the_strict_reading_of_faq_29():
    """Omaha, Gold and Juno are fired at only from the zone they land in; Utah and Sword also from others."""
    b = initial_state().board
    arcs = {z.id: z.fires_at for z in b.zones if z.fires_at}
    assert arcs == {"F4": ("Utah",), "F7": ("Utah",), "F11": ("Utah",), "F14": ("Omaha", "Utah"), "F15": ("Gold",),
                    "F16": ("Juno", "Sword"), "F17": ("Sword",), "F18": ("Sword",)}  # fmt: skip
    for beach in ("Omaha", "Gold", "Juno"):
        assert [z for z, arc in arcs.items() if beach in arc] == [b.beachhead(beach).lands_into]
    for beach in ("Utah", "Sword"):
        assert [z for z, arc in arcs.items() if beach in arc] != [b.beachhead(beach).lands_into]
    for bh in b.beachheads:  # the two views of the data agree
        assert bh.fired_at_from == {z: initial_state().units(z, "Germany").blockhouse for z, arc in arcs.items() if bh.name in arc}


@pytest.mark.rules("R-BH-3", "R-SETUP-2")
def test_r_bh_3_board_data_with_a_broken_arc_is_refused():
    data = json.loads(resources.files("dday").joinpath("data/board.json").read_text(encoding="utf-8"))
    assert board_from_dict(data).zone("F14").fires_at == ("Omaha", "Utah")
    for zone_id, arc, words in [
        ("F14", ["Omaha", "Omaha"], "twice"),
        ("F14", ["Omaha", "Atlantis"], "unknown beachhead"),
        ("F14", [3], "list of beachhead names"),
        ("F14", ["Omaha"], "Utah lists F14 as firing at it"),  # Utah still names F14 among its firing zones
        ("F15", ["Gold", "Juno"], "Juno does not list it"),
    ]:
        bad = json.loads(json.dumps(data))
        next(z for z in bad["zones"] if z["id"] == zone_id)["blockhouses_fire_at"] = arc
        with pytest.raises(BoardDataError, match=words):
            board_from_dict(bad)
    one = json.loads(json.dumps(data))
    next(z for z in one["zones"] if z["id"] == "F15")["blockhouses_fire_at"] = "Gold"  # a single name is read as a list of one
    assert board_from_dict(one).zone("F15").fires_at == ("Gold",)


@pytest.mark.rules("R-BH-4", "FAQ-30", "R-DECK-2")
def test_r_bh_4_western_blockhouses_never_fire_to_sea_but_fight():
    s = position(card=9, zones={"F2": {"Germany": "2b"}, "F1": {"Germany": "1b", "US": "1i"}}, beaches={"Utah": "3i"}, deck=[9, 11, 13])
    assert s.card == 11 and s.beach_units("Utah").infantry == 3
    assert s.step.zone == "F1" and s.step.defense_dice.groups == ((1, 1),)
    assert not stays_in_deck(9, s) and stays_in_deck(2, s)


@pytest.mark.rules("R-BH-5")
def test_r_bh_5_blockhouse_sharing_its_zone_with_allies_still_fires():
    """RECONSTRUCTED: no rule forbids it, so a contested blockhouse fires to sea."""
    s = position(card=9, zones={"F16": {"Germany": "1b", "UK": "3i"}}, beaches={"Juno": "1i 1t"})
    assert isinstance(s.step, FireToSeaStep) and s.step.zone == "F16"


@pytest.mark.rules("R-BH-6")
def test_r_bh_6_no_blockhouse_is_ever_rebuilt():
    """Charts hold only i/a/t (board data with a 'b' is rejected); a destroyed blockhouse stays destroyed."""
    s = initial_state()
    assert all(u != "blockhouse" for c in s.board.charts for u in c.boxes)
    data = json.loads(resources.files("dday").joinpath("data/board.json").read_text(encoding="utf-8"))
    data["reinforcement_charts"]["UK"]["boxes"] = "b" + data["reinforcement_charts"]["UK"]["boxes"]
    with pytest.raises(BoardDataError, match="unknown unit letters"):
        board_from_dict(data)
    n = position(card=2, zones={"F4": {"Germany": "1b"}, "F29": {"UK": "1i"}}, options=RuleOptions(three_player=False), deck=[2, 8, 11, 13, 16])
    n = run(n, [(1,)])  # the only blockhouse is destroyed; the other five dice are lost
    assert n.blockhouses_in_play() == 0 and n.destroyed[0].blockhouse == 1
    n = run(n, ["done"])  # order 8; then 11, 13, 16 -> next turn
    assert n.turn == 3 and n.blockhouses_in_play() == 0 and 2 not in n.deck


# ---------------------------------------------------------------------------------------------
# R-NAVAL


@pytest.mark.rules("R-NAVAL-1", "FAQ-1")
def test_r_naval_1_six_dice_in_all_at_any_blockhouse_hitting_on_2():
    s = position(card=2, zones={"F1": {"Germany": "1b"}, "F14": {"Germany": "2b"}, "F29": {"UK": "1i"}}, deck=[2, 8, 11, 13])
    assert isinstance(s.step, NavalSplitStep)
    s = run(s, ["split-naval 3"])
    assert strs(legal_actions(s)) == {"bombard F1", "bombard F14"}  # arcs do not matter
    assert_illegal(s, "bombard F29", "R-NAVAL-1")
    powers = []
    for target, face in [("F1", 3), ("F1", 6), ("F14", 2), ("F1", 5), ("F14", 4), ("F14", 1)]:
        s = run(s, [f"bombard {target}"])
        assert s.step.kind == "naval" and p_hit(s) == Fraction(1, 3)
        powers.append(s.step.power)
        s = run(s, [(face,)])
    assert powers == ["UK"] * 3 + ["US"] * 3
    assert s.units("F1", "Germany").blockhouse == 1 and s.units("F14", "Germany").blockhouse == 0
    assert s.card == 8  # six dice, then the card is over


@pytest.mark.rules("R-NAVAL-2", "FAQ-1")
def test_r_naval_2_split_only_in_the_three_player_game():
    s = position(card=2, zones={"F1": {"Germany": "1b"}, "F14": {"Germany": "1b"}})
    assert_illegal(s, "split-naval 7", "R-NAVAL-2")
    two = position(card=2, zones={"F1": {"Germany": "1b"}, "F14": {"Germany": "1b"}}, options=RuleOptions(three_player=False))
    assert isinstance(two.step, NavalTargetStep) and two.step.uk_dice == 6
    two = run(two, ["bombard F14"])
    assert two.step.power == "Allies"


@pytest.mark.rules("R-NAVAL-3")
def test_r_naval_3_left_over_dice_are_lost():
    s = position(card=2, zones={"F17": {"Germany": "1b"}, "F29": {"UK": "1i"}}, options=RuleOptions(three_player=False), deck=[2, 8, 11, 13])
    s, lines = log_of(s, [(6,), (1,)])
    assert "No blockhouse is left: the remaining 4 naval dice are lost (R-NAVAL-3)" in lines
    assert s.card == 8 and s.units("F29", "UK").infantry == 1


# ---------------------------------------------------------------------------------------------
# R-BEACH, R-PARA


@pytest.mark.rules("R-BEACH-1", "R-GEN-1")
def test_r_beach_1_each_box_has_one_power_and_one_landing_zone():
    s = position(card=10, beaches={"Utah": "1i", "Omaha": "1a", "Gold": "1t", "Juno": "1i", "Sword": "1i"}, deck=[10, 11, 13])
    s = run(s, ["land Utah infantry", "land Omaha artillery", "land Gold tank", "land Juno infantry", "land Sword infantry"])
    placed = {z: (s.units(z, "UK").short(), s.units(z, "US").short()) for z in ("F11", "F14", "F15", "F16", "F17")}
    assert placed == {"F11": ("-", "1i"), "F14": ("-", "1a"), "F15": ("1t", "-"), "F16": ("1i", "-"), "F17": ("1i", "-")}
    bad = position(card=10, beaches={"Gold": "1i", "Juno": "1i"})
    assert_illegal(bad, "land Normandy infantry", "R-BEACH-1")
    assert_illegal(bad, "land Gold tank", "R-BEACH-2")


@pytest.mark.rules("R-BEACH-2", "R-CONTROL-2")
def test_r_beach_2_landing_among_the_enemy_is_fought_on_11_of_the_same_turn():
    s = position(card=10, zones={"F15": {"Germany": "2i 2b"}}, beaches={"Gold": "5i 1a 1t", "Juno": "1i"})
    s = run(s, ["land Gold infantry x5", "land Gold artillery", "land Gold tank", "done"])
    assert s.beach_units("Juno").total == 1 and s.contested("F15")
    assert (s.turn, s.card, s.step.kind, s.step.zone) == (2, 11, "attack", "F15")
    assert s.step.dice.groups == ((1, 5), (2, 1), (3, 1))


@pytest.mark.rules("R-PARA-1", "R-SETUP-3", "ORDER-1")
def test_r_para_1_paratroopers_become_ordinary_infantry_in_their_zones():
    s = initial_state()
    for faces in [(6, 6, 6)] * 3:
        s = run(s, [faces])
    assert [s.units(z, p).infantry for z, p in (("F11", "US"), ("F10", "US"), ("F17", "UK"))] == [3, 3, 3]
    assert all(f == Force() for f in s.airborne)
    assert any("paratroopers are now in F17 Ouistreham (R-PARA-2)" in x for x in log_lines(s))


def test_r_para_2_paratroopers_in_a_cleared_zone_may_move_on_order_8():
    s = position(card=1, turn=1, airborne=[0, 3, 0], zones={"F10": {"Germany": "1i"}, "F30": {"Germany": "1t"}})
    s = run(s, [(1, 6, 6)])  # one hit, one German infantry: removed automatically
    assert s.controller("F10") == "allies"
    assert s.card == 8 and isinstance(s.step, DeclareMovesStep)
    assert "move US infantry F10>F9" in strs(legal_actions(s))


@pytest.mark.rules("R-PARA-3", "R-REINF-4")
def test_r_para_3_no_reinforcement_goes_into_an_airborne_box():
    s = position(card=14, charts={"UK": [], "US": list(range(8, 38))})
    s = run(s, [(1, 1)])  # boxes 9 and 10: either US beach
    assert isinstance(s.step, PlaceReinforcementsStep)
    assert {a.destination for a in legal_actions(s)} == {"Utah", "Omaha"}
    for dest in ("F11", "F10"):
        assert_illegal(s, f"place US {dest}", "R-REINF-4")
    s = run(s, ["place US Utah", "place US Utah"])
    assert all(f.total == 0 for f in s.airborne) and s.beach_units("Utah").infantry == 2


# ---------------------------------------------------------------------------------------------
# R-REINF


@pytest.mark.rules("R-REINF-1", "R-REINF-4", "EX-2")
def test_r_reinf_1_uk_roll_of_7_takes_the_first_seven_boxes():
    s = position(card=14, charts={"US": []})
    s = run(s, [(3, 4)])
    assert s.step.quota == (0, 7, 0, 0)
    placed = []
    while isinstance(s.step, PlaceReinforcementsStep) and s.card == 14:
        nxt = s.chart_queue("UK")[0]
        s = run(s, ["place UK Gold" if s.beach_units("Gold").total < 7 else "place UK Sword"])
        placed.append(nxt)
    assert placed == ["artillery", "artillery", "infantry", "artillery", "tank", "infantry", "infantry"]
    assert s.beach_units("Gold").short() == "3i 3a 1t"
    assert s.chart_queue("UK")[:3] == ("infantry", "artillery", "tank") and len(s.chart_queue("UK")) == 22


@pytest.mark.rules("R-REINF-2", "FAQ-33", "FAQ-35")
def test_r_reinf_2_two_d6_per_chart_axis_rolls_both_before_placing():
    s = position(card=15)
    assert isinstance(s.step, ReinforcementRoll) and s.step.dice.is_2d6 and s.step.chart == 2
    dist = dict(chance_outcomes(s))
    assert len(dist) == 11 and sum(dist.values()) == 1 and max(dist.values()) == Fraction(6, 36)
    s = run(s, [(1, 1)])
    assert isinstance(s.step, ReinforcementRoll) and s.step.chart == 3  # second roll before any placement
    s = run(s, [(6, 6)])
    assert isinstance(s.step, PlaceReinforcementsStep) and s.step.quota == (0, 0, 2, 12)
    a = position(card=14)
    assert isinstance(a.step, ReinforcementRoll) and a.step.chart == 0
    a = run(a, [(1, 2)])
    assert isinstance(a.step, ReinforcementRoll) and a.step.chart == 1  # then the UK rolls


def test_r_reinf_2_a_roll_larger_than_the_queue_takes_what_is_left():
    s = position(card=15, charts={RENNES: [38, 39], ROUEN: []})
    s = run(s, [(6, 6)])
    assert s.step.quota == (0, 0, 2, 0)


@pytest.mark.rules("R-REINF-3", "R-REINF-5", "FAQ-32", "EX-3")
def test_r_reinf_3_leftovers_stay_first_in_line_and_nothing_is_banked():
    s = position(card=14, turn=1, charts={"UK": []}, deck=range(1, 17))
    s, lines = log_of(s, [(2, 6)])  # US rolls 8: boxes 1-4 to Utah, 5-6 Utah only (full), 7-8 blocked behind them
    assert s.beach_units("Utah").short() == "4i" and s.beach_units("Omaha").total == 0
    assert s.chart_queue("US")[:4] == ("artillery", "artillery", "infantry", "artillery") and len(s.chart_queue("US")) == 34
    assert any("no room for the next 4 units; they stay on the chart, first in line (R-REINF-3)" in x for x in lines)
    nxt = position(card=14, turn=2, beaches={"Utah": "3i"}, charts={"UK": [], "US": list(range(4, 38))})
    nxt = run(nxt, [(1, 2)])  # roll 3 counts afresh from box 5: box 5 fits in Utah, box 6 does not, box 7 waits behind it
    assert nxt.beach_units("Utah").short() == "3i 1a" and nxt.beach_units("Omaha").total == 0
    assert nxt.chart_queue("US")[:2] == ("artillery", "infantry") and len(nxt.chart_queue("US")) == 33


@pytest.mark.rules("R-REINF-3", "VAR-TA-9")
def test_r_reinf_3_placement_is_mandatory_while_there_is_room():
    s = position(card=14, charts={"US": []})
    s = run(s, [(1, 1)])
    assert "done" not in strs(legal_actions(s))
    with pytest.raises(IllegalActionError, match="R-REINF-3") as err:
        apply(s, Done())
    assert err.value.rule == "R-REINF-3"


@pytest.mark.rules("R-REINF-4", "R-GEN-1")
def test_r_reinf_4_own_power_s_boxes_within_capacity():
    s = position(card=14, beaches={"Gold": "6i", "Juno": "5i"}, charts={"US": []})
    s = run(s, [(1, 2)])
    assert {a.destination for a in legal_actions(s)} == {"Gold", "Sword"}
    assert_illegal(s, "place UK Omaha", "R-REINF-4")
    assert_illegal(s, "place UK Juno", "R-REINF-4")
    assert_illegal(s, "place US Omaha", "R-REINF-2")


@pytest.mark.rules("R-REINF-5", "FAQ-32", "EX-3")
def test_r_reinf_5_us_boxes_utah_then_omaha_then_either():
    s = position(card=14, beaches={"Utah": "1i"}, charts={"UK": []})
    s = run(s, [(2, 6)])
    assert s.beach_units("Utah").short() == "4i" and len(s.chart_queue("US")) == 35  # only 4 - 1 = 3 placed
    late = position(card=14, charts={"US": list(range(6, 38))})
    late = run(late, [(1, 2), (1, 1)])  # US 3: boxes 7, 8 (Omaha only) and 9 (either); UK 2
    assert {a.destination for a in legal_actions(late) if a.chart == "US"} == {"Omaha"}
    assert_illegal(late, "place US Utah", "R-REINF-5")
    late = run(late, ["place US Omaha", "place US Omaha"])
    assert {a.destination for a in legal_actions(late) if a.chart == "US"} == {"Utah", "Omaha"}


@pytest.mark.rules("R-REINF-6", "R-STACK-4", "FAQ-34", "EX-12")
def test_r_reinf_6_axis_units_enter_in_their_sector_zones():
    s = position(card=15, zones={"F32": {"Germany": "1i 1a 1t"}})
    s = run(s, [(3, 6), (1, 5)])  # Rennes/Chartres 9, Rouen/Chartres 6
    assert {a.destination for a in legal_actions(s) if a.chart == RENNES} == {"F33", "F35", "F37", "F40"}
    assert {a.destination for a in legal_actions(s) if a.chart == ROUEN} == {"F32", "F37", "F40", "F42"}
    assert_illegal(s, f"place {RENNES} F32", "R-REINF-6")
    s = run(s, [f"place {ROUEN} F32"] * 5)
    assert_illegal(s, f"place {ROUEN} F32", "R-STACK-4")
    s = run(s, [f"place {ROUEN} F42"] + [f"place {RENNES} F33"] * 6 + [f"place {RENNES} F35"] * 3)
    assert s.units("F32", "Germany").short() == "1i 1a 6t" and s.units("F42", "Germany").short() == "1a"
    assert s.units("F33", "Germany").short() == "2i 1a 3t" and s.units("F35", "Germany").short() == "2i 1a"


@pytest.mark.rules("R-REINF-7", "FAQ-31", "FAQ-34", "EX-15")
def test_r_reinf_7_placing_into_allied_occupied_zones():
    zones = {"F37": {"UK": "2i", "Germany": "1i"}}  # the German infantry there is already locked in combat
    s = position(card=15, zones=zones, patrols={"F37": {"uk_fighter": 2}}, charts={ROUEN: []}, deck=[11, 13, 15, 16])
    s = run(s, [(1, 2)])  # 3 units: t t t
    assert "place Germany_Rennes_Chartres F37" in strs(legal_actions(s))
    s = run(s, [f"place {RENNES} F37"] * 3)
    assert isinstance(s.step, StrafeStep) and [a[3] for a in s.step.arrivals] == [2, 2, 2]
    s = run(s, [(6, 6), (1, 6), (6, 6)])
    assert s.units("F37", "Germany").short() == "1i 2t" and s.contested("F37")
    assert s.turn == 3 and s.card == 11 and s.step.zone == "F37"  # no fight until the next attack card


@pytest.mark.rules("R-REINF-8", "R-AIR-3")
def test_r_reinf_8_all_placements_declared_then_strafed():
    s = position(card=15, patrols={"F33": {"us_fighter": 1}, "F35": {"uk_fighter": 3}}, charts={ROUEN: []})
    s = run(s, [(1, 1), f"place {RENNES} F33"])
    assert s.units("F33", "Germany").total == 0  # declared, not yet arrived
    s, lines = log_of(s, [f"place {RENNES} F35"])
    assert "German reinforcements placed: tank > F33, tank > F35 (strafing follows, R-REINF-8)" in lines
    assert isinstance(s.step, StrafeStep) and s.step.arrivals == (("Germany", "tank", "F33", 1), ("Germany", "tank", "F35", 3))
    s = run(s, [(1,), (6, 6, 6)])
    assert s.units("F33", "Germany").total == 0 and s.units("F35", "Germany").tank == 1 and s.destroyed[0].tank == 1


@pytest.mark.rules("R-REINF-9", "R-BH-2")
def test_r_reinf_9_allied_reinforcements_face_blockhouse_fire_before_landing():
    s = position(card=14, zones={"F14": {"Germany": "1b"}, "F29": {"UK": "1i"}}, beaches={"Utah": "4i"},
                 charts={"UK": [], "US": list(range(6, 38)), RENNES: [], ROUEN: []}, options=RuleOptions(three_player=False))  # fmt: skip
    s = run(s, [(1, 1)])  # roll 2 -> boxes 7, 8, Omaha only
    assert s.beach_units("Omaha").short() == "1i 1a" and s.turn == 3 and s.card == 2
    s = run(s, [(6,)] * 6)  # naval bombardment misses; order 8: the UK infantry may move
    s = run(s, ["done"])
    assert s.card == 9 and isinstance(s.step, FireToSeaStep) and s.beach_units("Omaha").total == 2
    assert strs(legal_actions(s)) == {
        "fire-to-sea infantry Omaha",
        "fire-to-sea artillery Omaha",
        "fire-to-sea infantry Utah",
    }  # F14's arc: both
    s = run(s, ["fire-to-sea artillery Omaha", (1,)])
    assert s.card == 10 and s.beach_units("Omaha").short() == "1i"


def test_r_reinf_9_axis_reinforcements_move_from_the_next_order_12():
    s = position(card=15, charts={ROUEN: []}, zones={"F29": {"UK": "1i"}}, deck=[12, 15])
    s = run(s, [(1, 1), f"place {RENNES} F33", f"place {RENNES} F35"])
    assert s.units("F33", "Germany").tank == 1 and s.units("F35", "Germany").tank == 1
    assert s.turn == 3 and s.card == 12 and isinstance(s.step, DeclareMovesStep)
    assert "move Germany tank F33>F24" in strs(legal_actions(s))
