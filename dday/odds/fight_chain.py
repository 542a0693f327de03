"""The fight for one zone over several attack cards as an exact Markov chain
(:func:`zone_fight_exact`), and its Monte Carlo twin (:func:`zone_fight`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from ..rules.state import Rules
from ..rules.units import Force, other_side
from .dice_weights import PACK_DICE, CombatOptions, packed_ways, side_groups, side_weights
from .distribution import Distribution, SurvivorLaw, UnitSpec, as_force, check_side
from .exact_numbers import EXACT, LIMIT, MAGIC, piece_views, split_den
from .fight_rows import ALLIED_COLS, AXIS_COLS, FIGHT_KEYS, ExactRows, ZoneFight, after_losses, reachable_forces
from .one_cycle import DEFAULT_POLICY, FORCE_FIELD, CasualtyPolicy, LossOrder


def _card_modes(card: int, attacker: str, rules: Rules | None, fortune: int | None, tac10: bool) -> list[tuple[int, CombatOptions]]:
    """The combat options of attack card ``card`` (1-based) as a mixture [(weight, options)].

    With ``rules.fortune`` each attack card's fortune die is rolled afresh (R-FORT-2): result 1
    (1 in 6) makes the attacking infantry hit on 2 (FORT-11 / FORT-13); results 2-6 change
    nothing for a lone zone (result 6 lets each side pick the zones it attacks in; the side is
    assumed to pick this one). ``fortune`` fixes the result of card 1; ``tac10`` puts TAC-10 on
    card 1 if the Allies attack first (it lasts for that order 11 only).
    """
    arty = not (rules is not None and rules.artillery_orders)
    paired = -1 if tac10 and card == 1 and attacker == "allies" else 0
    base: CombatOptions = (None, paired, arty)
    pos: CombatOptions = (2, paired, arty)
    if card == 1 and fortune is not None:
        if fortune not in (0, 1, 2, 3, 4, 5, 6):
            raise ValueError(f"fortune is a die face 1..6 (or 0: no effect), got {fortune}")
        return [(1, pos if fortune == 1 else base)]
    if rules is not None and rules.fortune:
        return [(5, base), (1, pos)]
    return [(1, base)]


# How zone_fight_exact computes the chain exactly, and fast:
#
# * States are pairs (Allied force, Axis force). Under a loss order each side's forces form a
#   chain (LossOrder.survivors): 9 x 9 = 81 states for 8 units against 8.
# * One card: each side's hits depend only on its own force (casualties still fire), so
#   P(s -> t) = P(Axis fire leaves a' of a) x P(Allied fire leaves x' of x). Each factor is
#   an integer number of ways over one denominator per side: every force's ways from
#   side_weights are divided by their gcd and scaled to the side's least common
#   denominator. A card multiplies the numerators by integers of ~28 bits (not 6**16).
# * The numerators (hundreds of bits) are kept as base-2**16 digits in float64: one card is
#   one matrix product  digits @ T , exact because every sum stays below 2**48. A column of
#   ones times a row of 2**52 adds 2**52 to each sum, which puts the sum's bits in the
#   float's mantissa: read as uint16, bits 0-15, 16-31 and 32-47 of digit l's sum belong to
#   digits l, l+1 and l+2, and one strided sum moves them there (the carry).
# * The per-card summaries (category masses, expected survivors) are linear in the state:
#   extra columns of the same matrix product.
# * At the end the digits are carried into proper base-2**16 digits and read as Python ints
#   (int.from_bytes). The floats of the frame come from the digits (digit_floats). The
#   Fractions wait until a row is read: the denominator is 2**a * 3**b, so only 2s (trailing
#   zero bits) and 3s can cancel (reduced), and reading the last row costs 11 of them.

class _LossChain(NamedTuple):
    """What a casualty policy can leave of one side's force (see :func:`_loss_chain`); arrays read-only."""

    forces: list[Force]  # the forces the policy can leave, the start first
    lost: np.ndarray  # [i, k, j]: 1.0 where k = 0..max_hits hits leave force j of force i (capped, R-COMBAT-5)
    alive: np.ndarray  # [i, 0] = 1.0 if force i has units, [i, 1] = 1.0 if not
    counts: np.ndarray  # [i, u]: units of force i per type of the side's summary columns (ALLIED_COLS / AXIS_COLS)


