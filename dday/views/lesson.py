"""The classroom lesson's activities (notebook 19): everything runs inside that one notebook.

* :func:`timeline_activity` — put six events of June–July 1944 in order with dropdowns, then check;
* :func:`lesson_lab` — one click to the Omaha fight or the Caen fight, as a card lab;
* :func:`dice_activity` — real dice in the room: type each group's hits, compare live with the exact odds;
* :func:`handout` — the printable handout, Markdown turned into HTML (print it from the browser).

>>> t = TimelineActivity()
>>> for dd, event in zip(t.dropdowns, t.shown, strict=True):
...     dd.value = TIMELINE.index(event) + 1
>>> t.check()
6
>>> d = DiceActivity()
>>> d.entry.value = "1, 2, 0, 2, 1"
>>> d.add()
5
>>> "the class got" in d.table.value
True
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from html import escape
from math import comb
from typing import Final

import ipywidgets as w
import numpy as np

from .. import odds
from ..odds.distribution import average_text
from ..rules.scenario import position
from ..rules.state import State
from ..rules.words import count, percent
from .widgets import style as st

__all__ = [
    "DATES",
    "HANDOUT",
    "HANDOUT_ORDER",
    "POSITIONS",
    "TIMELINE",
    "DiceActivity",
    "TimelineActivity",
    "answer_keys",
    "dice_activity",
    "handout",
    "lesson_position",
    "timeline_activity",
]

TIMELINE: Final[tuple[str, ...]] = (
    "US and British paratroopers land behind the beaches",
    "Landings on Utah, Omaha, Gold, Juno and Sword",
    "US paratroopers take Carentan, joining the Utah and Omaha beachheads",
    "Cherbourg is captured; its port has been wrecked",
    "The Americans take Saint-Lô",
    "Operation Cobra, the American breakout",
)
DATES: Final[tuple[str, ...]] = ("night of 5–6 June", "6 June", "12 June", "26–29 June", "18–19 July", "from 25 July")
"""The events to order, in the right order, without their dates (:data:`DATES`, as in dday/data/history_facts.csv), which a check reveals."""


class TimelineActivity(w.VBox):
    """Six events in a shuffled order; the class gives each its place (1 = first), then presses Check."""

    def __init__(self, seed: int = 19) -> None:
        order = np.random.default_rng(seed).permutation(len(TIMELINE))
        self.shown = [TIMELINE[int(i)] for i in order]
        self.dropdowns = [
            w.Dropdown(options=[("?", 0), *[(str(k), k) for k in range(1, len(TIMELINE) + 1)]], value=0, layout=w.Layout(width="70px"))
            for _ in self.shown
        ]
        self.marks = [st.html() for _ in self.shown]
        self.check_button = st.button("Check the order", style="primary")
        self.result = st.html()
        self.check_button.on_click(lambda _: self.check())
        # overflow visible: a row's 17 px text stood a pixel taller than its box, and every row showed
        # a stray ▲▼ scroll stub (issue 31.8)
        row_layout = {"overflow": "visible", "align_items": "center"}
        rows = [
            w.HBox([dd, st.html(f'<span style="font-size:17px">{escape(e)}</span>'), m], layout=w.Layout(**row_layout))
            for dd, e, m in zip(self.dropdowns, self.shown, self.marks, strict=True)
        ]
        for label in [*self.marks, *(r.children[1] for r in rows)]:
            label.layout.overflow = "visible"
        super().__init__([st.css(), st.html('<div style="font:bold 20px sans-serif">Put these in order (1 = first)</div>'), *rows, w.HBox([self.check_button]), self.result])
        self.add_class(st.UI_CLASS)

    def check(self) -> int:
        """Mark each event ✔ or ✘; return how many are in the right place."""
        right = 0
        for dd, event, mark in zip(self.dropdowns, self.shown, self.marks, strict=True):
            ok = dd.value == TIMELINE.index(event) + 1
            right += ok
            date = f" ({DATES[TIMELINE.index(event)]})" if ok else ""
            mark.value = f'<b style="color:{st.OK_COLOR if ok else st.HIT_COLOR};font-size:17px">{"✔" if ok else "✘"}{date}</b>'
        tail = " All in order." if right == len(TIMELINE) else " Look again at the ✘ lines: which city fell first?"
        self.result.value = f'<div style="font-size:17px">{right} of {len(TIMELINE)} in the right place.{tail}</div>'
        return right


def timeline_activity(seed: int = 19) -> TimelineActivity:
    """The timeline-ordering activity (dropdowns, checked)."""
    return TimelineActivity(seed)


POSITIONS: Final[dict[str, str]] = {
    "omaha": "Omaha, turn 1, order 11: 6 US infantry and 2 artillery attack 4 German infantry, 3 artillery and 2 blockhouses at Isigny-sur-Mer (F14)",
    "caen": "Caen, turn 4, order 11: 4 UK infantry, 2 artillery and 1 tank attack 2 German infantry, 1 artillery and 1 tank in Caen (F30)",
}
"""The two prepared positions of the lesson (no other notebook needed)."""


def lesson_position(name: str) -> State:
    """The prepared position ``name`` ("omaha" or "caen") of :data:`POSITIONS`, at the start of order 11."""
    if name == "omaha":
        return position(card=11, turn=1, zones={"F14": {"US": "6i 2a", "Germany": "4i 3a 2b"}})
    if name == "caen":
        return position(card=11, turn=4, zones={"F30": {"UK": "4i 2a 1t", "Germany": "2i 1a 1t"}})
    raise ValueError(f"the lesson's positions are {sorted(POSITIONS)}, not {name!r}")


ATTACK: Final = ("6i 2a", "4i 3a 2b")  # the Omaha fight: what each group rolls for the Allies


class DiceActivity(w.VBox):
    """The Allied attack at Omaha rolled with real dice: 6 dice for the infantry (a 1 hits) and 2 for
    the artillery (1 or 2 hits). Type each group's number of hits; the table compares the class with
    the exact chances (capped at the 9 German units, which 8 dice cannot reach)."""

    def __init__(self) -> None:
        d = odds.cycle_distribution(*ATTACK, "allies").marginal(0, "Allied hits")
        self.exact: dict[int, Fraction] = {int(k): p for k, p in d.items()}  # type: ignore[call-overload]
        self.results: list[int] = []
        self.entry = w.Text(placeholder="hits of each group, e.g. 1, 2, 0", description="Hits:", layout=w.Layout(width="380px"))
        self.add_button = st.button("Add", style="primary")
        self.clear_button = st.button("Start again")
        self.message = st.html()
        self.table = st.html()
        self.add_button.on_click(lambda _: self.add())
        self.clear_button.on_click(lambda _: self.clear())
        intro = (
            '<div style="font-size:17px">Each group rolls <b>8 dice</b>: 6 for the US infantry (a <b>1</b> is a hit) and '
            "2 for the artillery (a <b>1 or 2</b> is a hit), counts its hits and calls them out.</div>"
        )
        super().__init__([st.css(), st.html(intro), w.HBox([self.entry, self.add_button, self.clear_button]), self.message, self.table])
        self.add_class(st.UI_CLASS)
        self.refresh()

    def add(self) -> int:
        """Add the hit counts typed in the box; return how many results there are now."""
        text = self.entry.value
        numbers = [int(x) for x in re.findall(r"-?\d+", text)]
        bad = [n for n in numbers if n not in self.exact]
        if bad or not numbers:
            self.message.value = f'<div style="color:{st.HIT_COLOR};font-size:16px">Type numbers of hits from 0 to 8, separated by commas (not {escape(text)!s}).</div>'
            return len(self.results)
        self.results += numbers
        self.entry.value = ""
        self.message.value = ""
        self.refresh()
        return len(self.results)

    def clear(self) -> None:
        self.results = []
        self.refresh()

    def refresh(self) -> None:
        """The table: the exact chance of each number of hits and, once rolls are typed in, what the
        class got beside what that many rolls would give on average (no "expected in 0 rolls")."""
        n = len(self.results)
        seen = Counter(self.results)
        rows = []
        for k in range(0, 6):
            p = self.exact.get(k, Fraction(0)) if k < 5 else sum((q for h, q in self.exact.items() if h >= 5), Fraction(0))
            got = seen.get(k, 0) if k < 5 else sum(c for h, c in seen.items() if h >= 5)
            label = str(k) if k < 5 else "5 or more"
            class_cells = ""
            if n:
                bar = f'<div style="background:{st.BAR_COLOR};height:14px;width:{int(300 * got / n)}px"></div>'
                class_cells = f"<td>{float(p) * n:.1f}</td><td>{got}</td><td>{bar}</td>"
            rows.append(f"<tr><td>{label}</td><td>{percent(p)}</td>{class_cells}</tr>")
        exact_mean = average_text(sum(k * p for k, p in self.exact.items()))
        head = "<tr><th>hits</th><th>exact chance</th>"
        if n:
            head += f"<th>expected in {count(n, 'roll')}</th><th>the class got</th><th></th>"
            summary = (
                f"{count(n, 'roll')} typed in; the class averaged {average_text(sum(self.results) / n)} hits (exact: {exact_mean})."
                " With few rolls the class's column wanders; the more groups roll, the closer it comes."
            )
        else:
            summary = (
                f"No rolls typed in yet. On average a roll scores {exact_mean} hits. Type the groups' hits above: "
                "the table then shows, beside each chance, what the class got."
            )
        self.table.value = (
            '<table style="font-size:17px;border-collapse:collapse" cellpadding="5">'
            + head
            + "</tr>"
            + "".join(rows)
            + "</table>"
            + f'<div style="font-size:16px">{escape(summary)}</div>'
        )


def dice_activity() -> DiceActivity:
    """The dice activity: real dice in the room, results typed in, compared live with the exact odds."""
    return DiceActivity()


_HANDOUT_TEXT: Final = """# D-Day through a board game — handout

