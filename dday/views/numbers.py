"""Numbers for people: one place that turns probabilities into text a learner can read.

* :func:`percent` — one decimal, and "< 0.1 %" / "> 99.9 %" for events that are possible but
  rounding would show as impossible or certain;
* :func:`one_in` — "about 1 in 6" for rare events, where it helps;
* :func:`~dday.rules.words.exact_text` — the exact fraction, only when it is short (at most 5 digits
  below the line) or asked for (the odds' explanations use it too; it lives in :mod:`dday.rules.words`);
* :func:`chance` — all of it in one phrase;
* :func:`count`, :func:`plural` — "1 game", "12 games"; these and :func:`percent` live in
  :mod:`dday.rules.words` (import them from there), where the log's sentences (:mod:`dday.views.log_text`), the prompts (:mod:`dday.views.prompts`) and the bots' coach get them too;
* :func:`probability_table`, :func:`fight_table` — a pandas ``Styler`` that shows the
  probability columns of a table as percentages, with named columns.

Nothing here ever writes scientific notation.

>>> from fractions import Fraction
>>> chance(Fraction(1, 6))
'16.7 % (about 1 in 6; exactly 1/6)'
>>> chance(Fraction(1572225863, 1338925209984))
'0.1 % (about 1 in 850)'
>>> percent(2.566056e-11), percent(1 - 1e-9), percent(0), percent(1)
('< 0.1 %', '> 99.9 %', '0 %', '100 %')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from html import escape
from typing import Any, Final

import pandas as pd
from pandas.io.formats.style import Styler

from ..rules.words import Probability, exact_text, interval, percent, probability_value

__all__ = ["FIGHT_COLUMN_LABELS", "chance", "fight_table", "one_in", "probability_table", "win_rate_table"]



def _round_two_figures(n: float) -> int:
    """``n`` rounded to two significant figures (whole numbers only).

    >>> _round_two_figures(852.4), _round_two_figures(38969627.5), _round_two_figures(6.2)
    (850, 39000000, 6)
    """
    whole = round(n)
    digits = len(str(whole))
    if digits <= 2:
        return int(whole)
    scale = 10 ** (digits - 2)
    return int(round(whole / scale) * scale)


def one_in(p: Probability, *, up_to: float = 0.25) -> str:
    """"about 1 in N" for an event of chance ``p`` when ``0 < p ≤ up_to``, else ``""``.

    N is 1/p rounded (to two significant figures beyond 100), with thin spaces between
    thousands, never in scientific notation.

    >>> one_in(Fraction(1, 6)), one_in(0.001174), one_in(2.566056e-11), one_in(0.5)
    ('about 1 in 6', 'about 1 in 850', 'about 1 in 39 000 000 000', '')
    """
    value = probability_value(p)
    if value == 0 or value > up_to:
        return ""
    n = 1 / value
    whole = round(n) if n < 100 else _round_two_figures(n)
    return f"about 1 in {whole:,}".replace(",", " ")


def chance(p: Probability, *, show_exact: bool | None = None) -> str:
    """The chance ``p`` for people: a percentage, "about 1 in N" when rare, the exact fraction when short.

    ``show_exact=True`` always adds the fraction (it must then be a Fraction), ``False`` never does.

    >>> chance(Fraction(91, 216)), chance(Fraction(512107, 944784)), chance(Fraction(1, 36)), chance(0.25)
    ('42.1 % (exactly 91/216)', '54.2 %', '2.8 % (about 1 in 36; exactly 1/36)', '25.0 % (about 1 in 4)')
    >>> chance(Fraction(6458032651, 33059881728)), chance(Fraction(6458032651, 33059881728), show_exact=True)
    ('19.5 % (about 1 in 5)', '19.5 % (about 1 in 5; exactly 6458032651/33059881728)')
    """
    extras = [one_in(p)]
    if isinstance(p, Fraction) and p.denominator != 1 and show_exact is not False:
        fraction = exact_text(p, asked=bool(show_exact))
        extras.append(f"exactly {fraction}" if fraction else "")
    extras = [e for e in extras if e]
    return percent(p) + (f" ({'; '.join(extras)})" if extras else "")


FIGHT_COLUMN_LABELS: Final[Mapping[str, str]] = {
    "allies_hold": "P(Allies hold)",
    "axis_hold": "P(Axis hold)",
    "contested": "P(still contested)",
    "empty": "P(nobody left)",
    "p_allied": "Allied-held",
    "p_contested": "contested",
    "p_axis": "Axis-held",
}
"""Plain column names for the odds tables (zone fights, the front table)."""


def _probability_columns(df: pd.DataFrame) -> list[Any]:
    return [c for c in df.columns if pd.api.types.is_float_dtype(df[c]) and df[c].dropna().between(0, 1).all()]


def _cell(value: Any) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return "—"
    return escape(percent(value))  # the Styler writes HTML: "< 0.1 %" must not open a tag


_FRACTION_TEXT: Final = re.compile(r"\s*-?\d+\s*/\s*\d+\s*")


def _text_cell(value: Any) -> str:
    """A text cell as is, unless it is a fraction too long to read.

    >>> _text_cell("1i 1a"), _text_cell("1/6"), _text_cell("1572225863/1338925209984")
    ('1i 1a', '1/6', '(long: ask for it)')
    """
    if isinstance(value, Fraction):  # before str(): a Fraction of thousands of digits cannot be written
        return escape(exact_text(value) or "(long: ask for it)")
    text = str(value)
    if _FRACTION_TEXT.fullmatch(text):
        return escape(exact_text(Fraction(text)) or "(long: ask for it)")
    return escape(text)


def win_rate_table(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` (with the columns ``rate``, ``ci95_low`` and ``ci95_high``) with the Allied win
    rate and its 95 % interval in words beside them, as notebooks 21 and 24 show them.

    >>> win_rate_table(pd.DataFrame({"rate": [0.1], "ci95_low": [0.0657], "ci95_high": [0.1494]})).iloc[0, 3:].tolist()
    ['10.0 %', '6.6 % to 14.9 %']
    """
    out = table.copy()
    out["Allied win rate"] = table["rate"].map(percent)
    out["95 % interval"] = [interval(lo, hi) for lo, hi in zip(table["ci95_low"], table["ci95_high"], strict=True)]
    return out

