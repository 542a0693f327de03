"""What many bot games say about the game: the saved win rates in words, and when the cities fall
beside 1944 (notebook 21).

The games are the frames of :func:`dday.play.simulate.simulate`: one row per game, with the
controller of each victory city at the end of every turn (columns ``Cherbourg_t1`` …, see
:func:`dday.play.simulate.city_key`). The win rates are the rows of
``dday/data/bot_balance.csv`` (``allies``, ``axis``, ``rules``, ``games``, ``rate``,
``ci95_low``, ``ci95_high``).

>>> games = pd.DataFrame({"Cherbourg_t1": ["axis", "axis"], "Cherbourg_t2": ["allies", "axis"]})
>>> first_allied_turns(games, ["Cherbourg"])["Cherbourg"].tolist()
[2.0, nan]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import pandas as pd

from ..play.simulate import city_key
from ..rules.board import load_board
from ..rules.words import interval, percent

__all__ = ["HISTORY_1944", "RULE_SET_WORDS", "balance_headline", "city_falls_table", "first_allied_turns", "history_table", "planner_verdicts"]

HISTORY_1944: Final[dict[str, tuple[str, str, int]]] = {
    "Cherbourg": ("26–29 June", "20–23", 1),
    "Caen": ("north 9 July, south 18–20 July", "33 and 42–44", 2),
    "St. Lô": ("18–19 July", "42–43", 3),
}
"""Per victory city: when the Allies took it in 1944, how many days after 6 June that was, and
the order in which the three fell."""


RULE_SET_WORDS: Final[dict[str, str]] = {
    "official": "the official rules",
    "official+fortune": "the official rules with the fortune deck",
    "official+fortune+tactics": "the official rules with the fortune and tactics decks",
}
"""How the headline names a rule set (any other name reads "the <name> rule set")."""


def first_allied_turns(games: pd.DataFrame, cities: Sequence[str] | None = None, turns: int | None = None) -> pd.DataFrame:
    """Per game (row) and victory city (column): the first turn at whose end the city was Allied
    (a float; NaN if it never was in that game). ``cities`` and ``turns`` default to the board's."""
    board = load_board()
    cities = list(cities if cities is not None else board.victory_cities)
    turns = turns or board.turns

    def first(row: pd.Series, city: str) -> float:
        for t in range(1, turns + 1):
            if row.get(f"{city_key(city)}_t{t}") == "allies":
                return float(t)
        return float("nan")

    return pd.DataFrame({city: games.apply(first, axis=1, city=city) for city in cities}, index=games.index)


def city_falls_table(falls: pd.DataFrame) -> pd.DataFrame:
    """Per city: the share of games in which it was ever Allied at a turn's end, the median first
    turn, and in how many games it was the first city taken (``falls``: :func:`first_allied_turns`).

    >>> falls = pd.DataFrame({"Caen": [2.0, 3.0], "Cherbourg": [1.0, float("nan")]})
    >>> city_falls_table(falls).to_dict("list")["fell first (games)"]
    [1, 1]
    """
    taken = falls.notna().any(axis=1)  # games in which some city was Allied at a turn's end
    first = falls[taken].idxmin(axis=1).reindex(falls.index, fill_value="none")
    return pd.DataFrame(
        {
            "taken in (share of games)": falls.notna().mean().map(lambda x: percent(x, decimals=0)),
            "first turn taken (median)": falls.median(),
            "fell first (games)": first.value_counts().reindex(falls.columns, fill_value=0),
        }
    )


def history_table(falls: pd.DataFrame) -> tuple[pd.DataFrame, str]:
    """The cities' fall in 1944 beside the games (``falls``: :func:`first_allied_turns`), and one
    sentence comparing the two orders (with a warning when there are fewer than 50 games).

    >>> falls = pd.DataFrame({"Cherbourg": [2.0, 3.0], "Caen": [4.0, 5.0], "St. Lô": [float("nan")] * 2})
    >>> table, sentence = history_table(falls)
    >>> table["order in the game"].tolist(), table.loc["St. Lô", "in the game: first turn taken (median)"]
    ([1, 2, 3], 'never')
    >>> print(sentence)
    In 1944: Cherbourg, Caen, St. Lô. In these 2 games, by the median turn each city was first Allied: Cherbourg, Caen, St. Lô. With so few games, set BIG = True above before reading much into it.
    """
    cities = [c for c in falls.columns if c in HISTORY_1944]
    median_turn = falls[cities].median()  # NaN for a city never taken in these games
    game_order = list(median_turn.sort_values(na_position="last").index)
    table = pd.DataFrame(
        {
            "taken in 1944": {c: HISTORY_1944[c][0] for c in cities},
            "days after 6 June": {c: HISTORY_1944[c][1] for c in cities},
            "order in 1944": {c: HISTORY_1944[c][2] for c in cities},
            "in the game: first turn taken (median)": {c: ("never" if pd.isna(t) else f"turn {t:g}") for c, t in median_turn.items()},
            "order in the game": {c: i + 1 for i, c in enumerate(game_order)},
        }
    ).loc[cities]
    in_1944 = sorted(cities, key=lambda c: HISTORY_1944[c][2])
    sentence = (
        f"In 1944: {', '.join(in_1944)}. In these {len(falls)} games, by the median turn each city was first Allied: {', '.join(game_order)}."
        + (" With so few games, set BIG = True above before reading much into it." if len(falls) < 50 else "")
    )
    return table, sentence