**Name:** ____________________  **Group:** ______

## 1. Put in order (1 = first)

{order_task}

## 2. The Omaha roll

Your group rolls 8 dice: 6 for the infantry (a 1 hits) and 2 for the artillery (a 1 or 2 hits).

| Roll | Hits |
|---|---|
| 1 | |
| 2 | |
| 3 | |

Before rolling, guess: in how many of 10 rolls will you score 2 hits or more? ______

## 3. Discuss (two questions per group)

1. Why might the game ask the Allies to *hold* all three cities for a whole turn?
2. Omaha Beach: bad luck, bad planning, or both?
3. Why did Caen, a D-Day objective, take until July?
4. Accurate or fun to play: which helps you understand history more?
5. Who is missing from the game, and does that matter?

## 4. Exit question

One thing the game shows well about the Battle of Normandy: ______________________________

One thing it leaves out: ______________________________
"""


HANDOUT_ORDER: Final[tuple[int, ...]] = (3, 1, 4, 0, 5, 2)
"""The order in which the handout lists the :data:`TIMELINE` events (shuffled; the key undoes it)."""

HANDOUT: Final = _HANDOUT_TEXT.replace("{order_task}", "\n".join(f"- ___ {TIMELINE[i]}" for i in HANDOUT_ORDER))
"""The printable handout (Markdown): its ordering task lists the events in :data:`HANDOUT_ORDER`."""

GUESS_ROLLS: Final = 10
"""The handout asks: in how many of this many Omaha rolls will a group score 2 hits or more?"""


def answer_keys() -> w.HTML:
    """The teacher's answer keys, folded: the ordering task (with the dates), the handout's ordering
    task line by line, and the handout's Omaha guess worked out exactly.

    >>> html = answer_keys().value
    >>> html.count("<details>") == 2 and "1. US and British paratroopers land behind the beaches (night of 5–6 June)" in html
    True
    >>> "4 ___ Cherbourg is captured" in html
    True
    """
    allied = odds.cycle_distribution(*ATTACK, "allies").marginal(0)
    two_or_more = allied.prob(lambda hits: hits >= 2)
    timeline = "".join(f"<li>{escape(f'{k}. {e} ({d})')}</li>" for k, (e, d) in enumerate(zip(TIMELINE, DATES, strict=True), start=1))
    lines = "".join(f"<li>{i + 1} ___ {escape(TIMELINE[i])}</li>" for i in HANDOUT_ORDER)
    most = round(float(two_or_more) * GUESS_ROLLS)
    lo, hi = max(0, most - 2), min(GUESS_ROLLS, most + 2)
    spread = sum(comb(GUESS_ROLLS, k) * two_or_more**k * (1 - two_or_more) ** (GUESS_ROLLS - k) for k in range(lo, hi + 1))
    guess = (
        f"2 hits or more come with chance {percent(two_or_more)}, so about {most} of {GUESS_ROLLS} rolls. A group's real count"
        f" lands from {lo} to {hi} with chance {percent(spread)}: any guess in that range is a good one."
    )
    return w.HTML(
        value=(
            '<div style="font-size:16px">'
            f"<details><summary><b>Answer key: Activity 1, the events in order</b></summary><ol style='list-style:none;padding-left:8px'>{timeline}</ol>"
            "The Teacher notes' model answers cover the discussion and the exit question.</details>"
            f"<details><summary><b>Answer key: the handout</b></summary><p><b>1. Put in order</b> (the number to write on each line):</p>"
            f"<ul style='list-style:none;padding-left:8px'>{lines}</ul>"
            f"<p><b>2. The Omaha roll</b>, the guess: {escape(guess)}</p>"
            "<p><b>3 and 4.</b> No single answer: see the model answers and the exit question above.</p></details></div>"
        )
    )


def handout(markdown_text: str = HANDOUT) -> w.HTML:
    """The handout as HTML, ready to print from the browser (File → Print, or Ctrl+P).

    >>> "<h1>" in handout().value and "<table" in handout().value
    True
    """
    try:
        import mistune  # comes with Jupyter (nbconvert); not needed by the rest of dday
    except ImportError:  # pragma: no cover - a bare install: the text itself still prints
        body = f"<pre>{escape(markdown_text)}</pre>"
    else:
        body = str(mistune.html(markdown_text))
    style = "<style>.dday-handout{font:16px/1.5 sans-serif;max-width:720px;color:#000} .dday-handout td,.dday-handout th{border:1px solid #888;padding:4px 24px}</style>"
    return w.HTML(value=f'{style}<div class="dday-handout">{body}</div>')
