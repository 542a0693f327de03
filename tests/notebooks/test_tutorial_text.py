"""The tutorial's text: passages that a newcomer misread stay fixed (issue 21).

A reader new to the game read the Markdown of notebooks 00-17 alone and was tripped up by a
few passages: contradictions (the limit of 8 and blockhouses), words used for two things
("box"), rules stated without saying why they look odd, and labels that differed between
notebooks. Each test below checks that a problem phrase is gone and that the fix is where a
reader needs it. The phrases are matched in the notebooks' Markdown cells, and for the
words a learner also reads in the quizzes, in the code cells' text too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(NOTEBOOK_DIR.glob("*.ipynb"))

# The stacking rule is stated once, in 00's "The game in one minute", and linked from the cards.
STACKING_HEADING = "The game in one minute"
STACKING_LINK = "00_start_here.ipynb#The-game-in-one-minute"


QUIZZES = json.loads((NOTEBOOK_DIR.parent / "dday" / "data" / "quizzes.json").read_text(encoding="utf-8"))


def _cells(path: Path, kind: str | None = "markdown") -> list[str]:
    """The cells' text; with ``kind=None`` every cell and the notebook's quiz (its questions live in dday/data/quizzes.json)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = [_without_hover("".join(c["source"])) for c in nb["cells"] if kind is None or c["cell_type"] == kind]
    quiz = QUIZZES.get(path.name[:2], {}).get("questions", [])
    return cells + ([json.dumps(quiz, ensure_ascii=False)] if kind is None and quiz else [])


def _without_hover(text: str) -> str:
    """The prose as a reader sees it: each ``<abbr title="...">R-BH-2</abbr>`` as just its ID (the titles are
    the rules reference's text, checked by ``test_banned_phrases_stay_out_of_the_hover_text`` below)."""
    return re.sub(r'<abbr title="[^"]*">([^<]*)</abbr>', r"\1", text)


def _path(number: str) -> Path:
    found = [p for p in ALL if p.name.startswith(f"{number}_")]
    assert len(found) == 1, f"expected one notebook {number}_*.ipynb, found {[p.name for p in found]}"
    return found[0]


def _lines(number: str) -> list[str]:
    """The Markdown of one notebook, line by line (each bullet of the rules is one line)."""
    return [line for cell in _cells(_path(number)) for line in cell.splitlines()]


def _line_with(number: str, marker: str) -> str:
    """The one rule line (not the "Rule IDs:" list) of notebook ``number`` that contains ``marker``."""
    hits = [line for line in _lines(number) if marker in line and not line.startswith(("Rule IDs:", "*Sources:*"))]
    assert hits, f"notebook {number}: no line mentions {marker!r}"
    assert len(hits) == 1, f"notebook {number}: {len(hits)} lines mention {marker!r}: {hits}"
    return hits[0]


def _anchor(heading: str) -> str:
    """The link target Jupyter gives a Markdown heading: its text with spaces turned into '-'."""
    return heading.strip().replace(" ", "-")


# Phrases that misled the reader, matched (case-insensitive) in every notebook.
# (id, regex, why) — the regexes match the old wording and its near variants.
BANNED = [
    ("R-STACK-5", r"at most 8 units per side", "the limit is 8 land units other than blockhouses (R-STACK-2)"),
    ("R-STACK-2", r"blockhouses and aircraft do not count", "state the stacking rule once, for both sides, in 00"),
    ("R-MOVE-8", r"nobody fights", "say 'no land combat on this card'; fighters may still strafe on card 12"),
    ("R-REINF-5", r"\bboxes? \d+\s*[–-]\s*\d+", "positions on a reinforcement chart are 'chart slots', not boxes"),
    (
        "R-VICTORY-3",
        r"no later than \W*turn 10",
        "one deadline: the first hold by the end of turn 9, the second check at the end of turn 10",
    ),
    ("R-VICTORY-3", r"end of turn 9 at the latest", "explain why turn 9, rather than a second deadline"),
    ("R-REINF-7", r"fight only on the next attack card", "name the card: order 11 of the next turn"),
    ("R-GEN-4", r"board-notes", "the board notes are dday/data/reference/board.md"),
    ("R-REINF-5", r"\bboxes? \d+ (?:to|and|or) \d+|chart boxes|boxes (?:of|on) (?:the|their) \w+ ?chart", "chart positions are chart slots (issue 32)"),
    ("VAR-RM-18", r"a dozen land units", "the variant says 12 or more units on the board (issue 32)"),
    ("R-STACK-5", r"at most 8 land units of each side are in a zone", "blockhouses do not count but do fight (issue 32)"),
]


