"""What happened: the typed events a transition records in ``State.events`` (the game's log as data).

The rules record facts (zone ids, powers, unit types, dice faces, counts, card numbers, rule ids),
never sentences; :mod:`dday.views.log_text` writes the English. Each event round-trips through JSON:

>>> import json
>>> e = BomberAttack(power="UK", unit="tank", zone="F30", faces=(2,), hit=True, hit_on=3)
>>> e.to_json()
{'event': 'BomberAttack', 'power': 'UK', 'unit': 'tank', 'zone': 'F30', 'faces': (2,), 'hit': True, 'hit_on': 3}
>>> event_from_json(json.loads(json.dumps(e.to_json()))) == e
True

``chart`` and ``box`` are 0-based indexes into the board's charts and airborne boxes (or a chart's
boxes); :data:`Counts` are land units in Force order; ``hit_on`` is what a die must roll or less.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

Counts = tuple[int, int, int, int]  # land units in Force order: infantry, artillery, tank, blockhouse


class Event:
    """Base of every event: JSON out (:meth:`to_json`) and back (:func:`event_from_json`)."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        """The event as plain data: ``{"event": <class name>, <field>: <value>, ...}``."""
        return {"event": type(self).__name__, **{f.name: getattr(self, f.name) for f in fields(self)}}  # type: ignore[arg-type]


# --- the turn's backbone (flow.py)


@dataclass(frozen=True, slots=True)
class CardStarted(Event):
    """Order card ``card`` is turned up on ``turn`` (R-TURN-1)."""

    turn: int
    card: int


@dataclass(frozen=True, slots=True)
class HouseArtillery(Event):
    """The reference manual's extra order 9a (``card`` 9) or 11a (``card`` 11) begins (VAR-RM-7/8)."""

    card: int


@dataclass(frozen=True, slots=True)
class DeckChanged(Event):
    """Order ``card`` leaves the deck (R-DECK-1/2) or, with ``leaves`` False, comes back (R-DECK-4)."""

    card: int
    leaves: bool


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """End of ``turn``: who holds each victory city (in the board's order), "" for nobody."""

    turn: int
    holders: tuple[str, ...]


Outcome = Literal[
    "capture",  # VAR-RM-15: the Allies hold the three cities at the end of a turn
    "capture-failed",  # VAR-RM-16: they do not by the last turn
    "extended-win",  # VAR-RM-18: the Allies take the cities in extended play
    "extended-ends",  # VAR-RM-18: extended play ends, the Axis wins
    "extended-goes-on",  # VAR-RM-18: extended play goes on
    "play-goes-on",  # VAR-RM-18: the last turn is over but play goes on
    "held",  # R-VICTORY-1: held for a full turn
    "hold-started",  # R-VICTORY-2: held at the end of this turn
    "hold-broken",  # R-VICTORY-4 option: a city was lost during the holding turn
    "cannot-hold",  # FAQ-11, R-VICTORY-3: too late to hold them for a full turn
    "time-up",  # R-VICTORY-3: the last turn is over
    "germans-gone",  # VAR-RM-17
    "americans-alone",  # VAR-RM-17: the Americans alone hold ``zone``
    "americans-gone",  # VAR-RM-17
]


@dataclass(frozen=True, slots=True)
class VictoryCheck(Event):
    """What the end-of-turn victory check found (R-VICTORY-1..4, VAR-RM-15..18): ``outcome`` says
    which case; ``turn``, ``units`` (Allied land units on the board) and ``zone`` are its numbers."""

    outcome: Outcome
    turn: int = 0
    last_turn: int = 0
    units: int = 0
    zone: str = ""


@dataclass(frozen=True, slots=True)
class TacticDecided(Event):
    """Tactics card ``card`` is used (and leaves the game) or passed (R-TAC-2)."""

    card: int
    used: bool


@dataclass(frozen=True, slots=True)
class ArtilleryFire(Event):
    """Artillery in ``origin`` fires at a ``power`` ``unit`` in ``zone`` (TAC-11/13, VAR-RM-7/8: ``rule``)."""

    origin: str
    zone: str
    power: str
    unit: str
    faces: tuple[int, ...]
    hit: bool
    rule: str


# --- fortune cards (fortune.py)


@dataclass(frozen=True, slots=True)
class FortuneRolled(Event):
    """The fortune die of order ``card`` shows ``face`` (R-FORT-2: 1 positive, 6 negative)."""

    card: int
    face: int


