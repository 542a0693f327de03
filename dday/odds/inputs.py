"""Checks on what a user asks the odds, made at once and before any work (:class:`OddsInputError`).

The limits are generous for the game and small enough that every answer comes in well under a
second: a zone holds at most 8 land units a side (R-STACK-1) and a game has 16 attack cards,
so :data:`MAX_UNITS` (30 land units a side) and :data:`MAX_CARDS` (200 attack cards) are never
reached in play. Dice of the special events are bounded by :data:`MAX_DICE`.

>>> count("cards", 3, MAX_CARDS)
3
>>> count("cards", True, MAX_CARDS)
Traceback (most recent call last):
    ...
dday.errors.OddsInputError: cards must be a whole number (an int), got True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ..errors import OddsInputError
from ..rules.scenario import force as parse_force
from ..rules.units import Force
from ..rules.words import plural

MAX_UNITS: Final = 30
"""Land units a side in one zone (the stacking limit of 8, R-STACK-1, never allows more)."""
MAX_CARDS: Final = 200
"""Attack cards in one zone fight (a game has at most 16 per turn)."""
MAX_DICE: Final = 100
"""Dice, units or targets in one special event (paratroopers, bombardment, AA, strafing, ...)."""

SIDES: Final = ("allies", "axis")

__all__ = ["MAX_CARDS", "MAX_DICE", "MAX_UNITS", "OddsInputError", "count", "hit_number", "land_force", "side"]


def count(name: str, value: object, high: int, low: int = 0) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) in ``low..high``; :class:`OddsInputError` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OddsInputError(f"{name} must be a whole number (an int), got {value!r}")
    if not low <= value <= high:
        raise OddsInputError(f"{name} must be between {low} and {high}, got {value}")
    return value


def hit_number(name: str, value: object) -> int:
    """A die's hit number: an ``int`` in 0..6 (a roll of that or less hits, R-GEN-2)."""
    return count(name, value, 6)


def side(value: object) -> str:
    """``value`` if it is "allies" or "axis"."""
    if value not in SIDES:
        raise OddsInputError(f"side must be 'allies' or 'axis', got {value!r}")
    return value  # type: ignore[return-value]


def land_force(spec: object, who: str = "a side", limit: int = MAX_UNITS) -> Force:
    """A :class:`Force` from a force, a dict of unit counts or a text like "2i 1a", checked:
    known unit names, counts that are non-negative ints, at most ``limit`` units in all."""
    if isinstance(spec, Force):
        for name, n in zip(Force._fields, spec, strict=True):
            if type(n) is not int or not 0 <= n <= limit:  # (the message is written only when needed: bots ask thousands of times)
                count(f"{who}'s {name}", n, limit)
        f = spec
    elif isinstance(spec, str):
        try:
            f = parse_force(spec)
        except ValueError as err:
            raise OddsInputError(f"{who}: {err}") from None
    elif isinstance(spec, Mapping):
        unknown = [k for k in spec if k not in Force._fields]
        if unknown:
            raise OddsInputError(f"{who}: unknown land unit {plural(len(unknown), 'type')} {unknown}; known: {', '.join(Force._fields)}")
        f = Force(**{k: count(f"{who}'s {k}", v, limit) for k, v in spec.items()})
    else:
        raise OddsInputError(f"{who}: give units as a Force, a dict like {{'infantry': 2}} or text like '2i 1a', got {spec!r}")
    if f.total > limit:
        raise OddsInputError(f"{who} has {f.total} land units; the odds answer at most {limit} a side (the stacking limit is 8)")
    return f
