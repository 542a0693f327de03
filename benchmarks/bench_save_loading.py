"""How long and how much memory the saved-game loader takes on the largest files it reads (prints a table).

    python benchmarks/bench_save_loading.py

Rows: the longest real game we found (reference-manual-extended, greedy against greedy, seed 4:
1,921 inputs, about 60 KB), the same game padded with spaces to the 2 MB limit (the largest file
that is accepted), 2 MB of the worst kinds of content that the parser must build before it can
refuse them, and the 80,000-key file of issue 27. Each row: seconds (wall clock, best of 3) and
the peak of Python allocations (``tracemalloc``) while loading. The duplicate-key check is shown
beside the previous version's way (``keys.count(k)`` for every key, quadratic) on the 80,000 keys.
"""

from __future__ import annotations

import contextlib
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dday.bots.greedy import GreedyBot
from dday.errors import SaveFileError
from dday.play.game import play_game
from dday.play.save_file import MAX_FILE_BYTES
from dday.play.saves import dumps, load_game, save_game
from dday.variants.rulesets import ruleset


def measure(load: Callable[[], Any]) -> tuple[float, float, str]:
    """(best seconds of 3, peak MB of Python allocations, "accepted" or the start of the refusal)."""
    best, outcome = float("inf"), ""
    for _ in range(3):
        start = time.perf_counter()
        try:
            load()
            outcome = "accepted"
        except SaveFileError as err:
            outcome = "refused: " + str(err)[:50]
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    with contextlib.suppress(SaveFileError):
        load()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return best, peak, outcome


def quadratic_duplicates(pairs: list[tuple[str, Any]]) -> list[str]:
    """The previous version's duplicate-key check: ``keys.count(k)`` for every key."""
    keys = [k for k, _ in pairs]
    return sorted({k for k in keys if keys.count(k) > 1})


def linear_duplicates(pairs: list[tuple[str, Any]]) -> list[str]:
    """Today's (``dday.play.save_file``): one pass with a counter."""
    from collections import Counter

    return sorted(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)


def main() -> None:
    game = play_game(GreedyBot(), GreedyBot(), seed=4, options=ruleset("reference-manual-extended"))
    text = dumps(save_game(game))
    padded = text[:-2] + " " * (MAX_FILE_BYTES - len(text.encode("utf-8"))) + text[-2:]
    many_inputs = '{"format": "dday-game", "version": 3, "inputs": [' + ", ".join(["[1]"] * ((MAX_FILE_BYTES - 60) // 5)) + "]}"
    many_objects = "[" + ", ".join(["{}"] * ((MAX_FILE_BYTES - 2) // 4)) + "]"
    keys = "{" + ", ".join(f'"k{i}": 1' for i in range(80_000)) + "}"
    rows = [
        (f"longest real game ({len(game.record):,} inputs)", len(text.encode()), lambda: load_game(text)),
        ("the same padded to the limit", len(padded.encode()), lambda: load_game(padded.encode())),
        ("2 MB of [1] inputs (refused)", len(many_inputs), lambda: load_game(many_inputs)),
        ("2 MB of empty objects (refused)", len(many_objects), lambda: load_game(many_objects)),
        ("80,000 keys (refused)", len(keys), lambda: load_game(keys)),
    ]
    print(f"{'file':48} {'bytes':>10} {'seconds':>8} {'peak MB':>8}  outcome")
    for name, size, load in rows:
        sec, peak, outcome = measure(load)
        print(f"{name:48} {size:>10,} {sec:>8.3f} {peak:>8.1f}  {outcome}")
    pairs = [(f"k{i}", 1) for i in range(80_000)]
    print()
    print(f"{'duplicate-key check, 80,000 keys':48} {'seconds':>8}")
    for name, check in (("today (one pass, Counter)", linear_duplicates), ("previous (keys.count per key)", quadratic_duplicates)):
        start = time.perf_counter()
        check(pairs[:20_000] if check is quadratic_duplicates else pairs)
        sec = time.perf_counter() - start
        if check is quadratic_duplicates:
            sec *= 16  # measured on 20,000 keys; quadratic, so 80,000 take 16 times as long
            name += " (20,000 keys x 16)"
        print(f"{name:48} {sec:>8.3f}")


if __name__ == "__main__":
    main()