@lru_cache(maxsize=1024)
def _loss_chain(policy: CasualtyPolicy, start: Force, side: str, max_hits: int) -> _LossChain:
    """The forces ``policy`` can leave of ``start`` and where each number of hits takes each of them."""
    if isinstance(policy, LossOrder) and type(policy).__call__ is LossOrder.__call__:
        forces = policy.survivors(start, side)
        after = np.minimum(np.arange(len(forces))[:, None] + np.arange(max_hits + 1), len(forces) - 1)
    else:
        forces = reachable_forces(policy, start, side)
        index = {f: i for i, f in enumerate(forces)}
        after = np.array([[index[after_losses(policy, f, min(k, f.total), side)] for k in range(max_hits + 1)] for f in forces], dtype=np.intp)
    lost = (after[:, :, None] == np.arange(len(forces))).astype(np.float64)
    alive = np.array([(1.0, 0.0) if f.total else (0.0, 1.0) for f in forces])
    cols = [FORCE_FIELD[u] for u in (ALLIED_COLS if side == "allies" else AXIS_COLS)]
    counts = np.array(forces, dtype=np.float64).reshape(len(forces), len(Force._fields))[:, cols]
    for a in (lost, alive, counts):
        a.flags.writeable = False  # memoised
    return _LossChain(forces, lost, alive, counts)


def _hit_tables(requests: Sequence[tuple[Sequence[Force], str, bool, CombatOptions]], width: int) -> list[tuple[np.ndarray, int]]:
    """For each (forces, side, attacking, options): a table whose row ``i`` is the ways force
    ``i`` scores 0, 1, … ``width - 1`` hits, every row over one denominator (returned with it);
    see :func:`_ways_table`."""
    return [_ways_table(tuple(forces), side, attacking, opts, width) for forces, side, attacking, opts in requests]


