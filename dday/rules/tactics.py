"""Tactics cards (TAC-1..16 in dday/data/reference/40-advanced.md): what each card does once used (TAC-1..16, R-TAC-1..4).

With the tactics deck in play, tactics card N is offered after order N (the offer, and the
TAC-11/13 artillery fire shared with orders 9a/11a, are in :mod:`dday.rules.flow`). Each card
registers here, through :func:`dday.rules.registry.tactic`, when it may be used and what using
it does; its picks, rolls and casualties are registered the same way.

Handlers (``python -m dday handlers tactics``; a test keeps this table true)::

    roll Tac1BoxRoll           _roll_tac1_box
    roll Tac1AttackRoll        _roll_tac1_attack
    roll Tac2Roll              _roll_tac2
    roll Tac4Roll              _roll_tac4
    roll Tac6Roll              _roll_tac6
    roll Tac16Roll             _roll_tac16
    pick tac5                  _pick_tac5
    pick tac6                  _pick_tac6
    pick tac8                  _pick_tac8
    pick tac9                  _pick_tac9
    pick tac14                 _pick_tac14_zone
    pick tac14-move            _pick_tac14_move
    pick tac15                 _pick_tac15
    pick tac16                 _pick_tac16
    pick tac3                  _pick_effect(...)
    pick tac7                  _pick_effect(...)
    pick tac12                 _pick_effect(...)
    after casualties tac1      lambda
    after casualties tac4      lambda
    tactic 1: possible / use   lambda / lambda
    tactic 2: possible / use   lambda / _tac2
    tactic 3: possible / use   lambda / lambda
    tactic 4: possible / use   lambda / lambda
    tactic 5: possible / use   lambda / _tac5_next
    tactic 6: possible / use   lambda / lambda
    tactic 7: possible / use   lambda / lambda
    tactic 8: possible / use   lambda / lambda
    tactic 9: possible / use   lambda / lambda
    tactic 10: possible / use  lambda / lambda
    tactic 11: possible / use  lambda / lambda
    tactic 12: possible / use  lambda / lambda
    tactic 13: possible / use  lambda / lambda
    tactic 14: possible / use  lambda / lambda
    tactic 15: possible / use  lambda / lambda
    tactic 16: possible / use  lambda / lambda
    after tactic 5's strike    _tac5_next
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import IllegalActionError
from . import dice as dice_mod
from .actions import Move
from .dice import Dice, Faces
from .editing import (
    add_effect,
    add_units,
    air_on_board,
    destroy,
    effects_of,
    kill_in_zone,
    offer_pick,
    record,
    set_air,
    set_beach,
    set_force,
)
from .effects import AAKill, CombinedAssault, Placed, Tac5Done, Tac9Received, parse_effect
from .events import (
    BeachUnitMoved,
    BlockhouseRebuilt,
    ConvoyMoved,
    FighterSent,
    FightersGather,
    FriendlyFire,
    Tac1Attack,
    Tac1Drop,
    Tac4Fire,
    TacticChoice,
    V2Strike,
    VolunteerReturns,
    VolunteersRolled,
)
from .flow import advance, arty_next, arty_targets
from .fortune import air_ready
from .orders.movement import check_move, path_strafe_dice
from .registry import after_casualties, after_tactic_strike, on_pick, on_roll, tactic
from .state import State, evolve
from .steps import (
    BombRoll,
    ChooseCasualtiesStep,
    DeclareMovesStep,
    PickStep,
    StrafeStep,
    Tac1AttackRoll,
    Tac1BoxRoll,
    Tac2Roll,
    Tac4Roll,
    Tac6Roll,
    Tac16Roll,
)
from .units import HIT_BOMBER, LAND_TYPES, MOBILE_TYPES

# ---------------------------------------------------------------------------------------------
# chart helpers


def _allied_chart_infantry(s: State, power: str) -> list[int]:
    """Chart boxes (0-based) still holding infantry for ``power``, uppermost first (FAQ-43)."""
    c = next(c for c in s.board.charts if c.power == power)
    return [k for k in s.charts[c.index] if c.boxes[k] == "infantry"]


def _take_boxes(s: State, power: str, boxes: Sequence[int]) -> State:
    c = next(c for c in s.board.charts if c.power == power)
    left = tuple(k for k in s.charts[c.index] if k not in set(boxes))
    return evolve(s, charts=(*s.charts[: c.index], left, *s.charts[c.index + 1 :]))


# TAC-1 Paratrooper reinforcements
def _tac1_next(s: State, box: int) -> State:
    if box < len(s.board.airborne_boxes):
        return evolve(s, step=Tac1BoxRoll(dice=Dice.one_face(), box=box, zone=s.board.airborne_boxes[box].zone))
    return advance(s, 1)


@on_roll(Tac1BoxRoll)
def _roll_tac1_box(s: State, step: Tac1BoxRoll, faces: Faces) -> State:
    f = dice_mod.face(step.dice, faces)
    box = s.board.airborne_boxes[step.box]
    room = s.board.stacking_limit - s.stack_count(box.zone, "allies")
    boxes = _allied_chart_infantry(s, box.power)[: max(0, min(f if f <= 3 else 0, room))]
    k = len(boxes)
    s = record(s, Tac1Drop(step.box, f, k))
    if not k:
        return _tac1_next(s, step.box + 1)
    s = add_units(_take_boxes(s, box.power, boxes), box.zone, box.power, "infantry", k)
    if not s.units(box.zone, "Germany").land_for_stacking:
        return _tac1_next(s, step.box + 1)
    return evolve(s, step=Tac1AttackRoll(dice=Dice.simple(k, 1), box=step.box, zone=box.zone))


@on_roll(Tac1AttackRoll)
def _roll_tac1_attack(s: State, step: Tac1AttackRoll, faces: Faces) -> State:
    hits = dice_mod.hits_in(step.dice, faces)[0]
    h = min(hits, s.units(step.zone, "Germany").land_for_stacking)
    s = record(s, Tac1Attack(step.zone, faces, hits))
    if not h:
        return _tac1_next(s, step.box + 1)
    return evolve(s, step=ChooseCasualtiesStep(side="axis", chooser="allies", zone=step.zone, hits=h, kind="tac1", index=step.box))


# TAC-2 V-2 rocket strike
def _tac2(s: State) -> State:
    charts = [c for c in s.board.charts if c.power != "Germany" and s.charts[c.index]]
    return evolve(s, step=Tac2Roll(dice=Dice(tuple((4, 1) for _ in charts)), charts=tuple(c.index for c in charts)))


@on_roll(Tac2Roll)
def _roll_tac2(s: State, step: Tac2Roll, faces: Faces) -> State:
    hits = dice_mod.hits_in(step.dice, faces)
    for idx, hit in zip(step.charts, hits, strict=True):
        c = s.board.charts[idx]
        if hit and s.charts[idx]:
            unit = c.boxes[s.charts[idx][0]]
            s = destroy(evolve(s, charts=(*s.charts[:idx], s.charts[idx][1:], *s.charts[idx + 1 :])), c.power, unit)
            s = record(s, V2Strike(c.power, unit))
        else:
            s = record(s, V2Strike(c.power))
    return advance(s, 2)


# TAC-4 Fireball from above
def _tac4_next(s: State, k: int) -> State:
    kills = [e.zone for e in effects_of(s, AAKill)]
    while k < len(kills) and not s.side_total(kills[k], "allies"):
        k += 1
    if k < len(kills):
        return evolve(s, step=Tac4Roll(dice=Dice.simple(1, 1), zone=kills[k], kill=k))
    return advance(s, 4)


@on_roll(Tac4Roll)
def _roll_tac4(s: State, step: Tac4Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = record(s, Tac4Fire(step.zone, faces, hit > 0))
    if hit and s.side_total(step.zone, "allies"):
        return evolve(s, step=ChooseCasualtiesStep(side="allies", chooser="axis", zone=step.zone, hits=1, kind="tac4", index=step.kill))
    return _tac4_next(s, step.kill + 1)


# TAC-5 Heavy bombardment, TAC-6 Friendly fire
def _tac5_next(s: State) -> State:
    done = set(effects_of(s, Tac5Done))
    for where in air_on_board(s, "bomber"):
        zone, power = where.split(":")
        g = s.units(zone, "Germany")
        if Tac5Done(zone, power) not in done and g.total:
            s = add_effect(s, Tac5Done(zone, power))
            return offer_pick(
                s, "allies", "tac5", [u for u in LAND_TYPES if g.get(u)], f"Bomber {where}: pick its second target (TAC-5)", where
            )
    return advance(s, 5)


@on_pick("tac5")
def _pick_tac5(s: State, step: PickStep, unit: str) -> State:
    zone, power = step.data[0].split(":")
    return evolve(s, step=BombRoll(dice=Dice.simple(1, HIT_BOMBER), zone=zone, power=power, unit=unit, tactic=5))


def _tac6_options(s: State) -> list[str]:
    out = []
    for where in air_on_board(s, "bomber"):
        zone = where.split(":")[0]
        for n in s.board.zone(zone).neighbours:
            for p in ("UK", "US"):
                f = s.units(n, p)
                out += [f"{where}>{n}:{p}:{u}" for u in MOBILE_TYPES if f.get(u)]
    return out


@on_pick("tac6")
def _pick_tac6(s: State, step: PickStep, option: str) -> State:
    _, target = option.split(">")
    zone, power, unit = target.split(":")
    return evolve(s, step=Tac6Roll(dice=Dice.simple(1, HIT_BOMBER), zone=zone, power=power, unit=unit))


@on_roll(Tac6Roll)
def _roll_tac6(s: State, step: Tac6Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = record(s, FriendlyFire(step.power, step.unit, step.zone, faces, hit > 0))
    if hit:
        s = kill_in_zone(s, step.zone, step.power, step.unit)
    return advance(s, 6)


# TAC-3, TAC-7, TAC-12: one zone (and fighter) for the rest of the turn
def _pick_effect(tag: str, n: int) -> Callable[[State, PickStep, str], State]:
    def pick(s: State, step: PickStep, option: str) -> State:
        return advance(record(add_effect(s, parse_effect(f"{tag}:{option}")), TacticChoice(tag, option)), n)

    return pick


# TAC-8 Blockhouse construction
def _tac8_zones(s: State) -> list[str]:
    if not s.destroyed[0].blockhouse:
        return []
    return [z.id for z in s.board.zones if z.coastal and s.units(z.id, "Germany").blockhouse < z.axis_start.blockhouse]


@on_pick("tac8")
def _pick_tac8(s: State, step: PickStep, zone: str) -> State:
    d = s.destroyed
    s = evolve(s, destroyed=(d[0].add("blockhouse", -1), d[1], d[2]))
    s = add_units(s, zone, "Germany", "blockhouse", 1)
    return advance(record(s, BlockhouseRebuilt(zone)), 8)


# TAC-9 Deceptive landing: move units between boxes of one power
def _tac9_options(s: State) -> list[str]:
    """Moves between boxes of one power; a box that received units sends none (so it ends)."""
    out = []
    received = {e.beach for e in effects_of(s, Tac9Received)}
    for a, fa in zip(s.board.beachheads, s.beach, strict=True):
        if a.name in received:
            continue
        for b, fb in zip(s.board.beachheads, s.beach, strict=True):
            if a.power == b.power and a.name != b.name and fb.total < 8:
                out += [f"{a.name}>{b.name}:{u}" for u in MOBILE_TYPES if fa.get(u)]
    return out


@on_pick("tac9")
def _pick_tac9(s: State, step: PickStep, option: str) -> State:
    if option == "done":
        return advance(s, 9)
    src, rest = option.split(">")
    dst, unit = rest.split(":")
    s = set_beach(s, src, s.beach_units(src).add(unit, -1))
    s = set_beach(s, dst, s.beach_units(dst).add(unit, 1))
    if Tac9Received(dst) not in s.effects:
        s = add_effect(s, Tac9Received(dst))
    s = record(s, BeachUnitMoved(unit, src, dst))
    return offer_pick(s, "allies", "tac9", [*_tac9_options(s), "done"], "Move another unit between beachhead boxes, or done (TAC-9)")


# TAC-14 Reconnaissance strafing
def _tac14_zones(s: State) -> list[str]:
    return sorted({z for c in s.board.charts if c.power == "Germany" for z in c.zones}, key=s.board.zone_index)


def _tac14_sources(s: State, target: str) -> list[str]:
    if s.fighters_in(target) >= s.options.fighter_limit:
        return []
    out = [f"airfield:{p}" for p in ("UK", "US") if air_ready(s, p, "fighter")]
    return out + [w for w in air_on_board(s, "fighter") if w.split(":")[0] != target]


@on_pick("tac14")
def _pick_tac14_zone(s: State, step: PickStep, zone: str) -> State:
    s = record(s, FightersGather(zone))
    return offer_pick(
        s, "allies", "tac14-move", [*_tac14_sources(s, zone), "done"], f"Send another fighter to {zone}, or done (TAC-14)", zone
    )


@on_pick("tac14-move")
def _pick_tac14_move(s: State, step: PickStep, option: str) -> State:
    target = step.data[0]
    if option == "done":
        return advance(s, 14)
    src, power = option.split(":")
    if src == "airfield":
        s = evolve(s, airfield=s.airfield.add(power, "fighter", -1))
    else:
        s = set_air(s, src, s.air_in(src).add(power, "fighter", -1))
    s = set_air(s, target, s.air_in(target).add(power, "fighter", 1))
    s = record(s, FighterSent(power, src, target))
    return offer_pick(
        s, "allies", "tac14-move", [*_tac14_sources(s, target), "done"], f"Send another fighter to {target}, or done (TAC-14)", target
    )


# TAC-15 German convoy
def _tac15_options(s: State) -> list[str]:
    out = []
    placed = set(effects_of(s, Placed))
    for where in placed:
        zone, unit = where.zone, where.unit
        if not s.units(zone, "Germany").get(unit) or s.side_total(zone, "allies"):
            continue
        step = DeclareMovesStep(side="axis")
        paths: list[tuple[str, ...]] = [(zone, n) for n in s.board.zone(zone).neighbours]
        if unit == "tank":
            paths += [(zone, n, m) for n in s.board.zone(zone).neighbours for m in s.board.zone(n).neighbours]
        for path in paths:
            try:
                check_move(s, step, Move("Germany", unit, path))
            except IllegalActionError:
                continue
            out.append(f"{unit}:{'>'.join(path)}")
    return sorted(out)


@on_pick("tac15")
def _pick_tac15(s: State, step: PickStep, option: str) -> State:
    unit, path_txt = option.split(":")
    path = tuple(path_txt.split(">"))
    s = set_force(s, path[0], "Germany", s.units(path[0], "Germany").add(unit, -1))
    n = path_strafe_dice(s, path)
    s = record(s, ConvoyMoved(unit, path, n))
    if n:
        return evolve(s, step=StrafeStep(arrivals=(("Germany", unit, path[-1], n),), index=0))
    return advance(add_units(s, path[-1], "Germany", unit, 1), 15)


# TAC-16 Volunteers home front
def _tac16_powers(s: State) -> list[str]:
    out = []
    for i, p in ((1, "UK"), (2, "US")):
        c = next(c for c in s.board.charts if c.power == p)
        empty = [k for k, u in enumerate(c.boxes) if u == "infantry" and k not in s.charts[c.index]]
        if s.destroyed[i].infantry and empty:
            out.append(p)
    return out


@on_roll(Tac16Roll)
def _roll_tac16(s: State, step: Tac16Roll, faces: Faces) -> State:
    f = dice_mod.face(step.dice, faces)
    k = f if f <= 3 else 0
    s = record(s, VolunteersRolled(f, k))
    return _tac16_next(s, k)


def _tac16_next(s: State, left: int) -> State:
    powers = _tac16_powers(s)
    if left and powers:
        return offer_pick(
            s, "allies", "tac16", powers, f"Which power gets a destroyed infantry back on its chart? ({left} left, TAC-16)", str(left)
        )
    return advance(s, 16)


@on_pick("tac16")
def _pick_tac16(s: State, step: PickStep, power: str) -> State:
    i = 1 if power == "UK" else 2
    c = next(c for c in s.board.charts if c.power == power)
    box = next(k for k, u in enumerate(c.boxes) if u == "infantry" and k not in s.charts[c.index])
    charts = (*s.charts[: c.index], tuple(sorted((*s.charts[c.index], box))), *s.charts[c.index + 1 :])
    d = list(s.destroyed)
    d[i] = d[i].add("infantry", -1)
    s = record(evolve(s, charts=charts, destroyed=tuple(d)), VolunteerReturns(power, box))  # type: ignore[arg-type]
    return _tac16_next(s, int(step.data[0]) - 1)


# ---------------------------------------------------------------------------------------------
# registration: when each card may be used (R-TAC-2) and what using it does


def _air_power(s: State) -> bool:
    return bool(air_on_board(s, "fighter") or air_ready(s, "UK", "fighter") + air_ready(s, "US", "fighter"))


tactic(1, lambda s: any(_allied_chart_infantry(s, a.power) for a in s.board.airborne_boxes))(lambda s: _tac1_next(s, 0))
tactic(2, lambda s: any(s.charts[c.index] for c in s.board.charts if c.power != "Germany"))(_tac2)
tactic(3, lambda s: bool(air_on_board(s, "fighter")))(
    lambda s: offer_pick(s, "allies", "tac3", air_on_board(s, "fighter"), "Pick the fighter the antiaircraft guns may not target this turn (TAC-3)")
)
tactic(4, lambda s: any(s.side_total(e.zone, "allies") for e in effects_of(s, AAKill)))(lambda s: _tac4_next(s, 0))
tactic(5, lambda s: any(s.units(w.split(":")[0], "Germany").total for w in air_on_board(s, "bomber")))(_tac5_next)
tactic(6, lambda s: bool(_tac6_options(s)))(
    lambda s: offer_pick(s, "axis", "tac6", _tac6_options(s), "Pick the bomber and the Allied unit next to it that it hits (TAC-6)")
)
tactic(7, lambda s: True)(lambda s: offer_pick(s, "axis", "tac7", [z.id for z in s.board.zones], "Pick the zone to flood (TAC-7)"))
tactic(8, lambda s: bool(_tac8_zones(s)))(
    lambda s: offer_pick(s, "axis", "tac8", _tac8_zones(s), "Pick the coastal zone where a blockhouse is rebuilt (TAC-8)")
)
tactic(9, lambda s: bool(_tac9_options(s)))(
    lambda s: offer_pick(
        s, "allies", "tac9", [*_tac9_options(s), "done"], "Move a unit between beachhead boxes of one power, or done (TAC-9)"
    )
)
tactic(10, lambda s: True)(lambda s: advance(add_effect(s, CombinedAssault()), 10))
tactic(11, lambda s: any(arty_targets(s, 11, z.id) for z in s.board.zones if s.side_units(z.id, "allies").artillery))(
    lambda s: arty_next(s, 11, 0, 0)
)
tactic(12, lambda s: any(s.side_total(z.id, "allies") for z in s.board.zones))(
    lambda s: offer_pick(
        s,
        "allies",
        "tac12",
        [z.id for z in s.board.zones if s.side_total(z.id, "allies")],
        "Pick the zone the Resistance protects on order 13 (TAC-12)",
    )
)
tactic(13, lambda s: any(arty_targets(s, 13, z.id) for z in s.board.zones if s.side_units(z.id, "axis").artillery))(
    lambda s: arty_next(s, 13, 0, 0)
)
tactic(14, lambda s: bool(_tac14_zones(s)) and _air_power(s))(
    lambda s: offer_pick(s, "allies", "tac14", _tac14_zones(s), "Pick the German reinforcement zone the fighters fly to (TAC-14)")
)
tactic(15, lambda s: bool(_tac15_options(s)))(
    lambda s: offer_pick(s, "axis", "tac15", _tac15_options(s), "Pick the reinforcement that moves at once, and its path (TAC-15)")
)
tactic(16, lambda s: bool(_tac16_powers(s)))(lambda s: evolve(s, step=Tac16Roll(dice=Dice.one_face())))

on_pick("tac3")(_pick_effect("TAC-3", 3))
on_pick("tac7")(_pick_effect("TAC-7", 7))
on_pick("tac12")(_pick_effect("TAC-12", 12))
after_tactic_strike(5)(_tac5_next)
after_casualties("tac1")(lambda s, step: _tac1_next(s, step.index + 1))
after_casualties("tac4")(lambda s, step: _tac4_next(s, step.index + 1))
