"""Order 11, Allies Attack (ORDER-11), driven end to end: the tests of dday/rules/orders/o11_allies_attack.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import has_line, legal, play, short

from dday.rules.scenario import position
from dday.rules.steps import (
    AttackRoll,
    Roll,
)
from dday.rules.units import Force


def test_order_11_one_cycle_in_every_combat_zone_allies_fire_first() -> None:
    """F11 and F15 are fought in board order; casualties still fire back; survivors of both sides stay."""
    zones = {"F11": {"US": "3i", "Germany": "1b"}, "F15": {"UK": "5i 1a", "Germany": "2b"}, "F16": {"UK": "2i"}}
    s = position(card=11, turn=1, zones=zones)
    assert isinstance(s.step, AttackRoll) and (s.step.zone, s.step.attacker) == ("F11", "allies")
    assert s.step.dice.groups == ((1, 3),) and s.step.defense_dice.groups == ((1, 1),)
    assert legal(s) == []  # attacking is compulsory (FAQ-9)
    s, lines = play(s, (1, 5, 6))  # 1 hit: the blockhouse is the only choice
    assert short(s, "F11", "Germany") == "-"
    assert isinstance(s.step, Roll) and s.step.kind == "defense"
    s, more = play(s, (1,))  # the destroyed blockhouse still fires: 1 US infantry lost
    lines += more
    assert short(s, "F11", "US") == "2i" and s.controller("F11") == "allies"
    assert has_line(lines, "After the cycle in F11", "the Allies control it")
    assert has_line(lines, "After the cycle in F11", "Axis none, Allies 2i")  # "none", not the reference's bare "-"

    assert isinstance(s.step, Roll) and s.step.zone == "F15"
    assert s.step.dice.groups == ((1, 5), (2, 1)) and s.step.defense_dice.groups == ((1, 2),)
    s, more = play(s, (2, 3, 4, 5, 6, 2), (4, 6))  # artillery hits once; the blockhouses miss
    lines += more
    assert short(s, "F15", "Germany") == "1b" and short(s, "F15", "UK") == "5i 1a"
    assert has_line(lines, "After the cycle in F15", "the combat goes on next attack card")
    assert s.controller("F15") is None
    assert s.destroyed == (Force(blockhouse=2), Force(), Force(infantry=1))
    # order 12: the lone blockhouse cannot move, so the Axis attacks F15 at once on order 13
    assert isinstance(s.step, AttackRoll) and (s.card, s.step.zone, s.step.attacker) == (13, "F15", "axis")
