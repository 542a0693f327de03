"""Many bot games at once, one row per game, ready for pandas.

>>> df = simulate(2, allies="greedy", axis="random", seed=1, progress=False)
>>> list(df.columns[:6])
['game', 'seed', 'allies', 'axis', 'winner', 'turn']
>>> len(df), set(df.winner) <= {"allies", "axis"}
(2, True)
>>> df.equals(simulate(2, allies="greedy", axis="random", seed=1, progress=False))   # same seed, same table
True

Each game gets its own seed, spawned from the master seed by
``numpy.random.SeedSequence(seed).spawn(n_games)``, so game ``i`` is the same game whatever
the number of processes, and ``play_game(make_player(a), make_player(x), seed=int(df.seed[i]))``
plays it again. Columns:

* ``game``, ``seed``, ``allies``, ``axis`` (bot names), ``winner``, ``turn`` (the turn the game
  was decided), ``inputs`` (decisions and rolls);
* ``lost_<power>_<type>``: land units destroyed (e.g. ``lost_Germany_infantry``) and air units
  shot down (``lost_UK_fighter``…);
* ``<city>_t<turn>``: who held each victory city at the end of each turn: "allies", "axis" or
  "none" (NaN after the game ended), e.g. ``Cherbourg_t1``, ``St_Lo_t4`` … ``Caen_t10``
  (:func:`city_key` makes the names);
* ``allied_ashore_t<turn>`` / ``axis_units_t<turn>``: land units on the board at the end of
  each turn (Axis blockhouses included).
"""

from __future__ import annotations

import math
import os
import re
import time
import unicodedata
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import numpy as np
import pandas as pd

from ..bots import make_player
from ..rules.board import load_board
from ..rules.state import RuleOptions, State
from ..rules.units import LAND_TYPES, POWERS
from ..rules.words import count, interval, percent, side_name
from .game import GameRecord, play_game

__all__ = ["city_key", "game_seeds", "play_one", "simulate", "summary", "turn_distribution", "wilson", "win_rates"]

AIR_LOST = (("UK", "fighter"), ("US", "fighter"), ("UK", "bomber"), ("US", "bomber"))


def game_seeds(seed: int, n_games: int) -> list[int]:
    """One 63-bit integer seed per game, spawned from ``seed`` (independent of processes)."""
    return [int(c.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1)) for c in np.random.SeedSequence(seed).spawn(n_games)]


def city_key(city: str) -> str:
    """A column-friendly city name: 'St. Lô' -> 'St_Lo'.

    >>> city_key("St. Lô"), city_key("Caen")
    ('St_Lo', 'Caen')
    """
    ascii_ = unicodedata.normalize("NFKD", city).encode("ascii", "ignore").decode()
    return re.sub(r"[^0-9A-Za-z]+", "_", ascii_).strip("_")


def play_with_turn_ends(seed: int, allies: str, axis: str, options: RuleOptions | None = None) -> tuple[GameRecord, dict[int, State]]:
    """Play one seeded game; also return the position at the end of each turn it reached."""
    ends: dict[int, State] = {}
    last_turn = [1]

    def watch(s: State) -> None:
        # the first position of a new turn shows the board as it was at the end of the last
        # one: nothing that changes land units happens between a turn's end and its first input
        if s.turn != last_turn[0]:
            ends[last_turn[0]] = s
            last_turn[0] = s.turn
        if s.is_over:
            ends[s.turn] = s

    g = play_game(make_player(allies), make_player(axis), seed=seed, options=options, on_state=watch)
    return g, ends


def play_one(game: int, seed: int, allies: str, axis: str, options: RuleOptions | None = None) -> dict[str, Any]:
    """Play one game and return its row (see the module docstring for the columns)."""
    b = load_board()
    g, ends = play_with_turn_ends(seed, allies, axis, options)
    s = g.final
    row: dict[str, Any] = {"game": game, "seed": seed, "allies": allies, "axis": axis, "winner": s.winner, "turn": s.turn, "inputs": len(g.record)}
    for p, f in zip(POWERS, s.destroyed, strict=True):
        for u in LAND_TYPES:
            if p != "Germany" and u == "blockhouse":
                continue
            row[f"lost_{p}_{u}"] = f.get(u)
    for air_power, kind in AIR_LOST:
        row[f"lost_{air_power}_{kind}"] = s.air_lost.get(air_power, kind)
    for t in range(1, b.turns + 1):
        end = ends.get(t)
        for city, zone in b.victory_cities.items():
            row[f"{city_key(city)}_t{t}"] = (end.controller(zone) or "none") if end is not None else np.nan
    for t in range(1, b.turns + 1):
        end = ends.get(t)
        row[f"allied_ashore_t{t}"] = sum(uk.total + us.total for _, uk, us in end.ground) if end is not None else np.nan
        row[f"axis_units_t{t}"] = sum(g_.total for g_, _, _ in end.ground) if end is not None else np.nan
    return row


def _play_chunk(items: Sequence[tuple[int, int]], allies: str, axis: str, options: RuleOptions | None) -> list[dict[str, Any]]:
    return [play_one(i, sd, allies, axis, options) for i, sd in items]


