"""Powers, sides, unit types and their combat values (the R-GEN rules in dday/data/reference/10-core.md).

A :class:`Force` counts land units of one power in one place:

>>> f = Force(infantry=3, artillery=1)
>>> f.total, f.land_for_stacking
(4, 4)
>>> Force(blockhouse=2).land_for_stacking   # blockhouses never count (R-STACK-2)
0
>>> attack_value("tank", "axis"), defense_value("tank", "axis"), defense_value("tank", "allies")
(3, 3, 2)
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

Power = Literal["Germany", "UK", "US"]
Side = Literal["axis", "allies"]
LandType = Literal["infantry", "artillery", "tank", "blockhouse"]
AirType = Literal["fighter", "bomber"]

POWERS: Final[tuple[Power, ...]] = ("Germany", "UK", "US")
ALLIED_POWERS: Final[tuple[Power, ...]] = ("UK", "US")
SIDES: Final[tuple[Side, ...]] = ("allies", "axis")
LAND_TYPES: Final[tuple[LandType, ...]] = ("infantry", "artillery", "tank", "blockhouse")
MOBILE_TYPES: Final[tuple[LandType, ...]] = ("infantry", "artillery", "tank")
AIR_TYPES: Final[tuple[AirType, ...]] = ("fighter", "bomber")

# Casualty order used by default policies and bots: cheapest first (R-COMBAT-5 lets the
# owner choose; this is one sensible choice, documented in dday.odds).
CHEAPEST_FIRST: Final[tuple[LandType, ...]] = ("infantry", "artillery", "tank", "blockhouse")


def side_of(power: str) -> Side:
    """The side a power fights for (R-GEN-1)."""
    if power == "Germany":
        return "axis"
    if power in ("UK", "US"):
        return "allies"
    raise ValueError(f"unknown power {power!r} (R-GEN-1: Germany, UK, US)")


def other_side(side: str) -> Side:
    """The opposing side."""
    return "axis" if side == "allies" else "allies"


def powers_of(side: str) -> tuple[Power, ...]:
    """The powers of a side: ('Germany',) or ('UK', 'US')."""
    return ("Germany",) if side == "axis" else ALLIED_POWERS


class UnitStats(NamedTuple):
    """Combat values of one land unit type (§2.2)."""

    attack: int
    defense: int
    defense_axis: int
    move: int


UNIT_STATS: Final[dict[LandType, UnitStats]] = {
    "infantry": UnitStats(attack=1, defense=2, defense_axis=2, move=1),
    "artillery": UnitStats(attack=2, defense=2, defense_axis=2, move=1),
    "tank": UnitStats(attack=3, defense=2, defense_axis=3, move=2),
    "blockhouse": UnitStats(attack=3, defense=1, defense_axis=1, move=0),
}

# Hit numbers of the targeted attacks and special fire (a roll <= N hits, R-GEN-2).
HIT_PARATROOPER: Final = 1  # ORDER-1
HIT_NAVAL: Final = 2  # R-NAVAL-1
HIT_AA: Final = 1  # R-AA-2
HIT_BOMBER: Final = 3  # R-AIR-5
HIT_BLOCKHOUSE_TO_SEA: Final = 3  # R-BH-2
HIT_STRAFE: Final = 1  # R-AIR-3


def attack_value(unit: str, side: str) -> int:
    """Hit number of a land unit attacking in land combat (R-COMBAT-4)."""
    return UNIT_STATS[unit].attack  # type: ignore[index]


def defense_value(unit: str, side: str) -> int:
    """Hit number of a land unit defending in land combat (R-COMBAT-4; Axis tanks defend on 3)."""
    stats = UNIT_STATS[unit]  # type: ignore[index]
    return stats.defense_axis if side == "axis" else stats.defense


MAX_UNITS_OF_A_KIND = 99  # more units of one kind than the game has; a larger count is a damaged file


def _count(name: str, value: object) -> int:
    """A unit count read from a file: a whole number from 0 to :data:`MAX_UNITS_OF_A_KIND` (1.7 and True are not counts).

    >>> _count("infantry", 3)
    3
    >>> _count("infantry", 1.7)
    Traceback (most recent call last):
    ...
    ValueError: infantry: a unit count is a whole number from 0 to 99, not 1.7
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_UNITS_OF_A_KIND:
        raise ValueError(f"{name}: a unit count is a whole number from 0 to {MAX_UNITS_OF_A_KIND}, not {value!r}"[:160])
    return value


class Force(NamedTuple):
    """Counts of land units of one power in one place (a zone, a box or a casualty list)."""

    infantry: int = 0
    artillery: int = 0
    tank: int = 0
    blockhouse: int = 0

    @property
    def total(self) -> int:
        return self.infantry + self.artillery + self.tank + self.blockhouse

    @property
    def land_for_stacking(self) -> int:
        """Units that count toward the 8-per-side limit (R-STACK-1, R-STACK-2)."""
        return self.infantry + self.artillery + self.tank

    def get(self, unit: str) -> int:
        return int(getattr(self, unit))

    def add(self, unit: str, n: int = 1) -> Force:
        i = _FORCE_INDEX[unit]
        v = list(self)
        v[i] += n
        return Force(*v)

    def plus(self, other: Force) -> Force:
        return Force(self[0] + other[0], self[1] + other[1], self[2] + other[2], self[3] + other[3])

    def minus(self, other: Force) -> Force:
        out = Force(*(a - b for a, b in zip(self, other, strict=True)))
        if min(out) < 0:
            raise ValueError(f"cannot remove {other} from {self}")
        return out

    def to_dict(self) -> dict[str, int]:
        """Non-zero counts, for JSON and display."""
        return {k: v for k, v in zip(self._fields, self, strict=True) if v}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> Force:
        unknown = set(data) - set(cls._fields)
        if unknown:
            raise ValueError(f"unknown land unit {'type' if len(unknown) == 1 else 'types'} {sorted(unknown)}; known: {cls._fields}")
        return cls(**{k: _count(k, v) for k, v in data.items()})

    def short(self) -> str:
        """Compact text like '3i 1a 1t 2b' (the notation of the rules reference: i, a, t, b)."""
        parts = [f"{n}{k[0]}" for k, n in zip(self._fields, self, strict=True) if n]
        return " ".join(parts) if parts else "-"


_FORCE_INDEX: Final = {name: i for i, name in enumerate(Force._fields)}
EMPTY: Final = Force()


class Air(NamedTuple):
    """Counts of Allied air units (R-AIR-1) in one place: a zone, the airfield, or lost."""

    uk_fighter: int = 0
    us_fighter: int = 0
    uk_bomber: int = 0
    us_bomber: int = 0

    @property
    def fighters(self) -> int:
        return self.uk_fighter + self.us_fighter

    @property
    def bombers(self) -> int:
        return self.uk_bomber + self.us_bomber

    def get(self, power: str, kind: str) -> int:
        return int(getattr(self, f"{power.lower()}_{kind}"))

    def add(self, power: str, kind: str, n: int = 1) -> Air:
        key = f"{power.lower()}_{kind}"
        return self._replace(**{key: getattr(self, key) + n})

    def to_dict(self) -> dict[str, int]:
        return {k: v for k, v in zip(self._fields, self, strict=True) if v}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> Air:
        unknown = set(data) - set(cls._fields)
        if unknown:
            raise ValueError(f"unknown air unit {'key' if len(unknown) == 1 else 'keys'} {sorted(unknown)}; known: {cls._fields}")
        return cls(**{k: _count(k, v) for k, v in data.items()})


NO_AIR: Final = Air()
