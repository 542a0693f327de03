"""Checks on what a user asks the odds, made at once and before any work (:class:`OddsInputError`).

The limits are generous for the game and small enough that every answer comes in well under a
second: a zone holds at most 8 land units a side (R-STACK-1) and a game has 16 attack cards,
so :data:`MAX_UNITS_A_SIDE` (30 land units a side) and :data:`MAX_ATTACK_CARDS` (200 attack cards) are never
reached in play. Dice of the special events are bounded by :data:`MAX_EVENT_DICE`.

>>> count("cards", 3, MAX_ATTACK_CARDS)
3
>>> count("cards", True, MAX_ATTACK_CARDS)
Traceback (most recent call last):
    ...
dday.errors.OddsInputError: cards must be a whole number (an int), got True
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

from ..errors import OddsInputError
from ..rules.board import load_board
from ..rules.scenario import force as parse_force
from ..rules.state import RuleOptions, State
from ..rules.units import SIDES, Force
from ..rules.words import plural

MAX_UNITS_A_SIDE: Final = 30
"""Land units a side in one zone (the stacking limit of 8, R-STACK-1, never allows more)."""
MAX_ATTACK_CARDS: Final = 200
"""Attack cards in one zone fight (a game has at most 16 per turn)."""
MAX_EVENT_DICE: Final = 100
"""Dice, units or targets in one special event (paratroopers, bombardment, AA, strafing, ...)."""

MAX_TEXT_CHARS: Final = 100
"""Characters in a text argument (a force like "3i 1a 1t 2b", a label)."""

__all__ = [
    "MAX_ATTACK_CARDS",
    "MAX_EVENT_DICE",
    "MAX_TEXT_CHARS",
    "MAX_UNITS_A_SIDE",
    "choice",
    "count",
    "flag",
    "hit_number",
    "items",
    "land_force",
    "mapping",
    "rule_options",
    "shown",
    "side",
    "state",
    "text",
    "zone",
]

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 4


def shown(value: object) -> str:
    """``value`` for an error message: its ``repr`` cut short, whatever its size or kind.

    >>> shown([1] * 10**6), shown("x" * 500)[:12], shown(10**5000)
    ('[1, 1, 1, 1, ...]', "'xxxxxxxxxxx", 'a whole number of more than 4,000 digits')
    """
    if isinstance(value, int) and value.bit_length() > 13_000:  # repr() of it would take long, or fail (int_max_str_digits)
        return "a whole number of more than 4,000 digits"
    try:
        return _SHORT.repr(value)
    except Exception:  # a repr that fails, or a huge int inside a container
        return f"a {type(value).__name__}"


def count(name: str, value: object, high: int, low: int = 0) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) in ``low..high``; :class:`OddsInputError` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OddsInputError(f"{name} must be a whole number (an int), got {shown(value)}")
    if not low <= value <= high:
        raise OddsInputError(f"{name} must be between {low} and {high}, got {shown(value)}")
    return value


def hit_number(name: str, value: object) -> int:
    """A die's hit number: an ``int`` in 0..6 (a roll of that or less hits, R-GEN-2)."""
    return count(name, value, 6)


def side(value: object, name: str = "side") -> str:
    """``value`` if it is "allies" or "axis"."""
    return choice(name, value, SIDES)


def choice(name: str, value: object, options: Sequence[str]) -> str:
    """``value`` if it is one of the texts ``options``.

    >>> choice("kind", "tank", ("fighter", "bomber"))
    Traceback (most recent call last):
        ...
    dday.errors.OddsInputError: kind must be 'fighter' or 'bomber', got 'tank'
    """
    if not isinstance(value, str) or value not in options:
        allowed = ", ".join(map(repr, options[:-1])) + f" or {options[-1]!r}" if len(options) > 1 else repr(options[0])
        raise OddsInputError(f"{name} must be {allowed}, got {shown(value)}")
    return value


