"""The rules reference (``dday.rules``): lookup, errors, the data files' format, and that every cited rule ID resolves."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest
from test_rule_coverage import ID_RE as COVERAGE_ID_RE
from test_rule_coverage import collect_tested_ids

from dday.rules.reference import (
    ID_PATTERN,
    ID_RE,
    STATUSES,
    BadReferenceError,
    RuleBook,
    RuleRef,
    UnknownRuleError,
    all_rules,
    lookup,
    normalize_id,
    parse_file,
    parse_text,
    rule_title,
    rules_card,
)

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO / "dday" / "data" / "reference"
TEXT_SUFFIXES = {".py", ".md", ".txt", ".json", ".geojson", ".csv", ".toml", ".js", ".css", ".html"}


# ---- lookup -----------------------------------------------------------------------------------


def test_lookup_returns_the_entry_with_its_facts() -> None:
    rule = lookup("R-STACK-1")
    assert isinstance(rule, RuleRef)
    assert (rule.id, rule.status, rule.section, rule.file) == ("R-STACK-1", "official", "Stacking", "10-core.md")
    assert "8" in rule.text and "UK and US" in rule.text
    assert rule.source.startswith("rulebook")
    assert rule.title == rule_title("R-STACK-1")


@pytest.mark.parametrize(
    ("rule_id", "status", "facts"),
    [
        ("R-BH-2", "official", ("3 or less", "card 9", "targeted")),
        ("R-NAVAL-1", "official", ("six dice", "2 or less")),
        ("R-AA-2", "official", ("one die", "a 1")),
        ("R-AIR-5", "official", ("3 or less", "no Allied land units")),
        ("R-MOVE-4", "official", ("two zones", "stop")),
        ("R-VICTORY-3", "official", ("turn 10", "turn 9")),
        ("R-SETUP-2", "reconstructed", ("Utah", "Omaha", "| 8 |")),
        ("R-DECK-3", "player-aid", ("11", "13")),
        ("R-STACK-5", "faq", ("8",)),
    ],
)
def test_entries_state_the_rule(rule_id: str, status: str, facts: tuple[str, ...]) -> None:
    rule = lookup(rule_id)
    assert rule.status == status
    for fact in facts:
        assert fact in rule.text, f"{rule_id} should mention {fact!r}"


def test_reconstructed_entries_say_why() -> None:
    for rule in all_rules():
        if rule.status == "reconstructed":
            assert "reconstructed:" in rule.source, f"{rule.id}: a reconstructed entry's source says why"


def test_lookup_forgives_case_spacing_and_zeros() -> None:
    rule = lookup("R-BH-2")
    for spelling in ("r-bh-2", " R BH 2 ", "r_bh_2", "R-BH-02"):
        assert lookup(spelling) is rule
    assert normalize_id("var ta 1") == "VAR-TA-1"


def test_unknown_id_raises_a_key_error_naming_the_nearest_ids() -> None:
    with pytest.raises(UnknownRuleError) as caught:
        lookup("R-STACK-9")
    err = caught.value
    assert isinstance(err, KeyError)
    assert err.suggestions == ("R-STACK-1", "R-STACK-2", "R-STACK-3")
    assert "R-STACK-1" in str(err) and "R-STACK-9" in str(err)
    with pytest.raises(KeyError, match="R-BEACH-1"):
        lookup("R-BEECH-1")


def test_all_rules_in_file_order_with_core_rules_first() -> None:
    rules = all_rules()
    assert rules[0].id == "R-GEN-1"
    assert len({r.id for r in rules}) == len(rules)
    core = [r for r in rules if r.file == "10-core.md"]
    assert core == list(rules[: len(core)])
    assert all(r.id.startswith("R-") for r in core)
    assert all(r.title and r.text and r.source for r in rules)


def test_rule_as_markdown_and_hover_html() -> None:
    rule = lookup("R-BH-2")
    assert rule.markdown().startswith("**R-BH-2 — Blockhouses fire to sea** · *official* · rulebook")
    tip = rule.html()
    assert tip.startswith('<abbr title="R-BH-2 — ') and tip.endswith(">R-BH-2</abbr>")
    assert 'href="10-core.md#r-bh-2--blockhouses-fire-to-sea"' in rule.html(f"{rule.file}#{rule.anchor}")
    assert rule._repr_markdown_() == rule.markdown()


def test_a_learner_gets_the_reference_from_the_tutorial_face() -> None:
    import dday.tutorial

    assert dday.tutorial.lookup is lookup and dday.tutorial.rules_card is rules_card


# ---- rules_card -------------------------------------------------------------------------------

CARD_FILES = {
    "10-core.md": """# Core

## Blockhouses