@cache
def _ways_table(forces: tuple[Force, ...], side: str, attacking: bool, opts: CombatOptions, width: int) -> tuple[np.ndarray, int]:
    """One request of :func:`_hit_tables` (read-only: it is memoised).

    Each force's ways out of 6**dice (the dice of :func:`dday.rules.engine.dice_groups`) are divided
    by their gcd (:func:`packed_ways`), then scaled to the least common denominator of the forces. The table is
    float64 when that is exact, else int64 or Python ints.
    """
    if width <= PACK_DICE + 1:  # each force's packed polynomial, read as one row of uint64 slots
        packed = []
        for f in forces:
            groups = side_groups(f, side, attacking, opts)
            p, g = packed_ways(groups)
            # g divides every coefficient, so p // g divides each slot by g; the coefficients add up to 6**dice
            packed.append((p // g, 6 ** sum(n for _, n in groups) // g))
        lcd = math.lcm(*(d for _, d in packed))  # each den is 2**a * 3**b, a and b <= 24: every slot * (lcd // den) < 6**24 < 2**63
        data = b"".join((p * (lcd // d)).to_bytes(8 * width, "little") for p, d in packed)
        table = np.frombuffer(data, dtype="<u8").reshape(len(forces), width).astype(np.float64 if lcd < EXACT else np.int64)
    else:
        rows = [side_weights(f, side, attacking, opts) if f.total else (1,) for f in forces]
        table = np.array([(*w, *(0,) * (width - len(w))) for w in rows], dtype=object)
        gcd = np.gcd.reduce(table, axis=1)
        den = table.sum(axis=1) // gcd
        lcd = int(np.lcm.reduce(den))
        table = table // gcd[:, None] * (lcd // den)[:, None]
        if lcd < EXACT:
            table = table.astype(np.float64)
    table.flags.writeable = False
    return table, lcd


def _cycle_matrix(wa: np.ndarray, wx: np.ndarray, lost_a: np.ndarray, lost_x: np.ndarray) -> np.ndarray:
    """T[(a, x), (a', x')] = ways[Axis force x leaves a' of a] * ways[Allied force a leaves x' of x].

    ``wa``/``wx``: the hit tables of each side's forces; ``lost_a[a, k, a']`` is 1 where k hits
    leave a' of Allied force a, and ``lost_x[k, (x, x')]`` is 1 where k hits leave x' of x.
    """
    na, nx = len(wa), len(wx)
    to_a = np.matmul(wx, lost_a).reshape(na * nx, na)  # [(a, x), a']: what the Axis fire leaves of a
    to_x = (wa @ lost_x).reshape(na * nx, nx)  # [(a, x), x']: what the Allied fire leaves of x
    return (to_a[:, :, None] * to_x[:, None, :]).reshape(na * nx, na * nx)


class _ChainSetup(NamedTuple):
    """What :func:`zone_fight_exact` needs before the chain (see :func:`_chain_setup`)."""

    side_a: list[Force]  # the Allied forces the policy can leave, the start first
    side_x: list[Force]
    gemm: list[np.ndarray]  # per kind of card: (T's 16-bit parts | summaries), and the row that adds 2**52 (read-only)
    dens: list[int]  # per kind of card: T's denominator
    split: list[tuple[int, int] | None]  # per kind of card: (a, b) with den == 2**a * 3**b, or None
    npart: int  # 16-bit parts per matrix


@lru_cache(maxsize=256)
def _chain_setup(policy: CasualtyPolicy, a0: Force, x0: Force, kinds: tuple[tuple[str, tuple[tuple[int, CombatOptions], ...]], ...]) -> _ChainSetup:
    """The states, the matrix of each kind of card (attacker, options) and the summaries of
    :func:`zone_fight_exact`: they depend on the forces, the policy and the kinds of card, not
    on how many cards are played (memoised: a bot asks about the same forces again and again).
    """
    # states (Allied force, Axis force), numbered ia * nx + ix; the start is state 0
    chain_a = _loss_chain(policy, a0, "allies", x0.total)
    chain_x = _loss_chain(policy, x0, "axis", a0.total)
    side_a, side_x = chain_a.forces, chain_x.forces
    na, nx = len(side_a), len(side_x)
    size = na * nx

    # one card = one integer matrix T[s, t] (ways from state s to state t) over its denominator
    requests = list({(side, att == side, opts): None for att, modes in kinds for _, opts in modes for side in ("allies", "axis")})
    forces_of = {"allies": side_a, "axis": side_x}
    found = _hit_tables([(forces_of[s], s, a, o) for s, a, o in requests], max(a0.total, x0.total) + 1) if requests else []
    tables = dict(zip(requests, found, strict=True))
    lost_a = chain_a.lost  # [a, k, a']: k hits leave a' of a
    lost_x = chain_x.lost.transpose(1, 0, 2).reshape(a0.total + 1, nx * nx)  # [k, (x, x')]
    matrices: list[np.ndarray] = []
    dens: list[int] = []
    for att, modes in kinds:
        parts = []
        for weight, opts in modes:
            (wa, da), (wx, dx) = tables["allies", att == "allies", opts], tables["axis", att == "axis", opts]
            wa, wx = wa[:, : a0.total + 1], wx[:, : x0.total + 1]
            if da * dx < EXACT and wa.dtype == np.float64:
                parts.append((weight, da * dx, _cycle_matrix(wa, wx, lost_a, lost_x)))
            else:  # products beyond 2**53: integers
                kind: Any = np.int64 if da * dx < 2**62 else object
                ints = [(t if t.dtype == object else t.astype(np.int64)).astype(kind) for t in (wa, wx, lost_a, lost_x)]
                parts.append((weight, da * dx, _cycle_matrix(*ints)))
        common = math.lcm(*(d for _, d, _ in parts))
        total = sum(w for w, _, _ in parts) * common
        if len(parts) == 1:
            mix = parts[0][2]
        else:
            kind = np.float64 if total < EXACT else np.int64 if total < 2**62 else object
            mix = sum(
                (m.astype(kind) * (w * (common // d)) for w, d, m in parts[1:]),
                parts[0][2].astype(kind) * (parts[0][0] * (common // parts[0][1])),
            )
        matrices.append(mix)
        dens.append(total)

    # summaries, linear in the state: categories (allies_hold, axis_hold, contested, empty) and survivors
    nsum = len(FIGHT_KEYS)
    grid = np.empty((na, nx, nsum))
    both = chain_a.alive[:, None, :, None] * chain_x.alive[None, :, None, :]  # [a, x, Allied alive/not, Axis alive/not]
    grid[:, :, :4] = both.reshape(na, nx, 4)[:, :, [1, 2, 0, 3]]
    grid[:, :, 4 : 4 + len(ALLIED_COLS)] = chain_a.counts[:, None, :]
    grid[:, :, 4 + len(ALLIED_COLS) :] = chain_x.counts[None, :, :]
    summary = grid.reshape(size, nsum)

    # cut each matrix into 16-bit parts until digits @ part stays below 2**48 (one part, usually)
    npart = 1
    # a row of T adds up to its denominator, so no column adds up to more than size * den
    small = all(d * size * 3 * 2**16 < LIMIT and m.dtype == np.float64 for m, d in zip(matrices, dens, strict=True))
    if not small and any(float(m.sum(axis=0).max(initial=0)) * 3 * 2**16 >= LIMIT or m.dtype != np.float64 for m in matrices):
        while True:
            npart += 1
            exact_ints = [m if m.dtype == object else m.astype(np.int64) for m in matrices]  # float entries are exact integers
            cut = [[(m >> (16 * j)) & 0xFFFF if j < npart - 1 else m >> (16 * j) for j in range(npart)] for m in exact_ints]
            if all(
                float(np.asarray(p, dtype=np.float64).sum(axis=0).max(initial=0)) * 3 * npart * 2**16 < LIMIT for ps in cut for p in ps
            ):
                break
    else:
        cut = [[m] for m in matrices]
    width = npart * size + nsum
    gemm = []
    for ps in cut:
        g = np.empty((size + 1, width))
        for j, p in enumerate(ps):
            g[:size, j * size : (j + 1) * size] = p
        g[:size, npart * size :] = summary
        g[size, : npart * size] = MAGIC  # times the column of ones in the state: + 2**52
        g[size, npart * size :] = 0.0
        g.flags.writeable = False  # memoised
        gemm.append(g)
    return _ChainSetup(side_a, side_x, gemm, dens, [split_den(d) for d in dens], npart)


def zone_fight_exact(
    allies: UnitSpec,
    axis: UnitSpec,
    cards: int,
    first: str = "allies",
    policy: CasualtyPolicy = DEFAULT_POLICY,
    *,
    rules: Rules | None = None,
    fortune: int | None = None,
    tac10: bool = False,
) -> ZoneFight:
    """The fight for one zone over ``cards`` attack cards, exactly (see :func:`zone_fight`)."""
    a0, x0 = as_force(allies), as_force(axis)
    check_side(first)
    if tac10 and first != "allies":
        raise ValueError("TAC-10 changes the Allied attack on order 11: use first='allies'")
    if a0.blockhouse:
        raise ValueError("only the Axis has blockhouses (R-BH-1)")
    cards = max(cards, 0)
    # the cards: who attacks, with which options (card 1 may differ; later cards only alternate)
    kinds: dict[tuple[str, tuple[tuple[int, CombatOptions], ...]], int] = {}
    sequence: list[int] = []
    modes_of = {(1, first): tuple(_card_modes(1, first, rules, fortune, tac10))}
    attacker = first
    for card in range(1, cards + 1):
        key = (min(card, 2), attacker)
        if key not in modes_of:
            modes_of[key] = tuple(_card_modes(card, attacker, rules, fortune, tac10))
        sequence.append(kinds.setdefault((attacker, modes_of[key]), len(kinds)))
        attacker = other_side(attacker)

    # everything before the chain depends on the forces, the policy and the kinds of card only
    side_a, side_x, gemm, dens, split, npart = _chain_setup(policy, a0, x0, tuple(kinds))
    size = len(side_a) * len(side_x)
    nsum = len(FIGHT_KEYS)
    width = npart * size + nsum

    # the chain, card by card: digits @ T, then the carry
    den, den_after = 1, [1]
    for k in sequence:
        den *= dens[k]
        den_after.append(den)
    digits = [d.bit_length() // 16 + 1 for d in den_after]  # every state numerator is below its denominator
    depth = digits[-1] + 2 * npart + 2
    state = np.zeros((depth, size + 1))
    state[:, size] = 1.0
    state[0, 0] = 1.0  # the start state, certain (over denominator 1)
    lead = npart + 1  # zero rows before the product: part j's bits from digit l go up to digit l + j + 2
    prod = np.zeros((lead + depth, width))
    pieces = piece_views(prod, lead, size, npart)
    sums = np.zeros((cards, nsum, depth))
    for c, k in enumerate(sequence):
        n = digits[c]
        out = prod[lead : lead + n]
        np.matmul(state[:n], gemm[k], out=out)
        if c:
            sums[c - 1, :, :n] = out[:, npart * size :].T  # the summaries of the state after card c
        top = n + 1 + npart  # the carry: digit l gets bits from the sums of digits l, l-1, l-2 (and l-j for part j)
        np.add.reduce(pieces[0][:top], axis=2, dtype=np.float64, out=state[:top, :size])
        for view in pieces[1:]:
            state[:top, :size] += np.add.reduce(view[:top], axis=2, dtype=np.float64)
    if cards:
        n = digits[cards]
        sums[cards - 1, :, :n] = (state[:n] @ gemm[0][:, npart * size :]).T

    # the rows: floats now, exact Fractions when a row is read; the final law when it is read
    nrow = cards * nsum
    row_dens = den_after[1:]
    table = np.zeros((nrow, depth + 2), dtype=np.int64)
    table[:, :depth] = sums.reshape(nrow, depth)
    powers: list[tuple[int, int] | None] = []
    twos = threes = 0
    for k in sequence:
        if split[k] is None:
            powers = [None] * cards
            break
        twos, threes = twos + split[k][0], threes + split[k][1]  # type: ignore[index]
        powers.append((twos, threes))
    rows = ExactRows(table, row_dens, powers, first)
    final = Distribution(
        SurvivorLaw(side_a, side_x, state[:, :size].T, den_after[-1]),
        title=f"Survivors after {cards} card(s): (Allies, Axis)",
        outcome_name="(allies, axis)",
    )
    return ZoneFight(rows, final, a0, x0, first, policy, sums)


def zone_fight(
    allies: UnitSpec,
    axis: UnitSpec,
    cards: int,
    first: str = "allies",
    policy: CasualtyPolicy = DEFAULT_POLICY,
    *,
    rules: Rules | None = None,
    fortune: int | None = None,
    tac10: bool = False,
) -> pd.DataFrame:
    """One row per attack card: P(Allies hold), P(Axis hold), P(contested), P(empty), expected survivors.

    Card 1 is order 11 (Allies attack) if ``first == "allies"``, else order 13; the cards then
    alternate. "Hold" means only that side's land units are left (R-CONTROL-1); "empty" (both
    sides wiped out in the same cycle) is its own column and counts for neither side. The
    columns ``E[allies_infantry]`` … ``E[axis_blockhouse]`` are expected survivors. Values are
    floats (each within 1e-14, relative, of its exact value); the exact Fractions are in
    ``df.attrs["exact"]`` (a row is reduced when first read) and the explanation in
    ``df.attrs["explanation"]``. ``policy`` chooses casualties (default :data:`DEFAULT_POLICY`).

    Advanced rules: with ``rules=Rules(fortune=True)`` every attack card is a mixture (1 in 6:
    the attacking infantry hit on 2, FORT-11 / FORT-13 result 1); ``fortune`` fixes the fortune
    result of card 1 (1 = positive, 0 or 2-6 = no change for a lone zone); ``tac10=True`` puts
    TAC-10 on card 1 (Allies first); ``rules.artillery_orders`` (VAR-RM-9) keeps artillery out
    of the dice.

    >>> df = zone_fight({"infantry": 1}, {"blockhouse": 1}, cards=2)
    >>> df.attrs["exact"][0]["allies_hold"]            # the infantry hits (1/6), the blockhouse misses (5/6)
    Fraction(5, 36)
    >>> float(df[["allies_hold", "axis_hold", "contested", "empty"]].sum(axis=1).round(12).iloc[-1])
    1.0
    """
    return zone_fight_exact(allies, axis, cards, first, policy, rules=rules, fortune=fortune, tac10=tac10).to_frame()


def clear_caches() -> None:
    """Forget the memoised results of this module (see :func:`dday.odds.clear_caches`)."""
    for fn in (_ways_table, _loss_chain, _chain_setup):
        fn.cache_clear()