def flag(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False`` (not "yes", not 1)."""
    if not isinstance(value, bool):
        raise OddsInputError(f"{name} must be True or False, got {shown(value)}")
    return value


def text(name: str, value: object, limit: int = MAX_TEXT_CHARS) -> str:
    """``value`` if it is a text of at most ``limit`` characters."""
    if not isinstance(value, str):
        raise OddsInputError(f"{name} must be a text (a str), got {shown(value)}")
    if len(value) > limit:
        raise OddsInputError(f"{name} must be at most {limit} characters, got {len(value):,}")
    return value


def items(name: str, value: object, limit: int, what: str) -> Sequence[Any]:
    """``value`` if it is a list or tuple of at most ``limit`` entries (its length is checked
    before its entries: a list of ten million is refused at once). ``what`` says what it holds."""
    if isinstance(value, str | bytes | bytearray | Mapping) or not isinstance(value, Sequence):
        raise OddsInputError(f"{name} must be a list of {what}, got {shown(value)}")
    if len(value) > limit:
        raise OddsInputError(f"{name} holds {len(value):,} entries; the odds take at most {limit}")
    return value


def mapping(name: str, value: object, limit: int, what: str) -> Mapping[Any, Any]:
    """``value`` if it is a mapping (a dict) of at most ``limit`` entries; ``what`` says what it maps."""
    if not isinstance(value, Mapping):
        raise OddsInputError(f"{name} must be a dict of {what}, got {shown(value)}")
    if len(value) > limit:
        raise OddsInputError(f"{name} holds {len(value):,} entries; the odds take at most {limit}")
    return value


@cache
def _zone_ids() -> frozenset[str]:
    return frozenset(load_board().zone_ids)


def zone(name: str, value: object) -> str:
    """``value`` if it is a zone of the board ("F14").

    >>> zone("zone", "F99")
    Traceback (most recent call last):
        ...
    dday.errors.OddsInputError: zone must be a zone of the board (F1..F42), got 'F99'
    """
    if not isinstance(value, str) or value not in _zone_ids():
        ids = load_board().zone_ids
        raise OddsInputError(f"{name} must be a zone of the board ({ids[0]}..{ids[-1]}), got {shown(value)}")
    return value


def rule_options(value: object) -> RuleOptions | None:
    """``value`` if it is a :class:`~dday.rules.state.RuleOptions` (or None for the official basic game)."""
    if value is not None and not isinstance(value, RuleOptions):
        raise OddsInputError(
            f"options must be a RuleOptions (dday.rules.state.RuleOptions, e.g. RuleOptions(fortune=True)) or None, got {shown(value)}"
        )
    return value


def state(value: object) -> State:
    """``value`` if it is a game :class:`~dday.rules.state.State`."""
    if not isinstance(value, State):
        raise OddsInputError(f"state must be a game position (dday.rules.state.State), got {shown(value)}")
    return value


def land_force(spec: object, who: str = "a side", limit: int = MAX_UNITS_A_SIDE) -> Force:
    """A :class:`Force` from a force, a dict of unit counts or a text like "2i 1a", checked:
    known unit names, counts that are non-negative ints, at most ``limit`` units in all."""
    if isinstance(spec, Force):
        for name, n in zip(Force._fields, spec, strict=True):
            if type(n) is not int or not 0 <= n <= limit:  # (the message is written only when needed: bots ask thousands of times)
                count(f"{who}'s {name}", n, limit)
        f = spec
    elif isinstance(spec, str):
        text(who, spec)
        try:
            f = parse_force(spec)
        except ValueError as err:
            raise OddsInputError(f"{who}: {err}") from None
    elif isinstance(spec, Mapping):
        unknown = [k for k in spec if k not in Force._fields]
        if unknown:
            raise OddsInputError(
                f"{who}: unknown land unit {plural(len(unknown), 'type')} {shown(unknown)}; known: {', '.join(Force._fields)}"
            )
        f = Force(**{k: count(f"{who}'s {k}", v, limit) for k, v in spec.items()})
    else:
        raise OddsInputError(f"{who}: give units as a Force, a dict like {{'infantry': 2}} or text like '2i 1a', got {shown(spec)}")
    if f.total > limit:
        raise OddsInputError(f"{who} has {f.total} land units; the odds answer at most {limit} a side (the stacking limit is 8)")
    return f
