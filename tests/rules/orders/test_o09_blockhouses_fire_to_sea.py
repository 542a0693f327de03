"""Order 9, Blockhouses Fire to Sea (ORDER-9), driven end to end: the tests of dday/rules/orders/o09_blockhouses_fire_to_sea.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from typing import Any

from helpers import BEACHES, boxes, legal, play, refused, setup_zones

from dday.rules.scenario import position
from dday.rules.steps import (
    FireToSeaStep,
    LandingStep,
    SeaRoll,
)
from dday.rules.units import Force


def test_order_9_every_arc_blockhouse_fires_once_at_its_beach() -> None:
    """Turn 1 set-up: the 11 arc blockhouses each fire one targeted die; Utah is hit from F4, F7, F11 and F14."""
    zones: dict[str, Any] = setup_zones()
    zones["F11"] = {"Germany": "1b", "US": "3i"}  # paratroopers share F11 with its blockhouse (R-BH-5)
    beaches = {b: s0 for b, s0 in zip(BEACHES, ("3i 1a", "6i 2a", "5i 1a 1t", "3i 1a 1t", "4i 1a 1t"), strict=True)}
    s = position(card=9, turn=1, zones=zones, beaches=beaches, airborne=[0, 0, 0])
    assert isinstance(s.step, FireToSeaStep) and s.step.zone == "F4"
    assert legal(s) == ["fire-to-sea artillery Utah", "fire-to-sea infantry Utah"]
    refused(s, "fire-to-sea tank", "R-BH-2")

    # fmt: off
    s, lines = play(
        s,
        "fire-to-sea artillery", (3,),  # F4 > Utah: destroyed
        (4,),  # F7 > Utah: only infantry left, aimed automatically
        (1,),  # F11 > Utah
        "fire-to-sea artillery Omaha", (2,), "fire-to-sea infantry Utah", (5,),  # F14 (2) > Omaha or Utah
        "fire-to-sea tank", (3,), "fire-to-sea artillery", (4,),  # F15 (2) > Gold, EX-5
        "fire-to-sea tank Juno", (6,),  # F16 > Juno or Sword
        "fire-to-sea infantry", (2,), "fire-to-sea tank", (6,),  # F17 (2) > Sword
        "fire-to-sea artillery", (3,),  # F18 > Sword
    )
    # fmt: on
    shots = [line for line in lines if line.startswith("Blockhouse")]
    assert [(line.split(" in ")[1].split()[0], line.split(" in ")[2].split(":")[0]) for line in shots] == [
        ("F4", "Utah"), ("F7", "Utah"), ("F11", "Utah"), ("F14", "Omaha"), ("F14", "Utah"), ("F15", "Gold"), ("F15", "Gold"),
        ("F16", "Juno"), ("F17", "Sword"), ("F17", "Sword"), ("F18", "Sword"),
    ]  # fmt: skip
    assert shots[0] == "Blockhouse in F4 Saint-Vaast-la-Hougue fires at an artillery in Utah: 3 -> destroyed (hits on 1-3)"
    assert boxes(s) == {"Utah": "2i", "Omaha": "6i 1a", "Gold": "5i 1a", "Juno": "3i 1a 1t", "Sword": "3i 1t"}
    assert s.destroyed[1] == Force(infantry=1, artillery=1, tank=1) and s.destroyed[2] == Force(infantry=1, artillery=2)
    assert s.blockhouses_in_play() == 17  # nobody fires back
    assert (s.turn, s.card, type(s.step)) == (1, 10, LandingStep)


def test_order_9_empty_beach_draws_no_fire() -> None:
    """Blockhouses whose beach is empty skip; arc-less blockhouses never fire."""
    s = position(card=9, zones={"F2": {"Germany": "2b"}, "F14": {"Germany": "2b"}, "F16": {"Germany": "1b"}}, beaches={"Juno": "2i"})
    assert isinstance(s.step, SeaRoll) and (s.step.zone, s.step.unit) == ("F16", "infantry")
    s, lines = play(s, (1,))
    assert [line for line in lines if line.startswith("Blockhouse")] == [
        "Blockhouse in F16 Courseulles-sur-Mer fires at an infantry in Juno: 1 -> destroyed (hits on 1-3)"
    ]
    assert s.beach_units("Juno") == Force(infantry=1) and s.card == 10
