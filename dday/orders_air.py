"""Orders fought from the air and the sea: airborne assault, naval bombardment, fighter patrol, antiaircraft fire, bomber strike, bombers and fighters return (ORDER-1..7, ORDER-16)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from . import dice as dice_mod
from .actions import Action, Bombard, BomberStrike, Done, FireAA, Patrol, SplitNavalDice
from .dice import Dice, Faces
from .errors import IllegalActionError
from .flow import _a, _add_effect, _effect_values, _faces, _finish_card, _kill_in_zone, _log, _on, _set_air, _set_force, _zname
from .fortune import _fighter_limit, _ready, hit_number
from .state import AATargetStep, BomberStep, ChooseCasualtiesStep, NavalSplitStep, NavalTargetStep, PatrolStep, Roll, State, evolve
from .units import LAND_TYPES, MOBILE_TYPES, Force

# ---------------------------------------------------------------------------------------------
# ORDER-1 Airborne assault


def _begin_1(s: State) -> State:
    return _para_next(s, 0)


def _para_next(s: State, box: int) -> State:
    b = s.board
    for i in range(box, len(b.airborne_boxes)):
        f = s.airborne[i]
        if f.infantry and s.fortune != 6:  # FORT-1 result 6: the rest do not attack
            a = b.airborne_boxes[i]
            return evolve(s, step=Roll(kind="para", dice=Dice.simple(f.infantry, hit_number(s, "para")), zone=a.zone, index=i, power=a.power))
    # R-PARA-2: the paratroopers are now in their zones
    for a, f in zip(b.airborne_boxes, s.airborne, strict=True):
        if f.total:
            s = _set_force(s, a.zone, a.power, s.units(a.zone, a.power).plus(f))
            s = _log(s, f"{a.division}: {f.infantry} paratroopers are now in {_zname(s, a.zone)} (R-PARA-2)")
    s = evolve(s, airborne=tuple(Force() for _ in s.airborne))
    return _finish_card(s)


def _roll_para(s: State, step: Roll, faces: Faces) -> State:
    hits = dice_mod.hits_in(step.dice, faces)[0]
    a = s.board.airborne_boxes[step.index]
    targets = s.units(step.zone, "Germany").land_for_stacking  # blockhouses are exempt (R-BH-1)
    h = min(hits, targets)
    s = _log(s, f"{a.division} attacks {_zname(s, step.zone)}: dice {_faces(faces)} -> {hits} hit(s), {h} count (hits on {_on(step.dice)}; blockhouses exempt)")
    if h == 0:
        return _para_next(s, step.index + 1)
    return evolve(s, step=ChooseCasualtiesStep(side="axis", zone=step.zone, hits=h, kind="para", index=step.index))


# ---------------------------------------------------------------------------------------------
# ORDER-2 Naval bombardment


def _begin_2(s: State) -> State:
    if not s.blockhouses_in_play():
        return _finish_card(s)
    if s.rules.three_player:
        return evolve(s, step=NavalSplitStep())
    return evolve(s, step=NavalTargetStep(die=0, uk_dice=6))


def _act_split(s: State, step: NavalSplitStep, a: SplitNavalDice) -> State:
    if not 0 <= a.uk <= 6:
        raise IllegalActionError("R-NAVAL-2", f"the six naval dice are split between the UK and the US; UK dice must be 0..6, got {a.uk}")
    s = _log(s, f"Naval dice: UK {a.uk}, US {6 - a.uk} (R-NAVAL-2)")
    return evolve(s, step=NavalTargetStep(die=0, uk_dice=a.uk))


def _naval_power(s: State, die: int, uk_dice: int) -> str:
    if not s.rules.three_player:
        return "Allies"
    return "UK" if die < uk_dice else "US"


def _act_bombard(s: State, step: NavalTargetStep, a: Bombard) -> State:
    if a.target != "blockhouse":
        if not s.rules.coastal_bombardment:
            raise IllegalActionError("R-NAVAL-3", f"naval bombardment targets only blockhouses, not {a.target} (VAR-RM-5 is an option)")
        if not s.board.has_zone(a.zone) or not s.board.zone(a.zone).coastal or a.target not in LAND_TYPES or not s.units(a.zone, "Germany").get(a.target):
            raise IllegalActionError("VAR-RM-5", f"coastal bombardment aims at an Axis unit in a coastal zone; {a.zone} has no {a.target}")
    elif not s.board.has_zone(a.zone) or not s.units(a.zone, "Germany").blockhouse:
        raise IllegalActionError("R-NAVAL-1", f"naval dice are aimed at a blockhouse; {a.zone} has none")
    power = _naval_power(s, step.die, step.uk_dice)
    return evolve(
        s, step=Roll(kind="naval", dice=Dice.simple(1, hit_number(s, "naval")), zone=a.zone, index=step.die, power=power, count=step.uk_dice, target=a.target)
    )


def _roll_naval(s: State, step: Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    target = step.target or "blockhouse"
    s = _log(s, f"Naval die {step.index + 1} ({step.power}) at a {target} in {_zname(s, step.zone)}: {_faces(faces)} -> {'destroyed' if hit else 'miss'} (hits on {_on(step.dice)})")
    if hit:
        s = _kill_in_zone(s, step.zone, "Germany", target)
    die = step.index + 1
    if die >= 6:
        return _finish_card(s)
    if not _naval_targets(s):
        return _finish_card(_log(s, f"No blockhouse is left: the remaining {6 - die} naval dice are lost (R-NAVAL-3)"))
    return evolve(s, step=NavalTargetStep(die=die, uk_dice=step.count))


def _legal_split(s: State, step: NavalSplitStep) -> list[Action]:
    return [SplitNavalDice(k) for k in range(7)]


def _naval_targets(s: State) -> list[Bombard]:
    out = [Bombard(z.id) for z, f in zip(s.board.zones, s.ground, strict=True) if f[0].blockhouse]
    if s.rules.coastal_bombardment:  # VAR-RM-5
        out += [Bombard(z.id, u) for z, f in zip(s.board.zones, s.ground, strict=True) if z.coastal for u in MOBILE_TYPES if f[0].get(u)]
    return out


def _legal_bombard(s: State, step: NavalTargetStep) -> list[Action]:
    return list(_naval_targets(s))


# ---------------------------------------------------------------------------------------------
# ORDER-3 Fighter patrol


def _begin_3(s: State) -> State:
    return evolve(s, step=PatrolStep()) if _ready(s, "UK", "fighter") + _ready(s, "US", "fighter") else _finish_card(s)


def _act_patrol(s: State, step: PatrolStep, a: Patrol) -> State:
    if a.power not in ("UK", "US"):
        raise IllegalActionError("R-AIR-1", f"only the UK and the US have fighters, not {a.power!r}")
    if not s.board.has_zone(a.zone):
        raise IllegalActionError("R-CONTROL-4", f"fighters patrol zones; {a.zone!r} is not a zone")
    if a.count < 1 or _ready(s, a.power, "fighter") < a.count:
        raise IllegalActionError("R-AIR-2", f"{a.power} has {_ready(s, a.power, 'fighter')} fighter(s) ready on the airfield, cannot send {a.count}")
    if s.fighters_in(a.zone) + a.count > _fighter_limit(s):
        rule = "VAR-TA-1" if s.rules.fighter_limit == 3 else "R-STACK-3"
        raise IllegalActionError(rule, f"at most {s.rules.fighter_limit} fighters may patrol a zone; {a.zone} has {s.fighters_in(a.zone)}")
    s = evolve(s, airfield=s.airfield.add(a.power, "fighter", -a.count))
    s = _set_air(s, a.zone, s.air_in(a.zone).add(a.power, "fighter", a.count))
    s = _log(s, f"{a.count} {a.power} fighter(s) patrol {_zname(s, a.zone)}")
    return s if _ready(s, "UK", "fighter") + _ready(s, "US", "fighter") else _finish_card(s)


def _done_patrol(s: State, step: PatrolStep, a: Done) -> State:
    return _finish_card(s)


def patrol_options(s: State) -> Iterator[tuple[str, str]]:
    """The one-fighter patrols of a patrol step as plain ``(power, zone)`` pairs (no action objects)."""
    limit = _fighter_limit(s)
    for p in ("UK", "US"):
        if _ready(s, p, "fighter"):
            for z, a in zip(s.board.zones, s.air, strict=True):
                if a.fighters < limit:
                    yield p, z.id


def _legal_patrol(s: State, step: PatrolStep) -> Iterator[Action]:
    """Done, then :func:`patrol_options` (lazily: settle() looks at the first two only)."""
    yield Done()
    for p, z in patrol_options(s):
        yield Patrol(p, z)


# ---------------------------------------------------------------------------------------------
# ORDER-4 / ORDER-6 Antiaircraft fire


def _begin_aa(kind: str) -> Callable[[State], State]:
    return lambda s: _aa_next(s, kind, 0, 0)


def _aa_next(s: State, kind: str, zone_index: int, shot: int) -> State:
    b = s.board
    quiet = set(_effect_values(s, "NOAA"))  # FORT-4/6 result 6
    if kind == "fighter":
        quiet |= {v.split(":")[0] for v in _effect_values(s, "TAC-3") if s.fighters_in(v.split(":")[0]) == 1}  # TAC-3: a lone fighter
    for i in range(zone_index, len(b.zones)):
        z = b.zones[i]
        arty = s.ground[i][0].artillery
        planes = s.air[i].fighters if kind == "fighter" else s.air[i].bombers
        if arty and planes and shot < arty and z.id not in quiet and _aa_targets(s, z.id, kind):
            return evolve(s, step=AATargetStep(zone=z.id, shot=shot, kind=kind))
        shot = 0
    return _finish_card(s)


def _aa_targets(s: State, zone: str, kind: str) -> list[str]:
    """Powers whose air units of ``kind`` in ``zone`` AA may target (TAC-3 protects one fighter)."""
    air = s.air_in(zone)
    protected = [v.split(":")[1] for v in _effect_values(s, "TAC-3") if v.split(":")[0] == zone] if kind == "fighter" else []
    return [p for p in ("UK", "US") if air.get(p, kind) - protected.count(p) > 0]


def _act_aa(s: State, step: AATargetStep, a: FireAA) -> State:
    if a.power not in _aa_targets(s, step.zone, step.kind):
        rule = "TAC-3" if a.power in ("UK", "US") and s.air_in(step.zone).get(a.power, step.kind) else "R-AA-2"
        raise IllegalActionError(rule, f"AA fires at an air unit in its own zone that it may target; {step.zone} has no such {a.power} {step.kind}")
    return evolve(s, step=Roll(kind="aa", dice=Dice.simple(1, hit_number(s, "aa")), zone=step.zone, index=step.shot, power=a.power, target=step.kind))


def _roll_aa(s: State, step: Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = _log(s, f"AA artillery {step.index + 1} in {_zname(s, step.zone)} fires at a {step.power} {step.target}: {_faces(faces)} -> {'shot down, removed from play' if hit else 'miss'} (hits on {_on(step.dice)})")
    if hit and step.target == "fighter":
        s = _add_effect(s, f"AA-KILL:{step.zone}")  # remembered for TAC-4
    if hit:
        s = _set_air(s, step.zone, s.air_in(step.zone).add(step.power, step.target, -1))
        s = evolve(s, air_lost=s.air_lost.add(step.power, step.target, 1))
    return _aa_next(s, step.target, s.board.zone_index(step.zone), step.index + 1)


def _legal_aa(s: State, step: AATargetStep) -> list[Action]:
    return [FireAA(p) for p in _aa_targets(s, step.zone, step.kind)]


# ---------------------------------------------------------------------------------------------
# ORDER-5 Bomber strike, ORDER-7 Bombers return


# filled by dday.engine once every rule module is imported (see the registries of dday.flow)
_TACTIC_CONTINUE: dict[int, Callable[[State], State]] = {}


def _bombers_ready(s: State) -> int:
    return _ready(s, "UK", "bomber") + _ready(s, "US", "bomber")


def _begin_5(s: State) -> State:
    return evolve(s, step=BomberStep()) if _bombers_ready(s) else _finish_card(s)


def _act_bomb(s: State, step: BomberStep, a: BomberStrike) -> State:
    if a.power not in ("UK", "US") or not _ready(s, a.power, "bomber"):
        raise IllegalActionError("R-AIR-5", f"no {a.power} bomber is ready on the airfield")
    if not s.board.has_zone(a.zone):
        raise IllegalActionError("R-CONTROL-4", f"bombers strike zones; {a.zone!r} is not a zone")
    if s.side_units(a.zone, "allies").total:
        raise IllegalActionError("R-AIR-5", f"a bomber may only go to a zone without Allied land units; {a.zone} has some")
    if a.target not in LAND_TYPES or not s.units(a.zone, "Germany").get(a.target):
        raise IllegalActionError("R-TARGET-1", f"the bomber must target an Axis land unit in {a.zone}; there is no {a.target}")
    s = evolve(s, airfield=s.airfield.add(a.power, "bomber", -1))
    s = _set_air(s, a.zone, s.air_in(a.zone).add(a.power, "bomber", 1))
    return evolve(s, step=Roll(kind="bomb", dice=Dice.simple(1, hit_number(s, "bomb")), zone=a.zone, power=a.power, target=a.target))


def _roll_bomb(s: State, step: Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = _log(s, f"{step.power} bomber strikes {_a(step.target)} in {_zname(s, step.zone)}: {_faces(faces)} -> {'destroyed' if hit else 'miss'} (hits on {_on(step.dice)})")
    if hit:
        s = _kill_in_zone(s, step.zone, "Germany", step.target)
    if step.index:  # a tactics strike (TAC-5, TAC-6) continues its own card
        return _TACTIC_CONTINUE[step.index](s)
    return evolve(s, step=BomberStep()) if _bombers_ready(s) else _finish_card(s)


def _done_bomb(s: State, step: BomberStep, a: Done) -> State:
    return _finish_card(s)


def _legal_bomb(s: State, step: BomberStep) -> Iterator[Action]:
    """Done, then every strike (lazily: settle() looks at the first two only)."""
    yield Done()
    for p in ("UK", "US"):
        if not _ready(s, p, "bomber"):
            continue
        for z, (g, uk, us) in zip(s.board.zones, s.ground, strict=True):
            if g.total and not uk.total and not us.total:
                yield from (BomberStrike(p, z.id, u) for u in LAND_TYPES if g.get(u))


def _air_home(s: State, kind: str) -> State:
    """Every ``kind`` ("bomber" or "fighter") on the board flies back to the airfield (R-AIR-6)."""
    keys = (f"uk_{kind}", f"us_{kind}")
    back = {k: sum(getattr(a, k) for a in s.air) for k in keys}
    field_ = s.airfield._replace(**{k: getattr(s.airfield, k) + n for k, n in back.items()})
    s = evolve(s, airfield=field_, air=tuple(a._replace(**dict.fromkeys(keys, 0)) if getattr(a, keys[0]) or getattr(a, keys[1]) else a for a in s.air))
    return _finish_card(_log(s, f"{sum(back.values())} {kind}(s) return to the airfield (R-AIR-6)"))


def _begin_7(s: State) -> State:
    return _air_home(s, "bomber")


# ---------------------------------------------------------------------------------------------
# ORDER-16 Fighters return


def _begin_16(s: State) -> State:
    return _air_home(s, "fighter")
