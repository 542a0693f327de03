"""The exact chain of a zone fight, one die at a time: what :func:`run_exact` computes.

Under a loss order each side's forces form a list in which force ``i + 1`` is force ``i`` less
one unit (:meth:`~dday.odds.one_cycle.LossOrder.survivors`). So the hits of force ``i`` are
the hits of force ``i + 1`` plus those of one more die, and a card can be played die by die:

1. **The Axis fire.** For every state (Allied force ``a``, Axis force ``x``), the Axis hits of
   force ``x`` take ``a`` to ``a2`` (``M[a, a2, x]``; the Axis force is still ``x``: casualties
   still fire, R-COMBAT-6, so the Allied fire below is that of force ``a``).
2. **The Allied fire**, by Horner's rule over the Allied forces: start with the states of
   force 0 (the most units), let its extra die roll over the Axis forces (a miss leaves ``x``,
   a hit takes it to ``x + 1``; hits beyond the last unit are lost, R-COMBAT-5), add the
   states of force 1, let the next die roll, and so on. Each state meets exactly the dice of
   its own Allied force.

Each card then costs a few passes over the 31 × 31 states per unit (about n³ operations)
instead of one per pair of states (n⁴: the transition matrix). The numbers are Python
integers over a common denominator, held in numpy arrays of objects so that the loops run in
C. Where the dice do not come one per unit along the list (a casualty policy that is not a
loss order, or TAC-10 pairing an infantry with an artillery that comes back), and in small
fights (:data:`SMALL`), the general chain of :func:`dday.odds.fight_model.run_exact_rows` runs instead.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Final

import numpy as np

from .dice_weights import CombatOptions, side_groups
from .fight_model import FightModel, LossChain, capped_steps, run_exact_rows

__all__ = ["die_by_die", "run_die_by_die", "run_exact"]

SMALL: Final = 121
"""Up to this many states (10 units a side) the rows' plain Python loop is faster than numpy's
arrays of objects (measured with ``benchmarks/bench_odds.py --sizes``), and runs instead."""

Die = tuple[int, int]
"""One die as integer ways (miss, hit), in lowest terms: a die hitting on 2 is (2, 1), over 3."""


def run_exact(model: FightModel, sequence: Sequence[int]) -> list[tuple[list[int], int]]:
    """The exact chain: after each card, (the numerator of every state, their common denominator),
    states in the order of :class:`~dday.odds.fight_model.FightModel`. Die by die
    (:func:`run_die_by_die`) where it applies and the fight is not small, else from the rows."""
    if model.size > SMALL:
        out = run_die_by_die(model, sequence)
        if out is not None:
            return out
    return run_exact_rows(model, sequence)


def run_die_by_die(model: FightModel, sequence: Sequence[int]) -> list[tuple[list[int], int]] | None:
    """:func:`run_exact`, die by die (see the module's text); None where the dice do not come one per unit."""
    steps = [_card_step(model, k) for k in range(len(model.kinds))]
    if any(step is None for step in steps):
        return None
    na, nx = len(model.side_a.forces), len(model.side_x.forces)
    p = np.zeros((na, nx), dtype=object)  # Python integers, 0 to start with
    p[0, 0] = 1
    den = 1
    out = []
    for k in sequence:
        modes = steps[k]
        assert modes is not None  # checked above
        total = sum(w for w, _ in modes)
        dens = [_den(axis_law, allied_dice) for _, (axis_law, allied_dice) in modes]
        common = math.lcm(*dens)
        new = np.zeros((na, nx), dtype=object)
        for (weight, (axis_law, allied_dice)), d in zip(modes, dens, strict=True):
            new += play_card(p, axis_law, allied_dice) * (weight * (common // d))
        p, den = new, den * common * total
        out.append((p.ravel().tolist(), den))
    return out


def play_card(p: np.ndarray, axis_law: tuple[tuple[int, ...], ...], allied_dice: tuple[Die | None, ...]) -> np.ndarray:
    """One card from the numerators ``p[a, x]``: the Axis fire, then the Allied fire die by die
    (see the module's text). The result is over ``_den(axis_law, allied_dice)`` times p's."""
    na, nx = p.shape
    rows = np.arange(na)
    moved = np.zeros((na, na, nx), dtype=object)  # moved[a, a2, x]: the Axis fire of force x took a to a2
    for hits in range(len(axis_law[0])):
        ways = np.array([law[hits] for law in axis_law], dtype=object)  # per Axis force x
        moved[rows, np.minimum(rows + hits, na - 1), :] += p * ways
    scale = 1  # what the dice already rolled add to the denominator of a force that lacks them
    law = moved[0]
    for a, die in enumerate(allied_dice):
        law = roll(law, die)
        if die is not None:
            scale *= sum(die)
        law = law + moved[a + 1] * scale
    return law


def roll(law: np.ndarray, die: Die | None) -> np.ndarray:
    """``law[a2, x]`` after one more Allied die: a miss leaves Axis force ``x``, a hit takes it
    to ``x + 1`` (the last force, no units, stays: R-COMBAT-5).

    >>> roll(np.array([[6, 0, 0]], dtype=object), (5, 1)).tolist()   # one die hitting on 1
    [[30, 6, 0]]
    """
    if die is None:
        return law
    miss, hit = die
    out = law * miss
    out[:, 1:] += law[:, :-1] * hit
    out[:, -1] += law[:, -1] * hit
    return out


def _den(axis_law: tuple[tuple[int, ...], ...], allied_dice: tuple[Die | None, ...]) -> int:
    return sum(axis_law[0]) * math.prod(sum(d) for d in allied_dice if d is not None)


@lru_cache(maxsize=64)
def _card_step(model: FightModel, k: int) -> tuple[tuple[int, tuple[tuple[tuple[int, ...], ...], tuple[Die | None, ...]]], ...] | None:
    """Per combat option of kind ``k``: (its weight, (the Axis forces' hits as ways over one
    denominator, the Allied forces' extra dice)), or None where the dice do not come one per unit."""
    attacker = model.kinds[k][0]
    modes = []
    for weight, opts in model.kinds[k][1]:
        axis_dice = die_by_die(model.side_x, "axis", attacker == "axis", opts)
        allied_dice = die_by_die(model.side_a, "allies", attacker == "allies", opts)
        if axis_dice is None or allied_dice is None or not _capped(model.side_a) or not _capped(model.side_x):
            return None
        modes.append((weight, (hit_laws(axis_dice), allied_dice)))
    return tuple(modes)


def _capped(side: LossChain) -> bool:
    """Whether ``k`` hits take force ``i`` to force ``min(i + k, last)``: a loss order's list."""
    n = len(side.forces)
    return side.after == capped_steps(n, len(side.after[0]) - 1)


@lru_cache(maxsize=1024)
def die_by_die(side: LossChain, side_name: str, attacking: bool, opts: CombatOptions) -> tuple[Die | None, ...] | None:
    """Per force but the last: the one die it rolls beyond the next force (None: no more dice),
    from the engine's dice groups; None if some force rolls more than one die beyond the next,
    or other dice, or the last force rolls any.

    >>> from dday.rules.units import Force
    >>> die_by_die(LossChain((Force(infantry=1, tank=1), Force(tank=1), Force()), ()), "allies", True, CombatOptions())
    ((5, 1), (1, 1))
    """
    dice = [Counter(dict(side_groups(f, side_name, attacking, opts))) for f in side.forces]
    if dice[-1].total():
        return None
    out: list[Die | None] = []
    for more, fewer in pairwise(dice):
        extra = more - fewer
        if fewer - more or extra.total() > 1:  # a die changed its number, or more than one more die
            return None
        if not extra:
            out.append(None)
            continue
        (hit_on,) = extra
        common = math.gcd(6 - hit_on, hit_on)
        out.append(((6 - hit_on) // common, hit_on // common))
    return tuple(out)


def hit_laws(dice: tuple[Die | None, ...]) -> tuple[tuple[int, ...], ...]:
    """Per force of the list: ways to score 0, 1, … hits, all over the first force's denominator
    (the product of its dice's), padded with zeros to one length.

    >>> hit_laws(((5, 1), (1, 1)))   # infantry + tank, then the tank alone, then nothing; over 6 × 2
    ((5, 6, 1), (6, 6, 0), (12, 0, 0))
    """
    laws: list[tuple[int, ...]] = [(1,)]
    for die in reversed(dice):
        last = laws[-1]
        if die is None:
            laws.append(last)
            continue
        miss, hit = die
        laws.append(tuple(miss * a + hit * b for a, b in zip((*last, 0), (0, *last), strict=True)))
    laws.reverse()
    width = len(laws[0])
    den = sum(laws[0])
    return tuple((*(w * (den // sum(law)) for w in law), *([0] * (width - len(law)))) for law in laws)


def clear_caches() -> None:
    """Forget the memoised results of this module (see :func:`dday.odds.clear_caches`)."""
    _card_step.cache_clear()
    die_by_die.cache_clear()
