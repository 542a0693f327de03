""""Check yourself": quizzes kept as data (``dday/data/quizzes.json``), shown as pure widgets.

Two kinds of question:

* **choice** — pick an answer; ✔ or ✘ and the explanation appear at once;
* **predict** — estimate a chance with a slider, press **Check my guess**: the exact value,
  computed by :mod:`dday.odds` from the engine's rules, and how far off the guess was;
  **Roll it 100 times** then rolls it (a seeded sample, labelled as such) to show what the
  chance means in practice.

No code needs to be visible (Voilà): every callback is a widget event, and a method you can call.

>>> q = quiz("01")
>>> [p.kind for p in q.parts]
['choice', 'choice', 'predict']
>>> p = q.parts[-1]
>>> p.slider.value = 10
>>> p.check()
Fraction(2, 27)
>>> "7.4 %" in p.feedback.value and "2.6 points" in p.feedback.value
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from html import escape
from importlib import resources
from typing import Any, Final

import ipywidgets as w
import numpy as np

from .. import odds
from ..rules.words import count, percent, plural
from .aria import NamedSlider
from .numbers import chance
from .widgets import style as st

__all__ = ["ODDS_CALLS", "ChoiceQuestion", "PredictQuestion", "Quiz", "load_quizzes", "quiz"]

ODDS_CALLS: Final = frozenset(
    {"paratroopers", "naval_bombardment", "antiaircraft", "bomber_strike", "fire_to_sea", "strafing", "reinforcements", "hit_distribution", "cycle_distribution"}
)
"""The :mod:`dday.odds` functions a predict question may name (data never runs arbitrary code)."""


@dataclass(frozen=True)
class ChoiceQuestion:
    """A multiple-choice question: the text, the choices, the index of the right one, why."""

    question: str
    choices: tuple[str, ...]
    answer: int
    explain: str
    kind: str = "choice"

    def __post_init__(self) -> None:
        if not 0 <= self.answer < len(self.choices):
            raise ValueError(f"question {self.question!r}: the correct index {self.answer} is not one of its {len(self.choices)} options")


@dataclass(frozen=True)
class PredictQuestion:
    """Estimate a chance: the event is ``event`` of the distribution ``dday.odds.<call>(*args, **kwargs)``.

    ``event`` is one of {"at_least": k}, {"at_most": k}, {"equals": k} (numeric outcomes) or
    {"attacker_more_hits": true}, {"attacker_hits_at_least": k} (a combat cycle).
    """

    question: str
    call: str
    args: tuple[Any, ...]
    event: Mapping[str, Any]
    explain: str
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    kind: str = "predict"

    def __post_init__(self) -> None:
        if self.call not in ODDS_CALLS:
            raise ValueError(f"question {self.question!r}: dday.odds.{self.call} is not one of {sorted(ODDS_CALLS)}")
        if len(self.event) != 1 or next(iter(self.event)) not in ("at_least", "at_most", "equals", "attacker_more_hits", "attacker_hits_at_least"):
            raise ValueError(f"question {self.question!r}: unknown event {dict(self.event)!r}")

    def distribution(self) -> odds.Distribution:
        """The exact distribution the question is about."""
        return getattr(odds, self.call)(*self.args, **dict(self.kwargs))  # type: ignore[no-any-return]

    def happens(self, outcome: Any) -> bool:
        """Whether ``outcome`` of the distribution is the event asked about."""
        (name, k), = self.event.items()
        if name == "attacker_more_hits":
            return bool(outcome[0] > outcome[1])
        if name == "attacker_hits_at_least":
            return bool(outcome[0] >= k)
        if name == "at_least":
            return bool(outcome >= k)
        if name == "at_most":
            return bool(outcome <= k)
        return bool(outcome == k)

    def exact(self) -> Fraction:
        """The exact chance of the event."""
        return self.distribution().prob(self.happens)


Question = ChoiceQuestion | PredictQuestion


def _question(data: Mapping[str, Any]) -> Question:
    kind = data.get("kind", "choice")
    if kind == "choice":
        return ChoiceQuestion(str(data["question"]), tuple(data["choices"]), int(data["answer"]), str(data["explain"]))
    if kind == "predict":
        o = data["odds"]
        return PredictQuestion(str(data["question"]), str(o["call"]), tuple(o.get("args", ())), dict(data["event"]), str(data["explain"]), dict(o.get("kwargs", {})))
    raise ValueError(f"unknown question kind {kind!r}")


@cache
def _raw() -> dict[str, Any]:
    text = resources.files("dday").joinpath("data/quizzes.json").read_text(encoding="utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def load_quizzes() -> dict[str, list[Question]]:
    """Every quiz of the package, by notebook number ("01" … "16"), as question objects."""
    return {key: [_question(q) for q in entry["questions"]] for key, entry in _raw().items() if not key.startswith("_")}


class _ChoicePart(w.VBox):
    kind = "choice"

    def __init__(self, number: int, q: ChoiceQuestion, on_change: Any) -> None:
        self.q = q
        self.radio = w.RadioButtons(options=[(o, k) for k, o in enumerate(q.choices)], value=None, layout=w.Layout(width="auto"))
        self.feedback = st.html()
        self.radio.observe(lambda change: on_change(), names="value")
        super().__init__([st.html(f'<div style="font-size:18px;margin-top:10px"><b>{number}.</b> {escape(q.question)}</div>'), self.radio, self.feedback])

    def check(self) -> bool | None:
        value = self.radio.value
        if value is None:
            self.feedback.value = ""
            return None
        ok = bool(value == self.q.answer)
        mark = f'<b style="color:{st.OK_COLOR}">✔ Right.</b>' if ok else f'<b style="color:{st.HIT_COLOR}">✘ Not quite.</b>'
        self.feedback.value = f'<div style="font-size:17px">{mark} {escape(self.q.explain)}</div>'
        return ok


class _PredictPart(w.VBox):
    kind = "predict"

    def __init__(self, number: int, q: PredictQuestion, seed: int) -> None:
        self.q = q
        self.seed = seed
        self.slider = NamedSlider(value=50, min=0, max=100, description="My guess", unit="%", layout=w.Layout(width="420px"))
        self.check_button = st.button("Check my guess", style="primary", tooltip="Show the exact chance and how close the guess was")
        self.roll_button = st.button("Roll it 100 times", tooltip="Roll the dice 100 times (seeded) and count how often it happens")
        self.feedback = st.html()
        self.rolled = st.html()
        self.check_button.on_click(lambda _: self.check())
        self.roll_button.on_click(lambda _: self.roll())
        super().__init__(
            [
                st.html(f'<div style="font-size:18px;margin-top:10px"><b>{number}. Predict, then check.</b> {escape(q.question)}</div>'),
                w.HBox([self.slider, self.check_button, self.roll_button], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                self.feedback,
                self.rolled,
            ]
        )

    def check(self) -> Fraction:
        """Show the exact chance beside the guess; return the exact chance."""
        p = self.q.exact()
        off = abs(self.slider.value - 100 * float(p))
        verdict = "Very close!" if off <= 5 else "Close." if off <= 15 else "Quite far off: read why below."
        self.feedback.value = (
            f'<div style="font-size:17px">Your guess: <b>{self.slider.value} %</b>. The exact chance: <b>{escape(chance(p))}</b>. '
            f"You were {off:.1f} points off. {verdict}</div>"
            f'<div style="font-size:16px;color:#333">{escape(self.q.explain)}</div>'
        )
        return p

    def roll(self, runs: int = 100) -> int:
        """Roll it ``runs`` times with the question's seed; show and return how often the event happened."""
        d = self.q.distribution()
        outcomes = list(d.probs)
        weights = np.array([float(d.probs[o]) for o in outcomes])
        rng = np.random.default_rng(self.seed)
        picks = rng.choice(len(outcomes), size=runs, p=weights / weights.sum())
        hits = sum(1 for i in picks if self.q.happens(outcomes[int(i)]))
        self.rolled.value = (
            f'<div style="font-size:16px">Rolled {runs} times (seed {self.seed}): it happened <b>{hits}</b> {plural(hits, "time")}, {percent(Fraction(hits, runs), 0)}. '
            f"The exact chance is {escape(percent(self.q.exact()))}: a hundred rolls land near it, rarely on it.</div>"
        )
        self.seed += 1  # the next press rolls new dice, reproducibly
        return hits


