"""The sixteen order cards (ORDER-1..16), each driven end to end.

Every test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from typing import Any

from helpers import has_line, legal, play, refused, short

from dday.rules.scenario import position
from dday.rules.setup import check_invariants, initial_state
from dday.rules.state import RuleOptions, State
from dday.rules.steps import (
    AARoll,
    AATargetStep,
    AttackRoll,
    BomberStep,
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
    Roll,
    SeaRoll,
    StrafeStep,
)
from dday.rules.units import Air, Force

ALL_AIR = {"uk_fighter": 4, "us_fighter": 4, "uk_bomber": 1, "us_bomber": 1}
BEACHES = ("Utah", "Omaha", "Gold", "Juno", "Sword")

# ---------------------------------------------------------------------------------------------
# helpers


def boxes(state: State) -> dict[str, str]:
    return {b: state.beach_units(b).short() for b in BEACHES}


def setup_zones(*only: str) -> dict[str, dict[str, Force]]:
    """The Axis start units (R-SETUP-1), optionally restricted to some zones."""
    board = initial_state().board
    return {z.id: {"Germany": z.axis_start} for z in board.zones if z.axis_start.total and (not only or z.id in only)}


# ---------------------------------------------------------------------------------------------
# ORDER-1 Airborne Assault


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


# ---------------------------------------------------------------------------------------------
# ORDER-2 Naval Bombardment


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


# ---------------------------------------------------------------------------------------------
# ORDER-3 Fighter Patrol


def test_order_3_fighters_patrol_any_zone_at_most_four_each() -> None:
    """Fighters go to empty, enemy and contested zones; a fifth fighter in one zone is refused; the rest stay home."""
    s = position(card=3, zones={"F30": {"Germany": "1i 2a", "UK": "2i"}, "F37": {"Germany": "1i"}}, airfield=ALL_AIR)
    assert isinstance(s.step, PatrolStep)
    s, lines = play(s, "patrol UK F30 3", "patrol US F30 1")
    assert lines == ["3 UK fighters patrol F30 Caen", "1 US fighter patrols F30 Caen"]
    refused(s, "patrol US F30 1", "R-STACK-3")
    refused(s, "patrol UK F37 2", "R-AIR-2")  # only one UK fighter left on the airfield
    refused(s, "patrol US Gold 1", "R-CONTROL-4")
    assert "patrol US F30 1" not in legal(s) and "patrol US F9 1" in legal(s)
    s, _ = play(s, "patrol US F37 2", "patrol US F9 1", "done")
    assert s.air_in("F30") == Air(uk_fighter=3, us_fighter=1)
    assert s.air_in("F37") == Air(us_fighter=2) and s.air_in("F9") == Air(us_fighter=1)
    assert s.airfield == Air(uk_fighter=1, uk_bomber=1, us_bomber=1)
    assert s.units("F30", "Germany") == Force(infantry=1, artillery=2)  # no attack on arrival
    assert isinstance(s.step, AATargetStep) and (s.card, s.step.zone) == (4, "F30")


def test_order_3_card_ends_by_itself_when_the_airfield_is_empty() -> None:
    """Sending the last fighter closes the card; with no artillery under fighters order 4 passes silently."""
    s = position(card=3, zones={"F17": {"UK": "1i"}, "F26": {"Germany": "1i"}}, airfield={"uk_fighter": 1, "uk_bomber": 1})
    s, lines = play(s, "patrol UK F17 1")
    assert lines[1:] == ["Turn 2, order 4: Antiaircraft Fire vs. Fighters", "Turn 2, order 5: Bomber Strike"]
    assert isinstance(s.step, BomberStep)


# ---------------------------------------------------------------------------------------------
# ORDER-4 Antiaircraft Fire vs. Fighters


def test_order_4_each_artillery_fires_one_die_at_a_chosen_fighter() -> None:
    """Three artillery under four fighters roll three dice; a shot-down fighter leaves play, not to the airfield."""
    s = position(
        card=4,
        zones={"F30": {"Germany": "3a 1t", "UK": "1i"}, "F26": {"Germany": "1a"}, "F23": {"Germany": "1i"}},
        patrols={"F30": {"uk_fighter": 2, "us_fighter": 2}, "F23": {"us_fighter": 1}},
        airfield={"uk_bomber": 1},
    )
    assert isinstance(s.step, AATargetStep) and (s.step.zone, s.step.kind) == ("F30", "fighter")
    assert legal(s) == ["aa UK", "aa US"]
    refused(s, "aa Germany", "R-AA-2")
    s, lines = play(s, "aa UK", (1,), "aa US", (6,), "aa UK")
    refused(s, "aa US", "R-TURN-3")  # the die is aimed already: the game waits for it
    s, more = play(s, (1,))
    lines += more
    shots = [line for line in lines if line.startswith("Antiaircraft: ")]
    assert len(shots) == 3
    assert shots[0] == "Antiaircraft: German artillery 1 of 3 in F30 Caen fires at a UK fighter: 1 -> shot down, removed from play (hits on 1)"
    assert shots[1].endswith("6 -> miss (hits on 1)")
    assert s.air_in("F30") == Air(us_fighter=2) and s.air_in("F23") == Air(us_fighter=1)
    assert s.air_lost == Air(uk_fighter=2) and s.airfield == Air(uk_bomber=1)
    assert (s.card, type(s.step)) == (5, BomberStep)


def test_order_4_single_target_is_aimed_automatically() -> None:
    """With only a US fighter over two guns each gun's aim is forced, so only the dice are asked for."""
    s = position(card=4, zones={"F30": {"Germany": "2a"}}, patrols={"F30": {"us_fighter": 1}, "F17": {"uk_fighter": 1}})
    assert isinstance(s.step, AARoll) and s.step.power == "US"  # single choice taken
    s, _ = play(s, (6,))
    assert isinstance(s.step, AARoll) and s.step.shot == 1
    s, _ = play(s, (2,))
    assert s.air_in("F30") == Air(us_fighter=1) and s.air_in("F17") == Air(uk_fighter=1)
    assert (s.card, type(s.step)) == (12, DeclareMovesStep)  # 5-7 left with the bombers; 8-11 had nothing to do