def probability_table(
    df: pd.DataFrame, columns: Iterable[Any] | None = None, *, rename: Mapping[Any, str] | None = None, caption: str = ""
) -> Styler:
    """``df`` as a ``Styler`` that shows the probability ``columns`` as percentages (see :func:`percent`).

    ``columns`` defaults to every float column whose values all lie in [0, 1]. Text columns with
    long exact fractions (more than 5 digits below the line) are shortened to "(long: ask for it)"; other
    numbers show without scientific notation. The data stay exact underneath: ``styler.data``.

    >>> t = probability_table(pd.DataFrame({"P(Allies hold)": [0.0011742, 2.566056e-11, 0.5]}), caption="units needed")
    >>> html = t.to_html()
    >>> "0.1 %" in html and "&lt; 0.1 %" in html and "50.0 %" in html and "e-11" not in html
    True
    """
    cols = list(columns) if columns is not None else _probability_columns(df)
    shown = df.rename(columns=dict(rename)) if rename else df
    cols = [rename.get(c, c) if rename else c for c in cols]
    fmt: dict[Any, Any] = dict.fromkeys(cols, _cell)
    for c in shown.columns:
        if c in fmt:
            continue
        if not pd.api.types.is_numeric_dtype(shown[c]) and shown[c].map(lambda v: isinstance(v, str | Fraction)).all():
            fmt[c] = _text_cell
        elif pd.api.types.is_float_dtype(shown[c]):
            fmt[c] = "{:,.3f}"
    styler = shown.style.format(fmt)
    if caption:
        styler = styler.set_caption(caption)
    return styler


def fight_table(df: pd.DataFrame, *, columns: Iterable[str] = ("allies_hold", "axis_hold", "contested", "empty")) -> Styler:
    """A zone-fight frame (``ZoneFight.to_frame()``) for people: one row per "after attack card N",
    named probability columns ("P(Allies hold)", …) as percentages, the attacker of each card.

    >>> frame = pd.DataFrame({"card": [1, 2], "order": [11, 13], "attacker": ["allies", "axis"],
    ...                       "allies_hold": [0.25, 0.5], "axis_hold": [0.0, 1e-12], "contested": [0.75, 0.5], "empty": [0.0, 0.0]})
    >>> styler = fight_table(frame)
    >>> list(styler.data.index), list(styler.data.columns)
    (['after attack card 1', 'after attack card 2'], ['attack by', 'P(Allies hold)', 'P(Axis hold)', 'P(still contested)', 'P(nobody left)'])
    >>> "&lt; 0.1 %" in styler.to_html()
    True
    """
    keep = list(columns)
    meaning = {  # what each column's P(…) is the chance of, after the card of its row
        "allies_hold": "only Allied units are left in the zone",
        "axis_hold": "only Axis units are left",
        "contested": "both sides have units left",
        "empty": "neither side has",
    }
    said = [f"{FIGHT_COLUMN_LABELS.get(c, c)}, that {meaning[c]}" for c in keep if c in meaning]
    caption = f"The chance, after each attack card: {'; '.join(said)}." if said else ""
    shown = pd.DataFrame(
        {
            "attack by": [f"{str(a).capitalize()} (order {o})" for a, o in zip(df["attacker"], df["order"], strict=True)],
            **{FIGHT_COLUMN_LABELS.get(c, c): df[c].astype(float).to_numpy() for c in keep},
        },
        index=pd.Index([f"after attack card {c}" for c in df["card"]], name=None),
    )
    return probability_table(shown, [FIGHT_COLUMN_LABELS.get(c, c) for c in keep], caption=caption)
