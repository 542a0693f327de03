"""Issue 17: the slow notebook cells play a small run by default and show one progress bar over every game."""

from __future__ import annotations

import inspect

import pytest

from dday.variants.rulesets import compare_rulesets
from dday.views.front import pairings


def test_defaults_are_small_runs() -> None:
    assert inspect.signature(compare_rulesets).parameters["n_games"].default <= 8
    assert inspect.signature(pairings).parameters["n_games"].default <= 8


def test_compare_rulesets_shows_one_bar_over_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    table = compare_rulesets(names=["official", "triplea"], n_games=2, seed=3)
    err = capsys.readouterr().err
    assert "rule sets" in err and "4/4" in err  # 2 rule sets x 2 games, in one bar
    assert list(table["games"]) == [2, 2]
    quiet = compare_rulesets(names=["official", "triplea"], n_games=2, seed=3, progress=False)
    assert capsys.readouterr().err == "" and quiet.equals(table)


def test_pairings_shows_one_bar_over_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    games = pairings(("random", "greedy"), n_games=1, seed=5)
    err = capsys.readouterr().err
    assert "pairings" in err and "4/4" in err and len(games) == 4
