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
from fractions import Fraction
from functools import cache
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
    Pick,
    PlaceReinforcement,
    SplitNavalDice,
)
from .advanced import FORTUNE, TACTICS
from .board import Board
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
    PickStep,
    PlaceReinforcementsStep,
    Roll,
    State,
    StrafeStep,
    evolve,
)
from .units import (
    HIT_AA,
    HIT_BLOCKHOUSE_TO_SEA,
    HIT_BOMBER,
    HIT_NAVAL,
    HIT_PARATROOPER,
    LAND_TYPES,
    MOBILE_TYPES,
    NO_AIR,
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
    return evolve(s, events=(*s.events, msg))


def _set_force(s: State, zone: str, power: str, force: Force) -> State:
    i = s.board.zone_index(zone)
    forces = list(s.ground[i])
    forces[POWERS.index(power)] = force  # type: ignore[arg-type]
    return evolve(s, ground=(*s.ground[:i], tuple(forces), *s.ground[i + 1 :]))  # type: ignore[arg-type]


def _add_units(s: State, zone: str, power: str, unit: str, n: int) -> State:
    return _set_force(s, zone, power, s.units(zone, power).add(unit, n))


def _destroy(s: State, power: str, unit: str, n: int = 1) -> State:
    """Record ``n`` destroyed land units (R-COMBAT-7: they never come back)."""
    p = POWERS.index(power)  # type: ignore[arg-type]
    d = list(s.destroyed)
    d[p] = d[p].add(unit, n)
    return evolve(s, destroyed=tuple(d))  # type: ignore[arg-type]


def _kill_in_zone(s: State, zone: str, power: str, unit: str, n: int = 1) -> State:
    s = _set_force(s, zone, power, s.units(zone, power).add(unit, -n))
    return _destroy(s, power, unit, n)


def _set_beach(s: State, name: str, force: Force) -> State:
    i = s.board.beachhead(name).index
    return evolve(s, beach=(*s.beach[:i], force, *s.beach[i + 1 :]))


def _set_air(s: State, zone: str, air: Air) -> State:
    i = s.board.zone_index(zone)
    return evolve(s, air=(*s.air[:i], air, *s.air[i + 1 :]))


def _zname(s: State, zone: str) -> str:
    return s.board.name(zone)


def _a(word: str) -> str:
    """'a tank', 'an infantry', 'an artillery' (for log lines)."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _on(d: Dice) -> str:
    """'1' or '1-3': what the dice hit on, for the log."""
    h = d.groups[0][0] if d.groups else 0
    return "1" if h == 1 else f"1-{h}"


def _faces(f: Faces) -> str:
    return ",".join(str(x) for x in f) if f else "no dice"


# ---------------------------------------------------------------------------------------------
# card flow (R-TURN-1, R-DECK-1..3)


def start_card(s: State) -> State:
    """Turn up order card ``s.card``: its fortune card first if in use (R-FORT-1), then the order."""
    card = ORDER_CARDS[s.card]
    s = _log(evolve(s, fortune=0), f"Turn {s.turn}, order {card.number}: {card.name}")
    if s.rules.fortune and s.card in FORTUNE:
        roller = FORTUNE[s.card].roller
        return evolve(s, step=Roll(kind="fortune", dice=Dice.one_face(), index=s.card, power=roller))
    return _BEGIN[s.card](s)


def _roll_fortune(s: State, step: Roll, faces: Faces) -> State:
    """R-FORT-2: 1 = the positive result for this order, 6 = the negative one, 2-5 = nothing."""
    f = dice_mod.face(step.dice, faces)
    card = FORTUNE[step.index]
    result = 1 if f == 1 else 6 if f == 6 else 0
    what = {1: f"positive: {card.positive}", 6: f"negative: {card.negative}", 0: "no effect"}[result]
    note = f" [RECONSTRUCTED: {card.note_for(result)}]" if result and card.note_for(result) else ""
    s = _log(evolve(s, fortune=result), f"Fortune card {card.number} ({card.roller} roll): {f} -> {what}{note} (R-FORT-2)")
    return _fortune_setup(s)


def _finish_card(s: State) -> State:
    if s.rules.continuous_hold and s.hold and not s.allies_hold_all_cities():
        s = _log(evolve(s, hold=0), "An Allied city was lost during the holding turn: the hold is broken (R-VICTORY-4 option)")
    # a fortune result lasts for its order only (R-FORT-2): FORT-4/6 result 6's quiet zone ends here
    s = evolve(s, fortune=0, effects=tuple(e for e in s.effects if not e.startswith("NOAA:")))
    if s.rules.artillery_orders and s.card in (9, 11) and f"RM-ARTY:{s.card}" not in s.effects:
        kind = 9 if s.card == 9 else 111
        name = "9a Allied Artillery Fires" if s.card == 9 else "11a Axis Artillery Fires"
        s = _log(_add_effect(s, f"RM-ARTY:{s.card}"), f"Order {name} (reference manual house rule, VAR-RM-7/8)")
        return _arty_next(s, kind, 0, 0)
    if s.rules.tactics and s.card in s.tactics_left:
        return _offer_tactic(s, s.card)
    return _advance(s, s.card)


def _advance(s: State, after: int) -> State:
    """Go on to the next order in the sequence after order ``after``, or end the turn."""
    s, started = _turn_up_next(s, after)
    return s if started else _end_turn(s)


def _end_turn(s: State) -> State:
    b = s.board
    if s.turn == 1 and 1 in s.deck:
        s = _log(evolve(s, deck=tuple(c for c in s.deck if c != 1)), f"Order 1 leaves the deck: {REMOVAL_REASON[1]}")
    s = evolve(s, effects=(), grounded=NO_AIR)
    held = s.allies_hold_all_cities()
    cities = ", ".join(f"{city} {s.controller(z) or 'nobody'}" for city, z in b.victory_cities.items())
    s = _log(s, f"End of turn {s.turn}: {cities}")
    s, over = _victory(s, held)
    if over:
        return s
    s = evolve(s, turn=s.turn + 1, card=0)
    s, started = _turn_up_next(s, after=0)
    if not started:
        raise AssertionError("orders 11 and 13 never leave the deck (R-DECK-3)")
    return s


def _victory(s: State, held: bool) -> tuple[State, bool]:
    """The end-of-turn victory check (R-VICTORY-1..3 and the VAR-RM options): (state, game over?)."""
    b = s.board
    s = evolve(s, hold=s.hold + 1 if held else 0)

    def win(side: str, why: str) -> tuple[State, bool]:
        return _log(evolve(s, winner=side, step=GameOver()), why), True

    if s.rules.alternative_wins:
        alt = _alternative_win(s)
        if alt is not None:
            return alt, True
    if s.rules.capture_win:
        if held:
            return win("allies", f"The Allies hold all three cities at the end of turn {s.turn}: the Allies win (VAR-RM-15)")
        if s.turn >= b.turns:
            return win("axis", f"The Allies do not hold all three cities at the end of turn {b.turns}: the Axis wins (VAR-RM-16)")
        return s, False
    if s.turn > b.turns:  # extended play (VAR-RM-18)
        if held:
            return win("allies", f"The Allies control all three cities at the end of turn {s.turn}: the Allies win (VAR-RM-18)")
        if _allied_units_on_board(s) < EXTENDED_PLAY_UNITS or s.turn >= EXTENDED_PLAY_LAST_TURN:
            return win("axis", f"Extended play ends after turn {s.turn}: the Allies have {_allied_units_on_board(s)} land units on the board; the Axis wins (VAR-RM-18)")
        return _log(s, f"Extended play goes on: {_allied_units_on_board(s)} Allied land units on the board (VAR-RM-18)"), False
    if s.hold >= 2:
        return win("allies", f"The Allies have held all three cities for a full turn: the Allies win on turn {s.turn} (R-VICTORY-1)")
    if held and s.turn < b.turns:
        s = _log(s, "The Allies hold all three cities: they win if they still hold them at the end of next turn (R-VICTORY-2)")
    if not held and s.turn == b.turns - 1 and not s.rules.extended_play:
        return win("axis", f"The Allies do not hold all three cities at the end of turn {s.turn}: they can no longer hold them for a full turn by turn {b.turns}, so the Axis wins (FAQ-11, R-VICTORY-3)")
    if s.turn >= b.turns:
        if s.rules.extended_play and _allied_units_on_board(s) >= EXTENDED_PLAY_UNITS:
            return _log(s, f"Turn {b.turns} is over, but the Allies have {_allied_units_on_board(s)} land units on the board: play goes on (VAR-RM-18)"), False
        return win("axis", f"The Allies have not won by the end of turn {b.turns}: the Axis wins (R-VICTORY-3)")
    return s, False


EXTENDED_PLAY_UNITS = 12  # VAR-RM-18
EXTENDED_PLAY_LAST_TURN = 30  # a safety stop for VAR-RM-18 (RECONSTRUCTED: the manual sets none)


def _allied_units_on_board(s: State) -> int:
    return sum(uk.land_for_stacking + us.land_for_stacking for _, uk, us in s.ground)


def _alternative_win(s: State) -> State | None:
    """VAR-RM-17: the US win holding Valognes alone or by eliminating every German unit; the Germans by eliminating every US unit."""
    b = s.board
    german_left = any(g.total for g, _, _ in s.ground) or any(s.charts[c.index] for c in b.charts if c.power == "Germany")
    us_left = (
        any(us.total for _, _, us in s.ground)
        or any(f.total for bh, f in zip(b.beachheads, s.beach, strict=True) if bh.power == "US")
        or any(s.charts[c.index] for c in b.charts if c.power == "US")
    )
    valognes = next((z.id for z in b.zones if z.name == "Valognes"), None)
    if not german_left:
        return _log(evolve(s, winner="allies", step=GameOver()), "Every German unit is gone: the Allies win (VAR-RM-17)")
    if valognes and s.controller(valognes) == "allies" and s.units(valognes, "UK").total == 0:
        return _log(evolve(s, winner="allies", step=GameOver()), f"The Americans alone hold {b.name(valognes)}: the Allies win (VAR-RM-17)")
    if not us_left:
        return _log(evolve(s, winner="axis", step=GameOver()), "Every American unit is gone: the Axis wins (VAR-RM-17)")
    return None


def _turn_up_next(s: State, after: int) -> tuple[State, bool]:
    """Start the next order card after order ``after`` that is in play, updating the deck on the way.

    A card leaves the deck when the units it names are gone (R-DECK-2) and comes back when
    they come back (R-DECK-4, e.g. a rebuilt blockhouse). Order 1 is used on turn 1 only
    (R-DECK-1) and never returns. An unused tactics card still comes up in its place when its
    order has left (R-TAC-4, RECONSTRUCTED). Returns the updated state and whether something
    was started. The sequence is ``rules.card_order`` (VAR-TA-2 reorders it).
    """
    order = s.rules.card_order
    pos = order.index(after) + 1 if after else 0
    for nxt in order[pos:]:
        in_deck = nxt in s.deck
        if not in_deck and nxt not in s.removed:
            if s.rules.tactics and nxt in s.tactics_left and nxt != 1:
                return _offer_tactic(evolve(s, card=nxt), nxt), True
            continue  # order 1 after turn 1, or a card a prepared position left out
        stays = stays_in_deck(nxt, s)
        if in_deck and not stays:
            s = _log(
                evolve(s, deck=tuple(c for c in s.deck if c != nxt), removed=(*s.removed, nxt)),
                f"Order {nxt} leaves the deck: {REMOVAL_REASON[nxt]}",
            )
            if s.rules.tactics and nxt in s.tactics_left:
                return _offer_tactic(evolve(s, card=nxt), nxt), True
            continue
        if not in_deck:
            if not stays:
                if s.rules.tactics and nxt in s.tactics_left:
                    return _offer_tactic(evolve(s, card=nxt), nxt), True
                continue
            s = _log(
                evolve(s, deck=tuple(sorted((*s.deck, nxt))), removed=tuple(c for c in s.removed if c != nxt)),
                f"Order {nxt} returns to the deck: its units are back in play (R-DECK-4)",
            )
        return start_card(evolve(s, card=nxt)), True
    return s, False


# ---------------------------------------------------------------------------------------------
# Fortune cards (rules.md §7.2): hit numbers, limits and the picks a result asks for


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


def _effect_values(s: State, tag: str) -> list[str]:
    """Values of this turn's effects tagged ``tag`` (effects look like 'TAG:value')."""
    return [e.split(":", 1)[1] for e in s.effects if e.startswith(tag + ":")]


def _add_effect(s: State, effect: str) -> State:
    return evolve(s, effects=(*s.effects, effect))


def _pick(s: State, side: str, purpose: str, options: Sequence[str], text: str, *data: str) -> State:
    return evolve(s, step=PickStep(side=side, purpose=purpose, options=tuple(options), text=text, data=tuple(data)))


def _air_on_board(s: State, kind: str) -> list[str]:
    return [f"{z.id}:{p}" for z, a in zip(s.board.zones, s.air, strict=True) for p in ("UK", "US") if a.get(p, kind)]


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


# ---------------------------------------------------------------------------------------------
# ORDER-5 Bomber strike, ORDER-7 Bombers return


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


def _begin_7(s: State) -> State:
    back = sum(a.bombers for a in s.air)
    field_ = s.airfield._replace(
        uk_bomber=s.airfield.uk_bomber + sum(a.uk_bomber for a in s.air), us_bomber=s.airfield.us_bomber + sum(a.us_bomber for a in s.air)
    )
    s = evolve(s, airfield=field_, air=tuple(a._replace(uk_bomber=0, us_bomber=0) for a in s.air))
    return _finish_card(_log(s, f"{back} bomber(s) return to the airfield (R-AIR-6)"))


# ---------------------------------------------------------------------------------------------
# ORDER-8 / ORDER-12 Movement (declared, then resolved: R-MOVE-7)


def _begin_move(side: str) -> Callable[[State], State]:
    return lambda s: evolve(s, step=DeclareMovesStep(side=side, moves=()))


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
    max_len = 3 if a.unit == "tank" or _all_move_two(s) else 2
    if len(path) > max_len:
        rule = "R-MOVE-4" if a.unit == "tank" else "R-MOVE-1"
        raise IllegalActionError(rule, f"a {a.unit} moves at most {max_len - 1} zone(s) on a move card")
    flooded = set(_effect_values(s, "TAC-7")) if side == "allies" else set()
    if flooded & set(path[1:]):
        raise IllegalActionError("TAC-7", f"{', '.join(sorted(flooded & set(path[1:])))} is flooded: no Allied land unit may enter or pass through it this order (RECONSTRUCTED)")
    origins = _allowed_origins(s, step, a.power)
    if origins is not None and path[0] not in origins:
        card = "FORT-8" if side == "allies" else "FORT-12"
        raise IllegalActionError(card, f"with {card} result 6 units may move out of {', '.join(sorted(origins)) or 'no other zone'} only")
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
            raise IllegalActionError("R-MOVE-4", "a two-zone move cannot end where it started (RECONSTRUCTED)")
        if s.side_total(mid, enemy):
            raise IllegalActionError("R-MOVE-4", f"a unit moving two zones must stop in {mid}: it holds enemy land units (FAQ-24)")
        mid_count = _count_after(s, side, mid, tent)
        if mid_count > limit - 1:
            raise IllegalActionError("R-MOVE-6", f"a tank cannot pass through {mid}: it would hold {mid_count} friendly land units (max {limit - 1} in transit, FAQ-24)")
    dest = path[-1]
    after = _count_after(s, side, dest, tent) + a.count
    if after > limit:
        raise IllegalActionError("R-STACK-4", f"{dest} would hold {after} {side} land units after the declared moves (max {limit}, FAQ-19)")
    if dest in transits and after > limit - 1:
        raise IllegalActionError("R-MOVE-6", f"{dest} is a declared tank's transit zone and may hold at most {limit - 1} friendly land units")


def _all_move_two(s: State) -> bool:
    """FORT-8 / FORT-12 result 1: every land unit may move two zones (non-tanks follow the tank rule)."""
    return s.fortune == 1 and s.card in (8, 12)


def _allowed_origins(s: State, step: DeclareMovesStep, power: str) -> set[str] | None:
    """FORT-8 result 6: each Allied power moves out of one zone; FORT-12 result 6: the Axis out of two."""
    if s.fortune != 6 or s.card not in (8, 12):
        return None
    used = {m.path[0] for m in step.moves if m.power == power}
    allowed = 1 if s.card == 8 else 2
    return None if len(used) < allowed else used


def _act_move(s: State, step: DeclareMovesStep, a: Move) -> State:
    check_move(s, step, a)
    return evolve(s, step=evolve(step, moves=(*step.moves, MovedUnit(a.power, a.unit, a.path, a.count))))


def _path_strafe_dice(s: State, path: Sequence[str]) -> int:
    """Fighter dice against one unit moving along ``path`` (R-AIR-3, R-AIR-4, FAQ-18)."""
    n = s.fighters_in(path[0]) + s.fighters_in(path[-1])
    for mid in path[1:-1]:
        n += 2 * s.fighters_in(mid)
    return n


def _done_moves(s: State, step: DeclareMovesStep, a: Done) -> State:
    moves = step.moves
    if not moves:
        return _finish_card(_log(evolve(s, step=DeclareMovesStep(side=step.side)), f"No {step.side} unit moves"))
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
    return evolve(s, step=StrafeStep(arrivals=arrivals, index=0))


def _roll_strafe(s: State, step: StrafeStep, faces: Faces) -> State:
    power, unit, dest, n = step.arrivals[step.index]
    hit = dice_mod.hits_in(step.dice, faces)[0] > 0
    s = _log(s, f"Strafing {power} {unit} bound for {_zname(s, dest)}: {n} dice {_faces(faces)} -> {'destroyed' if hit else 'survives'} (hits on 1)")
    s = _destroy(s, power, unit) if hit else _add_units(s, dest, power, unit, 1)
    if not hit and s.card == 15:
        s = _add_effect(s, f"PLACED:{dest}:{unit}")  # for TAC-15
    if step.index + 1 < len(step.arrivals):
        return evolve(s, step=evolve(step, index=step.index + 1))
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
                return evolve(s, step=FireToSeaStep(zone=z.id, shot=shot))
        shot = 0
    return _finish_card(s)


def _act_sea(s: State, step: FireToSeaStep, a: FireToSea) -> State:
    beach = s.board.zone(step.zone).fires_at or ""
    if a.target not in MOBILE_TYPES or not s.beach_units(beach).get(a.target):
        raise IllegalActionError("R-BH-2", f"the blockhouse in {step.zone} fires only at units in {beach}; there is no {a.target} there")
    return evolve(s, step=Roll(kind="sea", dice=Dice.simple(1, hit_number(s, "sea")), zone=step.zone, index=step.shot, target=a.target, power=beach))


def _roll_sea(s: State, step: Roll, faces: Faces) -> State:
    beach = step.power
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = _log(s, f"Blockhouse {step.index + 1} in {_zname(s, step.zone)} fires at {_a(step.target)} in {beach}: {_faces(faces)} -> {'destroyed' if hit else 'miss'} (hits on {_on(step.dice)})")
    if hit:
        bh = s.board.beachhead(beach)
        s = _set_beach(s, beach, s.beach_units(beach).add(step.target, -1))
        s = _destroy(s, bh.power, step.target)
    return _sea_next(s, s.board.zone_index(step.zone), step.index + 1)


# ---------------------------------------------------------------------------------------------
# ORDER-10 Landing


def _begin_10(s: State) -> State:
    return evolve(s, step=LandingStep()) if any(f.total for f in s.beach) else _finish_card(s)


def _act_land(s: State, step: LandingStep, a: Land) -> State:
    try:
        bh = s.board.beachhead(a.beach)
    except KeyError:
        raise IllegalActionError("R-BEACH-1", f"unknown beachhead {a.beach!r}") from None
    if a.unit not in MOBILE_TYPES or a.count < 1 or s.beach_units(a.beach).get(a.unit) < a.count:
        raise IllegalActionError("R-BEACH-2", f"{a.beach} does not hold {a.count} {a.unit}(s)")
    zone = bh.lands_into
    if a.zone and a.zone != zone:
        mine = {b.lands_into for b in s.board.beachheads if b.power == bh.power}
        if not (s.fortune == 1 and s.card == 10 and a.zone in mine):
            raise IllegalActionError("R-BEACH-2", f"units in {a.beach} land only into {zone} (FORT-10 result 1 opens the other {bh.power} landing zones)")
        zone = a.zone
    if s.fortune == 6 and s.card == 10:
        used = _effect_values(s, f"LANDED-{bh.power}")
        if used and used[0] != a.beach:
            raise IllegalActionError("FORT-10", f"with FORT-10 result 6 the {bh.power} units land from {used[0]} only")
    after = s.stack_count(zone, "allies") + a.count
    if after > s.board.stacking_limit:
        raise IllegalActionError("R-STACK-1", f"{zone} would hold {after} Allied land units (max {s.board.stacking_limit}); the rest wait in the box (R-BEACH-2)")
    s = _set_beach(s, a.beach, s.beach_units(a.beach).add(a.unit, -a.count))
    s = _add_units(s, zone, bh.power, a.unit, a.count)
    if s.fortune == 6 and not _effect_values(s, f"LANDED-{bh.power}"):
        s = _add_effect(s, f"LANDED-{bh.power}:{a.beach}")
    s = _log(s, f"{a.count} {bh.power} {a.unit}(s) land from {a.beach} into {_zname(s, zone)}")
    return s if any(f.total for f in s.beach) else _finish_card(s)


def _done_land(s: State, step: LandingStep, a: Done) -> State:
    return _finish_card(s)


# ---------------------------------------------------------------------------------------------
# ORDER-11 / ORDER-13 Land combat (R-COMBAT-1..8)


def combat_dice(
    force: Force, side: str, attacking: bool, *, infantry_hit: int | None = None, paired_infantry: int = 0, artillery_rolls: bool = True
) -> Dice:
    """The dice a side rolls in one cycle: one per unit, grouped by hit number (R-COMBAT-4).

    ``infantry_hit`` overrides the attacking infantry's number (FORT-11/13 result 1: 2);
    ``paired_infantry`` infantry attack on 2 (TAC-10); ``artillery_rolls=False`` leaves the
    artillery out (VAR-RM-9).
    """
    groups: dict[int, int] = {}
    for unit in LAND_TYPES:
        n = force.get(unit)
        if unit == "artillery" and not artillery_rolls:
            continue
        if unit == "infantry" and attacking and paired_infantry:
            k = min(n, paired_infantry)
            if k:
                groups[2] = groups.get(2, 0) + k
            n -= k
        if n:
            v = attack_value(unit, side) if attacking else defense_value(unit, side)
            if unit == "infantry" and attacking and infantry_hit is not None:
                v = infantry_hit
            groups[v] = groups.get(v, 0) + n
    return Dice(tuple(sorted(groups.items())))


def _begin_combat(attacker: str) -> Callable[[State], State]:
    return lambda s: _combat_next(s, attacker, 0)


def _attacking_powers(s: State, zone: str, attacker: str) -> tuple[str, ...] | None:
    """Which attacking powers fight in ``zone`` on this card; None = no cycle there.

    FORT-11 result 6: each Allied power attacks only in the zone it picked (FAQ-39);
    FORT-13 result 6: the Axis only in its two zones; TAC-12: one zone has no cycle on 13.
    """
    if s.card == 11 and s.fortune == 6:
        powers = tuple(v.split(":")[0] for v in _effect_values(s, "FORT-11") if v.split(":")[1] == zone)
        return powers or None
    if s.card == 13 and s.fortune == 6 and zone not in _effect_values(s, "FORT-13"):
        return None
    if s.card == 13 and zone in _effect_values(s, "TAC-12"):
        return None
    return powers_of(attacker)


def _force_of(s: State, zone: str, powers: Sequence[str]) -> Force:
    out = Force()
    for p in powers:
        out = out.plus(s.units(zone, p))
    return out


def _combat_next(s: State, attacker: str, zone_index: int) -> State:
    b = s.board
    defender = other_side(attacker)
    for i in range(zone_index, len(b.zones)):
        z = b.zones[i]
        if not (s.side_total(z.id, attacker) and s.side_total(z.id, defender)):
            continue
        powers = _attacking_powers(s, z.id, attacker)
        if powers is None:
            s = _log(s, f"No combat cycle in {_zname(s, z.id)} on this card ({'FORT-11' if s.card == 11 else 'FORT-13' if s.fortune == 6 else 'TAC-12'})")
            continue
        att = _force_of(s, z.id, powers)
        dfn = s.side_units(z.id, defender)
        paired = att.artillery if attacker == "allies" and "TAC-10" in s.effects else 0
        infantry_hit = 2 if s.fortune == 1 and s.card in (11, 13) else None
        arty = not s.rules.artillery_orders
        return evolve(
            s,
            step=Roll(
                kind="attack",
                dice=combat_dice(att, attacker, True, infantry_hit=infantry_hit, paired_infantry=paired, artillery_rolls=arty),
                zone=z.id,
                power=attacker,
                target=",".join(powers),
                defense_dice=combat_dice(dfn, defender, False, artillery_rolls=arty),
            ),
        )
    return _finish_card(s)


def _roll_attack(s: State, step: Roll, faces: Faces) -> State:
    attacker = step.power
    defender = other_side(attacker)
    hits = sum(dice_mod.hits_in(step.dice, faces))
    h = min(hits, s.side_units(step.zone, defender).total)
    s = _log(s, f"Combat in {_zname(s, step.zone)}: {attacker} ({s.side_units(step.zone, attacker).short()}) attack {defender} ({s.side_units(step.zone, defender).short()}); dice {_faces(faces)} -> {hits} hit(s)")
    powers = tuple(step.target.split(",")) if step.target else powers_of(attacker)
    if h == 0:
        return _defense_roll(s, step.zone, attacker, step.defense_dice, powers)
    return evolve(
        s,
        step=ChooseCasualtiesStep(side=defender, zone=step.zone, hits=h, kind="combat-defender", defense_dice=step.defense_dice, only_powers=powers),
    )


def _defense_roll(s: State, zone: str, attacker: str, dice: Dice, powers: Sequence[str] = ()) -> State:
    return evolve(s, step=Roll(kind="defense", dice=dice, zone=zone, power=attacker, target=",".join(powers)))


def _roll_defense(s: State, step: Roll, faces: Faces) -> State:
    attacker = step.power
    powers = tuple(step.target.split(",")) if step.target else powers_of(attacker)
    hits = sum(dice_mod.hits_in(step.dice, faces))
    h = min(hits, _force_of(s, step.zone, powers).total)
    s = _log(s, f"Defence in {_zname(s, step.zone)}: {other_side(attacker)} fire back with all units, casualties included; dice {_faces(faces)} -> {hits} hit(s)")
    if h == 0:
        return _after_cycle(s, step.zone, attacker)
    only = powers if set(powers) != set(powers_of(attacker)) else ()
    return evolve(s, step=ChooseCasualtiesStep(side=attacker, zone=step.zone, hits=h, kind="combat-attacker", only_powers=only))


def _after_cycle(s: State, zone: str, attacker: str) -> State:
    ctl = s.controller(zone)
    what = f"{ctl} control it" if ctl else "the combat goes on next attack card"
    s = _log(s, f"After the cycle in {_zname(s, zone)}: Axis {s.side_units(zone, 'axis').short()}, Allies {s.side_units(zone, 'allies').short()}; {what}")
    return _combat_next(s, attacker, s.board.zone_index(zone) + 1)


# ---------------------------------------------------------------------------------------------
# Casualties (R-COMBAT-5, ORDER-1)


def _casualty_pool(s: State, step: ChooseCasualtiesStep) -> dict[tuple[str, str], int]:
    pool: dict[tuple[str, str], int] = {}
    owners = step.only_powers if step.kind == "combat-attacker" and step.only_powers else powers_of(step.side)
    for p in owners:
        f = s.units(step.zone, p)
        for u in LAND_TYPES:
            if u == "blockhouse" and step.kind in ("para", "tac1"):
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
        return _defense_roll(s, step.zone, other_side(step.side), step.defense_dice, step.only_powers)
    if step.kind in _CASUALTY_CONTINUE:
        return _CASUALTY_CONTINUE[step.kind](s, step)
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
            dice = Dice.one_face() if s.turn > s.board.turns else Dice.two_d6()  # VAR-RM-19 after turn 10: one die
            return evolve(s, step=Roll(kind="reinf", dice=dice, index=c.index, power=side, quota=quota))
    return _placement(s, PlaceReinforcementsStep(side=side, quota=quota))


def _roll_reinf(s: State, step: Roll, faces: Faces) -> State:
    c = s.board.charts[step.index]
    if s.fortune == 1 and s.card in (14, 15) and step.dice.is_2d6:  # FORT-14 / FORT-15 result 1
        s = _log(s, f"{c.label}: 2d6 {_faces(faces)}; fortune lets one die be rolled again (the new roll stands, FAQ-37)")
        quota = ",".join(str(q) for q in step.quota)
        return _pick(s, step.power, "reroll", tuple(dict.fromkeys(("keep", f"reroll-{faces[0]}", f"reroll-{faces[1]}"))), f"{c.label}: keep {faces[0]}+{faces[1]} or roll one die again?", str(c.index), str(faces[0]), str(faces[1]), quota)
    return _reinf_total(s, step.power, c.index, faces, step.quota)


def _roll_reroll(s: State, step: Roll, faces: Faces) -> State:
    new = dice_mod.face(step.dice, faces)
    s = _log(s, f"Re-rolled die: {new} (kept {step.count})")
    return _reinf_total(s, step.power, step.index, (step.count, new), step.quota)


def _reinf_total(s: State, side: str, chart_index: int, faces: Faces, quota_in: tuple[int, ...]) -> State:
    c = s.board.charts[chart_index]
    total = sum(faces)
    notes: list[str] = []
    if s.turn > s.board.turns and len(faces) == 1 and faces[0] == 6:
        total, notes = 0, [*notes, "a 6 after turn 10 brings nothing (VAR-RM-19)"]
    if s.rules.reinforcement_six_nothing and 6 in faces and len(faces) == 2:
        total, notes = 0, [*notes, "a 6 on a die brings nothing (VAR-RM-12)"]
    if s.fortune == 6 and s.card in (14, 15):
        total = -(-total // 2)
        notes.append(f"halved, rounded up (FORT-{s.card} result 6)")
    queue = s.charts[c.index]
    n = min(total, len(queue))
    units = " ".join(c.boxes[k][0] for k in queue[:n])
    dice_txt = "2d6" if len(faces) == 2 else "1d6"
    extra = f" ({'; '.join(notes)})" if notes else ""
    s = _log(s, f"{c.label}: {dice_txt} {_faces(faces)} = {sum(faces)}{extra} -> next {n} unit(s): {units}")
    quota = tuple(n if i == c.index else q for i, q in enumerate(quota_in))
    return _reinf_roll_next(s, side, quota, c.index + 1)


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
    step = evolve(step, quota=tuple(quota))
    if any(quota):
        return evolve(s, step=step)
    if step.side == "allies":
        return _finish_card(s)
    arrivals: list[tuple[str, str, str, int]] = []
    for _, unit, z in step.placed:
        n = s.fighters_in(z)
        if n:
            arrivals.append(("Germany", unit, z, n))
        else:
            s = _add_effect(_add_units(s, z, "Germany", unit, 1), f"PLACED:{z}:{unit}")
    if step.placed:
        s = _log(s, "German reinforcements placed: " + ", ".join(f"{u} > {z}" for _, u, z in step.placed) + (" (strafing follows, R-REINF-8)" if arrivals else ""))
    s = evolve(s, step=PlaceReinforcementsStep(side="axis"))
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
    s = evolve(s, charts=charts)
    if c.power == "Germany":
        step = evolve(step, quota=quota, placed=(*step.placed, (c.index, unit, a.destination)))
    else:
        s = _set_beach(s, a.destination, s.beach_units(a.destination).add(unit, 1))
        s = _log(s, f"{c.power} {unit} (chart box {box + 1}) placed in {a.destination}")
        step = evolve(step, quota=quota)
    return _placement(s, step)


def _done_place(s: State, step: PlaceReinforcementsStep, a: Done) -> State:
    if not (step.side == "axis" and s.rules.optional_axis_placement):
        raise IllegalActionError("R-REINF-3", "placement is mandatory as far as room allows (VAR-TA-9 makes German placement optional)")
    s = _log(s, "The Axis leaves the remaining units on the chart (VAR-TA-9)")
    return _placement(s, evolve(step, quota=tuple(0 for _ in step.quota)))


# ---------------------------------------------------------------------------------------------
# ORDER-16 Fighters return


def _begin_16(s: State) -> State:
    back = sum(a.fighters for a in s.air)
    field_ = s.airfield._replace(
        uk_fighter=s.airfield.uk_fighter + sum(a.uk_fighter for a in s.air), us_fighter=s.airfield.us_fighter + sum(a.us_fighter for a in s.air)
    )
    s = evolve(s, airfield=field_, air=tuple(a._replace(uk_fighter=0, us_fighter=0) for a in s.air))
    return _finish_card(_log(s, f"{back} fighter(s) return to the airfield (R-AIR-6)"))


# ---------------------------------------------------------------------------------------------
# Picks (fortune and tactics choices) and the tactics cards (rules.md §7.3)


def _act_pick(s: State, step: PickStep, a: Pick) -> State:
    if a.option not in step.options:
        rule = {"tactic": "R-TAC-2"}.get(step.purpose, f"FORT-{s.card}" if step.purpose in _FORT_PURPOSES else f"TAC-{s.card}")
        raise IllegalActionError(rule, f"{a.option!r} is not one of the choices: {', '.join(step.options)}")
    return _PICK[step.purpose](s, step, a.option)


_FORT_PURPOSES = {"fort1", "no-aa", "air-return", "air-remove", "fort11", "fort13", "reroll"}


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


def _pick_reroll(s: State, step: PickStep, option: str) -> State:
    chart, f1, f2, quota_txt = int(step.data[0]), int(step.data[1]), int(step.data[2]), step.data[3]
    quota = tuple(int(q) for q in quota_txt.split(","))
    side = step.side
    if option == "keep":
        return _reinf_total(s, side, chart, (f1, f2), quota)
    kept = f2 if option == f"reroll-{f1}" else f1
    return evolve(s, step=Roll(kind="reroll", dice=Dice.one_face(), index=chart, count=kept, quota=quota, power=side))


# -- the tactics offer (R-TAC-1..4) -------------------------------------------------------------


def _offer_tactic(s: State, n: int) -> State:
    card = TACTICS[n]
    options = ("use", "pass") if _TACTIC_POSSIBLE[n](s) else ("pass",)
    text = f"Tactics card {n} '{card.name}' ({card.side}): {card.effect}" + (" [RECONSTRUCTED]" if card.reconstructed else "")
    return _pick(s, card.side, "tactic", options, text, str(n))


def _pick_tactic(s: State, step: PickStep, option: str) -> State:
    n = int(step.data[0])
    card = TACTICS[n]
    if option == "pass":
        return _advance(_log(s, f"Tactics card {n} '{card.name}' is not used; it stays in the deck (R-TAC-2)"), n)
    note = " [RECONSTRUCTED effect]" if card.reconstructed else ""
    s = evolve(s, tactics_left=tuple(c for c in s.tactics_left if c != n))
    s = _log(s, f"Tactics card {n} '{card.name}' is used by the {card.side} and leaves the game (R-TAC-2): {card.effect}{note}")
    return _TACTIC_USE[n](s)


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
        return evolve(s, step=Roll(kind="tac1-box", dice=Dice.one_face(), index=box, zone=s.board.airborne_boxes[box].zone))
    return _advance(s, 1)


def _roll_tac1_box(s: State, step: Roll, faces: Faces) -> State:
    f = dice_mod.face(step.dice, faces)
    box = s.board.airborne_boxes[step.index]
    room = s.board.stacking_limit - s.stack_count(box.zone, "allies")
    boxes = _allied_chart_infantry(s, box.power)[: max(0, min(f if f <= 3 else 0, room))]
    k = len(boxes)
    s = _log(s, f"TAC-1, {box.division}: die {f} -> {k} {box.power} infantry from the chart drop into {_zname(s, box.zone)}")
    if not k:
        return _tac1_next(s, step.index + 1)
    s = _add_units(_take_boxes(s, box.power, boxes), box.zone, box.power, "infantry", k)
    if not s.units(box.zone, "Germany").land_for_stacking:
        return _tac1_next(s, step.index + 1)
    return evolve(s, step=Roll(kind="tac1-attack", dice=Dice.simple(k, 1), index=step.index, zone=box.zone))


def _roll_tac1_attack(s: State, step: Roll, faces: Faces) -> State:
    hits = dice_mod.hits_in(step.dice, faces)[0]
    h = min(hits, s.units(step.zone, "Germany").land_for_stacking)
    s = _log(s, f"TAC-1 attack in {_zname(s, step.zone)}: {_faces(faces)} -> {hits} hit(s) (hits on 1, no return fire, blockhouses exempt)")
    if not h:
        return _tac1_next(s, step.index + 1)
    return evolve(s, step=ChooseCasualtiesStep(side="axis", chooser="allies", zone=step.zone, hits=h, kind="tac1", index=step.index))


# TAC-2 V-2 rocket strike
def _tac2(s: State) -> State:
    charts = [c for c in s.board.charts if c.power != "Germany" and s.charts[c.index]]
    return evolve(s, step=Roll(kind="tac2", dice=Dice(tuple((4, 1) for _ in charts)), target=",".join(str(c.index) for c in charts)))


def _roll_tac2(s: State, step: Roll, faces: Faces) -> State:
    hits = dice_mod.hits_in(step.dice, faces)
    for idx, hit in zip((int(x) for x in step.target.split(",")), hits, strict=True):
        c = s.board.charts[idx]
        if hit and s.charts[idx]:
            unit = c.boxes[s.charts[idx][0]]
            s = _destroy(evolve(s, charts=(*s.charts[:idx], s.charts[idx][1:], *s.charts[idx + 1 :])), c.power, unit)
            s = _log(s, f"V-2 strike on the {c.power} chart: the next {unit} is destroyed")
        else:
            s = _log(s, f"V-2 strike on the {c.power} chart misses")
    return _advance(s, 2)


# TAC-4 Fireball from above
def _tac4_next(s: State, k: int) -> State:
    kills = [z for z in _effect_values(s, "AA-KILL")]
    while k < len(kills) and not s.side_total(kills[k], "allies"):
        k += 1
    if k < len(kills):
        return evolve(s, step=Roll(kind="tac4", dice=Dice.simple(1, 1), zone=kills[k], index=k))
    return _advance(s, 4)


def _roll_tac4(s: State, step: Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = _log(s, f"TAC-4 in {_zname(s, step.zone)}: {_faces(faces)} -> {'hit' if hit else 'miss'} (hits on 1)")
    if hit and s.side_total(step.zone, "allies"):
        return evolve(s, step=ChooseCasualtiesStep(side="allies", chooser="axis", zone=step.zone, hits=1, kind="tac4", index=step.index))
    return _tac4_next(s, step.index + 1)


# TAC-5 Heavy bombardment, TAC-6 Friendly fire
def _tac5_next(s: State) -> State:
    done = set(_effect_values(s, "TAC5-DONE"))
    for where in _air_on_board(s, "bomber"):
        zone = where.split(":")[0]
        g = s.units(zone, "Germany")
        if where not in done and g.total:
            s = _add_effect(s, f"TAC5-DONE:{where}")
            return _pick(s, "allies", "tac5", [u for u in LAND_TYPES if g.get(u)], f"Bomber {where}: pick its second target (TAC-5)", where)
    return _advance(s, 5)


def _pick_tac5(s: State, step: PickStep, unit: str) -> State:
    zone, power = step.data[0].split(":")
    return evolve(s, step=Roll(kind="bomb", dice=Dice.simple(1, HIT_BOMBER), zone=zone, power=power, target=unit, index=5))


def _tac6_options(s: State) -> list[str]:
    out = []
    for where in _air_on_board(s, "bomber"):
        zone = where.split(":")[0]
        for n in s.board.zone(zone).neighbours:
            for p in ("UK", "US"):
                f = s.units(n, p)
                out += [f"{where}>{n}:{p}:{u}" for u in MOBILE_TYPES if f.get(u)]
    return out


def _pick_tac6(s: State, step: PickStep, option: str) -> State:
    _, target = option.split(">")
    zone, power, unit = target.split(":")
    return evolve(s, step=Roll(kind="tac6", dice=Dice.simple(1, HIT_BOMBER), zone=zone, power=power, target=unit))


def _roll_tac6(s: State, step: Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = _log(s, f"Friendly fire on a {step.power} {step.target} in {_zname(s, step.zone)}: {_faces(faces)} -> {'destroyed' if hit else 'miss'} (hits on 1-3)")
    if hit:
        s = _kill_in_zone(s, step.zone, step.power, step.target)
    return _advance(s, 6)


# TAC-3, TAC-7, TAC-12: one zone (and fighter) for the rest of the turn
def _pick_effect(tag: str, n: int) -> Callable[[State, PickStep, str], State]:
    def pick(s: State, step: PickStep, option: str) -> State:
        return _advance(_log(_add_effect(s, f"{tag}:{option}"), f"{tag}: {option} for the rest of this turn"), n)

    return pick


# TAC-8 Blockhouse construction
def _tac8_zones(s: State) -> list[str]:
    if not s.destroyed[0].blockhouse:
        return []
    return [z.id for z in s.board.zones if z.coastal and s.units(z.id, "Germany").blockhouse < z.axis_start.blockhouse]


def _pick_tac8(s: State, step: PickStep, zone: str) -> State:
    d = s.destroyed
    s = evolve(s, destroyed=(d[0].add("blockhouse", -1), d[1], d[2]))
    s = _add_units(s, zone, "Germany", "blockhouse", 1)
    return _advance(_log(s, f"A blockhouse is rebuilt in {_zname(s, zone)} (TAC-8; number rebuilt RECONSTRUCTED: 1)"), 8)


# TAC-9 Deceptive landing: move units between boxes of one power
def _tac9_options(s: State) -> list[str]:
    """Moves between boxes of one power; a box that received units sends none (so it ends)."""
    out = []
    received = set(_effect_values(s, "TAC9-TO"))
    for a, fa in zip(s.board.beachheads, s.beach, strict=True):
        if a.name in received:
            continue
        for b, fb in zip(s.board.beachheads, s.beach, strict=True):
            if a.power == b.power and a.name != b.name and fb.total < 8:
                out += [f"{a.name}>{b.name}:{u}" for u in MOBILE_TYPES if fa.get(u)]
    return out


def _pick_tac9(s: State, step: PickStep, option: str) -> State:
    if option == "done":
        return _advance(s, 9)
    src, rest = option.split(">")
    dst, unit = rest.split(":")
    s = _set_beach(s, src, s.beach_units(src).add(unit, -1))
    s = _set_beach(s, dst, s.beach_units(dst).add(unit, 1))
    if dst not in _effect_values(s, "TAC9-TO"):
        s = _add_effect(s, f"TAC9-TO:{dst}")
    s = _log(s, f"{_a(unit).capitalize()} moves from {src} to {dst} (TAC-9)")
    return _pick(s, "allies", "tac9", [*_tac9_options(s), "done"], "Move another unit between beachhead boxes, or done (TAC-9)")


# TAC-11, TAC-13 and the reference manual's orders 9a / 11a: artillery fire at a distance
_ARTY = {11: ("allies", False, "TAC-11"), 13: ("axis", False, "TAC-13"), 9: ("allies", True, "VAR-RM-7"), 111: ("axis", True, "VAR-RM-8")}


def _arty_targets(s: State, code: int, origin: str) -> list[str]:
    side, own_zone, _ = _ARTY[code]
    zones = [*([origin] if own_zone else []), *s.board.zone(origin).neighbours]
    enemy_powers = ("Germany",) if side == "allies" else ("UK", "US")
    return [f"{z}:{p}:{u}" for z in zones for p in enemy_powers for u in LAND_TYPES if s.units(z, p).get(u)]


def _arty_next(s: State, code: int, zone_index: int, shot: int) -> State:
    side, _, tag = _ARTY[code]
    for i in range(zone_index, len(s.board.zones)):
        z = s.board.zones[i]
        guns = s.side_units(z.id, side).artillery
        if shot < guns:
            targets = _arty_targets(s, code, z.id)
            if targets:
                return _pick(s, side, "arty", [*targets, "none"], f"Artillery {shot + 1} in {z.id}: pick a target or none ({tag}; hits on 1-2)", str(code), z.id, str(shot))
        shot = 0
    if code in (9, 111):
        return _finish_card(s)
    return _advance(s, code)


def _pick_arty(s: State, step: PickStep, option: str) -> State:
    code, origin, shot = int(step.data[0]), step.data[1], int(step.data[2])
    if option == "none":
        return _arty_next(s, code, s.board.zone_index(origin), shot + 1)
    zone, power, unit = option.split(":")
    return evolve(s, step=Roll(kind="arty", dice=Dice.simple(1, 2), zone=zone, power=power, target=unit, origin=origin, index=code, count=shot))


def _roll_arty(s: State, step: Roll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    tag = _ARTY[step.index][2]
    s = _log(s, f"Artillery in {_zname(s, step.origin)} fires at a {step.power} {step.target} in {_zname(s, step.zone)}: {_faces(faces)} -> {'destroyed' if hit else 'miss'} (hits on 1-2, {tag})")
    if hit:
        s = _kill_in_zone(s, step.zone, step.power, step.target)
    return _arty_next(s, step.index, s.board.zone_index(step.origin), step.count + 1)


# TAC-14 Reconnaissance strafing
def _tac14_zones(s: State) -> list[str]:
    return sorted({z for c in s.board.charts if c.power == "Germany" for z in c.zones}, key=s.board.zone_index)


def _tac14_sources(s: State, target: str) -> list[str]:
    if s.fighters_in(target) >= s.rules.fighter_limit:
        return []
    out = [f"airfield:{p}" for p in ("UK", "US") if _ready(s, p, "fighter")]
    return out + [w for w in _air_on_board(s, "fighter") if w.split(":")[0] != target]


def _pick_tac14_zone(s: State, step: PickStep, zone: str) -> State:
    s = _log(s, f"Fighters gather over {_zname(s, zone)} (TAC-14, one zone only: FAQ-47)")
    return _pick(s, "allies", "tac14-move", [*_tac14_sources(s, zone), "done"], f"Send another fighter to {zone}, or done (TAC-14)", zone)


def _pick_tac14_move(s: State, step: PickStep, option: str) -> State:
    target = step.data[0]
    if option == "done":
        return _advance(s, 14)
    src, power = option.split(":")
    if src == "airfield":
        s = evolve(s, airfield=s.airfield.add(power, "fighter", -1))
    else:
        s = _set_air(s, src, s.air_in(src).add(power, "fighter", -1))
    s = _set_air(s, target, s.air_in(target).add(power, "fighter", 1))
    s = _log(s, f"A {power} fighter moves from {src} to {target} (TAC-14)")
    return _pick(s, "allies", "tac14-move", [*_tac14_sources(s, target), "done"], f"Send another fighter to {target}, or done (TAC-14)", target)


# TAC-15 German convoy
def _tac15_options(s: State) -> list[str]:
    out = []
    placed = set(_effect_values(s, "PLACED"))
    for where in placed:
        zone, unit = where.split(":")
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


def _pick_tac15(s: State, step: PickStep, option: str) -> State:
    unit, path_txt = option.split(":")
    path = tuple(path_txt.split(">"))
    s = _set_force(s, path[0], "Germany", s.units(path[0], "Germany").add(unit, -1))
    n = _path_strafe_dice(s, path)
    s = _log(s, f"German convoy: {_a(unit)} moves {' > '.join(_zname(s, z) for z in path)} (TAC-15)" + (f", {n} strafing dice" if n else ""))
    if n:
        return evolve(s, step=StrafeStep(arrivals=(("Germany", unit, path[-1], n),), index=0))
    return _advance(_add_units(s, path[-1], "Germany", unit, 1), 15)


# TAC-16 Volunteers home front
def _tac16_powers(s: State) -> list[str]:
    out = []
    for i, p in ((1, "UK"), (2, "US")):
        c = next(c for c in s.board.charts if c.power == p)
        empty = [k for k, u in enumerate(c.boxes) if u == "infantry" and k not in s.charts[c.index]]
        if s.destroyed[i].infantry and empty:
            out.append(p)
    return out


def _roll_tac16(s: State, step: Roll, faces: Faces) -> State:
    f = dice_mod.face(step.dice, faces)
    k = f if f <= 3 else 0
    s = _log(s, f"Volunteers: die {f} -> {k} destroyed infantry may return to the charts (TAC-16)")
    return _tac16_next(s, k)


def _tac16_next(s: State, left: int) -> State:
    powers = _tac16_powers(s)
    if left and powers:
        return _pick(s, "allies", "tac16", powers, f"Which power gets a destroyed infantry back on its chart? ({left} left, TAC-16)", str(left))
    return _advance(s, 16)


def _pick_tac16(s: State, step: PickStep, power: str) -> State:
    i = 1 if power == "UK" else 2
    c = next(c for c in s.board.charts if c.power == power)
    box = next(k for k, u in enumerate(c.boxes) if u == "infantry" and k not in s.charts[c.index])
    charts = (*s.charts[: c.index], tuple(sorted((*s.charts[c.index], box))), *s.charts[c.index + 1 :])
    d = list(s.destroyed)
    d[i] = d[i].add("infantry", -1)
    s = _log(evolve(s, charts=charts, destroyed=tuple(d)), f"A {power} infantry returns to box {box + 1} of its chart (TAC-16)")  # type: ignore[arg-type]
    return _tac16_next(s, int(step.data[0]) - 1)


_TACTIC_POSSIBLE: dict[int, Callable[[State], bool]] = {
    1: lambda s: any(_allied_chart_infantry(s, a.power) for a in s.board.airborne_boxes),
    2: lambda s: any(s.charts[c.index] for c in s.board.charts if c.power != "Germany"),
    3: lambda s: bool(_air_on_board(s, "fighter")),
    4: lambda s: any(s.side_total(z, "allies") for z in _effect_values(s, "AA-KILL")),
    5: lambda s: any(s.units(w.split(":")[0], "Germany").total for w in _air_on_board(s, "bomber")),
    6: lambda s: bool(_tac6_options(s)),
    7: lambda s: True,
    8: lambda s: bool(_tac8_zones(s)),
    9: lambda s: bool(_tac9_options(s)),
    10: lambda s: True,
    11: lambda s: any(_arty_targets(s, 11, z.id) for z in s.board.zones if s.side_units(z.id, "allies").artillery),
    12: lambda s: any(s.side_total(z.id, "allies") for z in s.board.zones),
    13: lambda s: any(_arty_targets(s, 13, z.id) for z in s.board.zones if s.side_units(z.id, "axis").artillery),
    14: lambda s: bool(_tac14_zones(s)) and bool(_air_on_board(s, "fighter") or _ready(s, "UK", "fighter") + _ready(s, "US", "fighter")),
    15: lambda s: bool(_tac15_options(s)),
    16: lambda s: bool(_tac16_powers(s)),
}

_TACTIC_USE: dict[int, Callable[[State], State]] = {
    1: lambda s: _tac1_next(s, 0),
    2: _tac2,
    3: lambda s: _pick(s, "allies", "tac3", _air_on_board(s, "fighter"), "Pick the fighter AA may not target this turn (TAC-3)"),
    4: lambda s: _tac4_next(s, 0),
    5: _tac5_next,
    6: lambda s: _pick(s, "axis", "tac6", _tac6_options(s), "Pick the bomber and the Allied unit next to it that it hits (TAC-6)"),
    7: lambda s: _pick(s, "axis", "tac7", [z.id for z in s.board.zones], "Pick the zone to flood (TAC-7)"),
    8: lambda s: _pick(s, "axis", "tac8", _tac8_zones(s), "Pick the coastal zone where a blockhouse is rebuilt (TAC-8)"),
    9: lambda s: _pick(s, "allies", "tac9", [*_tac9_options(s), "done"], "Move a unit between beachhead boxes of one power, or done (TAC-9)"),
    10: lambda s: _advance(_add_effect(s, "TAC-10"), 10),
    11: lambda s: _arty_next(s, 11, 0, 0),
    12: lambda s: _pick(s, "allies", "tac12", [z.id for z in s.board.zones if s.side_total(z.id, "allies")], "Pick the zone the Resistance protects on order 13 (TAC-12)"),
    13: lambda s: _arty_next(s, 13, 0, 0),
    14: lambda s: _pick(s, "allies", "tac14", _tac14_zones(s), "Pick the German reinforcement zone the fighters fly to (TAC-14)"),
    15: lambda s: _pick(s, "axis", "tac15", _tac15_options(s), "Pick the reinforcement that moves at once, and its path (TAC-15)"),
    16: lambda s: evolve(s, step=Roll(kind="tac16", dice=Dice.one_face())),
}

_TACTIC_CONTINUE: dict[int, Callable[[State], State]] = {5: _tac5_next}

_CASUALTY_CONTINUE: dict[str, Callable[[State, ChooseCasualtiesStep], State]] = {
    "tac1": lambda s, step: _tac1_next(s, step.index + 1),
    "tac4": lambda s, step: _tac4_next(s, step.index + 1),
}

_PICK: dict[str, Callable[[State, PickStep, str], State]] = {
    "fort1": _pick_fort1,
    "no-aa": _pick_no_aa,
    "air-return": _pick_air_return,
    "air-remove": _pick_air_remove,
    "fort11": _pick_fort11,
    "fort13": _pick_fort13,
    "reroll": _pick_reroll,
    "tactic": _pick_tactic,
    "tac3": _pick_effect("TAC-3", 3),
    "tac5": _pick_tac5,
    "tac6": _pick_tac6,
    "tac7": _pick_effect("TAC-7", 7),
    "tac8": _pick_tac8,
    "tac9": _pick_tac9,
    "tac12": _pick_effect("TAC-12", 12),
    "tac14": _pick_tac14_zone,
    "tac14-move": _pick_tac14_move,
    "tac15": _pick_tac15,
    "tac16": _pick_tac16,
    "arty": _pick_arty,
}


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
    "reroll": _roll_reroll,
    "fortune": _roll_fortune,
    "ground": _roll_ground,
    "tac1-box": _roll_tac1_box,
    "tac1-attack": _roll_tac1_attack,
    "tac2": _roll_tac2,
    "tac4": _roll_tac4,
    "tac6": _roll_tac6,
    "tac16": _roll_tac16,
    "arty": _roll_arty,
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
    (PlaceReinforcementsStep, Done): _done_place,
    (PickStep, Pick): _act_pick,
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
    s0 = evolve(s, events=())
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


def _naval_targets(s: State) -> list[Bombard]:
    out = [Bombard(z.id) for z, f in zip(s.board.zones, s.ground, strict=True) if f[0].blockhouse]
    if s.rules.coastal_bombardment:  # VAR-RM-5
        out += [Bombard(z.id, u) for z, f in zip(s.board.zones, s.ground, strict=True) if z.coastal for u in MOBILE_TYPES if f[0].get(u)]
    return out


def _legal_bombard(s: State, step: NavalTargetStep) -> list[Action]:
    return list(_naval_targets(s))


def _legal_patrol(s: State, step: PatrolStep) -> list[Action]:
    out: list[Action] = [Done()]
    limit = _fighter_limit(s)
    for p in ("UK", "US"):
        if _ready(s, p, "fighter"):
            out.extend(Patrol(p, z.id) for z, a in zip(s.board.zones, s.air, strict=True) if a.fighters < limit)
    return out


def _legal_aa(s: State, step: AATargetStep) -> list[Action]:
    return [FireAA(p) for p in _aa_targets(s, step.zone, step.kind)]


def _legal_bomb(s: State, step: BomberStep) -> list[Action]:
    out: list[Action] = [Done()]
    for p in ("UK", "US"):
        if not _ready(s, p, "bomber"):
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
    """Done, then every one-unit move of :func:`move_options` as a :class:`Move`."""
    yield Done()
    for p, u, path in move_options(s, step):
        yield Move(p, u, path)


assert Force._fields[:3] == MOBILE_TYPES, "move_options indexes Force by position"


@cache
def _neighbour_indices(b: Board) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per zone index: its neighbours as (zone id, zone index), in the board's order."""
    return tuple(tuple((n, b.zone_index(n)) for n in z.neighbours) for z in b.zones)


def move_options(s: State, step: DeclareMovesStep | None = None) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """The legal one-unit moves of a move step as plain ``(power, unit, path)`` tuples.

    Candidates are built legal by construction (adjacent, not locked, units available, tank
    transit free of enemies); only stacking is checked here, with the same accounting as
    :func:`check_move` (a test checks the two agree). The per-zone facts (enemy present,
    friendly count after the declared moves) are worked out once per call, and no action
    objects are made: bots look at every candidate hundreds of times a game.
    """
    if step is None:
        if not isinstance(s.step, DeclareMovesStep):
            return
        step = s.step
    b = s.board
    side = step.side
    limit = b.stacking_limit
    ground = s.ground
    # Force is (infantry, artillery, tank, blockhouse): [:3] are the units that stack and move
    if side == "allies":
        enemy_here = [any(g) for g, _, _ in ground]
        count = [uk[0] + uk[1] + uk[2] + us[0] + us[1] + us[2] for _, uk, us in ground]
    else:
        enemy_here = [any(uk) or any(us) for _, uk, us in ground]
        count = [g[0] + g[1] + g[2] for g, _, _ in ground]
    index = b.zone_index
    declared: dict[tuple[str, str, str], int] = {}
    transits: set[int] = set()
    for m in step.moves:  # R-STACK-4 accounting, as in _tentative
        count[index(m.path[0])] -= m.count
        count[index(m.path[-1])] += m.count
        key = (m.path[0], m.power, m.unit)
        declared[key] = declared.get(key, 0) + m.count
        if len(m.path) == 3:
            transits.add(index(m.path[1]))
    flooded = {index(z) for z in _effect_values(s, "TAC-7")} if side == "allies" else set()
    # room[i]: one more unit may end its move in zone i
    room = [count[i] + 1 <= (limit - 1 if i in transits else limit) and i not in flooded for i in range(len(count))]
    # through[i]: a two-zone move may pass through zone i (FAQ-24, R-MOVE-6)
    through = [not enemy_here[i] and count[i] <= limit - 1 and i not in flooded for i in range(len(count))]
    two = _all_move_two(s)
    origins_of = {p: _allowed_origins(s, step, p) for p in powers_of(side)}
    first = 0 if side == "axis" else 1
    near_of = _neighbour_indices(b)
    for z, forces in zip(b.zones, ground, strict=True):
        if enemy_here[z.index]:
            continue  # locked (R-MOVE-3)
        near = near_of[z.index]
        for k, p in enumerate(powers_of(side)):
            f = forces[first + k]
            if not (f[0] or f[1] or f[2]):
                continue
            origins = origins_of[p]
            if origins is not None and z.id not in origins:
                continue
            for ui, u in enumerate(MOBILE_TYPES):
                if f[ui] <= 0 or (declared and f[ui] - declared.get((z.id, p, u), 0) <= 0):
                    continue
                for n, i in near:
                    if room[i]:
                        yield p, u, (z.id, n)
                if u == "tank" or two:
                    for n, i in near:
                        if not through[i]:
                            continue
                        for far, j in near_of[i]:
                            if far != z.id and room[j]:
                                yield p, u, (z.id, n, far)


def _legal_land(s: State, step: LandingStep) -> list[Action]:
    out: list[Action] = [Done()]
    coordinated = s.fortune == 1 and s.card == 10  # FORT-10 result 1
    for bh, f in zip(s.board.beachheads, s.beach, strict=True):
        if s.fortune == 6 and s.card == 10:
            used = _effect_values(s, f"LANDED-{bh.power}")
            if used and used[0] != bh.name:
                continue
        zones = [b.lands_into for b in s.board.beachheads if b.power == bh.power] if coordinated else [bh.lands_into]
        for zone in dict.fromkeys(zones):
            if s.stack_count(zone, "allies") >= s.board.stacking_limit:
                continue
            into = "" if zone == bh.lands_into else zone
            out.extend(Land(bh.name, u, 1, into) for u in MOBILE_TYPES if f.get(u))
    return out


def _legal_casualties(s: State, step: ChooseCasualtiesStep) -> list[Action]:
    return [ChooseCasualties(opt) for opt in casualty_options(_casualty_pool(s, step), step.hits)]


def _legal_place(s: State, step: PlaceReinforcementsStep) -> list[Action]:
    out: list[Action] = [Done()] if step.side == "axis" and s.rules.optional_axis_placement else []
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
    PickStep: lambda s, step: [Pick(o) for o in step.options],
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
