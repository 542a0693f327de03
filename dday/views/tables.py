"""Tables of words for people: every cell shown in full, wrapped to the notebook's width.

Pandas cuts a cell after 50 characters ("the Axis removes 2 paratroopers of its choice;...")
and JupyterLab right-aligns every cell: a rule in such a table cannot be read.
:func:`text_table` gives a ``Styler`` that shows the whole text, left-aligned and wrapped,
with short cells ("AH-13", "FORT-10") kept on one line and no row numbers unless asked;
:class:`TextFrame` is a DataFrame that shows itself that way.

>>> t = text_table(pd.DataFrame({"rule": ["AH-13"], "note": ["a note " * 20]}), caption="rules")
>>> html = t.to_html()
>>> "a note a note" in html and "..." not in html and "td.col0 {" in html
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any, Final, cast

import pandas as pd
from pandas.io.formats.style import Styler
from pandas.io.formats.style_render import CSSDict

__all__ = ["LONG_CELL", "SHORT_CELL", "CardTable", "TextFrame", "text_table"]

LONG_CELL: Final = 60
"""A table with a cell longer than this takes the output's whole width and wraps its text in it."""

SHORT_CELL: Final = 16
"""A column whose cells all have at most this many characters stays on one line ("AH-13", not "AH-" over "13")."""


def _short_columns(df: pd.DataFrame) -> list[Any]:
    """The columns of numbers and of short words: those never break a line."""
    return [
        c
        for c in df.columns
        if pd.api.types.is_numeric_dtype(df[c]) or max((len(str(v)) for v in df[c]), default=0) <= SHORT_CELL
    ]


def text_table(data: pd.DataFrame | Styler, *, caption: str = "", index: bool = False, nowrap: Iterable[Any] | None = None) -> Styler:
    """``data`` as a table of words for a notebook: whole cells, wrapped, text left-aligned and
    numbers right-aligned, top-aligned.

    ``data`` may be a DataFrame or a ``Styler`` already formatted (e.g. by
    :func:`dday.views.numbers.probability_table`: its percentages stay). The row labels show
    only when ``index`` is true. Columns in ``nowrap`` (by default every column whose cells are
    all short, :data:`SHORT_CELL`) never break a line. The table takes the width it needs, up
    to the output's width: with a cell longer than :data:`LONG_CELL` it takes the whole width
    and wraps its long cells to fit.

    >>> styler = text_table(pd.DataFrame({"card": ["FORT-10"], "effect": ["x" * 80]}))
    >>> styler.data.columns.tolist(), "FORT-10" in styler.to_html()
    (['card', 'effect'], True)
    """
    styler = data if isinstance(data, Styler) else data.style.format(escape="html")
    frame: pd.DataFrame = cast(Any, styler).data  # the data under the styler (pandas' stubs do not list it)
    short = list(nowrap) if nowrap is not None else _short_columns(frame)
    longest = max((len(str(v)) for c in frame.columns for v in frame[c]), default=0)
    width = "width: 100%;" if longest > LONG_CELL else ""  # long text: take the whole width and wrap in it
    styler = styler.set_table_styles(
        [
            {"selector": "", "props": f"table-layout: auto; {width} border-collapse: collapse;"},
            {"selector": "td", "props": "text-align: left; vertical-align: top; white-space: normal; overflow-wrap: break-word;"},
            {"selector": "th", "props": "text-align: left; vertical-align: bottom;"},
            {"selector": "caption", "props": "caption-side: top; text-align: left; font-weight: bold; padding-bottom: 4px;"},
        ],
        overwrite=False,
    )
    numbers = {c for c in frame.columns if pd.api.types.is_numeric_dtype(frame[c])}
    per_column: dict[Any, list[CSSDict]] = {}
    for c in frame.columns:  # numbers (and the percentages shown for them) line up on the right, headers too
        rules: list[CSSDict] = [{"selector": "td", "props": "white-space: nowrap;"}] if c in short else []
        if c in numbers:
            rules += [{"selector": "td", "props": "text-align: right;"}, {"selector": "th", "props": "text-align: right;"}]
        if rules:
            per_column[c] = rules
    if per_column:
        styler = styler.set_table_styles(per_column, overwrite=False)
    if not index:
        styler = styler.hide(axis="index")
    if caption:
        styler = styler.set_caption(caption)
    return styler


class TextFrame(pd.DataFrame):
    """A DataFrame that shows itself in a notebook as a :func:`text_table` (no cut cells).

    It is an ordinary DataFrame for everything else (``groupby``, ``loc``, …), and what a
    learner cuts out of it (``frame.loc[...]``, ``frame[["a", "b"]]``, ``frame.head()``) is a
    TextFrame too, shown whole: pandas' documented way to subclass a DataFrame
    (``_constructor``, "Extending pandas" in its guide).

    >>> frame = TextFrame({"effect": ["y" * 70], "n": [1]})
    >>> ("y" * 70) in frame._repr_html_(), type(frame[["effect"]]).__name__, type(frame.head(1)).__name__
    (True, 'TextFrame', 'TextFrame')
    """

    @property
    def _constructor(self) -> type[TextFrame]:
        return TextFrame

    def _repr_html_(self) -> str:
        return str(text_table(pd.DataFrame(self)).to_html())


class CardTable(pd.DataFrame):
    """The card table (:func:`dday.views.tutorial.card_table`): a DataFrame that shows every cell in full
    in a notebook (no "…" cuts), its text left-aligned and each rule ID whole ("R-" never on one line
    and "PARA-1" on the next, issue 31.7).

    >>> from dday.views.tutorial import card_table
    >>> html = card_table()._repr_html_()
    >>> '<span style="white-space:nowrap">R-PARA-1</span>' in html and "text-align: left" in html
    True
    """

    def _repr_html_(self) -> str:
        frame = pd.DataFrame(self)

        def ids(text: object) -> str:
            return ", ".join(f'<span style="white-space:nowrap">{escape(rule)}</span>' for rule in str(text).split(", "))

        styler = (
            frame.style.hide(axis="index")
            .format(escape="html")
            .format(ids, subset=["rules"])
            .set_table_styles(
                [
                    {"selector": "th", "props": "text-align: left; vertical-align: bottom;"},
                    {"selector": "td", "props": "text-align: left; vertical-align: top;"},
                ]
            )
        )
        return str(styler.to_html())
