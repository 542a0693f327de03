"""The fortune and tactics decks for people (notebook 23): the cards in full, what a card changed
on the board, and charts of exact odds read as percentages.

* :func:`card_table` — the sixteen fortune or tactics cards, every rule in full (no "…" cuts);
* :func:`board_changes` — the places whose units differ between two positions, in words;
* :func:`odds_figure` — grouped bars of several exact distributions, on a percent axis.

>>> card_table("tactics").loc[10, "name"]
'Combined Assault'
>>> source_words("AID + RB + FAQ"), source_words("partly UNKNOWN")
('player aid + rulebook + FAQ', 'partly unknown (our guess)')
"""

from __future__ import annotations

import re
from typing import Any, Final

import pandas as pd

from ..rules.decks import FORTUNE, TACTICS
from ..rules.units import Air
from ..rules.words import count, force_words, side_name
from .numbers import chance
from .tables import TextFrame

__all__ = ["SOURCE_WORDS", "board_changes", "card_table", "odds_figure", "source_words"]

SOURCE_WORDS: Final[dict[str, str]] = {
    "OFFICIAL": "official",
    "AID": "player aid",
    "RB": "rulebook",
    "FAQ": "FAQ",
    "UNKNOWN": "unknown (our guess)",
}
"""The decks' source codes in words (see the sources in ``dday/data/reference/40-advanced.md``)."""


def source_words(confidence: str) -> str:
    """A card's source code ("AID + RB", "partly UNKNOWN") in words."""
    return re.sub(r"\b[A-Z]+\b", lambda m: SOURCE_WORDS.get(m.group(0), m.group(0)), confidence)


def card_table(kind: str = "fortune") -> TextFrame:
    """The fortune or tactics cards, one row per card, every text in full.

    Fortune: card, who rolls, what a 1 does, what a 6 does, where it comes from, and the detail
    we reconstructed ("-" for none). Tactics: card, side, name, effect, where it comes from, and
    ``label`` (RECONSTRUCTED or as published). The index is the order the card goes with.

    >>> t = card_table("fortune")
    >>> t.loc[1, "on a 6 (hurts)"]
    'the Axis removes 2 paratroopers of its choice; the rest do not attack'
    >>> "the rest do not attack" in t._repr_html_()
    True
    """
    if kind == "fortune":
        rows = [
            {
                "card": f"FORT-{c.number}",
                "who rolls": side_name(c.roller),
                "on a 1 (helps)": c.positive,
                "on a 6 (hurts)": c.negative,
                "where it comes from": source_words(c.confidence),
                "RECONSTRUCTED detail": c.reconstructed or "-",
            }
            for c in FORTUNE.values()
        ]
    elif kind == "tactics":
        rows = [
            {
                "card": f"TAC-{c.number}",
                "side": side_name(c.side),
                "name": c.name,
                "effect": c.effect,
                "where it comes from": source_words(c.confidence),
                "label": "RECONSTRUCTED" if c.reconstructed else "as published",
            }
            for c in TACTICS.values()
        ]
    else:
        raise ValueError(f"kind is 'fortune' or 'tactics', not {kind!r}")
    return TextFrame(rows, index=pd.RangeIndex(1, len(rows) + 1, name="order"))


def air_words(air: Air) -> str:
    """Air units in words: "1 UK fighter, 2 US bombers"; "none" when empty.

    >>> air_words(Air(uk_fighter=1, us_bomber=2)), air_words(Air())
    ('1 UK fighter, 2 US bombers', 'none')
    """
    parts = []
    for key, n in zip(Air._fields, air, strict=True):
        power, kind = key.split("_")
        if n:
            parts.append(f"{n} {power.upper()} {count(n, kind).split(' ', 1)[1]}")
    return ", ".join(parts) or "none"


def board_changes(before: Any, after: Any) -> TextFrame:
    """The zones, beachheads, airborne boxes and air units whose contents differ between two states.

    One row per change: where, whose units, before and after, in words.
    """
    rows = []
    b = before.board
    for z in b.zones:
        for p in ("Germany", "UK", "US"):
            x, y = before.units(z.id, p), after.units(z.id, p)
            if x != y:
                rows.append({"where": f"{z.id} {z.name}", "whose": p, "before": force_words(x), "after": force_words(y)})
        ax, ay = before.air_in(z.id), after.air_in(z.id)
        if ax != ay:
            rows.append({"where": f"{z.id} {z.name}", "whose": "Allied air", "before": air_words(ax), "after": air_words(ay)})
    for bh in b.beachheads:
        x, y = before.beach_units(bh.name), after.beach_units(bh.name)
        if x != y:
            rows.append({"where": f"{bh.name} beachhead", "whose": bh.power, "before": force_words(x), "after": force_words(y)})
    for label, x, y in (("airfield", before.airfield, after.airfield), ("air units lost", before.air_lost, after.air_lost)):
        if x != y:
            rows.append({"where": label, "whose": "Allied air", "before": air_words(x), "after": air_words(y)})
    return TextFrame(rows, columns=["where", "whose", "before", "after"])


def odds_figure(dists: dict[str, Any], title: str, xlabel: str = "outcome") -> Any:
    """Grouped bars of several :class:`dday.odds.Distribution`, on a percent axis ("30%", not 0.3).

    The hover shows each bar as a learner reads a chance ("16.7 % (about 1 in 6; exactly 1/6)").

    >>> from fractions import Fraction
    >>> from dday.odds import Distribution
    >>> fig = odds_figure({"one die": Distribution({0: Fraction(5, 6), 1: Fraction(1, 6)})}, "hits", "hits")
    >>> fig.layout.yaxis.tickformat, fig.layout.yaxis.title.text, fig.data[0].customdata[1]
    ('.0%', 'chance', '16.7 % (about 1 in 6; exactly 1/6)')
    """
    import plotly.graph_objects as go

    fig = go.Figure()
    for name, d in dists.items():
        fig.add_bar(
            name=name,
            x=[str(o) for o in d],
            y=[float(p) for _, p in d.items()],
            customdata=[chance(p) for _, p in d.items()],
            hovertemplate=f"{xlabel} %{{x}}: %{{customdata}}<extra>%{{fullData.name}}</extra>",
        )
    fig.update_layout(
        title=title,
        barmode="group",
        xaxis_title=xlabel,
        xaxis_type="category",
        yaxis_title="chance",
        yaxis_tickformat=".0%",
        yaxis_rangemode="tozero",
        height=360,
    )
    return fig
