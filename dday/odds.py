"""Exact odds: every answer is a :class:`fractions.Fraction`, computed from the engine's own rules.

Nothing here copies a rule: unit values come from :mod:`dday.units`, dice from
:func:`dday.dice.hit_distribution` and the grouping of combat dice from
:func:`dday.engine.combat_dice`. Internally probabilities are kept as integers over a power
of 6 (every die has six faces), which is exact and much faster than adding Fractions; the
multi-card fight (:func:`zone_fight_exact`) keeps them as base-2**16 digits in numpy arrays.

>>> hits(1, 1)                                   # one die hitting on 1
(Fraction(5, 6), Fraction(1, 6))
>>> d = hit_distribution(3, 1)
>>> d.at_least(1)
Fraction(91, 216)
>>> print(d.explain().splitlines()[1])
three dice hitting on 1: P(at least one hit) = 1 − (5/6)³ = 91/216 ≈ 42.1 %
>>> c = cycle({"infantry": 3, "artillery": 1, "tank": 3}, {"infantry": 2, "artillery": 4, "tank": 1}, "axis")
>>> sum(c.values())
Fraction(1, 1)

Special events: :func:`paratroopers` (ORDER-1), :func:`naval_bombardment` (ORDER-2),
:func:`antiaircraft` (ORDER-4/6), :func:`bomber_strike` (ORDER-5), :func:`fire_to_sea`
(ORDER-9), :func:`strafing` (ORDER-12/15) and :func:`reinforcements` (ORDER-14).
A whole fight for one zone over several attack cards is :func:`zone_fight`.
"""

from __future__ import annotations

import math
import struct
import sys
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from itertools import repeat
from typing import Any, Final, Literal, NamedTuple, overload

import numpy as np
import pandas as pd

from . import dice as dice_mod
from .board import Board, load_board
from .engine import combat_dice, dice_groups, hit_number
from .state import Rules, State, initial_state
from .units import (
    HIT_AA,
    HIT_BLOCKHOUSE_TO_SEA,
    HIT_BOMBER,
    HIT_NAVAL,
    HIT_PARATROOPER,
    HIT_STRAFE,
    LAND_TYPES,
    Force,
    other_side,
)

__all__ = [
    "AXIS_LOSS_ORDER",
    "DEFAULT_POLICY",
    "ENGINE_ORDER_POLICY",
    "CasualtyPolicy",
    "Distribution",
    "LossOrder",
    "ZoneFight",
    "antiaircraft",
    "bomber_strike",
    "clear_caches",
    "combat_options",
    "cycle",
    "cycle_distribution",
    "fire_to_sea",
    "hit_distribution",
    "hit_numbers",
    "hits",
    "naval_bombardment",
    "naval_bombardment_by_zone",
    "paratroopers",
    "reinforcement_placed",
    "reinforcements",
    "side_hits",
    "strafe_dice",
    "strafing",
    "zone_fight",
    "zone_fight_exact",
]

UnitSpec = str | Mapping[str, int] | Force

# ---------------------------------------------------------------------------------------------
# formatting helpers

_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_SUP: Final = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _word(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _pow(base: str, n: int) -> str:
    return base if n == 1 else f"({base}){str(n).translate(_SUP)}"


def fmt(p: Fraction) -> str:
    """'91/216 ≈ 42.1 %': the exact value and a percentage with one decimal.

    >>> fmt(Fraction(1, 6))
    '1/6 ≈ 16.7 %'
    """
    return f"{p} ≈ {float(p) * 100:.1f} %"


def _force(spec: UnitSpec) -> Force:
    if isinstance(spec, Force):
        return spec
    if isinstance(spec, str):
        from .scenario import force as parse  # local import: scenario imports the engine too

        return parse(spec)
    return Force.from_dict(dict(spec))


def _check_side(side: str) -> str:
    if side not in ("allies", "axis"):
        raise ValueError(f"side must be 'allies' or 'axis', got {side!r}")
    return side


# ---------------------------------------------------------------------------------------------
# Distribution: the result type


@dataclass(frozen=True, eq=False)
class Distribution:
    """An exact probability distribution ``{outcome: Fraction}`` with views and an explanation.

    >>> d = Distribution({0: Fraction(1, 4), 1: Fraction(3, 4)}, title="a test")
    >>> d[1], d[5], d.mean()
    (Fraction(3, 4), Fraction(0, 1), Fraction(3, 4))
    >>> d.to_series().tolist()
    [0.25, 0.75]
    """

    probs: Mapping[Any, Fraction]
    title: str = ""
    formula: str = ""
    outcome_name: str = "outcome"

    def __post_init__(self) -> None:
        if not isinstance(self.probs, _SurvivorLaw) and any(p < 0 for p in self.probs.values()):
            raise ValueError("probabilities cannot be negative")

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self.probs.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.probs)

    def __len__(self) -> int:
        return len(self.probs)

    def items(self) -> Iterator[tuple[Hashable, Fraction]]:
        return iter(self.probs.items())

    @property
    def total(self) -> Fraction:
        """The sum of all probabilities (exactly 1 for every result of this module)."""
        return sum(self.probs.values(), Fraction(0))

    def prob(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event) for a predicate on outcomes."""
        return sum((p for o, p in self.probs.items() if event(o)), Fraction(0))

    def at_least(self, k: int) -> Fraction:
        return self.prob(lambda o: o >= k)

    def at_most(self, k: int) -> Fraction:
        return self.prob(lambda o: o <= k)

    def mean(self) -> Fraction:
        """Expected value (numeric outcomes only)."""
        return sum((Fraction(o) * p for o, p in self.probs.items()), Fraction(0))  # type: ignore[call-overload]

    def marginal(self, index: int, name: str = "") -> Distribution:
        """For tuple outcomes: the distribution of component ``index``."""
        out: dict[Hashable, Fraction] = {}
        for o, p in self.probs.items():
            k = o[index]  # type: ignore[index]
            out[k] = out.get(k, Fraction(0)) + p
        return Distribution(
            dict(sorted(out.items())), title=f"{self.title} — {name or f'component {index}'}", outcome_name=name or self.outcome_name
        )

    def to_series(self) -> pd.Series:
        """Float probabilities indexed by outcome (for plots)."""
        return pd.Series([float(p) for p in self.probs.values()], index=list(self.probs), name=self.title or "probability", dtype=float)

    def to_frame(self) -> pd.DataFrame:
        """One row per outcome: the outcome, the exact fraction (as text) and the float."""
        return pd.DataFrame(
            {
                self.outcome_name: list(self.probs),
                "exact": [str(p) for p in self.probs.values()],
                "probability": [float(p) for p in self.probs.values()],
            }
        )

    def explain(self) -> str:
        """A few plain-language lines: what is computed, the formula, the key numbers."""
        lines = [self.title] if self.title else []
        if self.formula:
            lines.append(self.formula)
        numeric = all(isinstance(o, int) for o in self.probs)
        if numeric and self.probs:
            lines.append(f"expected {self.outcome_name}: {float(self.mean()):.3f}")
            lines.append("; ".join(f"P({o}) = {fmt(p)}" for o, p in self.probs.items()))
        return "\n".join(lines)

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in list(self.probs.items())[:8])
        more = ", …" if len(self.probs) > 8 else ""
        return f"Distribution({self.title!r}, {{{body}{more}}})"


def _from_weights(weights: Mapping[Hashable, int], exponent: int, **kw: Any) -> Distribution:
    den = 6**exponent
    return Distribution({o: Fraction(w, den) for o, w in weights.items() if w}, **kw)


# ---------------------------------------------------------------------------------------------
# dice as integer weights over 6**n (exact; the same binomial as dday.dice.hit_distribution)


@cache
def _int_weights(n: int, hit_on: int) -> tuple[int, ...]:
    """``hit_distribution(n, hit_on)`` scaled by 6**n: integer ways out of 6**n (``dday.dice.hit_weights``)."""
    return dice_mod.hit_weights(n, hit_on)


def _convolve(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return tuple(out)


_PACK_DICE: Final = 24  # 6**24 < 2**63: every coefficient fits one 64-bit slot


_CONTENT: Final = tuple(math.gcd(h, 6 - h) for h in range(7))  # gcd of the coefficients of h·z + (6 − h)
# (h·z + (6 − h))**n packed, and its content, for every hit number h and n <= _PACK_DICE dice: a
# fixed table (like the binomial coefficients), made once
_DIE_POWERS: Final = tuple(tuple(((h << 64) | (6 - h)) ** n for n in range(_PACK_DICE + 1)) for h in range(7))
_CONTENT_POWERS: Final = tuple(tuple(c**n for n in range(_PACK_DICE + 1)) for c in _CONTENT)


def _packed_ways(groups: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The polynomial of :func:`_dice_weights` packed in one integer, a 64-bit slot per
    coefficient (lowest first; for at most :data:`_PACK_DICE` dice), and the gcd of its
    coefficients. By Gauss's lemma the gcd of a product of polynomials is the product of
    their gcds: gcd(h, 6 − h) per die (2 for h = 2 or 4, 3 for h = 3).

    >>> p, g = _packed_ways(((2, 2),))          # (2z + 4)**2 = 4z**2 + 16z + 16
    >>> [p >> 64 * k & 0xFFFF for k in range(3)], g
    ([16, 16, 4], 4)
    """
    p = g = 1
    for hit_on, n in groups:
        if n <= _PACK_DICE:
            p *= _DIE_POWERS[hit_on][n]
            g *= _CONTENT_POWERS[hit_on][n]
        else:
            p *= ((hit_on << 64) | (6 - hit_on)) ** n
            g *= _CONTENT[hit_on] ** n
    return p, g


