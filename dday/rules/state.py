"""The immutable game state and the questions you can ask of it.

A :class:`State` is one moment of a game: where every unit is, what is left on the charts,
which order card is being resolved and what the game is waiting for (``step``). It is a
frozen dataclass; :func:`dday.rules.engine.apply` returns a new one, so history is just a list.

>>> from dday.rules.setup import initial_state
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
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, TypeVar

from ..errors import SaveFileError
from .board import Board, load_board
from .decks import check_rules
from .effects import Effect
from .events import Event
from .steps import GameOver, PlaceReinforcementsStep, Step, StrafeStep, step_to_json
from .units import EMPTY, NO_AIR, POWERS, Air, Force, Side

FORMAT_VERSION = 1

_T = TypeVar("_T")
_FIELD_NAMES: dict[type, frozenset[str]] = {}


def evolve(obj: _T, **changes: Any) -> _T:
    """A copy of the frozen dataclass ``obj`` with ``changes``: ``dataclasses.replace``, ~10× cheaper.

    It copies the field values instead of re-running ``__init__`` (so it is only for classes
    without ``__post_init__``: :class:`State` and the steps), and drops cached properties
    such as :attr:`State.key`, which belong to the old value. Unknown names raise ``TypeError``
    like ``replace`` does.

    >>> from dday.rules.setup import initial_state
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
# Rule options (the official game by default; variants are added by the advanced-rules issue)


@dataclass(frozen=True)
class RuleOptions:
    """The options a game is played under (``initial_state(options=RuleOptions(...))``); the defaults are
    the official basic game. A state keeps them as ``state.options``, saved under the key ``"rules"``.

    * ``three_player``: the UK and US players split the naval dice (R-NAVAL-2); with two
      players the Allied player rolls all six and no split is asked.
    * ``continuous_hold``: losing a city in the middle of the holding turn breaks the hold
      (R-VICTORY-4, RECONSTRUCTED option; default off).
    * ``fighter_limit``: fighters per zone (R-STACK-3: 4; VAR-TA-1: 3).
    * ``fortune`` / ``tactics``: the advanced decks (dday/data/reference/40-advanced.md).
    * ``card_order``: the sequence of the sixteen orders (VAR-TA-2 reorders them).
    * Reference-manual house rules: ``coastal_bombardment`` (VAR-RM-5), ``artillery_orders``
      (VAR-RM-7, -8, -9), ``reinforcement_six_nothing`` (VAR-RM-12), ``capture_win``
      (VAR-RM-15, -16), ``alternative_wins`` (VAR-RM-17), ``extended_play`` (VAR-RM-18, -19).
    * ``optional_axis_placement``: the Axis may leave reinforcements on the chart (VAR-TA-9).

    Conflicting combinations raise :class:`dday.rules.decks.RulesConflictError`.
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
        object.__setattr__(self, "card_order", tuple(self.card_order))
        check_rules(self)

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["card_order"] = list(self.card_order)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> RuleOptions:
        known = {f.name for f in fields(RuleOptions)}
        unknown = set(data) - known
        if unknown:
            raise SaveFileError(f"unknown rule {'option' if len(unknown) == 1 else 'options'} {sorted(unknown)}")
        for f in fields(RuleOptions):
            if f.name not in data:
                continue
            v = data[f.name]
            if isinstance(f.default, bool) and not isinstance(v, bool):
                raise SaveFileError(f"rule option {f.name} must be true or false, not {str(v)[:40]!r}")
            if f.name == "fighter_limit" and (isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 8):
                raise SaveFileError(f"rule option fighter_limit must be a whole number from 1 to 8, not {str(v)[:40]!r}")
            if f.name == "card_order" and (not isinstance(v, list) or sorted(v) != list(range(1, 17)) or any(isinstance(c, bool) for c in v)):
                raise SaveFileError(f"rule option card_order must list the order cards 1..16 once each, not {str(v)[:60]}")
        try:
            return RuleOptions(**data)
        except (TypeError, ValueError) as exc:
            raise SaveFileError(f"invalid rule options: {exc}") from None


@dataclass(frozen=True)
class State:
    """One moment of a game. Immutable; see :mod:`dday.rules.engine` for transitions.

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
    events: tuple[Event, ...] = field(default=(), compare=False)  # what the last transition did (typed events; not saved, so not compared)
    removed: tuple[int, ...] = ()  # orders that left the deck because their units were gone (R-DECK-2, R-DECK-4)
    fortune: int = 0  # fortune result for the current order: 1 positive, 6 negative, 0 none (R-FORT-2)
    tactics_left: tuple[int, ...] = ()  # unused tactics cards still in the deck (R-TAC-2)
    effects: tuple[Effect, ...] = ()  # effects that last this turn (tactics, fortune picks), e.g. Flooded("F12")
    grounded: Air = NO_AIR  # air units grounded this turn (FORT-3, FORT-5 result 6)
    left_play: tuple[Force, Force, Force] = (EMPTY, EMPTY, EMPTY)  # per power: out of the game but not destroyed (FORT-1 result 6)
    options: RuleOptions = RuleOptions()  # the options of this game (the key "rules" of the saved format)
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
        for p, f in (*zip(POWERS, self.destroyed, strict=True), *zip(POWERS, self.left_play, strict=True)):
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
            "rules": self.options.to_json(),
            "turn": self.turn,
            "card": self.card,
            "deck": list(self.deck),
            "removed": list(self.removed),
            "fortune": self.fortune,
            "tactics_left": list(self.tactics_left),
            "effects": [e.to_json() for e in self.effects],
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
            # written only when some unit left play, so the positions of every other game keep their keys
            **({"left_play": {p: f.to_dict() for p, f in zip(POWERS, self.left_play, strict=True) if f.total}} if any(f.total for f in self.left_play) else {}),
            "charts": {c.name: list(q) for c, q in zip(b.charts, self.charts, strict=True)},
            "hold": self.hold,
            "winner": self.winner,
            "step": step_to_json(self.step),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @cached_property
    def key(self) -> str:
        """A canonical string of the position (for tests and caching)."""
        d = self.to_json()
        return json.dumps(d, sort_keys=True)
