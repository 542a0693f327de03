"""Order 5, Bomber Strike (ORDER-5, R-AIR-5, R-TARGET-1; FORT-5, TAC-5, TAC-6).

Each Allied bomber ready on the airfield may fly to a zone with no Allied land units and
strike one German land unit there; a roll of 1-3 destroys it (fortune card 5 changes this).
The bombers stay over their zones, where the AA fire of order 6 can reach them, until order 7
brings them home. Tactics cards 5 and 6 add strikes of their own through the same roll.

Handlers (``python -m dday handlers 5``; a test keeps this table true)::

    begin                       _begin_5
    roll BombRoll               _roll_bomb
    BomberStrike at BomberStep  _act_bomb
    Done at BomberStep          _done_bomb
    legal at BomberStep         _legal_bomb
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import IllegalActionError
from .. import dice as dice_mod
from ..actions import Action, BomberStrike, Done
from ..dice import Dice, Faces
from ..editing import dice_hit_on, kill_in_zone, record, set_air
from ..events import BomberAttack
from ..flow import finish_card
from ..fortune import air_ready, hit_number
from ..registry import TACTIC_CONTINUE, begin, legal, on_action, on_roll
from ..state import State, evolve
from ..steps import BomberStep, BombRoll
from ..units import LAND_TYPES


def _bombers_ready(s: State) -> int:
    return air_ready(s, "UK", "bomber") + air_ready(s, "US", "bomber")


@begin(5)
def _begin_5(s: State) -> State:
    return evolve(s, step=BomberStep()) if _bombers_ready(s) else finish_card(s)


@on_action(BomberStep, BomberStrike)
def _act_bomb(s: State, step: BomberStep, a: BomberStrike) -> State:
    if a.power not in ("UK", "US") or not air_ready(s, a.power, "bomber"):
        raise IllegalActionError("R-AIR-5", f"no {a.power} bomber is ready on the airfield")
    if not s.board.has_zone(a.zone):
        raise IllegalActionError("R-CONTROL-4", f"bombers strike zones; {a.zone!r} is not a zone")
    if s.side_units(a.zone, "allies").total:
        raise IllegalActionError("R-AIR-5", f"a bomber may only go to a zone without Allied land units; {a.zone} has some")
    if a.target not in LAND_TYPES or not s.units(a.zone, "Germany").get(a.target):
        raise IllegalActionError("R-TARGET-1", f"the bomber must target an Axis land unit in {a.zone}; there is no {a.target}")
    s = evolve(s, airfield=s.airfield.add(a.power, "bomber", -1))
    s = set_air(s, a.zone, s.air_in(a.zone).add(a.power, "bomber", 1))
    return evolve(s, step=BombRoll(dice=Dice.simple(1, hit_number(s, "bomb")), zone=a.zone, power=a.power, unit=a.target))


@on_roll(BombRoll)
def _roll_bomb(s: State, step: BombRoll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = record(s, BomberAttack(step.power, step.unit, step.zone, faces, hit > 0, dice_hit_on(step.dice)))
    if hit:
        s = kill_in_zone(s, step.zone, "Germany", step.unit)
    if step.tactic:  # a tactics strike (TAC-5, TAC-6) continues its own card
        return TACTIC_CONTINUE[step.tactic](s)
    return evolve(s, step=BomberStep()) if _bombers_ready(s) else finish_card(s)


@on_action(BomberStep, Done)
def _done_bomb(s: State, step: BomberStep, a: Done) -> State:
    return finish_card(s)


@legal(BomberStep)
def _legal_bomb(s: State, step: BomberStep) -> Iterator[Action]:
    """Done, then every strike (lazily: settle() looks at the first two only)."""
    yield Done()
    for p in ("UK", "US"):
        if not air_ready(s, p, "bomber"):
            continue
        for z, (g, uk, us) in zip(s.board.zones, s.ground, strict=True):
            if g.total and not uk.total and not us.total:
                yield from (BomberStrike(p, z.id, u) for u in LAND_TYPES if g.get(u))
