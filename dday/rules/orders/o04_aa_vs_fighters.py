"""Order 4, Antiaircraft Fire vs. Fighters (ORDER-4, R-AA-1, R-AA-2; FORT-4, TAC-3, TAC-4).

Every German artillery unit in a zone with patrolling fighters fires one die at one of them;
a 1 shoots it down and it is out of the game (R-AIR-7). The same mechanism serves order 6
(against bombers), so :func:`begin_aa` is shared with :mod:`.o06_aa_vs_bombers`. Fortune card
4's bad result names a zone with no AA fire; tactics card 3 protects one lone fighter; a
fighter shot down is remembered for tactics card 4.

Handlers (``python -m dday handlers 4``; a test keeps this table true)::

    begin                   begin_aa(...)
    roll AARoll             _roll_aa
    FireAA at AATargetStep  _act_aa
    legal at AATargetStep   _legal_aa
"""

from __future__ import annotations

from collections.abc import Callable

from ...errors import IllegalActionError
from .. import dice as dice_mod
from ..actions import Action, FireAA
from ..dice import Dice, Faces
from ..editing import add_effect, dice_hit_on, effects_of, record, set_air
from ..effects import AAKill, Barnstorming, NoAA
from ..events import AntiaircraftFire
from ..flow import finish_card
from ..fortune import hit_number
from ..registry import begin, legal, on_action, on_roll
from ..state import State, evolve
from ..steps import AARoll, AATargetStep


def begin_aa(kind: str) -> Callable[[State], State]:
    """How orders 4 (``kind="fighter"``) and 6 (``"bomber"``) begin: the first AA shot of the first zone with targets."""
    return lambda s: _aa_next(s, kind, 0, 0)


def _aa_next(s: State, kind: str, zone_index: int, shot: int) -> State:
    b = s.board
    quiet = {e.zone for e in effects_of(s, NoAA)}  # FORT-4/6 result 6
    if kind == "fighter":
        quiet |= {e.zone for e in effects_of(s, Barnstorming) if s.fighters_in(e.zone) == 1}  # TAC-3: a lone fighter
    for i in range(zone_index, len(b.zones)):
        z = b.zones[i]
        arty = s.ground[i][0].artillery
        planes = s.air[i].fighters if kind == "fighter" else s.air[i].bombers
        if arty and planes and shot < arty and z.id not in quiet and _aa_targets(s, z.id, kind):
            return evolve(s, step=AATargetStep(zone=z.id, shot=shot, kind=kind))
        shot = 0
    return finish_card(s)


def _aa_targets(s: State, zone: str, kind: str) -> list[str]:
    """Powers whose air units of ``kind`` in ``zone`` AA may target (TAC-3 protects one fighter)."""
    air = s.air_in(zone)
    protected = [e.power for e in effects_of(s, Barnstorming) if e.zone == zone] if kind == "fighter" else []
    return [p for p in ("UK", "US") if air.get(p, kind) - protected.count(p) > 0]


@on_action(AATargetStep, FireAA)
def _act_aa(s: State, step: AATargetStep, a: FireAA) -> State:
    if a.power not in _aa_targets(s, step.zone, step.kind):
        rule = "TAC-3" if a.power in ("UK", "US") and s.air_in(step.zone).get(a.power, step.kind) else "R-AA-2"
        raise IllegalActionError(
            rule, f"Antiaircraft fire aims at an air unit in its own zone that it may target; {step.zone} has no such {a.power} {step.kind}"
        )
    return evolve(
        s, step=AARoll(dice=Dice.simple(1, hit_number(s, "aa")), zone=step.zone, shot=step.shot, power=a.power, aircraft=step.kind)
    )


@on_roll(AARoll)
def _roll_aa(s: State, step: AARoll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    guns = s.units(step.zone, "Germany").artillery
    s = record(s, AntiaircraftFire(step.zone, guns, step.shot, step.power, step.aircraft, faces, hit > 0, dice_hit_on(step.dice)))
    if hit and step.aircraft == "fighter":
        s = add_effect(s, AAKill(step.zone))  # remembered for TAC-4
    if hit:
        s = set_air(s, step.zone, s.air_in(step.zone).add(step.power, step.aircraft, -1))
        s = evolve(s, air_lost=s.air_lost.add(step.power, step.aircraft, 1))
    return _aa_next(s, step.aircraft, s.board.zone_index(step.zone), step.shot + 1)


@legal(AATargetStep)
def _legal_aa(s: State, step: AATargetStep) -> list[Action]:
    return [FireAA(p) for p in _aa_targets(s, step.zone, step.kind)]


begin(4)(begin_aa("fighter"))


__all__ = ["begin_aa"]
