"""Decisions as small frozen dataclasses with a stable text form (for logs and save files).

>>> a = Move("Germany", "tank", ("F38", "F30", "F17"))
>>> str(a)
'move Germany tank F38>F30>F17'
>>> parse_action(str(a)) == a
True
>>> str(ChooseCasualties((("UK", "infantry", 2), ("UK", "artillery", 1))))
'casualties UK:infantry:2,UK:artillery:1'
"""

from __future__ import annotations

from dataclasses import Field, dataclass, fields
from typing import Any

from ..errors import IllegalActionError, SaveFileError


@dataclass(frozen=True)
class Done:
    """End a declaration or placement step (moves, landings, patrols, bombers)."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class SplitNavalDice:
    """The UK takes ``uk`` of the six naval dice, the US the rest (R-NAVAL-2, FAQ-1, FAQ-2)."""

    uk: int

    def __str__(self) -> str:
        return f"split-naval {self.uk}"


@dataclass(frozen=True)
class Bombard:
    """Aim the next naval die at a blockhouse in ``zone`` (R-NAVAL-1)."""

    zone: str
    target: str = "blockhouse"  # another unit type only with coastal bombardment (VAR-RM-5)

    def __str__(self) -> str:
        return f"bombard {self.zone}" if self.target == "blockhouse" else f"bombard {self.zone} {self.target}"


@dataclass(frozen=True)
class Patrol:
    """Send ``count`` fighters of ``power`` from the airfield to ``zone`` (R-AIR-2)."""

    power: str
    zone: str
    count: int = 1

    def __str__(self) -> str:
        return f"patrol {self.power} {self.zone} {self.count}"


@dataclass(frozen=True)
class FireAA:
    """The current Axis artillery fires at an air unit of ``power`` (R-AA-2)."""

    power: str

    def __str__(self) -> str:
        return f"aa {self.power}"


@dataclass(frozen=True)
class BomberStrike:
    """Send the bomber of ``power`` to ``zone`` to strike an Axis ``target`` type (R-AIR-5)."""

    power: str
    zone: str
    target: str

    def __str__(self) -> str:
        return f"bomb {self.power} {self.zone} {self.target}"


@dataclass(frozen=True)
class FireToSea:
    """The current blockhouse fires at a unit of type ``target`` waiting in ``beach`` (R-BH-2).

    ``beach`` must lie in the blockhouse's firing arc (R-BH-3). It may be left empty when the
    arc covers a single beachhead (the form that saves written before two-beach arcs use).

    >>> str(FireToSea("tank", "Gold"))
    'fire-to-sea tank Gold'
    """

    target: str
    beach: str = ""

    def __str__(self) -> str:
        return f"fire-to-sea {self.target} {self.beach}".rstrip()


@dataclass(frozen=True)
class Move:
    """Declare that ``count`` units of ``power``/``unit`` move along ``path`` (R-MOVE-1..7)."""

    power: str
    unit: str
    path: tuple[str, ...]
    count: int = 1

    def __str__(self) -> str:
        base = f"move {self.power} {self.unit} {_path_text(self.path)}"
        return base if self.count == 1 else f"{base} x{self.count}"


@dataclass(frozen=True)
class Land:
    """Land ``count`` units of type ``unit`` from beachhead ``beach`` (R-BEACH-2)."""

    beach: str
    unit: str
    count: int = 1
    zone: str = ""  # another landing zone of the same power, only with FORT-10 result 1

    def __str__(self) -> str:
        base = f"land {self.beach} {self.unit}"
        if self.count != 1:
            base += f" x{self.count}"
        return f"{base} >{self.zone}" if self.zone else base


@dataclass(frozen=True)
class PlaceReinforcement:
    """Place the first unit still to place from ``chart`` at ``destination`` (R-REINF-1..6).

    ``destination`` is a beachhead name (Allies) or a zone id (Axis).
    """

    chart: str
    destination: str

    def __str__(self) -> str:
        return f"place {self.chart} {self.destination}"


@dataclass(frozen=True)
class Pick:
    """Pick one of the options a fortune or tactics card offers (a zone, a power, 'use', ...)."""

    option: str

    def __str__(self) -> str:
        return f"pick {self.option}"


@dataclass(frozen=True)
class ChooseCasualties:
    """The owner removes these units: ((power, unit type, count), ...) (R-COMBAT-5)."""

    losses: tuple[tuple[str, str, int], ...]

    @property
    def total(self) -> int:
        return sum(n for _, _, n in self.losses)

    def __str__(self) -> str:
        if not isinstance(self.losses, tuple | list) or not all(isinstance(x, tuple | list) and len(x) == 3 for x in self.losses):
            return f"casualties {quote(self.losses)}"  # malformed: shown, never raised on
        return "casualties " + ",".join(f"{p}:{u}:{n}" for p, u, n in self.losses)


def quote(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages about bad input.

    >>> q = quote("x" * 200)
    >>> len(q) <= 80, q.endswith("… (202 characters)")
    (True, True)
    """
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 20]}… ({len(text)} characters)"


def _path_text(path: object) -> str:
    if isinstance(path, tuple | list) and all(isinstance(z, str) for z in path):
        return ">".join(path)
    return quote(path)


Action = Done | SplitNavalDice | Bombard | Patrol | FireAA | BomberStrike | FireToSea | Move | Land | PlaceReinforcement | ChooseCasualties | Pick


