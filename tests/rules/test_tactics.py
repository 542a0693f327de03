"""Tactics cards: R-TAC-1..4, TAC-1..16, FAQ-40..47.

With ``RuleOptions(tactics=True)`` tactics card N is offered to its side right after order N
(``pick use`` / ``pick pass``). Most positions below make order N do nothing, so the first
step is the offer. Effects the rules reference marks reconstructed are tested as the engine implements
its documented proposal, and the log says so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from helpers import engine_cycle, legal, refused
from helpers import has_line as has
from helpers import play_from as play

from dday import odds
from dday.rules.board import load_board
from dday.rules.decks import TACTICS
from dday.rules.effects import Barnstorming, CombinedAssault, Flooded, Resistance
from dday.rules.scenario import position
from dday.rules.state import RuleOptions, State
from dday.rules.steps import AARoll, AATargetStep, ChooseCasualtiesStep, PickStep, StrafeStep
from dday.rules.units import EMPTY, Force
from dday.views.log_text import log_lines

TAC = RuleOptions(tactics=True)


def offer(card: int, **kw: Any) -> State:
    """A position whose first step is the offer of tactics card ``card`` (order ``card`` did nothing)."""
    s = position(card=card, options=kw.pop("options", TAC), **kw)
    assert isinstance(s.step, PickStep) and s.step.purpose == "tactic" and s.step.data == (str(card),), s.step
    assert s.step.side == TACTICS[card].side
    return s


# ---------------------------------------------------------------------------------------------
# procedure (R-TAC-1..4, FAQ-40..42)


def test_r_tac_1_fortune_order_tactics_in_that_order() -> None:
    s = position(card=7, options=RuleOptions(fortune=True, tactics=True), patrols={"F26": {"uk_bomber": 1}})
    s, lines = play(s, (3,))  # fortune 7 (no effect), then order 7, then tactics 7 is offered
    i_f = next(i for i, x in enumerate(lines) if x.startswith("Fortune card 7"))
    i_o = next(i for i, x in enumerate(lines) if ("bomber returns" in x or "bombers return" in x))
    assert i_f < i_o
    assert isinstance(s.step, PickStep) and s.step.purpose == "tactic" and s.step.data == ("7",) and s.card == 7
    s, lines = play(s, "pick pass")
    assert s.card == 8 and s.step.kind == "fortune"  # type: ignore[attr-defined]  # then fortune 8
    # without the option no card is offered
    s0 = position(card=7, patrols={"F26": {"uk_bomber": 1}})
    assert not isinstance(s0.step, PickStep)


@pytest.mark.rules("FAQ-40", "FAQ-42")
def test_r_tac_2_use_is_optional_and_a_used_card_leaves_for_good() -> None:
    s = offer(10)
    assert legal(s) == ["pick pass", "pick use"]  # never required
    passed, lines = play(s, "pick pass")
    assert has(lines, "is not used; it stays in the deck") and 10 in passed.tactics_left
    used, lines = play(s, "pick use")
    assert has(lines, "leaves the game") and 10 not in used.tactics_left and CombinedAssault() in used.effects
    # next time order 10 comes up: the unused card is offered again, the used one never
    for left, again in ((passed.tactics_left, True), (used.tactics_left, False)):
        s9 = position(card=9, turn=3, options=TAC, zones={"F30": {"Germany": "1i"}}, beaches={"Gold": "1i", "Juno": "1i"})
        s9 = replace(s9, tactics_left=tuple(c for c in left if c != 9))
        s9, lines = play(s9, "pick pass", "land Gold infantry", "land Juno infantry")  # order 10, then the tactics offer (or not)
        offered = isinstance(s9.step, PickStep) and s9.step.purpose == "tactic" and s9.step.data == ("10",)
        assert offered == again, lines


@pytest.mark.rules("FAQ-41")
def test_r_tac_3_either_allied_player_may_invoke_allied_cards() -> None:
    # the Allies are one side for decisions: whoever of the UK and US players says "use" decides
    for n, card in TACTICS.items():
        assert card.side in ("allies", "axis"), n
    assert sorted(n for n, c in TACTICS.items() if c.side == "allies") == [1, 3, 5, 9, 10, 11, 12, 14, 16]
    s = offer(10)
    assert s.current_player == "allies"
    assert offer(2, zones={"F30": {"Germany": "1i"}}).current_player == "axis"


def test_r_tac_4_unused_card_comes_up_though_its_order_left() -> None:
    # order 2 has left the deck (no blockhouse); tactics 2 is unused, so it still comes up in its place
    s = position(card=16, turn=2, options=TAC, deck=[c for c in range(2, 17) if c != 2], removed=[2], zones={"F30": {"Germany": "1i"}})
    lines = list(log_lines(s))  # tactics 16 could do nothing (only "pass", taken at once); turn 3 begins
    assert s.turn == 3
    assert isinstance(s.step, PickStep) and s.step.data == ("2",) and 2 not in s.deck
    assert not has(lines, "Order 2 returns")


@pytest.mark.rules("FAQ-36", "FAQ-42")
def test_r_tac_4_used_card_does_not_return_with_its_order() -> None:
    s = position(card=16, turn=2, options=TAC, zones={"F14": {"Germany": "1b"}}, deck=[c for c in range(2, 17) if c != 2], removed=[2])
    s = replace(s, tactics_left=tuple(c for c in s.tactics_left if c != 2))
    lines = list(log_lines(s))
    assert has(lines, "Order 2 returns to the deck") and s.turn == 3
    s, lines = play(s, "split-naval 6", (6,), (6,), (6,), (6,), (6,), (6,))
    assert not has(lines, "Tactics card 2")
    assert s.card >= 3


def test_tactics_card_that_cannot_do_anything_offers_only_pass() -> None:
    # TAC-8 with no destroyed blockhouse: the only choice is taken at once
    s = position(card=8, options=TAC, zones={"F30": {"Germany": "1i"}, "F23": {"UK": "1i"}})
    s, lines = play(s, "done")
    assert has(lines, "Tactics card 8 'Blockhouse Construction' is not used")
    assert 8 in s.tactics_left


# ---------------------------------------------------------------------------------------------
# TAC-1 .. TAC-16


@pytest.mark.rules("FAQ-43")
def test_tac_1_paratrooper_reinforcements_from_the_chart() -> None:
    s = offer(1, turn=1, zones={"F11": {"Germany": "1i 1b"}, "F14": {"Germany": "1b"}})
    s, lines = play(s, "pick use")
    assert s.step.kind == "tac1-box" and s.step.zone == "F11"  # type: ignore[attr-defined]
    s, lines = play(s, (2,))
    assert has(lines, "TAC-1, US 101st Airborne: die 2 -> 2 US infantry from the chart drop into F11")
    assert 0 not in s.charts[0] and 1 not in s.charts[0] and 2 in s.charts[0]  # boxes 1-2: the uppermost infantry
    assert s.step.kind == "tac1-attack" and s.step.dice.groups == ((1, 2),)  # type: ignore[attr-defined]
    s, lines = play(s, (1, 1))  # two hits, one target: blockhouses are exempt
    assert s.units("F11", "Germany").short() == "1b" and s.units("F11", "US").short() == "2i"
    s, lines = play(s, (5,), (3,))  # the 82nd gets none; the British 6th gets 3
    assert s.units("F10", "US").total == 0 and s.units("F17", "UK").short() == "3i"
    uk = s.board.chart("UK")
    assert [k for k in range(len(uk.boxes)) if k not in s.charts[uk.index]] == [2, 5, 6]  # the three uppermost UK infantry
    assert s.card == 2  # order 2 follows


def test_tac_1_never_above_eight_and_allies_pick_targets() -> None:
    s = offer(1, turn=1, zones={"F11": {"Germany": "1i 1t", "US": "7i"}})
    s, lines = play(s, "pick use", (3,))
    assert has(lines, "die 3 -> 1 US infantry")
    s, _ = play(s, (1,))
    assert isinstance(s.step, ChooseCasualtiesStep) and s.step.who == "allies" and s.step.kind == "tac1"
    assert legal(s) == ["casualties Germany:infantry:1", "casualties Germany:tank:1"]
    s, _ = play(s, "casualties Germany:tank:1")
    assert s.units("F11", "Germany").short() == "1i"


def test_tac_2_v2_rocket_strike() -> None:
    s = offer(2, zones={"F30": {"Germany": "1i"}})
    s, _ = play(s, "pick use")
    assert s.step.kind == "tac2" and s.step.dice.groups == ((4, 1), (4, 1))  # type: ignore[attr-defined]
    s, lines = play(s, (4, 5))
    assert has(lines, "V-2 strike on the US chart: the next infantry is destroyed") and has(lines, "V-2 strike on the UK chart misses")
    assert s.destroyed[2].infantry == 1 and s.charts[0][0] == 1 and s.charts[1][0] == 0


def test_tac_3_barnstorming_protects_one_fighter() -> None:
    s = offer(
        3,
        zones={"F30": {"Germany": "1a"}, "F26": {"Germany": "1a"}},
        patrols={"F30": {"uk_fighter": 1, "us_fighter": 1}, "F26": {"uk_fighter": 1}},
    )
    s, _ = play(s, "pick use")
    assert set(s.step.options) == {"F26:UK", "F30:UK", "F30:US"}  # type: ignore[attr-defined]
    s, _lines = play(s, "pick F26:UK")  # alone in F26: that zone has no AA fire at all
    assert Barnstorming("F26", "UK") in s.effects
    assert s.card == 4 and isinstance(s.step, AATargetStep) and s.step.zone == "F30"
    s2, _ = play(offer(3, zones={"F30": {"Germany": "1a"}}, patrols={"F30": {"uk_fighter": 1, "us_fighter": 1}}), "pick use", "pick F30:UK")
    assert isinstance(s2.step, AARoll) and s2.step.power == "US"  # the only target AA may pick


def test_tac_4_fireball_from_above() -> None:
    s = position(card=4, options=TAC, zones={"F30": {"Germany": "1a", "UK": "1i 1a"}}, patrols={"F30": {"uk_fighter": 1}})
    s, _ = play(s, (1,))  # the fighter is shot down
    assert isinstance(s.step, PickStep) and s.step.data == ("4",) and s.step.side == "axis" and "use" in s.step.options
    s, lines = play(s, "pick use")
    assert has(lines, "RECONSTRUCTED")
    s, _ = play(s, (1,))
    assert isinstance(s.step, ChooseCasualtiesStep) and s.step.who == "axis" and s.step.side == "allies"
    s, _ = play(s, "casualties UK:artillery:1")
    assert s.units("F30", "UK").short() == "1i"
    # no fighter lost: nothing to do, so only "pass"
    s, lines = play(position(card=4, options=TAC, zones={"F30": {"Germany": "1a", "UK": "1i"}}, patrols={"F30": {"uk_fighter": 1}}), (6,))
    assert has(lines, "Tactics card 4 'Fireball from Above' is not used")


def test_tac_5_heavy_bombardment_second_strike() -> None:
    s = position(card=5, options=TAC, airfield={"uk_bomber": 1}, zones={"F26": {"Germany": "2a"}})
    s, _ = play(s, "bomb UK F26 artillery", (4,))
    assert isinstance(s.step, PickStep) and s.step.data == ("5",)
    s, lines = play(s, "pick use")
    assert s.step.kind == "bomb" and s.step.dice.groups == ((3, 1),)  # type: ignore[attr-defined]
    s, lines = play(s, (3,))
    assert has(lines, "UK bomber strikes an artillery in F26", "destroyed")
    assert s.units("F26", "Germany").short() == "1a" and s.card == 6


@pytest.mark.rules("FAQ-44")
def test_tac_6_friendly_fire_in_an_adjacent_zone_never_a_beachhead() -> None:
    s = offer(
        6,
        zones={"F26": {"Germany": "1i"}, "F27": {"UK": "1i"}, "F21": {"US": "1t"}},
        patrols={"F26": {"uk_bomber": 1}},
        beaches={"Omaha": "2i"},
    )
    s, _ = play(s, "pick use")
    assert isinstance(s.step, PickStep) and s.step.side == "axis"
    assert set(s.step.options) == {"F26:UK>F27:UK:infantry", "F26:UK>F21:US:tank"}
    assert all(o.split(">")[1].split(":")[0] in {z.id for z in s.board.zones} for o in s.step.options)
    refused(s, "pick F26:UK>Omaha:US:infantry", "TAC-6")
    s, _ = play(s, "pick F26:UK>F21:US:tank", (3,))
    assert s.units("F21", "US").total == 0 and s.destroyed[2].tank == 1


@pytest.mark.rules("FAQ-45")
def test_tac_7_flooding_blocks_order_8_not_landing() -> None:
    s = offer(7, zones={"F30": {"Germany": "1i"}, "F16": {"UK": "1i 1t"}}, beaches={"Gold": "1i"})
    s, _ = play(s, "pick use")
    assert s.step.side == "axis" and len(s.step.options) == 42  # type: ignore[attr-defined]
    s, _lines = play(s, "pick F15")
    assert Flooded("F15") in s.effects and s.card == 8
    msg = refused(s, "move UK infantry F16>F15", "TAC-7")
    assert "RECONSTRUCTED" in str(msg)
    refused(s, "move UK tank F16>F15>F22", "TAC-7")  # nor pass through
    assert not any(">F15" in a for a in legal(s))
    s, _ = play(s, "move UK tank F16>F23", "done")  # order 8; tactics 8 (nothing) passes
    s, _ = play(s, "pick pass")  # tactics 9 (Deceptive Landing) not used
    assert s.card == 10
    s, _ = play(s, "land Gold infantry")
    assert s.units("F15", "UK").short() == "1i"  # coming ashore into the flooded zone is allowed


def test_tac_8_blockhouse_construction() -> None:
    s = position(
        card=8,
        options=TAC,
        zones={"F14": {"Germany": "1b"}, "F30": {"Germany": "1i"}, "F23": {"UK": "1i"}},
        deck=[c for c in range(2, 17) if c != 2],
        removed=[2],
    )
    s = replace(s, destroyed=(Force(blockhouse=1), EMPTY, EMPTY))
    s, _ = play(s, "done", "pick use")
    assert isinstance(s.step, PickStep) and s.step.side == "axis"
    assert "F14" in s.step.options and "F30" not in s.step.options and "F9" not in s.step.options  # coastal, below its start
    assert "F15" in s.step.options  # lost both, no Axis unit there now: still allowed
    s, lines = play(s, "pick F14")
    assert s.units("F14", "Germany").blockhouse == 2 and s.destroyed[0].blockhouse == 0
    assert has(lines, "RECONSTRUCTED")


def test_tac_8_never_above_the_starting_count() -> None:
    s = position(card=8, options=TAC, zones={"F14": {"Germany": "2b"}, "F17": {"Germany": "1b"}, "F23": {"UK": "1i"}})
    s = replace(s, destroyed=(Force(blockhouse=1), EMPTY, EMPTY))
    s, _ = play(s, "done", "pick use")
    assert "F14" not in s.step.options and "F17" in s.step.options  # type: ignore[attr-defined]
    refused(s, "pick F14", "TAC-8")


def test_tac_9_deceptive_landing_moves_between_boxes_of_one_power() -> None:
    s = offer(9, zones={"F30": {"Germany": "1i"}}, beaches={"Gold": "2i", "Omaha": "1i"})
    s, _ = play(s, "pick use")
    assert "Gold>Juno:infantry" in s.step.options and "Gold>Omaha:infantry" not in s.step.options  # type: ignore[attr-defined]
    s, _ = play(s, "pick Gold>Juno:infantry")
    assert "Juno>Gold:infantry" not in s.step.options  # type: ignore[attr-defined]  # a box that received sends none
    s, _ = play(s, "pick Omaha>Utah:infantry", "pick done")
    assert s.beach_units("Juno").short() == "1i" and s.beach_units("Utah").short() == "1i" and s.card == 10


def test_tac_10_combined_assault() -> None:
    s = offer(10, zones={"F30": {"Germany": "1i", "UK": "3i 1a"}})
    s, _lines = play(s, "pick use")
    assert s.card == 11 and s.step.kind == "attack"  # type: ignore[attr-defined]
    # one infantry per artillery attacks on 2; the others still on 1
    assert s.step.dice.groups == ((1, 2), (2, 2))  # type: ignore[attr-defined]
    # pooled over the UK and the US (RECONSTRUCTED scope)
    s2, _ = play(offer(10, zones={"F30": {"Germany": "1i", "UK": "1a", "US": "2i"}}), "pick use")
    assert s2.step.dice.groups == ((1, 1), (2, 2))  # type: ignore[attr-defined]


def test_tac_10_exact_odds_match_the_engine() -> None:
    s, _ = play(offer(10, zones={"F30": {"Germany": "2i 1t", "UK": "3i 2a 1t"}}), "pick use")
    kw = odds.combat_options(s)
    assert kw == {"infantry_hit": None, "paired_infantry": 2, "artillery_rolls": True}
    exact = odds.cycle("3i 2a 1t", "2i 1t", "allies", **kw)
    assert exact == engine_cycle(s)
    assert exact != odds.cycle("3i 2a 1t", "2i 1t", "allies")
    with_card = odds.zone_fight_exact("3i 2a 1t", "2i 1t", cards=1, tac10=True).rows[0]["allies_hold"]
    assert with_card == sum(p for (i, _), p in exact.items() if i >= 3)


@pytest.mark.rules("FAQ-46")
def test_tac_11_long_range_howitzers() -> None:
    # the F23 gun is locked in combat and may still fire; the gun in the Gold box may not
    s = position(card=11, options=TAC, zones={"F23": {"UK": "1a", "Germany": "1b"}, "F30": {"Germany": "1i 1t"}}, beaches={"Gold": "1a"})
    s, _ = play(s, (6,), (6,), "pick use")  # order 11: one cycle in F23, both miss; then the offer
    assert isinstance(s.step, PickStep) and s.step.purpose == "arty" and s.step.data[1] == "F23"
    assert set(s.step.options) == {"F30:Germany:infantry", "F30:Germany:tank", "none"}  # adjacent zones only
    s, lines = play(s, "pick F30:Germany:tank", (2,))
    assert has(lines, "Artillery in F23", "destroyed", "TAC-11")
    assert s.units("F30", "Germany").short() == "1i" and s.card == 12


def test_tac_12_french_resistance() -> None:
    zones = {"F30": {"Germany": "1i", "UK": "1i"}, "F14": {"Germany": "1i", "US": "1i"}}
    s = offer(12, zones=zones)
    s, lines = play(s, "pick use", "pick F30")
    assert Resistance("F30") in s.effects
    assert s.card == 13 and s.step.zone == "F14"  # type: ignore[attr-defined]
    s, lines = play(s, (6,), (6,))
    assert has(lines, "No combat cycle in F30", "TAC-12")


def test_tac_13_long_range_88s() -> None:
    s = offer(13, zones={"F38": {"Germany": "1a"}, "F30": {"UK": "1i"}}, beaches={"Sword": "2i"})
    s, _ = play(s, "pick use")
    assert set(s.step.options) == {"F30:UK:infantry", "none"}  # type: ignore[attr-defined]
    s, _ = play(s, "pick F30:UK:infantry", (2,))
    assert s.units("F30", "UK").total == 0 and s.beach_units("Sword").total == 2


@pytest.mark.rules("FAQ-47")
def test_tac_14_reconnaissance_strafing_one_zone() -> None:
    s = offer(
        14,
        charts={"UK": [], "US": [], "Germany_Rouen_Chartres": []},
        patrols={"F30": {"uk_fighter": 2}},
        airfield={"us_fighter": 1},
        zones={"F14": {"Germany": "1b"}},
    )
    s, _ = play(s, "pick use")
    assert s.step.options == ("F32", "F33", "F35", "F37", "F40", "F42")  # type: ignore[attr-defined]
    s, _ = play(s, "pick F37", "pick F30:UK")
    assert s.fighters_in("F37") == 1
    refused(s, "pick F32", "TAC-14")  # one zone only
    s, _ = play(s, "pick airfield:US", "pick done")
    assert s.fighters_in("F37") == 2 and s.fighters_in("F30") == 1 and s.card == 15
    # the reinforcements placed there are strafed as usual
    s, _lines = play(s, (1, 1), "place Germany_Rennes_Chartres F37", "place Germany_Rennes_Chartres F40")
    assert isinstance(s.step, StrafeStep) and s.step.arrivals == (("Germany", "tank", "F37", 2),)


def test_tac_14_respects_the_fighter_limit() -> None:
    s = offer(
        14, charts={"UK": [], "US": []}, patrols={"F37": {"uk_fighter": 4}}, airfield={"us_fighter": 1}, zones={"F14": {"Germany": "1b"}}
    )
    s, _ = play(s, "pick use")
    s, _ = play(s, "pick F32")
    s2, _ = play(
        offer(
            14,
            charts={"UK": [], "US": []},
            patrols={"F37": {"uk_fighter": 4}},
            airfield={"us_fighter": 1},
            zones={"F14": {"Germany": "1b"}},
        ),
        "pick use",
        "pick F37",
    )
    assert s2.card == 15  # no fighter may join: "done" was the only choice


def test_tac_15_german_convoy() -> None:
    s = position(card=15, options=TAC, charts={"Germany_Rouen_Chartres": []}, zones={"F30": {"UK": "1i"}}, patrols={"F38": {"uk_fighter": 1}})
    s, _ = play(s, (1, 1), "place Germany_Rennes_Chartres F40", "place Germany_Rennes_Chartres F40")
    assert isinstance(s.step, PickStep) and s.step.data == ("15",) and s.step.side == "axis"
    s, _ = play(s, "pick use")
    assert {"tank:F40>F41", "tank:F40>F38>F30", "tank:F40>F41>F42"} <= set(s.step.options)  # type: ignore[attr-defined]
    s, lines = play(s, "pick tank:F40>F38", (2,))  # strafed entering F38: survives
    assert has(lines, "German convoy: a tank moves", "1 strafing die")
    assert s.units("F38", "Germany").short() == "1t" and s.units("F40", "Germany").short() == "1t"


def test_tac_16_volunteers_return_to_empty_infantry_boxes() -> None:
    s = position(
        card=16,
        options=RuleOptions(fortune=True, tactics=True),
        charts={"UK": list(range(5, len(load_board().chart("UK").boxes)))},
        zones={"F30": {"Germany": "1i"}},
    )
    s = replace(s, destroyed=(EMPTY, Force(infantry=2), EMPTY))  # set while the fortune die waits
    s, _ = play(s, (3,), "pick use")
    s, lines = play(s, (2,))
    assert has(lines, "die 2 -> 2 destroyed infantry may return")
    assert s.charts[1][0] == 2 and s.destroyed[1].infantry == 1  # only box 3 was an empty infantry box
    assert has(lines, "RECONSTRUCTED") or TACTICS[16].reconstructed


def test_tactics_cards_say_which_effects_are_reconstructed() -> None:
    assert sorted(TACTICS) == list(range(1, 17))
    assert not TACTICS[2].reconstructed
    s = offer(10)
    assert "[RECONSTRUCTED]" in s.step.text  # type: ignore[attr-defined]
