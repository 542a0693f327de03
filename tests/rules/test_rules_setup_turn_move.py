"""Core rules: sides, board data, setup, turn and deck, movement, stacking, control, victory.

Every test names the rule IDs it checks (function name and/or ``@pytest.mark.rules``).
Positions are built with :func:`dday.rules.scenario.position`; dice are always scripted.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from importlib import resources

import numpy as np
import pytest
from helpers import item as act
from helpers import refused as assert_illegal
from helpers import strs

from dday.errors import BadRollError, BoardDataError, IllegalActionError, NotYourTurnError
from dday.rules.actions import Done, Move
from dday.rules.board import board_from_dict, load_board, load_board_file
from dday.rules.cards import ORDER_CARDS, stays_in_deck
from dday.rules.dice import Dice, hits_in
from dday.rules.engine import apply, chance_outcomes, legal_actions
from dday.rules.scenario import position, run
from dday.rules.setup import check_invariants, initial_state
from dday.rules.state import RuleOptions
from dday.rules.steps import DeclareMovesStep, GameOver, NavalSplitStep, Roll, StrafeStep
from dday.rules.units import powers_of, side_of
from dday.views.log_text import log_lines, log_of

# ---------------------------------------------------------------------------------------------
# helpers

NO_CHARTS = {"US": [], "UK": [], "Germany_Rennes_Chartres": [], "Germany_Rouen_Chartres": []}
CITIES = {"F2": {"UK": "1i"}, "F26": {"US": "1i"}, "F30": {"UK": "1i"}}


def declare(state, *moves):
    """Declare ``moves`` on a move card and end the declaration (if the engine has not already)."""
    for m in moves:
        state = apply(state, act(m))
    if isinstance(state.step, DeclareMovesStep):
        state = apply(state, Done())
    return state


def board_data():
    return json.loads(resources.files("dday").joinpath("data/board.json").read_text(encoding="utf-8"))


def zone_entry(data, zid):
    return next(z for z in data["zones"] if z["id"] == zid)


def all_log(state, script):
    return "\n".join(log_of(state, script)[1])


# ---------------------------------------------------------------------------------------------
# R-GEN: sides, dice, joint decisions, board data, components


def test_r_gen_1_two_sides_three_powers():
    """Germany is the Axis; the UK and the US are the Allies."""
    assert side_of("Germany") == "axis"
    assert side_of("UK") == side_of("US") == "allies"
    assert powers_of("allies") == ("UK", "US") and powers_of("axis") == ("Germany",)
    with pytest.raises(ValueError, match="R-GEN-1"):
        side_of("France")


@pytest.mark.rules("R-GEN-1", "R-TURN-3")
def test_r_gen_1_uk_and_us_units_stay_separate_but_fight_as_one_side():
    """UK and US units in one zone keep their nationality; the Axis cannot move them."""
    s = position(card=12, zones={"F30": {"UK": "1i", "US": "2i"}, "F38": {"Germany": "1i"}})
    assert s.units("F30", "UK").infantry == 1 and s.units("F30", "US").infantry == 2
    assert s.side_units("F30", "allies").infantry == 3
    assert_illegal(s, "move US infantry F30>F29", "R-TURN-3")
    s8 = position(card=8, zones={"F30": {"UK": "1i"}, "F38": {"Germany": "1i"}})
    assert_illegal(s8, "move Germany infantry F38>F29", "R-TURN-3")


def test_r_gen_2_d6_hits_on_n_or_less():
    """A die hits when it shows N or less; faces outside 1..6 are rejected."""
    assert hits_in(Dice(((3, 4),)), (3, 4, 1, 6)) == (2,)
    assert hits_in(Dice(((1, 2), (2, 2))), (1, 2, 2, 3)) == (1, 1)
    s = position(card=5, zones={"F26": {"Germany": "1a"}}, airfield={"uk_bomber": 1})
    s = run(s, ["bomb UK F26 artillery"])
    assert dict(chance_outcomes(s)) == {(1,): Fraction(1, 2), (6,): Fraction(1, 2)}  # hits on 1-3
    for bad in [(0,), (7,), (1, 1), (1.9,), (2.0,), (True,), ("3",)]:
        with pytest.raises(BadRollError, match=r"1\.\.6|dice|\bdie\b"):
            apply(s, bad)  # type: ignore[arg-type]
    assert apply(s, (np.int64(2),)).events[-1] == apply(s, (2,)).events[-1]  # numpy integers are dice


@pytest.mark.rules("R-GEN-3", "R-NAVAL-2", "FAQ-2", "EX-16")
def test_r_gen_3_any_naval_split_the_axis_imposes_is_accepted():
    """When the Allies disagree the Axis decides: every split 0..6 is a legal choice, e.g. US takes all six."""
    s = position(card=2, zones={"F2": {"Germany": "1i 2b"}, "F17": {"Germany": "2b"}})
    assert isinstance(s.step, NavalSplitStep) and s.current_player == "allies"
    assert strs(legal_actions(s)) == {f"split-naval {k}" for k in range(7)}
    s = run(s, ["split-naval 0"])
    assert s.step.uk_dice == 0
    s = run(s, ["bombard F2"])  # F2 threatens no US beach, the US may still aim there
    assert s.step.power == "US" and s.step.zone == "F2"


def test_r_gen_4_shipped_board_is_data_not_code():
    """The board is read from board.json: 42 zones, 97 adjacencies, 18 coastal zones."""
    b = load_board()
    assert len(b.zones) == 42 and len(b.edges) == 97 and sum(z.coastal for z in b.zones) == 18
    assert all(b.are_adjacent(y, x) for x, y in b.edges)


@pytest.mark.rules("R-GEN-4", "R-MOVE-1")
def test_r_gen_4_engine_plays_on_a_board_with_a_zone_removed():
    """Removing a zone (F34) from the data gives a 41-zone board the engine plays on."""
    data = board_data()
    data["zones"] = [z for z in data["zones"] if z["id"] != "F34"]
    for z in data["zones"]:
        z["neighbours"] = [n for n in z["neighbours"] if n != "F34"]
    b = board_from_dict(data)
    assert len(b.zones) == 41 and len(b.edges) == 94
    s = initial_state(board=b)
    assert len(s.ground) == 41 and s.step.kind == "para"
    check_invariants(s)
    s = position(card=8, zones={"F25": {"US": "1i 1t"}}, board=b)
    assert_illegal(s, "move US infantry F25>F34", "R-MOVE-1")
    s = declare(s, "move US tank F25>F33>F24")
    assert s.units("F24", "US").tank == 1


def test_r_gen_4_engine_plays_on_a_board_with_a_zone_added():
    """A 43rd zone joined to F9 is playable: units move into it and it takes part in combat."""
    data = board_data()
    extra = copy.deepcopy(zone_entry(data, "F9"))
    extra.update(id="F43", name="Extra", neighbours=["F9"], axis_start={"infantry": 1})
    zone_entry(data, "F9")["neighbours"].append("F43")
    data["zones"].append(extra)
    b = board_from_dict(data)
    assert len(b.zones) == 43 and b.are_adjacent("F43", "F9")
    s0 = initial_state(board=b)
    assert s0.units("F43", "Germany").infantry == 1
    s = position(card=8, zones={"F9": {"US": "2i"}, "F43": {"Germany": "1i"}}, deck=[8, 11, 13], board=b)
    s = declare(s, "move US infantry F9>F43 x2")
    assert s.step.kind == "attack" and s.step.zone == "F43" and s.step.dice.count == 2


def test_r_gen_4_asymmetric_adjacency_is_a_board_data_error():
    data = board_data()
    zone_entry(data, "F1")["neighbours"].remove("F2")
    with pytest.raises(BoardDataError, match="not symmetric"):
        board_from_dict(data)


def test_r_gen_4_unknown_neighbour_is_a_board_data_error():
    data = board_data()
    zone_entry(data, "F1")["neighbours"].append("F99")
    with pytest.raises(BoardDataError, match="unknown neighbour 'F99'"):
        board_from_dict(data)


@pytest.mark.rules("R-GEN-4", "R-GEN-5")
def test_r_gen_4_unknown_unit_type_is_a_board_data_error():
    data = board_data()
    zone_entry(data, "F1")["axis_start"]["cavalry"] = 1
    with pytest.raises(BoardDataError, match="unknown unit type 'cavalry'"):
        board_from_dict(data)


def test_r_gen_4_unreadable_board_file_is_a_board_data_error(tmp_path):
    bad = tmp_path / "board.json"
    bad.write_text("{ not json")
    with pytest.raises(BoardDataError, match="cannot read"):
        load_board_file(bad)
    bad.write_text(json.dumps({"zones": []}))
    with pytest.raises(BoardDataError, match="missing field"):
        load_board_file(bad)


def test_r_gen_5_components():
    """Turn track 1-10, an airfield, five beachhead boxes, airborne boxes, charts, 16 order cards."""
    b = load_board()
    s = initial_state()
    assert b.turns == 10 and s.turn == 1
    assert sorted(ORDER_CARDS) == list(range(1, 17))
    assert [x.name for x in b.beachheads] == ["Utah", "Omaha", "Gold", "Juno", "Sword"]
    assert len(b.airborne_boxes) == 3
    assert [c.power for c in b.charts] == ["US", "UK", "Germany", "Germany"]
    assert s.airfield.fighters == 8 and s.airfield.bombers == 2
    assert not any(a.fighters or a.bombers for a in s.air)


# ---------------------------------------------------------------------------------------------
# R-SETUP


def test_r_setup_1_axis_start_positions():
    s = initial_state()
    expected = {
        "F1": "1i 1t 1b", "F2": "1i 2a 2b", "F3": "1i 1b", "F4": "1i 1b", "F5": "1i 1a 1b", "F6": "1i", "F7": "1i 1b",
        "F8": "1i 1b", "F10": "1i 1a", "F11": "1i 1b", "F12": "1t", "F13": "1i", "F14": "4i 3a 2b", "F15": "2i 2b",
        "F16": "1i 1b", "F17": "1i 2b", "F18": "1i 1a 1b", "F21": "1a", "F26": "1a", "F30": "2a 1t", "F31": "1t",
        "F32": "1i 1a 1t", "F33": "2i",
    }  # fmt: skip
    got = {z: s.units(z, "Germany").short() for z in s.board.zone_ids if s.units(z, "Germany").total}
    assert got == expected
    total = [sum(s.units(z, "Germany").get(u) for z in s.board.zone_ids) for u in ("infantry", "artillery", "tank", "blockhouse")]
    assert total == [23, 13, 5, 17]
    assert all(not s.units(z, p).total for z in s.board.zone_ids for p in ("UK", "US"))


def test_r_setup_2_beachhead_boxes_start_full():
    b = load_board()
    s = initial_state()
    table = {
        "Utah": ("US", 4, "3i 1a", "F11", {"F4": 1, "F7": 1, "F11": 1, "F14": 2}),
        "Omaha": ("US", 8, "6i 2a", "F14", {"F14": 2}),
        "Gold": ("UK", 7, "5i 1a 1t", "F15", {"F15": 2}),
        "Juno": ("UK", 5, "3i 1a 1t", "F16", {"F16": 1}),
        "Sword": ("UK", 6, "4i 1a 1t", "F17", {"F16": 1, "F17": 2, "F18": 1}),
    }
    for name, (power, cap, start, lands, arcs) in table.items():
        bh = b.beachhead(name)
        assert (bh.power, bh.capacity, s.beach_units(name).short(), bh.lands_into, bh.fired_at_from) == (power, cap, start, lands, arcs)
        assert s.beach_units(name).total == cap
    no_arc = [z for z in b.zone_ids if s.units(z, "Germany").blockhouse and not b.zone(z).fires_at]
    assert no_arc == ["F1", "F2", "F3", "F5", "F8"]


def test_r_setup_3_airborne_boxes():
    """RECONSTRUCTED: two US boxes in F11 and F10, the British box in F17, 3 paratroopers each."""
    s = initial_state()
    boxes = [(a.power, a.zone, f.short()) for a, f in zip(s.board.airborne_boxes, s.airborne, strict=True)]
    assert boxes == [("US", "F11", "3i"), ("US", "F10", "3i"), ("UK", "F17", "3i")]


def test_r_setup_4_air_units_start_on_the_airfield():
    s = initial_state()
    assert s.airfield.to_dict() == {"uk_fighter": 4, "us_fighter": 4, "uk_bomber": 1, "us_bomber": 1}
    assert s.air_lost.to_dict() == {}


def test_r_setup_5_reinforcement_charts():
    s = initial_state()
    rows = {
        "US": "iiiiaa|iaiiia|ttiiia|taaiiia|iiiaa|iiiattta",
        "UK": "aaiat|iiiat|tiiia|itaiiia|ataiiia",
        "Germany_Rennes_Chartres": "tttiaii|iaiiiia|aaiiiai|iiataia|iiiaiia|tttia",
        "Germany_Rouen_Chartres": "ttttt|aaiii|aaiat|ttaai|aittt|ia",
    }
    for name, text in rows.items():
        queue = "".join(u[0] for u in s.chart_queue(name))
        assert queue == text.replace("|", "")
        assert s.board.chart(name).rows == tuple(len(r) for r in text.split("|"))
    counts = {n: tuple(s.chart_queue(n).count(u) for u in ("infantry", "artillery", "tank")) for n in rows}
    assert counts == {"US": (20, 12, 6), "UK": (14, 10, 5), "Germany_Rennes_Chartres": (21, 12, 7), "Germany_Rouen_Chartres": (7, 9, 11)}
    us = s.board.chart("US")
    where = [us.allowed_destinations(k, ("Utah", "Omaha")) for k in (0, 5, 6, 7, 8)]
    assert where == [("Utah",)] * 2 + [("Omaha",)] * 2 + [("Utah", "Omaha")]


def test_r_setup_6_sectors_and_victory_cities():
    b = load_board()
    assert b.sectors == {"Rennes": ("F33", "F35"), "Chartres": ("F37", "F40"), "Rouen": ("F32", "F42")}
    assert b.victory_cities == {"Cherbourg": "F2", "St. Lô": "F26", "Caen": "F30"}
    assert b.chart("Germany_Rennes_Chartres").zones == ("F33", "F35", "F37", "F40")
    assert b.chart("Germany_Rouen_Chartres").zones == ("F32", "F37", "F40", "F42")


def test_r_setup_7_deck_and_turn_marker():
    s = initial_state()
    assert s.deck == tuple(range(1, 17)) and s.card == 1 and s.turn == 1
    assert log_lines(s)[0] == "Turn 1, order 1: Airborne Assault"


# ---------------------------------------------------------------------------------------------
# R-TURN, R-DECK


@pytest.mark.rules("R-TURN-1", "R-DECK-1")
def test_r_turn_1_end_of_turn_flips_the_deck_and_advances_the_marker():
    """After the last card the turn ends, victory is checked, and the next turn starts from the top."""
    s = position(card=16, turn=1, zones={"F30": {"Germany": "1i"}, "F29": {"UK": "1i"}}, charts=NO_CHARTS)
    log = "\n".join(log_lines(s))
    assert "End of turn 1: Cherbourg held by nobody; St. Lô held by nobody; Caen held by the Axis" in log
    assert s.turn == 2 and 1 not in s.deck
    assert s.card == 8 and isinstance(s.step, DeclareMovesStep)  # first card still in play on turn 2
    assert log.index("End of turn 1") < log.index("Turn 2, order 8")


def test_r_turn_1_the_game_ends_after_turn_10():
    s = position(card=16, turn=10, zones={"F30": {"Germany": "1i"}})
    assert s.is_over and s.winner == "axis" and s.turn == 10
    with pytest.raises(IllegalActionError, match="R-TURN-1"):
        apply(s, Done())


ACTIVE_SIDE_POSITIONS = {
    2: dict(zones={"F1": {"Germany": "1b"}}),
    3: dict(airfield={"uk_fighter": 1}),
    4: dict(zones={"F30": {"Germany": "1a"}}, patrols={"F30": {"uk_fighter": 1, "us_fighter": 1}}),
    5: dict(zones={"F26": {"Germany": "1a"}}, airfield={"uk_bomber": 1}),
    6: dict(zones={"F26": {"Germany": "1a"}}, patrols={"F26": {"uk_bomber": 1, "us_bomber": 1}}),
    8: dict(zones={"F29": {"UK": "1i"}}),
    9: dict(zones={"F15": {"Germany": "2b"}}, beaches={"Gold": "1i 1t"}),
    10: dict(beaches={"Gold": "1i"}),
    11: dict(zones={"F30": {"Germany": "1i", "UK": "1i"}}),
    12: dict(zones={"F30": {"Germany": "1i"}}),
    13: dict(zones={"F30": {"Germany": "1i", "UK": "1i"}}),
    14: dict(),
    15: dict(),
}


@pytest.mark.rules("R-TURN-2", "R-TURN-3")
@pytest.mark.parametrize("card", sorted(ACTIVE_SIDE_POSITIONS))
def test_r_turn_2_each_card_is_decided_by_its_active_side(card):
    """The first decision (or the side rolling) on each card belongs to the card's active side."""
    s = position(card=card, **ACTIVE_SIDE_POSITIONS[card])
    info = ORDER_CARDS[card]
    assert s.card == card and log_lines(s)[0] == f"Turn 2, order {card}: {info.name}"
    if isinstance(s.step, Roll):
        # the roller: a power (paratroopers, a bomber, a navy) or a side (combat, reinforcements)
        roller = next(getattr(s.step, f) for f in ("power", "attacker", "side") if getattr(s.step, f, ""))
        assert roller in (info.active, "UK", "US", "Germany")
        rolling_side = roller if roller in ("allies", "axis") else side_of(roller)
        assert rolling_side == info.active
    else:
        assert s.current_player == info.active