class Quiz(w.VBox):
    """A "Check yourself" block: choice questions and predict-then-check questions."""

    def __init__(self, questions: Sequence[Question | tuple[str, Sequence[str], int, str]], *, seed: int = 0) -> None:
        items: list[Question] = [
            q if isinstance(q, ChoiceQuestion | PredictQuestion) else ChoiceQuestion(q[0], tuple(q[1]), int(q[2]), q[3]) for q in questions
        ]
        self.questions = items
        self.score_line = st.html()
        self.parts: list[_ChoicePart | _PredictPart] = []
        for i, q in enumerate(items):
            self.parts.append(_ChoicePart(i + 1, q, self._update) if isinstance(q, ChoiceQuestion) else _PredictPart(i + 1, q, seed + i))
        header = [st.css(), st.html('<div style="font:bold 22px sans-serif">Check yourself</div>')]
        super().__init__([*header, *self.parts, self.score_line])
        self.add_class(st.UI_CLASS)

    @property
    def feedback(self) -> list[w.HTML]:
        """The choice questions' feedback lines, in order."""
        return [p.feedback for p in self.parts if isinstance(p, _ChoicePart)]

    @property
    def radios(self) -> list[w.RadioButtons]:
        """The choice questions' radio buttons, in order."""
        return [p.radio for p in self.parts if isinstance(p, _ChoicePart)]

    def _update(self) -> None:
        for p in self.parts:
            if isinstance(p, _ChoicePart):
                p.check()
        if any(r.value is not None for r in self.radios):
            self.score_line.value = f'<div style="font-size:17px;margin-top:8px">{escape(self.score_text())}</div>'

    def score_text(self) -> str:
        """The score in words, counting only the questions answered so far ("1 / 2" after one
        answer read as a wrong answer).

        >>> q = Quiz([("Q1", ["a", "b"], 0, ""), ("Q2", ["a", "b"], 1, "")])
        >>> q.radios[0].value = 0; q.score_text()
        'Score so far: 1 right out of 1 answered (1 more question to answer).'
        >>> q.radios[1].value = 0; q.score_text()
        'Score: 1 right out of 2.'
        """
        answered = sum(1 for r in self.radios if r.value is not None)
        left = len(self.radios) - answered
        if left:
            return f"Score so far: {self.score} right out of {answered} answered ({count(left, 'more question')} to answer)."
        return f"Score: {self.score} right out of {answered}."

    def check(self, i: int) -> bool | None:
        """Show the feedback of choice question ``i`` (counting choice questions only); True/False/None."""
        part = [p for p in self.parts if isinstance(p, _ChoicePart)][i]
        ok = part.check()
        self._update()
        return ok

    @property
    def score(self) -> int:
        """Choice questions answered correctly so far."""
        return sum(1 for p in self.parts if isinstance(p, _ChoicePart) and p.radio.value == p.q.answer)


def quiz(questions: str | Sequence[tuple[str, Sequence[str], int, str]], *, seed: int = 0) -> Quiz:
    """The quiz of notebook ``questions`` ("01" … "16", from ``dday/data/quizzes.json``), or a quiz
    of your own: a list of (text, options, index of the right option, explanation)."""
    if isinstance(questions, str):
        quizzes = load_quizzes()
        if questions not in quizzes:
            raise ValueError(f"no quiz {questions!r}; the quizzes are {sorted(quizzes)}")
        return Quiz(quizzes[questions], seed=seed)
    return Quiz(questions, seed=seed)
