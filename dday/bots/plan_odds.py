"""What both plans measure: how safe a city's garrison is against the enemy next door.

>>> from dday.rules.scenario import position
>>> s = position(card=12, zones={"F30": {"UK": "2i"}, "F31": {"Germany": "2t"}, "F39": {"Germany": "1i 1b"}})
>>> threat(s, "F30", "allies")
Force(infantry=1, artillery=0, tank=2, blockhouse=0)
>>> round(garrison_odds(Force(infantry=2), threat(s, "F30", "allies"), "allies"), 3)
0.013
"""

from __future__ import annotations

from ..rules.state import State
from ..rules.units import EMPTY, Force, other_side
from .strong import hold_probability
from .weights import StrongConfig

__all__ = ["garrison_odds", "joinable", "threat"]

MOBILE = ("tank", "artillery", "infantry")  # strongest first; blockhouses never move


def threat(s: State, city: str, side: str) -> Force:
    """The enemy units of ``side`` next to ``city`` that could move in on the next move card,
    strongest first, up to the stacking limit (units locked in a fight stay where they are)."""
    enemy = other_side(side)
    b = s.board
    counts = dict.fromkeys(MOBILE, 0)
    for n in b.zone(city).neighbours:
        if s.side_total(n, side):
            continue  # locked in combat (or empty of the enemy)
        f = s.side_units(n, enemy)
        for u in MOBILE:
            counts[u] += f.get(u)
    room = b.stacking_limit
    out = EMPTY
    for u in MOBILE:
        k = min(counts[u], room)
        if k:
            out = out.add(u, k)
            room -= k
    return out


def garrison_odds(garrison: Force, attackers: Force, side: str, max_units: int = StrongConfig().max_fight_units) -> float:
    """P(``side`` still holds the city after the enemy attacks with ``attackers`` on its next
    attack card and ``side`` answers on its own): the exact two-card fight, as a float. Above
    ``max_units`` units in all, the weakest attackers are left out (keeps the chain small)."""
    if not attackers.total:
        return 1.0 if garrison.total else 0.0
    if not garrison.total:
        return 0.0
    while garrison.total + attackers.total > max_units:  # keep the chain small: drop the weakest attacker
        u = next(u for u in reversed(MOBILE) if attackers.get(u))
        attackers = attackers.add(u, -1)
    allies, axis = (garrison, attackers) if side == "allies" else (attackers, garrison)
    return hold_probability(allies, axis, other_side(side), side, 2)


def joinable(s: State, zone: str, side: str, mine: Force, moving: tuple[str, str, int] | None = None) -> Force:
    """``mine`` plus the units of ``side`` next to ``zone`` that could still join an attack on
    it on this move card (not locked in a fight, not already declared), strongest first, up to
    the stacking limit: what a coordinated attack can bring. ``moving`` = (start zone, unit
    type, count) of a move already counted in ``mine``."""
    step = s.step
    declared: dict[tuple[str, str], int] = {}
    if moving is not None:
        declared[moving[:2]] = moving[2]
    for m in getattr(step, "moves", ()):
        declared[(m.path[0], m.unit)] = declared.get((m.path[0], m.unit), 0) + m.count
    free = dict.fromkeys(MOBILE, 0)
    for n in s.board.zone(zone).neighbours:
        if s.side_total(n, other_side(side)):
            continue
        f = s.side_units(n, side)
        for u in MOBILE:
            free[u] += max(0, f.get(u) - declared.get((n, u), 0))
    room = s.board.stacking_limit - mine.land_for_stacking
    out = mine
    for u in MOBILE:
        k = min(free[u], max(room, 0))
        if k:
            out = out.add(u, k)
            room -= k
    return out