def test_r_turn_2_card_table():
    assert [n for n, c in ORDER_CARDS.items() if c.active == "axis"] == [4, 6, 9, 12, 13, 15]
    assert all(c.active == "allies" for n, c in ORDER_CARDS.items() if n not in (4, 6, 9, 12, 13, 15))
    assert {n: c.response for n, c in ORDER_CARDS.items() if c.response} == {
        11: "Axis defends", 12: "Allied fighters strafe", 13: "Allies defend", 15: "Allied fighters strafe"
    }  # fmt: skip
    assert ORDER_CARDS[1].name == "Airborne Assault" and ORDER_CARDS[16].name == "Fighters Return"


def test_r_turn_3_only_the_card_s_units_may_act():
    """On Allies Land nobody moves; dice are refused at a decision and decisions at a roll."""
    s = position(card=10, zones={"F29": {"UK": "1i"}}, beaches={"Gold": "1i", "Sword": "1i"})
    assert_illegal(s, "move UK infantry F29>F30", "R-TURN-3")
    with pytest.raises(NotYourTurnError, match="R-TURN-3"):
        apply(s, (1,))
    r = position(card=11, zones={"F30": {"Germany": "1i", "UK": "1i"}})
    with pytest.raises(NotYourTurnError, match="R-TURN-3"):
        apply(r, Done())


