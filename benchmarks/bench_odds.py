"""Exact odds vs Monte Carlo, measured side by side in one run on one core.

Run: ``python benchmarks/bench_odds.py``. Two questions:

1. one combat cycle (order 13): Axis 4i 2a 2t + 4 blockhouses attack Allies 4i 2a 2t —
   P(the attacker scores more hits than the defender);
2. the fight for one zone over 20 attack cards (11, 13, 11, ...): Allies 4i 2a 2t vs
   Axis 4i 2a 2t — P(the Allies hold the zone after card 20).

Exact = :mod:`dday.odds` (Fractions), timed cold (every cache cleared before each repeat)
and warm. Monte Carlo (MC) = 10,000 runs of a **plain-Python** simulation of the same
rules (one ``random.Random`` die per unit, hits capped, casualties by the same loss order),
the way a per-run battle simulator works. A vectorised numpy MC is shown as well for
honesty: it is much faster than plain Python, so the speed-up against it is smaller.
Times are medians over repeats of ``time.perf_counter``.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from dday import odds
from dday.engine import combat_dice
from dday.units import Force, attack_value, defense_value

RUNS = 10_000
SEED = 2004

AXIS_ATT = Force(infantry=4, artillery=2, tank=2, blockhouse=4)
ALLIES = Force(infantry=4, artillery=2, tank=2)
AXIS = Force(infantry=4, artillery=2, tank=2)
CARDS = 20


def timed(fn: Callable[[], object], repeats: int, before: Callable[[], None] | None = None) -> float:
    """Median seconds of ``fn`` over ``repeats`` runs (``before`` runs untimed before each)."""
    out = []
    for _ in range(repeats):
        if before:
            before()
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return statistics.median(out)


def hit_numbers(force: Force, side: str, attacking: bool, order: tuple[str, ...]) -> list[int]:
    """One hit number per unit, listed in loss order (the first is removed first)."""
    value = attack_value if attacking else defense_value
    return [value(u, side) for u in order for _ in range(force.get(u))]


# --- Monte Carlo, plain Python -------------------------------------------------------------


def mc_cycle_python(runs: int, seed: int) -> float:
    rnd = random.Random(seed).random
    att = [h for h, n in combat_dice(AXIS_ATT, "axis", True).groups for _ in range(n)]
    dfn = [h for h, n in combat_dice(ALLIES, "allies", False).groups for _ in range(n)]
    ca, cd = ALLIES.total, AXIS_ATT.total
    wins = 0
    for _ in range(runs):
        ha = sum(1 for h in att if rnd() * 6 < h)
        hd = sum(1 for h in dfn if rnd() * 6 < h)
        wins += min(ha, ca) > min(hd, cd)
    return wins / runs


def mc_fight_python(runs: int, seed: int) -> float:
    rnd = random.Random(seed).random
    pol = odds.DEFAULT_POLICY
    a_att = hit_numbers(ALLIES, "allies", True, pol.allies)
    a_def = hit_numbers(ALLIES, "allies", False, pol.allies)
    x_att = hit_numbers(AXIS, "axis", True, pol.axis)
    x_def = hit_numbers(AXIS, "axis", False, pol.axis)
    held = 0
    for _ in range(runs):
        la = lx = 0  # losses so far: units are removed from the front of the lists
        na, nx = len(a_att), len(x_att)
        for card in range(CARDS):
            if la == na or lx == nx:
                break
            if card % 2 == 0:  # order 11: Allies attack
                ha = sum(1 for h in a_att[la:] if rnd() * 6 < h)
                hx = sum(1 for h in x_def[lx:] if rnd() * 6 < h)
            else:  # order 13: Axis attack
                hx = sum(1 for h in x_att[lx:] if rnd() * 6 < h)
                ha = sum(1 for h in a_def[la:] if rnd() * 6 < h)
            lx = min(nx, lx + ha)
            la = min(na, la + hx)
        held += la < na and lx == nx
    return held / runs


# --- Monte Carlo, vectorised numpy ---------------------------------------------------------


def mc_cycle_numpy(runs: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    att = np.repeat(*zip(*combat_dice(AXIS_ATT, "axis", True).groups, strict=True))
    dfn = np.repeat(*zip(*combat_dice(ALLIES, "allies", False).groups, strict=True))
    ha = np.minimum((rng.integers(1, 7, (runs, att.size)) <= att).sum(1), ALLIES.total)
    hd = np.minimum((rng.integers(1, 7, (runs, dfn.size)) <= dfn).sum(1), AXIS_ATT.total)
    return float((ha > hd).mean())


def mc_fight_numpy(runs: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    pol = odds.DEFAULT_POLICY
    a_att, a_def = (np.array(hit_numbers(ALLIES, "allies", k, pol.allies)) for k in (True, False))
    x_att, x_def = (np.array(hit_numbers(AXIS, "axis", k, pol.axis)) for k in (True, False))
    na, nx = a_att.size, x_att.size
    la = np.zeros(runs, dtype=int)
    lx = np.zeros(runs, dtype=int)
    slots_a, slots_x = np.arange(na), np.arange(nx)
    for card in range(CARDS):
        alive_a = slots_a[None, :] >= la[:, None]
        alive_x = slots_x[None, :] >= lx[:, None]
        va, vx = (a_att, x_def) if card % 2 == 0 else (a_def, x_att)
        ha = ((rng.integers(1, 7, (runs, na)) <= va) & alive_a).sum(1)
        hx = ((rng.integers(1, 7, (runs, nx)) <= vx) & alive_x).sum(1)
        live = (la < na) & (lx < nx)
        lx = np.where(live, np.minimum(nx, lx + ha), lx)
        la = np.where(live, np.minimum(na, la + hx), la)
    return float(((la < na) & (lx == nx)).mean())


# --- exact -----------------------------------------------------------------------------------


def exact_cycle() -> Fraction:
    c = odds.cycle(AXIS_ATT._asdict(), ALLIES._asdict(), "axis")
    return sum((p for (i, j), p in c.items() if i > j), Fraction(0))


def exact_fight() -> Fraction:
    r = odds.zone_fight(ALLIES, AXIS, CARDS, first="allies")
    return r.attrs["exact"][-1]["allies_hold"]


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    rows = []
    for name, exact, mc_py, mc_np, reps in (
        ("cycle: Axis 4i2a2t+4b attack Allies 4i2a2t, P(att hits > def hits)", exact_cycle, mc_cycle_python, mc_cycle_numpy, 200),
        ("zone_fight 20 cards: Allies 4i2a2t vs Axis 4i2a2t, P(Allies hold)", exact_fight, mc_fight_python, mc_fight_numpy, 20),
    ):
        p = exact()
        t_cold = timed(exact, reps, before=odds.clear_caches)
        t_warm = timed(exact, reps)
        est_py = mc_py(RUNS, SEED)
        t_py = timed(lambda f=mc_py: f(RUNS, SEED), 3)  # type: ignore[misc]
        est_np = mc_np(RUNS, SEED)
        t_np = timed(lambda f=mc_np: f(RUNS, SEED), 5)  # type: ignore[misc]
        rows.append((name, p, t_cold, t_warm, est_py, t_py, est_np, t_np))

    print(f"Exact odds vs Monte Carlo ({RUNS:,} runs, seed {SEED}), one core; times are medians\n")
    for name, p, t_cold, t_warm, est_py, t_py, est_np, t_np in rows:
        pf = float(p)
        print(name)
        print(f"  exact          {pf:.6f}  ({str(p)[:40]}{'…' if len(str(p)) > 40 else ''})")
        print(f"  exact time     cold {t_cold * 1e3:8.3f} ms   warm {t_warm * 1e3:8.3f} ms")
        for label, est, t in (("MC plain Python", est_py, t_py), ("MC numpy (vect.)", est_np, t_np)):
            se = math.sqrt(est * (1 - est) / RUNS)
            lo, hi = est - 1.96 * se, est + 1.96 * se
            z = (est - pf) / math.sqrt(pf * (1 - pf) / RUNS)
            ok = "agrees" if abs(z) < 4 else "DISAGREES"
            print(
                f"  {label:16s} {est:.4f}  95 % CI [{lo:.4f}, {hi:.4f}]  {t * 1e3:9.2f} ms"
                f"  speed-up of exact (cold): {t / t_cold:8.0f}×  ({ok}, z = {z:+.2f})"
            )
        print()
    print("Targets: cycle < 1 ms, zone_fight < 50 ms, exact ≥ 100× faster than the plain-Python MC column.")


if __name__ == "__main__":
    main()
