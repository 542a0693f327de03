"""A learner's kernel: notebook 01's cold start beside the bare imports of its libraries (issue 33).

    python benchmarks/bench_start.py [--rounds 7] [--old /tmp/speed-old]

Each measurement is a fresh Python process (a new kernel is a new process), the rows taking
turns round after round so that a busy machine slows them alike; the table shows the median
of ``--rounds`` per row, in ms, of the statements alone (the interpreter's own start-up, the
same for all, is left out):

- floor: ``import ipywidgets, pandas, plotly, numpy`` (no lab starts faster than its libraries);
- notebook 01: its first code cell, ``from dday.tutorial import card_lab, quiz, nav``, then ``card_lab(1)``,
  with ``dday``'s bytecode written beforehand (``compileall.compile_dir`` on a copy), as a class
  gets it: ``pip install`` compiles an installed package, and ``python -m dday app`` compiles
  ``dday`` before the class comes (``dday.classroom.precompile``). The libraries' bytecode is
  the one pip wrote; nothing here depends on ``PYTHONDONTWRITEBYTECODE`` or on what earlier
  runs left in ``__pycache__``;
- star: ``from dday.tutorial import *`` then ``card_lab(1)`` (the issue's wording), compiled alike;
- with ``--old``: notebook 01's start with the ``dday`` of that checkout (the code before), compiled alike;
- no bytecode: notebook 01's start from a copy of ``dday`` without ``__pycache__`` and with
  ``PYTHONDONTWRITEBYTECODE=1`` (what a class server pays on every start when nobody compiled
  the package).

Target: notebook 01 at most 1.5x the floor. Under the table, ``-X importtime`` notes: the
cumulative import time of the heavy packages in one run of notebook 01's start ("-": not imported).
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

FLOOR = "import ipywidgets, pandas, plotly, numpy"
NOTEBOOK_01 = "from dday.tutorial import card_lab, quiz, nav\ncard_lab(1)"
STAR = "from dday.tutorial import *\ncard_lab(1)"
HEAVY = (
    "numpy",
    "ipywidgets",
    "pandas",
    "plotly.graph_objects",
    "plotly.basedatatypes",
    "ipyleaflet",
    "shapely",
    "dday.odds",
    "dday.rules.engine",
    "dday.views.maps",
    "dday.views.quiz",
    "dday.views.widgets.odds_lab",
)


def timed(code: str, path: Path | None = None, env: dict[str, str] | None = None) -> float:
    """ms for ``code`` in a fresh process whose ``dday`` comes from ``path`` (default: this checkout)."""
    script = f"import time\nt = time.perf_counter()\n{code}\nprint(1000 * (time.perf_counter() - t))"
    full_env = dict(os.environ, **(env or {}), PYTHONPATH=str(path or HERE))
    done = subprocess.run([sys.executable, "-c", script], env=full_env, cwd="/", capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def import_notes(code: str, path: Path) -> dict[str, float]:
    """Cumulative ``-X importtime`` ms of each :data:`HEAVY` package in one run of ``code`` (``dday`` from ``path``)."""
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code], env=env, cwd="/", capture_output=True, text=True, check=True)
    out: dict[str, float] = {}
    for line in done.stderr.splitlines():
        parts = [p.strip() for p in line.removeprefix("import time:").split("|")]
        if len(parts) == 3 and parts[2] in HEAVY and parts[2] not in out:
            out[parts[2]] = int(parts[1]) / 1000
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--old", default="", help="a checkout of the previous code (a column for it)")
    args = ap.parse_args()

    no_pyc = {"PYTHONDONTWRITEBYTECODE": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        copies = {"bare": HERE, "compiled": HERE} | ({"old": Path(args.old)} if args.old else {})
        for name, source in copies.items():
            shutil.copytree(source / "dday", Path(tmp) / name / "dday", ignore=shutil.ignore_patterns("__pycache__"))
            if name != "bare":
                compileall.compile_dir(Path(tmp) / name / "dday", quiet=1)
        bare, compiled, old = Path(tmp) / "bare", Path(tmp) / "compiled", Path(tmp) / "old"
        rows: dict[str, list[float]] = {"floor": [], "notebook 01": [], "star import": [], "no bytecode": []}
        if args.old:
            rows["notebook 01, old"] = []
        for _ in range(args.rounds):
            rows["floor"].append(timed(FLOOR))
            rows["notebook 01"].append(timed(NOTEBOOK_01, compiled, no_pyc))
            rows["star import"].append(timed(STAR, compiled, no_pyc))
            rows["no bytecode"].append(timed(NOTEBOOK_01, bare, no_pyc))
            if args.old:
                rows["notebook 01, old"].append(timed(NOTEBOOK_01, old, no_pyc))
        notes = import_notes(NOTEBOOK_01, compiled)

    floor = statistics.median(rows["floor"])
    print(f"A learner's kernel: medians of {args.rounds} fresh processes, ms (the statements only)\n")
    head = f"{'start':<48} {'ms':>8} {'x floor':>8}"
    print(head)
    print("-" * len(head))
    labels = {
        "floor": FLOOR,
        "notebook 01": "notebook 01: import card_lab, quiz, nav; card_lab(1)",
        "star import": "from dday.tutorial import *; card_lab(1)",
        "notebook 01, old": f"notebook 01, old ({args.old})",
        "no bytecode": "notebook 01, dday without bytecode",
    }
    for key, times in rows.items():
        ms = statistics.median(times)
        print(f"{labels[key]:<48} {ms:8.0f} {ms / floor:8.2f}")
    ratio = statistics.median(rows["notebook 01"]) / floor
    gain = statistics.median(rows["no bytecode"]) - statistics.median(rows["notebook 01"])
    print(f"\ntarget: notebook 01 at most 1.5x the floor: {ratio:.2f}x ({'yes' if ratio <= 1.5 else 'NO'}); precompiled bytecode saves {gain:.0f} ms")
    print("\n-X importtime, notebook 01's start, cumulative ms per package (one run; '-': not imported):")
    print("  " + ", ".join(f"{name} {notes[name]:.0f}" if name in notes else f"{name} -" for name in HEAVY))


if __name__ == "__main__":
    main()