def test_r_turn_3_a_unit_moves_once_per_card_and_moving_is_optional():
    s = position(card=8, zones={"F29": {"UK": "1i"}})
    assert "done" in strs(legal_actions(s))
    s1 = run(s, ["move UK infantry F29>F30"])
    assert_illegal(s1, "move UK infantry F29>F23", "R-TURN-3")
    s2 = run(s, ["done"])
    assert s2.units("F29", "UK").infantry == 1 and s2.card > 8


def test_r_deck_1_order_1_is_used_on_turn_1_only():
    s = position(card=16, turn=1, zones={"F30": {"Germany": "1i"}})
    assert "Order 1 leaves the deck: it is used on turn 1 only (R-DECK-1)" in log_lines(s)
    assert s.turn == 2 and s.deck[0] != 1 and set(s.deck) <= set(range(2, 17))


def _leaving(**kwargs):
    s = position(card=11, **kwargs)
    return {c for c in range(2, 17) if not stays_in_deck(c, s)}


@pytest.mark.rules("R-DECK-2")
@pytest.mark.parametrize(
    ("kwargs", "leaving"),
    [
        (dict(charts=NO_CHARTS), {2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16}),
        (dict(zones={"F2": {"Germany": "2b"}}, airfield={"uk_fighter": 1}), {5, 6, 7, 9}),
        (dict(zones={"F17": {"Germany": "1b"}}, airfield={"us_bomber": 1}), {3, 4, 16}),
        (
            dict(zones={"F30": {"Germany": "1a"}}, patrols={"F30": {"uk_fighter": 1}}, charts={"US": [], "UK": []}),
            {2, 5, 6, 7, 8, 9, 10, 14},
        ),
        (dict(zones={"F30": {"Germany": "1b"}}, beaches={"Gold": "1i"}, charts=NO_CHARTS), {3, 4, 5, 6, 7, 9, 12, 14, 15, 16}),
    ],
)
def test_r_deck_2_predicates_for_leaving_the_deck(kwargs, leaving):
    """RECONSTRUCTED predicates: no blockhouse -> 2; no arc blockhouse -> 9; no fighter in play -> 3, 4, 16; ..."""
    assert _leaving(**kwargs) == leaving


