"""Order 3, Fighter Patrol (ORDER-3, R-AIR-1, R-AIR-2, R-STACK-3; VAR-TA-1, FORT-3).

The UK and US fighters ready on the airfield fly out, one decision at a time, to patrol any
zones, at most four fighters per zone (R-STACK-3; three in the TripleA rules, VAR-TA-1; no
limit with fortune card 3's good result). Patrolling fighters are targets for the German
anti-aircraft fire of order 4, and they strafe German units moving or arriving under them on
orders 12 and 15.

Handlers (``python -m dday handlers 3``; a test keeps this table true)::

    begin                 _begin_3
    Patrol at PatrolStep  _act_patrol
    Done at PatrolStep    _done_patrol
    legal at PatrolStep   _legal_patrol
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import IllegalActionError
from ..actions import Action, Done, Patrol
from ..editing import record, set_air
from ..events import FightersPatrol
from ..flow import finish_card
from ..fortune import air_ready, patrol_limit
from ..registry import begin, legal, on_action
from ..state import State, evolve
from ..steps import PatrolStep
from ..words import count


@begin(3)
def _begin_3(s: State) -> State:
    return evolve(s, step=PatrolStep()) if air_ready(s, "UK", "fighter") + air_ready(s, "US", "fighter") else finish_card(s)


@on_action(PatrolStep, Patrol)
def _act_patrol(s: State, step: PatrolStep, a: Patrol) -> State:
    if a.power not in ("UK", "US"):
        raise IllegalActionError("R-AIR-1", f"only the UK and the US have fighters, not {a.power!r}")
    if not s.board.has_zone(a.zone):
        raise IllegalActionError("R-CONTROL-4", f"fighters patrol zones; {a.zone!r} is not a zone")
    if a.count < 1 or air_ready(s, a.power, "fighter") < a.count:
        raise IllegalActionError(
            "R-AIR-2", f"{a.power} has {count(air_ready(s, a.power, 'fighter'), 'fighter')} ready on the airfield, cannot send {a.count}"
        )
    if s.fighters_in(a.zone) + a.count > patrol_limit(s):
        rule = "VAR-TA-1" if s.options.fighter_limit == 3 else "R-STACK-3"
        raise IllegalActionError(rule, f"at most {s.options.fighter_limit} fighters may patrol a zone; {a.zone} has {s.fighters_in(a.zone)}")
    s = evolve(s, airfield=s.airfield.add(a.power, "fighter", -a.count))
    s = set_air(s, a.zone, s.air_in(a.zone).add(a.power, "fighter", a.count))
    s = record(s, FightersPatrol(a.power, a.count, a.zone))
    return s if air_ready(s, "UK", "fighter") + air_ready(s, "US", "fighter") else finish_card(s)


@on_action(PatrolStep, Done)
def _done_patrol(s: State, step: PatrolStep, a: Done) -> State:
    return finish_card(s)


def patrol_options(s: State) -> Iterator[tuple[str, str]]:
    """The one-fighter patrols of a patrol step as plain ``(power, zone)`` pairs (no action objects)."""
    limit = patrol_limit(s)
    for p in ("UK", "US"):
        if air_ready(s, p, "fighter"):
            for z, a in zip(s.board.zones, s.air, strict=True):
                if a.fighters < limit:
                    yield p, z.id


@legal(PatrolStep)
def _legal_patrol(s: State, step: PatrolStep) -> Iterator[Action]:
    """Done, then :func:`patrol_options` (lazily: settle() looks at the first two only)."""
    yield Done()
    for p, z in patrol_options(s):
        yield Patrol(p, z)


__all__ = ["patrol_options"]