def parse_action(text: str) -> Action:
    """Inverse of ``str(action)``; raises :class:`SaveFileError` on unreadable text."""
    try:
        word, *rest = text.split()
        if word == "done" and not rest:
            return Done()
        if word == "split-naval":
            return SplitNavalDice(int(rest[0]))
        if word == "bombard":
            return Bombard(rest[0], rest[1]) if len(rest) > 1 else Bombard(rest[0])
        if word == "pick" and len(rest) == 1:
            return Pick(rest[0])
        if word == "patrol":
            return Patrol(rest[0], rest[1], int(rest[2]))
        if word == "aa":
            return FireAA(rest[0])
        if word == "bomb":
            return BomberStrike(rest[0], rest[1], rest[2])
        if word == "fire-to-sea":
            return FireToSea(rest[0], rest[1]) if len(rest) > 1 else FireToSea(rest[0])
        if word == "move":
            count = int(rest[3][1:]) if len(rest) > 3 else 1
            return Move(rest[0], rest[1], tuple(rest[2].split(">")), count)
        if word == "land":
            extra = rest[2:]
            zone = next((x[1:] for x in extra if x.startswith(">")), "")
            count = next((int(x[1:]) for x in extra if x.startswith("x")), 1)
            return Land(rest[0], rest[1], count, zone)
        if word == "place":
            return PlaceReinforcement(rest[0], rest[1])
        if word == "casualties":
            losses = []
            for part in rest[0].split(","):
                p, u, n = part.split(":")
                losses.append((p, u, int(n)))
            return ChooseCasualties(tuple(losses))
    except (IndexError, ValueError):
        pass
    raise SaveFileError(f"cannot read action {quote(text)}")


# ---------------------------------------------------------------------------------------------
# well-formed decisions (R-GEN-6): the right kind of value in every field, checked once, at the door

ACTION_TYPES: tuple[type, ...] = (Done, SplitNavalDice, Bombard, Patrol, FireAA, BomberStrike, FireToSea, Move, Land, PlaceReinforcement, ChooseCasualties, Pick)
MAX_FIELD_CHARS = 40  # the longest name a field may hold (zone ids, unit types, powers, beaches, charts, options)
MAX_COUNT = 99  # more units than the game has of any kind


def _bad(a: object, what: str) -> IllegalActionError:
    return IllegalActionError("R-GEN-6", f"{type(a).__name__}: {what}")


def _text(a: object, name: str, value: object, *, empty: bool = False) -> None:
    if not isinstance(value, str):
        raise _bad(a, f"{name} must be a name (text), not {quote(value)}")
    if not value and not empty:
        raise _bad(a, f"{name} is empty")
    if len(value) > MAX_FIELD_CHARS or not value.isprintable():
        raise _bad(a, f"{name} {quote(value)} is not a name the game uses")


def _whole(a: object, name: str, value: object, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(a, f"{name} must be a whole number, not {quote(value)}")
    if not least <= value <= MAX_COUNT:
        raise _bad(a, f"{name} must be between {least} and {MAX_COUNT}, not {value}")


_FIELDS: dict[type, tuple[Field[Any], ...]] = {}


def _fields_of(cls: type) -> tuple[Field[Any], ...]:
    """The fields of the decision class ``cls`` (worked out once per class, not once per decision)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = fields(cls)
    return found


def check_well_formed(a: Any) -> None:
    """Raise :class:`~dday.errors.IllegalActionError` (rule R-GEN-6) unless ``a`` is a decision whose
    fields hold values of the right kind: names are short non-empty text, counts are whole
    numbers of at least 1 (``True`` and ``1.5`` are not counts), a path is a tuple of zone names.
    Whether the decision is *legal* is for the order card to say; this only refuses what is not a
    decision at all.

    >>> check_well_formed(Move("UK", "infantry", ("F16", "F30"), 2))
    >>> check_well_formed(Land("Utah", "infantry", 1.5))
    Traceback (most recent call last):
    ...
    dday.errors.IllegalActionError: R-GEN-6 (Decisions must be well formed): Land: count must be a whole number, not 1.5
    """
    if not isinstance(a, ACTION_TYPES):
        raise IllegalActionError("R-GEN-6", f"{quote(a)} is not a decision (one of {', '.join(t.__name__ for t in ACTION_TYPES)})")
    decision: Any = a  # a dataclass of ACTION_TYPES, checked above
    for f in _fields_of(type(decision)):
        value = getattr(a, f.name)
        if f.name == "count":
            _whole(a, "count", value, 1)
        elif f.name == "uk":
            _whole(a, "uk", value, 0)
        elif f.name == "path":
            if not isinstance(value, tuple) or not 2 <= len(value) <= 8:
                raise _bad(a, f"path must be a tuple of 2 or more zone names, not {quote(value)}")
            for z in value:
                _text(a, "a zone of the path", z)
        elif f.name == "losses":
            if not isinstance(value, tuple) or not 1 <= len(value) <= 30:
                raise _bad(a, f"losses must be a tuple of (power, unit, count) triples, not {quote(value)}")
            for loss in value:
                if not isinstance(loss, tuple) or len(loss) != 3:
                    raise _bad(a, f"each loss is a (power, unit, count) triple, not {quote(loss)}")
                _text(a, "power", loss[0])
                _text(a, "unit", loss[1])
                _whole(a, "count", loss[2], 1)
        else:
            optional = (isinstance(a, Land) and f.name == "zone") or (isinstance(a, FireToSea) and f.name == "beach")
            _text(a, f.name, value, empty=optional)