def test_r_deck_2_engine_removes_cards_as_it_reaches_them():
    s = position(card=16, turn=3, zones={"F30": {"Germany": "1a"}, "F29": {"UK": "1i"}})
    gone = [int(e.split()[1]) for e in log_lines(s) if e.startswith("Order ") and "leaves the deck" in e]
    assert gone == [2, 3, 4, 5, 6, 7]
    assert "Order 2 leaves the deck: no blockhouse is left (R-DECK-2)" in log_lines(s)
    assert s.turn == 4 and s.card == 8 and s.deck[0] == 8


def test_r_deck_2_card_15_leaves_when_both_german_columns_are_empty():
    s = position(card=13, zones={"F29": {"UK": "1i"}}, charts=NO_CHARTS, airfield={"uk_fighter": 1})
    assert "Order 15 leaves the deck: both German columns are empty (R-DECK-2)" in log_lines(s)
    assert "Order 14 leaves the deck: both Allied charts are empty (R-DECK-2)" in log_lines(s)
    assert "Turn 2, order 16: Fighters Return" in log_lines(s)
    assert 15 not in s.deck and 14 not in s.deck


def test_r_deck_3_orders_11_and_13_never_leave():
    """On an empty board every other card leaves, but 11 and 13 are played every turn until turn 10."""
    s = position(card=16, turn=3, charts=NO_CHARTS)
    assert s.is_over and s.turn == 9 and s.winner == "axis"  # FAQ-11: lost at the end of turn 9
    assert s.deck == (11, 13)
    assert all(stays_in_deck(c, s) for c in (11, 13))


def test_r_deck_4_a_removed_card_returns_with_its_units():
    """Order 2 left the deck earlier; a blockhouse is in play again (as after TAC-8): order 2 is played next turn."""
    s = position(card=16, turn=3, zones={"F2": {"Germany": "1b"}}, deck=range(3, 17), removed=[2])
    assert s.turn == 4 and s.card == 2 and isinstance(s.step, NavalSplitStep)
    assert 2 in s.deck and 2 not in s.removed
    assert "Order 2 returns to the deck: its units are back in play (R-DECK-4)" in log_lines(s)
    # a card a prepared position simply left out is not 'removed' and does not come back
    t = position(card=16, turn=3, zones={"F2": {"Germany": "1b"}}, deck=range(3, 17))
    assert t.turn == 4 and t.card != 2 and 2 not in t.deck


