"""The odds, today's code beside the previous one, measured in the same run on one core (issue 15).

Run::

    git worktree add /tmp/odds-old 65c5f5a      # once: the code before issue 15 (any commit works)
    python benchmarks/bench_odds.py [--old /tmp/odds-old] [--repeats 5] [--games 3]

Each column is measured in its own subprocess whose ``PYTHONPATH`` puts that checkout's
``dday`` first (this checkout for "new", ``--old`` for "old"), with ``OMP_NUM_THREADS``,
``OPENBLAS_NUM_THREADS`` and ``MKL_NUM_THREADS`` set to 1 before numpy is imported: one core,
one thread. Times are medians of ``--repeats`` cold calls (``dday.odds.clear_caches()``
before each), in milliseconds. "lab" is the odds lab at its largest sliders (Allies 8i 8a 8t,
Axis 8i 8a 8t 4b) answering for 12 cards as it does now (``OddsLab.update``: the one-cycle
heatmap, the fight's float table and its chart; the exact chain runs only when a fraction is
asked for), caches cleared, widgets made beforehand; "lab float" is the fight's table alone.
"bot question" is what the strong bot asks hundreds of times a game: who holds an 8 v 8 fight
after its two attack cards (``odds.hold_chances``; the old code read the last row of the table).

The strong-bot game is CPU time per game (``time.process_time``), strong Allies vs greedy
Axis, seeds 1..``--games``, one process per column (the bots' memoised odds carry over from
game to game, as in a session); the row shows the median, and the per-game times are printed
under the table. The same games are then played again in the same process: every odds
question they ask is memoised by then, so that row is what a game costs besides the odds
(the rules engine and the greedy move planning the strong bot is built on), and the row under
it, the difference, is what the odds cost per game.

``--sizes`` prints another table instead (issue 33): the cost by size, 4 to 30 units a side
(half infantry, a quarter artillery, the rest tanks; 30 is the API's limit), old and new in the
same run, alternating (three processes each, the best of all their cold calls): the float table over 20 cards, its ratio to the 8 v 8 one (target: at most 12x at
30 v 30) and one exact number over 20 cards (target: under 200 ms at 30 v 30).

Beside the table: a 10,000-run numpy Monte Carlo of the 8 v 8, 20-card table (binomial dice
per unit type, the same loss order), timed, and checked against the exact rows cell by cell
(every cell within 4 standard errors).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"  # before numpy is imported, here and in the subprocesses

import numpy as np  # noqa: E402 - after the thread settings above

HERE = Path(__file__).resolve().parents[1]
EIGHT = "4i 2a 2t"
SIXTEEN = "8i 4a 4t"
LAB_MAX = {
    "allies_infantry": 8,
    "allies_artillery": 8,
    "allies_tank": 8,
    "axis_infantry": 8,
    "axis_artillery": 8,
    "axis_tank": 8,
    "axis_blockhouse": 4,
}

# (key, question, target: ms, "old/2" (at least twice as fast as the old code) or None)
ROWS: list[tuple[str, str, float | str | None]] = [
    ("t8", "zone_fight table 8 v 8, 20 cards", 1),
    ("t16", "zone_fight table 16 v 16, 20 cards", 20),
    ("t8b", "zone_fight table 8 v 8 + 4 blockhouses, 20 cards", 5),
    ("t100", "zone_fight table 8 v 8, 100 cards", 10),
    ("exact", 'one exact number .exact("allies_hold"), 8 v 8, 20 cards', 50),
    ("hold", "bot question: who holds, 8 v 8, 2 cards", None),
    ("lab_float", "odds lab, largest sliders, 12 cards: float table", 200),
    ("lab", "odds lab, largest sliders, 12 cards: whole answer", 200),
    ("game", "strong-bot game (strong vs greedy), CPU ms, median", "old/2"),
    ("game_warm", "  the same games again, odds memoised: all but the odds", None),
    ("game_odds", "  the odds' share of a game (the two rows above)", None),
]


def _median_ms(fn: Callable[[], object], repeats: int, before: Callable[[], None]) -> float:
    times = []
    for _ in range(repeats):
        before()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times)


def measure(repeats: int, games: int) -> dict[str, float | list[float]]:
    """Every row of the table for the ``dday`` on ``sys.path`` (run in a subprocess); "games"
    holds the CPU time of each strong-bot game."""
    from dday import odds
    from dday.bots import make_player
    from dday.play.game import play_game
    from dday.views.widgets.odds_lab import OddsLab

    clear = odds.clear_caches
    def bot_question() -> tuple[float, float]:
        if hasattr(odds, "hold_chances"):
            return odds.hold_chances(EIGHT, EIGHT, 2)  # type: ignore[no-any-return]
        last = odds.zone_fight_exact(EIGHT, EIGHT, 2).float_table[-1]  # the old code: the table's last row
        return float(last[0]), float(last[1])

    out: dict[str, float | list[float]] = {
        "t8": _median_ms(lambda: odds.zone_fight(EIGHT, EIGHT, 20), repeats, clear),
        "t16": _median_ms(lambda: odds.zone_fight(SIXTEEN, SIXTEEN, 20), repeats, clear),
        "t8b": _median_ms(lambda: odds.zone_fight(EIGHT, EIGHT + " 4b", 20), repeats, clear),
        "t100": _median_ms(lambda: odds.zone_fight(EIGHT, EIGHT, 100), repeats, clear),
        "exact": _median_ms(lambda: odds.zone_fight_exact(EIGHT, EIGHT, 20).exact("allies_hold"), repeats, clear),
        "hold": _median_ms(bot_question, repeats, clear),
    }
    lab = OddsLab(**LAB_MAX)  # the widgets, and a first answer for 6 cards
    lab.cards.value = 12
    out["lab_float"] = _median_ms(lambda: odds.zone_fight_exact("8i 8a 8t", "8i 8a 8t 4b", 12).to_frame(), repeats, clear)
    out["lab"] = _median_ms(lab.update, max(1, repeats // 2), clear)
    per_game = []
    for seed in range(1, games + 1):
        t = time.process_time()
        play_game(make_player("strong"), make_player("greedy"), seed=seed)
        per_game.append(1000 * (time.process_time() - t))
    warm = []
    for seed in range(1, games + 1):  # the same games: every odds question is memoised now
        t = time.process_time()
        play_game(make_player("strong"), make_player("greedy"), seed=seed)
        warm.append(1000 * (time.process_time() - t))
    out["games"] = per_game
    out["game"] = statistics.median(per_game)
    out["game_warm"] = statistics.median(warm)
    out["game_odds"] = out["game"] - out["game_warm"]
    return out


SIZES = (4, 6, 8, 12, 16, 20, 24, 30)


def size_force(n: int) -> str:
    """``n`` units: half infantry, a quarter artillery, the rest tanks (8: the benchmark's 4i 2a 2t)."""
    return f"{n // 2}i {n // 4}a {n - n // 2 - n // 4}t"


def _best_ms(fn: Callable[[], object], repeats: int, before: Callable[[], None]) -> float:
    times = []
    for _ in range(repeats):
        before()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1000 * min(times)


def measure_sizes(repeats: int) -> dict[str, float]:
    """Per size: the float table over 20 cards ("f<n>") and one exact number over 20 cards ("e<n>"),
    ms, the best of ``repeats`` cold calls (on a machine shared with others the best is the
    least disturbed: the medians of a loaded machine measure the load)."""
    from dday import odds

    out = {}
    for n in SIZES:
        force = size_force(n)
        out[f"f{n}"] = _best_ms(lambda f=force: odds.zone_fight(f, f, 20), repeats, odds.clear_caches)
        out[f"e{n}"] = _best_ms(lambda f=force: odds.zone_fight_exact(f, f, 20).exact("allies_hold"), repeats, odds.clear_caches)
    return out


def print_sizes(old: dict[str, Any], new: dict[str, Any], old_rev: str, new_rev: str, repeats: int) -> None:
    print(f"zone_fight by size, 20 cards, one core, one thread; best of {repeats} cold calls in ms, old and new alternating\n")
    head = (
        f"{'units a side':<22} {'float old ' + old_rev:>16} {'new ' + new_rev:>12} {'x 8v8 old':>10} {'x 8v8 new':>10}"
        f" {'exact old':>10} {'exact new':>10} {'speed-up':>9}"
    )
    print(head)
    print("-" * len(head))
    for n in SIZES:
        fo, fn, eo, en = old[f"f{n}"], new[f"f{n}"], old[f"e{n}"], new[f"e{n}"]
        print(
            f"{n:>2} ({size_force(n):<10})        {fo:16.2f} {fn:12.2f} {fo / old['f8']:10.1f} {fn / new['f8']:10.1f}"
            f" {eo:10.1f} {en:10.1f} {eo / en:8.1f}x"
        )
    met_ratio = new["f30"] / new["f8"] <= 12
    print(
        f"\ntargets: float 30 v 30 at most 12x its 8 v 8: {new['f30'] / new['f8']:.1f}x ({'yes' if met_ratio else 'NO'}); "
        f"exact 30 v 30 under 200 ms: {new['e30']:.0f} ms ({'yes' if new['e30'] < 200 else 'NO'})"
    )


def run_column(path: Path, repeats: int, games: int, sizes: bool = False) -> dict[str, Any]:
    """:func:`measure` (or :func:`measure_sizes`) in a subprocess that imports ``dday`` from ``path``."""
    env = dict(os.environ, PYTHONPATH=str(path))
    cmd = [sys.executable, str(Path(__file__).resolve()), "--measure", "--repeats", str(repeats), "--games", str(games)]
    cmd += ["--sizes"] if sizes else []
    done = subprocess.run(cmd, env=env, cwd="/", capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def monte_carlo_table(allies: str, axis: str, cards: int, runs: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(mean, standard error) of every cell of the zone_fight table, from ``runs`` sampled fights."""
    from dday import odds
    from dday.rules.units import LAND_TYPES, attack_value, defense_value

    rng = np.random.default_rng(seed)
    forces = {"allies": odds.distribution.as_force(allies), "axis": odds.distribution.as_force(axis)}
    units = {side: np.tile(np.array(f, dtype=np.int64), (runs, 1)) for side, f in forces.items()}
    orders = {"allies": odds.DEFAULT_POLICY.removal_order("allies"), "axis": odds.DEFAULT_POLICY.removal_order("axis")}
    cols = {
        side: [LAND_TYPES.index(u) for u in (odds.fight_model.ALLIED_COLS if side == "allies" else odds.fight_model.AXIS_COLS)]
        for side in units
    }
    cells = np.zeros((cards, len(odds.fight_model.FIGHT_KEYS), runs))
    attacker = "allies"
    for c in range(cards):
        hits = {}
        for side, f in units.items():
            attacking = side == attacker
            hits[side] = np.zeros(runs, dtype=np.int64) + sum(
                rng.binomial(f[:, i], (attack_value(u, side) if attacking else defense_value(u, side)) / 6)
                for i, u in enumerate(LAND_TYPES)
            )
        for side, enemy in (("allies", "axis"), ("axis", "allies")):
            left = hits[enemy].copy()
            for u in orders[side]:
                i = LAND_TYPES.index(u)
                lost = np.minimum(left, units[side][:, i])
                units[side][:, i] -= lost
                left -= lost
        a_alive, x_alive = units["allies"].sum(axis=1) > 0, units["axis"].sum(axis=1) > 0
        cells[c, 0], cells[c, 1] = a_alive & ~x_alive, ~a_alive & x_alive
        cells[c, 2], cells[c, 3] = a_alive & x_alive, ~a_alive & ~x_alive
        cells[c, 4:7] = units["allies"][:, cols["allies"]].T
        cells[c, 7:] = units["axis"][:, cols["axis"]].T
        attacker = "axis" if attacker == "allies" else "allies"
    return cells.mean(axis=2), cells.std(axis=2, ddof=1) / np.sqrt(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", default="/tmp/odds-old", help="a checkout of the previous code (default /tmp/odds-old)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--sizes", action="store_true", help="the table by size, 4 to 30 units a side, instead")
    ap.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.measure:
        print(json.dumps(measure_sizes(args.repeats) if args.sizes else measure(args.repeats, args.games)))
        return
    old_path = Path(args.old)
    if not (old_path / "dday" / "odds").is_dir():
        sys.exit(f"no previous checkout at {old_path}: git worktree add {old_path} 65c5f5a (or pass --old)")
    old_rev = (
        subprocess.run(["git", "-C", str(old_path), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip() or "?"
    )
    new_rev = subprocess.run(["git", "-C", str(HERE), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip() or "?"
    if args.sizes:  # old and new alternate, 3 processes each; each cell is the best of all their calls
        runs = [(run_column(old_path, args.repeats, args.games, sizes=True), run_column(HERE, args.repeats, args.games, sizes=True)) for _ in range(3)]
        old_sizes = {k: min(o[k] for o, _ in runs) for k in runs[0][0]}
        new_sizes = {k: min(n[k] for _, n in runs) for k in runs[0][1]}
        print_sizes(old_sizes, new_sizes, old_rev, new_rev, 3 * args.repeats)
        return
    old = run_column(old_path, args.repeats, args.games)
    new = run_column(HERE, args.repeats, args.games)
    print(f"Odds, one core, one thread; medians of {args.repeats} cold calls in ms (strong-bot game: median of {args.games} games)\n")
    head = f"{'question':<58} {'target':>7} {'old ' + old_rev:>12} {'new ' + new_rev:>12} {'speed-up':>9}  met"
    print(head)
    print("-" * len(head))
    for key, text, target in ROWS:
        o, n = old[key], new[key]
        if target is None:
            goal, met = "-", "-"
        elif target == "old/2":
            goal, met = "old/2", "yes" if n <= o / 2 else "NO"
        else:
            goal, met = f"{target:g}", "yes" if n <= float(target) else "NO"
        print(f"{text:<58} {goal:>7} {o:12.1f} {n:12.2f} {o / n:8.1f}x  {met}")
    for name, col in (("old", old), ("new", new)):
        times = col["games"]
        print(
            f"\nstrong-bot games, {name}: CPU ms per game for seeds 1..{len(times)}: {' '.join(f'{t:.0f}' for t in times)}"
            f" (median {statistics.median(times):.1f}, mean {statistics.mean(times):.1f})",
            end="",
        )
    print()

    sys.path.insert(0, str(HERE))
    from dday import odds

    runs = 10_000
    t = time.perf_counter()
    mean, se = monte_carlo_table(EIGHT, EIGHT, 20, runs, seed=2026)
    mc_ms = 1000 * (time.perf_counter() - t)
    fight = odds.zone_fight_exact(EIGHT, EIGHT, 20)
    exact = np.array([[float(r[k]) for k in odds.fight_model.FIGHT_KEYS] for r in fight.rows])
    z = np.abs(mean - exact) / np.where(se > 0, se, np.inf)
    close = np.where(se > 0, z <= 4, np.abs(mean - exact) < 1e-3)
    print(
        f"\nnumpy Monte Carlo, {runs:,} runs of the 8 v 8, 20-card table (seed 2026): {mc_ms:.0f} ms "
        f"(new float table {new['t8']:.2f} ms); allies_hold after card 20: MC {mean[-1, 0]:.4f} ± {1.96 * se[-1, 0]:.4f} (95 %), "
        f"exact {exact[-1, 0]:.4f}; cells within 4 standard errors: {int(close.sum())}/{close.size}, largest |z| {np.nanmax(np.where(np.isfinite(z), z, 0)):.2f}"
    )


if __name__ == "__main__":
    main()
