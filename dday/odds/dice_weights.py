"""Dice as integer weights over 6**n: how many ways n dice give k hits, one side's combat dice
(grouped as the engine groups them), and the public :func:`hits`, :func:`hit_distribution`, :func:`side_hits`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Final

from ..errors import OddsInputError
from ..rules import dice as dice_mod
from ..rules.orders.combat import combat_dice, dice_groups, tac10_paired_infantry
from ..rules.units import Force
from ..rules.words import plural, roll_words
from . import inputs
from .distribution import Distribution, UnitSpec, as_force, binomial_words, check_side, fmt, from_weights, number_word, power_text

# ---------------------------------------------------------------------------------------------
# dice as integer weights over 6**n (exact; the same binomial as dday.rules.dice.hit_distribution)


@cache
def int_weights(n: int, hit_on: int) -> tuple[int, ...]:
    """``hit_distribution(n, hit_on)`` scaled by 6**n: integer ways out of 6**n (``dday.rules.dice.hit_weights``)."""
    return dice_mod.hit_weights(n, hit_on)


def _convolve(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return tuple(out)


@cache
def _dice_weights(groups: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Ways to score 0..dice hits: the convolution of one binomial per group of dice.

    ``n`` dice hitting on ``h`` score ``k`` hits in ``C(n, k)·h**k·(6 − h)**(n − k)`` ways out of
    ``6**n`` (``dday.rules.dice.hit_weights``); two groups together score ``k`` hits in
    ``sum(ways1[i] * ways2[k - i])`` ways.

    >>> _dice_weights(((2, 2),))          # two dice hitting on 2: (2z + 4)**2 = 16 + 16z + 4z**2
    (16, 16, 4)
    """
    if not groups:
        return (1,)  # no dice: no hits, one way
    w = int_weights(groups[0][1], groups[0][0])
    for hit_on, n in groups[1:]:
        w = _convolve(w, int_weights(n, hit_on))
    return w


@dataclass(frozen=True, slots=True)
class CombatOptions:
    """What changes the dice of one attack card's combat; the defaults are the official basic game
    (:data:`NORMAL`). The fields are the keyword options of :func:`dday.rules.orders.combat.combat_dice`,
    checked, plus ``tac10``.

    * ``infantry_hit``: the attacking infantry hit on this number instead of 1 (fortune result 1, FORT-11 / FORT-13).
    * ``paired_infantry``: that many attacking infantry, paired with artillery, hit on 2 (TAC-10 with a known count).
    * ``artillery_rolls``: False under the artillery orders of VAR-RM-9, where artillery rolls no die in land combat.
    * ``tac10``: TAC-10 on this card: as many attacking infantry as the attacking force has artillery are paired
      (the count follows the force as it shrinks, see :func:`opts_for`); it needs ``paired_infantry`` 0.

    >>> CombatOptions(infantry_hit=2)
    CombatOptions(infantry_hit=2, paired_infantry=0, artillery_rolls=True, tac10=False)
    >>> CombatOptions(paired_infantry=-1)
    Traceback (most recent call last):
        ...
    dday.errors.OddsInputError: paired_infantry must be between 0 and 30, got -1
    """

    infantry_hit: int | None = None
    paired_infantry: int = 0
    artillery_rolls: bool = True
    tac10: bool = False

    def __post_init__(self) -> None:
        if self.infantry_hit is not None:
            inputs.hit_number("infantry_hit", self.infantry_hit)
        inputs.count("paired_infantry", self.paired_infantry, inputs.MAX_UNITS_A_SIDE)
        inputs.flag("artillery_rolls", self.artillery_rolls)
        if inputs.flag("tac10", self.tac10) and self.paired_infantry:
            raise OddsInputError("tac10 pairs one infantry per artillery itself: leave paired_infantry at 0")


NORMAL: Final = CombatOptions()
"""The official basic game: infantry hit on 1, no pairing, artillery rolls."""


def opts_for(force: Force, attacking: bool, opts: CombatOptions) -> dict[str, Any]:
    """``opts`` as the keyword arguments of :func:`dday.rules.orders.combat.combat_dice` for ``force`` (TAC-10 counted for this force)."""
    if not attacking:  # fortune and TAC-10 change the attacker's numbers only
        return {"artillery_rolls": opts.artillery_rolls}
    paired = tac10_paired_infantry(force, "allies", True) if opts.tac10 else opts.paired_infantry
    return {"infantry_hit": opts.infantry_hit, "paired_infantry": paired, "artillery_rolls": opts.artillery_rolls}


