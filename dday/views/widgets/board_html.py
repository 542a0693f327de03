"""Small HTML pieces of the game board: power chips, the order card, the reinforcement charts and the turn track.

Colours of the page come from JupyterLab's theme variables; the powers keep their own colours.

>>> from dday.rules.setup import initial_state
>>> "Turn 1 · Order 1 — Airborne Assault" in card_html(initial_state())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from itertools import groupby
from typing import Final

from ...bots import STRONGEST, STRONGEST_WORDS
from ...rules.cards import ORDER_CARDS
from ...rules.state import State
from ...rules.words import count
from ..maps.geodata import CONTROL_COLORS, POWER_COLORS, POWER_TEXT, SIDE_COLORS
from . import style as st

__all__ = ["UNIT_LETTER", "card_html", "chart_table_html", "chip", "runs", "seat_words", "turn_track_html"]

UNIT_LETTER: Final[dict[str, str]] = {"infantry": "i", "artillery": "a", "tank": "t"}


# ---------------------------------------------------------------------------------------------
# small HTML pieces


def chip(power: str, text: str | None = None) -> str:
    """A power's name on its colour."""
    return (
        f'<span style="background:{POWER_COLORS[power]};color:{POWER_TEXT[power]};padding:1px 8px;border-radius:5px;'
        f'font-weight:bold">{escape(text or power)}</span>'
    )


def runs(queue: Sequence[str]) -> list[tuple[str, int]]:
    """A chart's queue as runs of one unit type, first in line first.

    >>> runs(["infantry", "infantry", "artillery", "infantry"])
    [('infantry', 2), ('artillery', 1), ('infantry', 1)]
    """
    return [(unit, len(list(group))) for unit, group in groupby(queue)]


def chart_table_html(state: State, next_runs: int = 3) -> str:
    """The four reinforcement charts in words: units left, the next in line (the first
    ``next_runs`` runs of one type), every type counted, and the whole line folded.

    A row of 38 single letters (i, a, t) could not be read (issue 31.7).

    >>> from dday.rules.setup import initial_state
    >>> html = chart_table_html(initial_state())
    >>> "next: 4 infantry, then 2 artillery, then 1 infantry" in html and "in all: 20 infantry, 12 artillery, 6 tanks" in html
    True
    """
    rows = []
    for c in state.board.charts:
        queue = state.chart_queue(c.name)
        line = runs(queue)
        soon = ", then ".join(count(n, u) for u, n in line[:next_runs]) + (", …" if len(line) > next_runs else "")
        totals = ", ".join(count(queue.count(u), u) for u in UNIT_LETTER if u in queue)
        chips = "".join(
            f'<span style="display:inline-block;margin:1px;padding:0 5px;border-radius:3px;white-space:nowrap;'
            f'background:{POWER_COLORS[c.power]};color:{POWER_TEXT[c.power]};font-size:14px">{escape(count(n, u))}</span>'
            for u, n in line
        )
        rows.append(
            f'<tr><td style="padding:2px 8px 2px 0;white-space:nowrap;vertical-align:top">{escape(c.label)}</td>'
            f'<td style="padding:2px 6px;text-align:right;vertical-align:top"><b>{len(queue)}</b></td>'
            + (
                f'<td style="padding:2px 6px;vertical-align:top">next: {escape(soon)}<br><span class="dday-muted">in all: {escape(totals)}</span>'
                f'<details><summary style="font-size:14px;cursor:pointer">the whole line, in order</summary>{chips}</details></td></tr>'
                if queue
                else "<td><i>empty</i></td></tr>"
            )
        )
    return (
        '<div style="font-size:16px"><b>Reinforcement charts</b> (units left on each chart; they come in from the front of the line)'
        f'<table style="border-collapse:collapse">{"".join(rows)}</table></div>'
    )


def turn_track_html(state: State) -> str:
    """Turns 1..10 with the current turn marked and the "close to victory" hold marker (R-VICTORY-2)."""
    last = state.board.turns
    boxes = []
    for t in range(1, max(last, state.turn) + 1):
        now = t == state.turn
        style = (
            f"background:{CONTROL_COLORS['allies']};color:#fff;border:3px solid {st.INK}"
            if now
            else f"background:var(--jp-layout-color0, #fff);border:2px solid {st.MUTED}"
        )
        boxes.append(
            f'<span style="display:inline-block;min-width:34px;text-align:center;margin:2px;padding:2px 4px;'
            f'border-radius:6px;font:bold 18px sans-serif;{style}">{t}</span>'
        )
    if state.hold:
        hold = (
            f'<span style="margin-left:10px;padding:2px 8px;border-radius:6px;background:#F0E442;color:#000;border:2px solid #000;'
            f'font-weight:bold">★ close to victory: the Allies held all three cities at the end of turn {state.turn - 1 if not state.is_over else state.turn}</span>'
        )
    else:
        hold = '<span class="dday-muted" style="margin-left:10px;white-space:nowrap">no hold marker</span>'
    return f'<div style="font-size:16px"><b>Turn track</b><br>{"".join(boxes)}{hold}</div>'


def card_html(state: State) -> str:
    """The order card being played, with its turn, side colour, summary and rules."""
    c = ORDER_CARDS[state.card]
    color = SIDE_COLORS[c.active]
    resp = f" · response: {escape(c.response)}" if c.response else ""
    left = len(state.deck)
    return (
        f'<div style="border-left:10px solid {color};padding:4px 12px;background:{st.PAPER}">'
        f'<div style="font:bold 26px sans-serif">Turn {state.turn} · Order {c.number} — {escape(c.name)}</div>'
        f'<div style="font-size:18px">{escape(c.summary)}</div>'
        f'<div class="dday-muted" style="font-size:16px">Who acts: <b>{"the Allies" if c.active == "allies" else "the Axis"}</b>{resp}'
        f" · rules {escape(', '.join(c.rules))} · {count(left, 'order')} in the deck this game</div></div>"
    )


def seat_words(spec: str) -> str:
    """'a person', 'the greedy bot', or for the strongest bot 'the planner bot, the strongest'."""
    if spec == "person":
        return "a person"
    return STRONGEST_WORDS if spec == STRONGEST else f"the {spec} bot"
