"""Effects that last the rest of a turn (or of an order): typed records in ``State.effects``.

A tactics card, a fortune result or an earlier step of the turn leaves something the later steps
must know: a flooded zone (TAC-7), a fighter spared by antiaircraft fire (TAC-3), the zone where
the Axis attacks (FORT-13 result 6)… Each kind is a small frozen class with named fields; the
rules ask for them by class (:func:`effects_of`). Saved positions keep the short text each effect
always had (``"TAC-7:F12"``), written and read here only.

>>> Flooded("F12").to_json(), parse_effect("FORT-11:US:F14")
('TAC-7:F12', AttackOnly(power='US', zone='F14'))
>>> parse_effect("LANDED-UK:Gold"), parse_effect(CombinedAssault().to_json())
(Landed(power='UK', beach='Gold'), CombinedAssault())
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, fields
from typing import ClassVar

from ..errors import SaveFileError


@dataclass(frozen=True)
class Effect:
    """One effect; ``tag`` is its name in saved positions, its fields follow, joined by ':'."""

    tag: ClassVar[str] = ""

    def to_json(self) -> str:
        return ":".join((self.tag, *(str(v) for v in astuple(self))))


@dataclass(frozen=True)
class NoAA(Effect):
    """FORT-4/6 result 6: no antiaircraft fire in ``zone`` this order."""

    tag: ClassVar[str] = "NOAA"
    zone: str


@dataclass(frozen=True)
class Barnstorming(Effect):
    """TAC-3: a lone ``power`` fighter in ``zone`` is spared by antiaircraft fire this turn."""

    tag: ClassVar[str] = "TAC-3"
    zone: str
    power: str


@dataclass(frozen=True)
class Flooded(Effect):
    """TAC-7: Allied units may not enter ``zone`` this turn."""

    tag: ClassVar[str] = "TAC-7"
    zone: str


@dataclass(frozen=True)
class CombinedAssault(Effect):
    """TAC-10: infantry paired with artillery attack better this turn."""

    tag: ClassVar[str] = "TAC-10"


@dataclass(frozen=True)
class Resistance(Effect):
    """TAC-12: no combat cycle in ``zone`` on order 13 this turn."""

    tag: ClassVar[str] = "TAC-12"
    zone: str


@dataclass(frozen=True)
class AAKill(Effect):
    """Antiaircraft fire shot a fighter down in ``zone`` (remembered for TAC-4)."""

    tag: ClassVar[str] = "AA-KILL"
    zone: str


@dataclass(frozen=True)
class Landed(Effect):
    """FORT-10 result 6: ``power``'s units landed from ``beach`` this order (one box per power)."""

    tag: ClassVar[str] = "LANDED"
    power: str
    beach: str

    def to_json(self) -> str:
        return f"{self.tag}-{self.power}:{self.beach}"


@dataclass(frozen=True)
class Placed(Effect):
    """A German ``unit`` placed in ``zone`` by order 15 (TAC-15 may move it)."""

    tag: ClassVar[str] = "PLACED"
    zone: str
    unit: str


@dataclass(frozen=True)
class ArtilleryOrderPlayed(Effect):
    """VAR-RM-7/8: the artillery order after order ``card`` (9a or 11a) has been played."""

    tag: ClassVar[str] = "RM-ARTY"
    card: int


@dataclass(frozen=True)
class AttackOnly(Effect):
    """FORT-11 result 6: ``power``'s units attack only in ``zone`` (FAQ-39)."""

    tag: ClassVar[str] = "FORT-11"
    power: str
    zone: str


@dataclass(frozen=True)
class AxisAttacks(Effect):
    """FORT-13 result 6: the Axis attacks in ``zone`` only."""

    tag: ClassVar[str] = "FORT-13"
    zone: str


@dataclass(frozen=True)
class Tac5Done(Effect):
    """TAC-5: the ``power`` bomber in ``zone`` has had its second strike offered."""

    tag: ClassVar[str] = "TAC5-DONE"
    zone: str
    power: str


@dataclass(frozen=True)
class Tac9Received(Effect):
    """TAC-9: the beachhead box ``beach`` received units (so it sends none)."""

    tag: ClassVar[str] = "TAC9-TO"
    beach: str


EFFECT_TYPES: dict[str, type[Effect]] = {
    cls.tag: cls
    for cls in (
        NoAA,
        Barnstorming,
        Flooded,
        CombinedAssault,
        Resistance,
        AAKill,
        Landed,
        Placed,
        ArtilleryOrderPlayed,
        AttackOnly,
        AxisAttacks,
        Tac5Done,
        Tac9Received,
    )
}


def parse_effect(text: str) -> Effect:
    """The effect saved as ``text`` (raise :class:`~dday.errors.SaveFileError` if it is none).

    >>> parse_effect("TAC-7")
    Traceback (most recent call last):
    ...
    dday.errors.SaveFileError: effect 'TAC-7': TAC-7 takes 1 value after its tag
    """
    tag, *values = str(text).split(":")
    if tag.startswith(Landed.tag + "-"):
        tag, values = Landed.tag, [tag[len(Landed.tag) + 1 :], *values]
    cls = EFFECT_TYPES.get(tag)
    if cls is None:
        raise SaveFileError(f"effect {text!r}: no effect is tagged {tag!r} ({', '.join(sorted(EFFECT_TYPES))})")
    names = fields(cls)
    if len(values) != len(names):
        raise SaveFileError(f"effect {text!r}: {tag} takes {len(names)} value{'s' if len(names) != 1 else ''} after its tag")
    try:
        return cls(*(int(v) if f.type in ("int", int) else v for f, v in zip(names, values, strict=True)))
    except ValueError as e:
        raise SaveFileError(f"effect {text!r}: {e}") from None


__all__ = [
    "EFFECT_TYPES",
    "AAKill",
    "ArtilleryOrderPlayed",
    "AttackOnly",
    "AxisAttacks",
    "Barnstorming",
    "CombinedAssault",
    "Effect",
    "Flooded",
    "Landed",
    "NoAA",
    "Placed",
    "Resistance",
    "Tac5Done",
    "Tac9Received",
    "parse_effect",
]