# ---------------------------------------------------------------------------------------------
# ORDER-5 Bomber Strike


def test_order_5_bombers_strike_zones_without_allied_land_units() -> None:
    """Each bomber picks a zone free of Allied troops and an Axis unit there (blockhouses too); 1-3 destroys it."""
    zones = {"F30": {"Germany": "2i 1a", "UK": "1t"}, "F26": {"Germany": "1a 1i"}, "F2": {"Germany": "1i 2b"}, "F15": {"UK": "2i"}}
    s = position(card=5, zones=zones, airfield={"uk_bomber": 1, "us_bomber": 1})
    assert isinstance(s.step, BomberStep)
    options = legal(s)
    assert "done" in options and not any(" F30 " in o or " F15 " in o for o in options)
    assert "bomb US F2 blockhouse" in options
    refused(s, "bomb UK F30 artillery", "R-AIR-5")
    refused(s, "bomb UK F26 tank", "R-TARGET-1")
    refused(s, "bomb UK Gold infantry", "R-CONTROL-4")
    s, lines = play(s, "bomb UK F26 artillery", (3,), "bomb US F2 blockhouse", (4,))
    assert lines == [
        "UK bomber strikes an artillery in F26 Saint-Lô: 3 -> destroyed (hits on 1-3)",
        "US bomber strikes a blockhouse in F2 Cherbourg: 4 -> miss (hits on 1-3)",
        "Turn 2, order 6: Antiaircraft Fire vs. Bombers",  # no artillery under any bomber now
        "Turn 2, order 7: Bombers Return",
        "2 bombers return to the airfield (R-AIR-6)",
        "Turn 2, order 8: Allies Move",
    ]
    assert short(s, "F26", "Germany") == "1i" and short(s, "F2", "Germany") == "1i 2b"
    assert s.airfield == Air(uk_bomber=1, us_bomber=1)


def test_order_5_bombers_may_stay_on_the_airfield() -> None:
    """Sending no bomber is allowed: done ends the card."""
    s = position(card=5, zones={"F26": {"Germany": "1a"}}, airfield={"uk_bomber": 1, "us_bomber": 1})
    s, lines = play(s, "bomb US F26 artillery", (6,), "done")
    assert s.air_in("F26") == Air(us_bomber=1)
    assert lines[-1] == "Turn 2, order 6: Antiaircraft Fire vs. Bombers"
    assert isinstance(s.step, Roll) and (s.step.kind, s.step.zone, s.step.power) == ("aa", "F26", "US")


