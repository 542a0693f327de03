"""Steps: what the game waits for at each moment (a decision by one side, or dice).

Each step is a frozen dataclass; ``State.step`` holds the current one. The order cards
(:mod:`dday.rules.orders`) create them and the engine dispatches on their type.

>>> PatrolStep().who, Roll(kind="para").who
('allies', 'chance')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ..errors import SaveFileError
from .dice import Dice

NO_DICE = Dice()


@dataclass(frozen=True)
class Step:
    who: ClassVar[str] = "none"
    prompt: ClassVar[str] = ""


@dataclass(frozen=True)
class GameOver(Step):
    who: ClassVar[str] = "none"


@dataclass(frozen=True)
class Roll(Step):
    """A chance event: ``dice`` are rolled. ``kind`` says what the roll is for."""

    who: ClassVar[str] = "chance"
    kind: str = ""
    dice: Dice = NO_DICE
    zone: str = ""
    index: int = 0  # box / chart / die / task number, depending on kind
    target: str = ""  # unit type, power or zone aimed at
    power: str = ""
    count: int = 0  # naval: dice the UK holds
    quota: tuple[int, ...] = ()  # reinforcement rolls so far, per chart
    origin: str = ""  # artillery fire (TAC-11, TAC-13, VAR-RM-7/8): the zone the gun stands in
    defense_dice: Dice = NO_DICE  # combat: the defender's dice, fixed before casualties (R-COMBAT-6)


@dataclass(frozen=True)
class ChooseCasualtiesStep(Step):
    """The owner of ``side`` removes ``hits`` units in ``zone`` (R-COMBAT-5, ORDER-1)."""

    side: str = "axis"
    zone: str = ""
    hits: int = 0
    kind: str = "combat-defender"  # "para", "combat-defender", "combat-attacker", "tac1"
    index: int = 0
    defense_dice: Dice = NO_DICE
    only_powers: tuple[str, ...] = ()  # FORT-11 result 6: only these powers' units may be chosen (FAQ-39)
    chooser: str = ""  # who picks, if not the owner (TAC-1's targeted attack: the Allies)

    @property
    def who(self) -> str:  # type: ignore[override]
        return self.chooser or self.side


@dataclass(frozen=True)
class NavalSplitStep(Step):
    who: ClassVar[str] = "allies"
    prompt: ClassVar[str] = "Split the six naval dice between the UK and the US (R-NAVAL-2)"


@dataclass(frozen=True)
class NavalTargetStep(Step):
    who: ClassVar[str] = "allies"
    prompt: ClassVar[str] = "Pick the blockhouse this naval die is aimed at (R-NAVAL-1)"
    die: int = 0  # 0..5
    uk_dice: int = 6


@dataclass(frozen=True)
class PatrolStep(Step):
    who: ClassVar[str] = "allies"
    prompt: ClassVar[str] = "Send fighters from the airfield to patrol zones, at most 4 per zone (R-AIR-2)"


@dataclass(frozen=True)
class AATargetStep(Step):
    who: ClassVar[str] = "axis"
    prompt: ClassVar[str] = "Pick the air unit this artillery fires at (R-AA-2)"
    zone: str = ""
    shot: int = 0
    kind: str = "fighter"


@dataclass(frozen=True)
class BomberStep(Step):
    who: ClassVar[str] = "allies"
    prompt: ClassVar[str] = "Send a bomber to a zone without Allied land units and pick its target (R-AIR-5)"


@dataclass(frozen=True)
class FireToSeaStep(Step):
    who: ClassVar[str] = "axis"
    prompt: ClassVar[str] = "Pick the unit in the beachhead this blockhouse fires at (R-BH-2)"
    zone: str = ""
    shot: int = 0


@dataclass(frozen=True)
class MovedUnit:
    """One declared move of ``count`` units along ``path`` (R-MOVE-7)."""

    power: str
    unit: str
    path: tuple[str, ...]
    count: int = 1

    def to_json(self) -> list[Any]:
        return [self.power, self.unit, list(self.path), self.count]

    @staticmethod
    def from_json(d: list[Any]) -> MovedUnit:
        return MovedUnit(str(d[0]), str(d[1]), tuple(str(z) for z in d[2]), int(d[3]))


@dataclass(frozen=True)
class DeclareMovesStep(Step):
    """The moving side declares moves one by one, then says Done (R-MOVE-7)."""

    side: str = "allies"
    moves: tuple[MovedUnit, ...] = ()

    @property
    def who(self) -> str:  # type: ignore[override]
        return self.side


@dataclass(frozen=True)
class LandingStep(Step):
    who: ClassVar[str] = "allies"
    prompt: ClassVar[str] = "Land units from the beachhead boxes into their landing zones (R-BEACH-2)"


@dataclass(frozen=True)
class PlaceReinforcementsStep(Step):
    """Place the rolled units in chart order. ``quota[c]`` = units still to place from chart c.

    ``placed`` lists (chart, destination) of Axis units declared so far (strafed later).
    """

    side: str = "allies"
    quota: tuple[int, ...] = ()
    placed: tuple[tuple[int, str, str], ...] = ()  # (chart index, unit, zone) - Axis only

    @property
    def who(self) -> str:  # type: ignore[override]
        return self.side


@dataclass(frozen=True)
class StrafeStep(Step):
    """Units in transit (moving on order 12 or placed on order 15), strafed one by one (R-AIR-3)."""

    who: ClassVar[str] = "chance"
    arrivals: tuple[tuple[str, str, str, int], ...] = ()  # (power, unit, destination, strafing dice)
    index: int = 0

    @property
    def dice(self) -> Dice:
        return Dice.simple(self.arrivals[self.index][3], 1)


@dataclass(frozen=True)
class PickStep(Step):
    """A small choice among named ``options`` (fortune and tactics cards use it).

    ``purpose`` says what the choice is for (e.g. ``"tactic"``, ``"fort4-zone"``); ``data``
    carries what the choice needs to continue.
    """

    side: str = "allies"
    purpose: str = ""
    options: tuple[str, ...] = ()
    text: str = ""
    data: tuple[str, ...] = ()

    @property
    def who(self) -> str:  # type: ignore[override]
        return self.side


STEP_TYPES: dict[str, type[Step]] = {
    cls.__name__: cls
    for cls in (
        GameOver,
        Roll,
        ChooseCasualtiesStep,
        NavalSplitStep,
        NavalTargetStep,
        PatrolStep,
        AATargetStep,
        BomberStep,
        FireToSeaStep,
        DeclareMovesStep,
        LandingStep,
        PlaceReinforcementsStep,
        StrafeStep,
        PickStep,
    )
}


def step_to_json(step: Step) -> dict[str, Any]:
    """A step as plain JSON data (for :meth:`dday.rules.state.State.to_json`)."""
    out: dict[str, Any] = {"type": type(step).__name__}
    for f in fields(step):
        v = getattr(step, f.name)
        if isinstance(v, Dice):
            v = v.to_json()
        elif f.name == "moves":
            v = [m.to_json() for m in v]
        elif isinstance(v, tuple):
            v = [list(x) if isinstance(x, tuple) else x for x in v]
        out[f.name] = v
    return out


def step_from_json(data: dict[str, Any]) -> Step:
    """The step :func:`step_to_json` wrote (raise :class:`~dday.errors.SaveFileError` if it is not one)."""
    cls = STEP_TYPES.get(data.get("type", ""))
    if cls is None:
        raise SaveFileError(f"unknown step type {data.get('type')!r}")
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        v = data[f.name]
        if f.name in ("dice", "defense_dice"):
            v = Dice.from_json(v)
        elif f.name == "moves":
            v = tuple(MovedUnit.from_json(m) for m in v)
        elif f.name in ("quota", "only_powers"):
            v = tuple(v)
        elif f.name in ("options", "data"):
            v = tuple(str(x) for x in v)
        elif f.name in ("arrivals", "placed"):
            v = tuple(tuple(x) for x in v)
        kwargs[f.name] = v
    return cls(**kwargs)


# ---------------------------------------------------------------------------------------------
