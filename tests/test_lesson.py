"""Notebook 19 runs cold: one schedule, teacher notes, an ordering activity, the two prepared
positions, the dice activity and a printable handout, all inside the notebook itself."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from dday.odds import cycle_distribution
from dday.rules.engine import describe_step
from dday.tutorial import card_lab
from dday.views.lesson import TIMELINE, DiceActivity, TimelineActivity, handout, lesson_position

NB = Path(__file__).resolve().parent.parent / "notebooks" / "19_classroom_lesson.ipynb"


def _cells(kind: str) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(NB.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == kind]


def test_one_schedule_teacher_notes_and_no_other_notebook_needed() -> None:
    md = "\n".join(_cells("markdown"))
    assert md.count("| Minutes |") == 1, "the schedule appears once"
    assert "unknown to us" not in md
    assert md.count("<details>") == 5, "a model answer for each of the five discussion questions"
    code = "\n".join(_cells("code"))
    for call in ("timeline_activity()", 'lesson_position("omaha")', 'lesson_position("caen")', "dice_activity()", "handout()"):
        assert call in code
    assert not re.search(r"\d\d_\w+\.ipynb", code), "no code cell opens another notebook"


def test_the_timeline_activity_checks_the_order() -> None:
    t = TimelineActivity()
    assert sorted(t.shown) == sorted(TIMELINE) and t.shown != list(TIMELINE)
    assert not any(re.search(r"\d", e) for e in t.shown), "no date gives the order away"
    assert t.check() == 0 and "✘" in t.marks[0].value
    for dd, event in zip(t.dropdowns, t.shown, strict=True):
        dd.value = TIMELINE.index(event) + 1
    assert t.check() == len(TIMELINE) and "All in order" in t.result.value
    assert any("(6 June)" in m.value for m in t.marks)  # a right answer reveals its date


@pytest.mark.parametrize(("name", "zone"), [("omaha", "F14"), ("caen", "F30")])
def test_the_prepared_positions_open_on_the_fight(name: str, zone: str) -> None:
    s = lesson_position(name)
    assert s.card == 11 and f"attack in {zone}" in describe_step(s)
    lab = card_lab(11, s)
    lab.roll()
    assert any(line.startswith(f"Combat in {zone}") for line in lab.state.events)


def test_the_dice_activity_compares_typed_results_with_the_exact_odds() -> None:
    d = DiceActivity()
    exact = cycle_distribution("6i 2a", "4i 3a 2b", "allies").marginal(0)
    assert d.exact == {int(k): p for k, p in exact.items()} and sum(d.exact.values()) == Fraction(1)
    d.entry.value = "1, 2, 0, 2"
    assert d.add() == 4 and d.entry.value == ""
    assert "4 rolls typed in" in d.table.value and "average 1.25" in d.table.value
    d.entry.value = "12"
    assert d.add() == 4 and "from 0 to 8" in d.message.value  # a typo is refused, nothing added
    d.clear()
    assert d.results == []


def test_the_handout_is_html() -> None:
    h = handout().value
    assert "<h1>" in h and "<table>" in h and "Exit question" in h
