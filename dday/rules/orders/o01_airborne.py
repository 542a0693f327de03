"""Order 1, Airborne Assault (ORDER-1, R-PARA-1, R-PARA-2, R-DECK-1, R-BH-1; FORT-1).

Turn 1 only. The paratroopers of each airborne division (the US 101st and 82nd, the British
6th) drop on their zone and attack it: each paratrooper rolls one die and hits on a 1 (a 2
with fortune card 1's good result). The Germans choose which of their units are lost, but a
blockhouse cannot be hit by paratroopers (R-BH-1). Then the paratroopers are simply in their
zones (R-PARA-2), and the card leaves the deck for good (R-DECK-1).

Handlers (``python -m dday handlers 1``; a test keeps this table true)::

    begin                  _begin_1
    roll ParaRoll          _roll_para
    after casualties para  _after_para_casualties
"""

from __future__ import annotations

from .. import dice as dice_mod
from ..dice import Dice, Faces
from ..editing import dice_hit_on, record, set_force
from ..events import AirborneAttack, ParatroopersLanded
from ..flow import finish_card
from ..fortune import hit_number
from ..registry import after_casualties, begin, on_roll
from ..state import State, evolve
from ..steps import ChooseCasualtiesStep, ParaRoll
from ..units import Force


@begin(1)
def _begin_1(s: State) -> State:
    return _para_next(s, 0)


def _para_next(s: State, box: int) -> State:
    b = s.board
    for i in range(box, len(b.airborne_boxes)):
        f = s.airborne[i]
        if f.infantry and s.fortune != 6:  # FORT-1 result 6: the rest do not attack
            a = b.airborne_boxes[i]
            return evolve(
                s, step=ParaRoll(dice=Dice.simple(f.infantry, hit_number(s, "para")), zone=a.zone, box=i, power=a.power)
            )
    # R-PARA-2: the paratroopers are now in their zones
    for i, (a, f) in enumerate(zip(b.airborne_boxes, s.airborne, strict=True)):
        if f.total:
            s = set_force(s, a.zone, a.power, s.units(a.zone, a.power).plus(f))
            s = record(s, ParatroopersLanded(i, f.infantry))
    s = evolve(s, airborne=tuple(Force() for _ in s.airborne))
    return finish_card(s)


def para_targets(s: State, zone: str) -> int:
    """How many German units the paratroopers' hits in ``zone`` can destroy: every German land unit
    there but the blockhouses (R-BH-1); hits beyond that are lost."""
    return s.units(zone, "Germany").land_for_stacking


@on_roll(ParaRoll)
def _roll_para(s: State, step: ParaRoll, faces: Faces) -> State:
    hits = dice_mod.hits_in(step.dice, faces)[0]
    h = min(hits, para_targets(s, step.zone))
    s = record(s, AirborneAttack(step.box, step.zone, faces, hits, h, dice_hit_on(step.dice)))
    if h == 0:
        return _para_next(s, step.box + 1)
    return evolve(s, step=ChooseCasualtiesStep(side="axis", zone=step.zone, hits=h, kind="para", index=step.box))


@after_casualties("para")
def _after_para_casualties(s: State, step: ChooseCasualtiesStep) -> State:
    """The Germans have chosen their losses to one division: the next division attacks."""
    return _para_next(s, step.index + 1)
