"""The advanced rules in numbers: what a rule set and a fortune result do to the hit numbers and
to the combat options of a zone.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..errors import OddsInputError
from ..rules.effects import CombinedAssault
from ..rules.fortune import hit_number
from ..rules.orders.combat import artillery_rolls, fortune_infantry_hit, tac10_paired_infantry
from ..rules.setup import initial_state
from ..rules.state import RuleOptions, State
from ..rules.units import Force, attack_value
from . import inputs
from .inputs import count

# ---------------------------------------------------------------------------------------------
# the advanced rules: what a rule set and a fortune result do to the numbers


@cache
def _probe(options: RuleOptions) -> State:
    return initial_state(options)


def hit_numbers(options: RuleOptions | None = None, card: int = 1, fortune: int = 0) -> dict[str, int]:
    """What each die must roll (or less) on order ``card`` with fortune die ``fortune``.

    Read from the engine (:func:`dday.rules.fortune.hit_number`), so it always agrees with play.
    Keys: ``para`` (ORDER-1), ``naval`` (ORDER-2), ``aa`` (ORDER-4/6), ``bomb`` (ORDER-5),
    ``sea`` (ORDER-9) and ``attack_infantry`` (orders 11 and 13). ``fortune`` is the fortune
    die (1 positive, 6 negative, 0 or 2-5 no effect, R-FORT-2). Pass the number on to the
    matching function: ``naval_bombardment(2, hit_on=hit_numbers(r, 2, 1)["naval"])`` for
    FORT-2 result 1, ``fire_to_sea(..., hit_on=...)`` for FORT-9, ``cycle(..., infantry_hit=...)``
    for FORT-11 / FORT-13 result 1.

    >>> from dday.rules.state import RuleOptions
    >>> hit_numbers(RuleOptions(fortune=True), card=2, fortune=1)["naval"], hit_numbers(RuleOptions(fortune=True), 2, 6)["naval"]
    (3, 1)
    >>> hit_numbers(RuleOptions(fortune=True), card=9, fortune=1)["sea"]
    5
    >>> hit_numbers(RuleOptions(), card=11)["attack_infantry"], hit_numbers(RuleOptions(fortune=True), 11, 1)["attack_infantry"]
    (1, 2)
    """
    from dataclasses import replace

    options = inputs.rule_options(options) or RuleOptions()
    fortune, card = count("fortune", fortune, 6), count("card", card, 16, low=1)
    result = 1 if fortune == 1 else 6 if fortune == 6 else 0
    if result and not options.fortune:
        raise OddsInputError(f"fortune={fortune} is a fortune result: it needs rules with fortune cards (options=RuleOptions(fortune=True))")
    s = replace(_probe(options), card=card, fortune=result)
    out = {event: hit_number(s, event) for event in ("para", "naval", "aa", "bomb", "sea")}
    out["attack_infantry"] = fortune_infantry_hit(card, result) or attack_value("infantry", "axis" if card == 13 else "allies")
    return out


def combat_options(state: State, zone: str | None = None) -> dict[str, Any]:
    """The :func:`cycle` keyword options the engine uses for an attack in ``zone`` on ``state``'s card.

    Reads the fortune result (FORT-11 / FORT-13 result 1), TAC-10 and the rule set (VAR-RM-9),
    so ``cycle(attacker, defender, side, **combat_options(state))`` is the exact law of the
    pending combat cycle. ``zone`` defaults to the zone of the pending attack roll.
    """
    step = inputs.state(state).step
    zone = getattr(step, "zone", "") if zone is None else inputs.zone("zone", zone)
    attacker = "allies" if state.card == 11 else "axis"
    infantry_hit = fortune_infantry_hit(state.card, state.fortune)
    paired = 0
    if zone:
        target = getattr(step, "target", "") if getattr(step, "zone", "") == zone else ""
        powers = target.split(",") if target else ["UK", "US"]
        force = Force()
        for p in powers:
            force = force.plus(state.units(zone, p))
        paired = tac10_paired_infantry(force, attacker, CombinedAssault() in state.effects)
    return {"infantry_hit": infantry_hit, "paired_infantry": paired, "artillery_rolls": artillery_rolls(state.options)}


def clear_caches() -> None:
    """Forget the memoised results of this module (see :func:`dday.odds.clear_caches`)."""
    for fn in (_probe,):
        fn.cache_clear()
