"""Order 8, Allies Move (ORDER-8), driven end to end: the tests of dday/rules/orders/o08_allies_move.py.

Each test builds a realistic position with :func:`dday.rules.scenario.position` (or the real
set-up), plays the card with scripted dice and decisions, and checks the board, the log
lines, the illegal choices (with the rule they name) and the card that comes next.
"""

from __future__ import annotations

from helpers import legal, play, refused, short

from dday.rules.scenario import position
from dday.rules.steps import (
    DeclareMovesStep,
    Roll,
)


def test_order_8_allies_move_tanks_twice_and_locked_units_stay() -> None:
    """A UK tank drives F15 > F23 > F30 into the enemy; paratroopers locked with a blockhouse cannot leave."""
    zones = {"F11": {"US": "3i", "Germany": "1b"}, "F15": {"UK": "2i 1t"}, "F30": {"Germany": "1i"}}
    s = position(card=8, zones=zones)
    assert isinstance(s.step, DeclareMovesStep) and s.step.who == "allies"
    options = legal(s)
    assert not any(o.startswith("move US") for o in options)
    assert "move UK tank F15>F23>F30" in options and "move UK infantry F15>F23" in options
    refused(s, "move US infantry F11>F7", "R-MOVE-3")
    refused(s, "move UK tank F15>F23>F15", "R-MOVE-4")
    refused(s, "move UK infantry F15>F23>F30", "R-MOVE-1")
    refused(s, "move UK tank F15>F30", "R-MOVE-1")
    refused(s, "move Germany infantry F30>F23", "R-TURN-3")
    s, lines = play(s, "move UK tank F15>F23>F30", "move UK infantry F15>F23", "done")
    assert lines[:2] == ["UK tank x1 moves F15 Bayeux > F23 Creully > F30 Caen", "UK infantry x1 moves F15 Bayeux > F23 Creully"]
    assert short(s, "F30", "UK") == "1t" and short(s, "F23", "UK") == "1i" and short(s, "F15", "UK") == "1i"
    assert short(s, "F30", "Germany") == "1i"  # nobody fights on a move card
    # order 9 and 10 pass (no arcs, empty boxes); order 11 fights both combat zones, F11 first
    assert lines[-1] == "Turn 2, order 11: Allies Attack"
    assert isinstance(s.step, Roll) and (s.step.kind, s.step.zone) == ("attack", "F11")
