"""The turn's backbone: the order-card sequence, tactics offers, orders 9a/11a and the end-of-turn victory check (R-TURN-1, R-DECK-1..4, R-TAC-1..4, TAC-11/13, VAR-RM-7/8, R-VICTORY-1..4, VAR-RM-15..18).

Handlers (``python -m dday handlers flow``; a test keeps this table true)::

    roll ArtilleryRoll  _roll_arty
    Pick at PickStep    engine._act_pick
    legal at PickStep   engine._legal_pick
    pick tactic         _pick_tactic
    pick arty           _pick_arty
"""

from __future__ import annotations

from . import dice as dice_mod
from .cards import ORDER_CARDS, stays_in_deck
from .decks import FORTUNE, TACTICS
from .dice import Dice, Faces
from .editing import add_effect, kill_in_zone, offer_pick, record
from .effects import ArtilleryOrderPlayed, NoAA
from .events import ArtilleryFire, CardStarted, DeckChanged, HouseArtillery, TacticDecided, TurnEnded, VictoryCheck
from .registry import BEGIN, TACTIC_POSSIBLE, TACTIC_USE, on_pick, on_roll
from .state import State, evolve
from .steps import ArtilleryRoll, FortuneRoll, GameOver, PickStep
from .units import LAND_TYPES, NO_AIR

# ---------------------------------------------------------------------------------------------
# card flow (R-TURN-1, R-DECK-1..3)


def start_card(s: State) -> State:
    """Turn up order card ``s.card``: its fortune card first if in use (R-FORT-1), then the order."""
    card = ORDER_CARDS[s.card]
    s = record(evolve(s, fortune=0), CardStarted(s.turn, card.number))
    if s.options.fortune and s.card in FORTUNE:
        roller = FORTUNE[s.card].roller
        return evolve(s, step=FortuneRoll(dice=Dice.one_face(), card=s.card, roller=roller))
    return BEGIN[s.card](s)


def finish_card(s: State) -> State:
    """Order ``s.card`` is done: orders 9a/11a or a tactics offer if in play, then the next order (R-TURN-1)."""
    if s.options.continuous_hold and s.hold and not s.allies_hold_all_cities():
        s = record(evolve(s, hold=0), VictoryCheck("hold-broken"))
    # a fortune result lasts for its order only (R-FORT-2): FORT-4/6 result 6's quiet zone ends here
    s = evolve(s, fortune=0, effects=tuple(e for e in s.effects if not isinstance(e, NoAA)))
    if _house_artillery_due(s, s.card):
        return _house_artillery(s, s.card)
    if s.options.tactics and s.card in s.tactics_left:
        return _offer_tactic(s, s.card)
    return advance(s, s.card)


def _house_artillery_due(s: State, card: int) -> bool:
    """The reference manual's extra orders 9a and 11a follow orders 9 and 11 (VAR-RM-7, VAR-RM-8).
    They are orders of their own: 9a still comes after order 9 has left the deck (no blockhouse
    left to fire), in the place where order 9 would have stood."""
    return s.options.artillery_orders and card in (9, 11) and ArtilleryOrderPlayed(card) not in s.effects


def _house_artillery(s: State, card: int) -> State:
    """Play order 9a (Allied artillery) or 11a (Axis artillery) of the reference manual."""
    s = record(add_effect(evolve(s, card=card), ArtilleryOrderPlayed(card)), HouseArtillery(card))
    return arty_next(s, 9 if card == 9 else 111, 0, 0)


def advance(s: State, after: int) -> State:
    """Go on to the next order in the sequence after order ``after``, or end the turn."""
    s, started = _turn_up_next(s, after)
    return s if started else _end_turn(s)