@pytest.mark.rules("R-STACK-2", "R-STACK-5", "R-MOVE-8", "R-REINF-5", "R-REINF-7", "R-VICTORY-3", "R-GEN-4", "VAR-RM-18")
@pytest.mark.parametrize(("rule", "pattern", "why"), BANNED, ids=[f"{r}:{p}" for r, p, _ in BANNED])
def test_misleading_phrases_are_gone(rule: str, pattern: str, why: str) -> None:
    found = [
        f"{path.name}: …{m.group(0)}…"
        for path in ALL
        for cell in _cells(path, kind=None)
        for m in re.finditer(pattern, cell, flags=re.IGNORECASE)
    ]
    assert not found, f"{rule}: {why}; still found in {found}"


@pytest.mark.parametrize(("rule", "pattern", "why"), BANNED, ids=[f"{r}:{p}" for r, p, _ in BANNED])
def test_banned_phrases_stay_out_of_the_hover_text(rule: str, pattern: str, why: str) -> None:
    """The rules reference is what a reader sees on hovering over a rule ID, so it keeps the same standard."""
    from dday.rules.reference import all_rules
    from dday.views.rule_links import hover_text

    found = [r.id for r in all_rules() if re.search(pattern, hover_text(r.id), flags=re.IGNORECASE)]
    assert not found, f"{rule}: {why}; found in the hover text of {found}"


def test_there_are_the_card_notebooks() -> None:
    assert [p.name[:2] for p in ALL][:18] == [f"{n:02d}" for n in range(18)], "notebooks 00-17 not found"


# ---- 1, 2: the limit of 8, stated once for both sides -------------------------------------


@pytest.mark.rules("R-STACK-1", "R-STACK-2", "FAQ-21")
def test_r_stack_2_the_stacking_rule_is_stated_once_for_both_sides_in_00() -> None:
    cell = next((c for c in _cells(_path("00")) if c.startswith(f"## {STACKING_HEADING}")), None)
    assert cell is not None, f"00 has no cell headed {STACKING_HEADING!r}, which the stacking links point to"
    rule = next((line for line in cell.splitlines() if "R-STACK-2" in line), "")
    for words in ("8 land units per side", "both sides", "blockhouses", "never count", "aircraft"):
        assert words.lower() in rule.lower(), f"00's stacking rule does not say {words!r}: {rule!r}"
    assert _anchor(STACKING_HEADING) == STACKING_LINK.split("#")[1]


@pytest.mark.rules("R-STACK-1", "R-STACK-2")
@pytest.mark.parametrize("number", ["08", "10", "11", "12", "15"])
def test_r_stack_1_cards_that_state_the_limit_link_to_the_rule(number: str) -> None:
    assert any(STACKING_LINK in line for line in _lines(number)), f"notebook {number} does not link to the stacking rule ({STACKING_LINK})"


def test_r_stack_5_the_fighting_limit_excludes_blockhouses_and_they_fight() -> None:
    """11's Omaha example has 4 infantry, 3 artillery and 2 blockhouses: 9 German units fight."""
    line = _line_with("11", "R-STACK-5")
    assert re.search(r"8 land units per side, not counting blockhouses", line), line
    assert "R-STACK-2" in line and "blockhouses **do fight**" in line, line


@pytest.mark.rules("R-STACK-2", "R-REINF-6")
def test_r_stack_2_the_german_limit_on_card_15_excludes_blockhouses() -> None:
    line = _line_with("15", "8 German land units")
    assert "not counting blockhouses" in line and STACKING_LINK in line, line