def _dice_weights(groups: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Ways to score 0..dice hits: the product of one polynomial per die.

    A die hitting on ``h`` is ``h·z + (6 − h)`` (``h`` faces hit, the rest miss), so ``n`` dice
    hitting on ``h`` are its ``n``-th power: the binomial of ``dday.dice.hit_weights``. Packed
    as one integer with a 64-bit slot per coefficient, the product of polynomials is one
    integer product (and powers are integer powers); no coefficient exceeds 6**dice, so slots
    never overflow for up to 24 dice (beyond that: a plain convolution of the binomials).
    """
    count = sum(n for _, n in groups)
    if count > _PACK_DICE:
        w: tuple[int, ...] = (1,)
        for hit_on, n in groups:
            w = _convolve(w, _int_weights(n, hit_on))
        return w
    return struct.unpack(f"<{count + 1}Q", _packed_ways(groups)[0].to_bytes(8 * (count + 1), "little"))


# Combat options, as passed to :func:`dday.engine.combat_dice`: (infantry_hit, paired_infantry,
# artillery_rolls). ``NORMAL`` is the official basic game. ``paired_infantry == -1`` means "as
# many as the attacker's artillery" (TAC-10), resolved against the force that fires.
CombatOptions = tuple[int | None, int, bool]
NORMAL: Final[CombatOptions] = (None, 0, True)


def _opts_for(force: Force, attacking: bool, opts: CombatOptions) -> dict[str, Any]:
    infantry_hit, paired, arty = opts
    if not attacking:  # fortune and TAC-10 change the attacker's numbers only
        return {"artillery_rolls": arty}
    return {"infantry_hit": infantry_hit, "paired_infantry": force.artillery if paired < 0 else paired, "artillery_rolls": arty}


def _groups(force: Force, side: str, attacking: bool, opts: CombatOptions) -> tuple[tuple[int, int], ...]:
    """The (hit number, dice) groups the engine rolls for ``force`` (:func:`dday.engine.dice_groups`)."""
    if opts == NORMAL:
        return dice_groups(force, side, attacking)
    return dice_groups(force, side, attacking, **_opts_for(force, attacking, opts))


@cache
def _side_weights(force: Force, side: str, attacking: bool, opts: CombatOptions = NORMAL) -> tuple[int, ...]:
    """Ways (out of 6**dice) for the side to score 0..dice hits: a convolution over hit numbers."""
    return _dice_weights(_groups(force, side, attacking, opts))


def _dice_count(force: Force, attacking: bool, opts: CombatOptions) -> int:
    return force.total - (0 if opts[2] else force.artillery)


def hits(n_dice: int, hit_on: int) -> tuple[Fraction, ...]:
    """Exact P(0..n hits) for ``n_dice`` dice each hitting on ``hit_on`` or less (R-GEN-2).

    >>> [str(p) for p in hits(2, 2)]
    ['4/9', '4/9', '1/9']
    """
    return dice_mod.hit_distribution(n_dice, hit_on)


def hit_distribution(n_dice: int, hit_on: int, what: str = "dice") -> Distribution:
    """:func:`hits` as a :class:`Distribution` with an explanation."""
    miss = f"{6 - hit_on}/6"
    title = f"Hits from {_word(n_dice)} {what} hitting on {hit_on}"
    p_any = 1 - hits(n_dice, hit_on)[0]
    formula = (
        f"{_word(n_dice)} {what} hitting on {hit_on}: P(at least one hit) = 1 − {_pow(miss, n_dice)} = {fmt(p_any)}"
        if n_dice
        else "no dice: no hits"
    )
    formula += f"\nP(k hits) = C({n_dice},k)·({hit_on}/6)^k·({miss})^({n_dice}−k) (binomial)" if n_dice > 1 else ""
    return Distribution(dict(enumerate(hits(n_dice, hit_on))), title=title, formula=formula, outcome_name="hits")


def side_hits(
    force: UnitSpec, side: str, attacking: bool, *, infantry_hit: int | None = None, paired_infantry: int = 0, artillery_rolls: bool = True
) -> Distribution:
    """Hits one side scores in a combat cycle (before capping), grouped by hit number.

    The keyword options are those of :func:`dday.engine.combat_dice` (see :func:`cycle`).

    >>> side_hits("3i 1a 3t", "axis", True)[3]
    Fraction(469, 1728)
    >>> side_hits("2i", "axis", True, infantry_hit=2)[2]         # FORT-13 result 1
    Fraction(1, 9)
    """
    f = _force(force)
    opts: CombatOptions = (infantry_hit, paired_infantry, artillery_rolls)
    dice = combat_dice(f, _check_side(side), attacking, **_opts_for(f, attacking, opts))
    groups = ", ".join(f"{n} on {h}" for h, n in dice.groups)
    return _from_weights(
        dict(enumerate(_side_weights(f, side, attacking, opts))),
        dice.count,
        title=f"{side.capitalize()} {f.short()} {'attacking' if attacking else 'defending'}: hits scored",
        formula=f"dice grouped by hit number ({groups}); the distribution is the convolution of one binomial per group",
        outcome_name="hits",
    )


# ---------------------------------------------------------------------------------------------
# one combat cycle (R-COMBAT-3..7)


def _validate_forces(att: Force, dfn: Force, attacking_side: str) -> None:
    _check_side(attacking_side)
    allied = att if attacking_side == "allies" else dfn
    if allied.blockhouse:
        raise ValueError("only the Axis has blockhouses (R-BH-1)")


@cache
def _cycle_weights(att: Force, dfn: Force, attacking_side: str, opts: CombatOptions = NORMAL) -> tuple[dict[tuple[int, int], int], int]:
    """Joint ways (out of 6**(dice of both sides)) of (attacker hits, defender hits), capped."""
    wa = _side_weights(att, attacking_side, True, opts)
    wd = _side_weights(dfn, other_side(attacking_side), False, opts)
    ca, cd = dfn.total, att.total  # hits beyond the units present are lost (R-COMBAT-5)
    ma: dict[int, int] = {}
    for i, w in enumerate(wa):
        ma[min(i, ca)] = ma.get(min(i, ca), 0) + w
    md: dict[int, int] = {}
    for j, w in enumerate(wd):
        md[min(j, cd)] = md.get(min(j, cd), 0) + w
    joint = {(i, j): x * y for i, x in ma.items() for j, y in md.items() if x and y}
    return joint, _dice_count(att, True, opts) + _dice_count(dfn, False, opts)


@cache
def _cycle_fractions(att: Force, dfn: Force, attacking_side: str, opts: CombatOptions = NORMAL) -> dict[tuple[int, int], Fraction]:
    joint, n = _cycle_weights(att, dfn, attacking_side, opts)
    den = 6**n
    return {k: Fraction(w, den) for k, w in joint.items()}


def cycle(
    attacker: Mapping[str, int] | UnitSpec,
    defender: Mapping[str, int] | UnitSpec,
    attacking_side: str,
    *,
    infantry_hit: int | None = None,
    paired_infantry: int = 0,
    artillery_rolls: bool = True,
) -> dict[tuple[int, int], Fraction]:
    """One combat cycle in one zone: P(attacker scores i hits, defender scores j hits).

    Both sides fire with every unit (casualties still fire, R-COMBAT-6), so the joint law is
    the product of two independent hit distributions; hits are capped at the enemy's units.

    The keyword options are passed to :func:`dday.engine.combat_dice`, so the advanced rules
    change the odds exactly as they change the engine's dice (:func:`combat_options` reads
    them off a game state):

    * ``infantry_hit=2``: FORT-11 / FORT-13 result 1, the attacking infantry hit on 1-2;
    * ``paired_infantry=k``: TAC-10, k attacking infantry (one per artillery) hit on 1-2;
    * ``artillery_rolls=False``: VAR-RM-9, artillery does not roll in land combat.

    >>> c = cycle({"infantry": 1}, {"blockhouse": 1}, "allies")
    >>> c[(1, 0)], c[(1, 1)]
    (Fraction(5, 36), Fraction(1, 36))
    >>> cycle({"infantry": 1}, {"blockhouse": 1}, "allies", infantry_hit=2)[(1, 0)]   # FORT-11 result 1
    Fraction(5, 18)
    """
    att, dfn = _force(attacker), _force(defender)
    _validate_forces(att, dfn, attacking_side)
    return dict(_cycle_fractions(att, dfn, attacking_side, (infantry_hit, paired_infantry, artillery_rolls)))


def cycle_distribution(
    attacker: UnitSpec,
    defender: UnitSpec,
    attacking_side: str,
    *,
    infantry_hit: int | None = None,
    paired_infantry: int = 0,
    artillery_rolls: bool = True,
) -> Distribution:
    """:func:`cycle` as a :class:`Distribution` over (attacker hits, defender hits), explained."""
    att, dfn = _force(attacker), _force(defender)
    _validate_forces(att, dfn, attacking_side)
    dside = other_side(attacking_side)
    opts: CombatOptions = (infantry_hit, paired_infantry, artillery_rolls)
    joint = _cycle_fractions(att, dfn, attacking_side, opts)
    ga = ", ".join(f"{n} on {h}" for h, n in combat_dice(att, attacking_side, True, **_opts_for(att, True, opts)).groups)
    gd = ", ".join(f"{n} on {h}" for h, n in combat_dice(dfn, dside, False, **_opts_for(dfn, False, opts)).groups)
    d = Distribution(
        dict(joint),
        title=f"One combat cycle: {attacking_side.capitalize()} {att.short()} attack {dside.capitalize()} {dfn.short()}",
        outcome_name="(attacker hits, defender hits)",
    )
    ea = d.marginal(0).mean()
    ed = d.marginal(1).mean()
    formula = (
        f"attacker dice: {ga}; defender dice: {gd} (casualties still fire, R-COMBAT-6)\n"
        f"P(i, j) = P(attacker scores i) × P(defender scores j), each a convolution of binomials over hit numbers;"
        f" hits capped at {dfn.total} and {att.total} units\n"
        f"expected hits: attacker {float(ea):.3f}, defender {float(ed):.3f};"
        f" P(attacker scores more hits) = {fmt(d.prob(lambda o: o[0] > o[1]))}"
    )
    return Distribution(d.probs, title=d.title, formula=formula, outcome_name=d.outcome_name)


# ---------------------------------------------------------------------------------------------
# casualty policies (R-COMBAT-5: the owner chooses)

CasualtyPolicy = Callable[[Force, int, str], Force]
"""``policy(force, hits, side) -> losses``: which units ``side`` gives up for ``hits`` hits.
A policy must be hashable and always give the same losses for the same arguments: what it
answers is memoised, per policy."""

ALLIED_LOSS_ORDER: Final[tuple[str, ...]] = ("infantry", "artillery", "tank")
AXIS_LOSS_ORDER: Final[tuple[str, ...]] = ("infantry", "artillery", "blockhouse", "tank")


@dataclass(frozen=True)
class LossOrder:
    """A fixed order of loss per side: remove the first type in the order that is present.

    The default (:data:`DEFAULT_POLICY`) is "least valuable first":

    * Allies: infantry (attack 1), artillery (2), tank (3) — all defend on 2, so the order
      follows attack value.
    * Axis: infantry, artillery, **blockhouse**, tank. Firepower over one turn (one attack
      card plus one defence card, in pips): infantry 1+2, artillery 2+2, blockhouse 3+1,
      tank 3+3. Artillery and blockhouse tie; the blockhouse is kept longer because it can
      never be replaced (R-BH-6), is the one unit paratroopers cannot hit, does not use
      stacking room (R-STACK-2) and, where it has an arc, also fires to sea on order 9; the
      artillery's extra uses (moving, AA) matter less to a zone that is locked in combat.

    >>> DEFAULT_POLICY(Force(infantry=1, blockhouse=2, tank=1), 2, "axis")
    Force(infantry=1, artillery=0, tank=0, blockhouse=1)
    """

    allies: tuple[str, ...] = ALLIED_LOSS_ORDER
    axis: tuple[str, ...] = AXIS_LOSS_ORDER

    def removal_order(self, side: str) -> tuple[str, ...]:
        """Every land unit type in the order ``side`` gives it up (types not listed come last)."""
        order = self.allies if side == "allies" else self.axis
        return (*order, *(u for u in LAND_TYPES if u not in order))

    def __call__(self, force: Force, hits: int, side: str) -> Force:
        left = min(hits, force.total)
        losses = Force()
        for unit in self.removal_order(side):
            n = min(left, force.get(unit))
            if n:
                losses = losses.add(unit, n)
                left -= n
        return losses

    def survivors(self, force: Force, side: str) -> list[Force]:
        """What is left of ``force`` after 0, 1, …, ``force.total`` hits (one unit per hit, in order).

        The units always go in the same order, so ``k`` more hits on ``survivors[j]`` leave
        ``survivors[j + k]``: a fight under a loss order only ever visits these forces.

        >>> [f.short() for f in DEFAULT_POLICY.survivors(Force(infantry=1, tank=1, blockhouse=1), "axis")]
        ['1i 1t 1b', '1t 1b', '1t', '-']
        """
        out = [force]
        counts = list(force)
        for unit in self.removal_order(side):
            i = _FORCE_FIELD[unit]
            for _ in range(counts[i]):
                counts[i] -= 1
                out.append(Force._make(counts))
        return out


_FORCE_FIELD: Final = {u: i for i, u in enumerate(Force._fields)}
DEFAULT_POLICY: Final = LossOrder()
ENGINE_ORDER_POLICY: Final = LossOrder(ALLIED_LOSS_ORDER, ("infantry", "artillery", "tank", "blockhouse"))
"""The order of ``dday.units.CHEAPEST_FIRST`` (blockhouse last) for comparison."""


# ---------------------------------------------------------------------------------------------
# the fight for one zone over several attack cards (a Markov chain)

_ALLIED_COLS: Final = ("infantry", "artillery", "tank")
_AXIS_COLS: Final = ("infantry", "artillery", "tank", "blockhouse")

_FIGHT_KEYS: Final = (
    "allies_hold",
    "axis_hold",
    "contested",
    "empty",
    *(f"E[allies_{u}]" for u in _ALLIED_COLS),
    *(f"E[axis_{u}]" for u in _AXIS_COLS),
)


@cache
def _after(policy: CasualtyPolicy, force: Force, hits: int, side: str) -> Force:
    return force.minus(policy(force, hits, side)) if hits else force


def _reachable_forces(policy: CasualtyPolicy, start: Force, side: str) -> list[Force]:
    """Every force ``policy`` can leave of ``start`` (0..total hits, repeatedly)."""
    seen = {start: None}
    todo = [start]
    while todo:
        f = todo.pop()
        for k in range(1, f.total + 1):
            g = _after(policy, f, k, side)
            if g not in seen:
                seen[g] = None
                todo.append(g)
    return list(seen)


def _coprime_fraction(n: int, d: int) -> Fraction:
    """``Fraction(n, d)`` for ``n``/``d`` already in lowest terms (``d > 0``), skipping a second gcd."""
    if _FRACTION_SLOTS:
        f = object.__new__(Fraction)
        f._numerator, f._denominator = n, d  # type: ignore[attr-defined]
        return f
    return Fraction(n, d)


def _fraction_slots_work() -> bool:
    try:
        f = object.__new__(Fraction)
        f._numerator, f._denominator = -3, 4  # type: ignore[attr-defined]
        return f == Fraction(-3, 4) and hash(f) == hash(Fraction(-3, 4)) and str(f) == "-3/4"
    except (AttributeError, TypeError):
        return False


_FRACTION_SLOTS: Final = _fraction_slots_work()


def _reduced(n: int, den: int, powers: tuple[int, int] | None) -> Fraction:
    """``Fraction(n, den)``, cheaply when ``den == 2**a * 3**b`` (``powers == (a, b)``).

    Only 2s (the trailing zero bits of ``n``) and 3s can cancel, so there is no gcd to take.

    >>> _reduced(12, 72, (3, 2)), _reduced(0, 6, (1, 1)), _reduced(10, 35, None)
    (Fraction(1, 6), Fraction(0, 1), Fraction(2, 7))
    """
    if powers is None:
        return Fraction(n, den)
    if not n:
        return _coprime_fraction(0, 1)
    twos = min((n & -n).bit_length() - 1, powers[0])
    n, den = n >> twos, den >> twos
    threes = powers[1]
    while threes and not n % 3:
        n, den, threes = n // 3, den // 3, threes - 1
    return _coprime_fraction(n, den)


class _ExactRows(Sequence[dict[str, Any]]):
    """The exact rows of a zone fight, one dict per card; a row is made when it is first read.

    Row ``c * k + j`` of ``digits`` (``k = len(_FIGHT_KEYS)``) holds the base-2**16 digits (not
    yet carried) of the numerator of column ``_FIGHT_KEYS[j]`` of card ``c + 1``, over
    ``dens[c]``; ``powers[c]`` is ``(a, b)`` with ``dens[c] == 2**a * 3**b``, or None. Reading
    the last row (what a bot or a plot title wants) costs 11 numerators, not 11 per card.
    Compares equal to a list of the same dicts.
    """

    def __init__(self, digits: np.ndarray, dens: Sequence[int], powers: Sequence[tuple[int, int] | None], first: str) -> None:
        self._digits, self.dens, self._powers, self._first = digits, dens, powers, first
        self._made: list[dict[str, Any] | None] = [None] * len(dens)

    def _make(self, c: int) -> dict[str, Any]:
        attacker = self._first if c % 2 == 0 else other_side(self._first)
        row: dict[str, Any] = {"card": c + 1, "order": 11 if attacker == "allies" else 13, "attacker": attacker}
        k, den, powers = len(_FIGHT_KEYS), self.dens[c], self._powers[c]
        numerators = _to_ints(self._digits[c * k : (c + 1) * k].copy())
        row.update(zip(_FIGHT_KEYS, [_reduced(n, den, powers) for n in numerators], strict=True))
        return row

    def __len__(self) -> int:
        return len(self.dens)

    def value(self, i: int, column: str) -> Fraction:
        """``self[i][column]``, making that one Fraction only (unless the row is made already)."""
        c = range(len(self))[i]
        row = self._made[c]
        if row is not None:
            return row[column]  # type: ignore[no-any-return]
        k = len(_FIGHT_KEYS)
        r = c * k + _FIGHT_KEYS.index(column)
        (n,) = _to_ints(self._digits[r : r + 1].copy())
        return _reduced(n, self.dens[c], self._powers[c])

    @overload
    def __getitem__(self, i: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, i: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, i: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(i, slice):
            return [self[c] for c in range(len(self))[i]]
        c = range(len(self))[i]  # IndexError and negative indices as for a list
        row = self._made[c]
        if row is None:
            row = self._made[c] = self._make(c)
        return row

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))

    def __deepcopy__(self, memo: dict[int, Any]) -> _ExactRows:
        return _ExactRows(self._digits, self.dens, self._powers, self._first)  # nothing here is ever changed


class _SurvivorLaw(Mapping[Hashable, Fraction]):
    """The final law of a fight, ``{(allies, axis): Fraction}``, most likely first.

    The exact chain leaves every numerator as base-2**16 digits over one common denominator;
    the Python ints, the Fractions and the keys are only made when the law is first read.
    """

    def __init__(self, side_a: Sequence[Force], side_x: Sequence[Force], digits: np.ndarray, den: int) -> None:
        self._parts: tuple[Sequence[Force], Sequence[Force], np.ndarray, int] | None = (side_a, side_x, digits, den)
        self._probs: dict[Hashable, Fraction] = {}

    def _law(self) -> dict[Hashable, Fraction]:
        if self._parts is not None:
            side_a, side_x, digits, den = self._parts
            table = np.zeros((digits.shape[0], digits.shape[1] + 2), dtype=np.int64)
            table[:, : digits.shape[1]] = digits  # float digits, exact integers: carried by _to_ints
            numerators = _to_ints(table)
            short_a, short_x = [f.short() for f in side_a], [f.short() for f in side_x]
            nx = len(side_x)
            order = sorted((i for i, m in enumerate(numerators) if m), key=lambda i: -numerators[i])
            self._probs = {(short_a[i // nx], short_x[i % nx]): Fraction(numerators[i], den) for i in order}
            self._parts = None
        return self._probs

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._law()[outcome]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._law())

    def __len__(self) -> int:
        return len(self._law())


@dataclass(frozen=True)
class ZoneFight:
    """Exact results of :func:`zone_fight_exact`: one row of Fractions per card, the final law.

    ``rows[c]`` is a dict (card, order, attacker and the Fractions of :func:`zone_fight`'s
    columns); rows are put in lowest terms when first read.
    """

    rows: Sequence[dict[str, Any]]
    final: Distribution
    allies: Force
    axis: Force
    first: str
    policy: CasualtyPolicy = field(repr=False)
    digit_sums: np.ndarray | None = field(default=None, repr=False, compare=False)
    """The chain's per-card sums as base-2**16 digits over each card's denominator (see :func:`_digit_floats`)."""

    @cached_property
    def float_table(self) -> np.ndarray:
        """The rows as floats, one row per card, one column per ``_FIGHT_KEYS`` entry (each
        within 1e-14, relative, of its Fraction; read-only)."""
        if self.digit_sums is not None and isinstance(self.rows, _ExactRows):
            table = _digit_floats(self.digit_sums, self.rows.dens)
        else:
            table = np.array([[float(r[c]) for c in _FIGHT_KEYS] for r in self.rows], dtype=float).reshape(len(self.rows), len(_FIGHT_KEYS))
        table.flags.writeable = False
        return table

    def exact(self, column: str, card: int = -1) -> Fraction:
        """One exact entry, ``rows[card][column]``, without making the rest of the row (what a
        one-number question or a bot needs; ``card`` counts from 0, -1 is the last card).

        >>> zone_fight_exact({"infantry": 1}, {"blockhouse": 1}, cards=2).exact("allies_hold", 0)
        Fraction(5, 36)
        """
        if column not in _FIGHT_KEYS:
            raise KeyError(f"{column!r} is not a column of a zone fight; the columns are {', '.join(_FIGHT_KEYS)}")
        if isinstance(self.rows, _ExactRows):
            return self.rows.value(card, column)
        return self.rows[card][column]  # type: ignore[no-any-return]

    @property
    def floats(self) -> tuple[float, ...]:
        """:attr:`float_table` flat, row by row."""
        return tuple(self.float_table.ravel().tolist())

    def to_frame(self) -> pd.DataFrame:
        """Floats for plots; the exact rows are in ``df.attrs['exact']`` (made when read)."""
        n = len(self.rows)
        table = self.float_table
        second = other_side(self.first)
        attackers = [self.first if c % 2 == 0 else second for c in range(n)]
        data: dict[str, Any] = {
            "card": np.arange(1, n + 1),
            "order": np.array([11 if a == "allies" else 13 for a in attackers], dtype=np.int64),
            "attacker": attackers,
        }
        data.update(zip(_FIGHT_KEYS, table.T, strict=True))
        df = pd.DataFrame(data)  # the default index: a RangeIndex
        df.attrs["exact"] = self.rows
        df.attrs["explanation"] = self.explain()
        return df

    def explain(self) -> str:
        text = [
            f"Fight for one zone: Allies {self.allies.short()} vs Axis {self.axis.short()}, {len(self.rows)} attack card(s), "
            f"{self.first.capitalize()} attack first (order {11 if self.first == 'allies' else 13}), then the cards alternate.",
            "A Markov chain over (Allied force, Axis force): each card is one cycle (R-COMBAT-2), both sides fire with all units "
            "(R-COMBAT-6), each owner removes casualties by its policy; a decided zone stays decided.",
            "Columns: allies_hold = only Allied units left, axis_hold = only Axis units (blockhouses count), contested = both, "
            "empty = nobody left (nobody controls it, R-CONTROL-1; counted apart, in neither hold).",
        ]
        if self.rows:
            last = self.float_table[-1].tolist()
            text.append(
                f"After card {len(self.rows)}: Allies hold ≈ {100 * last[0]:.1f} %, Axis hold ≈ {100 * last[1]:.1f} %, contested ≈ {100 * last[2]:.1f} %, "
                f"empty ≈ {100 * last[3]:.1f} % (the exact Fractions: ZoneFight.rows, or df.attrs['exact'] of the frame)."
            )
        return "\n".join(text)


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
#   _side_weights are divided by their gcd and scaled to the side's least common
#   denominator. A card multiplies the numerators by integers of ~28 bits (not 6**16).
# * The numerators (hundreds of bits) are kept as base-2**16 digits in float64: one card is
#   one matrix product  digits @ T , exact because every sum stays below 2**48. A column of
#   ones times a row of 2**52 adds 2**52 to each sum, which puts the sum's bits in the
#   float's mantissa: read as uint16, bits 0-15, 16-31 and 32-47 of digit l's sum belong to
#   digits l, l+1 and l+2, and one strided sum moves them there (the carry).
# * The per-card summaries (category masses, expected survivors) are linear in the state:
#   extra columns of the same matrix product.
# * At the end the digits are carried into proper base-2**16 digits and read as Python ints
#   (int.from_bytes). The floats of the frame come from the digits (_digit_floats). The
#   Fractions wait until a row is read: the denominator is 2**a * 3**b, so only 2s (trailing
#   zero bits) and 3s can cancel (_reduced), and reading the last row costs 11 of them.

_MAGIC: Final = 2.0**52
_LIMIT: Final = 2**48  # every digits @ T sum stays below this: three 16-bit pieces
_EXACT: Final = 2**53  # integers below this are exact in float64
_PIECES: Final = (0, 2) if sys.byteorder == "little" else (6, -2)  # byte of bits 0-15 in a float64, step to the next 16
_LITTLE: Final[Literal["little"]] = "little"


class _LossChain(NamedTuple):
    """What a casualty policy can leave of one side's force (see :func:`_loss_chain`); arrays read-only."""

    forces: list[Force]  # the forces the policy can leave, the start first
    lost: np.ndarray  # [i, k, j]: 1.0 where k = 0..max_hits hits leave force j of force i (capped, R-COMBAT-5)
    alive: np.ndarray  # [i, 0] = 1.0 if force i has units, [i, 1] = 1.0 if not
    counts: np.ndarray  # [i, u]: units of force i per type of the side's summary columns (_ALLIED_COLS / _AXIS_COLS)