@dataclass(frozen=True, slots=True)
class Grounded(Event):
    """FORT-3/5 result 6: the grounding dice and how many UK and US ``kind`` stay on the airfield."""

    kind: str
    faces: tuple[int, ...]
    uk: int
    us: int


@dataclass(frozen=True, slots=True)
class ParatrooperRemoved(Event):
    """FORT-1 result 6: airborne box ``box`` loses a paratrooper."""

    box: int


@dataclass(frozen=True, slots=True)
class FortuneZone(Event):
    """A fortune result picks a zone: no antiaircraft fire there (FORT-4/6, ``card``), the one zone
    where ``power`` attacks (FORT-11) or a zone where the Axis attacks (FORT-13)."""

    card: int
    zone: str
    power: str = ""


@dataclass(frozen=True, slots=True)
class FortuneAir(Event):
    """FORT-7/16 (``card``): a lost ``power`` ``kind`` returns to the airfield (result 1, ``zone`` "")
    or the Axis removes one over ``zone`` from play (result 6)."""

    card: int
    power: str
    kind: str
    zone: str = ""


# --- tactics cards (tactics.py)


@dataclass(frozen=True, slots=True)
class Tac1Drop(Event):
    """TAC-1: the die of airborne box ``box`` shows ``face``; ``count`` infantry drop from the chart."""

    box: int
    face: int
    count: int


@dataclass(frozen=True, slots=True)
class Tac1Attack(Event):
    """TAC-1: the dropped infantry attack ``zone`` (hits on 1)."""

    zone: str
    faces: tuple[int, ...]
    hits: int


@dataclass(frozen=True, slots=True)
class V2Strike(Event):
    """TAC-2: the V-2 on ``power``'s chart destroys the next ``unit`` ("" when it misses)."""

    power: str
    unit: str = ""


@dataclass(frozen=True, slots=True)
class Tac4Fire(Event):
    """TAC-4: the die against the Allied units in ``zone`` (hits on 1)."""

    zone: str
    faces: tuple[int, ...]
    hit: bool


@dataclass(frozen=True, slots=True)
class FriendlyFire(Event):
    """TAC-6: a bomber's die against a ``power`` ``unit`` in ``zone`` (hits on 1-3)."""

    power: str
    unit: str
    zone: str
    faces: tuple[int, ...]
    hit: bool


@dataclass(frozen=True, slots=True)
class TacticChoice(Event):
    """TAC-3/7/12 (``rule``): ``choice`` (a zone, or 'zone:power' for TAC-3) for the rest of the turn."""

    rule: str
    choice: str


@dataclass(frozen=True, slots=True)
class BlockhouseRebuilt(Event):
    """TAC-8: a blockhouse is rebuilt in ``zone``."""

    zone: str


@dataclass(frozen=True, slots=True)
class BeachUnitMoved(Event):
    """TAC-9: a ``unit`` moves from beachhead box ``source`` to ``destination``."""

    unit: str
    source: str
    destination: str


@dataclass(frozen=True, slots=True)
class FightersGather(Event):
    """TAC-14: the fighters gather over ``zone``."""

    zone: str


@dataclass(frozen=True, slots=True)
class FighterSent(Event):
    """TAC-14: a ``power`` fighter moves from ``source`` (a zone or 'airfield') to ``zone``."""

    power: str
    source: str
    zone: str


@dataclass(frozen=True, slots=True)
class ConvoyMoved(Event):
    """TAC-15: a German ``unit`` moves along ``path``, facing ``dice`` strafing dice."""

    unit: str
    path: tuple[str, ...]
    dice: int


@dataclass(frozen=True, slots=True)
class VolunteersRolled(Event):
    """TAC-16: the die shows ``face``; ``count`` destroyed infantry may return to the charts."""

    face: int
    count: int


@dataclass(frozen=True, slots=True)
class VolunteerReturns(Event):
    """TAC-16: a ``power`` infantry returns to 0-based ``box`` of its chart."""

    power: str
    box: int


# --- order cards (orders/*.py)


@dataclass(frozen=True, slots=True)
class ParatroopersLanded(Event):
    """R-PARA-2: the ``infantry`` of airborne box ``box`` are now in its zone."""

    box: int
    infantry: int


@dataclass(frozen=True, slots=True)
class AirborneAttack(Event):
    """ORDER-1: airborne box ``box`` attacks ``zone``: ``hits``, of which ``counted`` find a target."""

    box: int
    zone: str
    faces: tuple[int, ...]
    hits: int
    counted: int
    hit_on: int


