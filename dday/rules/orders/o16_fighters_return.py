"""Order 16, Fighters Return (ORDER-16, R-AIR-6, R-VICTORY-2; FORT-16).

Every fighter still on patrol flies back to the airfield. This is the last order of the
turn: the turn ends and victory is checked (:mod:`dday.rules.flow`). Fortune card 16 may bring
back a lost fighter or remove one.

Handlers (``python -m dday handlers 16``; a test keeps this table true)::

    begin  _begin_16
"""

from __future__ import annotations

from ..registry import begin
from ..state import State
from .o07_bombers_return import air_home


@begin(16)
def _begin_16(s: State) -> State:
    return air_home(s, "fighter")
