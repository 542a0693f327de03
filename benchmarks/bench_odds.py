"""Exact odds vs Monte Carlo, measured side by side in one run on one core.

Run: ``python benchmarks/bench_odds.py``. Two questions:

1. one combat cycle (order 13): Axis 4i 2a 2t + 4 blockhouses attack Allies 4i 2a 2t —
   P(the attacker scores more hits than the defender);
2. the fight for one zone over 20 attack cards (11, 13, 11, ...): Allies 4i 2a 2t vs
   Axis 4i 2a 2t — P(the Allies hold the zone after card 20).

Exact = :mod:`dday.odds` (Fractions), timed cold (every cache cleared before each repeat)
and warm. The zone fight is timed twice: ``zone_fight`` (the DataFrame of all 20 rows, then
the exact answer read from it) and ``zone_fight_exact`` (the exact answer alone, no DataFrame;
what a bot or a one-number question needs). Monte Carlo (MC) = 10,000 runs of a **plain-Python** simulation of the same
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
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's dday, even when run from elsewhere

from dday import odds
from dday.actions import ChooseCasualties
from dday.dice import hit_distribution
from dday.engine import apply, combat_dice, sample_roll
from dday.scenario import position
from dday.state import ChooseCasualtiesStep, Roll, State
from dday.units import LAND_TYPES, Force, attack_value, defense_value

RUNS = 10_000
ENGINE_RUNS = 1_000  # the engine MC is slow: measured on 1,000 runs, time scaled to 10,000
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


# --- Monte Carlo through the engine itself (how TripleA's calculator works) -----------------


def _engine_choose(t: State) -> ChooseCasualties:
    step = t.step
    assert isinstance(step, ChooseCasualtiesStep)
    power = "Germany" if step.side == "axis" else "UK"
    loss = odds.DEFAULT_POLICY(t.units(step.zone, power), step.hits, step.side)
    return ChooseCasualties(tuple((power, u, loss.get(u)) for u in LAND_TYPES if loss.get(u)))


def _engine_run(s0: State, attack_cards: int, rng: np.random.Generator) -> State:
    t, seen = s0, 0
    while not t.is_over:
        if isinstance(t.step, Roll) and t.step.kind == "attack":
            if seen == attack_cards:
                break
            seen += 1
        t = apply(t, sample_roll(t, rng) if t.step.who == "chance" else _engine_choose(t))
    return t


def mc_cycle_engine(runs: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    s0 = position(card=13, deck=[13], zones={"F30": {"Germany": AXIS_ATT, "UK": ALLIES}})
    wins = 0
    for _ in range(runs):
        t = _engine_run(s0, 1, rng)
        wins += AXIS_ATT.total - t.units("F30", "Germany").total < ALLIES.total - t.units("F30", "UK").total
    return wins / runs


def mc_fight_engine(runs: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    s0 = position(card=11, turn=1, deck=[11, 13], zones={"F30": {"Germany": AXIS, "UK": ALLIES}})
    held = 0
    for _ in range(runs):
        t = _engine_run(s0, CARDS, rng)
        held += t.controller("F30") == "allies"
    return held / runs


# --- exact -----------------------------------------------------------------------------------


def exact_cycle() -> Fraction:
    c = odds.cycle(AXIS_ATT._asdict(), ALLIES._asdict(), "axis")
    return sum((p for (i, j), p in c.items() if i > j), Fraction(0))


def exact_fight() -> Fraction:
    """The whole table (a DataFrame, 20 rows) and the exact answer read from it."""
    r = odds.zone_fight(ALLIES, AXIS, CARDS, first="allies")
    return r.attrs["exact"][-1]["allies_hold"]


def exact_fight_fractions() -> Fraction:
    """The exact answer alone, from the same chain (no DataFrame)."""
    return odds.zone_fight_exact(ALLIES, AXIS, CARDS, first="allies").rows[-1]["allies_hold"]


def _clear_odds_only() -> None:
    """Clear dday.odds' caches but keep dday.dice's binomial table (a fixed 6 × n table)."""
    odds.clear_caches()
    for n in range(17):
        for h in range(7):
            hit_distribution(n, h)


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    rows = []
    for name, exacts, mcs, reps in (
        (
            "cycle (order 13): Axis 4i 2a 2t + 4b attack Allies 4i 2a 2t — P(attacker scores more hits)",
            (("cycle", exact_cycle),),
            (
                ("plain Python", mc_cycle_python, RUNS),
                ("numpy, vectorised", mc_cycle_numpy, RUNS),
                ("engine (TripleA-style)", mc_cycle_engine, ENGINE_RUNS),
            ),
            1000,
        ),
        (
            "zone_fight, 20 cards from order 11: Allies 4i 2a 2t vs Axis 4i 2a 2t — P(Allies hold after card 20)",
            (("zone_fight (DataFrame of 20 rows + exact)", exact_fight), ("zone_fight_exact (Fractions only)", exact_fight_fractions)),
            (
                ("plain Python", mc_fight_python, RUNS),
                ("numpy, vectorised", mc_fight_numpy, RUNS),
                ("engine (TripleA-style)", mc_fight_engine, ENGINE_RUNS),
            ),
            100,
        ),
    ):
        timings = []
        for label, exact in exacts:
            p = exact()
            t_cold = timed(exact, reps, before=odds.clear_caches)
            t_cold_odds = timed(exact, reps, before=_clear_odds_only)
            t_warm = timed(exact, reps)
            timings.append((label, t_cold, t_cold_odds, t_warm))
        mc_rows = []
        for label, fn, runs in mcs:
            est = fn(runs, SEED)
            t = timed(lambda f=fn, r=runs: f(r, SEED), 3 if runs == RUNS else 1) * RUNS / runs  # type: ignore[misc]
            mc_rows.append((label, runs, est, t))
        rows.append((name, p, timings, mc_rows))

    print(f"Exact odds vs Monte Carlo (seed {SEED}), one core; times are medians of time.perf_counter\n")
    for name, p, timings, mc_rows in rows:
        pf = float(p)
        text = str(p)
        print(name)
        print(f"  exact   {pf:.6f}  = {text[:60]}{'…' if len(text) > 60 else ''}")
        for label, t_cold, t_cold_odds, t_warm in timings:
            print(
                f"  {label}: cold {t_cold * 1e3:.3f} ms (every cache cleared, dday.dice's too) | "
                f"{t_cold_odds * 1e3:.3f} ms (odds caches cleared) | warm {t_warm * 1e3:.3f} ms"
            )
        head = f"  {'Monte Carlo':24s} {'runs':>6s} {'estimate':>9s} {'95 % interval':>18s} {'ms / 10,000 runs':>17s}"
        print(head + "".join(f" {'exact ' + str(i + 1) + ' (cold) is':>17s}" for i in range(len(timings))) + "  agrees?")
        for label, runs, est, t in mc_rows:
            se = math.sqrt(est * (1 - est) / runs)
            z = (est - pf) / math.sqrt(pf * (1 - pf) / runs)
            ok = f"yes (z = {z:+.2f})" if abs(z) < 4 else f"NO (z = {z:+.2f})"
            interval = f"[{est - 1.96 * se:.4f}, {est + 1.96 * se:.4f}]"
            ratios = "".join(f" {t / t_cold:16.0f}×" for _, t_cold, _, _ in timings)
            print(f"  {label:24s} {runs:6d} {est:9.4f} {interval:>18s} {t * 1e3:17.1f}{ratios}  {ok}")
        print()
    print("Targets: cycle < 1 ms, zone_fight < 50 ms, exact >= 100x faster than Monte Carlo of 10,000 runs.")
    print("exact 1, exact 2: the exact timings above, in their order (cold: every cache cleared before each repeat).")
    print("Engine MC rows: measured on 1,000 runs, time scaled to 10,000; interval from the 1,000 runs.")


if __name__ == "__main__":
    main()
