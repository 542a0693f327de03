"""Who holds the zone after the last card, without the table: the question a bot asks
hundreds of times a game (:func:`dday.odds.hold_chances`, :func:`dday.bots.strong.hold_probability`).

The float chain of :mod:`.fight_model` runs to the card before the last; the last card only
decides who holds. Given the state, the two sides fire independently (R-COMBAT-6), and a side is
wiped out when the enemy scores at least as many hits as it has units (R-COMBAT-5). So

    P(Allies hold) = sum over states of P(state) × P(the Allies are not wiped out) × P(the Axis is),

and no transition matrix is needed for the last card (nor for the first: from the start, only
the start's row of it).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ..rules.units import Force
from .dice_weights import CombatOptions
from .fight_model import FightModel, hit_floats

__all__ = ["at_least", "run_holds"]


def run_holds(model: FightModel, sequence: Sequence[int]) -> tuple[float, float]:
    """(P(the Allies hold), P(the Axis hold)) after the cards, without the table: what a bot asks.

    The float chain runs to the card before the last (the first card from the start needs only
    the start's row). The last card only decides who holds: given the state, the two sides'
    fire is independent, and a side is wiped out when the enemy scores at least as many hits
    as it has units (R-COMBAT-5), so P(Allies hold) is the sum over the states of
    P(state) × P(the Allies are not wiped out) × P(the Axis is). Equal to the table's
    ``allies_hold`` and ``axis_hold`` up to rounding (a few units in the 16th digit).
    """
    side_a, side_x = model.side_a, model.side_x
    if not sequence:
        alive_a, alive_x = side_a.forces[0].total > 0, side_x.forces[0].total > 0
        return float(alive_a and not alive_x), float(alive_x and not alive_a)
    *before, last = sequence
    if before:
        p = model.from_start(before[0])
        for k in before[1:]:
            p = model.step(p, k)
    else:
        p = np.zeros(model.size)
        p[0] = 1.0
    p = p.reshape(len(side_a.forces), len(side_x.forces))
    attacker = model.kinds[last][0]
    allies = axis = 0.0
    for w, opts in model.modes(last):
        tail_a = at_least(side_a.forces, "allies", attacker == "allies", opts)
        tail_x = at_least(side_x.forces, "axis", attacker == "axis", opts)
        # [a, x]: P(Axis force x scores at least the units of Allied force a), and the other way round
        wiped_a = tail_x[:, np.minimum(side_a.units, tail_x.shape[1] - 1)].T
        wiped_x = tail_a[:, np.minimum(side_x.units, tail_a.shape[1] - 1)]
        allies += w * float(np.sum(p * (1.0 - wiped_a) * wiped_x))
        axis += w * float(np.sum(p * wiped_a * (1.0 - wiped_x)))
    return allies, axis


@lru_cache(maxsize=4096)
def at_least(forces: tuple[Force, ...], side: str, attacking: bool, opts: CombatOptions) -> np.ndarray:
    """``tail[f, m]`` = P(force ``f`` scores at least ``m`` hits), for ``m`` = 0 .. the most dice + 1
    (the last column is 0: more hits than dice). Memoised, read-only.

    >>> at_least((Force(infantry=1), Force()), "allies", True, CombatOptions()).round(4).tolist()   # one die hitting on 1; none
    [[1.0, 0.1667, 0.0], [1.0, 0.0, 0.0]]
    """
    hits = hit_floats(forces, side, attacking, opts)
    tail = np.zeros((hits.shape[0], hits.shape[1] + 1))
    tail[:, :-1] = np.cumsum(hits[:, ::-1], axis=1)[:, ::-1]
    tail.flags.writeable = False
    return tail


def clear_caches() -> None:
    """Forget the memoised results of this module (see :func:`dday.odds.clear_caches`)."""
    at_least.cache_clear()