def _end_turn(s: State) -> State:
    b = s.board
    if s.turn == 1 and 1 in s.deck:
        s = record(evolve(s, deck=tuple(c for c in s.deck if c != 1)), DeckChanged(1, leaves=True))
    s = evolve(s, effects=(), grounded=NO_AIR)
    held = s.allies_hold_all_cities()
    s = record(s, TurnEnded(s.turn, tuple(s.controller(z) or "" for z in b.victory_cities.values())))
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

    def win(side: str, event: VictoryCheck) -> tuple[State, bool]:
        return record(evolve(s, winner=side, step=GameOver()), event), True

    if s.options.alternative_wins:
        alt = _alternative_win(s)
        if alt is not None:
            return alt, True
    if s.options.capture_win:
        if held:
            return win("allies", VictoryCheck("capture", turn=s.turn))
        if s.turn >= b.turns:
            return win("axis", VictoryCheck("capture-failed", turn=b.turns))
        return s, False
    if s.turn > b.turns:  # extended play (VAR-RM-18)
        if held:
            return win("allies", VictoryCheck("extended-win", turn=s.turn))
        if _allied_units_on_board(s) < EXTENDED_PLAY_UNITS or s.turn >= EXTENDED_PLAY_LAST_TURN:
            return win("axis", VictoryCheck("extended-ends", turn=s.turn, units=_allied_units_on_board(s)))
        return record(s, VictoryCheck("extended-goes-on", units=_allied_units_on_board(s))), False
    if s.hold >= 2:
        return win("allies", VictoryCheck("held", turn=s.turn))
    if held and s.turn < b.turns:
        s = record(s, VictoryCheck("hold-started"))
    if not held and s.turn == b.turns - 1 and not s.options.extended_play:
        return win("axis", VictoryCheck("cannot-hold", turn=s.turn, last_turn=b.turns))
    if s.turn >= b.turns:
        if s.options.extended_play and _allied_units_on_board(s) >= EXTENDED_PLAY_UNITS:
            return record(s, VictoryCheck("play-goes-on", turn=b.turns, units=_allied_units_on_board(s))), False
        return win("axis", VictoryCheck("time-up", turn=b.turns))
    return s, False


EXTENDED_PLAY_UNITS = 12  # VAR-RM-18


EXTENDED_PLAY_LAST_TURN = 30  # a safety stop for VAR-RM-18 (RECONSTRUCTED: the manual sets none)


def _allied_units_on_board(s: State) -> int:
    return sum(uk.land_for_stacking + us.land_for_stacking for _, uk, us in s.ground)


def _alternative_win(s: State) -> State | None:
    """VAR-RM-17: the US win holding Valognes alone or by eliminating every German unit; the Germans by eliminating every US unit."""
    b = s.board
    # "Eliminate all German (American) units": the manual does not say whether units still waiting on
    # a reinforcement chart count. Our reading (RECONSTRUCTED, VAR-RM-17): only units in play count,
    # on the map and, for the Americans, in their beachhead and airborne boxes; chart units are not
    # yet in the game, so they neither save nor need eliminating.
    german_left = any(g.total for g, _, _ in s.ground)
    us_boxes = [f for bh, f in zip(b.beachheads, s.beach, strict=True) if bh.power == "US"]
    us_boxes += [f for box, f in zip(b.airborne_boxes, s.airborne, strict=True) if box.power == "US"]
    us_left = any(us.total for _, _, us in s.ground) or any(f.total for f in us_boxes)
    valognes = next((z.id for z in b.zones if z.name == "Valognes"), None)
    if not german_left:
        return record(evolve(s, winner="allies", step=GameOver()), VictoryCheck("germans-gone"))
    if valognes and s.controller(valognes) == "allies" and s.units(valognes, "UK").total == 0:
        return record(evolve(s, winner="allies", step=GameOver()), VictoryCheck("americans-alone", zone=valognes))
    if not us_left:
        return record(evolve(s, winner="axis", step=GameOver()), VictoryCheck("americans-gone"))
    return None


def _turn_up_next(s: State, after: int) -> tuple[State, bool]:
    """Start the next order card after order ``after`` that is in play, updating the deck on the way.

    A card leaves the deck when the units it names are gone (R-DECK-2) and comes back when
    they come back (R-DECK-4, e.g. a rebuilt blockhouse). Order 1 is used on turn 1 only
    (R-DECK-1) and never returns. An unused tactics card still comes up in its place when its
    order has left (R-TAC-4, RECONSTRUCTED). Returns the updated state and whether something
    was started. The sequence is ``rules.card_order`` (VAR-TA-2 reorders it).
    """
    order = s.options.card_order
    pos = order.index(after) + 1 if after else 0
    for nxt in order[pos:]:
        in_deck = nxt in s.deck
        if not in_deck and nxt not in s.removed:
            # TAC-1 is offered on turn 1 only: its card, order 1, is played on turn 1 only (R-DECK-1),
            # and our reading (RECONSTRUCTED, R-TAC-4) is that a tactics card whose order is gone for
            # good is not offered in its place; the other cards' orders can come back (R-DECK-4).
            if s.options.tactics and nxt in s.tactics_left and nxt != 1:
                return _offer_tactic(evolve(s, card=nxt), nxt), True
            if _house_artillery_due(s, nxt):
                return _house_artillery(s, nxt), True
            continue  # order 1 after turn 1, or a card a prepared position left out
        stays = stays_in_deck(nxt, s)
        if in_deck and not stays:
            s = record(evolve(s, deck=tuple(c for c in s.deck if c != nxt), removed=(*s.removed, nxt)), DeckChanged(nxt, leaves=True))
            if s.options.tactics and nxt in s.tactics_left:
                return _offer_tactic(evolve(s, card=nxt), nxt), True
            if _house_artillery_due(s, nxt):
                return _house_artillery(s, nxt), True
            continue
        if not in_deck:
            if not stays:
                if s.options.tactics and nxt in s.tactics_left:
                    return _offer_tactic(evolve(s, card=nxt), nxt), True
                if _house_artillery_due(s, nxt):
                    return _house_artillery(s, nxt), True
                continue
            s = record(
                evolve(s, deck=tuple(sorted((*s.deck, nxt))), removed=tuple(c for c in s.removed if c != nxt)), DeckChanged(nxt, leaves=False)
            )
        return start_card(evolve(s, card=nxt)), True
    return s, False


