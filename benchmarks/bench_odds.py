"""Exact odds vs Monte Carlo, measured side by side in one run on one core.

Run: ``python benchmarks/bench_odds.py``. Three questions, each exact answer next to Monte
Carlo (MC) estimates of the **same** question:

1. one combat cycle (order 13): Axis 4i 2a 2t + 4 blockhouses attack Allies 4i 2a 2t —
   P(the attacker scores more hits than the defender);
2. one number from the fight for one zone over 20 attack cards (11, 13, 11, ...), Allies
   4i 2a 2t vs Axis 4i 2a 2t: P(the Allies hold the zone after card 20). Exact:
   ``zone_fight_exact(...).exact("allies_hold")`` (what a bot or a one-number question needs);
3. ``zone_fight``'s question for that fight: the whole 20-row table (per card: P(Allies
   hold), P(Axis hold), P(contested), P(empty), 7 expected survivors). Exact: the
   ``zone_fight`` DataFrame (also timed with all 20 rows of exact Fractions read); MC: the
   same runs tallied after every card, with a standard error for every cell.

Exact = :mod:`dday.odds`, timed cold (every cache cleared before each repeat) and warm.
MC = 10,000 runs of a **plain-Python** simulation of the same rules (one ``random.Random``
die per unit, hits capped, casualties by the same loss order), the way a per-run battle
simulator works. A vectorised numpy MC is shown as well for honesty: it is much faster than
plain Python, so the speed-up against it is smaller. Times are medians over repeats of ``time.perf_counter``;
each speed-up is the median of 7 rounds that time the MC and the exact answer back to back (:func:`paired`).
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd

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


ROUNDS = 7


def paired(mc: Callable[[], object], exacts: list[Callable[[], object]], repeats: int) -> tuple[float, list[list[float]]]:
    """Median MC seconds over :data:`ROUNDS` rounds, and per exact answer the speed-up of each round.

    A round times the MC once, then each exact answer cold (median of ``repeats``) right after
    it: on a machine whose speed drifts, a ratio of two timings taken minutes apart can be off
    by tens of percent either way; back to back, both sides see the same machine.
    """
    mc_times: list[float] = []
    ratios: list[list[float]] = [[] for _ in exacts]
    for _ in range(ROUNDS):
        t_mc = timed(mc, 1)
        mc_times.append(t_mc)
        for k, exact in enumerate(exacts):
            ratios[k].append(t_mc / timed(exact, repeats, before=odds.clear_caches))
    return statistics.median(mc_times), ratios


def _ratio_text(ratios: list[float]) -> str:
    if len(ratios) == 1:
        return f"{ratios[0]:.0f}×"
    return f"{statistics.median(ratios):.0f}× ({min(ratios):.0f}-{max(ratios):.0f})"


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


def _table_from_tallies(counts: np.ndarray, na: int, nx: int) -> tuple[np.ndarray, np.ndarray]:
    """``counts[c, la, lx]``: runs with ``la``/``lx`` losses after card ``c``. Returns the table
    of ``zone_fight``'s columns (``dday.odds.fight_rows.FIGHT_KEYS``) per card (run means) and its standard errors (from the same runs)."""
    pol = odds.DEFAULT_POLICY
    la, lx = np.arange(na + 1)[:, None], np.arange(nx + 1)[None, :]
    alive_a, alive_x = la < na, lx < nx
    cells: list[np.ndarray] = [alive_a & ~alive_x, ~alive_a & alive_x, alive_a & alive_x, ~alive_a & ~alive_x]
    order_a = [u for u in pol.allies for _ in range(ALLIES.get(u))]
    order_x = [u for u in pol.axis for _ in range(AXIS.get(u))]
    for u in odds.fight_rows.ALLIED_COLS:  # survivors of type u after la losses (removed from the front)
        cells.append(np.array([order_a[k:].count(u) for k in range(na + 1)])[:, None] + 0 * lx)
    for u in odds.fight_rows.AXIS_COLS:
        cells.append(np.array([order_x[k:].count(u) for k in range(nx + 1)])[None, :] + 0 * la)
    values = np.stack([np.broadcast_to(v, (na + 1, nx + 1)).astype(float) for v in cells])  # (key, la, lx)
    runs = counts[0].sum()
    p = counts / runs
    mean = np.einsum("cij,kij->ck", p, values)
    var = np.einsum("cij,kij->ck", p, values**2) - mean**2
    return mean, np.sqrt(np.maximum(var, 0.0) / runs)


