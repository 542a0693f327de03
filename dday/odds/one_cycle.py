"""One combat cycle (R-COMBAT-3..7): the joint law of both sides' hits, and the casualty policies
(R-COMBAT-5: the owner chooses) that the multi-card fight uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Final

from ..errors import OddsInputError
from ..rules.orders.combat import combat_dice
from ..rules.units import LAND_TYPES, Force, other_side
from ..rules.words import count, side_name
from . import inputs
from .dice_weights import NORMAL, CombatOptions, dice_count, opts_for, side_weights
from .distribution import GROUPS_WORDS, Distribution, UnitSpec, as_force, average_text, check_side, dice_groups_words, fmt

# ---------------------------------------------------------------------------------------------
# one combat cycle (R-COMBAT-3..7)


def _validate_forces(att: Force, dfn: Force, attacking_side: str) -> None:
    check_side(attacking_side, "attacking_side")
    allied = att if attacking_side == "allies" else dfn
    if allied.blockhouse:
        raise OddsInputError("only the Axis has blockhouses (R-BH-1)")


@cache
def _cycle_weights(att: Force, dfn: Force, attacking_side: str, opts: CombatOptions = NORMAL) -> tuple[dict[tuple[int, int], int], int]:
    """Joint ways (out of 6**(dice of both sides)) of (attacker hits, defender hits), capped."""
    wa = side_weights(att, attacking_side, True, opts)
    wd = side_weights(dfn, other_side(attacking_side), False, opts)
    ca, cd = dfn.total, att.total  # hits beyond the units present are lost (R-COMBAT-5)
    ma: dict[int, int] = {}
    for i, w in enumerate(wa):
        ma[min(i, ca)] = ma.get(min(i, ca), 0) + w
    md: dict[int, int] = {}
    for j, w in enumerate(wd):
        md[min(j, cd)] = md.get(min(j, cd), 0) + w
    joint = {(i, j): x * y for i, x in ma.items() for j, y in md.items() if x and y}
    return joint, dice_count(att, True, opts) + dice_count(dfn, False, opts)


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

    The keyword options are passed to :func:`dday.rules.orders.combat.combat_dice`, so the advanced rules
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
    att, dfn = as_force(attacker), as_force(defender)
    _validate_forces(att, dfn, attacking_side)
    return dict(_cycle_fractions(att, dfn, attacking_side, CombatOptions(infantry_hit, paired_infantry, artillery_rolls)))


def _dice_sentence(att: Force, dfn: Force, attacking_side: str, opts: CombatOptions) -> str:
    ga = dice_groups_words(combat_dice(att, attacking_side, True, **opts_for(att, True, opts)).groups)
    gd = dice_groups_words(combat_dice(dfn, other_side(attacking_side), False, **opts_for(dfn, False, opts)).groups)
    return f"The attacker rolls {ga}; the defender rolls {gd} (casualties still fire back, R-COMBAT-6)."


def cycle_dice(
    attacker: UnitSpec,
    defender: UnitSpec,
    attacking_side: str,
    *,
    infantry_hit: int | None = None,
    paired_infantry: int = 0,
    artillery_rolls: bool = True,
) -> str:
    """The dice of one combat cycle in one sentence: how many each side rolls, and what they hit on
    (the sentence that opens :func:`cycle_distribution`'s explanation, whole).

    >>> cycle_dice("6i 2a", "4i 3a 2b", "allies")
    'The attacker rolls 6 dice hitting on 1, 2 dice hitting on 2 or less; the defender rolls 2 dice hitting on 1, 7 dice hitting on 2 or less (casualties still fire back, R-COMBAT-6).'
    """
    att, dfn = as_force(attacker), as_force(defender)
    _validate_forces(att, dfn, attacking_side)
    return _dice_sentence(att, dfn, attacking_side, CombatOptions(infantry_hit, paired_infantry, artillery_rolls))


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
    att, dfn = as_force(attacker), as_force(defender)
    _validate_forces(att, dfn, attacking_side)
    dside = other_side(attacking_side)
    opts = CombatOptions(infantry_hit, paired_infantry, artillery_rolls)
    joint = _cycle_fractions(att, dfn, attacking_side, opts)
    d = Distribution(
        dict(joint),
        title=f"One combat cycle: {side_name(attacking_side)} ({att.short()}) attack {side_name(dside)} ({dfn.short()})",
        outcome_name="(attacker hits, defender hits)",
    )
    ea = d.marginal(0).mean()
    ed = d.marginal(1).mean()
    formula = (
        f"{_dice_sentence(att, dfn, attacking_side, opts)}\n"
        "Both sides roll at once and independently, so the chance of a pair (attacker hits, defender hits) is the chance of the"
        f" one times the chance of the other. {GROUPS_WORDS} Hits beyond the enemy's units are lost: at most {dfn.total} for the"
        f" attacker and {att.total} for the defender.\n"
        f"Average number of hits: the attacker {average_text(ea)}, the defender {average_text(ed)};"
        f" the attacker scores more hits with chance {fmt(d.prob(lambda o: o[0] > o[1]))}."
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

    def __post_init__(self) -> None:
        for name in ("allies", "axis"):
            order = inputs.items(name, getattr(self, name), len(LAND_TYPES), f"land unit types ({', '.join(LAND_TYPES)})")
            for unit in order:
                inputs.choice(f"a unit type in the {name}' order", unit, LAND_TYPES)
            if len(set(order)) < len(order):
                raise OddsInputError(f"the {name}' order names a unit type twice: {inputs.shown(order)}")
            object.__setattr__(self, name, tuple(order))  # a tuple, so that the policy can be memoised

    def removal_order(self, side: str) -> tuple[str, ...]:
        """Every land unit type in the order ``side`` gives it up (types not listed come last)."""
        check_side(side)
        order = self.allies if side == "allies" else self.axis
        return (*order, *(u for u in LAND_TYPES if u not in order))

    def __call__(self, force: Force, hits: int, side: str) -> Force:
        if type(hits) is not int or hits < 0:
            inputs.count("hits", hits, 10**9)
        left = min(hits, _force(force).total)
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
        out = [_force(force)]
        counts = list(force)
        for unit in self.removal_order(side):
            i = FORCE_FIELD[unit]
            for _ in range(counts[i]):
                counts[i] -= 1
                out.append(Force._make(counts))
        return out


def _force(force: object) -> Force:
    """``force`` if it is a :class:`Force` of whole, non-negative counts (what a policy is given)."""
    if not isinstance(force, Force) or any(type(n) is not int or n < 0 for n in force):
        raise OddsInputError(f"force must be a Force of whole, non-negative counts, got {inputs.shown(force)}")
    return force


@dataclass(frozen=True)
class CheckedPolicy:
    """A casualty policy given by a user, every answer checked: the losses must be a
    :class:`Force` of exactly ``min(hits, units)`` of the units present (one per hit, R-COMBAT-5),
    else :class:`~dday.errors.OddsInputError`. Made by :func:`checked_policy` at the odds' door."""

    policy: CasualtyPolicy

    def __call__(self, force: Force, hits: int, side: str) -> Force:
        try:
            losses = self.policy(force, hits, side)
        except Exception as exc:
            raise OddsInputError(f"the casualty policy {inputs.shown(self.policy)} failed on {count(hits, 'hit')} to {force.short()}: {type(exc).__name__}") from exc
        if (
            not isinstance(losses, Force)
            or any(type(n) is not int or not 0 <= n <= have for n, have in zip(losses, force, strict=True))
            or losses.total != min(hits, force.total)
        ):
            raise OddsInputError(
                f"the casualty policy {inputs.shown(self.policy)} answered {inputs.shown(losses)} for {count(hits, 'hit')} to {force.short()};"
                " it must give a Force of as many of the units present as there are hits"
            )
        return losses


def checked_policy(policy: object) -> CasualtyPolicy:
    """``policy`` if it is a :class:`LossOrder`; any other callable that can be memoised (hashable)
    is wrapped in a :class:`CheckedPolicy`; anything else raises :class:`~dday.errors.OddsInputError`."""
    if isinstance(policy, LossOrder) and type(policy).__call__ is LossOrder.__call__:
        return policy  # its orders were checked when it was made
    if not callable(policy):
        raise OddsInputError(f"policy must be a casualty policy such as DEFAULT_POLICY or LossOrder(...), got {inputs.shown(policy)}")
    try:
        hash(policy)
    except TypeError:
        raise OddsInputError(f"policy must be hashable (its answers are memoised), got {inputs.shown(policy)}") from None
    return policy if isinstance(policy, CheckedPolicy) else CheckedPolicy(policy)


FORCE_FIELD: Final = {u: i for i, u in enumerate(Force._fields)}
DEFAULT_POLICY: Final = LossOrder()
ENGINE_ORDER_POLICY: Final = LossOrder(ALLIED_LOSS_ORDER, ("infantry", "artillery", "tank", "blockhouse"))
"""The order of ``dday.rules.units.CHEAPEST_FIRST`` (blockhouse last) for comparison."""


def clear_caches() -> None:
    """Forget the memoised results of this module (see :func:`dday.odds.clear_caches`)."""
    for fn in (_cycle_weights, _cycle_fractions):
        fn.cache_clear()
