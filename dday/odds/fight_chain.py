"""The fight for one zone over several attack cards: :func:`zone_fight` (a DataFrame of floats)
and :func:`zone_fight_exact` (a :class:`ZoneFight`: floats at once, Fractions on demand).

Both build the Markov model of :mod:`.fight_model` and run its float chain; the exact chain
runs only when a Fraction is read (``ZoneFight.exact``, ``.rows``, ``.final``, ``df.attrs["exact"]``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..errors import OddsInputError
from ..rules.state import RuleOptions
from ..rules.units import Force, other_side
from . import inputs
from .distribution import UnitSpec, as_force, check_side
from .fight_model import FightModel, Kind, card_modes, fight_model, run_floats
from .fight_rows import ZoneFight
from .holds import run_holds
from .one_cycle import DEFAULT_POLICY, CasualtyPolicy, checked_policy

if TYPE_CHECKING:
    import pandas as pd  # imported where a frame is made (ZoneFight.to_frame): a card lab's kernel starts without pandas (issue 33)

__all__ = ["hold_chances", "zone_fight", "zone_fight_exact"]


def zone_fight_exact(
    allies: UnitSpec,
    axis: UnitSpec,
    cards: int,
    first: str = "allies",
    policy: CasualtyPolicy = DEFAULT_POLICY,
    *,
    options: RuleOptions | None = None,
    fortune: int | None = None,
    tac10: bool = False,
) -> ZoneFight:
    """The fight for one zone over ``cards`` attack cards (see :func:`zone_fight`).

    ``cards`` is an int in 0..:data:`~dday.odds.inputs.MAX_ATTACK_CARDS`, each side has at most
    :data:`~dday.odds.inputs.MAX_UNITS_A_SIDE` land units; anything else raises
    :class:`~dday.errors.OddsInputError` at once.

    >>> fight = zone_fight_exact({"infantry": 1}, {"blockhouse": 1}, cards=2)
    >>> round(float(fight.float_table[0, 0]), 6), fight.exact("allies_hold", 0)
    (0.138889, Fraction(5, 36))
    """
    a0, x0, model, sequence = _set_up(allies, axis, cards, first, policy, options, fortune, tac10)
    table, final = run_floats(model, sequence)
    table.flags.writeable = False
    final.flags.writeable = False
    return ZoneFight(a0, x0, first, checked_policy(policy), model, sequence, table, final)


def hold_chances(allies: UnitSpec, axis: UnitSpec, cards: int, first: str = "allies", policy: CasualtyPolicy = DEFAULT_POLICY) -> tuple[float, float]:
    """(P(the Allies hold), P(the Axis hold)) after ``cards`` attack cards, as floats: the last
    row's ``allies_hold`` and ``axis_hold`` of :func:`zone_fight_exact` (to a few units in the
    last place), without the rest of the table. What the bots ask, hundreds of times a game.

    >>> [round(p, 12) for p in hold_chances({"infantry": 1}, {"blockhouse": 1}, cards=2)]
    [0.25462962963, 0.37037037037]
    >>> fight = zone_fight_exact({"infantry": 1}, {"blockhouse": 1}, cards=2)
    >>> fight.exact("allies_hold"), fight.exact("axis_hold")
    (Fraction(55, 216), Fraction(10, 27))
    """
    _, _, model, sequence = _set_up(allies, axis, cards, first, policy, None, None, False)
    return run_holds(model, sequence)


def _set_up(
    allies: UnitSpec, axis: UnitSpec, cards: int, first: str, policy: CasualtyPolicy, options: RuleOptions | None, fortune: int | None, tac10: bool
) -> tuple[Force, Force, FightModel, tuple[int, ...]]:
    """The inputs checked, the fight's model and, per card, the index of its kind in ``model.kinds``."""
    a0, x0 = as_force(allies, "the Allies"), as_force(axis, "the Axis")
    cards = inputs.count("cards", cards, inputs.MAX_ATTACK_CARDS)
    check_side(first, "first")
    policy = checked_policy(policy)
    options = inputs.rule_options(options)
    if fortune is not None:
        inputs.count("fortune", fortune, 6)
    inputs.flag("tac10", tac10)
    if tac10 and first != "allies":
        raise OddsInputError("TAC-10 changes the Allied attack on order 11: use first='allies'")
    if a0.blockhouse:
        raise OddsInputError("only the Axis has blockhouses (R-BH-1)")
    kinds, sequence = card_kinds(cards, first, options, fortune, tac10)
    return a0, x0, fight_model(policy, a0, x0, kinds), sequence


@lru_cache(maxsize=256)
def card_kinds(cards: int, first: str, options: RuleOptions | None, fortune: int | None, tac10: bool) -> tuple[tuple[Kind, ...], tuple[int, ...]]:
    """The kinds of card of a fight (who attacks, with which options) and, per card, the index of
    its kind: card 1 may differ, later cards only alternate (memoised: a bot asks thousands of
    fights of two cards).

    >>> kinds, sequence = card_kinds(3, "allies", None, None, False)
    >>> [attacker for attacker, _ in kinds], sequence
    (['allies', 'axis'], (0, 1, 0))
    """
    kinds: dict[Kind, int] = {}
    index: dict[tuple[int, str], int] = {}  # (card 1 or a later card, attacker) -> its kind's index
    sequence: list[int] = []
    attacker = first
    for card in range(1, cards + 1):
        key = (min(card, 2), attacker)
        if key not in index:
            kind = (attacker, card_modes(key[0], attacker, options, fortune, tac10))
            index[key] = kinds.setdefault(kind, len(kinds))
        sequence.append(index[key])
        attacker = other_side(attacker)
    return tuple(kinds), tuple(sequence)


def zone_fight(
    allies: UnitSpec,
    axis: UnitSpec,
    cards: int,
    first: str = "allies",
    policy: CasualtyPolicy = DEFAULT_POLICY,
    *,
    options: RuleOptions | None = None,
    fortune: int | None = None,
    tac10: bool = False,
) -> pd.DataFrame:
    """One row per attack card: P(Allies hold), P(Axis hold), P(contested), P(empty), expected survivors.

    Card 1 is order 11 (Allies attack) if ``first == "allies"``, else order 13; the cards then
    alternate. "Hold" means only that side's land units are left (R-CONTROL-1); "empty" (both
    sides wiped out in the same cycle) is its own column and counts for neither side. The
    columns ``E[allies_infantry]`` … ``E[axis_blockhouse]`` are expected survivors. Values are
    floats (each within 1e-12, relative, of its exact value); the exact Fractions are in
    ``df.attrs["exact"]`` (computed when first read) and the explanation in
    ``df.attrs["explanation"]``. ``policy`` chooses casualties (default :data:`DEFAULT_POLICY`).

    Advanced rules: with ``options=RuleOptions(fortune=True)`` every attack card is a mixture (1 in 6:
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
    return zone_fight_exact(allies, axis, cards, first, policy, options=options, fortune=fortune, tac10=tac10).to_frame()