# ---- 3: no land combat on a move card; strafing still destroys units on card 12 -----------


@pytest.mark.rules("R-MOVE-8", "R-AIR-3", "ORDER-8", "ORDER-12")
@pytest.mark.parametrize(("number", "also"), [("08", "no dice at all"), ("12", "strafing can still destroy")])
def test_r_move_8_move_cards_have_no_land_combat(number: str, also: str) -> None:
    line = _line_with(number, "(R-MOVE-8)") if number == "12" else _line_with(number, "R-MOVE-8)")
    assert "no land combat" in line.lower() and also in line.lower(), line


# ---- 4, 5: chart slots, box capacity and the landing zone's limit -------------------------


def test_r_reinf_5_chart_positions_are_called_chart_slots() -> None:
    line = _line_with("14", "**US chart:**")
    assert "chart slots 1–6" in line and "slots 7–8" in line, line
    assert any("**chart slots**" in line for line in _lines("14")), "14 should say what a chart slot is"


def test_r_reinf_5_the_odds_formula_says_chart_slots() -> None:
    from dday.odds import reinforcements

    formula = reinforcements("US", {"Utah": 4, "Omaha": 8}).formula
    assert "chart slots 1–6" in formula and not re.search(r"\bboxes? \d", formula), formula


UTAH_FOUR = re.compile(r"\bUtah\b[^.;]*?(?<![\w.–-])4(?![\w.])|(?<![\w.–-])4(?![\w.])[^.;]*?\bUtah\b")


@pytest.mark.rules("R-STACK-6", "R-SETUP-2")
@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_r_stack_6_utah_box_capacity_comes_with_the_landing_zone_limit(path: Path) -> None:
    """Wherever Utah's 4 appears, the same cell says the landing zone still takes 8."""
    bad = [
        m.group(0)
        for cell in _cells(path)
        for m in UTAH_FOUR.finditer(cell)
        if not re.search(r"landing zone[^.]*\b8\b|\b8\b[^.]*landing zone", cell)
    ]
    assert not bad, f"{path.name}: Utah's box capacity of 4 without the landing zone's limit of 8 nearby: {bad}"


def test_r_stack_6_the_utah_capacity_check_finds_the_old_wording() -> None:
    assert UTAH_FOUR.search("So on turn 1 at most 4 US units can arrive (Utah holds 4)")
    assert UTAH_FOUR.search("Utah is empty (room for 4), Omaha empty (room for 8).")
    assert not UTAH_FOUR.search("Our arcs: Utah ← F4, F7, F11; Omaha ← F14 (2 blockhouses)")
    assert not UTAH_FOUR.search("five beachhead boxes (Utah, Omaha, Gold, Juno, Sword) (R-SETUP-1 … R-SETUP-4)")


@pytest.mark.rules("R-STACK-6", "R-BEACH-2")
@pytest.mark.parametrize("number", ["10", "14"])
def test_r_stack_6_box_capacity_and_zone_limit_are_told_apart(number: str) -> None:
    line = _line_with(number, "(R-STACK-6)")
    assert (
        re.search(r"Utah(?:'s)? (?:beachhead )?box holds (?:only )?4", line)
        and "landing zone, F11" in line
        and "8 Allied land units" in line
    ), line


# ---- 6: one deadline ----------------------------------------------------------------------


@pytest.mark.rules("R-VICTORY-1", "FAQ-11")
@pytest.mark.parametrize("number", ["00", "16"])
def test_r_victory_3_one_deadline_explained(number: str) -> None:
    line = _line_with(number, "R-VICTORY-3")
    assert re.search(
        r"first hold must come by the end of \**turn 9\**, so that the second check, at the end of \**turn 10\**, can still succeed", line
    ), line
    assert "only deadline" in line, line


# ---- 7: who chooses the airborne assault's losses, and why --------------------------------


