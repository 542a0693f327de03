"""Small state editors and readers that every order card, fortune card and tactics card uses.

Every editor returns a new :class:`~dday.rules.state.State` (states are immutable).
:func:`record` adds what happened, as typed :mod:`~dday.rules.events` (the views write the sentences).

>>> from dday.rules.setup import initial_state
>>> from dday.rules.effects import Flooded
>>> from dday.rules.events import UnitsLanded
>>> s = add_units(initial_state(), "F11", "US", "tank", 1)
>>> s.units("F11", "US").short(), effects_of(add_effect(s, Flooded("F12")), Flooded)
('1t', [Flooded(zone='F12')])
>>> record(s, UnitsLanded("US", "tank", 1, "Utah", "F11")).events[-1]
UnitsLanded(power='US', unit='tank', count=1, beach='Utah', zone='F11')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from .dice import Dice
from .effects import Effect
from .events import Event
from .state import State, evolve
from .steps import PickStep
from .units import POWERS, Air, Force

# ---------------------------------------------------------------------------------------------
# small state editors and readers (all editors return new states)


def record(s: State, event: Event) -> State:
    """``s`` with ``event`` added to what this transition did."""
    return evolve(s, events=(*s.events, event))


def record_all(s: State, events: Iterable[Event]) -> State:
    """:func:`record` each of ``events`` in turn, with one new state."""
    return evolve(s, events=(*s.events, *events))


def set_force(s: State, zone: str, power: str, force: Force) -> State:
    """``s`` with ``power``'s land units in ``zone`` replaced by ``force``."""
    i = s.board.zone_index(zone)
    forces = list(s.ground[i])
    forces[POWERS.index(power)] = force  # type: ignore[arg-type]
    return evolve(s, ground=(*s.ground[:i], tuple(forces), *s.ground[i + 1 :]))  # type: ignore[arg-type]


def add_units(s: State, zone: str, power: str, unit: str, n: int) -> State:
    """``s`` with ``n`` more (or, if negative, fewer) ``unit`` of ``power`` in ``zone``."""
    return set_force(s, zone, power, s.units(zone, power).add(unit, n))


def add_many(s: State, changes: Iterable[tuple[str, str, str, int]]) -> State:
    """:func:`add_units` for each ``(zone, power, unit, n)`` in turn, with one new ``ground``."""
    ground = list(s.ground)
    index = s.board.zone_index
    for zone, power, unit, n in changes:
        i = index(zone)
        forces = list(ground[i])
        p = POWERS.index(power)  # type: ignore[arg-type]
        forces[p] = forces[p].add(unit, n)
        ground[i] = tuple(forces)  # type: ignore[assignment]
    return evolve(s, ground=tuple(ground))


def destroy(s: State, power: str, unit: str, n: int = 1) -> State:
    """Record ``n`` destroyed land units (R-COMBAT-7: they never come back)."""
    p = POWERS.index(power)  # type: ignore[arg-type]
    d = list(s.destroyed)
    d[p] = d[p].add(unit, n)
    return evolve(s, destroyed=tuple(d))  # type: ignore[arg-type]


def remove_from_play(s: State, power: str, unit: str, n: int = 1) -> State:
    """Record ``n`` land units taken out of the game without being destroyed (FORT-1 result 6):
    nothing that brings destroyed units back (TAC-16) can reach them."""
    p = POWERS.index(power)  # type: ignore[arg-type]
    gone = list(s.left_play)
    gone[p] = gone[p].add(unit, n)
    return evolve(s, left_play=tuple(gone))  # type: ignore[arg-type]


def kill_in_zone(s: State, zone: str, power: str, unit: str, n: int = 1) -> State:
    """Remove ``n`` ``unit`` of ``power`` from ``zone`` and record them destroyed (R-COMBAT-7)."""
    s = set_force(s, zone, power, s.units(zone, power).add(unit, -n))
    return destroy(s, power, unit, n)


def set_beach(s: State, name: str, force: Force) -> State:
    """``s`` with the units in beachhead box ``name`` replaced by ``force``."""
    i = s.board.beachhead(name).index
    return evolve(s, beach=(*s.beach[:i], force, *s.beach[i + 1 :]))


def set_air(s: State, zone: str, air: Air) -> State:
    """``s`` with the air units over ``zone`` replaced by ``air``."""
    i = s.board.zone_index(zone)
    return evolve(s, air=(*s.air[:i], air, *s.air[i + 1 :]))


def dice_hit_on(d: Dice) -> int:
    """What the dice of a one-group roll hit on (R-GEN-2: that number or less; 0 for no dice)."""
    return d.groups[0][0] if d.groups else 0


E = TypeVar("E", bound=Effect)


def effects_of(s: State, kind: type[E]) -> list[E]:
    """This turn's effects of class ``kind`` (:mod:`dday.rules.effects`), oldest first."""
    return [e for e in s.effects if isinstance(e, kind)]


def add_effect(s: State, effect: Effect) -> State:
    """``s`` with ``effect`` added to the effects that last this turn."""
    return evolve(s, effects=(*s.effects, effect))


def offer_pick(s: State, side: str, purpose: str, options: Sequence[str], text: str, *data: str) -> State:
    """Wait for ``side`` to pick one of ``options`` (a :class:`PickStep`; ``purpose`` names its handler)."""
    return evolve(s, step=PickStep(side=side, purpose=purpose, options=tuple(options), text=text, data=tuple(data)))


def air_on_board(s: State, kind: str) -> list[str]:
    """Every (zone, power) with a ``kind`` ('fighter' or 'bomber') over the board, as 'F11:UK' strings."""
    return [f"{z.id}:{p}" for z, a in zip(s.board.zones, s.air, strict=True) for p in ("UK", "US") if a.get(p, kind)]


__all__ = [
    "add_effect",
    "add_many",
    "add_units",
    "air_on_board",
    "destroy",
    "dice_hit_on",
    "effects_of",
    "kill_in_zone",
    "offer_pick",
    "record",
    "record_all",
    "remove_from_play",
    "set_air",
    "set_beach",
    "set_force",
]
