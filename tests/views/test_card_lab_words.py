"""What a learner reads in the card labs of notebooks 01-07 and beside them: words, not symbols.

Each test here failed before its fix (found by screenshots of the notebooks in chromium).
"""

from __future__ import annotations

import re

import pytest

from dday import odds
from dday.rules.actions import ChooseCasualties, SplitNavalDice
from dday.rules.engine import apply
from dday.rules.reference import rules_card
from dday.rules.scenario import position
from dday.rules.setup import initial_state
from dday.rules.steps import AATargetStep
from dday.views.maps.labels import describe
from dday.views.tutorial import card_lab
from dday.views.widgets.decisions import action_label, decision_prompt
from dday.views.widgets.style import css, dice_html


def test_naval_split_says_1_die_not_1_dice() -> None:
    lab = card_lab(2)  # order 2 begins with the split of the six naval dice
    labels = [label for label, a in lab.decision.choice.options if isinstance(a, SplitNavalDice)]  # type: ignore[union-attr]
    assert "UK 1 die, US 5 dice" in labels and "UK 5 dice, US 1 die" in labels
    assert not any("1 dice" in label for label in labels)


def test_casualty_choice_names_german_units() -> None:
    lab = card_lab(1)
    lab.roll(faces=(6, 4, 4))  # F11: no hit
    lab.roll(faces=(2, 2, 1))  # F10 (1 infantry, 1 artillery): one hit, the Germans choose
    assert lab.decision is not None and lab.decision.kind is ChooseCasualties
    labels = [label for label, _a in lab.decision.choice.options]
    assert labels == ["lose 1 German infantry", "lose 1 German artillery"]
    assert action_label(lab.state, ChooseCasualties((("Germany", "infantry", 2),))) == "lose 2 German infantry"


def test_antiaircraft_prompt_names_the_zone_and_the_gun() -> None:
    lab = card_lab(6)  # two German artillery in Caen under the UK and the US bomber
    assert isinstance(lab.state.step, AATargetStep)
    prompt = decision_prompt(lab.state)
    assert prompt == "Axis: German artillery 1 of 2 in F30 Caen fires at one bomber there: pick which (R-AA-2)"
    assert decision_prompt(card_lab(4).state).startswith("Axis: the German artillery in F32 Mézidon fires at one fighter there")


def test_rule_ids_in_the_prompt_stay_on_one_line() -> None:
    lab = card_lab(2)
    assert '<span style="white-space:nowrap">R-NAVAL-2</span>' in lab.decision.prompt.value  # type: ignore[union-attr]


def test_naval_targets_fit_the_lab_column() -> None:
    lab = card_lab(2)
    lab.decision.go.click()  # type: ignore[union-attr]  # split 3/3: now aim the first die
    labels = [label for label, _a in lab.decision.choice.options]  # type: ignore[union-attr]
    assert "F4 Saint-Vaast-la-Hougue (1 blockhouse; fires at Utah)" in labels
    assert "F14 Isigny-sur-Mer (2 blockhouses; fire at Omaha and Utah)" in labels
    assert max(len(label) for label in labels) <= 63  # ~8 px a character in a column of ~520 px
    assert lab.decision.choice.layout.max_width == "100%"  # type: ignore[union-attr]  # never wider than its column


def test_chart_title_is_not_broken_inside_a_town_name() -> None:
    lab = card_lab(2)
    lab.decision.go.click()  # type: ignore[union-attr]
    lab.decision.go.click()  # type: ignore[union-attr]  # the first die aims at F4 Saint-Vaast-la-Hougue
    assert "Saint-Vaast-la-Hougue" in lab.chart["layout"]["title"]["text"]  # not "Saint-<br>Vaast-la-Hougue"


def test_dice_say_hit_or_miss_in_words() -> None:
    html = dice_html((6, 1), (1, 1))
    assert "6 miss" in html and "1 ✔ hit" in html and "≤" not in html


