"""Notebook 23's tables and charts as a learner sees them (dday.views.deck_tables): every card's
rule in full, board changes in words, odds on a percent axis."""

from __future__ import annotations

import re
from html import unescape

import pytest

from dday import odds
from dday.rules.decks import FORTUNE, TACTICS
from dday.rules.scenario import events_of, position
from dday.rules.state import RuleOptions
from dday.views.deck_tables import board_changes, card_table, odds_figure


def _cells(html: str) -> list[str]:
    return [unescape(c) for c in re.findall(r"<td[^>]*>([^<]*)</td>", html)]


@pytest.mark.parametrize("kind", ["fortune", "tactics"])
def test_card_table_shows_every_rule_in_full(kind: str) -> None:
    table = card_table(kind)
    html = table._repr_html_()
    cells = _cells(html)
    texts = [t for c in FORTUNE.values() for t in (c.positive, c.negative)] if kind == "fortune" else [c.effect for c in TACTICS.values()]
    assert max(map(len, texts)) > 50  # pandas would cut these at 50 characters
    assert all(t in cells for t in texts)
    assert not any(c.endswith("...") for c in cells)
    assert "width: 100%" in html and "text-align: left" in html  # wrapped in the output's width, read from the left
    assert "td.col0 {\n  white-space: nowrap;" in html  # "FORT-10" stays whole
    assert card_table is card_table  # the old path shows the same table


def test_card_table_names_sources_and_sides_in_words() -> None:
    fortune, tactics = card_table("fortune"), card_table("tactics")
    assert fortune.loc[10, "where it comes from"] == "player aid + rulebook + FAQ"
    assert tactics.loc[4, "where it comes from"] == "unknown (our guess)"
    assert set(tactics["side"]) == {"Allies", "Axis"}
    with pytest.raises(ValueError, match="fortune"):
        card_table("orders")


def test_board_changes_in_words() -> None:
    before = position(card=9, zones={"F15": {"Germany": "1b"}}, beaches={"Gold": "5i 1a 1t"}, options=RuleOptions(fortune=True))
    after, _ = events_of(before, [(1,), "fire-to-sea tank", (5,)])
    changes = board_changes(before, after)
    assert changes.to_dict("records") == [
        {"where": "Gold beachhead", "whose": "UK", "before": "5 infantry, 1 artillery, 1 tank", "after": "5 infantry, 1 artillery"}
    ]
    assert "<th" in changes._repr_html_() and ">0<" not in changes._repr_html_()  # no row numbers


def test_odds_figure_reads_in_percent() -> None:
    rules = RuleOptions(fortune=True)
    dists = {f"die {f}": odds.naval_bombardment(4, hit_on=odds.hit_numbers(rules, 2, f)["naval"]) for f in (1, 6)}
    fig = odds_figure(dists, "Blockhouses destroyed", "blockhouses destroyed")
    assert fig.layout.yaxis.tickformat == ".0%" and fig.layout.yaxis.title.text == "chance"
    assert [t.name for t in fig.data] == ["die 1", "die 6"]
    for trace in fig.data:
        assert sum(trace.y) == pytest.approx(1.0)
        assert all(re.match(r"^(< 0\.1|\d+(\.\d)?) %", text) for text in trace.customdata)  # the hover: "34.4 % (…)"