def test_order_5_two_bombers_may_share_a_zone() -> None:
    """Both bombers strike the same zone, one after the other, at whatever is left there."""
    s = position(card=5, zones={"F26": {"Germany": "2a"}}, airfield={"uk_bomber": 1, "us_bomber": 1})
    s, _ = play(s, "bomb UK F26 artillery", (1,))
    assert legal(s) == ["bomb US F26 artillery", "done"]
    s, _ = play(s, "bomb US F26 artillery")
    assert s.air_in("F26") == Air(uk_bomber=1, us_bomber=1)
    s, lines = play(s, (2,))
    assert short(s, "F26", "Germany") == "-"
    assert lines[3] == "2 bombers return to the airfield (R-AIR-6)" and s.airfield == Air(uk_bomber=1, us_bomber=1)


# ---------------------------------------------------------------------------------------------
# ORDER-6 Antiaircraft Fire vs. Bombers / ORDER-7 Bombers Return


def test_order_6_one_die_per_artillery_against_bombers() -> None:
    """Zones are taken in board order; each artillery fires once; once the bomber is down the rest hold fire."""
    s = position(
        card=6,
        zones={"F30": {"Germany": "3a 1t"}, "F26": {"Germany": "1a"}, "F17": {"UK": "1i"}},
        patrols={"F30": {"us_bomber": 1, "uk_fighter": 2}, "F26": {"uk_bomber": 1}},
    )
    assert isinstance(s.step, AARoll) and (s.step.zone, s.step.aircraft) == ("F26", "bomber")
    s, lines = play(s, (6,), (6,), (1,))
    assert [line for line in lines if line.startswith("Antiaircraft:")] == [
        "Antiaircraft: the German artillery in F26 Saint-Lô fires at a UK bomber: 6 -> miss (hits on 1)",  # one gun: no number
        "Antiaircraft: German artillery 1 of 3 in F30 Caen fires at a US bomber: 6 -> miss (hits on 1)",
        "Antiaircraft: German artillery 2 of 3 in F30 Caen fires at a US bomber: 1 -> shot down, removed from play (hits on 1)",
    ]
    assert s.air_lost == Air(us_bomber=1)
    assert s.air_in("F30") == Air(uk_fighter=2)  # fighters are not the target of order 6
    assert s.airfield == Air(uk_bomber=1)
    assert s.card == 8


def test_order_7_bombers_return_to_the_airfield() -> None:
    """Every bomber on the board flies home; fighters stay on patrol; lost bombers stay lost."""
    s = position(
        card=7,
        zones={"F17": {"UK": "1i"}},
        patrols={"F26": {"uk_bomber": 1, "us_fighter": 1}, "F2": {"us_bomber": 1}},
    )
    assert s.airfield == Air(uk_bomber=1, us_bomber=1)
    assert s.air_in("F26") == Air(us_fighter=1) and s.air_in("F2") == Air()
    assert has_line(s.events, "2 bombers return to the airfield (R-AIR-6)")
    assert (s.card, type(s.step)) == (8, DeclareMovesStep)


# ---------------------------------------------------------------------------------------------
# ORDER-8 Allies Move


def test_order_8_allies_move_tanks_twice_and_locked_units_stay() -> None:
    """A UK tank drives F15 > F23 > F30 into the enemy; paratroopers locked with a blockhouse cannot leave."""
    zones = {"F11": {"US": "3i", "Germany": "1b"}, "F15": {"UK": "2i 1t"}, "F30": {"Germany": "1i"}}
    s = position(card=8, zones=zones)
    assert isinstance(s.step, DeclareMovesStep) and s.step.who == "allies"
    options = legal(s)
    assert not any(o.startswith("move US") for o in options)
    assert "move UK tank F15>F23>F30" in options and "move UK infantry F15>F23" in options
    refused(s, "move US infantry F11>F7", "R-MOVE-3")
    refused(s, "move UK tank F15>F23>F15", "R-MOVE-4")
    refused(s, "move UK infantry F15>F23>F30", "R-MOVE-1")
    refused(s, "move UK tank F15>F30", "R-MOVE-1")
    refused(s, "move Germany infantry F30>F23", "R-TURN-3")
    s, lines = play(s, "move UK tank F15>F23>F30", "move UK infantry F15>F23", "done")
    assert lines[:2] == ["UK tank x1 moves F15 Bayeux > F23 Creully > F30 Caen", "UK infantry x1 moves F15 Bayeux > F23 Creully"]
    assert short(s, "F30", "UK") == "1t" and short(s, "F23", "UK") == "1i" and short(s, "F15", "UK") == "1i"
    assert short(s, "F30", "Germany") == "1i"  # nobody fights on a move card
    # order 9 and 10 pass (no arcs, empty boxes); order 11 fights both combat zones, F11 first
    assert lines[-1] == "Turn 2, order 11: Allies Attack"
    assert isinstance(s.step, Roll) and (s.step.kind, s.step.zone) == ("attack", "F11")