### R-BH-2 — Blockhouses fire to sea
*Status:* official · *Source:* rulebook, order card 9

A roll of 3 or less destroys the target.

### R-BH-3 — Firing arcs
*Status:* faq · *Source:* official FAQ, ruling 27

Arcs belong to zones.
""",
    "20-orders.md": """# Orders

## Order cards

### ORDER-9 — Blockhouses Fire to Sea
*Status:* official · *Source:* rulebook, order card 9

Each blockhouse with an arc fires at a beachhead.

*See also:* R-BH-2, R-BH-3
""",
}


def test_rules_card_is_a_table_of_the_order_and_its_rules(tmp_path: Path) -> None:
    for name, text in CARD_FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    card = RuleBook.from_folder(tmp_path).card(9)
    table = card.data
    assert list(table.columns) == ["id", "title", "status", "text", "source"]
    assert table["id"].tolist() == ["ORDER-9", "R-BH-2", "R-BH-3"]
    assert table["status"].tolist() == ["official", "official", "faq"]
    page = card.to_html()
    assert "Order card 9: Blockhouses Fire to Sea" in page and "3 or less destroys" in page


def test_rules_card_from_the_package() -> None:
    if "ORDER-9" not in {r.id for r in all_rules()}:
        pytest.skip("20-orders.md has no ORDER-9 yet")
    table = rules_card(9).data
    assert table["id"].iloc[0] == "ORDER-9"
    assert table["id"].tolist()[1:] == list(lookup("ORDER-9").see_also)
    page = rules_card(9).to_html()
    style = page[page.index("<style") : page.index("</style>")]
    assert re.search(r"td\.col0\s*\{\s*white-space: nowrap;", style)  # "R-TARGET-1" is not broken at its hyphen
    assert re.search(r"class=\"data row0 col0\" *>ORDER-9<", page)  # the ID column is column 0



@pytest.mark.rules("R-COMBAT-4", "ORDER-11")
def test_rules_card_draws_the_tables_in_a_rule_instead_of_showing_their_pipes() -> None:
    """Order card 11's rules hold two unit tables (ORDER-11, R-COMBAT-4): a learner sees tables,
    not '| Blockhouse (German only) | 3 | 1 |', and the other columns stay escaped text."""
    page = rules_card(11).to_html()
    assert "| Blockhouse" not in page and "|---|" not in page
    assert page.count("<td>Blockhouse (German only)</td>") == 2  # one row in each rule's table
    for rule in ("ORDER-11", "R-COMBAT-4"):
        assert "|" not in lookup(rule).plain().replace("---", "")  # the hover text has no table marks
        assert "---" not in lookup(rule).plain()


def test_rule_text_html_escapes_html_and_keeps_emphasis() -> None:
    rule = RuleRef("R-X-1", "T", "A *tank* <script>x</script>\n\n- one\n- two", "rulebook", "official")
    out = rule.text_html()
    assert "<em>tank</em>" in out and "&lt;script&gt;" in out and "<script>" not in out
    assert out.count("<li>") == 2

# ---- the format: a broken file names its line ------------------------------------------------


def test_an_entry_s_summary_line_is_its_summary_and_not_its_text() -> None:
    page = "# Core\n\n## Dice\n\n### R-GEN-2 — Dice\n*Status:* official · *Source:* rulebook\n\n*Summary:* Six sides.\n\nA d6, six sides.\n"
    (rule,) = parse_text(page)
    assert (rule.summary, rule.text) == ("Six sides.", "A d6, six sides.")
    assert parse_text(GOOD)[0].summary == ""  # optional in the format; tests/notebooks/test_rule_links.py asks every packaged rule for one

GOOD = "# Core\n\n## Dice\n\n### R-GEN-2 — Dice\n*Status:* official · *Source:* rulebook, 'Combat'\n\nA d6.\n"


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        (GOOD.replace(" — Dice", " - Dice"), 5, "bad heading"),
        (GOOD.replace("### R-GEN-2", "### Dice rules"), 5, "bad heading"),
        (GOOD.replace("*Status:* official · *Source:* rulebook, 'Combat'\n", ""), 7, "expected '*Status:*"),
        (GOOD.replace(" · *Source:*", " *Source:*"), 6, "expected '*Status:*"),
        (GOOD.replace("*Status:* official", "*Status:* oficial"), 6, "unknown status 'oficial'"),
        (GOOD.replace("*Status:* official", "*Status:* variant:house"), 6, "unknown status"),
        (GOOD + "\n### R-GEN-2 — Dice again\n*Status:* faq · *Source:* official FAQ, ruling 1\n\nText.\n", 10, "duplicate ID R-GEN-2"),
        (GOOD + "\n*See also:* R-GEN-1, rule 3\n", 10, "'See also' needs rule IDs"),
        (GOOD.replace("A d6.\n", ""), 5, "has no text"),
        (GOOD + "\n#### A smaller heading\n", 10, "bad heading"),
        (GOOD.replace("\n\nA d6.", "\n\n*Summary:* \n\nA d6."), 8, "empty '*Summary:*' line"),
    ],
)
def test_a_malformed_file_raises_naming_file_and_line(tmp_path: Path, text: str, line: int, problem: str) -> None:
    path = tmp_path / "10-broken.md"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadReferenceError) as caught:
        parse_file(path)
    err = caught.value
    assert isinstance(err, ValueError)
    assert (err.file, err.line) == ("10-broken.md", line), str(err)
    assert problem in str(err) and str(err).startswith(f"10-broken.md, line {line}: ")


def test_a_well_formed_file_parses(tmp_path: Path) -> None:
    path = tmp_path / "10-good.md"
    path.write_text(GOOD + "\n*See also:* R-GEN-2\n", encoding="utf-8")
    (rule,) = parse_file(path)
    assert (rule.id, rule.title, rule.text, rule.section, rule.see_also, rule.line) == ("R-GEN-2", "Dice", "A d6.", "Dice", ("R-GEN-2",), 5)


def test_see_also_and_duplicates_are_checked_across_files(tmp_path: Path) -> None:
    (tmp_path / "10-a.md").write_text(GOOD + "\n*See also:* FAQ-99\n", encoding="utf-8")
    (tmp_path / "board.md").write_text("# Notes, not parsed\n\n### anything\n", encoding="utf-8")
    with pytest.raises(BadReferenceError, match=r"10-a\.md, line 5: R-GEN-2: 'See also' names unknown IDs FAQ-99"):
        RuleBook.from_folder(tmp_path)
    (tmp_path / "10-a.md").write_text(GOOD, encoding="utf-8")
    (tmp_path / "20-b.md").write_text(GOOD, encoding="utf-8")
    with pytest.raises(BadReferenceError, match=r"20-b\.md, line 5: duplicate ID R-GEN-2 \(also 10-a\.md, line 5\)"):
        RuleBook.from_folder(tmp_path)


# ---- the data files ---------------------------------------------------------------------------


def data_files() -> list[Path]:
    return sorted(p for p in REFERENCE.glob("*.md") if re.match(r"\d\d-", p.name))


def test_every_data_file_parses_and_every_status_is_valid() -> None:
    files = data_files()
    assert files and files[0].name == "10-core.md"
    for path in files:
        raw = re.findall(r"^\*Status:\* (\S+) · ", path.read_text(encoding="utf-8"), flags=re.M)
        bad = sorted(set(raw) - set(STATUSES))
        assert not bad, f"{path.name}: unknown statuses {bad}"
        assert len(raw) == len(parse_file(path))


def test_the_whole_reference_loads() -> None:
    """Unique IDs across files and every *See also* ID resolves (``BadReferenceError`` otherwise)."""
    RuleBook.from_folder(REFERENCE)


OUTSIDE = re.compile(
    r"\.\./|/wor[k]/|/home/|/tmp/|file://|[A-Z]:\\|\bshared/|\bseeds?/|\b\d{3}_[0-9a-f]{16}\.txt\b|\brules\.md\b|board-notes\.md"
)


def test_no_data_file_names_a_path_outside_the_repository() -> None:
    found = [
        f"{path.name}:{n}: {m.group(0)}"
        for path in sorted(REFERENCE.glob("*.md"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for m in OUTSIDE.finditer(line)
    ]
    assert not found, "the reference must stand on its own; it names outside files: " + "; ".join(found)


SPEC_FILES = re.compile(r"\brules\.md\b|\bboard-notes\.md\b|\bgeography\.md\b|\bstyle\.md\b|\bshared/(?:reference|seeds)\b")
SPEC_CHECKERS = {"test_rules_reference.py", "test_tutorial_text.py"}  # they name the patterns they look for


def test_no_file_of_the_project_names_the_spec_it_was_built_from() -> None:
    """The rules spec and board notes the project was written from do not ship: a reader sent to
    'rules.md §7' or 'board-notes.md' finds nothing. Point at the shipped reference instead."""
    files = [REPO / "README.md", REPO / "pyproject.toml"]
    for folder, patterns in (("dday", ("*.py", "*.md", "*.json")), ("notebooks", ("*.ipynb",)), ("docs", ("*.md",)),
                             ("geo", ("*.py", "*.md")), ("tests", ("*.py",)), ("benchmarks", ("*.py",)), ("scripts", ("*",))):  # fmt: skip
        files += [p for pattern in patterns for p in sorted((REPO / folder).rglob(pattern)) if p.is_file()]
    found = [
        f"{path.relative_to(REPO)}:{n}: {m.group(0)}"
        for path in files
        if path.name not in SPEC_CHECKERS
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        for m in SPEC_FILES.finditer(line)
    ]
    assert not found, "name the shipped reference (dday/data/reference/...) instead: " + "; ".join(found)


def test_core_file_defines_every_r_id_of_the_rule_list() -> None:
    listed = {line.split()[0] for line in (REPO / "tests" / "data" / "rule_ids.txt").read_text().splitlines() if line.startswith("R-")}
    core = {r.id for r in parse_file(REFERENCE / "10-core.md")}
    assert sorted(listed - core) == []


# ---- every cited ID resolves ------------------------------------------------------------------


def test_the_id_pattern_agrees_with_the_rule_coverage_pattern() -> None:
    ids = [line.split()[0] for line in (REPO / "tests" / "data" / "rule_ids.txt").read_text().splitlines() if line and line[0] != "#"]
    assert ids and all(COVERAGE_ID_RE.match(i) and re.fullmatch(ID_PATTERN, i) for i in ids)
    assert ID_RE.findall("R-MOVE-4..7, FAQ-19/ORDER-12 and VAR-TA-1 (not XR-BH-1)") == ["R-MOVE-4", "FAQ-19", "ORDER-12", "VAR-TA-1"]


def cited_ids() -> dict[str, list[str]]:
    """Every rule ID cited in dday/, notebooks/ (cell sources), tests/, README.md and geo/, with where."""
    where: dict[str, list[str]] = defaultdict(list)

    def scan(text: str, place: str) -> None:
        for m in ID_RE.finditer(text):
            where[m.group(0)].append(place)

    roots = [REPO / "dday", REPO / "notebooks", REPO / "tests", REPO / "geo"]
    skip = {"__pycache__", ".ipynb_checkpoints"}
    files = sorted(p for root in roots for p in root.rglob("*") if p.is_file() and not skip & set(p.parts))
    for path in [*files, REPO / "README.md"]:
        place = str(path.relative_to(REPO))
        if path.suffix == ".ipynb":  # cell sources only, not outputs
            for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
                source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
                scan(source, f"{place} cell {i}")
        elif path.suffix in TEXT_SUFFIXES:
            scan(path.read_text(encoding="utf-8", errors="replace"), place)
    for rid in collect_tested_ids():  # test names such as test_r_move_4_... and @pytest.mark.rules(...)
        where[rid].append("a test's name or rules marker")
    return where


# Deliberately unknown IDs: the examples of errors in this file and in dday/rules/reference.py.
NOT_RULES = {"R-STACK-9", "R-BEECH-1", "R-BH-02", "R-X-1", "FAQ-99"}


def test_every_cited_rule_id_resolves() -> None:
    known = {r.id for r in all_rules()} | NOT_RULES
    where = cited_ids()
    missing = sorted(set(where) - known, key=lambda s: (re.sub(r"\d+", "", s), int(re.findall(r"\d+", s)[-1])))
    detail = "; ".join(f"{rid} ({where[rid][0]}{' …' if len(where[rid]) > 1 else ''})" for rid in missing)
    assert not missing, f"{len(missing)} cited rule IDs have no entry in dday/data/reference: {detail}"


def test_every_listed_rule_id_resolves() -> None:
    listed = [line.split()[0] for line in (REPO / "tests" / "data" / "rule_ids.txt").read_text().splitlines() if line and line[0] != "#"]
    missing = [rid for rid in listed if rid not in {r.id for r in all_rules()}]
    assert not missing, f"rule IDs of tests/data/rule_ids.txt without an entry: {missing}"


def test_the_citation_scan_reaches_every_place() -> None:
    places = {place.split("/")[0].split(" ")[0] for found in cited_ids().values() for place in found}
    assert {"dday", "notebooks", "tests", "README.md", "a"} <= places  # "a" = a test's name or rules marker
    assert len(cited_ids()) > 200


@pytest.mark.parametrize("n", range(1, 17))
def test_rules_card_shows_folded_in_a_notebook(n: int) -> None:
    """Issue 31.6: about three screens of small print stood between each card's history and its lab.
    A notebook shows the table folded (a <details> whose summary names the card); to_html() stays the table."""
    card = rules_card(n)
    shown = card._repr_html_()
    assert shown.startswith('<details class="dday-rules"><summary') and f"Order card {n}:" in shown.split("</summary>")[0]
    assert card.to_html() in shown and not card.to_html().startswith("<details")