@pytest.mark.rules("R-DECK-5", "R-DECK-2")
def test_r_deck_5_removing_order_2_changes_nothing_in_the_basic_game():
    """With no blockhouse, playing order 2 (an empty card) and skipping it lead to the same position."""
    zones = {"F30": {"Germany": "1a"}, "F29": {"UK": "1i"}}
    played = position(card=2, zones=zones, deck=range(2, 17))
    skipped = position(card=3, zones=zones, deck=range(3, 17))
    assert "Order 2: Naval Bombardment" not in " ".join(log_lines(skipped))
    assert played.card == skipped.card == 8
    strip = {"deck", "removed"}  # bookkeeping of which cards left and when
    a = {k: v for k, v in played.to_json().items() if k not in strip}
    b = {k: v for k, v in skipped.to_json().items() if k not in strip}
    assert a == b
    after_a = declare(played, "move UK infantry F29>F30")
    after_b = declare(skipped, "move UK infantry F29>F30")
    assert after_a.units("F30", "UK") == after_b.units("F30", "UK") and after_a.step == after_b.step


# ---------------------------------------------------------------------------------------------
# R-MOVE


def test_r_move_1_one_zone_to_an_adjacent_zone():
    s = position(card=8, zones={"F29": {"UK": "2i 1a"}})
    assert strs(legal_actions(s)) >= {"move UK infantry F29>F30", "move UK artillery F29>F38"}
    assert_illegal(s, "move UK infantry F29>F22", "R-MOVE-1")  # not adjacent
    assert_illegal(s, "move UK infantry F29>F30>F31", "R-MOVE-1")  # infantry moves 1 zone
    assert_illegal(s, "move UK artillery F29>F23>F15", "R-MOVE-1")
    assert_illegal(s, "move UK infantry F29>Gold", "R-MOVE-1")
    s = declare(s, "move UK infantry F29>F30 x2", "move UK artillery F29>F38")
    assert s.units("F30", "UK").infantry == 2 and s.units("F38", "UK").artillery == 1 and not s.units("F29", "UK").total


@pytest.mark.rules("R-MOVE-2", "R-BH-1")
def test_r_move_2_move_windows():
    """Allies move on 8, the Axis on 12; units in beachhead boxes and blockhouses never move on a move card."""
    s8 = position(card=8, zones={"F29": {"UK": "1i"}, "F38": {"Germany": "1i 1b"}}, beaches={"Gold": "1i"})
    assert all(m.power in ("UK", "US") for m in legal_actions(s8) if isinstance(m, Move))
    assert_illegal(s8, "move UK infantry Gold>F15", "R-MOVE-1")
    s12 = position(card=12, zones={"F29": {"UK": "1i"}, "F38": {"Germany": "1i 1b"}})
    assert all(m.power == "Germany" and m.unit != "blockhouse" for m in legal_actions(s12) if isinstance(m, Move))
    assert_illegal(s12, "move Germany blockhouse F38>F40", "R-BH-1")
    assert_illegal(s12, "move UK infantry F29>F30", "R-TURN-3")


@pytest.mark.rules("R-MOVE-3", "FAQ-16", "R-BH-1")
def test_r_move_3_locked_units_cannot_leave_but_others_may_join():
    s = position(card=8, zones={"F30": {"Germany": "1b", "UK": "2i 1t"}, "F29": {"US": "1i"}})
    assert not any(isinstance(m, Move) and m.path[0] == "F30" for m in legal_actions(s))
    err = assert_illegal(s, "move UK tank F30>F38", "R-MOVE-3")
    assert "locked in combat" in str(err)
    s = declare(s, "move US infantry F29>F30")
    assert s.side_units("F30", "allies").total == 4 and s.contested("F30")


def test_r_move_3_axis_locked_too():
    s = position(card=12, zones={"F30": {"Germany": "2i", "UK": "1i"}, "F38": {"Germany": "1t"}})
    assert_illegal(s, "move Germany infantry F30>F39", "R-MOVE-3")
    s = declare(s, "move Germany tank F38>F30")
    assert s.units("F30", "Germany").tank == 1


@pytest.mark.rules("R-MOVE-4", "FAQ-24", "EX-4")
def test_r_move_4_tank_stops_in_a_zone_with_enemy_land_units():
    s = position(card=12, zones={"F38": {"Germany": "1t"}, "F30": {"UK": "1i"}, "F17": {"UK": "1i"}})
    err = assert_illegal(s, "move Germany tank F38>F30>F17", "R-MOVE-4")
    assert "must stop in F30" in str(err)
    assert "move Germany tank F38>F30" in strs(legal_actions(s))
    assert not any(isinstance(m, Move) and len(m.path) == 3 and m.path[1] == "F30" for m in legal_actions(s))


def test_r_move_4_friendly_units_do_not_block_and_the_end_zone_may_hold_enemies():
    s = position(card=12, zones={"F38": {"Germany": "1t"}, "F30": {"Germany": "3i"}, "F17": {"UK": "2i"}})
    s = declare(s, "move Germany tank F38>F30>F17")
    assert s.units("F17", "Germany").tank == 1 and s.units("F30", "Germany").infantry == 3
    assert s.step.kind == "attack" and s.step.zone == "F17"  # order 13 now fights there


def test_r_move_4_tank_may_not_return_to_its_start_and_moves_at_most_two_zones():
    """RECONSTRUCTED: C != A."""
    s = position(card=8, zones={"F29": {"UK": "1t"}})
    assert_illegal(s, "move UK tank F29>F30>F29", "R-MOVE-4")
    assert_illegal(s, "move UK tank F29>F30>F31>F32", "R-MOVE-4")
    assert "move UK tank F29>F30>F31" in strs(legal_actions(s))