# ---------------------------------------------------------------------------------------------
# the tactics offer (R-TAC-1..4)


def _offer_tactic(s: State, n: int) -> State:
    card = TACTICS[n]
    options = ("use", "pass") if TACTIC_POSSIBLE[n](s) else ("pass",)
    text = f"Tactics card {n} '{card.name}' ({card.side}): {card.effect}" + (" [RECONSTRUCTED]" if card.reconstructed else "")
    return offer_pick(s, card.side, "tactic", options, text, str(n))


@on_pick("tactic")
def _pick_tactic(s: State, step: PickStep, option: str) -> State:
    n = int(step.data[0])
    if option == "pass":
        return advance(record(s, TacticDecided(n, used=False)), n)
    s = evolve(s, tactics_left=tuple(c for c in s.tactics_left if c != n))
    s = record(s, TacticDecided(n, used=True))
    return TACTIC_USE[n](s)


# ---------------------------------------------------------------------------------------------
# artillery fire at a distance: TAC-11, TAC-13 and the reference manual's orders 9a / 11a (VAR-RM-7/8)


# TAC-11, TAC-13 and the reference manual's orders 9a / 11a: artillery fire at a distance
_ARTY = {11: ("allies", False, "TAC-11"), 13: ("axis", False, "TAC-13"), 9: ("allies", True, "VAR-RM-7"), 111: ("axis", True, "VAR-RM-8")}


def arty_targets(s: State, code: int, origin: str) -> list[str]:
    """Enemy land units the artillery in ``origin`` may fire at (TAC-11/13: adjacent zones; VAR-RM-7/8: its own zone too), as 'zone:power:unit'."""
    side, own_zone, _ = _ARTY[code]
    zones = [*([origin] if own_zone else []), *s.board.zone(origin).neighbours]
    enemy_powers = ("Germany",) if side == "allies" else ("UK", "US")
    return [f"{z}:{p}:{u}" for z in zones for p in enemy_powers for u in LAND_TYPES if s.units(z, p).get(u)]


def arty_next(s: State, code: int, zone_index: int, shot: int) -> State:
    """Offer the next artillery shot from zone index ``zone_index`` on (``code``: 11, 13, 9 or 111), or go on when none is left."""
    side, _, tag = _ARTY[code]
    for i in range(zone_index, len(s.board.zones)):
        z = s.board.zones[i]
        guns = s.side_units(z.id, side).artillery
        if shot < guns:
            targets = arty_targets(s, code, z.id)
            if targets:
                return offer_pick(
                    s,
                    side,
                    "arty",
                    [*targets, "none"],
                    f"Artillery {shot + 1} in {z.id}: pick a target or none ({tag}; hits on 1-2)",
                    str(code),
                    z.id,
                    str(shot),
                )
        shot = 0
    if code in (9, 111):
        return finish_card(s)
    return advance(s, code)


@on_pick("arty")
def _pick_arty(s: State, step: PickStep, option: str) -> State:
    code, origin, shot = int(step.data[0]), step.data[1], int(step.data[2])
    if option == "none":
        return arty_next(s, code, s.board.zone_index(origin), shot + 1)
    zone, power, unit = option.split(":")
    return evolve(
        s, step=ArtilleryRoll(dice=Dice.simple(1, 2), zone=zone, power=power, unit=unit, origin=origin, code=code, shot=shot)
    )


@on_roll(ArtilleryRoll)
def _roll_arty(s: State, step: ArtilleryRoll, faces: Faces) -> State:
    hit = dice_mod.hits_in(step.dice, faces)[0]
    s = record(s, ArtilleryFire(step.origin, step.zone, step.power, step.unit, faces, hit > 0, _ARTY[step.code][2]))
    if hit:
        s = kill_in_zone(s, step.zone, step.power, step.unit)
    return arty_next(s, step.code, s.board.zone_index(step.origin), step.shot + 1)


__all__ = ["EXTENDED_PLAY_LAST_TURN", "EXTENDED_PLAY_UNITS", "advance", "arty_next", "arty_targets", "finish_card", "start_card"]
