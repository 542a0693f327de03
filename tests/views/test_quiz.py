"""Quizzes as data: dday/data/quizzes.json loads, every card notebook asks a predict-then-check
question, the answers agree with the engine and dday.odds, and no notebook shows an answer."""

from __future__ import annotations

import ast
import json
from fractions import Fraction
from pathlib import Path

import pytest

from dday.odds import antiaircraft, cycle_distribution, hit_distribution
from dday.tutorial import Quiz, quiz
from dday.views.quiz import ChoiceQuestion, PredictQuestion, load_quizzes

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
CARD_NOTEBOOKS = [p for p in ALL if p.name[:2].isdigit() and 1 <= int(p.name[:2]) <= 16]


def test_the_data_file_loads_and_is_packaged() -> None:
    quizzes = load_quizzes()
    assert sorted(quizzes) == [f"{n:02d}" for n in range(1, 17)]
    assert all(len(qs) >= 3 for qs in quizzes.values())
    toml = (NOTEBOOK_DIR.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"data/*.json"' in toml  # quizzes.json ships with the package


def test_every_card_notebook_has_a_predict_question() -> None:
    quizzes = load_quizzes()
    missing = [k for k, qs in quizzes.items() if not any(isinstance(q, PredictQuestion) for q in qs)]
    assert not missing, f"quizzes without a predict-then-check question: {missing}"


@pytest.mark.parametrize("path", CARD_NOTEBOOKS, ids=lambda p: p.name)
def test_card_notebooks_call_their_quiz_by_number(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    calls = ["".join(c["source"]).strip() for c in nb["cells"] if c["cell_type"] == "code" and "quiz(" in "".join(c["source"])]
    assert calls == [f'quiz("{path.name[:2]}")'], f"{path.name}: {calls}"


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_no_quiz_answers_in_any_code_cell(path: Path) -> None:
    """A quiz(...) call passes no list of questions, and no code cell holds a question's explanation or right answer."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    texts = {q.explain for qs in load_quizzes().values() for q in qs} | {
        q.choices[q.answer] for qs in load_quizzes().values() for q in qs if isinstance(q, ChoiceQuestion) and len(q.choices[q.answer]) > 12
    }
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        src = "".join(cell["source"])
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "quiz":
                assert all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args), f"{path.name} cell {i}: quiz() with inline questions"
        leaked = [t for t in texts if t in src]
        assert not leaked, f"{path.name} cell {i} shows quiz answers: {leaked}"


@pytest.mark.parametrize(("key", "value"), [("01", 3 * Fraction(1, 6) ** 2 * Fraction(5, 6) + Fraction(1, 6) ** 3), ("04", Fraction(11, 36)), ("11", Fraction(8, 27)), ("14", Fraction(11, 12))])
def test_predict_answers_match_a_hand_computation(key: str, value: Fraction) -> None:
    """The data name a dday.odds call; a few are checked against the arithmetic the explanation shows."""
    (q,) = [q for q in load_quizzes()[key] if isinstance(q, PredictQuestion)]
    assert q.exact() == value
    assert str(value) in q.explain or f"{float(value):.0%}".rstrip("%") in q.explain


def test_predict_answers_agree_with_the_odds_and_the_explanations() -> None:
    """Every predict question's exact value: a probability, stated in its explanation (as a fraction or rounded %)."""
    for key, qs in load_quizzes().items():
        for q in qs:
            if isinstance(q, PredictQuestion):
                p = q.exact()
                assert 0 < p < 1, (key, p)
                assert str(p) in q.explain or f"{round(100 * float(p))} %" in q.explain or "1 cycle in 5" in q.explain, (key, p, q.explain)
    assert antiaircraft(2, 1).at_most(0) == Fraction(25, 36) == 1 - hit_distribution(2, 1).at_least(1)


def test_choice_answers_are_in_range() -> None:
    for qs in load_quizzes().values():
        for q in qs:
            if isinstance(q, ChoiceQuestion):
                assert 0 <= q.answer < len(q.choices)


def test_the_predict_widget_checks_and_rolls_reproducibly() -> None:
    q = quiz("12")
    part = q.parts[-1]
    assert part.kind == "predict"
    part.slider.value = 50
    exact = part.check()
    assert exact == Fraction(671, 1296)
    assert "51.8 %" in part.feedback.value and "1.8 points" in part.feedback.value
    first = part.roll()
    assert f"it happened <b>{first}</b> times" in part.rolled.value and "seed 3" in part.rolled.value
    again = quiz("12").parts[-1].roll()
    assert again == first  # the same seed, the same dice
    assert 25 <= first <= 80  # 100 rolls of a 52 % event (a wider miss has chance < 1 in 10^8)


def test_choice_widget_and_the_old_list_form() -> None:
    q = quiz("11")
    assert isinstance(q, Quiz) and q.score == 0
    q.radios[0].value = q.questions[0].answer  # type: ignore[union-attr]
    assert "✔" in q.feedback[0].value
    # issue 31: "1 / 3" after one right answer read as two wrong ones; the score counts what was answered
    assert "1 / 3" not in q.score_line.value and "1 right out of 1 answered (2 more questions to answer)" in q.score_line.value
    for r, question in zip(q.radios[1:], q.questions[1:], strict=False):
        r.value = (question.answer + 1) % len(question.choices)  # type: ignore[union-attr]
    assert "Score: 1 right out of 3." in q.score_line.value
    old = quiz([("2+2?", ["4", "5"], 0, "Arithmetic.")])
    old.radios[0].value = 1
    assert "✘" in old.feedback[0].value
    with pytest.raises(ValueError, match="no quiz"):
        quiz("99")


def test_choice_answers_about_dice_agree_with_the_engine() -> None:
    """13: a blockhouse attacks on 3 or less and defends on 1; 06: one artillery, one AA die, whatever the bombers."""
    (q13,) = [q for q in load_quizzes()["13"] if isinstance(q, ChoiceQuestion) and "blockhouse matter more" in q.question]
    assert q13.choices[q13.answer].startswith("It attacks on 3 or less but defends only on 1")
    attacking = " ".join(cycle_distribution("1b 1i", "1i", "axis").formula.split())  # the words, whatever the line breaks
    defending = " ".join(cycle_distribution("1i", "1i 1b", "allies").formula.split())
    assert "attacker rolls 1 die hitting on 1, 1 die hitting on 3 or less" in attacking
    assert "defender rolls 1 die hitting on 1, 1 die hitting on 2 or less" in defending
    assert antiaircraft(1, 1, "bomber").at_least(1) == antiaircraft(1, 2, "bomber").at_least(1) == Fraction(1, 6)


def test_quiz_01_predict_asks_what_the_notebook_did_not_print() -> None:
    """Issue 31.5: the predict question asked for the 42 % printed just above it. Now it asks for two
    hits out of three dice (2 infantry and a blockhouse), which the printed worked example does not give."""
    from dday.odds import paratroopers
    from dday.rules.words import percent

    q = quiz("01").questions[-1]
    assert isinstance(q, PredictQuestion)
    printed = paratroopers(3, "1i 1b").explain()  # what notebook 01 prints above the quiz
    assert q.exact() == Fraction(2, 27) and "2/27" in q.explain
    assert percent(q.exact()) not in printed and str(q.exact()) not in printed