@pytest.mark.rules("R-MOVE-5", "R-BEACH-2", "FAQ-28", "EX-14")
def test_r_move_5_a_landing_tank_moves_exactly_into_the_landing_zone():
    s = position(card=10, beaches={"Gold": "1t", "Juno": "1i"}, zones={"F30": {"Germany": "1i"}})
    assert strs(legal_actions(s)) == {"done", "land Gold tank", "land Juno infantry"}
    s = run(s, ["land Gold tank"])
    assert s.units("F15", "UK").tank == 1 and not s.units("F23", "UK").total
    assert_illegal(s, "move UK tank F15>F23", "R-TURN-3")


def test_r_move_5_only_orders_8_and_12_give_the_double_move():
    s8 = position(card=8, zones={"F15": {"UK": "1t"}})
    assert "move UK tank F15>F23>F30" in strs(legal_actions(s8))
    s10 = position(card=10, zones={"F15": {"UK": "1t"}}, beaches={"Gold": "1i", "Juno": "1i"})
    assert_illegal(s10, "move UK tank F15>F23>F30", "R-TURN-3")


@pytest.mark.rules("R-MOVE-6", "FAQ-24")
def test_r_move_6_tank_cannot_pass_through_eight_friendly_units():
    s = position(card=12, zones={"F38": {"Germany": "1t"}, "F30": {"Germany": "5i 3a"}})
    err = assert_illegal(s, "move Germany tank F38>F30>F17", "R-MOVE-6")
    assert "cannot pass through F30" in str(err)
    ok = position(card=12, zones={"F38": {"Germany": "1t"}, "F30": {"Germany": "4i 3a"}})
    assert "move Germany tank F38>F30>F17" in strs(legal_actions(ok))


def test_r_move_6_transit_zone_counts_declared_moves():
    """RECONSTRUCTED: the transit zone may hold at most 7 after all declared moves, in either order."""
    zones = {"F38": {"Germany": "1t"}, "F30": {"Germany": "4i 2a"}, "F29": {"Germany": "1i"}, "F39": {"Germany": "1i"}}
    s = position(card=12, zones=zones)
    s1 = run(s, ["move Germany tank F38>F30>F17", "move Germany infantry F29>F30"])  # F30 now 7
    assert_illegal(s1, "move Germany infantry F39>F30", "R-MOVE-6")
    s2 = run(s, ["move Germany infantry F29>F30", "move Germany infantry F39>F30"])  # F30 now 8
    assert_illegal(s2, "move Germany tank F38>F30>F17", "R-MOVE-6")
    s3 = run(s, ["move Germany infantry F30>F31", "move Germany infantry F29>F30", "move Germany infantry F39>F30"])
    assert "move Germany tank F38>F30>F17" in strs(legal_actions(s3))  # one left, so F30 holds 7


@pytest.mark.rules("R-MOVE-7", "FAQ-17", "FAQ-19", "EX-4")
def test_r_move_7_all_moves_declared_before_strafing_and_tank_counted_at_its_end():
    zones = {"F38": {"Germany": "1t"}, "F17": {"Germany": "7i"}, "F31": {"Germany": "1i"}}
    s = position(card=12, zones=zones, patrols={"F30": {"uk_fighter": 2}, "F17": {"us_fighter": 1}})
    s = run(s, ["move Germany tank F38>F30>F17"])
    assert isinstance(s.step, DeclareMovesStep) and s.units("F38", "Germany").tank == 1  # nothing resolved yet
    assert_illegal(s, "move Germany infantry F31>F17", "R-STACK-4")  # the tank counts for F17, not F30
    s = run(s, ["done"])
    assert isinstance(s.step, StrafeStep) and s.step.arrivals == (("Germany", "tank", "F17", 5),)
    assert not s.units("F38", "Germany").tank and not s.units("F17", "Germany").tank  # in transit
    assert dict(chance_outcomes(s))[(6, 6, 6, 6, 6)] == Fraction(5, 6) ** 5
    s = run(s, [(6, 6, 6, 6, 6)])
    assert s.units("F17", "Germany").tank == 1 and s.units("F17", "Germany").infantry == 7


def test_r_move_8_no_combat_on_a_move_card():
    s = position(card=8, zones={"F29": {"UK": "2i"}, "F30": {"Germany": "1a"}}, deck=[8, 11, 13])
    s, lines = log_of(s, ["move UK infantry F29>F30 x2"])  # the only units: declaring ends at once
    moved_at = lines.index("UK infantry x2 moves F29 Cheux > F30 Caen")
    assert not any("Combat" in x for x in lines[:moved_at + 1])
    assert s.units("F30", "UK").infantry == 2 and s.units("F30", "Germany").artillery == 1
    assert s.card == 11 and s.step.kind == "attack" and s.step.zone == "F30"


# ---------------------------------------------------------------------------------------------
# R-STACK


@pytest.mark.rules("R-STACK-1", "FAQ-15")
def test_r_stack_1_eight_per_side_uk_and_us_together():
    s = position(card=8, zones={"F30": {"Germany": "8i", "UK": "4i", "US": "3i"}, "F29": {"US": "2i"}, "F23": {"UK": "1i"}})
    check_invariants_loose(s)
    s1 = run(s, ["move US infantry F29>F30"])
    assert_illegal(s1, "move UK infantry F23>F30", "R-STACK-4")
    s1 = run(s1, ["done"])
    assert s1.side_units("F30", "allies").total == 8 and s1.side_units("F30", "axis").total == 8


def check_invariants_loose(s):
    """Stacking part of check_invariants (positions built by hand are not conserved)."""
    for z in s.board.zone_ids:
        for side in ("axis", "allies"):
            assert s.stack_count(z, side) <= 8


