"""The odds by size beside aacalc2, the public Axis & Allies battle calculator (issue 33).

    python benchmarks/bench_aacalc2.py [--aacalc2 DIR] [--repeats 9]

aacalc2 (https://github.com/mshih01/aacalc2, MIT) solves the classic Axis & Allies battle, a
different game: this compares cost by size, not answers. It is not a dependency and none of
its code is in this repository; the script calls a build of it that lives outside, found by
``--aacalc2`` or the environment variable ``DDAY_AACALC2`` (default
``~/.cache/dday-bench/aacalc2``). Without the build it prints how to make one and exits 0.
To build it (npm's TypeScript; nothing installed system-wide)::

    mkdir -p ~/.cache/dday-bench/aacalc2 && cd ~/.cache/dday-bench/aacalc2
    git clone --depth 1 https://github.com/mshih01/aacalc2 .   # or: git archive of a copy
    npm install --no-audit --no-fund --ignore-scripts heap-js@^2.6.0 typescript@^5.8.3 @types/node@^22
    npx tsc -p .                                                # writes dist/index.js

Per size ``n`` (4 to 30 units a side; half infantry, a quarter artillery, the rest tanks, as in
``bench_odds.py --sizes``), both sides alike:

- dday: ``dday.odds.zone_fight(f, f, 20)``, the float table over 20 attack cards, caches
  cleared before each call; one core, one thread;
- aacalc2: ``multiwaveExternal`` in one node process, attacker ``inf art arm`` against the same
  defender, land battle, to the death (``rounds: 100``, no retreat), prune threshold 1e-12,
  once with its "roundless" shortcut off (every round, the plain solve) and once with it on
  (its fastest way to the same end); one warm-up call per size and mode first, so V8 has
  compiled it before any is timed.

Each time is the median of ``--repeats`` calls in ms; the ratio columns are dday's time over
aacalc2's (target: at most 3x at every size up to 30). dday and node run one after the other in
the same run, so a busy machine slows both; the ratios are what to read.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"  # before numpy is imported

SIZES = (4, 8, 12, 16, 24, 30)
CARDS = 20
DEFAULT_DIR = Path.home() / ".cache" / "dday-bench" / "aacalc2"
TARGET = 3.0

# The node side: reads {"sizes": [...], "repeats": r} on stdin, prints {"plain": {n: ms}, "roundless": {n: ms}}.
NODE_SCRIPT = r"""
const { multiwaveExternal } = await import(process.env.AACALC2_INDEX);
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const args = JSON.parse(Buffer.concat(chunks).toString());
function army(n) {
  const inf = Math.floor(n / 2), art = Math.floor(n / 4);
  return { inf, art, arm: n - inf - art };
}
function input(n, roundless) {
  return {
    wave_info: [{
      attack: { units: army(n), ool: ['inf', 'art', 'arm'], takes: 0, aaLast: false },
      defense: { units: army(n), ool: ['inf', 'art', 'arm'], takes: 0, aaLast: false },
      att_submerge: false, def_submerge: false, att_dest_last: false, def_dest_last: false,
      is_crash_fighters: false, rounds: 100, retreat_threshold: 0,
    }],
    debug: false, prune_threshold: 1e-12, report_prune_threshold: 1e-12, is_naval: false,
    in_progress: false, num_runs: 1, verbose_level: 0, diceMode: 'standard', sortMode: 'ipc_cost',
    do_roundless_eval: roundless,
  };
}
const out = { plain: {}, roundless: {} };
for (const n of args.sizes) {  // warm-up: V8 compiles the solver's hot paths on the first calls
  multiwaveExternal(input(n, false));
  multiwaveExternal(input(n, true));
}
for (const n of args.sizes) {
  for (const [key, roundless] of [['plain', false], ['roundless', true]]) {
    const times = [];
    for (let i = 0; i < args.repeats; i++) {
      const t = performance.now();
      multiwaveExternal(input(n, roundless));
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out[key][n] = times[Math.floor(times.length / 2)];
  }
}
console.log(JSON.stringify(out));
"""


def size_force(n: int) -> str:
    """``n`` units: half infantry, a quarter artillery, the rest tanks (as bench_odds.py)."""
    return f"{n // 2}i {n // 4}a {n - n // 2 - n // 4}t"


def dday_times(repeats: int) -> dict[int, float]:
    """Median ms of ``zone_fight(f, f, 20)`` per size, caches cleared before each call."""
    from dday import odds

    out = {}
    for n in SIZES:
        force = size_force(n)
        times = []
        for _ in range(repeats):
            odds.clear_caches()
            t = time.perf_counter()
            odds.zone_fight(force, force, CARDS)
            times.append(time.perf_counter() - t)
        out[n] = 1000 * statistics.median(times)
    return out


def aacalc2_times(build: Path, repeats: int) -> dict[str, dict[int, float]]:
    """Median ms of aacalc2's solve per size, plain and roundless, from one node process."""
    env = dict(os.environ, AACALC2_INDEX=(build / "dist" / "index.js").resolve().as_uri())
    done = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_SCRIPT],
        input=json.dumps({"sizes": list(SIZES), "repeats": repeats}),
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    raw = json.loads(done.stdout.strip().splitlines()[-1])
    return {key: {int(n): float(ms) for n, ms in raw[key].items()} for key in raw}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--aacalc2", default=os.environ.get("DDAY_AACALC2", str(DEFAULT_DIR)), help="aacalc2's built checkout (with dist/index.js)")
    ap.add_argument("--repeats", type=int, default=9)
    args = ap.parse_args()
    build = Path(args.aacalc2).expanduser()
    if not (build / "dist" / "index.js").is_file() or shutil.which("node") is None:
        print(f"no aacalc2 build at {build} (or no node on PATH): nothing to compare.\nTo make one:")
        print(__doc__.split("system-wide)::")[1].split("Per size")[0].strip("\n").rstrip())
        print("\nthen run this again (or pass --aacalc2 DIR / set DDAY_AACALC2).")
        return
    ours = dday_times(args.repeats)
    theirs = aacalc2_times(build, args.repeats)
    print(f"zone_fight ({CARDS} cards) beside aacalc2's to-the-death land battle; median of {args.repeats} calls in ms, same run\n")
    head = f"{'units a side':<18} {'dday':>9} {'aacalc2':>9} {'ratio':>7} {'aacalc2 roundless':>18} {'ratio':>7}"
    print(head)
    print("-" * len(head))
    for n in SIZES:
        plain, fast = theirs["plain"][n], theirs["roundless"][n]
        print(f"{n:>2} ({size_force(n):<10})  {ours[n]:9.2f} {plain:9.2f} {ours[n] / plain:6.2f}x {fast:18.2f} {ours[n] / fast:6.2f}x")
    worst = max(ours[n] / theirs["plain"][n] for n in SIZES)
    worst_fast = max(ours[n] / theirs["roundless"][n] for n in SIZES)
    print(
        f"\ntarget: within {TARGET:g}x of aacalc2 at every size: worst {worst:.2f}x against its plain solve "
        f"({'yes' if worst <= TARGET else 'NO'}), {worst_fast:.2f}x against its roundless one ({'yes' if worst_fast <= TARGET else 'NO'})"
    )
    print(f"(python {sys.version.split()[0]}, node {subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()})")


if __name__ == "__main__":
    main()