def simulate(
    n_games: int,
    allies: str = "greedy",
    axis: str = "greedy",
    seed: int = 0,
    processes: int | None = 1,
    progress: bool = True,
    options: RuleOptions | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` seeded games between two bots (by name) and return one row per game.

    ``processes=None`` uses every core (``os.cpu_count()``); the table does not depend on it.
    ``progress`` shows a ``tqdm`` bar (in a terminal or a notebook). ``df.attrs`` records the
    master seed, the bots, the run time and the number of processes.
    """
    if n_games < 0:
        raise ValueError("n_games must be >= 0")
    make_player(allies), make_player(axis)  # fail early on an unknown bot name
    seeds = game_seeds(seed, n_games)
    n_proc = (os.cpu_count() or 1) if processes is None else max(1, int(processes))
    n_proc = min(n_proc, max(1, n_games))
    t0 = time.perf_counter()
    rows: list[dict[str, Any]] = []
    from tqdm.auto import tqdm

    with tqdm(total=n_games, disable=not progress, desc=f"{allies} vs {axis}", unit="game") as bar:
        if n_proc == 1:
            for i, sd in enumerate(seeds):
                rows.append(play_one(i, sd, allies, axis, options))
                bar.update(1)
        else:
            size = max(1, min(25, math.ceil(n_games / (n_proc * 4))))
            items = list(enumerate(seeds))
            chunks = [items[k : k + size] for k in range(0, n_games, size)]
            with ProcessPoolExecutor(n_proc) as pool:
                futures = [pool.submit(_play_chunk, c, allies, axis, options) for c in chunks]
                for fut in as_completed(futures):
                    part = fut.result()
                    rows.extend(part)
                    bar.update(len(part))
    rows.sort(key=lambda r: r["game"])
    df = pd.DataFrame(rows, columns=_columns())
    df.attrs.update({"seed": seed, "allies": allies, "axis": axis, "seconds": time.perf_counter() - t0, "processes": n_proc})
    return df


def _columns() -> list[str]:
    b = load_board()
    cols = ["game", "seed", "allies", "axis", "winner", "turn", "inputs"]
    cols += [f"lost_{p}_{u}" for p in POWERS for u in LAND_TYPES if p == "Germany" or u != "blockhouse"]
    cols += [f"lost_{p}_{k}" for p, k in AIR_LOST]
    cols += [f"{city_key(city)}_t{t}" for t in range(1, b.turns + 1) for city in b.victory_cities]
    cols += [f"allied_ashore_t{t}" for t in range(1, b.turns + 1)]
    cols += [f"axis_units_t{t}" for t in range(1, b.turns + 1)]
    return cols


# ---------------------------------------------------------------------------------------------
# summaries


def interval_error_y(rate: Any, low: Any, high: Any) -> dict[str, Any]:
    """A plotly ``error_y`` drawing the interval [low, high] around ``rate`` (asymmetric bars)."""
    return {"type": "data", "symmetric": False, "array": high - rate, "arrayminus": rate - low}


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (95 % by default).

    >>> [round(x, 4) for x in wilson(8, 10)]
    [0.4902, 0.9433]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def win_rates(df: pd.DataFrame) -> pd.DataFrame:
    """Wins per side with the rate and its 95 % Wilson interval; one row per side.

    >>> df = pd.DataFrame({"winner": ["allies", "axis", "axis", "axis"], "turn": [6, 10, 10, 10]})
    >>> win_rates(df)[["wins", "games", "rate"]].to_dict("index")
    {'allies': {'wins': 1, 'games': 4, 'rate': 0.25}, 'axis': {'wins': 3, 'games': 4, 'rate': 0.75}}
    """
    n = len(df)
    rows = []
    for side in ("allies", "axis"):
        w = int((df["winner"] == side).sum())
        lo, hi = wilson(w, n)
        sub = df.loc[df["winner"] == side, "turn"]
        rows.append({"winner": side, "wins": w, "games": n, "rate": w / n if n else math.nan, "ci95_low": lo, "ci95_high": hi, "mean_turn": float(sub.mean()) if w else math.nan})
    return pd.DataFrame(rows).set_index("winner")


def turn_distribution(df: pd.DataFrame) -> pd.DataFrame:
    """Games decided on each turn, per winner (counts; ``normalize`` with ``/ len(df)``)."""
    b = load_board()
    out = pd.crosstab(df["turn"], df["winner"]).reindex(index=range(1, b.turns + 1), columns=["allies", "axis"], fill_value=0)
    out.index.name = "turn"
    return out


def summary(df: pd.DataFrame) -> str:
    """A short text report: win rates with 95 % intervals, the turn games end on, units lost, seed, time."""
    wr = win_rates(df)
    a = df.attrs
    lines = [f"{count(len(df), 'game')}, Allies: {a.get('allies', '?')}, Axis: {a.get('axis', '?')}, seed {a.get('seed', '?')}"]
    for side, r in wr.iterrows():
        rate = percent(r["rate"]) if r["games"] else "–"
        span = interval(r["ci95_low"], r["ci95_high"]) if r["games"] else "–"
        lines.append(f"  {side_name(str(side))} win {rate} (95 % interval {span}): {int(r['wins'])} of {count(len(df), 'game')}")
    by_turn = ", ".join(f"turn {t}: {n}" for t, n in turn_distribution(df)["allies"].items() if n) or "none"
    if len(df):
        lines.append(f"  games end on turn {df['turn'].mean():.1f} on average; Allied wins by turn: {by_turn}")
    for p in POWERS:
        cols = [c for c in df.columns if c.startswith(f"lost_{p}_")]
        per = {c.split("_", 2)[2]: df[c].mean() for c in cols}
        lines.append(f"  units lost per game on average, {p}: {sum(per.values()):.1f} (" + ", ".join(f"{k} {v:.1f}" for k, v in per.items() if v) + ")")
    if "seconds" in a:
        sec = a["seconds"]
        lines.append(f"  time {sec:.1f} s on {count(int(a.get('processes', 1)), 'process', 'processes')}, {len(df) / sec if sec else 0:.1f} games/s")
    return "\n".join(lines)