def test_r_stack_1_landing_above_eight_refused():
    s = position(card=10, zones={"F15": {"UK": "6i", "US": "1i"}}, beaches={"Gold": "3i"})
    err = assert_illegal(s, "land Gold infantry x2", "R-STACK-1")
    assert "the rest wait in the box (R-BEACH-2)" in str(err)


@pytest.mark.rules("R-STACK-2", "FAQ-21")
def test_r_stack_2_blockhouses_and_air_do_not_count():
    s = position(card=12, zones={"F30": {"Germany": "7i 2b"}, "F38": {"Germany": "1i"}}, patrols={"F30": {"uk_fighter": 4}})
    assert s.stack_count("F30", "axis") == 7
    s = run(s, ["move Germany infantry F38>F30", "done", (6, 6, 6, 6)])
    assert s.units("F30", "Germany").short() == "8i 2b"
    s8 = position(card=8, zones={"F30": {"UK": "7i"}, "F29": {"UK": "1i"}}, patrols={"F30": {"us_fighter": 4}})
    s8 = declare(s8, "move UK infantry F29>F30")
    assert s8.units("F30", "UK").infantry == 8


@pytest.mark.rules("R-STACK-2", "R-PARA-2", "FAQ-22", "EX-10")
def test_r_stack_2_paratroopers_count_in_their_zone_after_order_1():
    """EX-10: 3 UK paratroopers in F17, so only 5 of Sword's 6 units may land on order 10."""
    zones = {"F17": {"Germany": "1i"}, "F30": {"Germany": "1t"}}
    s = position(card=1, turn=1, airborne=[0, 0, 3], beaches={"Sword": "4i 1a 1t"}, zones=zones)
    s = run(s, [(6, 6, 6)])  # no hits: 3 UK paratroopers now stand in F17 with the German infantry
    assert s.units("F17", "UK").infantry == 3 and s.stack_count("F17", "allies") == 3
    assert s.card == 10
    s = run(s, ["land Sword infantry x4", "land Sword tank"])  # F17 is full: order 10 ends by itself
    assert s.units("F17", "UK").total == 8 and s.beach_units("Sword").short() == "1a"
    assert s.card == 11 and s.step.zone == "F17" and s.step.dice.count == 8


def test_r_stack_3_at_most_four_fighters_per_zone_uk_and_us_together():
    s = position(card=3, airfield={"uk_fighter": 4, "us_fighter": 4})
    s = run(s, ["patrol UK F30 3", "patrol US F30 1"])
    assert s.air_in("F30").fighters == 4
    assert_illegal(s, "patrol US F30 1", "R-STACK-3")
    assert "patrol US F30 1" not in strs(legal_actions(s))
    s = run(s, ["patrol US F29 3"])
    assert s.air_in("F29").us_fighter == 3


def test_r_stack_3_fighter_limit_is_a_rules_option():
    s = position(card=3, airfield={"uk_fighter": 4, "us_fighter": 4}, options=RuleOptions(fighter_limit=8))
    s = run(s, ["patrol UK F30 4", "patrol US F30 2"])
    assert s.air_in("F30").fighters == 6


@pytest.mark.rules("R-STACK-4", "FAQ-19", "EX-6")
def test_r_stack_4_no_over_declaring_in_hope_of_strafing():
    zones = {"F30": {"Germany": "4i"}, "F38": {"Germany": "3i 2t"}}
    s = position(card=12, zones=zones, patrols={"F30": {"uk_fighter": 1}})
    s = run(s, ["move Germany infantry F38>F30 x3", "move Germany tank F38>F30"])
    err = assert_illegal(s, "move Germany tank F38>F30", "R-STACK-4")
    assert "9" in str(err)
    s = run(s, ["done", (1,), (6,), (1,), (6,)])  # two of the four strafed
    assert s.units("F30", "Germany").total == 6


def test_r_stack_4_units_declared_to_leave_do_not_count():
    """RECONSTRUCTED accounting: a zone's count is the units staying plus those declared to end there."""
    s = position(card=8, zones={"F30": {"UK": "8i"}, "F29": {"UK": "1i"}})
    assert_illegal(s, "move UK infantry F29>F30", "R-STACK-4")
    s = declare(s, "move UK infantry F30>F31", "move UK infantry F29>F30")
    assert s.units("F30", "UK").infantry == 8 and s.units("F31", "UK").infantry == 1


@pytest.mark.rules("R-STACK-5", "FAQ-13")
def test_r_stack_5_at_most_eight_attack():
    s = position(card=8, zones={"F30": {"Germany": "2i", "UK": "4i"}, "F29": {"UK": "4i 1t"}}, deck=[8, 11, 13])
    s = run(s, ["move UK infantry F29>F30 x4"])
    assert_illegal(s, "move UK tank F29>F30", "R-STACK-4")
    s = run(s, ["done"])
    assert s.step.kind == "attack" and s.step.dice.count == 8


@pytest.mark.rules("R-STACK-6", "R-REINF-4")
def test_r_stack_6_beachhead_capacity_limits_placement_not_landing():
    """Juno (capacity 5) is full: UK reinforcements go elsewhere. Landing is limited by the zone, not the box."""
    s = position(card=14, beaches={"Juno": "5i", "Gold": "5i", "Sword": "5i"}, charts={"US": []})
    s = run(s, [(1, 3)])  # UK rolls 4: a a i a
    assert_illegal(s, "place UK Juno", "R-REINF-4")
    s = run(s, ["place UK Gold", "place UK Gold"])  # then the infantry can only go to Sword; the 4th unit has no room
    assert [s.beach_units(b).total for b in ("Gold", "Juno", "Sword")] == [7, 5, 6]
    assert s.chart_queue("UK")[0] == "artillery" and len(s.chart_queue("UK")) == 26
    land = position(card=10, beaches={"Juno": "5i"})
    land = run(land, ["land Juno infantry x5"])
    assert land.units("F16", "UK").infantry == 5


# ---------------------------------------------------------------------------------------------
# R-CONTROL