def test_a_die_that_hits_on_1_says_so_and_the_binomial_is_explained() -> None:
    lab = card_lab(1)
    text = lab.explanation.value
    assert "hits on a roll of 1" in text and "1 or less" not in text
    assert "C(3, k) counts the ways to pick which k of the 3 dice hit and x^k is x multiplied by itself k times" in text
    lab = card_lab(6)
    lab.decision.go.click()  # type: ignore[union-attr]
    assert "One die, which hits on a roll of 1:" in lab.explanation.value


def test_card_8_with_nothing_to_move_says_no_allied_unit_moves() -> None:
    lab = card_lab(7)  # card 7 plays itself, then card 8 where every paratrooper is locked in combat
    assert "No Allied unit moves" in lab.log_lines()
    assert not any("No allies unit" in line for line in lab.log_lines())


def test_rules_card_keeps_rule_ids_on_one_line() -> None:
    html = rules_card(1).to_html()
    assert re.search(r"td\.col0 \{\s*white-space: nowrap;", html)  # the id column: "R-SETUP-3", not "R-" / "SETUP-3"


def test_odds_explanations_of_cards_1_3_5_read_as_sentences() -> None:
    para = " ".join(odds.paratroopers(3, "1i 1b").formula.split())
    assert "Blockhouses cannot be hit (R-BH-1). Only 1 unit can be hit: hits beyond that are lost." in para
    assert "Only 2 units can be hit: hits beyond those are lost." in " ".join(odds.paratroopers(3, "2i 1b").formula.split())
    # a cap is named only where it binds: two bombers over three targets can destroy two, not "at most 3"
    assert "Only" not in odds.bomber_strike(2, 3).formula and "Only 2 targets" in odds.bomber_strike(3, 2).formula
    assert "Only" not in odds.antiaircraft(3, 4).formula and "at most" not in odds.fire_to_sea(2, "5i 1a 1t").formula.lower()
    strafe = " ".join(odds.strafing(end=4).formula.split())
    assert "^" not in strafe and "survives only if all 4 dice miss: (5/6)⁴ = 625/1296" in strafe
    assert "a roll of 3 or less destroys it" in odds.bomber_strike(2, 3).formula
    one = odds.bomber_strike(1, 1).formula
    assert one.startswith("The bomber rolls one die") and "each" not in one.lower() and "every die" not in one  # one bomber, one die
    for single in (odds.paratroopers(1, "1i"), odds.antiaircraft(1, 2), odds.fire_to_sea(1, "2i"), odds.naval_bombardment(1, 1), odds.strafing(end=1)):
        text = " ".join(single.formula.split())
        assert "Each " not in text and "every die" not in text and "all 1 " not in text, text
        assert not re.search(r"(\d+/\d+) = \1 ", text), text  # not "5/6 = 5/6 ≈ 83.3 %"


def test_dropdowns_leave_room_for_their_arrow() -> None:
    """A dropdown as wide as its text drew its arrow over the last letters ("the infantry on Uta▾")."""
    assert re.search(r"\.widget-dropdown > select \{[^}]*padding-right: 28px", css().value)


def test_airborne_log_says_of_them_count_only_when_hits_are_lost() -> None:
    lab = card_lab(1)
    lab.roll(faces=(6, 4, 4))  # F11: no hit at all
    lab.roll(faces=(2, 2, 1))  # F10: one hit, and it counts
    lines = lab.log_lines()
    assert any(line.endswith("dice 6,4,4 -> 0 hits (hits on 1; blockhouses exempt)") for line in lines), lines
    assert any(line.endswith("dice 2,2,1 -> 1 hit (hits on 1; blockhouses exempt)") for line in lines), lines
    assert not any("0 of them count" in line or "1 of them counts" in line for line in lines)