@pytest.mark.rules("ORDER-1", "R-TARGET-1", "R-BH-1")
def test_r_target_2_airborne_losses_chosen_by_the_germans_from_the_player_aid() -> None:
    line = _line_with("01", "Why the Germans choose here")
    for words in (
        "naval bombardment",
        "bomber strike",
        "fire to sea",
        "the side that fires picks",
        "targeted",
        "R-TARGET-2",
        "2004 player aid",
    ):
        assert words in line, f"01 should say {words!r}: {line!r}"
    assert "**German player chooses the casualties**" in _line_with("01", "Hits with no possible target")


# ---- 8: tanks defend on 3 (German) and 2 (Allied) on purpose ------------------------------


@pytest.mark.rules("R-COMBAT-4")
@pytest.mark.parametrize("number", ["11", "13"])
def test_r_combat_4_tank_defence_difference_is_deliberate(number: str) -> None:
    line = _line_with(number, "not a typo")
    assert "deliberate" in line and "§2.2" in line and "unit table" in line, line
    assert re.search(r"German tanks defend on \**3", line) and re.search(r"Allied tanks (only )?(defend )?on \**2", line), line


# ---- 9: destroyed artillery does not fire on card 6: "our reading" everywhere -------------


@pytest.mark.rules("R-AA-3", "ORDER-6")
@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_r_aa_3_is_labelled_our_reading_everywhere(path: Path) -> None:
    lines = [line for cell in _cells(path) for line in cell.splitlines()]
    unlabelled = [line for line in lines if "R-AA-3" in line and not line.startswith(("Rule IDs:", "*Sources:*")) and "our reading" not in line]
    assert not unlabelled, f"{path.name}: R-AA-3 is a reconstruction (rules.md); say 'our reading' in {unlabelled}"


# ---- 10: German tanks stop on entering an Allied zone -------------------------------------


@pytest.mark.rules("R-MOVE-4", "R-MOVE-6", "FAQ-24", "ORDER-12")
def test_r_move_4_german_tank_stops_and_cannot_pass_a_full_zone() -> None:
    line = _line_with("12", "R-MOVE-6")
    assert "no Allied land units" in line and "stops there" in line and "8 German land units" in line, line


# ---- 11: German reinforcements placed among the Allies fight on next turn's card 11 -------


@pytest.mark.rules("R-REINF-7", "FAQ-31", "EX-15", "ORDER-15")
def test_r_reinf_7_names_the_card_of_the_first_battle() -> None:
    line = _line_with("15", "R-REINF-7")
    assert "card 11 (Allies Attack) of the next turn" in line and "card 13" in line, line



# ---- issue 32: the advanced notebooks teach in words ---------------------------------------


def _prose(number: str) -> str:
    return "\n\n".join(_cells(_path(number)))


@pytest.mark.rules(*(f"FORT-{n}" for n in range(1, 17)), *(f"TAC-{n}" for n in range(1, 17)))
def test_23_names_and_explains_every_fortune_and_tactics_card_in_prose() -> None:
    """One bullet per card, its ID in the text: who rolls (fortune) or whose card it is (tactics), and when."""
    lines = _lines("23")
    for n in range(1, 17):
        fort = [line for line in lines if line.startswith(f"* **FORT-{n} · ")]
        assert len(fort) == 1, f"23 has no bullet of its own for FORT-{n}"
        assert re.search(rf"\((?:the Allies|the Axis) roll(?:s)?, before order {n}\b", fort[0]), fort[0]
        assert re.search(r"[Oo]n a 1, .*[Oo]n a 6, ", fort[0]), fort[0]  # both results, in words
        tac = [line for line in lines if line.startswith(f"* **TAC-{n} · ")]
        assert len(tac) == 1, f"23 has no bullet of its own for TAC-{n}"
        assert re.search(rf"\((?:Allies|Axis)[^)]*after order {n}\)", tac[0]), tac[0]
    assert not any(re.search(r"\b[Oo]n a [16] [a-z]", line) for line in lines if line.startswith("* **FORT-"))