@lru_cache(maxsize=1024)
def _loss_chain(policy: CasualtyPolicy, start: Force, side: str, max_hits: int) -> _LossChain:
    """The forces ``policy`` can leave of ``start`` and where each number of hits takes each of them."""
    if isinstance(policy, LossOrder) and type(policy).__call__ is LossOrder.__call__:
        forces = policy.survivors(start, side)
        after = np.minimum(np.arange(len(forces))[:, None] + np.arange(max_hits + 1), len(forces) - 1)
    else:
        forces = _reachable_forces(policy, start, side)
        index = {f: i for i, f in enumerate(forces)}
        after = np.array([[index[_after(policy, f, min(k, f.total), side)] for k in range(max_hits + 1)] for f in forces], dtype=np.intp)
    lost = (after[:, :, None] == np.arange(len(forces))).astype(np.float64)
    alive = np.array([(1.0, 0.0) if f.total else (0.0, 1.0) for f in forces])
    cols = [_FORCE_FIELD[u] for u in (_ALLIED_COLS if side == "allies" else _AXIS_COLS)]
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

    Each force's ways out of 6**dice (the dice of :func:`dday.engine.dice_groups`) are divided
    by their gcd (:func:`_packed_ways`), then scaled to the least common denominator of the forces. The table is
    float64 when that is exact, else int64 or Python ints.
    """
    if width <= _PACK_DICE + 1:  # each force's packed polynomial, read as one row of uint64 slots
        packed = []
        for f in forces:
            groups = _groups(f, side, attacking, opts)
            p, g = _packed_ways(groups)
            # g divides every coefficient, so p // g divides each slot by g; the coefficients add up to 6**dice
            packed.append((p // g, 6 ** sum(n for _, n in groups) // g))
        lcd = math.lcm(*(d for _, d in packed))  # each den is 2**a * 3**b, a and b <= 24: every slot * (lcd // den) < 6**24 < 2**63
        data = b"".join((p * (lcd // d)).to_bytes(8 * width, "little") for p, d in packed)
        table = np.frombuffer(data, dtype="<u8").reshape(len(forces), width).astype(np.float64 if lcd < _EXACT else np.int64)
    else:
        rows = [_side_weights(f, side, attacking, opts) if f.total else (1,) for f in forces]
        table = np.array([(*w, *(0,) * (width - len(w))) for w in rows], dtype=object)
        gcd = np.gcd.reduce(table, axis=1)
        den = table.sum(axis=1) // gcd
        lcd = int(np.lcm.reduce(den))
        table = table // gcd[:, None] * (lcd // den)[:, None]
        if lcd < _EXACT:
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


@lru_cache(maxsize=4096)
def _split_den(den: int) -> tuple[int, int] | None:
    """(a, b) with ``den == 2**a * 3**b``, or None."""
    a = (den & -den).bit_length() - 1
    rest, b = den >> a, 0
    while rest % 3 == 0:
        rest //= 3
        b += 1
    return (a, b) if rest == 1 else None


def _piece_views(prod: np.ndarray, lead: int, size: int, parts: int) -> list[np.ndarray]:
    """Per part j, a uint16 view whose ``[r, s, i]`` is bits 16i..16i+15 of ``prod[lead + r - i - j, j * size + s]``.

    ``prod`` holds digits @ (part 0 | part 1 | …) + 2**52 from row ``lead`` on, with zeros
    before; summing a view over ``i`` (and the parts) carries the product into digits below
    3 * 2**16 * parts, read in place (the views are made once: making one costs more than
    a card's carry).
    """
    row = prod.strides[0]
    rows = prod.shape[0] - lead
    return [
        np.ndarray((rows, size, 3), np.uint16, prod, (lead - j) * row + 8 * j * size + _PIECES[0], (row, 8, _PIECES[1] - row))
        for j in range(parts)
    ]


def _to_ints(digits: np.ndarray) -> list[int]:
    """Rows of non-negative base-2**16 digits (int64, below 2**47) as Python ints; ``digits`` ends carried."""
    for _ in range(3):  # below 2**47, three carries leave digits < 2**16 but for a rare run of 0xFFFF
        carry = digits >> 16
        digits &= 0xFFFF
        digits[:, 1:] += carry[:, :-1]
    while (digits >> 16).any():
        carry = digits >> 16
        digits &= 0xFFFF
        digits[:, 1:] += carry[:, :-1]
    chunks = digits.astype("<u2").view(f"S{2 * digits.shape[1]}").ravel().tolist()  # drops trailing zero bytes: harmless
    return list(map(int.from_bytes, chunks, repeat(_LITTLE)))


def _digit_floats(sums: np.ndarray, dens: Sequence[int]) -> np.ndarray:
    """``sums[c, j]`` read as base-2**16 digits (not carried, each an exact float64 below 2**53)
    of a numerator over ``dens[c]``, as floats: within a few units in the last place (relative
    error below 1e-14; every digit is non-negative, so nothing cancels). Scaled by
    ``2**-e`` (``e``: the denominator's highest bit) so that nothing overflows.

    >>> _digit_floats(np.array([[[1.0, 1.0]]]), [3 << 16]).tolist()        # (1 + 2**16) / (3 * 2**16)
    [[0.3333384195963542]]
    """
    if not len(dens):
        return np.zeros((0, sums.shape[1]))
    exps = np.array([d.bit_length() - 1 for d in dens])
    scale = np.ldexp(1.0, 16 * np.arange(sums.shape[2])[None, :] - exps[:, None])  # (card, digit): 2**(16 l - e)
    norm = np.array([d / (1 << int(e)) for d, e in zip(dens, exps, strict=True)])  # den / 2**e, in [1, 2)
    return np.matmul(sums, scale[:, :, None])[:, :, 0] / norm[:, None]


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
            if da * dx < _EXACT and wa.dtype == np.float64:
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
            kind = np.float64 if total < _EXACT else np.int64 if total < 2**62 else object
            mix = sum(
                (m.astype(kind) * (w * (common // d)) for w, d, m in parts[1:]),
                parts[0][2].astype(kind) * (parts[0][0] * (common // parts[0][1])),
            )
        matrices.append(mix)
        dens.append(total)

    # summaries, linear in the state: categories (allies_hold, axis_hold, contested, empty) and survivors
    nsum = len(_FIGHT_KEYS)
    grid = np.empty((na, nx, nsum))
    both = chain_a.alive[:, None, :, None] * chain_x.alive[None, :, None, :]  # [a, x, Allied alive/not, Axis alive/not]
    grid[:, :, :4] = both.reshape(na, nx, 4)[:, :, [1, 2, 0, 3]]
    grid[:, :, 4 : 4 + len(_ALLIED_COLS)] = chain_a.counts[:, None, :]
    grid[:, :, 4 + len(_ALLIED_COLS) :] = chain_x.counts[None, :, :]
    summary = grid.reshape(size, nsum)

    # cut each matrix into 16-bit parts until digits @ part stays below 2**48 (one part, usually)
    npart = 1
    # a row of T adds up to its denominator, so no column adds up to more than size * den
    small = all(d * size * 3 * 2**16 < _LIMIT and m.dtype == np.float64 for m, d in zip(matrices, dens, strict=True))
    if not small and any(float(m.sum(axis=0).max(initial=0)) * 3 * 2**16 >= _LIMIT or m.dtype != np.float64 for m in matrices):
        while True:
            npart += 1
            exact_ints = [m if m.dtype == object else m.astype(np.int64) for m in matrices]  # float entries are exact integers
            cut = [[(m >> (16 * j)) & 0xFFFF if j < npart - 1 else m >> (16 * j) for j in range(npart)] for m in exact_ints]
            if all(
                float(np.asarray(p, dtype=np.float64).sum(axis=0).max(initial=0)) * 3 * npart * 2**16 < _LIMIT for ps in cut for p in ps
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
        g[size, : npart * size] = _MAGIC  # times the column of ones in the state: + 2**52
        g[size, npart * size :] = 0.0
        g.flags.writeable = False  # memoised
        gemm.append(g)
    return _ChainSetup(side_a, side_x, gemm, dens, [_split_den(d) for d in dens], npart)


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
    a0, x0 = _force(allies), _force(axis)
    _check_side(first)
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
    nsum = len(_FIGHT_KEYS)
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
    pieces = _piece_views(prod, lead, size, npart)
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
    rows = _ExactRows(table, row_dens, powers, first)
    final = Distribution(
        _SurvivorLaw(side_a, side_x, state[:, :size].T, den_after[-1]),
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


# ---------------------------------------------------------------------------------------------
# special events


def _capped(n_dice: int, hit_on: int, cap: int) -> dict[Hashable, int]:
    out: dict[Hashable, int] = {}
    for k, w in enumerate(_int_weights(n_dice, hit_on)):
        out[min(k, cap)] = out.get(min(k, cap), 0) + w
    return out


def paratroopers(n_dice: int = 3, axis: UnitSpec = "1i 1b") -> Distribution:
    """ORDER-1: ``n_dice`` paratroopers hit on 1; the Axis loses one non-blockhouse unit per hit.

    >>> paratroopers(3, "1i 1b")[1]                      # EX-9: the infantry dies
    Fraction(91, 216)
    """
    f = _force(axis)
    targets = f.land_for_stacking  # blockhouses are exempt (R-BH-1)
    d = _from_weights(_capped(n_dice, HIT_PARATROOPER, targets), n_dice, outcome_name="Axis units destroyed")
    formula = (
        f"{_word(n_dice)} dice hitting on {HIT_PARATROOPER} against {targets} non-blockhouse unit(s) of {f.short()};"
        f" surplus hits are lost: destroyed = min(hits, {targets})\n"
        f"P(at least one destroyed) = 1 − {_pow('5/6', n_dice)} = {fmt(d.at_least(1))}"
        if targets and n_dice
        else f"no target: the blockhouses of {f.short()} are exempt"
    )
    return Distribution(d.probs, title="Airborne assault (ORDER-1)", formula=formula, outcome_name=d.outcome_name)


def naval_bombardment(blockhouses: int | Mapping[str, int], dice: int = 6, hit_on: int = HIT_NAVAL) -> Distribution:
    """ORDER-2: blockhouses destroyed among a target set by ``dice`` dice hitting on ``hit_on``.

    Fortune card 2 changes ``hit_on``: 3 on result 1, 1 on result 6 (FORT-2, EX-13; see
    :func:`hit_numbers`).

    Best aiming: aim every die at a surviving blockhouse of the target set (the same one
    until it falls, then the next). Every die that hits then destroys one target, so the
    number destroyed is min(hits, targets) — no policy can do better, because a die aimed
    elsewhere destroys nothing in the set. Dice left after the set is gone go to other
    blockhouses (or are lost, R-NAVAL-3). ``blockhouses`` is a count or ``{"F14": 2, ...}``.

    >>> naval_bombardment({"F14": 2})[2]                 # both Omaha blockhouses destroyed
    Fraction(473, 729)
    """
    b = blockhouses if isinstance(blockhouses, int) else sum(blockhouses.values())
    where = "" if isinstance(blockhouses, int) else " in " + ", ".join(f"{z} ({n})" for z, n in blockhouses.items())
    d = _from_weights(_capped(dice, hit_on, b), dice, outcome_name="blockhouses destroyed")
    q = f"{6 - hit_on}/6"
    formula = (
        f"{_word(dice)} dice, one at a time, each aimed at a surviving target blockhouse; a roll ≤ {hit_on} destroys it\n"
        f"destroyed = min(hits, {b}); P(none destroyed) = {_pow(q, dice)} = {fmt(d[0])}; P(all {b} destroyed) = {fmt(d[b])}"
    )
    return Distribution(
        d.probs, title=f"Naval bombardment of {b} blockhouse(s){where} (ORDER-2)", formula=formula, outcome_name=d.outcome_name
    )


def naval_bombardment_by_zone(priority: Sequence[tuple[str, int]], dice: int = 6, hit_on: int = HIT_NAVAL) -> Distribution:
    """Naval bombardment aimed zone by zone in ``priority`` order: P(destroyed per zone).

    >>> d = naval_bombardment_by_zone([("F14", 2), ("F15", 2)])
    >>> d[(2, 2)] == naval_bombardment(4)[4]
    True
    """
    total = naval_bombardment(sum(n for _, n in priority), dice, hit_on)
    out: dict[Hashable, Fraction] = {}
    for k, p in total.items():
        left = int(k)  # type: ignore[call-overload]
        per: list[int] = []
        for _, n in priority:
            per.append(min(left, n))
            left -= per[-1]
        out[tuple(per)] = p
    zones = ", ".join(f"{z} ({n})" for z, n in priority)
    return Distribution(
        out, title=f"Naval bombardment by zone, aimed in order {zones}", formula=total.formula, outcome_name="destroyed per zone"
    )


def antiaircraft(artillery: int, aircraft: int, kind: str = "fighter") -> Distribution:
    """ORDER-4/6: each Axis artillery fires one die at a chosen surviving air unit; a 1 kills it.

    >>> antiaircraft(3, 4)[0]                            # EX-8: three dice, not twelve
    Fraction(125, 216)
    """
    d = _from_weights(_capped(artillery, HIT_AA, aircraft), artillery, outcome_name=f"{kind}s lost")
    formula = (
        f"{_word(artillery)} artillery roll one die each (not one per {kind}, FAQ-3/FAQ-5), aimed at a surviving {kind};"
        f" lost = min(hits, {aircraft}); P(none lost) = {_pow('5/6', artillery)} = {fmt(d[0])}"
    )
    return Distribution(
        d.probs, title=f"AA fire: {artillery} artillery vs {aircraft} {kind}(s)", formula=formula, outcome_name=d.outcome_name
    )


def bomber_strike(bombers: int, targets: int) -> Distribution:
    """ORDER-5: each bomber strikes one chosen Axis land unit, destroying it on ≤3.

    >>> bomber_strike(2, 3)[2]
    Fraction(1, 4)
    """
    d = _from_weights(_capped(bombers, HIT_BOMBER, targets), bombers, outcome_name="Axis units destroyed")
    formula = (
        f"{_word(bombers)} bomber(s), each one targeted die hitting on {HIT_BOMBER}: destroyed = min(hits, {targets});"
        f" mean {float(d.mean()):.2f}"
    )
    return Distribution(
        d.probs, title=f"Bomber strike: {bombers} bomber(s) vs {targets} target(s)", formula=formula, outcome_name=d.outcome_name
    )


def fire_to_sea(blockhouses: int, box: UnitSpec, hit_on: int = HIT_BLOCKHOUSE_TO_SEA) -> Distribution:
    """ORDER-9: ``blockhouses`` fire one die each at a chosen unit in a beachhead box (≤3 kills).

    ``hit_on`` changes the number: FORT-9 result 1 makes it 5, result 6 makes it 1
    (:func:`hit_numbers`).

    >>> fire_to_sea(2, "5i 1a 1t")[2]                   # EX-5: Bayeux on Gold
    Fraction(1, 4)
    """
    f = _force(box)
    d = _from_weights(_capped(blockhouses, hit_on, f.total), blockhouses, outcome_name="units lost")
    formula = (
        f"{_word(blockhouses)} blockhouse die/dice, one at a time, each at a surviving unit of {f.short()};"
        f" a roll ≤ {hit_on} destroys it;"
        f" lost = min(hits, {f.total}); P(no loss) = {_pow(f'{6 - hit_on}/6', blockhouses)} = {fmt(d[0])}"
    )
    return Distribution(
        d.probs, title=f"Blockhouses fire to sea: {blockhouses} vs {f.short()}", formula=formula, outcome_name=d.outcome_name
    )


def strafe_dice(start: int = 0, transit: Sequence[int] = (), end: int = 0) -> int:
    """Strafing dice against one moving unit: fighters where it leaves, 2 × in each transit zone, where it enters.

    >>> strafe_dice(start=0, transit=[2], end=1)         # EX-4
    5
    """
    return start + 2 * sum(transit) + end


def strafing(start: int = 0, transit: Sequence[int] = (), end: int = 0, units: int = 1) -> Distribution:
    """ORDER-12/15: units destroyed among ``units`` moving along the same path (R-AIR-3, R-AIR-4).

    Each unit survives with probability (5/6)^n, n = :func:`strafe_dice`.

    >>> strafing(transit=[2], end=1)[0] == Fraction(5, 6) ** 5       # EX-4
    True
    >>> strafing(end=3)[1]                                            # EX-7
    Fraction(91, 216)
    """
    n = strafe_dice(start, transit, end)
    kill = 1 - hits(n, HIT_STRAFE)[0]
    survive = 1 - kill
    probs = {k: Fraction(v) for k, v in enumerate(_binomial(units, kill))}
    parts = (
        " + ".join([f"{start} leaving"] * bool(start) + [f"2×{t} passing" for t in transit if t] + [f"{end} entering"] * bool(end))
        or "no fighters"
    )
    formula = f"dice per unit = {parts} = {n}; each unit survives with (5/6)^{n}: {_pow('5/6', n)} = {fmt(survive)}"
    return Distribution(probs, title=f"Strafing of {_word(units)} moving unit(s)", formula=formula, outcome_name="units destroyed")


def _binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    from math import comb

    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


def reinforcement_placed(
    total: int, power: str = "US", free: Mapping[str, int] | None = None, queue: Sequence[int] | None = None, board: Board | None = None
) -> int:
    """Units of ``power`` actually placed for a 2d6 roll of ``total`` (R-REINF-1..5).

    ``free`` maps each beachhead of the power to its free room (default: full capacity);
    ``queue`` lists the chart boxes still on the chart (0-based, default: the full chart).
    Units enter in chart order and placement stops at the first unit with no room (R-REINF-3).

    >>> reinforcement_placed(8, "US", {"Utah": 4, "Omaha": 8})       # EX-3
    4
    """
    b = board or load_board()
    chart = b.chart(power)
    beaches = b.beaches_of(power)
    room = {bh: (free[bh] if free is not None and bh in free else b.beachhead(bh).capacity) for bh in beaches}
    q = list(range(len(chart.boxes))) if queue is None else list(queue)
    placed = 0
    for box in q[:total]:
        allowed = [bh for bh in chart.allowed_destinations(box, beaches) if room.get(bh, 0) > 0]
        if not allowed:
            break  # R-REINF-3: the rest stay on the chart, first in line
        room[allowed[0]] -= 1
        placed += 1
    return placed


def reinforcements(
    power: str = "US", free: Mapping[str, int] | None = None, queue: Sequence[int] | None = None, board: Board | None = None
) -> Distribution:
    """ORDER-14: distribution of units placed from a 2d6 roll, with beachhead room and chart limits.

    >>> d = reinforcements("US", {"Utah": 4, "Omaha": 8})             # turn 1 (EX-3, FAQ-32)
    >>> d[4], d[2]
    (Fraction(11, 12), Fraction(1, 36))
    """
    ways: dict[Hashable, int] = {}
    for s in range(2, 13):
        k = reinforcement_placed(s, power, free, queue, board)
        ways[k] = ways.get(k, 0) + 6 - abs(s - 7)
    d = _from_weights(dict(sorted(ways.items())), 2, outcome_name="units placed")
    room = "full capacity" if free is None else ", ".join(f"{k} {v} free" for k, v in free.items())
    formula = (
        f"2d6 total N has P(N) = (6 − |N − 7|)/36; the next N chart units enter in order until one has no room"
        f" ({room}; US chart slots 1–6 Utah only, 7–8 Omaha only, R-REINF-5)"
    )
    return Distribution(d.probs, title=f"{power} reinforcements placed (ORDER-14)", formula=formula, outcome_name=d.outcome_name)


def clear_caches() -> None:
    """Forget every memoised result (for honest cold timings)."""
    for fn in (_int_weights, _side_weights, _ways_table, _loss_chain, _chain_setup, _split_den, _cycle_weights, _cycle_fractions, _after, _probe):
        fn.cache_clear()
    dice_mod.hit_distribution.cache_clear()
    dice_mod.hit_weights.cache_clear()


# ---------------------------------------------------------------------------------------------
# the advanced rules: what a rule set and a fortune result do to the numbers


@cache
def _probe(rules: Rules) -> State:
    return initial_state(rules)


def hit_numbers(rules: Rules | None = None, card: int = 1, fortune: int = 0) -> dict[str, int]:
    """What each die must roll (or less) on order ``card`` with fortune die ``fortune``.

    Read from the engine (:func:`dday.engine.hit_number`), so it always agrees with play.
    Keys: ``para`` (ORDER-1), ``naval`` (ORDER-2), ``aa`` (ORDER-4/6), ``bomb`` (ORDER-5),
    ``sea`` (ORDER-9) and ``attack_infantry`` (orders 11 and 13). ``fortune`` is the fortune
    die (1 positive, 6 negative, 0 or 2-5 no effect, R-FORT-2). Pass the number on to the
    matching function: ``naval_bombardment(2, hit_on=hit_numbers(r, 2, 1)["naval"])`` for
    FORT-2 result 1, ``fire_to_sea(..., hit_on=...)`` for FORT-9, ``cycle(..., infantry_hit=...)``
    for FORT-11 / FORT-13 result 1.

    >>> from dday.state import Rules
    >>> hit_numbers(Rules(fortune=True), card=2, fortune=1)["naval"], hit_numbers(Rules(fortune=True), 2, 6)["naval"]
    (3, 1)
    >>> hit_numbers(Rules(fortune=True), card=9, fortune=1)["sea"]
    5
    >>> hit_numbers(Rules(), card=11)["attack_infantry"], hit_numbers(Rules(fortune=True), 11, 1)["attack_infantry"]
    (1, 2)
    """
    from dataclasses import replace

    rules = rules or Rules()
    if fortune not in (0, 1, 2, 3, 4, 5, 6):
        raise ValueError(f"fortune is a die face 1..6 (or 0), got {fortune}")
    result = 1 if fortune == 1 else 6 if fortune == 6 else 0
    if result and not rules.fortune:
        raise ValueError("a fortune result needs a rule set with fortune cards (Rules(fortune=True))")
    if not 1 <= card <= 16:
        raise ValueError(f"order cards are 1..16, got {card}")
    s = replace(_probe(rules), card=card, fortune=result)
    out = {event: hit_number(s, event) for event in ("para", "naval", "aa", "bomb", "sea")}
    out["attack_infantry"] = 2 if result == 1 and card in (11, 13) else 1
    return out


def combat_options(state: State, zone: str | None = None) -> dict[str, Any]:
    """The :func:`cycle` keyword options the engine uses for an attack in ``zone`` on ``state``'s card.

    Reads the fortune result (FORT-11 / FORT-13 result 1), TAC-10 and the rule set (VAR-RM-9),
    so ``cycle(attacker, defender, side, **combat_options(state))`` is the exact law of the
    pending combat cycle. ``zone`` defaults to the zone of the pending attack roll.
    """
    step = state.step
    zone = zone or getattr(step, "zone", "")
    attacker = "allies" if state.card == 11 else "axis"
    infantry_hit = 2 if state.fortune == 1 and state.card in (11, 13) else None
    paired = 0
    if attacker == "allies" and "TAC-10" in state.effects and zone:
        target = getattr(step, "target", "") if getattr(step, "zone", "") == zone else ""
        powers = target.split(",") if target else ["UK", "US"]
        paired = sum(state.units(zone, p).artillery for p in powers)
    return {"infantry_hit": infantry_hit, "paired_infantry": paired, "artillery_rolls": not state.rules.artillery_orders}
