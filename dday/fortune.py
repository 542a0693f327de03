"""Fortune cards (rules.md §7.2): the hit numbers and air limits they change, the fortune roll, and the picks and rolls a result needs before its order starts (R-FORT-1/2, FORT-1..16)."""

from __future__ import annotations

from collections.abc import Sequence

from . import dice as dice_mod
from .advanced import FORTUNE
from .dice import Dice, Faces
from .flow import _BEGIN, _add_effect, _air_on_board, _destroy, _effect_values, _faces, _log, _pick, _set_air, _zname
from .state import PickStep, Roll, State, evolve
from .units import HIT_AA, HIT_BLOCKHOUSE_TO_SEA, HIT_BOMBER, HIT_NAVAL, HIT_PARATROOPER

# ---------------------------------------------------------------------------------------------
# hit numbers and limits


def hit_number(s: State, event: str) -> int:
    """What a die must roll (or less) for ``event`` now, fortune results included (FORT-1..9)."""
    f = s.fortune
    if event == "para":
        return 2 if f == 1 else HIT_PARATROOPER
    if event == "naval":
        return 3 if f == 1 else 1 if f == 6 else HIT_NAVAL
    if event == "aa":
        return 2 if f == 1 else HIT_AA
    if event == "bomb":
        return 5 if f == 1 and s.card == 5 else HIT_BOMBER
    if event == "sea":
        return 5 if f == 1 else 1 if f == 6 else HIT_BLOCKHOUSE_TO_SEA
    raise ValueError(f"unknown event {event!r}")


def _ready(s: State, power: str, kind: str) -> int:
    """Air units of ``power``/``kind`` on the airfield that may fly this turn (FORT-3/5 grounding)."""
    return s.airfield.get(power, kind) - s.grounded.get(power, kind)


def _fighter_limit(s: State) -> int:
    return 10**6 if s.card == 3 and s.fortune == 1 else s.rules.fighter_limit  # FORT-3 result 1


# ---------------------------------------------------------------------------------------------
# the fortune roll and what a result needs before its order starts (R-FORT-1/2)


def _roll_fortune(s: State, step: Roll, faces: Faces) -> State:
    """R-FORT-2: 1 = the positive result for this order, 6 = the negative one, 2-5 = nothing."""
    f = dice_mod.face(step.dice, faces)
    card = FORTUNE[step.index]
    result = 1 if f == 1 else 6 if f == 6 else 0
    what = {1: f"positive: {card.positive}", 6: f"negative: {card.negative}", 0: "no effect"}[result]
    note = f" [RECONSTRUCTED: {card.note_for(result)}]" if result and card.note_for(result) else ""
    s = _log(evolve(s, fortune=result), f"Fortune card {card.number} ({card.roller} roll): {f} -> {what}{note} (R-FORT-2)")
    return _fortune_setup(s)


def _fortune_setup(s: State) -> State:
    """Choices and rolls a fortune result needs before its order starts, then the order."""
    card, f = s.card, s.fortune
    b = s.board
    if f == 6 and card == 1:
        return _fort1_remove(s, 2)
    if f == 6 and card in (3, 5):
        kind = "fighter" if card == 3 else "bomber"
        uk, us = _ready(s, "UK", kind), _ready(s, "US", kind)
        if uk + us:
            return evolve(s, step=Roll(kind="ground", dice=Dice(((3, uk), (3, us))), target=kind))
    if f == 6 and card in (4, 6):
        kind = "fighter" if card == 4 else "bomber"
        zones = [z.id for z, g, a in zip(b.zones, s.ground, s.air, strict=True) if g[0].artillery and (a.fighters if kind == "fighter" else a.bombers)]
        if zones:
            return _pick(s, "allies", "no-aa", zones, f"Pick one zone with no antiaircraft fire this order (FORT-{card})")
    if card in (7, 16) and f:
        kind = "bomber" if card == 7 else "fighter"
        if f == 1:
            lost = [p for p in ("UK", "US") if s.air_lost.get(p, kind)]
            if lost:
                return _pick(s, "allies", "air-return", lost, f"Pick the power whose lost {kind} returns to the airfield (FORT-{card})", kind)
        else:
            on_board = _air_on_board(s, kind)
            if on_board:
                return _pick(s, "axis", "air-remove", on_board, f"Pick the {kind} to remove from play (FORT-{card})", kind)
    if f == 6 and card == 11:
        return _fort11_next(s, ("UK", "US"))
    if f == 6 and card == 13:
        return _fort13_next(s, 2)
    return _BEGIN[card](s)