def mc_table_python(runs: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The same question as ``zone_fight``: the whole 20-row table, from one plain-Python MC.

    The same loop as :func:`mc_fight_python`, plus one tally per card of (losses, losses);
    a decided fight is tallied once and carried to the later cards at the end. The loop is
    written out twice on purpose: a shared per-card function would slow both Monte Carlos
    (a call per card per run) and flatter the exact side.
    """
    rnd = random.Random(seed).random
    pol = odds.DEFAULT_POLICY
    a_att = hit_numbers(ALLIES, "allies", True, pol.allies)
    a_def = hit_numbers(ALLIES, "allies", False, pol.allies)
    x_att = hit_numbers(AXIS, "axis", True, pol.axis)
    x_def = hit_numbers(AXIS, "axis", False, pol.axis)
    na, nx = len(a_att), len(x_att)
    width = nx + 1
    played = [0] * (CARDS * (na + 1) * width)  # (card, la, lx): state after a card that was played
    ended = [0] * len(played)  # the same, for the card that decided the fight
    for _ in range(runs):
        la = lx = 0
        for card in range(CARDS):
            if card % 2 == 0:  # order 11: Allies attack
                ha = sum(1 for h in a_att[la:] if rnd() * 6 < h)
                hx = sum(1 for h in x_def[lx:] if rnd() * 6 < h)
            else:  # order 13: Axis attack
                hx = sum(1 for h in x_att[lx:] if rnd() * 6 < h)
                ha = sum(1 for h in a_def[la:] if rnd() * 6 < h)
            lx = min(nx, lx + ha)
            la = min(na, la + hx)
            cell = (card * (na + 1) + la) * width + lx
            played[cell] += 1
            if la == na or lx == nx:
                ended[cell] += 1
                break
    shape = (CARDS, na + 1, width)
    done = np.array(ended).reshape(shape).cumsum(axis=0)
    counts = np.array(played).reshape(shape)
    counts[1:] += done[:-1]  # decided fights stay as they are
    return _table_from_tallies(counts, na, nx)


# --- Monte Carlo, vectorised numpy ---------------------------------------------------------


def _dice_array(groups: tuple[tuple[int, int], ...]) -> np.ndarray:
    """One hit number per die."""
    return np.repeat([h for h, _ in groups], [n for _, n in groups])


def mc_cycle_numpy(runs: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    att = _dice_array(combat_dice(AXIS_ATT, "axis", True).groups)
    dfn = _dice_array(combat_dice(ALLIES, "allies", False).groups)
    ha = np.minimum((rng.integers(1, 7, (runs, att.size)) <= att).sum(1), ALLIES.total)
    hd = np.minimum((rng.integers(1, 7, (runs, dfn.size)) <= dfn).sum(1), AXIS_ATT.total)
    return float((ha > hd).mean())


def _numpy_cards(runs: int, seed: int) -> Iterator[tuple[np.ndarray, np.ndarray, int, int]]:
    """All runs at once, card by card: yields (Allied losses, Axis losses, na, nx) after each card."""
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
        yield la, lx, na, nx


def mc_fight_numpy(runs: int, seed: int) -> float:
    la, lx, na, nx = deque(_numpy_cards(runs, seed), maxlen=1)[0]  # after the last card
    return float(((la < na) & (lx == nx)).mean())


def mc_table_numpy(runs: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The whole table, vectorised: the runs of :func:`mc_fight_numpy`, tallied after every card."""
    tallies = []
    for la, lx, na, nx in _numpy_cards(runs, seed):
        tallies.append(np.bincount(la * (nx + 1) + lx, minlength=(na + 1) * (nx + 1)).reshape(na + 1, nx + 1))
    return _table_from_tallies(np.array(tallies), na, nx)


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


def exact_table() -> pd.DataFrame:
    """zone_fight's whole answer: the 20-row DataFrame (floats; exact rows made when read)."""
    return odds.zone_fight(ALLIES, AXIS, CARDS, first="allies")


def exact_table_all_rows() -> pd.DataFrame:
    """The DataFrame, then all 20 rows of exact Fractions read (the lazy part, paid in full)."""
    df = exact_table()
    list(df.attrs["exact"])
    return df


def exact_fight_fractions() -> Fraction:
    """The exact answer alone, from the same chain (no DataFrame)."""
    return odds.zone_fight_exact(ALLIES, AXIS, CARDS, first="allies").exact("allies_hold")


def _clear_odds_only() -> None:
    """Clear dday.odds' caches but keep dday.dice's binomial table (a fixed 6 × n table)."""
    odds.clear_caches()
    for n in range(17):
        for h in range(7):
            hit_distribution(n, h)


Estimate = float | tuple[np.ndarray, np.ndarray]


def _agreement(est: Estimate, exact: object, runs: int) -> tuple[float, float, str]:
    """(headline estimate, its standard error, "agrees?") for a number or for a whole table.

    The headline of a table is its last ``allies_hold``; a table agrees when every cell with
    spread is within 4 standard errors of the exact frame (the spread of each cell is
    estimated from the same runs)."""
    if isinstance(est, tuple):
        mean, se = est
        assert isinstance(exact, pd.DataFrame)
        want = exact[list(odds.fight_rows.FIGHT_KEYS)].to_numpy()
        live = se > 0
        z = np.abs(mean - want)[live] / se[live]
        worst = float(z.max())
        verdict = f"{'yes' if worst < 4 else 'NO'} (max |z| = {worst:.2f} over {live.sum()} cells)"
        return float(mean[-1, 0]), float(se[-1, 0]), verdict
    pf = float(exact)  # type: ignore[arg-type]
    z = (est - pf) / math.sqrt(pf * (1 - pf) / runs)
    return est, math.sqrt(est * (1 - est) / runs), f"{'yes' if abs(z) < 4 else 'NO'} (z = {z:+.2f})"


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    mc_engine = ("engine (TripleA-style)", None, ENGINE_RUNS)
    questions: list[tuple[str, list[tuple[str, Callable[[], object]]], list[tuple[str, Callable[[int, int], Estimate] | None, int]], int]] = [
        (
            "cycle (order 13): Axis 4i 2a 2t + 4b attack Allies 4i 2a 2t — P(attacker scores more hits)",
            [("cycle", exact_cycle)],
            [("plain Python", mc_cycle_python, RUNS), ("numpy, vectorised", mc_cycle_numpy, RUNS), (mc_engine[0], mc_cycle_engine, ENGINE_RUNS)],
            1000,
        ),
        (
            "one number: Allies 4i 2a 2t vs Axis 4i 2a 2t, 20 cards from order 11 — P(Allies hold after card 20)",
            [("zone_fight_exact(...).exact('allies_hold') (one Fraction, no DataFrame)", exact_fight_fractions)],
            [("plain Python", mc_fight_python, RUNS), ("numpy, vectorised", mc_fight_numpy, RUNS), (mc_engine[0], mc_fight_engine, ENGINE_RUNS)],
            300,
        ),
        (
            "zone_fight's question, the same fight: the 20-row table (P(hold) per side, contested, empty, 7 expected survivors, per card)",
            [("zone_fight (the DataFrame)", exact_table), ("zone_fight, then every exact row read", exact_table_all_rows)],
            [("plain Python", mc_table_python, RUNS), ("numpy, vectorised", mc_table_numpy, RUNS)],
            300,
        ),
    ]
    rows = []
    for name, exacts, mcs, reps in questions:
        timings = []
        answer = exacts[0][1]()
        for label, exact in exacts:
            t_cold = timed(exact, reps, before=odds.clear_caches)
            t_cold_odds = timed(exact, reps, before=_clear_odds_only)
            t_warm = timed(exact, reps)
            timings.append((label, t_cold, t_cold_odds, t_warm))
        mc_rows = []
        for label, fn, runs in mcs:
            assert fn is not None
            est = fn(runs, SEED)
            if runs == RUNS:
                t, ratios = paired(lambda f=fn, r=runs: f(r, SEED), [e for _, e in exacts], max(20, reps // 10))  # type: ignore[misc]
            else:  # the slow engine MC: one timing, scaled, against the median cold exact time
                t = timed(lambda f=fn, r=runs: f(r, SEED), 1) * RUNS / runs  # type: ignore[misc]
                ratios = [[t / t_cold] for _, t_cold, _, _ in timings]
            mc_rows.append((label, runs, _agreement(est, answer, runs), t, ratios))
        rows.append((name, answer, timings, mc_rows))

    print(f"Exact odds vs Monte Carlo (seed {SEED}), one core; times are medians of time.perf_counter\n")
    for name, answer, timings, mc_rows in rows:
        p = answer.attrs["exact"][-1]["allies_hold"] if isinstance(answer, pd.DataFrame) else answer
        assert isinstance(p, Fraction)
        text = str(p)
        print(name)
        print(f"  exact   {float(p):.6f}  = {text[:60]}{'…' if len(text) > 60 else ''}" + ("   (allies_hold, card 20)" if isinstance(answer, pd.DataFrame) else ""))
        for k, (label, t_cold, t_cold_odds, t_warm) in enumerate(timings):
            print(
                f"  exact {k + 1}: {label}: cold {t_cold * 1e3:.3f} ms (every cache cleared, dday.dice's too) | "
                f"{t_cold_odds * 1e3:.3f} ms (odds caches cleared) | warm {t_warm * 1e3:.3f} ms"
            )
        head = f"  {'Monte Carlo':24s} {'runs':>6s} {'estimate':>9s} {'95 % interval':>18s} {'ms / 10,000 runs':>17s}"
        print(head + "".join(f" {'exact ' + str(i + 1) + ' (cold) is':>17s}" for i in range(len(timings))) + "  agrees?")
        for label, runs, (est, se, ok), t, ratios in mc_rows:
            interval = f"[{est - 1.96 * se:.4f}, {est + 1.96 * se:.4f}]"
            shown = "".join(f" {_ratio_text(r):>17s}" for r in ratios)
            print(f"  {label:24s} {runs:6d} {est:9.4f} {interval:>18s} {t * 1e3:17.1f}{shown}  {ok}")
        print()
    print("Targets: cycle < 1 ms, zone_fight < 50 ms, exact >= 100x faster than a Monte Carlo of 10,000 runs of the same question.")
    print("exact 1, exact 2: the exact timings above, in their order (cold: every cache cleared before each repeat).")
    print("Tables: the estimate shown is allies_hold after card 20; 'agrees' checks all cells (4 standard errors).")
    print(f"Speed-ups of the 10,000-run MCs: median over {ROUNDS} rounds (lowest-highest), each round timing the MC once and")
    print("then each exact answer cold, back to back, so that both see the same state of the machine.")
    print("Engine MC rows: measured on 1,000 runs, time scaled to 10,000, against the median cold time; interval from the 1,000 runs.")

if __name__ == "__main__":
    main()
