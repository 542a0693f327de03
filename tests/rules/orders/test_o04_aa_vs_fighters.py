"""Order 4, Antiaircraft Fire vs. Fighters (ORDER-4), driven end to end: the tests of dday/rules/orders/o04_aa_vs_fighters.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import legal, play, refused

from dday.rules.scenario import position
from dday.rules.steps import (
    AARoll,
    AATargetStep,
    BomberStep,
    DeclareMovesStep,
)
from dday.rules.units import Air


def test_order_4_each_artillery_fires_one_die_at_a_chosen_fighter() -> None:
    """Three artillery under four fighters roll three dice; a shot-down fighter leaves play, not to the airfield."""
    s = position(
        card=4,
        zones={"F30": {"Germany": "3a 1t", "UK": "1i"}, "F26": {"Germany": "1a"}, "F23": {"Germany": "1i"}},
        patrols={"F30": {"uk_fighter": 2, "us_fighter": 2}, "F23": {"us_fighter": 1}},
        airfield={"uk_bomber": 1},
    )
    assert isinstance(s.step, AATargetStep) and (s.step.zone, s.step.kind) == ("F30", "fighter")
    assert legal(s) == ["aa UK", "aa US"]
    refused(s, "aa Germany", "R-AA-2")
    s, lines = play(s, "aa UK", (1,), "aa US", (6,), "aa UK")
    refused(s, "aa US", "R-TURN-3")  # the die is aimed already: the game waits for it
    s, more = play(s, (1,))
    lines += more
    shots = [line for line in lines if line.startswith("Antiaircraft: ")]
    assert len(shots) == 3
    assert shots[0] == "Antiaircraft: German artillery 1 of 3 in F30 Caen fires at a UK fighter: 1 -> shot down, removed from play (hits on 1)"
    assert shots[1].endswith("6 -> miss (hits on 1)")
    assert s.air_in("F30") == Air(us_fighter=2) and s.air_in("F23") == Air(us_fighter=1)
    assert s.air_lost == Air(uk_fighter=2) and s.airfield == Air(uk_bomber=1)
    assert (s.card, type(s.step)) == (5, BomberStep)


def test_order_4_single_target_is_aimed_automatically() -> None:
    """With only a US fighter over two guns each gun's aim is forced, so only the dice are asked for."""
    s = position(card=4, zones={"F30": {"Germany": "2a"}}, patrols={"F30": {"us_fighter": 1}, "F17": {"uk_fighter": 1}})
    assert isinstance(s.step, AARoll) and s.step.power == "US"  # single choice taken
    s, _ = play(s, (6,))
    assert isinstance(s.step, AARoll) and s.step.shot == 1
    s, _ = play(s, (2,))
    assert s.air_in("F30") == Air(us_fighter=1) and s.air_in("F17") == Air(uk_fighter=1)
    assert (s.card, type(s.step)) == (12, DeclareMovesStep)  # 5-7 left with the bombers; 8-11 had nothing to do