# ---------------------------------------------------------------------------------------------
# ORDER-9 Blockhouses Fire to Sea


def test_order_9_every_arc_blockhouse_fires_once_at_its_beach() -> None:
    """Turn 1 set-up: the 11 arc blockhouses each fire one targeted die; Utah is hit from F4, F7, F11 and F14."""
    zones: dict[str, Any] = setup_zones()
    zones["F11"] = {"Germany": "1b", "US": "3i"}  # paratroopers share F11 with its blockhouse (R-BH-5)
    beaches = {b: s0 for b, s0 in zip(BEACHES, ("3i 1a", "6i 2a", "5i 1a 1t", "3i 1a 1t", "4i 1a 1t"), strict=True)}
    s = position(card=9, turn=1, zones=zones, beaches=beaches, airborne=[0, 0, 0])
    assert isinstance(s.step, FireToSeaStep) and s.step.zone == "F4"
    assert legal(s) == ["fire-to-sea artillery Utah", "fire-to-sea infantry Utah"]
    refused(s, "fire-to-sea tank", "R-BH-2")

    # fmt: off
    s, lines = play(
        s,
        "fire-to-sea artillery", (3,),  # F4 > Utah: destroyed
        (4,),  # F7 > Utah: only infantry left, aimed automatically
        (1,),  # F11 > Utah
        "fire-to-sea artillery Omaha", (2,), "fire-to-sea infantry Utah", (5,),  # F14 (2) > Omaha or Utah
        "fire-to-sea tank", (3,), "fire-to-sea artillery", (4,),  # F15 (2) > Gold, EX-5
        "fire-to-sea tank Juno", (6,),  # F16 > Juno or Sword
        "fire-to-sea infantry", (2,), "fire-to-sea tank", (6,),  # F17 (2) > Sword
        "fire-to-sea artillery", (3,),  # F18 > Sword
    )
    # fmt: on
    shots = [line for line in lines if line.startswith("Blockhouse")]
    assert [(line.split(" in ")[1].split()[0], line.split(" in ")[2].split(":")[0]) for line in shots] == [
        ("F4", "Utah"), ("F7", "Utah"), ("F11", "Utah"), ("F14", "Omaha"), ("F14", "Utah"), ("F15", "Gold"), ("F15", "Gold"),
        ("F16", "Juno"), ("F17", "Sword"), ("F17", "Sword"), ("F18", "Sword"),
    ]  # fmt: skip
    assert shots[0] == "Blockhouse in F4 Saint-Vaast-la-Hougue fires at an artillery in Utah: 3 -> destroyed (hits on 1-3)"
    assert boxes(s) == {"Utah": "2i", "Omaha": "6i 1a", "Gold": "5i 1a", "Juno": "3i 1a 1t", "Sword": "3i 1t"}
    assert s.destroyed[1] == Force(infantry=1, artillery=1, tank=1) and s.destroyed[2] == Force(infantry=1, artillery=2)
    assert s.blockhouses_in_play() == 17  # nobody fires back
    assert (s.turn, s.card, type(s.step)) == (1, 10, LandingStep)


def test_order_9_empty_beach_draws_no_fire() -> None:
    """Blockhouses whose beach is empty skip; arc-less blockhouses never fire."""
    s = position(card=9, zones={"F2": {"Germany": "2b"}, "F14": {"Germany": "2b"}, "F16": {"Germany": "1b"}}, beaches={"Juno": "2i"})
    assert isinstance(s.step, SeaRoll) and (s.step.zone, s.step.unit) == ("F16", "infantry")
    s, lines = play(s, (1,))
    assert [line for line in lines if line.startswith("Blockhouse")] == [
        "Blockhouse in F16 Courseulles-sur-Mer fires at an infantry in Juno: 1 -> destroyed (hits on 1-3)"
    ]
    assert s.beach_units("Juno") == Force(infantry=1) and s.card == 10


# ---------------------------------------------------------------------------------------------
# ORDER-10 Allies Land


