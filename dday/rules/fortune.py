"""Fortune cards (FORT-1..16 in dday/data/reference/40-advanced.md): the hit numbers and air limits they change, the fortune roll, and the picks and rolls a result needs before its order starts (R-FORT-1/2, FORT-1..16).

With the fortune deck in play, :func:`dday.rules.flow.start_card` rolls the fortune die of
order N before the order begins (``fortune`` roll). A 1 is the positive result, a 6 the
negative one. The order cards ask :func:`hit_number`, :func:`air_ready` and
:func:`patrol_limit` for the numbers a result changes; the picks and rolls a result needs
before its order starts are registered here (:mod:`dday.rules.registry`).

Handlers (``python -m dday handlers fortune``; a test keeps this table true)::

    roll FortuneRoll           _roll_fortune
    roll GroundingRoll         _roll_ground
    pick fort1 (fortune)       _pick_fort1
    pick no-aa (fortune)       _pick_no_aa
    pick air-return (fortune)  _pick_air_return
    pick air-remove (fortune)  _pick_air_remove
    pick fort11 (fortune)      _pick_fort11
    pick fort13 (fortune)      _pick_fort13
"""

from __future__ import annotations

from collections.abc import Sequence

from . import dice as dice_mod
from .dice import Dice, Faces
from .editing import add_effect, air_on_board, effects_of, offer_pick, record, remove_from_play, set_air
from .effects import AttackOnly, AxisAttacks, NoAA
from .events import FortuneAir, FortuneRolled, FortuneZone, Grounded, ParatrooperRemoved
from .registry import BEGIN, on_pick, on_roll
from .state import State, evolve
from .steps import FortuneRoll, GroundingRoll, PickStep
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


def air_ready(s: State, power: str, kind: str) -> int:
    """Air units of ``power``/``kind`` on the airfield that may fly this turn (FORT-3/5 grounding)."""
    return s.airfield.get(power, kind) - s.grounded.get(power, kind)


def patrol_limit(s: State) -> int:
    """Fighters allowed per zone now (R-STACK-3, VAR-TA-1; FORT-3 result 1 lifts the limit)."""
    return 10**6 if s.card == 3 and s.fortune == 1 else s.options.fighter_limit  # FORT-3 result 1


# ---------------------------------------------------------------------------------------------
# the fortune roll and what a result needs before its order starts (R-FORT-1/2)


@on_roll(FortuneRoll)
def _roll_fortune(s: State, step: FortuneRoll, faces: Faces) -> State:
    """R-FORT-2: 1 = the positive result for this order, 6 = the negative one, 2-5 = nothing."""
    f = dice_mod.face(step.dice, faces)
    result = 1 if f == 1 else 6 if f == 6 else 0
    s = record(evolve(s, fortune=result), FortuneRolled(step.card, f))
    return _fortune_setup(s)


def _fortune_setup(s: State) -> State:
    """Choices and rolls a fortune result needs before its order starts, then the order."""
    card, f = s.card, s.fortune
    b = s.board
    if f == 6 and card == 1:
        return _fort1_remove(s, 2)
    if f == 6 and card in (3, 5):
        kind = "fighter" if card == 3 else "bomber"
        uk, us = air_ready(s, "UK", kind), air_ready(s, "US", kind)
        if uk + us:
            return evolve(s, step=GroundingRoll(dice=Dice(((3, uk), (3, us))), aircraft=kind))
    if f == 6 and card in (4, 6):
        kind = "fighter" if card == 4 else "bomber"
        zones = [
            z.id
            for z, g, a in zip(b.zones, s.ground, s.air, strict=True)
            if g[0].artillery and (a.fighters if kind == "fighter" else a.bombers)
        ]
        if zones:
            return offer_pick(s, "allies", "no-aa", zones, f"Pick one zone with no antiaircraft fire this order (FORT-{card})")
    if card in (7, 16) and f:
        kind = "bomber" if card == 7 else "fighter"
        if f == 1:
            lost = [p for p in ("UK", "US") if s.air_lost.get(p, kind)]
            if lost:
                return offer_pick(
                    s, "allies", "air-return", lost, f"Pick the power whose lost {kind} returns to the airfield (FORT-{card})", kind
                )
        else:
            on_board = air_on_board(s, kind)
            if on_board:
                return offer_pick(s, "axis", "air-remove", on_board, f"Pick the {kind} to remove from play (FORT-{card})", kind)
    if f == 6 and card == 11:
        return _fort11_next(s, ("UK", "US"))
    if f == 6 and card == 13:
        return _fort13_next(s, 2)
    return BEGIN[card](s)


