"""Order 10, Allies Land (ORDER-10, R-BEACH-1, R-BEACH-2, R-STACK-1; FORT-10).

Units waiting in the beachhead boxes come ashore into the landing zone of their box, one
decision at a time, as long as the zone holds at most eight Allied land units (the rest wait
in the box). Fortune card 10's good result lets a power land into any of its landing zones;
its bad result lets each power land from one box only.

Handlers (``python -m dday handlers 10``; a test keeps this table true)::

    begin                 _begin_10
    Land at LandingStep   _act_land
    Done at LandingStep   _done_land
    legal at LandingStep  _legal_land
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import IllegalActionError
from ..actions import Action, Done, Land
from ..editing import add_effect, add_units, effects_of, record, set_beach
from ..effects import Landed
from ..events import UnitsLanded
from ..flow import finish_card
from ..registry import begin, legal, on_action
from ..state import State, evolve
from ..steps import LandingStep
from ..units import MOBILE_TYPES
from ..words import count


@begin(10)
def _begin_10(s: State) -> State:
    return evolve(s, step=LandingStep()) if any(f.total for f in s.beach) else finish_card(s)


@on_action(LandingStep, Land)
def _act_land(s: State, step: LandingStep, a: Land) -> State:
    try:
        bh = s.board.beachhead(a.beach)
    except KeyError:
        raise IllegalActionError("R-BEACH-1", f"unknown beachhead {a.beach!r}") from None
    if a.unit not in MOBILE_TYPES or a.count < 1 or s.beach_units(a.beach).get(a.unit) < a.count:
        raise IllegalActionError("R-BEACH-2", f"{a.beach} does not hold {count(a.count, a.unit)}")
    zone = bh.lands_into
    if a.zone and a.zone != zone:
        mine = {b.lands_into for b in s.board.beachheads if b.power == bh.power}
        if not (s.fortune == 1 and s.card == 10 and a.zone in mine):
            raise IllegalActionError(
                "R-BEACH-2", f"units in {a.beach} land only into {zone} (FORT-10 result 1 opens the other {bh.power} landing zones)"
            )
        zone = a.zone
    if s.fortune == 6 and s.card == 10:
        used = [e.beach for e in effects_of(s, Landed) if e.power == bh.power]
        if used and used[0] != a.beach:
            raise IllegalActionError("FORT-10", f"with FORT-10 result 6 the {bh.power} units land from {used[0]} only")
    after = s.stack_count(zone, "allies") + a.count
    if after > s.board.stacking_limit:
        raise IllegalActionError(
            "R-STACK-1", f"{zone} would hold {after} Allied land units (max {s.board.stacking_limit}); the rest wait in the box (R-BEACH-2)"
        )
    s = set_beach(s, a.beach, s.beach_units(a.beach).add(a.unit, -a.count))
    s = add_units(s, zone, bh.power, a.unit, a.count)
    if s.fortune == 6 and not any(e.power == bh.power for e in effects_of(s, Landed)):
        s = add_effect(s, Landed(bh.power, a.beach))
    s = record(s, UnitsLanded(bh.power, a.unit, a.count, a.beach, zone))
    return s if any(f.total for f in s.beach) else finish_card(s)


@on_action(LandingStep, Done)
def _done_land(s: State, step: LandingStep, a: Done) -> State:
    return finish_card(s)


@legal(LandingStep)
def _legal_land(s: State, step: LandingStep) -> Iterator[Action]:
    """Done, then every one-unit landing (lazily: settle() looks at the first two only)."""
    yield Done()
    coordinated = s.fortune == 1 and s.card == 10  # FORT-10 result 1
    for bh, f in zip(s.board.beachheads, s.beach, strict=True):
        if s.fortune == 6 and s.card == 10:
            used = [e.beach for e in effects_of(s, Landed) if e.power == bh.power]
            if used and used[0] != bh.name:
                continue
        zones = [b.lands_into for b in s.board.beachheads if b.power == bh.power] if coordinated else [bh.lands_into]
        for zone in dict.fromkeys(zones):
            if s.stack_count(zone, "allies") >= s.board.stacking_limit:
                continue
            into = "" if zone == bh.lands_into else zone
            yield from (Land(bh.name, u, 1, into) for u in MOBILE_TYPES if f.get(u))