LANDINGS = (("Gold", "artillery"), ("Gold", "infantry"), ("Sword", "artillery"), ("Sword", "infantry"), ("Sword", "tank"))


def test_order_10_landing_up_to_eight_allied_units_in_the_zone() -> None:
    """Gold lands fully; Sword fills F17 to 8 beside the paratroopers and its artillery waits in the box."""
    zones = {"F15": {"Germany": "2b"}, "F17": {"UK": "3i", "Germany": "2b"}}
    s = position(card=10, turn=1, zones=zones, beaches={"Gold": "5i 1a", "Sword": "4i 1a 1t"}, airborne=[0, 0, 0])
    assert isinstance(s.step, LandingStep)
    assert legal(s) == ["done", *(f"land {b} {u}" for b, u in LANDINGS)]
    refused(s, "land Omaha infantry", "R-BEACH-2")
    refused(s, "land Gold tank", "R-BEACH-2")
    refused(s, "land Normandy infantry", "R-BEACH-1")
    s, lines = play(s, "land Gold infantry x5", "land Gold artillery", "land Sword infantry x4")
    assert lines == [
        "5 UK infantry land from Gold into F15 Bayeux",
        "1 UK artillery lands from Gold into F15 Bayeux",
        "4 UK infantry land from Sword into F17 Ouistreham",
    ]
    refused(s, "land Sword infantry", "R-BEACH-2")
    s2 = position(card=10, turn=1, zones={"F17": {"UK": "7i"}}, beaches={"Sword": "2t"})
    refused(s2, "land Sword tank x2", "R-STACK-1")
    s, lines = play(s, "land Sword tank")  # F17 is full: done is the only choice left and is taken
    assert short(s, "F15", "UK") == "5i 1a" and short(s, "F17", "UK") == "7i 1t"
    assert boxes(s) == {"Utah": "-", "Omaha": "-", "Gold": "-", "Juno": "-", "Sword": "1a"}
    assert lines[-1] == "Turn 1, order 11: Allies Attack"
    assert isinstance(s.step, Roll) and s.step.zone == "F15"


# ---------------------------------------------------------------------------------------------
# ORDER-11 Allies Attack / Axis Defends


def test_order_11_one_cycle_in_every_combat_zone_allies_fire_first() -> None:
    """F11 and F15 are fought in board order; casualties still fire back; survivors of both sides stay."""
    zones = {"F11": {"US": "3i", "Germany": "1b"}, "F15": {"UK": "5i 1a", "Germany": "2b"}, "F16": {"UK": "2i"}}
    s = position(card=11, turn=1, zones=zones)
    assert isinstance(s.step, AttackRoll) and (s.step.zone, s.step.attacker) == ("F11", "allies")
    assert s.step.dice.groups == ((1, 3),) and s.step.defense_dice.groups == ((1, 1),)
    assert legal(s) == []  # attacking is compulsory (FAQ-9)
    s, lines = play(s, (1, 5, 6))  # 1 hit: the blockhouse is the only choice
    assert short(s, "F11", "Germany") == "-"
    assert isinstance(s.step, Roll) and s.step.kind == "defense"
    s, more = play(s, (1,))  # the destroyed blockhouse still fires: 1 US infantry lost
    lines += more
    assert short(s, "F11", "US") == "2i" and s.controller("F11") == "allies"
    assert has_line(lines, "After the cycle in F11", "the Allies control it")
    assert has_line(lines, "After the cycle in F11", "Axis none, Allies 2i")  # "none", not the reference's bare "-"

    assert isinstance(s.step, Roll) and s.step.zone == "F15"
    assert s.step.dice.groups == ((1, 5), (2, 1)) and s.step.defense_dice.groups == ((1, 2),)
    s, more = play(s, (2, 3, 4, 5, 6, 2), (4, 6))  # artillery hits once; the blockhouses miss
    lines += more
    assert short(s, "F15", "Germany") == "1b" and short(s, "F15", "UK") == "5i 1a"
    assert has_line(lines, "After the cycle in F15", "the combat goes on next attack card")
    assert s.controller("F15") is None
    assert s.destroyed == (Force(blockhouse=2), Force(), Force(infantry=1))
    # order 12: the lone blockhouse cannot move, so the Axis attacks F15 at once on order 13
    assert isinstance(s.step, AttackRoll) and (s.card, s.step.zone, s.step.attacker) == (13, "F15", "axis")


# ---------------------------------------------------------------------------------------------
# ORDER-12 Axis Moves


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


