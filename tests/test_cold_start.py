"""A learner's kernel starts with what the card lab shows at once (issue 33): notebook 01's first
cell and ``card_lab(1)`` import neither pandas, nor mistune (the rules' Markdown), nor the quiz, nor the odds lab; they come when asked for."""

from __future__ import annotations

import json
import subprocess
import sys

LATER = ("pandas", "mistune", "dday.views.quiz", "dday.views.widgets.odds_lab")


def _imported_after(code: str) -> dict[str, bool]:
    script = f"import sys, json\n{code}\nprint(json.dumps({{m: m in sys.modules for m in {LATER!r}}}))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_a_card_lab_starts_without_pandas_the_quiz_or_the_odds_lab() -> None:
    for code in ("from dday.tutorial import card_lab, quiz, nav\ncard_lab(1)", "from dday.tutorial import *\ncard_lab(1)"):
        assert _imported_after(code) == dict.fromkeys(LATER, False), code


def test_the_lazy_names_come_when_asked_for() -> None:
    loaded = _imported_after("from dday.tutorial import quiz, card_table, OddsLab, rules_card\nquiz(\"01\")\ncard_table()\nfrom dday.tutorial import lookup\nlookup(\"R-COMBAT-4\").text_html()")
    assert loaded == dict.fromkeys(LATER, True)
    from dday import tutorial
    from dday.views.quiz import Quiz
    from dday.views.widgets.odds_lab import OddsLab, UnitsNeeded

    assert (tutorial.Quiz, tutorial.OddsLab, tutorial.UnitsNeeded) == (Quiz, OddsLab, UnitsNeeded)
