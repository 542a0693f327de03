"""Transitions: what may be done now, and what doing it (or rolling dice) leads to.

The game is a sequence of steps. At each step either a side decides (``legal_actions``,
then ``apply(state, action)``) or dice are rolled (``chance_outcomes`` / ``sample_roll``,
then ``apply(state, faces)``). A decision with exactly one legal choice is taken
automatically, so every step a caller sees is a real choice or a real roll.

>>> import numpy as np
>>> from dday.state import initial_state
>>> s = initial_state()
>>> s.current_player, s.step.kind, s.step.zone          # the 101st Airborne rolls first
('chance', 'para', 'F11')
>>> s2 = apply(s, (1, 1, 4))                            # EX-9: two hits, one infantry to lose
>>> s2.units("F11", "Germany").short(), s.units("F11", "Germany").short()
('1b', '1i 1b')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import islice, pairwise
from typing import Any, cast

import numpy as np

from . import dice as dice_mod
from .actions import (
    Action,
    Bombard,
    BomberStrike,
    ChooseCasualties,
    Done,
    FireAA,
    FireToSea,
    Land,
    Move,
    Patrol,
    PlaceReinforcement,
    SplitNavalDice,
)
from .cards import ORDER_CARDS, REMOVAL_REASON, stays_in_deck
from .dice import Dice, Faces
from .errors import IllegalActionError, NotYourTurnError
from .state import (
    AATargetStep,
    BomberStep,
    ChooseCasualtiesStep,
    DeclareMovesStep,
    FireToSeaStep,
    GameOver,
    LandingStep,
    MovedUnit,
    NavalSplitStep,
    NavalTargetStep,
    PatrolStep,
    PlaceReinforcementsStep,
    Roll,
    State,
    StrafeStep,
)
from .units import (
    HIT_AA,
    HIT_BLOCKHOUSE_TO_SEA,
    HIT_BOMBER,
    HIT_NAVAL,
    HIT_PARATROOPER,
    LAND_TYPES,
    MOBILE_TYPES,
    POWERS,
    Air,
    Force,
    attack_value,
    defense_value,
    other_side,
    powers_of,
    side_of,
)

# ---------------------------------------------------------------------------------------------
# small state editors (all return new states)


def _log(s: State, msg: str) -> State:
    return replace(s, events=(*s.events, msg))


def _set_force(s: State, zone: str, power: str, force: Force) -> State:
    i = s.board.zone_index(zone)
    forces = list(s.ground[i])
    forces[POWERS.index(power)] = force  # type: ignore[arg-type]
    return replace(s, ground=(*s.ground[:i], tuple(forces), *s.ground[i + 1 :]))  # type: ignore[arg-type]


def _add_units(s: State, zone: str, power: str, unit: str, n: int) -> State:
    return _set_force(s, zone, power, s.units(zone, power).add(unit, n))


def _destroy(s: State, power: str, unit: str, n: int = 1) -> State:
    """Record ``n`` destroyed land units (R-COMBAT-7: they never come back)."""
    p = POWERS.index(power)  # type: ignore[arg-type]
    d = list(s.destroyed)
    d[p] = d[p].add(unit, n)
    return replace(s, destroyed=tuple(d))  # type: ignore[arg-type]


def _kill_in_zone(s: State, zone: str, power: str, unit: str, n: int = 1) -> State:
    s = _set_force(s, zone, power, s.units(zone, power).add(unit, -n))
    return _destroy(s, power, unit, n)


def _set_beach(s: State, name: str, force: Force) -> State:
    i = s.board.beachhead(name).index
    return replace(s, beach=(*s.beach[:i], force, *s.beach[i + 1 :]))


def _set_air(s: State, zone: str, air: Air) -> State:
    i = s.board.zone_index(zone)
    return replace(s, air=(*s.air[:i], air, *s.air[i + 1 :]))


def _zname(s: State, zone: str) -> str:
    return s.board.name(zone)


def _faces(f: Faces) -> str:
    return ",".join(str(x) for x in f) if f else "no dice"


# ---------------------------------------------------------------------------------------------
# card flow (R-TURN-1, R-DECK-1..3)


def start_card(s: State) -> State:
    """Turn up order card ``s.card`` and set the first step of its resolution."""
    card = ORDER_CARDS[s.card]
    s = _log(s, f"Turn {s.turn}, order {card.number}: {card.name}")
    return _BEGIN[s.card](s)


def _finish_card(s: State) -> State:
    if s.rules.continuous_hold and s.hold and not s.allies_hold_all_cities():
        s = _log(replace(s, hold=0), "An Allied city was lost during the holding turn: the hold is broken (R-VICTORY-4 option)")
    s, started = _turn_up_next(s, after=s.card)
    return s if started else _end_turn(s)


def _end_turn(s: State) -> State:
    b = s.board
    if s.turn == 1 and 1 in s.deck:
        s = _log(replace(s, deck=tuple(c for c in s.deck if c != 1)), f"Order 1 leaves the deck: {REMOVAL_REASON[1]}")
    held = s.allies_hold_all_cities()
    cities = ", ".join(f"{city} {s.controller(z) or 'nobody'}" for city, z in b.victory_cities.items())
    s = _log(s, f"End of turn {s.turn}: {cities}")
    hold = s.hold + 1 if held else 0
    s = replace(s, hold=hold)
    if hold >= 2:
        return _log(replace(s, winner="allies", step=GameOver()), f"The Allies have held all three cities for a full turn: the Allies win on turn {s.turn} (R-VICTORY-1)")
    if held:
        s = _log(s, "The Allies hold all three cities: they win if they still hold them at the end of next turn (R-VICTORY-2)")
    if s.turn >= b.turns:
        return _log(replace(s, winner="axis", step=GameOver()), f"The Allies have not won by the end of turn {b.turns}: the Axis wins (R-VICTORY-3)")
    s = replace(s, turn=s.turn + 1, card=0)
    s, started = _turn_up_next(s, after=0)
    if not started:
        raise AssertionError("orders 11 and 13 never leave the deck (R-DECK-3)")
    return s


def _turn_up_next(s: State, after: int) -> tuple[State, bool]:
    """Start the next order card after ``after`` that is in play, updating the deck on the way.

    A card leaves the deck when the units it names are gone (R-DECK-2) and comes back when
    they come back (R-DECK-4, e.g. a rebuilt blockhouse). Order 1 is used on turn 1 only
    (R-DECK-1) and never returns. Returns the updated state and whether a card was started.
    """
    for nxt in range(after + 1, 17):
        in_deck = nxt in s.deck
        if not in_deck and nxt not in s.removed:
            continue  # order 1 after turn 1, or a card a prepared position left out
        stays = stays_in_deck(nxt, s)
        if in_deck and not stays:
            s = _log(
                replace(s, deck=tuple(c for c in s.deck if c != nxt), removed=(*s.removed, nxt)),
                f"Order {nxt} leaves the deck: {REMOVAL_REASON[nxt]}",
            )
            continue
        if not in_deck:
            if not stays:
                continue
            s = _log(
                replace(s, deck=tuple(sorted((*s.deck, nxt))), removed=tuple(c for c in s.removed if c != nxt)),
                f"Order {nxt} returns to the deck: its units are back in play (R-DECK-4)",
            )
        return start_card(replace(s, card=nxt)), True
    return s, False


# ---------------------------------------------------------------------------------------------
# ORDER-1 Airborne assault


def _begin_1(s: State) -> State:
    return _para_next(s, 0)


def _para_next(s: State, box: int) -> State:
    b = s.board
    for i in range(box, len(b.airborne_boxes)):
        f = s.airborne[i]
        if f.infantry:
            a = b.airborne_boxes[i]
            return replace(s, step=Roll(kind="para", dice=Dice.simple(f.infantry, HIT_PARATROOPER), zone=a.zone, index=i, power=a.power))
    # R-PARA-2: the paratroopers are now in their zones
    for a, f in zip(b.airborne_boxes, s.airborne, strict=True):
        if f.total:
            s = _set_force(s, a.zone, a.power, s.units(a.zone, a.power).plus(f))
            s = _log(s, f"{a.division}: {f.infantry} paratroopers are now in {_zname(s, a.zone)} (R-PARA-2)")
    s = replace(s, airborne=tuple(Force() for _ in s.airborne))
    return _finish_card(s)


def _roll_para(s: State, step: Roll, faces: Faces) -> State:
    hits = dice_mod.hits_in(step.dice, faces)[0]
    a = s.board.airborne_boxes[step.index]
    targets = s.units(step.zone, "Germany").land_for_stacking  # blockhouses are exempt (R-BH-1)
    h = min(hits, targets)
    s = _log(s, f"{a.division} attacks {_zname(s, step.zone)}: dice {_faces(faces)} -> {hits} hit(s), {h} count (hits on 1; blockhouses exempt)")
    if h == 0:
        return _para_next(s, step.index + 1)
    return replace(s, step=ChooseCasualtiesStep(side="axis", zone=step.zone, hits=h, kind="para", index=step.index))


# ---------------------------------------------------------------------------------------------
# ORDER-2 Naval bombardment


def _begin_2(s: State) -> State:
    if not s.blockhouses_in_play():
        return _finish_card(s)
    if s.rules.three_player:
        return replace(s, step=NavalSplitStep())
    return replace(s, step=NavalTargetStep(die=0, uk_dice=6))


def _act_split(s: State, step: NavalSplitStep, a: SplitNavalDice) -> State:
    if not 0 <= a.uk <= 6:
        raise IllegalActionError("R-NAVAL-2", f"the six naval dice are split between the UK and the US; UK dice must be 0..6, got {a.uk}")
    s = _log(s, f"Naval dice: UK {a.uk}, US {6 - a.uk} (R-NAVAL-2)")
    return replace(s, step=NavalTargetStep(die=0, uk_dice=a.uk))


def _naval_power(s: State, die: int, uk_dice: int) -> str:
    if not s.rules.three_player:
        return "Allies"
    return "UK" if die < uk_dice else "US"


def _act_bombard(s: State, step: NavalTargetStep, a: Bombard) -> State:
    if not s.board.has_zone(a.zone) or not s.units(a.zone, "Germany").blockhouse:
        raise IllegalActionError("R-NAVAL-1", f"naval dice are aimed at a blockhouse; {a.zone} has none")
    power = _naval_power(s, step.die, step.uk_dice)
    return replace(s, step=Roll(kind="naval", dice=Dice.simple(1, HIT_NAVAL), zone=a.zone, index=step.die, power=power, count=step.uk_dice))


def _roll_naval(s: State, step: Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = _log(s, f"Naval die {step.index + 1} ({step.power}) at a blockhouse in {_zname(s, step.zone)}: {_faces(faces)} -> {'destroyed' if hit else 'miss'} (hits on 1-2)")
    if hit:
        s = _kill_in_zone(s, step.zone, "Germany", "blockhouse")
    die = step.index + 1
    if die >= 6:
        return _finish_card(s)
    if not s.blockhouses_in_play():
        return _finish_card(_log(s, f"No blockhouse is left: the remaining {6 - die} naval dice are lost (R-NAVAL-3)"))
    return replace(s, step=NavalTargetStep(die=die, uk_dice=step.count))


# ---------------------------------------------------------------------------------------------
# ORDER-3 Fighter patrol


def _begin_3(s: State) -> State:
    return replace(s, step=PatrolStep()) if s.airfield.fighters else _finish_card(s)


def _act_patrol(s: State, step: PatrolStep, a: Patrol) -> State:
    if a.power not in ("UK", "US"):
        raise IllegalActionError("R-AIR-1", f"only the UK and the US have fighters, not {a.power!r}")
    if not s.board.has_zone(a.zone):
        raise IllegalActionError("R-CONTROL-4", f"fighters patrol zones; {a.zone!r} is not a zone")
    if a.count < 1 or s.airfield.get(a.power, "fighter") < a.count:
        raise IllegalActionError("R-AIR-2", f"{a.power} has {s.airfield.get(a.power, 'fighter')} fighter(s) on the airfield, cannot send {a.count}")
    if s.fighters_in(a.zone) + a.count > s.rules.fighter_limit:
        raise IllegalActionError("R-STACK-3", f"at most {s.rules.fighter_limit} fighters may patrol a zone; {a.zone} has {s.fighters_in(a.zone)}")
    s = replace(s, airfield=s.airfield.add(a.power, "fighter", -a.count))
    s = _set_air(s, a.zone, s.air_in(a.zone).add(a.power, "fighter", a.count))
    s = _log(s, f"{a.count} {a.power} fighter(s) patrol {_zname(s, a.zone)}")
    return s if s.airfield.fighters else _finish_card(s)


def _done_patrol(s: State, step: PatrolStep, a: Done) -> State:
    return _finish_card(s)


# ---------------------------------------------------------------------------------------------
# ORDER-4 / ORDER-6 Antiaircraft fire


def _begin_aa(kind: str) -> Callable[[State], State]:
    return lambda s: _aa_next(s, kind, 0, 0)


def _aa_next(s: State, kind: str, zone_index: int, shot: int) -> State:
    b = s.board
    for i in range(zone_index, len(b.zones)):
        z = b.zones[i]
        arty = s.ground[i][0].artillery
        planes = s.air[i].fighters if kind == "fighter" else s.air[i].bombers
        if arty and planes and shot < arty:
            return replace(s, step=AATargetStep(zone=z.id, shot=shot, kind=kind))
        shot = 0
    return _finish_card(s)


def _act_aa(s: State, step: AATargetStep, a: FireAA) -> State:
    if a.power not in ("UK", "US") or not s.air_in(step.zone).get(a.power, step.kind):
        raise IllegalActionError("R-AA-2", f"AA fires at an air unit in its own zone; {step.zone} has no {a.power} {step.kind}")
    return replace(s, step=Roll(kind="aa", dice=Dice.simple(1, HIT_AA), zone=step.zone, index=step.shot, power=a.power, target=step.kind))


def _roll_aa(s: State, step: Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = _log(s, f"AA artillery {step.index + 1} in {_zname(s, step.zone)} fires at a {step.power} {step.target}: {_faces(faces)} -> {'shot down, removed from play' if hit else 'miss'} (hits on 1)")
    if hit:
        s = _set_air(s, step.zone, s.air_in(step.zone).add(step.power, step.target, -1))
        s = replace(s, air_lost=s.air_lost.add(step.power, step.target, 1))
    return _aa_next(s, step.target, s.board.zone_index(step.zone), step.index + 1)


# ---------------------------------------------------------------------------------------------
# ORDER-5 Bomber strike, ORDER-7 Bombers return


def _begin_5(s: State) -> State:
    return replace(s, step=BomberStep()) if s.airfield.bombers else _finish_card(s)


def _act_bomb(s: State, step: BomberStep, a: BomberStrike) -> State:
    if a.power not in ("UK", "US") or not s.airfield.get(a.power, "bomber"):
        raise IllegalActionError("R-AIR-5", f"no {a.power} bomber is waiting on the airfield")
    if not s.board.has_zone(a.zone):
        raise IllegalActionError("R-CONTROL-4", f"bombers strike zones; {a.zone!r} is not a zone")
    if s.side_units(a.zone, "allies").total:
        raise IllegalActionError("R-AIR-5", f"a bomber may only go to a zone without Allied land units; {a.zone} has some")
    if a.target not in LAND_TYPES or not s.units(a.zone, "Germany").get(a.target):
        raise IllegalActionError("R-TARGET-1", f"the bomber must target an Axis land unit in {a.zone}; there is no {a.target}")
    s = replace(s, airfield=s.airfield.add(a.power, "bomber", -1))
    s = _set_air(s, a.zone, s.air_in(a.zone).add(a.power, "bomber", 1))
    return replace(s, step=Roll(kind="bomb", dice=Dice.simple(1, HIT_BOMBER), zone=a.zone, power=a.power, target=a.target))


def _roll_bomb(s: State, step: Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = _log(s, f"{step.power} bomber strikes a {step.target} in {_zname(s, step.zone)}: {_faces(faces)} -> {'destroyed' if hit else 'miss'} (hits on 1-3)")
    if hit:
        s = _kill_in_zone(s, step.zone, "Germany", step.target)
    return replace(s, step=BomberStep()) if s.airfield.bombers else _finish_card(s)


def _done_bomb(s: State, step: BomberStep, a: Done) -> State:
    return _finish_card(s)


def _begin_7(s: State) -> State:
    back = sum(a.bombers for a in s.air)
    field_ = s.airfield._replace(
        uk_bomber=s.airfield.uk_bomber + sum(a.uk_bomber for a in s.air), us_bomber=s.airfield.us_bomber + sum(a.us_bomber for a in s.air)
    )
    s = replace(s, airfield=field_, air=tuple(a._replace(uk_bomber=0, us_bomber=0) for a in s.air))
    return _finish_card(_log(s, f"{back} bomber(s) return to the airfield (R-AIR-6)"))


# ---------------------------------------------------------------------------------------------
# ORDER-8 / ORDER-12 Movement (declared, then resolved: R-MOVE-7)


def _begin_move(side: str) -> Callable[[State], State]:
    return lambda s: replace(s, step=DeclareMovesStep(side=side, moves=()))


def _tentative(s: State, moves: Sequence[MovedUnit], side: str) -> dict[str, int]:
    """Stacking count per zone after the declared moves (R-STACK-4 accounting)."""
    delta: dict[str, int] = {}
    for m in moves:
        delta[m.path[0]] = delta.get(m.path[0], 0) - m.count
        delta[m.path[-1]] = delta.get(m.path[-1], 0) + m.count
    return {z: s.stack_count(z, side) + d for z, d in delta.items()}


def _count_after(s: State, side: str, zone: str, tent: dict[str, int]) -> int:
    return tent.get(zone, s.stack_count(zone, side))


def _declared_from(moves: Sequence[MovedUnit], zone: str, power: str, unit: str) -> int:
    return sum(m.count for m in moves if m.path[0] == zone and m.power == power and m.unit == unit)


def check_move(s: State, step: DeclareMovesStep, a: Move, tent: dict[str, int] | None = None) -> None:
    """Raise :class:`IllegalActionError` naming the rule if the declared move is illegal.

    ``tent`` may pass in :func:`_tentative` of the declared moves (it is the same for every
    candidate of one step).
    """
    b = s.board
    side = step.side
    limit = b.stacking_limit
    if a.power not in powers_of(side):
        raise IllegalActionError("R-TURN-3", f"order {s.card} moves {side} units only, not {a.power}'s")
    if a.unit == "blockhouse":
        raise IllegalActionError("R-BH-1", "blockhouses never move")
    if a.unit not in MOBILE_TYPES:
        raise IllegalActionError("R-MOVE-1", f"only land units move on this card, not {a.unit!r}")
    if a.count < 1:
        raise IllegalActionError("R-MOVE-1", "move at least one unit")
    path = a.path
    for z in path:
        if not b.has_zone(z):
            raise IllegalActionError("R-MOVE-1", f"{z!r} is not a zone of the board")
    if len(path) < 2:
        raise IllegalActionError("R-MOVE-1", "a move needs a start zone and a destination")
    max_len = 3 if a.unit == "tank" else 2
    if len(path) > max_len:
        rule = "R-MOVE-4" if a.unit == "tank" else "R-MOVE-1"
        raise IllegalActionError(rule, f"a {a.unit} moves at most {max_len - 1} zone(s) on a move card")
    for x, y in pairwise(path):
        if not b.are_adjacent(x, y):
            raise IllegalActionError("R-MOVE-1", f"{x} and {y} are not adjacent")
    start = path[0]
    have = s.units(start, a.power).get(a.unit)
    already = _declared_from(step.moves, start, a.power, a.unit)
    if have - already < a.count:
        raise IllegalActionError("R-TURN-3", f"{start} has {have - already} {a.power} {a.unit}(s) not yet declared; each unit moves once per card")
    enemy = other_side(side)
    if s.side_total(start, enemy):
        raise IllegalActionError("R-MOVE-3", f"units in {start} are locked in combat with enemy land units and cannot leave (FAQ-16)")
    if tent is None:
        tent = _tentative(s, step.moves, side)
    transits = {m.path[1] for m in step.moves if len(m.path) == 3}
    if len(path) == 3:
        mid = path[1]
        if path[2] == path[0]:
            raise IllegalActionError("R-MOVE-4", "a tank's two-zone move cannot end where it started (RECONSTRUCTED)")
        if s.side_total(mid, enemy):
            raise IllegalActionError("R-MOVE-4", f"a tank must stop in {mid}: it holds enemy land units (FAQ-24)")
        mid_count = _count_after(s, side, mid, tent)
        if mid_count > limit - 1:
            raise IllegalActionError("R-MOVE-6", f"a tank cannot pass through {mid}: it would hold {mid_count} friendly land units (max {limit - 1} in transit, FAQ-24)")
    dest = path[-1]
    after = _count_after(s, side, dest, tent) + a.count
    if after > limit:
        raise IllegalActionError("R-STACK-4", f"{dest} would hold {after} {side} land units after the declared moves (max {limit}, FAQ-19)")
    if dest in transits and after > limit - 1:
        raise IllegalActionError("R-MOVE-6", f"{dest} is a declared tank's transit zone and may hold at most {limit - 1} friendly land units")


def _act_move(s: State, step: DeclareMovesStep, a: Move) -> State:
    check_move(s, step, a)
    return replace(s, step=replace(step, moves=(*step.moves, MovedUnit(a.power, a.unit, a.path, a.count))))


def _path_strafe_dice(s: State, path: Sequence[str]) -> int:
    """Fighter dice against one unit moving along ``path`` (R-AIR-3, R-AIR-4, FAQ-18)."""
    n = s.fighters_in(path[0]) + s.fighters_in(path[-1])
    for mid in path[1:-1]:
        n += 2 * s.fighters_in(mid)
    return n


def _done_moves(s: State, step: DeclareMovesStep, a: Done) -> State:
    moves = step.moves
    if not moves:
        return _finish_card(_log(replace(s, step=DeclareMovesStep(side=step.side)), f"No {step.side} unit moves"))
    for m in moves:
        s = _set_force(s, m.path[0], m.power, s.units(m.path[0], m.power).add(m.unit, -m.count))
    if step.side == "allies":
        for m in moves:
            s = _add_units(s, m.path[-1], m.power, m.unit, m.count)
            s = _log(s, f"{m.power} {m.unit} x{m.count} moves {' > '.join(_zname(s, z) for z in m.path)}")
        return _finish_card(s)
    arrivals: list[tuple[str, str, str, int]] = []
    for m in moves:
        n = _path_strafe_dice(s, m.path)
        s = _log(s, f"{m.power} {m.unit} x{m.count} declared {' > '.join(_zname(s, z) for z in m.path)}" + (f" ({n} strafing dice each)" if n else ""))
        for _ in range(m.count):
            if n:
                arrivals.append((m.power, m.unit, m.path[-1], n))
            else:
                s = _add_units(s, m.path[-1], m.power, m.unit, 1)
    return _start_strafing(s, tuple(arrivals))


def _start_strafing(s: State, arrivals: tuple[tuple[str, str, str, int], ...]) -> State:
    if not arrivals:
        return _finish_card(s)
    return replace(s, step=StrafeStep(arrivals=arrivals, index=0))


def _roll_strafe(s: State, step: StrafeStep, faces: Faces) -> State:
    power, unit, dest, n = step.arrivals[step.index]
    hit = dice_mod.hits_in(step.dice, faces)[0] > 0
    s = _log(s, f"Strafing {power} {unit} bound for {_zname(s, dest)}: {n} dice {_faces(faces)} -> {'destroyed' if hit else 'survives'} (hits on 1)")
    s = _destroy(s, power, unit) if hit else _add_units(s, dest, power, unit, 1)
    if step.index + 1 < len(step.arrivals):
        return replace(s, step=replace(step, index=step.index + 1))
    return _finish_card(s)


# ---------------------------------------------------------------------------------------------
# ORDER-9 Blockhouses fire to sea


def _begin_9(s: State) -> State:
    return _sea_next(s, 0, 0)


def _sea_next(s: State, zone_index: int, shot: int) -> State:
    b = s.board
    for i in range(zone_index, len(b.zones)):
        z = b.zones[i]
        if z.fires_at:
            n = s.ground[i][0].blockhouse
            if shot < n and s.beach_units(z.fires_at).total:
                return replace(s, step=FireToSeaStep(zone=z.id, shot=shot))
        shot = 0
    return _finish_card(s)


def _act_sea(s: State, step: FireToSeaStep, a: FireToSea) -> State:
    beach = s.board.zone(step.zone).fires_at or ""
    if a.target not in MOBILE_TYPES or not s.beach_units(beach).get(a.target):
        raise IllegalActionError("R-BH-2", f"the blockhouse in {step.zone} fires only at units in {beach}; there is no {a.target} there")
    return replace(s, step=Roll(kind="sea", dice=Dice.simple(1, HIT_BLOCKHOUSE_TO_SEA), zone=step.zone, index=step.shot, target=a.target, power=beach))


def _roll_sea(s: State, step: Roll, faces: Faces) -> State:
    beach = step.power
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = _log(s, f"Blockhouse {step.index + 1} in {_zname(s, step.zone)} fires at a {step.target} in {beach}: {_faces(faces)} -> {'destroyed' if hit else 'miss'} (hits on 1-3)")
    if hit:
        bh = s.board.beachhead(beach)
        s = _set_beach(s, beach, s.beach_units(beach).add(step.target, -1))
        s = _destroy(s, bh.power, step.target)
    return _sea_next(s, s.board.zone_index(step.zone), step.index + 1)


# ---------------------------------------------------------------------------------------------
# ORDER-10 Landing


def _begin_10(s: State) -> State:
    return replace(s, step=LandingStep()) if any(f.total for f in s.beach) else _finish_card(s)


def _act_land(s: State, step: LandingStep, a: Land) -> State:
    try:
        bh = s.board.beachhead(a.beach)
    except KeyError:
        raise IllegalActionError("R-BEACH-1", f"unknown beachhead {a.beach!r}") from None
    if a.unit not in MOBILE_TYPES or a.count < 1 or s.beach_units(a.beach).get(a.unit) < a.count:
        raise IllegalActionError("R-BEACH-2", f"{a.beach} does not hold {a.count} {a.unit}(s)")
    zone = bh.lands_into
    after = s.stack_count(zone, "allies") + a.count
    if after > s.board.stacking_limit:
        raise IllegalActionError("R-STACK-1", f"{zone} would hold {after} Allied land units (max {s.board.stacking_limit}); the rest wait in the box (R-BEACH-2)")
    s = _set_beach(s, a.beach, s.beach_units(a.beach).add(a.unit, -a.count))
    s = _add_units(s, zone, bh.power, a.unit, a.count)
    s = _log(s, f"{a.count} {bh.power} {a.unit}(s) land from {a.beach} into {_zname(s, zone)}")
    return s if any(f.total for f in s.beach) else _finish_card(s)


def _done_land(s: State, step: LandingStep, a: Done) -> State:
    return _finish_card(s)


# ---------------------------------------------------------------------------------------------
# ORDER-11 / ORDER-13 Land combat (R-COMBAT-1..8)


def combat_dice(force: Force, side: str, attacking: bool) -> Dice:
    """The dice a side rolls in one cycle: one per unit, grouped by hit number (R-COMBAT-4)."""
    groups: dict[int, int] = {}
    for unit in LAND_TYPES:
        n = force.get(unit)
        if n:
            v = attack_value(unit, side) if attacking else defense_value(unit, side)
            groups[v] = groups.get(v, 0) + n
    return Dice(tuple(sorted(groups.items())))


def _begin_combat(attacker: str) -> Callable[[State], State]:
    return lambda s: _combat_next(s, attacker, 0)


def _combat_next(s: State, attacker: str, zone_index: int) -> State:
    b = s.board
    defender = other_side(attacker)
    for i in range(zone_index, len(b.zones)):
        z = b.zones[i]
        att = s.side_units(z.id, attacker)
        dfn = s.side_units(z.id, defender)
        if att.total and dfn.total:
            return replace(
                s,
                step=Roll(
                    kind="attack",
                    dice=combat_dice(att, attacker, True),
                    zone=z.id,
                    power=attacker,
                    defense_dice=combat_dice(dfn, defender, False),
                ),
            )
    return _finish_card(s)


def _roll_attack(s: State, step: Roll, faces: Faces) -> State:
    attacker = step.power
    defender = other_side(attacker)
    hits = sum(dice_mod.hits_in(step.dice, faces))
    h = min(hits, s.side_units(step.zone, defender).total)
    s = _log(s, f"Combat in {_zname(s, step.zone)}: {attacker} ({s.side_units(step.zone, attacker).short()}) attack {defender} ({s.side_units(step.zone, defender).short()}); dice {_faces(faces)} -> {hits} hit(s)")
    if h == 0:
        return _defense_roll(s, step.zone, attacker, step.defense_dice)
    return replace(s, step=ChooseCasualtiesStep(side=defender, zone=step.zone, hits=h, kind="combat-defender", defense_dice=step.defense_dice))


def _defense_roll(s: State, zone: str, attacker: str, dice: Dice) -> State:
    return replace(s, step=Roll(kind="defense", dice=dice, zone=zone, power=attacker))


def _roll_defense(s: State, step: Roll, faces: Faces) -> State:
    attacker = step.power
    hits = sum(dice_mod.hits_in(step.dice, faces))
    h = min(hits, s.side_units(step.zone, attacker).total)
    s = _log(s, f"Defence in {_zname(s, step.zone)}: {other_side(attacker)} fire back with all units, casualties included; dice {_faces(faces)} -> {hits} hit(s)")
    if h == 0:
        return _after_cycle(s, step.zone, attacker)
    return replace(s, step=ChooseCasualtiesStep(side=attacker, zone=step.zone, hits=h, kind="combat-attacker"))


def _after_cycle(s: State, zone: str, attacker: str) -> State:
    ctl = s.controller(zone)
    what = f"{ctl} control it" if ctl else "the combat goes on next attack card"
    s = _log(s, f"After the cycle in {_zname(s, zone)}: Axis {s.side_units(zone, 'axis').short()}, Allies {s.side_units(zone, 'allies').short()}; {what}")
    return _combat_next(s, attacker, s.board.zone_index(zone) + 1)


# ---------------------------------------------------------------------------------------------
# Casualties (R-COMBAT-5, ORDER-1)


def _casualty_pool(s: State, step: ChooseCasualtiesStep) -> dict[tuple[str, str], int]:
    pool: dict[tuple[str, str], int] = {}
    for p in powers_of(step.side):
        f = s.units(step.zone, p)
        for u in LAND_TYPES:
            if u == "blockhouse" and step.kind == "para":
                continue  # R-BH-1: paratroopers cannot hit blockhouses
            if f.get(u):
                pool[(p, u)] = f.get(u)
    return pool


def _act_casualties(s: State, step: ChooseCasualtiesStep, a: ChooseCasualties) -> State:
    rule = "ORDER-1" if step.kind == "para" else "R-COMBAT-5"
    pool = _casualty_pool(s, step)
    seen: dict[tuple[str, str], int] = {}
    for p, u, n in a.losses:
        if n < 0:
            raise IllegalActionError(rule, "casualty counts cannot be negative")
        seen[(p, u)] = seen.get((p, u), 0) + n
    for key, n in seen.items():
        if n > pool.get(key, 0):
            p, u = key
            extra = " (blockhouses are exempt from the airborne assault, R-BH-1)" if u == "blockhouse" and step.kind == "para" else ""
            raise IllegalActionError(rule, f"{step.zone} has only {pool.get(key, 0)} {p} {u}(s) that can be chosen{extra}")
    if sum(seen.values()) != step.hits:
        raise IllegalActionError(rule, f"choose exactly {step.hits} casualt{'y' if step.hits == 1 else 'ies'} in {step.zone}, got {sum(seen.values())}")
    for (p, u), n in seen.items():
        if n:
            s = _kill_in_zone(s, step.zone, p, u, n)
    s = _log(s, f"{step.side.capitalize()} remove{'s' if step.side == 'axis' else ''} " + ", ".join(f"{n} {p} {u}" for (p, u), n in seen.items() if n) + f" in {_zname(s, step.zone)}")
    if step.kind == "para":
        return _para_next(s, step.index + 1)
    if step.kind == "combat-defender":
        return _defense_roll(s, step.zone, other_side(step.side), step.defense_dice)
    return _after_cycle(s, step.zone, step.side)


def casualty_options(pool: dict[tuple[str, str], int], hits: int) -> Iterator[tuple[tuple[str, str, int], ...]]:
    """Every way to choose ``hits`` units from ``pool`` (multisets), as loss tuples."""
    keys = list(pool)

    def rec(i: int, left: int) -> Iterator[tuple[tuple[str, str, int], ...]]:
        if left == 0:
            yield ()
            return
        if i == len(keys):
            return
        p, u = keys[i]
        for n in range(min(left, pool[keys[i]]), -1, -1):
            for rest in rec(i + 1, left - n):
                yield (((p, u, n),) if n else ()) + rest

    return rec(0, hits)


# ---------------------------------------------------------------------------------------------
# ORDER-14 / ORDER-15 Reinforcements (R-REINF-1..9)


def _begin_reinf(side: str) -> Callable[[State], State]:
    return lambda s: _reinf_roll_next(s, side, tuple(0 for _ in s.board.charts), 0)


def _reinf_roll_next(s: State, side: str, quota: tuple[int, ...], start: int) -> State:
    for c in s.board.charts[start:]:
        if side_of(c.power) == side and s.charts[c.index]:
            return replace(s, step=Roll(kind="reinf", dice=Dice.two_d6(), index=c.index, power=side, quota=quota))
    return _placement(s, PlaceReinforcementsStep(side=side, quota=quota))


def _roll_reinf(s: State, step: Roll, faces: Faces) -> State:
    c = s.board.charts[step.index]
    total = dice_mod.total_2d6(step.dice, faces)
    queue = s.charts[c.index]
    n = min(total, len(queue))
    units = " ".join(c.boxes[k][0] for k in queue[:n])
    s = _log(s, f"{c.label}: 2d6 {_faces(faces)} = {total} -> next {n} unit(s): {units}")
    quota = tuple(n if i == c.index else q for i, q in enumerate(step.quota))
    return _reinf_roll_next(s, step.power, quota, c.index + 1)


def _destinations(s: State, step: PlaceReinforcementsStep, chart_index: int) -> tuple[str, ...]:
    c = s.board.charts[chart_index]
    box = s.charts[chart_index][0]
    if c.power == "Germany":
        pending: dict[str, int] = {}
        for _, _, z in step.placed:
            pending[z] = pending.get(z, 0) + 1
        return tuple(z for z in c.zones if s.stack_count(z, "axis") + pending.get(z, 0) < s.board.stacking_limit)
    allowed = c.allowed_destinations(box, s.board.beaches_of(c.power))
    return tuple(b for b in allowed if s.beach_units(b).total < s.board.beachhead(b).capacity)


def _placement(s: State, step: PlaceReinforcementsStep) -> State:
    """Drop charts whose next unit cannot be placed (R-REINF-3), then finish when all are done."""
    quota = list(step.quota)
    for i, q in enumerate(quota):
        if q and (not s.charts[i] or not _destinations(s, step, i)):
            c = s.board.charts[i]
            s = _log(s, f"{c.label}: no room for the next {q} unit(s); they stay on the chart, first in line (R-REINF-3)")
            quota[i] = 0
    step = replace(step, quota=tuple(quota))
    if any(quota):
        return replace(s, step=step)
    if step.side == "allies":
        return _finish_card(s)
    arrivals: list[tuple[str, str, str, int]] = []
    for _, unit, z in step.placed:
        n = s.fighters_in(z)
        if n:
            arrivals.append(("Germany", unit, z, n))
        else:
            s = _add_units(s, z, "Germany", unit, 1)
    if step.placed:
        s = _log(s, "German reinforcements placed: " + ", ".join(f"{u} > {z}" for _, u, z in step.placed) + (" (strafing follows, R-REINF-8)" if arrivals else ""))
    s = replace(s, step=PlaceReinforcementsStep(side="axis"))
    return _start_strafing(s, tuple(arrivals))


def _act_place(s: State, step: PlaceReinforcementsStep, a: PlaceReinforcement) -> State:
    try:
        c = s.board.chart(a.chart)
    except KeyError:
        raise IllegalActionError("R-REINF-1", f"unknown chart {a.chart!r}") from None
    if side_of(c.power) != step.side:
        raise IllegalActionError("R-TURN-3", f"order {s.card} places {step.side} reinforcements, not {c.name}")
    if not step.quota[c.index]:
        raise IllegalActionError("R-REINF-2", f"no more units may enter from {c.name} this turn")
    dests = _destinations(s, step, c.index)
    if a.destination not in dests:
        box = s.charts[c.index][0]
        if c.power == "Germany":
            rule = "R-REINF-6" if a.destination not in c.zones else "R-STACK-4"
            why = f"units of {c.name} enter only in {', '.join(c.zones)}, with at most {s.board.stacking_limit} Axis land units per zone (FAQ-34)"
        else:
            restricted = c.allowed_destinations(box, ()) != ()
            rule = "R-REINF-5" if restricted else "R-REINF-4"
            why = f"box {box + 1} of the {c.power} chart may go to {', '.join(dests) or 'no beach with room'}; beachheads hold at most their capacity"
        raise IllegalActionError(rule, f"cannot place at {a.destination}: {why}")
    box = s.charts[c.index][0]
    unit = c.boxes[box]
    charts = (*s.charts[: c.index], s.charts[c.index][1:], *s.charts[c.index + 1 :])
    quota = tuple(q - 1 if i == c.index else q for i, q in enumerate(step.quota))
    s = replace(s, charts=charts)
    if c.power == "Germany":
        step = replace(step, quota=quota, placed=(*step.placed, (c.index, unit, a.destination)))
    else:
        s = _set_beach(s, a.destination, s.beach_units(a.destination).add(unit, 1))
        s = _log(s, f"{c.power} {unit} (chart box {box + 1}) placed in {a.destination}")
        step = replace(step, quota=quota)
    return _placement(s, step)


# ---------------------------------------------------------------------------------------------
# ORDER-16 Fighters return


def _begin_16(s: State) -> State:
    back = sum(a.fighters for a in s.air)
    field_ = s.airfield._replace(
        uk_fighter=s.airfield.uk_fighter + sum(a.uk_fighter for a in s.air), us_fighter=s.airfield.us_fighter + sum(a.us_fighter for a in s.air)
    )
    s = replace(s, airfield=field_, air=tuple(a._replace(uk_fighter=0, us_fighter=0) for a in s.air))
    return _finish_card(_log(s, f"{back} fighter(s) return to the airfield (R-AIR-6)"))


# ---------------------------------------------------------------------------------------------
# dispatch tables

_BEGIN: dict[int, Callable[[State], State]] = {
    1: _begin_1,
    2: _begin_2,
    3: _begin_3,
    4: _begin_aa("fighter"),
    5: _begin_5,
    6: _begin_aa("bomber"),
    7: _begin_7,
    8: _begin_move("allies"),
    9: _begin_9,
    10: _begin_10,
    11: _begin_combat("allies"),
    12: _begin_move("axis"),
    13: _begin_combat("axis"),
    14: _begin_reinf("allies"),
    15: _begin_reinf("axis"),
    16: _begin_16,
}

_ROLL: dict[str, Callable[[State, Roll, Faces], State]] = {
    "para": _roll_para,
    "naval": _roll_naval,
    "aa": _roll_aa,
    "bomb": _roll_bomb,
    "sea": _roll_sea,
    "attack": _roll_attack,
    "defense": _roll_defense,
    "reinf": _roll_reinf,
}

_ACT: dict[tuple[type, type], Callable[[State, Any, Any], State]] = {
    (NavalSplitStep, SplitNavalDice): _act_split,
    (NavalTargetStep, Bombard): _act_bombard,
    (PatrolStep, Patrol): _act_patrol,
    (PatrolStep, Done): _done_patrol,
    (AATargetStep, FireAA): _act_aa,
    (BomberStep, BomberStrike): _act_bomb,
    (BomberStep, Done): _done_bomb,
    (FireToSeaStep, FireToSea): _act_sea,
    (DeclareMovesStep, Move): _act_move,
    (DeclareMovesStep, Done): _done_moves,
    (LandingStep, Land): _act_land,
    (LandingStep, Done): _done_land,
    (ChooseCasualtiesStep, ChooseCasualties): _act_casualties,
    (PlaceReinforcementsStep, PlaceReinforcement): _act_place,
}


# ---------------------------------------------------------------------------------------------
# public API


def step_dice(s: State) -> Dice:
    """The dice of the pending chance event (raise if the game waits for a decision)."""
    step = s.step
    if isinstance(step, Roll):
        return step.dice
    if isinstance(step, StrafeStep):
        return step.dice
    raise NotYourTurnError("R-TURN-3", f"the game waits for a decision by {s.current_player}, not for dice")


def chance_outcomes(s: State) -> list[tuple[Faces, Fraction]]:
    """Every distinct result of the pending roll with its exact probability (sums to 1)."""
    return dice_mod.outcomes(step_dice(s))


def sample_roll(s: State, rng: np.random.Generator) -> Faces:
    """Roll the pending dice with the generator given."""
    return dice_mod.sample(step_dice(s), rng)


def _apply_roll(s: State, faces: Faces) -> State:
    step = s.step
    faces = tuple(int(f) for f in faces)
    if isinstance(step, StrafeStep):
        dice_mod.hits_in(step.dice, faces)
        return _roll_strafe(s, step, faces)
    assert isinstance(step, Roll)
    if step.dice.is_2d6:
        dice_mod.total_2d6(step.dice, faces)
    else:
        dice_mod.hits_in(step.dice, faces)
    return _ROLL[step.kind](s, step, faces)


def _apply_action(s: State, action: Action) -> State:
    handler = _ACT.get((type(s.step), type(action)))
    if handler is None:
        card = ORDER_CARDS.get(s.card)
        raise NotYourTurnError(
            "R-TURN-3", f"order {s.card} ({card.name if card else '?'}) waits for {type(s.step).__name__}; {action!s} is not allowed now"
        )
    return handler(s, s.step, action)


def apply(s: State, x: Action | Sequence[int]) -> State:
    """Apply a decision or a roll and return the new state (``s`` is never changed).

    Illegal input raises an :class:`~dday.errors.IllegalActionError` (a ``ValueError``)
    naming the rule, or :class:`~dday.errors.BadRollError` for dice that do not fit.
    """
    if s.is_over:
        raise IllegalActionError("R-TURN-1", f"the game is over ({s.winner} won)")
    s0 = replace(s, events=())
    if s.step.who == "chance":
        if not isinstance(x, (tuple, list)):
            raise NotYourTurnError("R-TURN-3", f"the game waits for dice ({step_dice(s).count} of them), not for {x!s}")
        out = _apply_roll(s0, tuple(x))
    else:
        if isinstance(x, (tuple, list)):
            raise NotYourTurnError("R-TURN-3", f"the game waits for a decision by {s.current_player}, not for dice")
        out = _apply_action(s0, cast(Action, x))
    return settle(out)


def settle(s: State) -> State:
    """Take every decision that has exactly one legal choice."""
    while s.step.who in ("allies", "axis"):
        acts = list(islice(iter_legal_actions(s), 2))
        if len(acts) != 1:
            break
        s = _apply_action(s, acts[0])
    return s


def iter_legal_actions(s: State) -> Iterator[Action]:
    """Legal decisions one by one (lazily; see :func:`legal_actions`)."""
    fn = _LEGAL.get(type(s.step))
    return iter(fn(s, s.step)) if fn else iter(())


def legal_actions(s: State) -> list[Action]:
    """The legal decisions now (empty at chance steps and when the game is over).

    Declarations (moves, landings, patrols, bombers) are offered one unit at a time;
    ``Move``/``Land``/``Patrol`` with a larger ``count`` are accepted by :func:`apply` too.
    """
    return list(iter_legal_actions(s))


def _legal_split(s: State, step: NavalSplitStep) -> list[Action]:
    return [SplitNavalDice(k) for k in range(7)]


def _legal_bombard(s: State, step: NavalTargetStep) -> list[Action]:
    return [Bombard(z.id) for z, f in zip(s.board.zones, s.ground, strict=True) if f[0].blockhouse]


def _legal_patrol(s: State, step: PatrolStep) -> list[Action]:
    out: list[Action] = [Done()]
    for p in ("UK", "US"):
        if s.airfield.get(p, "fighter"):
            out.extend(Patrol(p, z.id) for z, a in zip(s.board.zones, s.air, strict=True) if a.fighters < s.rules.fighter_limit)
    return out


def _legal_aa(s: State, step: AATargetStep) -> list[Action]:
    return [FireAA(p) for p in ("UK", "US") if s.air_in(step.zone).get(p, step.kind)]


def _legal_bomb(s: State, step: BomberStep) -> list[Action]:
    out: list[Action] = [Done()]
    for p in ("UK", "US"):
        if not s.airfield.get(p, "bomber"):
            continue
        for z, (g, uk, us) in zip(s.board.zones, s.ground, strict=True):
            if g.total and not uk.total and not us.total:
                out.extend(BomberStrike(p, z.id, u) for u in LAND_TYPES if g.get(u))
    return out


def _legal_sea(s: State, step: FireToSeaStep) -> list[Action]:
    beach = s.board.zone(step.zone).fires_at or ""
    f = s.beach_units(beach)
    return [FireToSea(u) for u in MOBILE_TYPES if f.get(u)]


def _legal_moves(s: State, step: DeclareMovesStep) -> Iterator[Action]:
    """One-unit moves. Candidates are built legal by construction (adjacent, not locked,
    units available, tank transit free of enemies); only stacking is checked here, with
    the same accounting as :func:`check_move` (a test checks the two agree)."""
    yield Done()
    b = s.board
    side = step.side
    enemy = other_side(side)
    limit = b.stacking_limit
    tent = _tentative(s, step.moves, side)
    transits = {m.path[1] for m in step.moves if len(m.path) == 3}

    def room(zone: str) -> bool:
        after = _count_after(s, side, zone, tent) + 1
        return after <= (limit - 1 if zone in transits else limit)

    for z, forces in zip(b.zones, s.ground, strict=True):
        if s.side_total(z.id, enemy):
            continue  # locked (R-MOVE-3)
        for p in powers_of(side):
            f = forces[POWERS.index(p)]  # type: ignore[arg-type]
            for u in MOBILE_TYPES:
                if f.get(u) - _declared_from(step.moves, z.id, p, u) <= 0:
                    continue
                for n in z.neighbours:
                    if room(n):
                        yield Move(p, u, (z.id, n))
                if u == "tank":
                    for n in z.neighbours:
                        if s.side_total(n, enemy) or _count_after(s, side, n, tent) > limit - 1:
                            continue
                        for m in b.zone(n).neighbours:
                            if m != z.id and room(m):
                                yield Move(p, u, (z.id, n, m))


def _legal_land(s: State, step: LandingStep) -> list[Action]:
    out: list[Action] = [Done()]
    for bh, f in zip(s.board.beachheads, s.beach, strict=True):
        if s.stack_count(bh.lands_into, "allies") >= s.board.stacking_limit:
            continue
        out.extend(Land(bh.name, u) for u in MOBILE_TYPES if f.get(u))
    return out


def _legal_casualties(s: State, step: ChooseCasualtiesStep) -> list[Action]:
    return [ChooseCasualties(opt) for opt in casualty_options(_casualty_pool(s, step), step.hits)]


def _legal_place(s: State, step: PlaceReinforcementsStep) -> list[Action]:
    out: list[Action] = []
    for i, q in enumerate(step.quota):
        if q:
            c = s.board.charts[i]
            out.extend(PlaceReinforcement(c.name, d) for d in _destinations(s, step, i))
    return out


_LEGAL: dict[type, Callable[[State, Any], Iterable[Action]]] = {
    NavalSplitStep: _legal_split,
    NavalTargetStep: _legal_bombard,
    PatrolStep: _legal_patrol,
    AATargetStep: _legal_aa,
    BomberStep: _legal_bomb,
    FireToSeaStep: _legal_sea,
    DeclareMovesStep: _legal_moves,
    LandingStep: _legal_land,
    ChooseCasualtiesStep: _legal_casualties,
    PlaceReinforcementsStep: _legal_place,
}


def describe_step(s: State) -> str:
    """One line saying what the game waits for (for logs and widgets)."""
    step = s.step
    if isinstance(step, GameOver):
        return f"Game over: {s.winner} win"
    if isinstance(step, Roll):
        return f"Roll {step.dice.count} dice ({step.kind}{' in ' + step.zone if step.zone else ''})"
    if isinstance(step, StrafeStep):
        power, unit, dest, n = step.arrivals[step.index]
        return f"Roll {n} strafing dice against a {power} {unit} bound for {dest}"
    if isinstance(step, ChooseCasualtiesStep):
        return f"{step.side.capitalize()}: choose {step.hits} casualt{'y' if step.hits == 1 else 'ies'} in {step.zone}"
    if isinstance(step, DeclareMovesStep):
        return f"{step.side.capitalize()}: declare moves ({len(step.moves)} so far), then done (R-MOVE-7)"
    if isinstance(step, PlaceReinforcementsStep):
        left = ", ".join(f"{s.board.charts[i].name}: {q}" for i, q in enumerate(step.quota) if q)
        return f"{step.side.capitalize()}: place reinforcements in chart order ({left})"
    return f"{step.who.capitalize()}: {step.prompt}"