# ---------------------------------------------------------------------------------------------
# ORDER-13 Axis Attacks / Allies Defend


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


LEGAL_13 = ["casualties Germany:blockhouse:2", "casualties Germany:infantry:1,Germany:blockhouse:1"]


# ---------------------------------------------------------------------------------------------
# ORDER-14 Allies Reinforce


def test_order_14_uk_and_us_roll_then_place_in_chart_order() -> None:
    """US 8 and UK 7 on turn 1: 4 US go to Utah, the UK units fill Gold, Sword and Juno, leftovers wait on the chart."""
    beaches = {"Omaha": "2i", "Gold": "3i", "Sword": "1a"}
    s = position(card=14, turn=1, zones={"F11": {"US": "3i"}}, beaches=beaches, airfield={"uk_fighter": 1})
    assert isinstance(s.step, Roll) and s.step.kind == "reinf" and s.step.dice.is_2d6
    s, lines = play(s, (3, 5), (3, 4))
    assert lines == [
        "US reinforcements: 2d6 3,5 = 8 -> next 8 units: i i i i a a i a",
        "UK reinforcements: 2d6 3,4 = 7 -> next 7 units: a a i a t i i",
    ]
    assert isinstance(s.step, PlaceReinforcementsStep) and s.step.quota == (8, 7, 0, 0)
    assert legal(s) == ["place UK Gold", "place UK Juno", "place UK Sword", "place US Utah"]
    refused(s, "place US Omaha", "R-REINF-5")
    refused(s, "place UK Utah", "R-REINF-4")
    s, lines = play(s, *["place US Utah"] * 4)
    assert has_line(lines, "US reinforcements: no room for the next 4 units")
    s, _ = play(s, *["place UK Gold"] * 4, "place UK Sword", "place UK Sword")
    refused(s, "place UK Gold", "R-REINF-4")  # Gold is at its capacity of 7
    s, lines = play(s, "place UK Juno")
    assert boxes(s) == {"Utah": "4i", "Omaha": "2i", "Gold": "4i 3a", "Juno": "1i", "Sword": "1i 1a 1t"}
    assert s.chart_queue("US")[:4] == ("artillery", "artillery", "infantry", "artillery") and len(s.chart_queue("US")) == 34
    assert len(s.chart_queue("UK")) == 22 and s.chart_queue("UK")[0] == "infantry"
    assert lines[-1] == "Turn 1, order 15: Axis Reinforces"


# ---------------------------------------------------------------------------------------------
# ORDER-15 Axis Reinforces


def test_order_15_axis_rolls_both_columns_places_then_fighters_strafe() -> None:
    """Rolls of 9 and 5; tanks go into Allied-held F37 under two fighters and are strafed 2 dice each."""
    zones = {"F32": {"Germany": "1i 1a 2t"}, "F37": {"UK": "2i"}}
    s = position(card=15, zones=zones, patrols={"F37": {"uk_fighter": 2}})
    s, lines = play(s, (4, 5), (1, 4))
    assert lines == [
        "Germany: enter at Rennes or Chartres: 2d6 4,5 = 9 -> next 9 units: t t t i a i i i a",
        "Germany: enter at Rouen or Chartres: 2d6 1,4 = 5 -> next 5 units: t t t t t",
    ]
    assert isinstance(s.step, PlaceReinforcementsStep) and s.step.quota == (0, 0, 9, 5)
    assert legal(s) == [f"place Germany_Rennes_Chartres {z}" for z in ("F33", "F35", "F37", "F40")] + [
        f"place Germany_Rouen_Chartres {z}" for z in ("F32", "F37", "F40", "F42")
    ]
    refused(s, "place Germany_Rennes_Chartres F32", "R-REINF-6")
    refused(s, "place US Utah", "R-TURN-3")
    s, _ = play(s, *["place Germany_Rennes_Chartres F37"] * 3, *["place Germany_Rennes_Chartres F33"] * 6)
    s, _ = play(s, *["place Germany_Rouen_Chartres F32"] * 4)
    refused(s, "place Germany_Rouen_Chartres F32", "R-STACK-4")  # 4 + 4 declared = 8
    s, lines = play(s, "place Germany_Rouen_Chartres F42")
    assert has_line(lines, "German reinforcements placed: tank > F37, tank > F37, tank > F37", "(strafing follows, R-REINF-8)")
    assert isinstance(s.step, StrafeStep) and s.step.arrivals == (("Germany", "tank", "F37", 2),) * 3
    assert short(s, "F33", "Germany") == "4i 2a" and short(s, "F32", "Germany") == "1i 1a 6t" and short(s, "F42", "Germany") == "1t"
    s, lines = play(s, (1, 6), (6, 6), (6, 2))
    assert short(s, "F37", "Germany") == "2t" and short(s, "F37", "UK") == "2i" and s.destroyed[0] == Force(tank=1)
    assert s.chart_queue("Germany_Rennes_Chartres")[0] == "infantry" and len(s.chart_queue("Germany_Rouen_Chartres")) == 22
    assert lines[3:5] == ["Turn 2, order 16: Fighters Return", "2 fighters return to the airfield (R-AIR-6)"]
    assert has_line(lines, "End of turn 2")
    assert (s.turn, s.card, type(s.step)) == (3, 3, PatrolStep)