@pytest.mark.rules("R-CONTROL-1", "R-AIR-1", "R-BH-1")
def test_r_control_1_the_side_with_the_only_land_units_controls():
    s = position(
        card=8,
        zones={"F30": {"Germany": "1i"}, "F29": {"UK": "1i"}, "F23": {"UK": "1i", "Germany": "1i"}, "F2": {"Germany": "1b"}},
        patrols={"F38": {"uk_fighter": 2}, "F30": {"us_fighter": 1}},
    )
    assert s.controller("F30") == "axis" and s.controller("F29") == "allies"
    assert s.controller("F23") is None and s.controller("F2") == "axis"
    assert s.controller("F38") is None  # fighters never control
    s = declare(s, "move UK infantry F29>F38")
    assert s.controller("F38") == "allies" and s.controller("F29") is None


@pytest.mark.rules("R-CONTROL-2", "R-COMBAT-1")
def test_r_control_2_combat_situation_when_both_sides_have_land_units():
    s = position(card=11, zones={"F30": {"Germany": "1i", "UK": "1i"}, "F2": {"Germany": "1b", "US": "1i"}, "F29": {"UK": "1i"}})
    assert s.combat_zones() == ("F2", "F30")
    assert s.contested("F2") and not s.contested("F29")
    assert s.step.zone == "F2"


@pytest.mark.rules("R-CONTROL-3", "R-VICTORY-1", "FAQ-12", "EX-11")
def test_r_control_3_cherbourg_with_a_blockhouse_is_not_allied():
    s = position(card=16, turn=5, zones={"F2": {"UK": "1i", "Germany": "1b"}, "F26": {"US": "1i"}, "F30": {"UK": "1i"}}, hold=1)
    assert s.winner is None and s.hold == 0 and s.turn == 6
    assert any("Cherbourg held by nobody; St. Lô held by the Allies; Caen held by the Allies" in e for e in log_lines(s))
    assert load_board().victory_zones == ("F2", "F26", "F30")


@pytest.mark.rules("R-CONTROL-4", "R-BEACH-1", "FAQ-25", "FAQ-23")
def test_r_control_4_boxes_are_not_zones():
    s = position(card=3, airfield={"uk_fighter": 1, "us_fighter": 1})
    assert_illegal(s, "patrol UK Gold 1", "R-CONTROL-4")
    b = position(card=5, zones={"F26": {"Germany": "1a"}}, airfield={"uk_bomber": 1}, beaches={"Omaha": "1i"})
    assert_illegal(b, "bomb UK Omaha infantry", "R-CONTROL-4")
    with pytest.raises(KeyError):
        s.controller("Gold")
    r = position(card=15, charts={"Germany_Rouen_Chartres": []})
    r = run(r, [(1, 1)])
    assert_illegal(r, "place Germany_Rennes_Chartres Gold", "R-REINF-6")


# ---------------------------------------------------------------------------------------------
# R-VICTORY


def test_r_victory_1_allies_win_after_holding_all_three_for_two_turn_ends():
    s = position(card=16, turn=7, zones=CITIES, hold=1)
    assert s.is_over and s.winner == "allies" and s.turn == 7
    assert any("the Allies win on turn 7 (R-VICTORY-1)" in e for e in log_lines(s))


@pytest.mark.rules("R-VICTORY-2", "EX-11")
def test_r_victory_2_first_turn_end_only_arms_the_marker():
    s = position(card=16, turn=6, zones=CITIES, hold=0)
    assert not s.is_over and s.hold == 1 and s.turn == 7
    assert any("they win if they still hold them at the end of next turn (R-VICTORY-2)" in e for e in log_lines(s))


@pytest.mark.rules("R-VICTORY-2", "EX-11")
def test_r_victory_2_losing_a_city_clears_the_marker():
    zones = {"F2": {"UK": "1i"}, "F26": {"US": "1i"}, "F30": {"Germany": "1t"}}
    s = position(card=16, turn=7, zones=zones, hold=1)
    assert not s.is_over and s.hold == 0 and s.turn == 8


@pytest.mark.rules("R-VICTORY-3", "FAQ-11", "EX-11")
def test_r_victory_3_first_hold_at_the_end_of_turn_10_is_too_late():
    s = position(card=16, turn=10, zones=CITIES, hold=0)
    assert s.is_over and s.winner == "axis" and isinstance(s.step, GameOver)
    assert any("the Axis wins (R-VICTORY-3)" in e for e in log_lines(s))
    won = position(card=16, turn=10, zones=CITIES, hold=1)
    assert won.winner == "allies"


@pytest.mark.rules("R-VICTORY-3", "R-VICTORY-1")
def test_r_victory_3_earliest_win_is_end_of_turn_2():
    s = position(card=16, turn=1, zones=CITIES)
    assert not s.is_over and s.hold == 1 and s.turn == 2


def _city_retaken_start(rules):
    """Turn 7, hold armed; an Axis tank is about to enter Caen on order 12."""
    zones = {**CITIES, "F38": {"Germany": "1t"}}
    return position(card=12, turn=7, zones=zones, hold=1, charts=NO_CHARTS, options=rules)


RETAKE = ["move Germany tank F38>F30", (6,), (1,)]  # the tank misses on 13 and is killed by the defence


@pytest.mark.rules("R-VICTORY-4")
def test_r_victory_4_default_losing_a_city_mid_turn_does_not_break_the_hold():
    s = run(_city_retaken_start(RuleOptions()), RETAKE)
    assert s.is_over and s.winner == "allies"


@pytest.mark.rules("R-VICTORY-4")
def test_r_victory_4_continuous_hold_option_breaks_the_hold():
    """RECONSTRUCTED option continuous_hold: a city lost during the holding turn restarts the count."""
    s, lines = log_of(_city_retaken_start(RuleOptions(continuous_hold=True)), RETAKE)
    assert not s.is_over and s.hold == 1 and s.turn == 8
    assert any("the hold is broken (R-VICTORY-4 option)" in e for e in lines)
