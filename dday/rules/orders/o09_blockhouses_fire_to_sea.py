"""Order 9, Blockhouses Fire to Sea (ORDER-9, R-BH-2, R-BH-3; FORT-9).

Each blockhouse whose zone has a firing arc fires one die at a unit the Axis chooses among
those waiting in the beachhead boxes of that arc; a roll of 1-3 destroys it (fortune card 9
changes the number). Zone by zone, in board order, one die at a time.

An arc is a list of beachheads (``Zone.fires_at``). Most arcs cover one box; the rulebook says
some cover two, and the board data gives two to F14 (Omaha and Utah) and F16 (Juno and Sword),
a reconstruction explained in ``dday/data/reference/board.md``. Such a blockhouse picks its
beach with each shot, so two blockhouses of one zone may fire at different beaches.

Handlers (``python -m dday handlers 9``; a test keeps this table true)::

    begin                       _begin_9
    roll SeaRoll                _roll_sea
    FireToSea at FireToSeaStep  _act_sea
    legal at FireToSeaStep      _legal_sea
"""

from __future__ import annotations

from ...errors import IllegalActionError
from .. import dice as dice_mod
from ..actions import Action, FireToSea
from ..dice import Dice, Faces
from ..editing import destroy, dice_hit_on, record, set_beach
from ..events import BlockhouseFire
from ..flow import finish_card
from ..fortune import hit_number
from ..registry import begin, legal, on_action, on_roll
from ..state import State, evolve
from ..steps import FireToSeaStep, SeaRoll
from ..units import MOBILE_TYPES


@begin(9)
def _begin_9(s: State) -> State:
    return _sea_next(s, 0, 0)


def _sea_next(s: State, zone_index: int, shot: int) -> State:
    b = s.board
    for i in range(zone_index, len(b.zones)):
        z = b.zones[i]
        if z.fires_at:
            n = s.ground[i][0].blockhouse
            if shot < n and any(s.beach_units(beach).total for beach in z.fires_at):
                return evolve(s, step=FireToSeaStep(zone=z.id, shot=shot))
        shot = 0
    return finish_card(s)


def _aimed_beach(s: State, step: FireToSeaStep, a: FireToSea) -> str:
    """The beach ``a`` fires at: its own, or the arc's only beach when it names none (R-BH-3)."""
    arc = s.board.zone(step.zone).fires_at
    if not a.beach:
        if len(arc) != 1:
            raise IllegalActionError("R-BH-3", f"the blockhouse in {step.zone} covers {' and '.join(arc)}: say which beach it fires at")
        return arc[0]
    if a.beach not in arc:
        raise IllegalActionError("R-BH-3", f"the blockhouse in {step.zone} fires only at {' and '.join(arc)}, not at {a.beach}")
    return a.beach


@on_action(FireToSeaStep, FireToSea)
def _act_sea(s: State, step: FireToSeaStep, a: FireToSea) -> State:
    beach = _aimed_beach(s, step, a)
    if a.target not in MOBILE_TYPES or not s.beach_units(beach).get(a.target):
        raise IllegalActionError(
            "R-BH-2", f"the blockhouse in {step.zone} fires only at units waiting in the beachheads of its arc; there is no {a.target} in {beach}"
        )
    return evolve(
        s, step=SeaRoll(dice=Dice.simple(1, hit_number(s, "sea")), zone=step.zone, shot=step.shot, unit=a.target, beach=beach)
    )


@on_roll(SeaRoll)
def _roll_sea(s: State, step: SeaRoll, faces: Faces) -> State:
    beach = step.beach
    hit = dice_mod.hits_in(step.dice, faces)[0]
    guns = s.units(step.zone, "Germany").blockhouse  # each fires once (R-BH-2)
    s = record(s, BlockhouseFire(step.zone, guns, step.shot, step.unit, beach, faces, hit > 0, dice_hit_on(step.dice)))
    if hit:
        bh = s.board.beachhead(beach)
        s = set_beach(s, beach, s.beach_units(beach).add(step.unit, -1))
        s = destroy(s, bh.power, step.unit)
    return _sea_next(s, s.board.zone_index(step.zone), step.shot + 1)


@legal(FireToSeaStep)
def _legal_sea(s: State, step: FireToSeaStep) -> list[Action]:
    return [FireToSea(u, beach) for beach in s.board.zone(step.zone).fires_at for u in MOBILE_TYPES if s.beach_units(beach).get(u)]
