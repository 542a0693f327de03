"""Rule IDs in the notebooks carry their rule as hover text (issue 14, item 2)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dday.rules.reference import ID_PATTERN, RECONSTRUCTION_RE, RuleRef, all_rules, lookup
from dday.views.rule_links import TITLE_LIMIT, hover_text, link_notebook, link_rule_ids, main

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
CODE_OR_LINK = re.compile(r"```.*?```|`[^`\n]*`|<a\b.*?</a>|<abbr\b.*?</abbr>|\[[^\]\n]*\]\([^)\n]*\)", re.DOTALL)


def _markdown(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_notebook_is_up_to_date(path: Path) -> None:
    """A stale or missing hover text fails here: run ``python -m dday.views.rule_links notebooks/*.ipynb``."""
    assert not link_notebook(path, write=False), f"{path.name}: run python -m dday.views.rule_links notebooks/*.ipynb"


def test_no_bare_rule_id_is_left_in_the_notebooks_prose() -> None:
    bare = []
    for path in NOTEBOOKS:
        prose = CODE_OR_LINK.sub(" ", _markdown(path))
        bare += [f"{path.name}: {m}" for m in re.findall(rf"(?<![\w-])(?:{ID_PATTERN})(?![\w-])", prose)]
    assert not bare, bare[:10]
    assert sum(_markdown(p).count("<abbr title=") for p in NOTEBOOKS) > 200  # the tutorial cites rules everywhere


def test_the_hover_text_is_the_rule_from_the_reference() -> None:
    linked = link_rule_ids("Blockhouses (R-BH-2) and **ORDER-9**.")
    titles = dict((rid, t) for t, rid in re.findall(r'<abbr title="([^"]*)">([^<]+)</abbr>', linked))
    assert set(titles) == {"R-BH-2", "ORDER-9"} and "**<abbr" in linked
    rule = lookup("R-BH-2")
    assert titles["R-BH-2"] == f"R-BH-2 — {rule.title} ({rule.status}): {rule.summary}"
    assert len(lookup("ORDER-9").plain()) > TITLE_LIMIT  # a long rule is not cut: its summary stands for it, whole
    assert hover_text("ORDER-9").endswith(lookup("ORDER-9").summary) and "…" not in hover_text("ORDER-9")


def test_code_links_and_unknown_ids_are_left_alone() -> None:
    unknown = "R-" + "NOPE-1"  # spelt in two halves, so that the repository-wide ID check does not look it up
    text = f"Call `lookup('R-BH-2')`; see [FAQ-29](x.md); ```\nR-BH-3\n``` and {unknown} and XR-BH-2."
    assert link_rule_ids(text) == text


def test_stale_titles_are_rewritten_and_every_title_parses_back_to_the_rule() -> None:
    old = '<abbr title="R-BH-2 — an old wording">R-BH-2</abbr>'
    assert link_rule_ids(old) == link_rule_ids("R-BH-2") != old

    class Titles(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[tuple[str, str]] = []
            self._title: str | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self._title = dict(attrs).get("title") if tag == "abbr" else None

        def handle_data(self, data: str) -> None:
            if self._title is not None:
                self.found.append((data, self._title))
                self._title = None

    parser = Titles()
    parser.feed(_markdown(NOTEBOOKS[9]))  # quotes and ampersands in a rule must not break the attribute
    assert len(parser.found) > 10
    assert all(title == hover_text(rid) for rid, title in parser.found)


def test_the_command_checks_and_rewrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    nb = {
        "cells": [{"cell_type": "markdown", "metadata": {}, "source": ["Fire (R-BH-2).\n", "Next line"]}],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 4,
    }
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert main(["--check", str(path)]) == 1 and "1 of 1 notebooks out of date" in capsys.readouterr().out
    assert main([str(path)]) == 0 and main(["--check", str(path)]) == 0
    cell = json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"]
    assert cell[0].startswith("Fire (<abbr title=") and cell[0].endswith(">R-BH-2</abbr>).\n") and cell[1] == "Next line"


# ---- issue 32: every hover is a summary of its own, whole, and labelled as sure as it is ---------------

HOVER = re.compile(r'<abbr title="([^"]*)">([^<]+)</abbr>')
TIP = re.compile(
    r"^(?P<id>\S+) — (?P<title>.*?) \((?P<label>(?:official|faq|player-aid|reconstructed|variant:[\w-]+)(?:, partly reconstructed)?)\): (?P<text>.*)$",
    re.DOTALL,
)


def _sentences(text: str) -> int:
    """How many sentences ``text`` has ("St. Lô" is not the end of one)."""
    return len(re.findall(r"[.?!][)\"]?(?=\s+[A-Z(\"]|$)", text.replace("St. ", "St ")))


def _notebook_hovers() -> list[tuple[str, str, str]]:
    """(notebook, rule ID, hover text) for every rule ID in the notebooks' Markdown."""
    import html

    return [(p.name, rid, html.unescape(title)) for p in NOTEBOOKS for title, rid in HOVER.findall(_markdown(p))]


def test_every_rule_has_a_summary_of_one_or_two_whole_sentences() -> None:
    bad = {}
    for rule in all_rules():
        s = rule.summary
        if not s:
            bad[rule.id] = "no *Summary:* line"
        elif not re.search(r"[.?!][)\"]?$", s) or "…" in s:
            bad[rule.id] = f"does not end a sentence: {s[-40:]!r}"
        elif not 1 <= _sentences(s) <= 2:
            bad[rule.id] = f"{_sentences(s)} sentences"
        elif len(s) > 300:
            bad[rule.id] = f"{len(s)} characters"
        elif s == rule.plain():
            bad[rule.id] = "the summary repeats the text instead of summing it up"
    assert not bad, bad
    assert _sentences("Cherbourg, St. Lô and Caen. Two.") == 2 and _sentences("One (a) and b.") == 1


def test_no_hover_in_the_notebooks_is_cut_mid_sentence() -> None:
    """205 of 426 hovers once ended at 320 characters, mid-sentence ("…Nationality matters, because every …")."""
    hovers = _notebook_hovers()
    assert len(hovers) > 400
    cut = [(nb, rid, tip[-50:]) for nb, rid, tip in hovers if tip.endswith("…") or not re.search(r"[.?!][)\"]?$", tip)]
    assert not cut, cut[:5]
    stale = [(nb, rid) for nb, rid, tip in hovers if tip != hover_text(rid)]
    assert not stale, stale[:5]
    assert all(len(tip) <= TITLE_LIMIT for _, _, tip in hovers)
    assert all(TIP.match(tip)["text"] == lookup(rid).summary for _, rid, tip in hovers)  # type: ignore[index]


def test_each_hover_label_matches_its_text() -> None:
    """An "(official)" hover never says "our reading": a summary that states a reconstruction is
    labelled "partly reconstructed" (R-STACK-3, R-MOVE-4 were labelled official with 'our reading')."""
    bad = []
    for nb, rid, tip in _notebook_hovers():
        m = TIP.match(tip)
        assert m and m["id"] == rid, tip
        label, text = m["label"], m["text"]
        says_reconstructed = bool(RECONSTRUCTION_RE.search(text))
        if says_reconstructed and "reconstructed" not in label:
            bad.append(f"{nb} {rid}: ({label}) but the text reconstructs")
        if "partly reconstructed" in label and not says_reconstructed:
            bad.append(f"{nb} {rid}: ({label}) but the text says nothing reconstructed")
        if label.split(",")[0] != lookup(rid).status:
            bad.append(f"{nb} {rid}: label {label!r}, status {lookup(rid).status!r}")
    assert not bad, bad[:10]
    for rid in ("R-STACK-3", "R-MOVE-4", "R-TAC-4"):
        assert lookup(rid).label.endswith("partly reconstructed") and "our reading" in lookup(rid).summary


def test_the_label_follows_the_summary() -> None:
    sure = RuleRef("R-X-1", "T", "x", "rulebook", "official", summary="At most 4 fighters per zone.")
    read = RuleRef("R-X-1", "T", "x", "rulebook", "official", summary="UK and US count together (our reading).")
    guess = RuleRef("R-X-1", "T", "x", "aid", "player-aid", summary="The engine rebuilds one (our engine's guess).")
    ours = RuleRef("R-X-1", "T", "x", "ours", "reconstructed", summary="Our reading of the board.")
    assert [r.label for r in (sure, read, guess, ours)] == ["official", "official, partly reconstructed", "player-aid, partly reconstructed", "reconstructed"]
    assert read.tooltip() == "R-X-1 — T (official, partly reconstructed): UK and US count together (our reading)."
    assert RuleRef("R-X-1", "T", "Whole text.", "rulebook", "official").tooltip().endswith("(official): Whole text.")  # no summary: the text, never cut


@pytest.mark.rules("R-STACK-5", "FAQ-13", "R-STACK-2", "R-REINF-5", "EX-3")
def test_the_hovers_issue_32_found_at_odds_with_the_prose_now_agree() -> None:
    for rid in ("R-STACK-5", "FAQ-13"):
        tip = hover_text(rid)
        assert re.search(r"not counting blockhouses|blockhouses not counted", tip) and "9 German units" in tip, tip
        assert "at most 8 land units of each side are in a zone" not in lookup(rid).text
    for rid in ("R-REINF-5", "EX-3", "R-SETUP-5"):
        assert "slots" in lookup(rid).summary + lookup(rid).text, rid
        assert not re.search(r"\bboxes? \d+ (?:to|and|or) \d+|chart boxes", lookup(rid).summary + " " + lookup(rid).text), rid
