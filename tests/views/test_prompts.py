"""What the game waits for, in words, is written in the views (dday.views.prompts), not in the rules'
steps (issue 30's principle: the rules record typed data, the views write the sentences)."""

from __future__ import annotations

import inspect

from dday.rules import steps
from dday.rules.setup import initial_state
from dday.rules.state import evolve
from dday.views.prompts import STEP_PROMPTS, describe_step

# steps written from their own fields (describe_step's branches), or by their own saved text (PickStep)
WRITTEN_FROM_FIELDS = {steps.GameOver, steps.StrafeStep, steps.ChooseCasualtiesStep, steps.DeclareMovesStep, steps.PlaceReinforcementsStep, steps.PickStep}


def _step_classes() -> list[type[steps.Step]]:
    return [c for _, c in inspect.getmembers(steps, inspect.isclass) if issubclass(c, steps.Step) and c is not steps.Step]


def test_no_step_of_the_rules_carries_words_for_a_person() -> None:
    assert not [c.__name__ for c in _step_classes() if "prompt" in vars(c)]


def test_every_decision_has_its_words() -> None:
    decisions = [c for c in _step_classes() if not issubclass(c, steps.Roll) and c not in WRITTEN_FROM_FIELDS]
    assert decisions and sorted(c.__name__ for c in decisions) == sorted(c.__name__ for c in STEP_PROMPTS)
    s = initial_state()
    for cls, words in STEP_PROMPTS.items():
        line = describe_step(evolve(s, step=cls()))
        assert line.endswith(words) and line.split(":")[0] in ("Allies", "Axis"), line