@dataclass(frozen=True, slots=True)
class NavalSplit(Event):
    """R-NAVAL-2: the UK gets ``uk`` of the six naval dice, the US the rest."""

    uk: int


@dataclass(frozen=True, slots=True)
class NavalFire(Event):
    """ORDER-2: naval die ``die`` (0-based) of ``power`` at a German ``unit`` in ``zone``."""

    die: int
    power: str
    unit: str
    zone: str
    faces: tuple[int, ...]
    hit: bool
    hit_on: int


@dataclass(frozen=True, slots=True)
class NavalDiceLost(Event):
    """R-NAVAL-3: no blockhouse is left, ``count`` naval dice are lost."""

    count: int


@dataclass(frozen=True, slots=True)
class FightersPatrol(Event):
    """ORDER-3: ``count`` ``power`` fighters patrol ``zone``."""

    power: str
    count: int
    zone: str


@dataclass(frozen=True, slots=True)
class AntiaircraftFire(Event):
    """ORDER-4/6: German artillery ``shot`` (0-based) of ``guns`` in ``zone`` fires at a ``power`` ``kind``."""

    zone: str
    guns: int
    shot: int
    power: str
    kind: str
    faces: tuple[int, ...]
    hit: bool
    hit_on: int


@dataclass(frozen=True, slots=True)
class BomberAttack(Event):
    """ORDER-5 (and TAC-5): a ``power`` bomber strikes a German ``unit`` in ``zone``."""

    power: str
    unit: str
    zone: str
    faces: tuple[int, ...]
    hit: bool
    hit_on: int


@dataclass(frozen=True, slots=True)
class AirHome(Event):
    """R-AIR-6: ``count`` ``kind`` return to the airfield (orders 7 and 16)."""

    kind: str
    count: int


@dataclass(frozen=True, slots=True)
class BlockhouseFire(Event):
    """ORDER-9: blockhouse ``shot`` (0-based) of ``guns`` in ``zone`` fires at a ``unit`` in ``beach``."""

    zone: str
    guns: int
    shot: int
    unit: str
    beach: str
    faces: tuple[int, ...]
    hit: bool
    hit_on: int


@dataclass(frozen=True, slots=True)
class UnitsLanded(Event):
    """ORDER-10: ``count`` ``power`` ``unit`` land from ``beach`` into ``zone``."""

    power: str
    unit: str
    count: int
    beach: str
    zone: str


# movement (orders 8 and 12) and strafing


@dataclass(frozen=True, slots=True)
class NoMoves(Event):
    """No unit of ``side`` moves."""

    side: str


@dataclass(frozen=True, slots=True)
class UnitsMoved(Event):
    """``count`` Allied ``power`` ``unit`` move along ``path``; with ``declared`` (the Axis, R-AIR-3)
    they are declared and face ``dice`` strafing dice each."""

    power: str
    unit: str
    count: int
    path: tuple[str, ...]
    declared: bool = False
    dice: int = 0


@dataclass(frozen=True, slots=True)
class Strafed(Event):
    """R-AIR-3/R-REINF-8: ``dice`` fighter dice at a ``power`` ``unit`` bound for ``zone`` (hits on 1)."""

    power: str
    unit: str
    zone: str
    dice: int
    faces: tuple[int, ...]
    hit: bool


# combat (orders 11 and 13)


@dataclass(frozen=True, slots=True)
class NoCombatCycle(Event):
    """No combat cycle in ``zone`` on this card (``rule``: FORT-11, FORT-13 or TAC-12)."""

    zone: str
    rule: str


@dataclass(frozen=True, slots=True)
class CombatRolled(Event):
    """R-COMBAT-3: ``attacker`` (with ``attacking``) attacks the other side (``defending``) in ``zone``."""

    zone: str
    attacker: str
    attacking: Counts
    defending: Counts
    faces: tuple[int, ...]
    hits: int


@dataclass(frozen=True, slots=True)
class DefenceRolled(Event):
    """R-COMBAT-4: ``defender`` fires back in ``zone`` with all its units."""

    zone: str
    defender: str
    faces: tuple[int, ...]
    hits: int


@dataclass(frozen=True, slots=True)
class CycleEnded(Event):
    """After a combat cycle in ``zone``: what each side has left and who controls it ("" for nobody)."""

    zone: str
    axis: Counts
    allies: Counts
    controller: str


