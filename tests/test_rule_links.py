"""Rule IDs in the notebooks carry their rule as hover text (issue 14, item 2)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dday.rules import lookup
from dday.rules.reference import ID_PATTERN
from dday.views.rule_links import TITLE_LIMIT, hover_text, link_notebook, link_rule_ids, main

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
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
    assert titles["R-BH-2"].startswith(f"R-BH-2 — {rule.title} ({rule.status}): ")
    assert rule.plain()[:80] in titles["R-BH-2"]
    assert all(len(hover_text(r.id)) <= TITLE_LIMIT for r in (lookup("ORDER-9"), lookup("R-BH-3"), lookup("FAQ-29")))
    assert hover_text("ORDER-9").endswith(" …")  # a long rule is cut at a word, and says so


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
