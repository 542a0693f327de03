"""dday.odds — the exact-odds face: "what are my chances?" for a player, a bot or a notebook.

Every answer is a :class:`fractions.Fraction`, computed from the engine's own rules. This is one
of the package's three public faces, beside :mod:`dday` (the engine) and :mod:`dday.tutorial`
(the notebooks' front): the names a caller needs (its ``__all__``) are importable from
``dday.odds`` itself.

Nothing here copies a rule: unit values come from :mod:`dday.rules.units`, dice from
:func:`dday.rules.dice.hit_distribution` and the grouping of combat dice from
:func:`dday.rules.orders.combat.combat_dice`. Internally probabilities are kept as integers over a power
of 6 (every die has six faces), which is exact and faster than adding Fractions. The multi-card
fight (:func:`zone_fight_exact`) has two chains over one model: floats for tables, plots and bots,
Python integers for the exact Fractions, computed only when asked.

>>> hits(1, 1)                                   # one die hitting on 1
(Fraction(5, 6), Fraction(1, 6))
>>> d = hit_distribution(3, 1)
>>> d.at_least(1)
Fraction(91, 216)
>>> print(d.formula)
Each die misses with chance 5/6, so at least one hits with chance 1 − (5/6)³ = 91/216 ≈ 42.1 %.
Exactly k hits: C(3, k) × (1/6)^k × (5/6)^(3 − k), where C(3, k) counts the ways to pick which k of the 3 dice hit and x^k is x multiplied by itself k times.
>>> c = cycle({"infantry": 3, "artillery": 1, "tank": 3}, {"infantry": 2, "artillery": 4, "tank": 1}, "axis")
>>> sum(c.values())
Fraction(1, 1)

Special events: :func:`paratroopers` (ORDER-1), :func:`naval_bombardment` (ORDER-2),
:func:`antiaircraft` (ORDER-4/6), :func:`bomber_strike` (ORDER-5), :func:`fire_to_sea`
(ORDER-9), :func:`strafing` (ORDER-12/15) and :func:`reinforcements` (ORDER-14).
A whole fight for one zone over several attack cards is :func:`zone_fight`.

The package's modules, from the bottom up: :mod:`.inputs` (checks on what is asked,
:class:`OddsInputError`), :mod:`.distribution` (the result type), :mod:`.dice_weights` (dice as
integer weights), :mod:`.one_cycle` (one combat cycle, casualty policies), :mod:`.fight_model`
(the fight's Markov model and its two chains), :mod:`.exact_chain` (big exact chains, die by die), :mod:`.fight_rows` (the result, :class:`ZoneFight`),
:mod:`.holds` (who holds after the last card, for the bots), :mod:`.fight_chain` (the fight over
several cards), :mod:`.events` (the special events) and :mod:`.rule_effects` (what the advanced
rules change).
"""

from __future__ import annotations

from ..errors import OddsInputError
from ..rules import dice as dice_mod
from . import dice_weights, exact_chain, fight_chain, fight_model, fight_rows, holds, inputs, one_cycle, rule_effects  # noqa: F401 - odds.fight_model etc. for learners
from .dice_weights import NORMAL, CombatOptions, hit_distribution, hits, side_hits
from .distribution import Distribution, UnitSpec, fmt
from .events import (
    antiaircraft,
    bomber_strike,
    fire_to_sea,
    naval_bombardment,
    naval_bombardment_by_zone,
    paratroopers,
    reinforcement_placed,
    reinforcements,
    strafe_dice,
    strafing,
)
from .fight_chain import hold_chances, zone_fight, zone_fight_exact
from .fight_rows import ZoneFight
from .one_cycle import (
    ALLIED_LOSS_ORDER,
    AXIS_LOSS_ORDER,
    DEFAULT_POLICY,
    ENGINE_ORDER_POLICY,
    CasualtyPolicy,
    LossOrder,
    cycle,
    cycle_dice,
    cycle_distribution,
)
from .rule_effects import combat_options, hit_numbers

__all__ = [
    "ALLIED_LOSS_ORDER",
    "AXIS_LOSS_ORDER",
    "DEFAULT_POLICY",
    "ENGINE_ORDER_POLICY",
    "NORMAL",
    "CasualtyPolicy",
    "CombatOptions",
    "Distribution",
    "LossOrder",
    "OddsInputError",
    "UnitSpec",
    "ZoneFight",
    "antiaircraft",
    "bomber_strike",
    "clear_caches",
    "combat_options",
    "cycle",
    "cycle_dice",
    "cycle_distribution",
    "fire_to_sea",
    "fmt",
    "hit_distribution",
    "hit_numbers",
    "hits",
    "hold_chances",
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


def clear_caches() -> None:
    """Forget every memoised result (for honest cold timings)."""
    for module in (dice_weights, exact_chain, fight_model, holds, one_cycle, rule_effects):
        module.clear_caches()
    fight_chain.card_kinds.cache_clear()
    dice_mod.hit_distribution.cache_clear()
    dice_mod.hit_weights.cache_clear()