@dataclass(frozen=True, slots=True)
class CasualtiesRemoved(Event):
    """``side`` removes its casualties in ``zone``: ``(power, unit, count)`` each."""

    side: str
    zone: str
    losses: tuple[tuple[str, str, int], ...]


# reinforcements (orders 14 and 15)


@dataclass(frozen=True, slots=True)
class RerollOffered(Event):
    """FORT-14/15 result 1: chart ``chart`` rolled ``faces``; one die may be rolled again (FAQ-37)."""

    chart: int
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DieRerolled(Event):
    """The re-rolled die shows ``face``; the other die ``kept`` stays."""

    face: int
    kept: int


@dataclass(frozen=True, slots=True)
class ReinforcementsRolled(Event):
    """R-REINF-1: chart ``chart`` rolled ``faces``; ``units`` come next. ``rules`` name what changed the
    total: VAR-RM-19, VAR-RM-12, FORT-14 or FORT-15."""

    chart: int
    faces: tuple[int, ...]
    rules: tuple[str, ...]
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GermanDieShared(Event):
    """VAR-RM-19: what the German die leaves comes from chart ``chart`` next: ``units``."""

    chart: int
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NoRoom(Event):
    """R-REINF-3: the next ``count`` units of chart ``chart`` stay on it, first in line."""

    chart: int
    count: int


@dataclass(frozen=True, slots=True)
class GermanPlaced(Event):
    """The German reinforcements placed, ``(unit, zone)`` each; ``strafing`` follows (R-REINF-8)."""

    placed: tuple[tuple[str, str], ...]
    strafing: bool


@dataclass(frozen=True, slots=True)
class AlliedPlaced(Event):
    """R-REINF-4/5: a ``power`` ``unit`` from 0-based chart box ``box`` is placed in ``beach``."""

    power: str
    unit: str
    box: int
    beach: str


@dataclass(frozen=True, slots=True)
class AxisStopsPlacing(Event):
    """VAR-TA-9: the Axis leaves the remaining units on the chart."""


# --- JSON


def _all_subclasses(cls: type[Event]) -> list[type[Event]]:
    out: list[type[Event]] = []
    for sub in cls.__subclasses__():
        out += [sub, *_all_subclasses(sub)]
    return out


EVENT_TYPES: dict[str, type[Event]] = {c.__name__: c for c in _all_subclasses(Event)}
"""Every kind of event, by class name (the ``"event"`` key of :meth:`Event.to_json`)."""


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, (list, tuple)) else value


def event_from_json(data: dict[str, Any]) -> Event:
    """The event :meth:`Event.to_json` wrote (JSON lists come back as tuples).

    >>> event_from_json({"event": "CardStarted", "turn": 2, "card": 9})
    CardStarted(turn=2, card=9)
    """
    kind = data.get("event")
    if kind not in EVENT_TYPES:
        raise ValueError(f"unknown event {kind!r}; known: {', '.join(sorted(EVENT_TYPES))}")
    return EVENT_TYPES[kind](**{k: _tuples(v) for k, v in data.items() if k != "event"})


__all__ = [
    "EVENT_TYPES", "AirHome", "AirborneAttack", "AlliedPlaced", "AntiaircraftFire", "ArtilleryFire", "AxisStopsPlacing",
    "BeachUnitMoved", "BlockhouseFire", "BlockhouseRebuilt", "BomberAttack", "CardStarted", "CasualtiesRemoved", "CombatRolled",
    "ConvoyMoved", "Counts", "CycleEnded", "DeckChanged", "DefenceRolled", "DieRerolled", "Event", "FighterSent",
    "FightersGather", "FightersPatrol", "FortuneAir", "FortuneRolled", "FortuneZone", "FriendlyFire", "GermanDieShared",
    "GermanPlaced", "Grounded", "HouseArtillery", "NavalDiceLost", "NavalFire", "NavalSplit", "NoCombatCycle", "NoMoves",
    "NoRoom", "Outcome", "ParatrooperRemoved", "ParatroopersLanded", "ReinforcementsRolled", "RerollOffered", "Strafed",
    "Tac1Attack", "Tac1Drop", "Tac4Fire", "TacticChoice", "TacticDecided", "TurnEnded", "UnitsLanded", "UnitsMoved", "V2Strike",
    "VictoryCheck", "VolunteerReturns", "VolunteersRolled", "event_from_json",
]