# ---------------------------------------------------------------------------------------------
# ORDER-16 Fighters Return


def test_order_16_end_of_turn_1_fighters_home_card_1_leaves_and_victory_checked() -> None:
    """Fighters fly home, order 1 leaves the deck, cities are checked, and turn 2 opens on the next card in play."""
    zones = {"F30": {"Germany": "1i"}, "F2": {"US": "1i"}, "F26": {"US": "1i"}, "F14": {"US": "1i", "Germany": "1b"}}
    s = position(card=16, turn=1, zones=zones, patrols={"F30": {"uk_fighter": 3}, "F14": {"us_fighter": 2}}, airfield={"us_fighter": 1})
    lines = list(s.events)
    assert lines == [
        "Turn 1, order 16: Fighters Return",
        "5 fighters return to the airfield (R-AIR-6)",
        "Order 1 leaves the deck: it is used on turn 1 only (R-DECK-1)",
        "End of turn 1: Cherbourg held by the Allies; St. Lô held by the Allies; Caen held by the Axis",
        "Turn 2, order 2: Naval Bombardment",
    ]
    assert s.airfield == Air(uk_fighter=3, us_fighter=3) and all(a == Air() for a in s.air)
    assert 1 not in s.deck and s.deck[0] == 2
    assert (s.turn, s.card, s.hold, s.winner) == (2, 2, 0, None)
    assert isinstance(s.step, NavalSplitStep)


CITIES = {"F2": {"US": "2i"}, "F26": {"US": "1i 1a"}, "F30": {"UK": "1t"}}


def test_order_16_first_turn_end_holding_all_cities_arms_the_marker() -> None:
    """All three cities Allied at the end of turn 4: the hold marker is set and play goes on."""
    s = position(card=16, turn=4, zones=CITIES, airfield={"uk_fighter": 1})
    assert s.events[-3:] == (
        "The Allies hold all three cities: they win if they still hold them at the end of next turn (R-VICTORY-2)",
        "Order 2 leaves the deck: no blockhouse is left (R-DECK-2)",
        "Turn 5, order 3: Fighter Patrol",
    )
    assert (s.turn, s.hold, s.winner) == (5, 1, None)


def test_order_16_second_turn_end_holding_all_cities_wins() -> None:
    """Holding again at the end of the next turn ends the game with an Allied win."""
    s = position(card=16, turn=5, zones=CITIES, hold=1)
    assert s.winner == "allies" and isinstance(s.step, GameOver) and s.is_over
    assert (s.turn, s.hold) == (5, 2)
    assert s.events[-1] == "The Allies have held all three cities for a full turn: the Allies win on turn 5 (R-VICTORY-1)"
    refused(s, "done", "R-TURN-1")


def test_order_16_leaves_the_deck_without_fighters_but_the_turn_still_ends() -> None:
    """With every fighter shot down order 16 leaves the deck (RECONSTRUCTED predicate); the victory check still runs."""
    s = position(card=15, turn=3, zones={"F2": {"US": "1i"}}, charts={"Germany_Rennes_Chartres": [], "Germany_Rouen_Chartres": []})
    assert list(s.events[1:4]) == [
        "Order 16 leaves the deck: no fighter is left (R-DECK-2)",
        "End of turn 3: Cherbourg held by the Allies; St. Lô held by nobody; Caen held by nobody",
        "Order 2 leaves the deck: no blockhouse is left (R-DECK-2)",
    ]
    assert 16 not in s.deck and (s.turn, s.hold) == (4, 0)
