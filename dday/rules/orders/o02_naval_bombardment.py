"""Order 2, Naval Bombardment (ORDER-2, R-NAVAL-1, R-NAVAL-2, R-NAVAL-3; VAR-RM-5).

The Allied fleet has six dice in all. They are fired one at a time, each at a blockhouse the
Allies choose; a 1 or a 2 destroys it (fortune card 2 changes this number). With three
players the UK and the US first split the six dice between them (R-NAVAL-2). When no
blockhouse is left the remaining dice are lost (R-NAVAL-3). The reference manual's coastal
bombardment (VAR-RM-5) also lets the dice aim at other Axis units in coastal zones.

Handlers (``python -m dday handlers 2``; a test keeps this table true)::

    begin                             _begin_2
    roll NavalRoll                    _roll_naval
    SplitNavalDice at NavalSplitStep  _act_split
    Bombard at NavalTargetStep        _act_bombard
    legal at NavalSplitStep           _legal_split
    legal at NavalTargetStep          _legal_bombard
"""

from __future__ import annotations

from ...errors import IllegalActionError
from .. import dice as dice_mod
from ..actions import Action, Bombard, SplitNavalDice
from ..dice import Dice, Faces
from ..editing import dice_hit_on, kill_in_zone, record
from ..events import NavalDiceLost, NavalFire, NavalSplit
from ..flow import finish_card
from ..fortune import hit_number
from ..registry import begin, legal, on_action, on_roll
from ..state import State, evolve
from ..steps import NavalRoll, NavalSplitStep, NavalTargetStep
from ..units import LAND_TYPES, MOBILE_TYPES


@begin(2)
def _begin_2(s: State) -> State:
    if not s.blockhouses_in_play():
        return finish_card(s)
    if s.options.three_player:
        return evolve(s, step=NavalSplitStep())
    return evolve(s, step=NavalTargetStep(die=0, uk_dice=6))


@on_action(NavalSplitStep, SplitNavalDice)
def _act_split(s: State, step: NavalSplitStep, a: SplitNavalDice) -> State:
    if not 0 <= a.uk <= 6:
        raise IllegalActionError("R-NAVAL-2", f"the six naval dice are split between the UK and the US; UK dice must be 0..6, got {a.uk}")
    s = record(s, NavalSplit(a.uk))
    return evolve(s, step=NavalTargetStep(die=0, uk_dice=a.uk))


def _naval_power(s: State, die: int, uk_dice: int) -> str:
    if not s.options.three_player:
        return "Allies"
    return "UK" if die < uk_dice else "US"


@on_action(NavalTargetStep, Bombard)
def _act_bombard(s: State, step: NavalTargetStep, a: Bombard) -> State:
    if a.target != "blockhouse":
        if not s.options.coastal_bombardment:
            raise IllegalActionError("R-NAVAL-3", f"naval bombardment targets only blockhouses, not {a.target} (VAR-RM-5 is an option)")
        if (
            not s.board.has_zone(a.zone)
            or not s.board.zone(a.zone).coastal
            or a.target not in LAND_TYPES
            or not s.units(a.zone, "Germany").get(a.target)
        ):
            raise IllegalActionError("VAR-RM-5", f"coastal bombardment aims at an Axis unit in a coastal zone; {a.zone} has no {a.target}")
    elif not s.board.has_zone(a.zone) or not s.units(a.zone, "Germany").blockhouse:
        raise IllegalActionError("R-NAVAL-1", f"naval dice are aimed at a blockhouse; {a.zone} has none")
    power = _naval_power(s, step.die, step.uk_dice)
    return evolve(
        s,
        step=NavalRoll(
            dice=Dice.simple(1, hit_number(s, "naval")),
            zone=a.zone,
            die=step.die,
            power=power,
            uk_dice=step.uk_dice,
            unit=a.target,
        ),
    )


@on_roll(NavalRoll)
def _roll_naval(s: State, step: NavalRoll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    target = step.unit or "blockhouse"
    s = record(s, NavalFire(step.die, step.power, target, step.zone, faces, hit > 0, dice_hit_on(step.dice)))
    if hit:
        s = kill_in_zone(s, step.zone, "Germany", target)
    die = step.die + 1
    if die >= 6:
        return finish_card(s)
    if not _naval_targets(s):
        lost = 6 - die
        return finish_card(record(s, NavalDiceLost(lost)))
    return evolve(s, step=NavalTargetStep(die=die, uk_dice=step.uk_dice))


@legal(NavalSplitStep)
def _legal_split(s: State, step: NavalSplitStep) -> list[Action]:
    return [SplitNavalDice(k) for k in range(7)]


def _naval_targets(s: State) -> list[Bombard]:
    out = [Bombard(z.id) for z, f in zip(s.board.zones, s.ground, strict=True) if f[0].blockhouse]
    if s.options.coastal_bombardment:  # VAR-RM-5
        out += [Bombard(z.id, u) for z, f in zip(s.board.zones, s.ground, strict=True) if z.coastal for u in MOBILE_TYPES if f[0].get(u)]
    return out


@legal(NavalTargetStep)
def _legal_bombard(s: State, step: NavalTargetStep) -> list[Action]:
    return list(_naval_targets(s))
