"""Notebook 19 runs cold: one schedule, teacher notes, an ordering activity, the two prepared
positions, the dice activity and a printable handout, all inside the notebook itself."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from dday.odds import cycle_distribution
from dday.views.prompts import describe_step
from dday.tutorial import card_lab
from dday.views.lesson import TIMELINE, DiceActivity, TimelineActivity, handout, lesson_position
from dday.views.log_text import log_lines

NB = Path(__file__).resolve().parents[2] / "notebooks" / "19_classroom_lesson.ipynb"


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
    assert any(line.startswith(f"Combat in {zone}") for line in log_lines(lab.state))


def test_the_dice_activity_compares_typed_results_with_the_exact_odds() -> None:
    d = DiceActivity()
    # issue 31.8: before any roll, no "expected in 0 rolls 0.0" column and no "average – hits"
    assert "0 rolls" not in d.table.value and "–" not in d.table.value and "No rolls typed in yet" in d.table.value
    exact = cycle_distribution("6i 2a", "4i 3a 2b", "allies").marginal(0)
    assert d.exact == {int(k): p for k, p in exact.items()} and sum(d.exact.values()) == Fraction(1)
    d.entry.value = "1, 2, 0, 2"
    assert d.add() == 4 and d.entry.value == ""
    assert "4 rolls typed in" in d.table.value and "averaged 1.25" in d.table.value and "expected in 4 rolls" in d.table.value
    d.entry.value = "12"
    assert d.add() == 4 and "from 0 to 8" in d.message.value  # a typo is refused, nothing added
    d.clear()
    assert d.results == []


def test_the_handout_is_html() -> None:
    h = handout().value
    assert "<h1>" in h and "<table>" in h and "Exit question" in h


# ---------------------------------------------------------------------------------------------
# Issue 31.8: a teacher runs the lesson cold from its own pages


def test_the_plan_has_a_checklist_and_warns_where_the_teacher_decides() -> None:
    md = "\n".join(_cells("markdown"))
    checklist = md[md.index("## Before class: set-up checklist") : md.index("## Learning goals")]
    for need in ('pip install "dday[app]"', "8 ordinary six-sided dice per group", "zoom the browser", "Print"):
        assert need in checklist
    activity2 = md[md.index("## Activity 2") : md.index("## Activity 3")]
    assert "choose" in activity2 and "German casualties" in activity2 and "Let the bot decide" in activity2
    # what the warning announces is what the lab does: after a hit, the Axis (the teacher) picks the casualties
    lab = card_lab(11, lesson_position("omaha"))
    lab.roll((1, 1, 1, 6, 6, 6, 2, 2))  # 3 infantry hits and 2 artillery hits
    assert lab.state.current_player == "axis" and "choose 5 casualties" in describe_step(lab.state)
    assert "Remove these casualties" in [b.description for b in lab.decision.widget.children[-1].children]  # type: ignore[union-attr]


def test_the_omaha_dice_are_grouped_by_unit_type() -> None:
    lab = card_lab(11, lesson_position("omaha"))
    lab.roll((1, 3, 4, 5, 6, 6, 2, 3))
    html = lab.dice.value
    assert "infantry: hit on 1" in html and "artillery: hit on 2 or less" in html
    assert html.index("infantry: hit on 1") < html.index("artillery: hit on 2 or less")


def test_answer_keys_match_the_activities_and_the_handout() -> None:
    from dday.views.lesson import DATES, HANDOUT, HANDOUT_ORDER, answer_keys

    keys = answer_keys().value
    assert "answer_keys()" in "\n".join(_cells("code"))
    for k, (event, date) in enumerate(zip(TIMELINE, DATES, strict=True), start=1):
        assert f"{k}. {event} ({date})" in keys.replace("&#x27;", "'")
    listed = [line.removeprefix("- ___ ") for line in HANDOUT.splitlines() if line.startswith("- ___ ")]
    assert listed == [TIMELINE[i] for i in HANDOUT_ORDER] and sorted(HANDOUT_ORDER) == list(range(len(TIMELINE)))
    for i in HANDOUT_ORDER:
        assert f"<li>{i + 1} ___ {TIMELINE[i]}</li>" in keys.replace("&#x27;", "'")
    p = cycle_distribution("6i 2a", "4i 3a 2b", "allies").marginal(0).prob(lambda h: h >= 2)
    assert f"about {round(float(p) * 10)} of 10 rolls" in keys


def test_epsom_ended_on_30_june() -> None:
    import csv

    from dday.views.lesson import HANDOUT  # noqa: F401 - the lesson's module imports cleanly

    facts = Path(__file__).resolve().parents[2] / "dday" / "data" / "history_facts.csv"
    rows = [r for r in csv.reader(facts.open(encoding="utf-8")) if "Epsom" in ",".join(r)]
    assert rows and all(r[0] == "1944-06-26/1944-06-30" for r in rows)
    for nb in (NB, NB.parent / "11_allies_attack.ipynb"):
        text = nb.read_text(encoding="utf-8")
        assert "Epsom" in text and "1 July" not in text and "26–30 June" in text
