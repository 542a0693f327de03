"""simulate(): one row per seeded game, the same table for the same seed whatever the processes."""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd
import pytest

from dday.bots import make_player
from dday.cli import main
from dday.play.game import play_game
from dday.play.simulate import city_key, game_seeds, play_one, simulate, summary, turn_distribution, wilson, win_rates
from dday.views.log_text import lines_of


@pytest.fixture(scope="module")
def df() -> pd.DataFrame:
    return simulate(3, allies="greedy", axis="random", seed=7, progress=False)


def test_one_row_per_game_with_the_documented_columns(df: pd.DataFrame) -> None:
    assert list(df.game) == [0, 1, 2]
    assert set(df.winner) <= {"allies", "axis"}
    assert df.turn.between(2, 10).all()
    for col in ("lost_Germany_infantry", "lost_Germany_blockhouse", "lost_UK_tank", "lost_US_fighter", "Cherbourg_t1", "St_Lo_t5", "Caen_t10", "allied_ashore_t5"):
        assert col in df.columns, col
    assert "lost_UK_blockhouse" not in df.columns
    cities = df.filter(regex=r"_t\d+$").drop(columns=df.filter(regex=r"^(allied_ashore|axis_units)_").columns)
    assert cities.shape[1] == 30
    values = {v for v in cities.to_numpy().ravel() if isinstance(v, str)}
    assert values <= {"allies", "axis", "none"} and "axis" in values


def test_seeds_are_spawned_and_replay_the_game(df: pd.DataFrame) -> None:
    assert list(df.seed) == game_seeds(7, 3)
    assert game_seeds(7, 5)[:3] == game_seeds(7, 3)  # adding games does not change the first ones
    g = play_game(make_player("greedy"), make_player("random"), seed=int(df.seed[1]))
    assert g.winner == df.winner[1] and g.final.turn == df.turn[1] and len(g.record) == df.inputs[1]
    assert g.final.destroyed[0].infantry == df.lost_Germany_infantry[1]


def test_same_seed_same_table_whatever_the_processes(df: pd.DataFrame) -> None:
    again = simulate(3, allies="greedy", axis="random", seed=7, processes=2, progress=False)
    pd.testing.assert_frame_equal(df, again)
    other = simulate(3, allies="greedy", axis="random", seed=8, progress=False)
    assert list(other.seed) != list(df.seed)


def test_city_columns_match_the_end_of_turn_log() -> None:
    seed = game_seeds(3, 1)[0]
    row = play_one(0, seed, "random", "greedy")
    g = play_game(make_player("random"), make_player("greedy"), seed=seed)
    ends = [line for line in lines_of(g.log, g.final.board) if line.startswith("End of turn")]
    assert len(ends) == row["turn"]
    for line in ends:
        t = int(re.match(r"End of turn (\d+)", line).group(1))  # type: ignore[union-attr]
        for city, who in re.findall(r"(Cherbourg|St\. Lô|Caen) (allies|axis|nobody)", line):
            assert row[f"{city_key(city)}_t{t}"] == ("none" if who == "nobody" else who), line
    for t in range(row["turn"] + 1, 11):
        assert math.isnan(row[f"Caen_t{t}"]) and math.isnan(row[f"allied_ashore_t{t}"])


def test_wilson_interval_and_win_rates() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    d = pd.DataFrame({"winner": ["allies"] * 3 + ["axis"] * 7, "turn": [4, 5, 5] + [10] * 7})
    wr = win_rates(d)
    assert wr.loc["allies", "wins"] == 3 and wr.loc["axis", "rate"] == pytest.approx(0.7)
    assert wr.loc["allies", "ci95_low"] < 0.3 < wr.loc["allies", "ci95_high"]
    assert wr.loc["allies", "mean_turn"] == pytest.approx(14 / 3)
    td = turn_distribution(d)
    assert td.loc[5, "allies"] == 2 and td.loc[10, "axis"] == 7 and td.values.sum() == 10


def test_summary_and_cli(df: pd.DataFrame, capsys: pytest.CaptureFixture[str]) -> None:
    text = summary(df)
    assert "3 games" in text and "95 % interval" in text and "seed 7" in text and "games/s" in text
    assert main(["simulate", "--games", "2", "--allies", "greedy", "--axis", "random", "--seed", "1", "--processes", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 games, Allies: greedy, Axis: random, seed 1" in out and "units lost per game on average, Germany" in out
    assert "on 1 process," in out and "(s)" not in out and " win " in out and "95 % interval" in out


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(1, allies="nobody", progress=False)
    with pytest.raises(ValueError):
        simulate(-1, progress=False)
    assert len(simulate(0, progress=False)) == 0
    assert np.isnan(win_rates(simulate(0, progress=False)).loc["allies", "rate"])


@pytest.mark.parametrize("bot", ["greedy", "strong"])
def test_move_score_cache_changes_no_decision(bot: str) -> None:
    """The bots keep move scores for a whole move step and redo only those a new declaration
    can change (their memo, dday.bots.choice.Memo). Scoring every candidate afresh (the memo
    emptied before every decision) must play exactly the same games, in both seats."""
    from dday.bots import BOTS

    class Fresh:
        name = bot

        def __init__(self) -> None:
            self.inner = BOTS[bot]()

        def choose(self, s, actions, rng):  # type: ignore[no-untyped-def]
            self.inner.memo.clear()
            return self.inner.choose(s, actions, rng)

    for seed in game_seeds(5, 2):
        assert play_game(make_player(bot), make_player("greedy"), seed=seed).record == play_game(Fresh(), make_player("greedy"), seed=seed).record
        assert play_game(make_player("greedy"), make_player(bot), seed=seed).record == play_game(make_player("greedy"), Fresh(), seed=seed).record


@pytest.mark.parametrize("bot", ["greedy", "strong"])
def test_patrol_shortcut_changes_no_decision(bot: str) -> None:
    """The bots pick patrols from dday.rules.orders.o03_fighter_patrol.patrol_options without making the Patrol
    actions (dday.bots.choice.decide). Scoring the legal actions themselves
    (dday.bots.choice.best_scored) must play exactly the same games."""
    from dday.bots import BOTS
    from dday.bots.choice import best_scored
    from dday.rules.engine import legal_actions
    from dday.rules.steps import PatrolStep

    class Generic:
        name = bot

        def __init__(self) -> None:
            self.inner = BOTS[bot]()

        def choose(self, s, actions, rng):  # type: ignore[no-untyped-def]
            if isinstance(s.step, PatrolStep):
                return best_scored(self.inner.scorer, self.inner.memo, s, legal_actions(s), rng)
            return self.inner.choose(s, actions, rng)

    for seed in game_seeds(5, 3):
        assert play_game(make_player(bot), make_player("greedy"), seed=seed).record == play_game(Generic(), make_player("greedy"), seed=seed).record
