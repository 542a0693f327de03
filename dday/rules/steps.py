"""Steps: what the game waits for at each moment (a decision by one side, or dice).

Each step is a frozen dataclass; ``State.step`` holds the current one. The order cards
(:mod:`dday.rules.orders`) create them and the engine dispatches on their type.

>>> PatrolStep().who, ParaRoll(zone="F11").who
('allies', 'chance')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar

from ..errors import SaveFileError
from .dice import Dice

NO_DICE = Dice()


@dataclass(frozen=True)
class Step:
    who: ClassVar[str] = "none"


@dataclass(frozen=True)
class GameOver(Step):
    who: ClassVar[str] = "none"


@dataclass(frozen=True)
class Roll(Step):
    """A chance event: ``dice`` are rolled. Each kind of roll is a subclass below, with fields
    named for what they hold; ``kind`` is its name in saved positions (``{"type": "Roll", "kind": ...}``)."""

    who: ClassVar[str] = "chance"
    kind: ClassVar[str] = ""
    # where each field is written in the saved position's flat layout (see roll_to_json)
    slots: ClassVar[dict[str, str]] = {}
    dice: Dice = NO_DICE


@dataclass(frozen=True)
class ParaRoll(Roll):
    """ORDER-1: the paratroopers of airborne box ``box`` (of ``power``) attack in ``zone``."""

    kind: ClassVar[str] = "para"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "box": "index", "power": "power"}
    zone: str = ""
    box: int = 0
    power: str = ""


@dataclass(frozen=True)
class NavalRoll(Roll):
    """ORDER-2: naval die ``die`` (0..5) of ``power`` at a blockhouse (or, VAR-RM-5, a ``unit``) in ``zone``;
    ``uk_dice`` of the six are the UK's."""

    kind: ClassVar[str] = "naval"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "die": "index", "unit": "target", "power": "power", "uk_dice": "count"}
    zone: str = ""
    die: int = 0
    unit: str = ""  # "" = a blockhouse
    power: str = ""
    uk_dice: int = 0


@dataclass(frozen=True)
class AARoll(Roll):
    """R-AA-2: shot ``shot`` of the artillery in ``zone`` at a ``power`` ``aircraft`` ("fighter" or "bomber")."""

    kind: ClassVar[str] = "aa"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "shot": "index", "aircraft": "target", "power": "power"}
    zone: str = ""
    shot: int = 0
    aircraft: str = ""
    power: str = ""


@dataclass(frozen=True)
class BombRoll(Roll):
    """R-AIR-5: a ``power`` bomber strikes a German ``unit`` in ``zone`` (``tactic`` 5: TAC-5's second strike)."""

    kind: ClassVar[str] = "bomb"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "tactic": "index", "unit": "target", "power": "power"}
    zone: str = ""
    unit: str = ""
    power: str = ""
    tactic: int = 0


@dataclass(frozen=True)
class SeaRoll(Roll):
    """R-BH-2: shot ``shot`` of the blockhouse in ``zone`` at a ``unit`` waiting on ``beach``."""

    kind: ClassVar[str] = "sea"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "shot": "index", "unit": "target", "beach": "power"}
    zone: str = ""
    shot: int = 0
    unit: str = ""
    beach: str = ""


@dataclass(frozen=True)
class AttackRoll(Roll):
    """R-COMBAT-4: the ``attacker`` side's ``powers`` attack in ``zone``; ``defense_dice`` are the
    defender's reply, fixed before casualties (R-COMBAT-6)."""

    kind: ClassVar[str] = "attack"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "powers": "target", "attacker": "power", "defense_dice": "defense_dice"}
    zone: str = ""
    attacker: str = ""
    powers: tuple[str, ...] = ()
    defense_dice: Dice = NO_DICE


@dataclass(frozen=True)
class DefenseRoll(Roll):
    """R-COMBAT-6: the defenders in ``zone`` fire back at the ``attacker`` side's ``powers``."""

    kind: ClassVar[str] = "defense"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "powers": "target", "attacker": "power"}
    zone: str = ""
    attacker: str = ""
    powers: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReinforcementRoll(Roll):
    """R-REINF-1: 2d6 for chart ``chart`` of ``side``; ``quota`` = units rolled so far, per chart."""

    kind: ClassVar[str] = "reinf"
    slots: ClassVar[dict[str, str]] = {"chart": "index", "side": "power", "quota": "quota"}
    chart: int = 0
    side: str = ""
    quota: tuple[int, ...] = ()


