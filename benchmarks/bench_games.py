"""Whole games per second on one core, per pairing of bots (prints a table; not a test).

    python benchmarks/bench_games.py [--games N] [--seed S]

CPU time (``time.process_time``) of ``play_game`` only, one process; the seeds are those of
``dday.play.simulate.game_seeds``. Also shows the engine alone: replaying the recorded inputs of
the same games with ``dday.rules.engine.apply`` (no decisions to make; the best of 3 passes), the floor any bot pays.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dday.bots import make_player
from dday.play.game import play_game
from dday.play.simulate import game_seeds
from dday.rules.actions import Action
from dday.rules.dice import Faces
from dday.rules.engine import apply
from dday.rules.setup import initial_state

PAIRINGS = [("random", "random"), ("greedy", "greedy"), ("strong", "greedy"), ("greedy", "strong"), ("strong", "strong")]


def _replay_time(records: list[list[Action | Faces]]) -> float:
    """CPU seconds to replay every record with the engine alone."""
    t = time.process_time()
    for rec in records:
        s = initial_state()
        for x in rec:
            s = apply(s, x)
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    seeds = game_seeds(args.seed, args.games)
    print(f"{args.games} games per pairing, one core, seed {args.seed}")
    print(f"{'allies':>8} {'axis':>8} | {'games/s':>8} {'ms/game':>8} {'inputs/game':>11} | {'engine-only games/s':>19}")
    for allies, axis in PAIRINGS:
        records = []
        t0 = time.process_time()
        for sd in seeds:
            records.append(play_game(make_player(allies), make_player(axis), seed=sd).record)
        dt = time.process_time() - t0
        de = min(_replay_time(records) for _ in range(3))  # the best of 3 passes: one pass swings by ±15 %
        n = len(seeds)
        inputs = sum(len(r) for r in records) / n
        print(f"{allies:>8} {axis:>8} | {n / dt:8.2f} {1000 * dt / n:8.0f} {inputs:11.0f} | {n / de:19.1f}")


if __name__ == "__main__":
    main()