def _fort1_remove(s: State, left: int) -> State:
    zones = [a.zone for a, f in zip(s.board.airborne_boxes, s.airborne, strict=True) if f.infantry]
    if left and zones:
        return _pick(s, "axis", "fort1", zones, "Pick the airborne box that loses a paratrooper (FORT-1 result 6)", str(left))
    return _BEGIN[1](s)


def _fort11_next(s: State, powers: Sequence[str]) -> State:
    for i, p in enumerate(powers):
        zones = [z for z in s.combat_zones() if s.units(z, p).total]
        if zones:
            return _pick(s, "allies", "fort11", zones, f"{p}: pick the one zone where {p} units attack (FORT-11 result 6, FAQ-39)", p, *powers[i + 1 :])
    return _BEGIN[11](s)


def _fort13_next(s: State, left: int) -> State:
    chosen = _effect_values(s, "FORT-13")
    zones = [z for z in s.combat_zones() if z not in chosen]
    if left and zones and len(zones) > 0:
        return _pick(s, "axis", "fort13", zones, f"Pick a zone where the Axis attacks ({left} left, FORT-13 result 6)", str(left))
    return _BEGIN[13](s)


def _roll_ground(s: State, step: Roll, faces: Faces) -> State:
    """FORT-3 / FORT-5 result 6: each die of 4-6 grounds one air unit for this turn."""
    flies = dice_mod.hits_in(step.dice, faces)
    uk_g, us_g = step.dice.groups[0][1] - flies[0], step.dice.groups[1][1] - flies[1]
    grounded = s.grounded.add("UK", step.target, uk_g).add("US", step.target, us_g)
    s = _log(evolve(s, grounded=grounded), f"Grounding dice {_faces(faces)}: {uk_g} UK and {us_g} US {step.target}(s) stay on the airfield this turn (4-6 grounds; RECONSTRUCTED meaning of 'grounded')")
    return _BEGIN[s.card](s)


# ---------------------------------------------------------------------------------------------
# fortune picks


def _pick_fort1(s: State, step: PickStep, zone: str) -> State:
    i = next(a.index for a in s.board.airborne_boxes if a.zone == zone)
    box = s.board.airborne_boxes[i]
    airborne = tuple(f.add("infantry", -1) if j == i else f for j, f in enumerate(s.airborne))
    s = _destroy(evolve(s, airborne=airborne), box.power, "infantry")
    s = _log(s, f"The Axis removes a paratrooper of the {box.division} from play (FORT-1 result 6)")
    return _fort1_remove(s, int(step.data[0]) - 1)


def _pick_no_aa(s: State, step: PickStep, zone: str) -> State:
    return _BEGIN[s.card](_log(_add_effect(s, f"NOAA:{zone}"), f"No antiaircraft fire in {_zname(s, zone)} this order (FORT-{s.card} result 6)"))


def _pick_air_return(s: State, step: PickStep, power: str) -> State:
    kind = step.data[0]
    s = evolve(s, air_lost=s.air_lost.add(power, kind, -1), airfield=s.airfield.add(power, kind, 1))
    return _BEGIN[s.card](_log(s, f"A lost {power} {kind} returns to the airfield (FORT-{s.card} result 1, R-AIR-7)"))


def _pick_air_remove(s: State, step: PickStep, where: str) -> State:
    kind = step.data[0]
    zone, power = where.split(":")
    s = _set_air(s, zone, s.air_in(zone).add(power, kind, -1))
    s = evolve(s, air_lost=s.air_lost.add(power, kind, 1))
    return _BEGIN[s.card](_log(s, f"The Axis removes a {power} {kind} in {_zname(s, zone)} from play (FORT-{s.card} result 6)"))


def _pick_fort11(s: State, step: PickStep, zone: str) -> State:
    power, rest = step.data[0], step.data[1:]
    s = _log(_add_effect(s, f"FORT-11:{power}:{zone}"), f"{power} units attack only in {_zname(s, zone)} (FORT-11 result 6, FAQ-39)")
    return _fort11_next(s, rest)


def _pick_fort13(s: State, step: PickStep, zone: str) -> State:
    s = _log(_add_effect(s, f"FORT-13:{zone}"), f"The Axis attacks in {_zname(s, zone)} (FORT-13 result 6)")
    return _fort13_next(s, int(step.data[0]) - 1)