@dataclass(frozen=True)
class RerollRoll(Roll):
    """FORT-14/15 result 1: one die of chart ``chart``'s 2d6 rolled again, ``kept`` the other (FAQ-37)."""

    kind: ClassVar[str] = "reroll"
    slots: ClassVar[dict[str, str]] = {"chart": "index", "side": "power", "kept": "count", "quota": "quota"}
    chart: int = 0
    side: str = ""
    kept: int = 0
    quota: tuple[int, ...] = ()


@dataclass(frozen=True)
class FortuneRoll(Roll):
    """R-FORT-2: the ``roller`` side rolls for the fortune card of order ``card``."""

    kind: ClassVar[str] = "fortune"
    slots: ClassVar[dict[str, str]] = {"card": "index", "roller": "power"}
    card: int = 0
    roller: str = ""


@dataclass(frozen=True)
class GroundingRoll(Roll):
    """FORT-3/5 result 6: grounding dice for the UK's and the US's ready ``aircraft``."""

    kind: ClassVar[str] = "ground"
    slots: ClassVar[dict[str, str]] = {"aircraft": "target"}
    aircraft: str = ""


@dataclass(frozen=True)
class ArtilleryRoll(Roll):
    """TAC-11, TAC-13, VAR-RM-7/8: shot ``shot`` of the artillery in ``origin`` at a ``power``
    ``unit`` in ``zone``; ``code`` is the card that fires (9, 11, 13, 111)."""

    kind: ClassVar[str] = "arty"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "code": "index", "unit": "target", "power": "power", "shot": "count", "origin": "origin"}
    zone: str = ""
    unit: str = ""
    power: str = ""
    origin: str = ""
    code: int = 0
    shot: int = 0


@dataclass(frozen=True)
class Tac1BoxRoll(Roll):
    """TAC-1: how many chart infantry drop from airborne box ``box`` into ``zone``."""

    kind: ClassVar[str] = "tac1-box"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "box": "index"}
    zone: str = ""
    box: int = 0


@dataclass(frozen=True)
class Tac1AttackRoll(Roll):
    """TAC-1: the infantry dropped from airborne box ``box`` attack in ``zone`` (hits on 1)."""

    kind: ClassVar[str] = "tac1-attack"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "box": "index"}
    zone: str = ""
    box: int = 0


@dataclass(frozen=True)
class Tac2Roll(Roll):
    """TAC-2: one V-2 die per Allied reinforcement chart in ``charts``."""

    kind: ClassVar[str] = "tac2"
    slots: ClassVar[dict[str, str]] = {"charts": "target"}
    charts: tuple[int, ...] = ()


@dataclass(frozen=True)
class Tac4Roll(Roll):
    """TAC-4: a die at the Allies in ``zone``, the ``kill``-th zone where AA shot an aircraft down."""

    kind: ClassVar[str] = "tac4"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "kill": "index"}
    zone: str = ""
    kill: int = 0


@dataclass(frozen=True)
class Tac6Roll(Roll):
    """TAC-6: friendly fire on a ``power`` ``unit`` in ``zone``."""

    kind: ClassVar[str] = "tac6"
    slots: ClassVar[dict[str, str]] = {"zone": "zone", "unit": "target", "power": "power"}
    zone: str = ""
    unit: str = ""
    power: str = ""


@dataclass(frozen=True)
class Tac16Roll(Roll):
    """TAC-16: how many destroyed infantry may return to the charts."""

    kind: ClassVar[str] = "tac16"


ROLL_TYPES: dict[str, type[Roll]] = {
    cls.kind: cls
    for cls in (
        ParaRoll,
        NavalRoll,
        AARoll,
        BombRoll,
        SeaRoll,
        AttackRoll,
        DefenseRoll,
        ReinforcementRoll,
        RerollRoll,
        FortuneRoll,
        GroundingRoll,
        ArtilleryRoll,
        Tac1BoxRoll,
        Tac1AttackRoll,
        Tac2Roll,
        Tac4Roll,
        Tac6Roll,
        Tac16Roll,
    )
}


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

    @property
    def after_combat(self) -> bool:
        """Casualties of a land combat cycle (R-COMBAT-5): the attack's or the defence's hits."""
        return self.kind in ("combat-defender", "combat-attacker")

    @property
    def after_airborne(self) -> bool:
        """Casualties of the paratroopers' attack (ORDER-1)."""
        return self.kind == "para"

    @property
    def attacking_side(self) -> str:
        """The side that attacked: the other side when the defenders lose units, else ``side``."""
        if self.kind == "combat-defender":
            return "allies" if self.side == "axis" else "axis"
        return self.side


@dataclass(frozen=True)
class NavalSplitStep(Step):
    who: ClassVar[str] = "allies"


