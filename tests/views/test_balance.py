"""Notebook 21's summaries of many games (dday.views.balance): the verdicts on the saved win
rates and the cities' fall beside 1944, on games played here and on hand-made frames."""

from __future__ import annotations

from importlib.resources import files

import pandas as pd
import pytest

from dday.play.simulate import simulate
from dday.views.balance import HISTORY_1944, balance_headline, city_falls_table, first_allied_turns, history_table, planner_verdicts


def _saved(rates: dict[tuple[str, str], tuple[float, float, float]]) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {"allies": a, "axis": x, "rules": "official", "games": 200, "rate": r, "ci95_low": lo, "ci95_high": hi}
            for (a, x), (r, lo, hi) in rates.items()
        ]
    )


def test_verdicts_say_above_below_or_cannot_tell_from_the_intervals() -> None:
    """The three verdicts: a whole interval above the strong bot's rate, below it, or around it
    (the notebook once said 'the interval still reaches down to' a rate that was above it)."""
    base = {("strong", "strong"): (0.10, 0.066, 0.149), ("planner", "planner"): (0.3, 0.24, 0.37)}
    above = planner_verdicts(_saved({**base, ("planner", "strong"): (0.40, 0.335, 0.469), ("strong", "planner"): (0.02, 0.008, 0.05)}))
    assert "win 40.0 % of 200 games" in above[0] and above[0].endswith("the whole interval is above it.")
    assert (
        "wins 98.0 %" in above[1]
        and "against 90.0 % for the strong Axis" in above[1]
        and above[1].endswith("the whole interval is above it.")
    )
    below = planner_verdicts(_saved({**base, ("planner", "strong"): (0.02, 0.008, 0.05), ("strong", "planner"): (0.30, 0.24, 0.37)}))
    assert below[0].endswith("the whole interval is below it.") and below[1].endswith("the whole interval is below it.")
    around = planner_verdicts(_saved({**base, ("planner", "strong"): (0.12, 0.08, 0.17), ("strong", "planner"): (0.135, 0.095, 0.189)}))
    assert "higher, but the interval includes 10.0 %, so 200 games cannot tell the two apart" in around[0]
    assert "lower, but the interval includes 90.0 %" in around[1]  # the Axis' share: 86.5 % < 90.0 %
    assert around[2].startswith(
        "Planner against planner, official rules: the Allies win 30.0 % of 200 games (95 % interval 24.0 % to 37.0 %)"
    )


def test_verdicts_on_the_shipped_rates_and_a_missing_pairing() -> None:
    saved = pd.read_csv(files("dday") / "data" / "bot_balance.csv")
    lines = planner_verdicts(saved)
    assert len(lines) == 3 and all("95 % interval" in line for line in lines)
    with pytest.raises(KeyError, match="no saved games of planner Allies against strong Axis"):
        planner_verdicts(saved[~((saved.allies == "planner") & (saved.axis == "strong"))])


def _planner_rows(rates: dict[str, tuple[float, float, float]], games: int = 200) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {"allies": "planner", "axis": "planner", "rules": name, "games": games, "rate": r, "ci95_low": lo, "ci95_high": hi}
            for name, (r, lo, hi) in rates.items()
        ]
    )


def test_the_headline_is_written_from_the_saved_rates() -> None:
    """Notebook 21's headline (issue 32): one sentence per rule set of the planner against itself,
    each with its rate, games and 95 % interval as saved, and a verdict read off the intervals."""
    saved = pd.read_csv(files("dday") / "data" / "bot_balance.csv")
    lines = balance_headline(saved)
    rows = saved[(saved.allies == "planner") & (saved.axis == "planner")]
    assert len(lines) == len(rows) == 3
    for line, (_, r) in zip(lines, rows.iterrows(), strict=True):
        assert f"{r.rate * 100:.1f} % of {r.games} games (95 % interval {r.ci95_low * 100:.1f} % to {r.ci95_high * 100:.1f} %)" in line, line
    assert "under the official rules, the Allies win" in lines[0] and "roughly one game in 3" in lines[0]
    assert lines[1].startswith("Under the official rules with the fortune deck they win")
    assert lines[2].startswith("Under the official rules with the fortune and tactics decks they win")
    with pytest.raises(KeyError, match="no saved games of the planner bot against itself"):
        balance_headline(saved[saved.allies != "planner"])


def test_the_headline_verdicts_follow_the_intervals() -> None:
    below = balance_headline(_planner_rows({"official": (0.3, 0.24, 0.37), "official+fortune": (0.15, 0.11, 0.21)}))
    assert below[1].endswith("wholly below the one under the official rules, so the drop is more than luck of the dice.")
    above = balance_headline(_planner_rows({"official": (0.3, 0.24, 0.37), "official+fortune": (0.5, 0.43, 0.57)}))
    assert above[1].endswith("wholly above the one under the official rules, so the rise is more than luck of the dice.")
    assert "roughly one game in" not in above[1]  # only said of rates under one half
    overlap = balance_headline(_planner_rows({"official": (0.3, 0.24, 0.37), "official+fortune+tactics": (0.27, 0.21, 0.34)}, games=150))
    assert overlap[1].endswith("The two intervals overlap, so 150 games cannot tell this rule set apart from the official rules.")


@pytest.mark.rules("R-VICTORY-1")
def test_city_falls_come_from_real_games() -> None:
    """Six planner games: every recorded first turn is a turn at whose end the city was Allied,
    and no earlier turn was; the tables agree with the turns."""
    games = simulate(6, allies="planner", axis="planner", seed=3, processes=1, progress=False)
    falls = first_allied_turns(games)
    assert set(falls.columns) == set(HISTORY_1944) and falls.notna().to_numpy().sum() >= 6  # cities do fall in these games
    keys = {"Cherbourg": "Cherbourg", "Caen": "Caen", "St. Lô": "St_Lo"}
    for g, row in games.iterrows():
        for city, turn in falls.loc[g].items():
            owners = [row.get(f"{keys[city]}_t{t}") for t in range(1, 11)]
            if pd.isna(turn):
                assert "allies" not in owners
            else:
                assert owners[int(turn) - 1] == "allies" and "allies" not in owners[: int(turn) - 1]
    table = city_falls_table(falls)
    assert int(table["fell first (games)"].sum()) == int(falls.notna().any(axis=1).sum())
    history, sentence = history_table(falls)
    assert sorted(history["order in the game"]) == [1, 2, 3] and history["order in 1944"].to_dict() == {
        "Cherbourg": 1,
        "Caen": 2,
        "St. Lô": 3,
    }
    assert sentence.startswith("In 1944: Cherbourg, Caen, St. Lô. In these 6 games") and "set BIG = True" in sentence
