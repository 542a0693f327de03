"""The immutable game state and the questions you can ask of it.

A :class:`State` is one moment of a game: where every unit is, what is left on the charts,
which order card is being resolved and what the game is waiting for (``step``). It is a
frozen dataclass; :func:`dday.engine.apply` returns a new one, so history is just a list.

>>> from dday.state import initial_state
>>> s = initial_state()
>>> s.turn, s.card, s.units("F14", "Germany").short()
(1, 1, '4i 3a 2b')
>>> s.controller("F30"), s.controller("F9")
('axis', None)
>>> s.beach_units("Omaha").short()
'6i 2a'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any, ClassVar, TypeVar

from .board import Board, load_board
from .dice import Dice
from .errors import SaveFileError
from .units import ALLIED_POWERS, EMPTY, NO_AIR, POWERS, Air, Force, Side, powers_of

FORMAT_VERSION = 1
NO_DICE = Dice()

_T = TypeVar("_T")
_FIELD_NAMES: dict[type, frozenset[str]] = {}


def evolve(obj: _T, **changes: Any) -> _T:
    """A copy of the frozen dataclass ``obj`` with ``changes``: ``dataclasses.replace``, ~10× cheaper.

    It copies the field values instead of re-running ``__init__`` (so it is only for classes
    without ``__post_init__``: :class:`State` and the steps), and drops cached properties
    such as :attr:`State.key`, which belong to the old value. Unknown names raise ``TypeError``
    like ``replace`` does.

    >>> s = initial_state()
    >>> evolve(s, turn=2).turn, s.turn
    (2, 1)
    """
    cls = type(obj)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in fields(cls))  # type: ignore[arg-type]
    d = obj.__dict__.copy()  # every field is in it (the dataclass __init__ sets them all)
    d.update(changes)
    if len(d) != len(names):  # an unknown name, or a cached property of the old value
        if not names.issuperset(changes):
            raise TypeError(f"{cls.__name__} has no field(s) {sorted(set(changes) - names)}")
        for k in [k for k in d if k not in names]:
            del d[k]
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", d)  # frozen: the dataclass's own __setattr__ refuses
    return new

# ---------------------------------------------------------------------------------------------
# Rules options (the official game by default; variants are added by the advanced-rules issue)


@dataclass(frozen=True)
class Rules:
    """Options of the rule set. Defaults are the official basic game.

    * ``three_player``: the UK and US players split the naval dice (R-NAVAL-2); with two
      players the Allied player rolls all six and no split is asked.
    * ``continuous_hold``: losing a city in the middle of the holding turn breaks the hold
      (R-VICTORY-4, RECONSTRUCTED option; default off).
    * ``fighter_limit``: fighters per zone (R-STACK-3: 4; VAR-TA-1: 3).
    * ``fortune`` / ``tactics``: the advanced decks (rules.md §7).
    * ``card_order``: the sequence of the sixteen orders (VAR-TA-2 reorders them).
    * Reference-manual house rules: ``coastal_bombardment`` (VAR-RM-5), ``artillery_orders``
      (VAR-RM-7, -8, -9), ``reinforcement_six_nothing`` (VAR-RM-12), ``capture_win``
      (VAR-RM-15, -16), ``alternative_wins`` (VAR-RM-17), ``extended_play`` (VAR-RM-18, -19).
    * ``optional_axis_placement``: the Axis may leave reinforcements on the chart (VAR-TA-9).

    Conflicting combinations raise :class:`dday.advanced.RulesConflictError`.
    """

    three_player: bool = True
    continuous_hold: bool = False
    fighter_limit: int = 4
    fortune: bool = False
    tactics: bool = False
    card_order: tuple[int, ...] = tuple(range(1, 17))
    coastal_bombardment: bool = False
    artillery_orders: bool = False
    reinforcement_six_nothing: bool = False
    capture_win: bool = False
    alternative_wins: bool = False
    extended_play: bool = False
    optional_axis_placement: bool = False

    def __post_init__(self) -> None:
        from .advanced import check_rules

        object.__setattr__(self, "card_order", tuple(self.card_order))
        check_rules(self)

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["card_order"] = list(self.card_order)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Rules:
        known = {f.name for f in fields(Rules)}
        unknown = set(data) - known
        if unknown:
            raise SaveFileError(f"unknown rule option(s) {sorted(unknown)}")
        try:
            return Rules(**data)
        except (TypeError, ValueError) as exc:
            raise SaveFileError(f"invalid rule options: {exc}") from None


# ---------------------------------------------------------------------------------------------
# Steps: what the game waits for. ``who`` is "allies", "axis", "chance" or "none".


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


def _step_to_json(step: Step) -> dict[str, Any]:
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


def _step_from_json(data: dict[str, Any]) -> Step:
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


@dataclass(frozen=True)
class State:
    """One moment of a game. Immutable; see :mod:`dday.engine` for transitions.

    Positions are tuples indexed like ``board.zones`` (per zone: Germany, UK, US forces),
    ``board.beachheads``, ``board.airborne_boxes`` and ``board.charts``.
    """

    turn: int
    card: int
    deck: tuple[int, ...]  # order cards still in the deck (R-DECK-1, R-DECK-2)
    ground: tuple[tuple[Force, Force, Force], ...]
    beach: tuple[Force, ...]
    airborne: tuple[Force, ...]
    air: tuple[Air, ...]  # fighters on patrol and bombers on strike, per zone
    airfield: Air
    air_lost: Air  # removed from play by AA (R-AIR-7)
    destroyed: tuple[Force, Force, Force]  # per power (Germany, UK, US)
    charts: tuple[tuple[int, ...], ...]  # remaining 0-based boxes of each chart (R-REINF-1)
    hold: int  # consecutive turn ends with all three cities Allied (R-VICTORY-2)
    winner: str | None
    step: Step
    events: tuple[str, ...] = ()  # what the last transition did, for logs
    removed: tuple[int, ...] = ()  # orders that left the deck because their units were gone (R-DECK-2, R-DECK-4)
    fortune: int = 0  # fortune result for the current order: 1 positive, 6 negative, 0 none (R-FORT-2)
    tactics_left: tuple[int, ...] = ()  # unused tactics cards still in the deck (R-TAC-2)
    effects: tuple[str, ...] = ()  # effects that last this turn (tactics, fortune picks), e.g. "TAC-7:F12"
    grounded: Air = NO_AIR  # air units grounded this turn (FORT-3, FORT-5 result 6)
    rules: Rules = Rules()
    board: Board = field(default_factory=load_board, compare=False, repr=False)

    # -- units ----------------------------------------------------------------------------------
    def zone_forces(self, zone: str) -> tuple[Force, Force, Force]:
        return self.ground[self.board.zone_index(zone)]

    def units(self, zone: str, power: str) -> Force:
        """Land units of ``power`` in ``zone``."""
        return self.ground[self.board.zone_index(zone)][POWERS.index(power)]  # type: ignore[arg-type]

    def side_units(self, zone: str, side: str) -> Force:
        """Land units of a whole side in ``zone`` (UK and US added together)."""
        g, uk, us = self.ground[self.board.zone_index(zone)]
        return g if side == "axis" else uk.plus(us)

    def side_total(self, zone: str, side: str) -> int:
        """Number of land units of a side in ``zone`` (blockhouses included)."""
        g, uk, us = self.ground[self.board.zone_index(zone)]
        return g.total if side == "axis" else uk.total + us.total

    def stack_count(self, zone: str, side: str) -> int:
        """Land units that count for stacking (R-STACK-1, R-STACK-2)."""
        g, uk, us = self.ground[self.board.zone_index(zone)]
        if side == "axis":
            return g.land_for_stacking
        return uk.land_for_stacking + us.land_for_stacking

    def beach_units(self, name: str) -> Force:
        return self.beach[self.board.beachhead(name).index]

    def air_in(self, zone: str) -> Air:
        return self.air[self.board.zone_index(zone)]

    def fighters_in(self, zone: str) -> int:
        return self.air[self.board.zone_index(zone)].fighters

    # -- control (R-CONTROL-1..4) ----------------------------------------------------------------
    def controller(self, zone: str) -> Side | None:
        """'axis', 'allies' or None. A side controls a zone when it has the only land units there."""
        g, uk, us = self.zone_forces(zone)
        axis = g.total > 0
        allies = uk.total + us.total > 0
        if axis and not allies:
            return "axis"
        if allies and not axis:
            return "allies"
        return None

    def contested(self, zone: str) -> bool:
        """A combat situation: both sides have land units in the zone (R-CONTROL-2)."""
        g, uk, us = self.zone_forces(zone)
        return g.total > 0 and uk.total + us.total > 0

    def combat_zones(self) -> tuple[str, ...]:
        return tuple(z.id for z, (g, uk, us) in zip(self.board.zones, self.ground, strict=True) if g.total and (uk.total or us.total))

    def allies_hold_all_cities(self) -> bool:
        return all(self.controller(z) == "allies" for z in self.board.victory_zones)

    def blockhouses_in_play(self) -> int:
        return sum(g.blockhouse for g, _, _ in self.ground)

    # -- charts ---------------------------------------------------------------------------------
    def chart_queue(self, chart: str) -> tuple[str, ...]:
        """Units still on a chart, first in line first."""
        c = self.board.chart(chart)
        return tuple(c.boxes[k] for k in self.charts[c.index])

    # -- bookkeeping ----------------------------------------------------------------------------
    @property
    def current_player(self) -> str:
        """'allies', 'axis', 'chance' or 'none' (game over)."""
        return self.step.who

    @property
    def is_over(self) -> bool:
        return isinstance(self.step, GameOver)

    def inventory(self) -> dict[tuple[str, str], int]:
        """Units per (power, type) everywhere: board, boxes, charts, in transit, destroyed, lost.

        Conserved through the whole game (a property test checks it).
        """
        tally: dict[tuple[str, str], int] = {}

        def add(power: str, unit: str, n: int) -> None:
            if n:
                tally[(power, unit)] = tally.get((power, unit), 0) + n

        for forces in self.ground:
            for p, f in zip(POWERS, forces, strict=True):
                for u, n in f._asdict().items():
                    add(p, u, n)
        for b, f in zip(self.board.beachheads, self.beach, strict=True):
            for u, n in f._asdict().items():
                add(b.power, u, n)
        for a, f in zip(self.board.airborne_boxes, self.airborne, strict=True):
            for u, n in f._asdict().items():
                add(a.power, u, n)
        for c, boxes in zip(self.board.charts, self.charts, strict=True):
            for k in boxes:
                add(c.power, c.boxes[k], 1)
        for p, f in zip(POWERS, self.destroyed, strict=True):
            for u, n in f._asdict().items():
                add(p, u, n)
        if isinstance(self.step, StrafeStep):
            for power, unit, _, _ in self.step.arrivals[self.step.index :]:
                add(power, unit, 1)
        if isinstance(self.step, PlaceReinforcementsStep):
            for _, unit, _ in self.step.placed:
                add("Germany", unit, 1)
        for where in (*self.air, self.airfield, self.air_lost):
            for key, n in where._asdict().items():
                power, kind = key.split("_")
                add(power.upper(), kind, n)
        return tally

    # -- JSON ------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        b = self.board
        return {
            "format": "dday-state",
            "version": FORMAT_VERSION,
            "rules": self.rules.to_json(),
            "turn": self.turn,
            "card": self.card,
            "deck": list(self.deck),
            "removed": list(self.removed),
            "fortune": self.fortune,
            "tactics_left": list(self.tactics_left),
            "effects": list(self.effects),
            "grounded": self.grounded.to_dict(),
            "zones": {
                z.id: {p: f.to_dict() for p, f in zip(POWERS, forces, strict=True) if f.total}
                for z, forces in zip(b.zones, self.ground, strict=True)
                if any(f.total for f in forces)
            },
            "beachheads": {bh.name: f.to_dict() for bh, f in zip(b.beachheads, self.beach, strict=True)},
            "airborne": [f.to_dict() for f in self.airborne],
            "air": {z.id: a.to_dict() for z, a in zip(b.zones, self.air, strict=True) if any(a)},
            "airfield": self.airfield.to_dict(),
            "air_lost": self.air_lost.to_dict(),
            "destroyed": {p: f.to_dict() for p, f in zip(POWERS, self.destroyed, strict=True)},
            "charts": {c.name: list(q) for c, q in zip(b.charts, self.charts, strict=True)},
            "hold": self.hold,
            "winner": self.winner,
            "step": _step_to_json(self.step),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @cached_property
    def key(self) -> str:
        """A canonical string of the position (for tests and caching)."""
        d = self.to_json()
        return json.dumps(d, sort_keys=True)


def state_from_json(data: Any, board: Board | None = None) -> State:
    """Rebuild a state from :meth:`State.to_json`, validating it; raise :class:`SaveFileError`."""
    board = board or load_board()
    if not isinstance(data, dict) or data.get("format") != "dday-state":
        raise SaveFileError("not a dday state (missing format 'dday-state')")
    if data.get("version") != FORMAT_VERSION:
        raise SaveFileError(f"state format version {data.get('version')!r} is not supported (expected {FORMAT_VERSION})")
    try:
        ground = [[EMPTY, EMPTY, EMPTY] for _ in board.zones]
        for zid, per_power in data["zones"].items():
            if not board.has_zone(zid):
                raise SaveFileError(f"unknown zone {zid!r}")
            for p, f in per_power.items():
                if p not in POWERS:
                    raise SaveFileError(f"unknown power {p!r} in zone {zid}")
                ground[board.zone_index(zid)][POWERS.index(p)] = Force.from_dict(f)  # type: ignore[arg-type]
        beach = []
        for bh in board.beachheads:
            beach.append(Force.from_dict(data["beachheads"][bh.name]))
        if set(data["beachheads"]) - {bh.name for bh in board.beachheads}:
            raise SaveFileError(f"unknown beachhead in {sorted(data['beachheads'])}")
        airborne = tuple(Force.from_dict(f) for f in data["airborne"])
        if len(airborne) != len(board.airborne_boxes):
            raise SaveFileError("wrong number of airborne boxes")
        air = [NO_AIR for _ in board.zones]
        for zid, a in data["air"].items():
            if not board.has_zone(zid):
                raise SaveFileError(f"unknown zone {zid!r} in air units")
            air[board.zone_index(zid)] = Air.from_dict(a)
        charts = []
        for c in board.charts:
            q = tuple(int(k) for k in data["charts"][c.name])
            if any(not 0 <= k < len(c.boxes) for k in q) or list(q) != sorted(set(q)):
                raise SaveFileError(f"chart {c.name} has invalid boxes {q}")
            charts.append(q)
        deck = tuple(int(c) for c in data["deck"])
        removed = tuple(int(c) for c in data.get("removed", []))
        if any(not 1 <= c <= 16 for c in (*deck, *removed)):
            raise SaveFileError(f"deck holds an unknown order card: {deck} / {removed}")
        state = State(
            turn=int(data["turn"]),
            card=int(data["card"]),
            deck=deck,
            removed=removed,
            fortune=int(data.get("fortune", 0)),
            tactics_left=tuple(int(c) for c in data.get("tactics_left", [])),
            effects=tuple(str(e) for e in data.get("effects", [])),
            grounded=Air.from_dict(data.get("grounded", {})),
            ground=tuple(tuple(g) for g in ground),  # type: ignore[misc]
            beach=tuple(beach),
            airborne=airborne,
            air=tuple(air),
            airfield=Air.from_dict(data["airfield"]),
            air_lost=Air.from_dict(data["air_lost"]),
            destroyed=tuple(Force.from_dict(data["destroyed"].get(p, {})) for p in POWERS),  # type: ignore[arg-type]
            charts=tuple(charts),
            hold=int(data["hold"]),
            winner=data["winner"],
            step=_step_from_json(data["step"]),
            rules=Rules.from_json(data.get("rules", {})),
            board=board,
        )
    except SaveFileError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise SaveFileError(f"malformed state: {type(exc).__name__}: {exc}") from None
    check_invariants(state, error=SaveFileError)
    return state


def check_invariants(state: State, error: type[Exception] = AssertionError) -> None:
    """Raise ``error`` if the state breaks a hard limit (stacking, conservation, turn range)."""
    b = state.board
    last = 30 if state.rules.extended_play else b.turns  # VAR-RM-18 plays on past turn 10
    if not 1 <= state.turn <= last:
        raise error(f"turn {state.turn} outside 1..{last}")
    if state.winner not in (None, "allies", "axis"):
        raise error(f"unknown winner {state.winner!r}")
    for z in b.zones:
        for side in ("axis", "allies"):
            if state.stack_count(z.id, side) > b.stacking_limit:
                raise error(f"R-STACK-1: {z.id} holds more than {b.stacking_limit} {side} land units")
        _, uk, us = state.zone_forces(z.id)
        if uk.blockhouse or us.blockhouse:
            raise error(f"{z.id}: only the Axis has blockhouses (§2.2)")
    for bh, f in zip(b.beachheads, state.beach, strict=True):
        # R-STACK-6: a box's capacity limits placement only; TAC-9 may fill a box up to 8
        limit = bh.capacity if not state.rules.tactics else max(bh.capacity, b.stacking_limit)
        if f.total > limit:
            raise error(f"R-STACK-6: {bh.name} holds {f.total} units, more than {limit}")
    expected = initial_inventory(b)
    got = state.inventory()
    if got != expected:
        diff = {k: (expected.get(k, 0), got.get(k, 0)) for k in set(expected) | set(got) if expected.get(k, 0) != got.get(k, 0)}
        raise error(f"units are not conserved (expected, found): {diff}")


def initial_inventory(board: Board) -> dict[tuple[str, str], int]:
    return initial_state(board=board).inventory()


def initial_state(rules: Rules | None = None, board: Board | None = None) -> State:
    """The set-up of the basic game (R-SETUP-1..7), waiting for order card 1."""
    from .engine import start_card  # the engine sets the first step

    board = board or load_board()
    ground = tuple((z.axis_start, EMPTY, EMPTY) for z in board.zones)
    air = Air(
        uk_fighter=board.air_units["UK"].get("fighter", 0),
        us_fighter=board.air_units["US"].get("fighter", 0),
        uk_bomber=board.air_units["UK"].get("bomber", 0),
        us_bomber=board.air_units["US"].get("bomber", 0),
    )
    rules = rules or Rules()
    s = State(
        turn=1,
        card=1,
        deck=tuple(range(1, 17)),
        tactics_left=tuple(range(1, 17)) if rules.tactics else (),
        ground=ground,
        beach=tuple(bh.start for bh in board.beachheads),
        airborne=tuple(Force(infantry=a.paratroopers) for a in board.airborne_boxes),
        air=tuple(NO_AIR for _ in board.zones),
        airfield=air,
        air_lost=NO_AIR,
        destroyed=(EMPTY, EMPTY, EMPTY),
        charts=tuple(tuple(range(len(c.boxes))) for c in board.charts),
        hold=0,
        winner=None,
        step=GameOver(),
        rules=rules,
        board=board,
    )
    return start_card(replace(s, card=rules.card_order[0]))


__all__ = [
    "ALLIED_POWERS",
    "FORMAT_VERSION",
    "GameOver",
    "Roll",
    "Rules",
    "State",
    "Step",
    "check_invariants",
    "initial_state",
    "powers_of",
    "state_from_json",
]