def side_groups(force: Force, side: str, attacking: bool, opts: CombatOptions) -> tuple[tuple[int, int], ...]:
    """The (hit number, dice) groups the engine rolls for ``force`` (:func:`dday.rules.orders.combat.dice_groups`)."""
    if opts == NORMAL:
        return dice_groups(force, side, attacking)
    return dice_groups(force, side, attacking, **opts_for(force, attacking, opts))


@cache
def side_weights(force: Force, side: str, attacking: bool, opts: CombatOptions = NORMAL) -> tuple[int, ...]:
    """Ways (out of 6**dice) for the side to score 0..dice hits: a convolution over hit numbers."""
    return _dice_weights(side_groups(force, side, attacking, opts))


def dice_count(force: Force, attacking: bool, opts: CombatOptions) -> int:
    """How many dice ``force`` rolls in a cycle (artillery roll none under VAR-RM-9)."""
    return force.total - (0 if opts.artillery_rolls else force.artillery)


def hits(n_dice: int, hit_on: int) -> tuple[Fraction, ...]:
    """Exact P(0..n hits) for ``n_dice`` dice each hitting on ``hit_on`` or less (R-GEN-2).

    >>> [str(p) for p in hits(2, 2)]
    ['4/9', '4/9', '1/9']
    """
    n_dice, hit_on = inputs.count("n_dice", n_dice, inputs.MAX_EVENT_DICE), inputs.hit_number("hit_on", hit_on)
    return dice_mod.hit_distribution(n_dice, hit_on)


def hit_distribution(n_dice: int, hit_on: int, what: str = "dice") -> Distribution:
    """:func:`hits` as a :class:`Distribution` with an explanation (``what`` names the dice: "bombers")."""
    n_dice, hit_on = inputs.count("n_dice", n_dice, inputs.MAX_EVENT_DICE), inputs.hit_number("hit_on", hit_on)
    what = inputs.text("what", what)
    miss = f"{6 - hit_on}/6"
    what = plural(n_dice, "die") if what == "dice" else what  # "one die", "two dice"
    title = f"Hits from {number_word(n_dice)} {what}{', each' if n_dice > 1 else ''} hitting on {roll_words(hit_on)}"
    p_any = 1 - hits(n_dice, hit_on)[0]
    if not n_dice:
        formula = "No dice, so no hits."
    elif n_dice == 1:
        formula = f"One die hits with chance {hit_on}/6 and misses with chance {miss}."
    else:
        formula = (
            f"Each die misses with chance {miss}, so at least one hits with chance 1 − {power_text(miss, n_dice)} = {fmt(p_any)}.\n"
            + binomial_words(n_dice, hit_on)
        )
    return Distribution(dict(enumerate(hits(n_dice, hit_on))), title=title, formula=formula, outcome_name="hits")


def side_hits(
    force: UnitSpec, side: str, attacking: bool, *, infantry_hit: int | None = None, paired_infantry: int = 0, artillery_rolls: bool = True
) -> Distribution:
    """Hits one side scores in a combat cycle (before capping), grouped by hit number.

    The keyword options are those of :func:`dday.rules.orders.combat.combat_dice` (see :func:`cycle`).

    >>> side_hits("3i 1a 3t", "axis", True)[3]
    Fraction(469, 1728)
    >>> side_hits("2i", "axis", True, infantry_hit=2)[2]         # FORT-13 result 1
    Fraction(1, 9)
    """
    f = as_force(force)
    side, attacking = check_side(side), inputs.flag("attacking", attacking)
    opts = CombatOptions(infantry_hit, paired_infantry, artillery_rolls)
    dice = combat_dice(f, side, attacking, **opts_for(f, attacking, opts))
    groups = ", ".join(f"{n} on {h}" for h, n in dice.groups)
    return from_weights(
        dict(enumerate(side_weights(f, side, attacking, opts))),
        dice.count,
        title=f"{side.capitalize()} {f.short()} {'attacking' if attacking else 'defending'}: hits scored",
        formula=f"dice grouped by hit number ({groups}); the hits of the groups add up, each group scoring k of its n dice with chance C(n,k)(N/6)^k(1−N/6)^(n−k)",
        outcome_name="hits",
    )


def clear_caches() -> None:
    """Forget the memoised results of this module (see :func:`dday.odds.clear_caches`)."""
    for fn in (int_weights, _dice_weights, side_weights):
        fn.cache_clear()