def _pairing(saved: pd.DataFrame, allies: str, axis: str, ruleset: str = "official") -> pd.Series:
    rows = saved[(saved.allies == allies) & (saved.axis == axis) & (saved.rules == ruleset)]
    if rows.empty:
        raise KeyError(f"no saved games of {allies} Allies against {axis} Axis under {ruleset} rules")
    return rows.iloc[0]


def _verdict(rate: float, low: float, high: float, before: float, games: int) -> str:
    if low > before:
        return "the whole interval is above it"
    if high < before:
        return "the whole interval is below it"
    return (
        f"{'higher' if rate > before else 'lower'}, but the interval includes {percent(before)}, so {games} games cannot tell the two apart"
    )


def planner_verdicts(saved: pd.DataFrame) -> list[str]:
    """Three sentences on the saved win rates: the planner Allies, then the planner Axis, each
    against the strong bot and beside the strong bot against itself (is the difference more
    than the 95 % intervals allow?), then planner against planner.

    >>> saved = pd.DataFrame({"allies": ["strong", "planner", "strong", "planner"], "axis": ["strong", "strong", "planner", "planner"],
    ...     "rules": ["official"] * 4, "games": [200] * 4, "rate": [0.1, 0.4, 0.135, 0.325],
    ...     "ci95_low": [0.066, 0.335, 0.095, 0.264], "ci95_high": [0.149, 0.469, 0.189, 0.393]})
    >>> print(planner_verdicts(saved)[1])
    The planner Axis against the strong bot wins 86.5 % of 200 games (95 % interval 81.1 % to 90.5 %), against 90.0 % for the strong Axis against the strong bot: lower, but the interval includes 90.0 %, so 200 games cannot tell the two apart.
    """
    base = _pairing(saved, "strong", "strong")
    lines = []
    for who, r in (("Allies", _pairing(saved, "planner", "strong")), ("Axis", _pairing(saved, "strong", "planner"))):
        if who == "Allies":
            rate, low, high, before = r.rate, r.ci95_low, r.ci95_high, base.rate
        else:  # the Axis' share: one minus the Allies'
            rate, low, high, before = 1 - r.rate, 1 - r.ci95_high, 1 - r.ci95_low, 1 - base.rate
        lines.append(
            f"The planner {who} against the strong bot {'win' if who == 'Allies' else 'wins'} {percent(rate)} of {r.games} games"
            f" (95 % interval {interval(low, high)}), against {percent(before)} for the strong {who} against the strong bot:"
            f" {_verdict(rate, low, high, before, int(r.games))}."
        )
    both = _pairing(saved, "planner", "planner")
    lines.append(
        f"Planner against planner, official rules: the Allies win {percent(both.rate)} of {both.games} games"
        f" (95 % interval {interval(both.ci95_low, both.ci95_high)}). That is the project's best estimate of the game's balance,"
        " and only an estimate of what these bots make of the game: a better plan on either side may still tilt it."
    )
    return lines


def _one_in(rate: float) -> str:
    """ ", roughly one game in 3" for a rate under one half, else nothing."""
    return f", roughly one game in {round(1 / rate)}" if 0 < rate < 0.5 else ""


def balance_headline(saved: pd.DataFrame, bot: str = "planner") -> list[str]:
    """Notebook 21's headline in sentences, from the saved rates (``dday/data/bot_balance.csv``):
    how often the Allies win when ``bot`` plays both sides under each rule set saved for that
    pairing, with its 95 % interval, and whether each rule set's interval clears the official
    game's (the two do not overlap) or not.

    >>> saved = pd.DataFrame({"allies": ["planner"] * 2, "axis": ["planner"] * 2, "rules": ["official", "official+fortune"],
    ...     "games": [200, 200], "rate": [0.325, 0.155], "ci95_low": [0.264, 0.111], "ci95_high": [0.393, 0.212]})
    >>> for line in balance_headline(saved):
    ...     print(line)
    When the planner bot, the strongest we have, plays both sides under the official rules, the Allies win 32.5 % of 200 games (95 % interval 26.4 % to 39.3 %), roughly one game in 3.
    Under the official rules with the fortune deck they win 15.5 % of 200 games (95 % interval 11.1 % to 21.2 %), roughly one game in 6. That interval lies wholly below the one under the official rules, so the drop is more than luck of the dice.
    """
    rows = saved[(saved.allies == bot) & (saved.axis == bot)]
    if rows.empty:
        raise KeyError(f"no saved games of the {bot} bot against itself")
    names = [r for r in RULE_SET_WORDS if r in set(rows.rules)] + sorted(set(rows.rules) - set(RULE_SET_WORDS))
    by_name = {name: rows[rows.rules == name].iloc[0] for name in names}

    def words(name: str) -> str:
        return RULE_SET_WORDS.get(name, f"the {name} rule set")

    def rate_words(r: pd.Series) -> str:
        return f"{percent(r.rate)} of {int(r.games)} games (95 % interval {interval(r.ci95_low, r.ci95_high)}){_one_in(r.rate)}"

    first, *others = names
    base = by_name[first]
    lines = [f"When the {bot} bot, the strongest we have, plays both sides under {words(first)}, the Allies win {rate_words(base)}."]
    for name in others:
        r = by_name[name]
        if r.ci95_high < base.ci95_low:
            verdict = f"That interval lies wholly below the one under {words(first)}, so the drop is more than luck of the dice."
        elif r.ci95_low > base.ci95_high:
            verdict = f"That interval lies wholly above the one under {words(first)}, so the rise is more than luck of the dice."
        else:
            verdict = f"The two intervals overlap, so {int(r.games)} games cannot tell this rule set apart from {words(first)}."
        lines.append(f"Under {words(name)} they win {rate_words(r)}. {verdict}")
    return lines
