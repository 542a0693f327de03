"""Order 16, Fighters Return (ORDER-16), driven end to end: the tests of dday/rules/orders/o16_fighters_return.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import refused

from dday.rules.scenario import position
from dday.rules.steps import (
    GameOver,
    NavalSplitStep,
)
from dday.rules.units import Air
from dday.views.log_text import log_lines

CITIES = {"F2": {"US": "2i"}, "F26": {"US": "1i 1a"}, "F30": {"UK": "1t"}}


def test_order_16_end_of_turn_1_fighters_home_card_1_leaves_and_victory_checked() -> None:
    """Fighters fly home, order 1 leaves the deck, cities are checked, and turn 2 opens on the next card in play."""
    zones = {"F30": {"Germany": "1i"}, "F2": {"US": "1i"}, "F26": {"US": "1i"}, "F14": {"US": "1i", "Germany": "1b"}}
    s = position(card=16, turn=1, zones=zones, patrols={"F30": {"uk_fighter": 3}, "F14": {"us_fighter": 2}}, airfield={"us_fighter": 1})
    lines = list(log_lines(s))
    assert lines == [
        "Turn 1, order 16: Fighters Return",
        "5 fighters return to the airfield (R-AIR-6)",
        "Order 1 leaves the deck: it is used on turn 1 only (R-DECK-1)",
        "End of turn 1: Cherbourg held by the Allies; St. Lô held by the Allies; Caen held by the Axis",
        "Turn 2, order 2: Naval Bombardment",
    ]
    assert s.airfield == Air(uk_fighter=3, us_fighter=3) and all(a == Air() for a in s.air)
    assert 1 not in s.deck and s.deck[0] == 2
    assert (s.turn, s.card, s.hold, s.winner) == (2, 2, 0, None)
    assert isinstance(s.step, NavalSplitStep)


def test_order_16_first_turn_end_holding_all_cities_arms_the_marker() -> None:
    """All three cities Allied at the end of turn 4: the hold marker is set and play goes on."""
    s = position(card=16, turn=4, zones=CITIES, airfield={"uk_fighter": 1})
    assert tuple(log_lines(s)[-3:]) == (
        "The Allies hold all three cities: they win if they still hold them at the end of next turn (R-VICTORY-2)",
        "Order 2 leaves the deck: no blockhouse is left (R-DECK-2)",
        "Turn 5, order 3: Fighter Patrol",
    )
    assert (s.turn, s.hold, s.winner) == (5, 1, None)


def test_order_16_second_turn_end_holding_all_cities_wins() -> None:
    """Holding again at the end of the next turn ends the game with an Allied win."""
    s = position(card=16, turn=5, zones=CITIES, hold=1)
    assert s.winner == "allies" and isinstance(s.step, GameOver) and s.is_over
    assert (s.turn, s.hold) == (5, 2)
    assert log_lines(s)[-1] == "The Allies have held all three cities for a full turn: the Allies win on turn 5 (R-VICTORY-1)"
    refused(s, "done", "R-TURN-1")


def test_order_16_leaves_the_deck_without_fighters_but_the_turn_still_ends() -> None:
    """With every fighter shot down order 16 leaves the deck (RECONSTRUCTED predicate); the victory check still runs."""
    s = position(card=15, turn=3, zones={"F2": {"US": "1i"}}, charts={"Germany_Rennes_Chartres": [], "Germany_Rouen_Chartres": []})
    assert list(log_lines(s)[1:4]) == [
        "Order 16 leaves the deck: no fighter is left (R-DECK-2)",
        "End of turn 3: Cherbourg held by the Allies; St. Lô held by nobody; Caen held by nobody",
        "Order 2 leaves the deck: no blockhouse is left (R-DECK-2)",
    ]
    assert 16 not in s.deck and (s.turn, s.hold) == (4, 0)
