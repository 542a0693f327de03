"""dday.views.tables: tables of words show every cell in full, wrapped, and keep short cells whole."""

from __future__ import annotations

import re
from html import escape

import pandas as pd

from dday.views.numbers import probability_table
from dday.views.tables import TextFrame, text_table


def test_long_text_is_whole_and_wrapped_in_the_output_width() -> None:
    long = "the Axis removes 2 paratroopers of its choice; the rest do not attack"
    html = text_table(pd.DataFrame({"card": ["FORT-1"], "on a 6": [long]})).to_html()
    assert long in html and "..." not in html
    assert "width: 100%" in html and "table-layout: auto" in html
    assert "td.col0 {\n  white-space: nowrap;" in html
    assert 'class="row_heading' not in html  # row numbers 0, 1, … are hidden


def _css(html: str, selector: str) -> str:
    """Every declaration the Styler's style sheet gives ``selector`` (e.g. "td.col1")."""
    return " ".join(re.findall(re.escape(selector) + r" \{([^}]*)\}", html))


def test_short_tables_keep_their_own_width_and_numbers_align_right() -> None:
    html = text_table(pd.DataFrame({"force": ["1i 2a"], "units": [3]})).to_html()
    assert "width: 100%" not in html
    assert "text-align: right" in _css(html, "td.col1") and "text-align: right" in _css(html, "th.col1")
    assert "text-align: right" not in _css(html, "td.col0")  # words read from the left


def test_percentages_of_a_probability_table_stay() -> None:
    styler = text_table(probability_table(pd.DataFrame({"who": ["Allies"], "P(hold)": [0.925059]})), caption="after 3 cards")
    html = styler.to_html()
    assert "92.5 %" in html and "0.925059" not in html and "after 3 cards" in html


def test_text_frame_is_a_dataframe_that_shows_in_full() -> None:
    frame = TextFrame({"side": ["Allies", "Axis"], "effect": ["x" * 80, "y"]})
    assert frame.groupby("side").size().to_dict() == {"Allies": 1, "Axis": 1}
    assert "x" * 80 in frame._repr_html_()


def test_what_a_learner_cuts_out_of_a_text_frame_is_shown_whole_too() -> None:
    """A learner narrows notebook 23's card table to a few rows or columns: the part keeps the
    full text (pandas would cut each cell after 50 characters with '...')."""
    from dday.views.deck_tables import card_table

    table = card_table("fortune")
    long_text = max((str(v) for v in table.to_numpy().ravel()), key=len)
    assert len(long_text) > 60
    for part in (table.head(16), table.loc[table.index[:16]], table[list(table.columns)], table.iloc[:16]):
        assert isinstance(part, TextFrame)
        assert escape(long_text) in part._repr_html_()
