"""Order 7, Bombers Return (ORDER-7, R-AIR-6; FORT-7).

Every bomber still over the board flies back to the airfield, ready for the next turn's
order 5. Fortune card 7 may bring back a lost bomber or remove one. Order 16 brings the
fighters home the same way (:func:`air_home`).

Handlers (``python -m dday handlers 7``; a test keeps this table true)::

    begin  _begin_7
"""

from __future__ import annotations

from ..editing import record
from ..events import AirHome
from ..flow import finish_card
from ..registry import begin
from ..state import State, evolve


def air_home(s: State, kind: str) -> State:
    """Every ``kind`` ("bomber" or "fighter") on the board flies back to the airfield (R-AIR-6)."""
    keys = (f"uk_{kind}", f"us_{kind}")
    back = {k: sum(getattr(a, k) for a in s.air) for k in keys}
    field_ = s.airfield._replace(**{k: getattr(s.airfield, k) + n for k, n in back.items()})
    s = evolve(
        s,
        airfield=field_,
        air=tuple(a._replace(**dict.fromkeys(keys, 0)) if getattr(a, keys[0]) or getattr(a, keys[1]) else a for a in s.air),
    )
    return finish_card(record(s, AirHome(kind, sum(back.values()))))


@begin(7)
def _begin_7(s: State) -> State:
    return air_home(s, "bomber")


__all__ = ["air_home"]