@dataclass(frozen=True)
class NavalTargetStep(Step):
    who: ClassVar[str] = "allies"
    die: int = 0  # 0..5
    uk_dice: int = 6


@dataclass(frozen=True)
class PatrolStep(Step):
    who: ClassVar[str] = "allies"


@dataclass(frozen=True)
class AATargetStep(Step):
    who: ClassVar[str] = "axis"
    zone: str = ""
    shot: int = 0
    kind: str = "fighter"


@dataclass(frozen=True)
class BomberStep(Step):
    who: ClassVar[str] = "allies"


@dataclass(frozen=True)
class FireToSeaStep(Step):
    who: ClassVar[str] = "axis"
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


class PickPurpose(StrEnum):
    """What a :class:`PickStep`'s choice is for: the name its handler is registered under
    (:func:`dday.rules.registry.on_pick`), saved as that text. Bots and views compare a step's
    ``purpose`` with these members, never with a bare string (a test checks the list is complete).

    >>> PickPurpose("tac14-move") is PickPurpose.TAC14_MOVE, PickPurpose.TACTIC == "tactic"
    (True, True)
    """

    TACTIC = "tactic"  # use a tactics card or pass (R-TAC-2)
    REROLL = "reroll"  # FORT-14/15 result 1: keep the 2d6 or roll one die again
    ARTY = "arty"  # TAC-11, TAC-13, VAR-RM-7/8: the artillery's target
    FORT1 = "fort1"
    NO_AA = "no-aa"
    AIR_RETURN = "air-return"
    AIR_REMOVE = "air-remove"
    FORT11 = "fort11"
    FORT13 = "fort13"
    TAC3 = "tac3"
    TAC5 = "tac5"
    TAC6 = "tac6"
    TAC7 = "tac7"
    TAC8 = "tac8"
    TAC9 = "tac9"
    TAC12 = "tac12"
    TAC14 = "tac14"
    TAC14_MOVE = "tac14-move"
    TAC15 = "tac15"
    TAC16 = "tac16"


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
        Roll,  # every kind of roll is saved as a "Roll" with its "kind" (see roll_to_json)
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


# Every roll is saved in one flat layout (the one of the loosely typed roll before rolls had a class
# each), so positions saved before still load and a roll's JSON is what it always was.
_ROLL_LAYOUT: tuple[tuple[str, Any], ...] = (
    ("zone", ""),
    ("index", 0),
    ("target", ""),
    ("power", ""),
    ("count", 0),
    ("quota", ()),
    ("origin", ""),
    ("defense_dice", NO_DICE),
)
_JOINED = ("powers", "charts")  # tuples saved as one comma-joined text


def roll_to_json(roll: Roll) -> dict[str, Any]:
    """A roll as plain JSON data: ``kind`` names its class, its fields sit in the flat layout.

    >>> roll_to_json(SeaRoll(zone="F16", shot=1, unit="infantry", beach="Gold"))["power"]
    'Gold'
    """
    flat = dict(_ROLL_LAYOUT)
    for name, slot in roll.slots.items():
        v = getattr(roll, name)
        flat[slot] = ",".join(str(x) for x in v) if name in _JOINED else v
    out: dict[str, Any] = {"type": "Roll", "kind": roll.kind, "dice": roll.dice.to_json()}
    for slot, v in flat.items():
        out[slot] = v.to_json() if isinstance(v, Dice) else list(v) if isinstance(v, tuple) else v
    return out


def roll_from_json(data: dict[str, Any]) -> Roll:
    """The roll :func:`roll_to_json` wrote (also a roll saved before rolls had a class each)."""
    cls = ROLL_TYPES.get(data.get("kind", ""))
    if cls is None:
        raise SaveFileError(f"a roll of kind {data.get('kind')!r}: the engine knows no such roll ({', '.join(sorted(ROLL_TYPES))})")
    kwargs: dict[str, Any] = {}
    if "dice" in data:
        kwargs["dice"] = Dice.from_json(data["dice"])
    for name, slot in cls.slots.items():
        if slot not in data:
            continue
        v = data[slot]
        if slot == "defense_dice":
            v = Dice.from_json(v)
        elif name == "powers":
            v = tuple(str(v).split(",")) if v else ()
        elif name == "charts":
            v = tuple(int(x) for x in str(v).split(",")) if v else ()
        elif slot == "quota":
            v = tuple(v)
        kwargs[name] = v
    return cls(**kwargs)


def step_to_json(step: Step) -> dict[str, Any]:
    """A step as plain JSON data (for :meth:`dday.rules.state.State.to_json`)."""
    if isinstance(step, Roll):
        return roll_to_json(step)
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
    if data.get("type") == "Roll":
        return roll_from_json(data)
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