def _fort1_remove(s: State, left: int) -> State:
    zones = [a.zone for a, f in zip(s.board.airborne_boxes, s.airborne, strict=True) if f.infantry]
    if left and zones:
        return offer_pick(s, "axis", "fort1", zones, "Pick the airborne box that loses a paratrooper (FORT-1 result 6)", str(left))
    return BEGIN[1](s)


def _fort11_next(s: State, powers: Sequence[str]) -> State:
    for i, p in enumerate(powers):
        zones = [z for z in s.combat_zones() if s.units(z, p).total]
        if zones:
            return offer_pick(
                s,
                "allies",
                "fort11",
                zones,
                f"{p}: pick the one zone where {p} units attack (FORT-11 result 6, FAQ-39)",
                p,
                *powers[i + 1 :],
            )
    return BEGIN[11](s)


def _fort13_next(s: State, left: int) -> State:
    chosen = [e.zone for e in effects_of(s, AxisAttacks)]
    zones = [z for z in s.combat_zones() if z not in chosen]
    if left and zones and len(zones) > 0:
        return offer_pick(s, "axis", "fort13", zones, f"Pick a zone where the Axis attacks ({left} left, FORT-13 result 6)", str(left))
    return BEGIN[13](s)


@on_roll(GroundingRoll)
def _roll_ground(s: State, step: GroundingRoll, faces: Faces) -> State:
    """FORT-3 / FORT-5 result 6: each die of 4-6 grounds one air unit for this turn."""
    flies = dice_mod.hits_in(step.dice, faces)
    uk_g, us_g = step.dice.groups[0][1] - flies[0], step.dice.groups[1][1] - flies[1]
    grounded = s.grounded.add("UK", step.aircraft, uk_g).add("US", step.aircraft, us_g)
    s = record(evolve(s, grounded=grounded), Grounded(step.aircraft, faces, uk_g, us_g))
    return BEGIN[s.card](s)


# ---------------------------------------------------------------------------------------------
# fortune picks


@on_pick("fort1", fortune=True)
def _pick_fort1(s: State, step: PickStep, zone: str) -> State:
    i = next(a.index for a in s.board.airborne_boxes if a.zone == zone)
    box = s.board.airborne_boxes[i]
    airborne = tuple(f.add("infantry", -1) if j == i else f for j, f in enumerate(s.airborne))
    s = remove_from_play(evolve(s, airborne=airborne), box.power, "infantry")
    s = record(s, ParatrooperRemoved(i))
    return _fort1_remove(s, int(step.data[0]) - 1)


@on_pick("no-aa", fortune=True)
def _pick_no_aa(s: State, step: PickStep, zone: str) -> State:
    return BEGIN[s.card](record(add_effect(s, NoAA(zone)), FortuneZone(s.card, zone)))


@on_pick("air-return", fortune=True)
def _pick_air_return(s: State, step: PickStep, power: str) -> State:
    kind = step.data[0]
    s = evolve(s, air_lost=s.air_lost.add(power, kind, -1), airfield=s.airfield.add(power, kind, 1))
    return BEGIN[s.card](record(s, FortuneAir(s.card, power, kind)))


@on_pick("air-remove", fortune=True)
def _pick_air_remove(s: State, step: PickStep, where: str) -> State:
    kind = step.data[0]
    zone, power = where.split(":")
    s = set_air(s, zone, s.air_in(zone).add(power, kind, -1))
    s = evolve(s, air_lost=s.air_lost.add(power, kind, 1))
    return BEGIN[s.card](record(s, FortuneAir(s.card, power, kind, zone)))


@on_pick("fort11", fortune=True)
def _pick_fort11(s: State, step: PickStep, zone: str) -> State:
    power, rest = step.data[0], step.data[1:]
    s = record(add_effect(s, AttackOnly(power, zone)), FortuneZone(11, zone, power))
    return _fort11_next(s, rest)


@on_pick("fort13", fortune=True)
def _pick_fort13(s: State, step: PickStep, zone: str) -> State:
    s = record(add_effect(s, AxisAttacks(zone)), FortuneZone(13, zone))
    return _fort13_next(s, int(step.data[0]) - 1)


__all__ = ["air_ready", "hit_number", "patrol_limit"]
