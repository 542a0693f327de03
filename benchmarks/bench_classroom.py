"""A class arrives at the classroom app at once: time to a usable page, memory, kernels left after.

For each class size and pool (preheated pages per lesson notebook), the script starts
``python -m dday app NOTEBOOK`` on a free port, waits until the pool is filled, lets N simulated
learners (``classroom_client.py``: page, kernel answer, widget comms open) arrive at the same moment,
measures the memory of the server and its kernels, lets the learners leave (half with the page's
close beacon, half by dropping the connection, like a crashed tab) and counts the kernels still
running 2 minutes later (by their ids; the pool's own kernels wait for the next class and are not counted).
Then it stops the app with SIGTERM and checks that no process of it is left.

    python benchmarks/bench_classroom.py                      # N = 10, 20, 30; pool 0 and 10
    python benchmarks/bench_classroom.py --learners 5 --pools 0 4 --after 20
    python benchmarks/bench_classroom.py --hub --learners 10 30  # a school's JupyterHub (bench_hub.py)

Targets (issue 27), on the project's 2-core machine: 20 learners all usable within 15 s, 30 within 20 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
import classroom_client as cc


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_app(notebook: str, pool: int, cull_after: int, log: Path) -> tuple[subprocess.Popen[bytes], str, str]:
    port, token = free_port(), secrets.token_hex(8)
    cmd = [sys.executable, "-m", "dday", "app", notebook.removesuffix(".ipynb"), "--no-browser", f"--port={port}", f"--token={token}"]
    cmd += [f"--pool={pool}", f"--cull-after={cull_after}"]
    proc = subprocess.Popen(cmd, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace")
        if ("Voilà is running" in text) and (pool == 0 or "is filled with" in text):
            cc.wait_until_quiet(proc.pid)  # the preheated pages are rendered, not only their kernels started
            return proc, base, token
        if proc.poll() is not None:
            raise RuntimeError(f"the app stopped: {text[-500:]}")
        time.sleep(0.5)
    raise RuntimeError("the app did not get ready within 300 s")


def stop_app(proc: subprocess.Popen[bytes]) -> bool:
    """SIGTERM, as a service manager or ``kill`` would; True when no process of the app is left after 20 s."""
    try:
        family = [proc.pid] + [c.pid for c in psutil.Process(proc.pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        family = [proc.pid]
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(psutil.pid_exists(p) and psutil.Process(p).status() != psutil.STATUS_ZOMBIE for p in family):
        time.sleep(0.2)
    return not any(psutil.pid_exists(p) and psutil.Process(p).status() != psutil.STATUS_ZOMBIE for p in family)


def one_class(notebook: str, learners: int, pool: int, after: float, cull_after: int, log: Path) -> dict[str, object]:
    proc, base, token = start_app(notebook, pool, cull_after, log)
    try:
        server_before, kernels_before = cc.memory_mib(proc.pid)

        async def arrive_then_leave() -> tuple[list[cc.Learner], float, float, list[float], int, float]:
            start = time.monotonic()
            arrived = await cc.class_arrives(base, notebook, token, learners)
            wall = time.monotonic() - start
            server_mib, kernels_mib = cc.memory_mib(proc.pid)
            await asyncio.gather(*(cc.leave(base, lr, beacon=i % 2 == 0) for i, lr in enumerate(arrived)))
            gone = time.monotonic()
            theirs = [lr.kernel_id for lr in arrived if lr.kernel_id]
            while time.monotonic() < gone + after and cc.kernels_alive(proc.pid, theirs) > 0:
                await asyncio.sleep(2)
            return arrived, wall, server_mib, kernels_mib, cc.kernels_alive(proc.pid, theirs), time.monotonic() - gone

        arrived, wall, server_mib, kernels_mib, left, freed_s = asyncio.run(arrive_then_leave())
        usable = [lr.usable_s for lr in arrived if lr.ok and lr.usable_s is not None]
        failures = [lr.error for lr in arrived if not lr.ok]
        server_after, kernels_after = cc.memory_mib(proc.pid)
    finally:
        clean = stop_app(proc)
    return {
        "learners": learners,
        "pool": pool,
        "median_s": statistics.median(usable) if usable else float("nan"),
        "max_s": max(usable) if usable else float("nan"),
        "all_s": wall,
        "failures": len(failures),
        "first_failure": failures[0] if failures else "",
        "mib_before": server_before + sum(kernels_before),
        "mib_class": server_mib + sum(kernels_mib),
        "mib_per_kernel": statistics.median(kernels_mib) if kernels_mib else float("nan"),
        "mib_after": server_after + sum(kernels_after),
        "left": left,
        "freed_s": freed_s,
        "clean_stop": clean,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--notebook", default="01_airborne_assault.ipynb")
    ap.add_argument("--learners", type=int, nargs="+", default=[10, 20, 30])
    ap.add_argument("--pools", type=int, nargs="+", default=[0, 10])
    ap.add_argument("--after", type=float, default=120.0, help="seconds to wait for the kernels to be freed after the class leaves")
    ap.add_argument("--cull-after", type=int, default=60, help="the app's --cull-after")
    ap.add_argument("--log", default="/tmp/bench_classroom.log")
    ap.add_argument("--hub", action="store_true", help="aim at a local JupyterHub with the school configuration instead (bench_hub.py; --pools does not apply)")
    args = ap.parse_args()
    if args.hub:
        import bench_hub

        sys.exit(0 if bench_hub.run(args.learners, args.notebook) else 1)
    print(f"bench_classroom: {args.notebook}, {os.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GiB; "
          f"load average now {os.getloadavg()[0]:.1f}", flush=True)
    head = "| learners | pool | usable median s | usable max s | all usable s | failures | MiB before | MiB with class | MiB per kernel | MiB after | kernels left | freed after s | clean stop |"
    print(head)
    print("|" + "|".join("---" for _ in range(head.count("|") - 1)) + "|")
    for learners in args.learners:
        for pool in args.pools:
            r = one_class(args.notebook, learners, pool, args.after, args.cull_after, Path(args.log))
            print(
                f"| {r['learners']} | {r['pool']} | {r['median_s']:.1f} | {r['max_s']:.1f} | {r['all_s']:.1f} | {r['failures']} | "
                f"{r['mib_before']:.0f} | {r['mib_class']:.0f} | {r['mib_per_kernel']:.0f} | {r['mib_after']:.0f} | {r['left']} | "
                f"{r['freed_s']:.0f} | {'yes' if r['clean_stop'] else 'NO'} |",
                flush=True,
            )
            if r["first_failure"]:
                print(f"    first failure: {r['first_failure']}", flush=True)


if __name__ == "__main__":
    main()