@pytest.mark.rules("R-FORT-1", "R-FORT-2", "R-FORT-3", "R-FORT-4", "R-TAC-1", "R-TAC-2", "R-TAC-3", "R-TAC-4", "FAQ-40")
def test_23_states_the_deck_mechanics_with_their_rules() -> None:
    prose = _prose("23")
    for rule, words in (
        ("R-FORT-1", "all 16 fortune cards or none"),
        ("R-TAC-1", "all 16 tactics cards or none"),
        ("R-FORT-1", "Fortune card N lies just before order card N and tactics card N just after it"),
        ("R-FORT-2", "the side that acts on order N rolls one die"),
        ("R-FORT-3", "A fortune card is in the deck exactly when its order card is"),
        ("R-TAC-2", "**Playing is optional.**"),
        ("R-TAC-2", "stays in the deck and comes up again next turn"),
        ("TAC-16", "the Allies hold nine (cards 1, 3, 5, 9, 10, 11, 12, 14 and 16) and the Axis seven (2, 4, 6, 7, 8, 13 and 15)"),
    ):
        assert words in prose, f"23 should say {words!r}"
        assert rule in prose
    from dday.rules.decks import TACTICS

    assert sorted(n for n, card in TACTICS.items() if card.side == "allies") == [1, 3, 5, 9, 10, 11, 12, 14, 16]  # the split the prose states is the engine's


@pytest.mark.rules("FORT-1", "FORT-11", "FAQ-39")
def test_23_labels_its_two_unlabelled_reconstructions() -> None:
    example = _line_with("23", "one from the British 6th (F17)")
    assert "RECONSTRUCTED" in example and "open question" in example, example
    zones = _line_with("23", "Zones nobody picked see no combat")
    assert "RECONSTRUCTED" in zones and "our reading" in zones, zones


@pytest.mark.rules("VAR-RM-18", "VAR-RM-19")
def test_24_states_extended_play_exactly_and_names_the_rule_set_of_every_variant() -> None:
    from dday.variants.rulesets import RULESETS

    prose = _prose("24")
    for words in ("**12 or more units on the board**", "VAR-RM-18", "VAR-RM-19", "**one die** instead of two", "a **6 brings none**", "Germany wins", "Germany also loses the early win"):
        assert words in prose, f"24 should say {words!r}"
    listed = _line_with("24", "`reference-manual`: the fan manual's house rules")
    for rule in ("VAR-RM-5", "VAR-RM-7", "VAR-RM-9", "VAR-RM-12", "VAR-RM-15", "VAR-RM-17"):
        assert rule in listed, rule
    for name in RULESETS:
        assert any(line.startswith(("* `", f"* `{name}`")) and f"`{name}`" in line for line in _lines("24")), f"24 does not say what the {name} rule set plays"


def test_21_states_its_headline_in_sentences_from_the_saved_rates() -> None:
    nb = json.loads(_path("21").read_text(encoding="utf-8"))
    sources = ["".join(c["source"]) for c in nb["cells"]]
    at = next(i for i, text in enumerate(sources) if text.startswith("## The headline"))
    assert "balance_headline(saved)" in sources[at + 1] and "bot_balance.csv" in sources[at + 1]
    assert at <= 2, "the headline comes first, before the quick games"


@pytest.mark.rules("R-REINF-3", "VAR-TA-9")
def test_14_and_15_say_placement_is_compulsory() -> None:
    assert "may come from the front" not in _prose("14")
    assert "must all be placed as far as there is room" in _line_with("14", "ORDER-14")
    line = _line_with("15", "Placement is **compulsory**")
    assert "R-REINF-3" in line and "VAR-TA-9" in line and "our strict reading" in line, line


@pytest.mark.parametrize("number", ["08", "10"])
def test_cards_without_dice_promise_no_dice(number: str) -> None:
    assert "you see the dice" not in _prose(number)


@pytest.mark.rules("R-GEN-3", "FAQ-2")
def test_20_says_its_three_player_convention_is_ours_and_cites_the_rule() -> None:
    line = _line_with("20", "our convention")
    assert "R-GEN-3" in line and "FAQ-2" in line and "the German player decides" in line, line


def test_09_arc_list_gives_the_blockhouses_of_each_zone() -> None:
    line = _line_with("09", "Our arcs")
    assert "Utah ← F4 (1), F7 (1), F11 (1) and F14 (2)" in line and "(2 blockhouses)" not in line, line
