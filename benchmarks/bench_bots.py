"""How strong are the bots? Allied win rates with 95 % intervals, and seconds per game (prints a table).

    python benchmarks/bench_bots.py [--games 200] [--seed 11] [--processes 2] [--save]

Every row plays the same seeds (``dday.play.simulate.game_seeds(seed, games)``), through
``dday.play.simulate.simulate``. The rows: today's strong bot against itself (the baseline of
issue 20), the planner on each side against the strong bot, the planner against itself under
three rule sets (the project's best estimate of the game's balance), and greedy against greedy
(the time reference: a planner game should take at most 3 times as long). Seconds per game are
wall-clock seconds of the whole run divided by the games and multiplied by the processes, so
rows run with the same number of processes compare; on a shared machine they swing, so a
second table times a few games of each pairing in CPU seconds (``time.process_time``, one
process, the same seeds), which the machine's load hardly moves.

``--save`` also writes the win-rate table to ``dday/data/bot_balance.csv`` (one row per
pairing: the bots, the rule set, games, seed, Allied wins, the rate and its 95 % interval),
which notebook 21 reads: its balance figures come from this run, not from numbers typed in.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dday.bots import make_player
from dday.play.game import play_game
from dday.play.simulate import game_seeds, simulate, wilson
from dday.variants.rulesets import ruleset

ROWS = [
    ("greedy", "greedy", "official"),
    ("strong", "strong", "official"),
    ("planner", "strong", "official"),
    ("strong", "planner", "official"),
    ("planner", "planner", "official"),
    ("planner", "planner", "official+fortune"),
    ("planner", "planner", "official+fortune+tactics"),
]


SAVED = Path(__file__).resolve().parents[1] / "dday" / "data" / "bot_balance.csv"
TIMED = [("greedy", "greedy"), ("strong", "strong"), ("planner", "planner")]


def cpu_seconds_per_game(allies: str, axis: str, seeds: list[int]) -> float:
    """CPU seconds per game of ``allies`` against ``axis``, one process."""
    t0 = time.process_time()
    for sd in seeds:
        play_game(make_player(allies), make_player(axis), seed=sd)
    return (time.process_time() - t0) / len(seeds)


def timing_table(games: int, seed: int) -> None:
    seeds = game_seeds(seed, games)
    print(f"CPU seconds per game, one process, {games} games, seed {seed}")
    base = None
    for allies, axis in TIMED:
        sec = cpu_seconds_per_game(allies, axis, seeds)
        base = base or sec
        print(f"{allies:>8} {axis:>8} | {sec:6.3f} s/game | {sec / base:4.1f}x greedy")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--rows", type=str, default="", help="comma-separated row numbers to run (default: all; 'none' for the timing only)")
    ap.add_argument("--timing-games", type=int, default=10)
    ap.add_argument("--save", action="store_true", help=f"write the win-rate table to {SAVED.relative_to(SAVED.parents[2])} (notebook 21 reads it)")
    args = ap.parse_args()
    if args.timing_games:
        timing_table(args.timing_games, args.seed)
    if args.rows == "none":
        return
    rows = [ROWS[int(i)] for i in args.rows.split(",")] if args.rows else ROWS
    print(f"{args.games} games per row, seed {args.seed}, {args.processes} processes")
    print(f"{'allies':>8} {'axis':>8} {'rules':>26} | {'games':>5} {'Allied wins':>11} {'95 % interval':>15} | {'s/game':>6}")
    seconds: dict[tuple[str, str, str], float] = {}
    saved: list[dict[str, object]] = []
    measured = datetime.now(UTC).strftime("%Y-%m-%d")
    for allies, axis, rules in rows:
        df = simulate(args.games, allies=allies, axis=axis, seed=args.seed, processes=args.processes, progress=False, options=ruleset(rules))
        wins = int((df["winner"] == "allies").sum())
        lo, hi = wilson(wins, args.games)
        per_game = df.attrs["seconds"] * df.attrs["processes"] / max(args.games, 1)
        seconds[(allies, axis, rules)] = per_game
        print(f"{allies:>8} {axis:>8} {rules:>26} | {args.games:5d} {wins / args.games:10.1%} {f'{lo:.1%}-{hi:.1%}':>15} | {per_game:6.2f}", flush=True)
        saved.append(
            {"allies": allies, "axis": axis, "rules": rules, "games": args.games, "seed": args.seed, "allied_wins": wins}
            | {"rate": round(wins / args.games, 4), "ci95_low": round(lo, 4), "ci95_high": round(hi, 4), "measured": measured}
        )
    if args.save:
        with SAVED.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(saved[0]))
            writer.writeheader()
            writer.writerows(saved)
        print(f"saved {SAVED}")
    g, p = seconds.get(("greedy", "greedy", "official")), seconds.get(("planner", "planner", "official"))
    if g and p:
        print(f"a planner game takes {p / g:.1f}x a greedy game (target: at most 3x)")


if __name__ == "__main__":
    main()
