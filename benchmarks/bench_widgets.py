"""What a learner feels when a card lab starts and answers: cold start, clicks, widget-state size.

Each row runs in a fresh Python process (a new kernel is a new process), one after another on
one core, so the imports are really cold. Beside the card labs stands the plain ``import plotly``
and ``import ipywidgets`` as a floor: no lab can start faster than its libraries import.

    python benchmarks/bench_widgets.py            # cards 1, 9, 11 and 14
    python benchmarks/bench_widgets.py --cards 1 5 --clicks 15
    git archive 65c5f5a --prefix=old/ | tar -x -C /tmp && python benchmarks/bench_widgets.py --before /tmp/old

Columns:
- cold start: ``from dday.tutorial import card_lab; card_lab(n)`` in a new process, imports included;
- click: the median and the slowest of the lab's button actions (Roll, Let the bot decide, Step
  back), called the way the buttons call them, after the lab is up;
- widget state: the JSON that ipywidgets would send to the browser for the whole lab (what a
  JupyterHub or Voila server holds per learner), from ``ipywidgets.embed.embed_data``.
Targets (issue 17): cold start <= 2 s, each click <= 300 ms, widget state < 500 KB.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import textwrap

FLOOR = {
    "import plotly.graph_objects": "import plotly.graph_objects",
    "import ipywidgets, ipyleaflet": "import ipywidgets, ipyleaflet",
}

LAB = textwrap.dedent(
    """
    import json, sys, time
    t0 = time.perf_counter()
    from dday.tutorial import card_lab
    lab = card_lab({card}, seed=0)
    cold = time.perf_counter() - t0
    from ipywidgets.embed import embed_data
    state = len(json.dumps(embed_data(views=[lab.widget], drop_defaults=False)["manager_state"]))  # what a kernel sends
    clicks = []
    for i in range({clicks}):
        t = time.perf_counter()
        if lab.finished:
            lab.reset()
        elif lab.roll_button.disabled:
            lab.bot_decide()
        else:
            lab.roll()
        clicks.append(time.perf_counter() - t)
        if i % 4 == 3:
            t = time.perf_counter()
            lab.step_back()
            clicks.append(time.perf_counter() - t)
    print(json.dumps({{"cold": cold, "state": state, "clicks": clicks}}))
    """
)


def _run(code: str, before: str | None = None) -> dict[str, object]:
    env = {**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    if before:  # the previous version's package directory shadows the installed one
        env["PYTHONPATH"] = before
    # ``python -c`` puts the working directory first on sys.path: run the previous version from its own root
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, cwd=before)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def _time_import(stmt: str) -> float:
    code = f"import json, time\nt = time.perf_counter()\n{stmt}\nprint(json.dumps({{'cold': time.perf_counter() - t}}))"
    return float(_run(code)["cold"])  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cards", type=int, nargs="+", default=[1, 9, 11, 14])
    p.add_argument("--clicks", type=int, default=12, help="button actions timed per lab")
    p.add_argument("--before", help="a checkout of the previous version (its repository root), timed beside this one")
    args = p.parse_args(argv)
    rows = []
    for name, stmt in FLOOR.items():
        rows.append((name, f"{_time_import(stmt):.2f} s", "", "", ""))
    runs = [(card, None) for card in args.cards]
    if args.before:
        runs = [x for card in args.cards for x in ((card, args.before), (card, None))]
    for card, before in runs:
        r = _run(LAB.format(card=card, clicks=args.clicks), before)
        clicks = [float(c) for c in r["clicks"]]  # type: ignore[attr-defined]
        cold = float(r["cold"])  # type: ignore[arg-type]
        state_kb = int(r["state"]) / 1024  # type: ignore[call-overload]
        rows.append(
            (
                f"card_lab({card})" + (" before" if before else ""),
                f"{cold:.2f} s" + (" ✓" if cold <= 2 else " ✗"),
                f"{statistics.median(clicks) * 1000:.0f} ms",
                f"{max(clicks) * 1000:.0f} ms" + (" ✓" if max(clicks) <= 0.3 else " ✗"),
                f"{state_kb:,.0f} KB" + (" ✓" if state_kb < 500 else " ✗"),
            )
        )
    head = ("what (fresh process)", "cold start", "click, median", "click, slowest", "widget state")
    widths = [max(len(str(row[i])) for row in [head, *rows]) for i in range(len(head))]
    for row in [head, tuple("-" * w for w in widths), *rows]:
        print("  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)))
    print("targets: cold start <= 2 s, every click <= 300 ms, widget state < 500 KB (issue 17)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