def test_map_info_panel_keeps_swatch_and_power_on_one_line() -> None:
    html = describe(initial_state(), "F3")
    assert '<td style="white-space:nowrap;vertical-align:top;padding-right:6px"><span' in html and "Germany</td>" in html


def test_hints_for_cards_2_and_5_agree_in_number() -> None:
    lab = card_lab(2)
    lab.decision.go.click()  # type: ignore[union-attr]  # split the dice; the coach aims the first die at F16 (1 blockhouse)
    hint = lab.show_hint()
    assert "Aim this naval die at F16: its blockhouse fires at Juno and Sword beaches." in hint
    hint = card_lab(5).show_hint()  # the coach strikes a tank in F12, where no German artillery stands
    assert "strike a tank in F12" in hint and "no German artillery there can shoot it down" in hint and "(0.0 %)" not in hint


def test_antiaircraft_hint_gives_a_reason_not_aa_uk() -> None:
    for card, kind in ((4, "fighter"), (6, "bomber")):
        hint = card_lab(card).show_hint()
        assert "aa UK" not in hint and "planner bot chooses" not in hint
        assert f"Fire at the UK {kind}: the die shoots down whichever {kind} it aims at on a roll of 1 (16.7 %)" in hint


def test_casualty_hint_for_one_loss_says_the_unit() -> None:
    lab = card_lab(1)
    lab.roll(faces=(6, 4, 4))
    lab.roll(faces=(2, 2, 1))  # one hit in F10: the Germans choose
    assert "Lose 1 infantry: the unit worth least here." in lab.show_hint()


@pytest.mark.rules("FORT-5")
def test_bomber_hint_reads_the_hit_number_of_the_fortune_card() -> None:
    """The bomber hint said "hits on 1-3 (a 50.0 % chance)" whatever the fortune die: with fortune
    card 5's result 1 a bomber hits on 5 or less, and the hint says so."""
    from dday.bots.coach import hint
    from dday.rules.state import RuleOptions

    s = position(card=5, options=RuleOptions(fortune=True), airfield={"uk_bomber": 1}, zones={"F26": {"Germany": "1a"}})
    s = apply(s, (1,))  # the fortune die of card 5: result 1
    h = hint(s)
    assert "hits on a roll of 5 or less, a chance of 83.3 %" in h.text and h.numbers["destroy"] == pytest.approx(5 / 6)
    plain = position(card=5, airfield={"uk_bomber": 1}, zones={"F26": {"Germany": "1a"}})
    assert "hits on a roll of 3 or less, a chance of 50.0 %" in hint(plain).text


def test_dice_box_says_what_it_is_for_before_a_roll() -> None:
    """Before the first roll the dice box under the buttons was an empty 80 px gap; it says what
    will appear there, and the dice replace the sentence once rolled."""
    lab = card_lab(10)  # a card with no dice
    assert "The dice of a roll appear here." in lab.dice.value
    lab = card_lab(11)
    lab.roll()
    assert "The dice of a roll appear here." not in lab.dice.value and "dday-die" in lab.dice.value


def test_status_line_names_the_side_you_play() -> None:
    """Above the controls: "Your decision: you play the Axis." (it read "Axis to decide (you).",
    and the prompt under it said the same)."""
    lab = card_lab(9)
    assert "Your decision: you play the Axis." in lab.status.value and "(you)" not in lab.status.value


@pytest.mark.rules("R-AA-2")
def test_antiaircraft_choices_count_the_fighters_of_each_power() -> None:
    """With two US fighters over the gun the choice read "the US fighter"; it says which of how many."""
    s = position(card=4, zones={"F30": {"Germany": "3a"}, "F17": {"UK": "1i"}}, patrols={"F30": {"us_fighter": 2, "uk_fighter": 1}})
    assert isinstance(s.step, AATargetStep)
    from dday.rules.engine import legal_actions

    assert [action_label(s, a) for a in legal_actions(s)] == ["the UK fighter", "one of the 2 US fighters"]
