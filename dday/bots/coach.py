"""The coach: what the strongest bot, the planner, would do now, why, and the numbers behind it.

:func:`hint` asks :class:`~dday.bots.planner.PlannerBot` for its choice in the position,
without playing it, and explains it in a sentence with the exact odds that decided it
(:func:`dday.bots.strong.hold_probability`, shown as percentages with one decimal).

>>> from dday.rules.scenario import position
>>> s = position(card=8, zones={"F16": {"UK": "2i 1t"}, "F17": {"UK": "2i 1a"}, "F30": {"Germany": "1i"}, "F2": {"US": "1i"}, "F26": {"US": "1i"}})
>>> h = hint(s)
>>> h.action
Move(power='UK', unit='tank', path=('F16', 'F30'), count=1)
>>> print(h.text)  # doctest: +NORMALIZE_WHITESPACE
Move 1 British tank from F16 into F30 (Caen) and bring the 5 units next door that can join:
together, P(the Allies hold Caen after the next two attack cards) is 98.4 % (these units alone: 42.6 %).

A button that shows a hint is one line: ``out.value = hint(game.state).text``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..errors import DDayError
from ..rules.actions import (
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
    PlaceReinforcement,
    SplitNavalDice,
)
from ..rules.engine import legal_actions
from ..rules.fortune import hit_number
from ..rules.state import State
from ..rules.steps import DeclareMovesStep
from ..rules.units import Force, other_side
from ..rules.words import count, percent, plural, roll_words, side_name, with_article
from . import BOTS, STRONGEST
from .allies_plan import needs_a_detachment
from .context import distances
from .plan_odds import garrison_odds, joinable, threat
from .strong import CARDS_AHEAD, hold_probability
from .weights import PlannerConfig

__all__ = ["Hint", "NoDecisionError", "hint"]


class NoDecisionError(DDayError):
    """There is nothing to decide: the game is over or the dice are about to be rolled (R-TURN-3:
    the steps of a card come in order, and a roll is nobody's choice). The message says which, in words."""


@dataclass(frozen=True)
class Hint:
    """The coach's advice: the ``action`` to take, a sentence saying why, and the numbers.

    ``numbers`` maps a short label ("before", "after", ...) to a probability between 0 and 1.
    """

    action: Action
    text: str
    numbers: dict[str, float] = field(default_factory=dict)
    side: str = ""


PLAN = PlannerConfig()
"""The numbers of the bot the coach asks (the planner's own, as ``BOTS[STRONGEST]()`` makes it)."""

ADJECTIVE = {"Germany": "German", "UK": "British", "US": "American"}


def _place(s: State, zone: str) -> str:
    if not s.board.has_zone(zone):
        return f"the {zone} beach"
    name = s.board.zone(zone).victory_city
    return f"{zone} ({name})" if name else zone


def hint(state: State, seed: int = 0) -> Hint:
    """The planner bot's choice in ``state``, not played, with a plain reason and its numbers.

    Raises :class:`NoDecisionError` when nobody has to decide (a roll is due, or the game is over).
    """
    side = state.current_player
    if state.is_over:
        raise NoDecisionError(f"The game is over: the {side_name(str(state.winner))} win, so there is nothing left to decide.")
    if side not in ("allies", "axis"):  # R-TURN-3: the card's steps come in order, and this one is a roll
        raise NoDecisionError("Nothing to decide now: the dice are rolled next.")
    actions = legal_actions(state)
    action = BOTS[STRONGEST]().choose(state, actions, np.random.default_rng(seed))
    return _explain(state, side, action)


def _odds(allies: Force, axis: Force, first: str, side: str) -> float | None:
    if allies.total + axis.total > PLAN.strong.max_fight_units:
        return None
    return hold_probability(allies, axis, first, side, CARDS_AHEAD)


def _explain(s: State, side: str, a: Action) -> Hint:
    if isinstance(a, Move):
        return _explain_move(s, side, a)
    if isinstance(a, ChooseCasualties):
        step = s.step
        zone = getattr(step, "zone", "")
        lost = ", ".join(count(n, u) for _, u, n in a.losses)
        mine = s.side_units(zone, side)
        for _, u, n in a.losses:
            mine = mine.add(u, -n)
        theirs = s.side_units(zone, other_side(side))
        allies, axis = (mine, theirs) if side == "allies" else (theirs, mine)
        p = _odds(allies, axis, other_side(side), side) if theirs.total else None
        if p is None:
            worth = "the unit worth least here" if sum(n for _, _, n in a.losses) == 1 else "the units worth least here"
            return Hint(a, f"Lose {lost}: {worth}.", {}, side)
        return Hint(a, f"Lose {lost} in {_place(s, zone)}: it leaves the best chance of holding the zone after the next two attack cards, {percent(p)}.", {"after": p}, side)
    if isinstance(a, Bombard):
        z = s.board.zone(a.zone)
        n = s.units(a.zone, "Germany").blockhouse
        its = "its blockhouse fires" if n == 1 else "its blockhouses fire"
        why = f"{its} at {' and '.join(z.fires_at)} beach{'es' * (len(z.fires_at) > 1)}" if z.fires_at else "it weakens the defenders where the Allies will attack"
        return Hint(a, f"Aim this naval die at {_place(s, a.zone)}: {why}.", {}, side)
    if isinstance(a, BomberStrike):
        arty = s.units(a.zone, "Germany").artillery
        risk = 1 - (5 / 6) ** arty
        flak = (
            f"the German artillery there can shoot it down on card 6 ({percent(risk)})"
            if arty
            else "no German artillery there can shoot it down on card 6"
        )
        h = hit_number(s, "bomb")  # 3, or 5 with fortune card 5's result 1 (FORT-5)
        return Hint(
            a,
            f"Send the {a.power} bomber to strike {with_article(a.target)} in {_place(s, a.zone)}: it hits on {roll_words(h)}, a chance of {percent(h / 6)}; {flak}.",
            {"destroy": h / 6, "bomber lost": risk},
            side,
        )
    if isinstance(a, Patrol):
        return Hint(a, f"Send a {a.power} fighter to patrol {_place(s, a.zone)}: every German unit that moves in or out, or is placed there, faces its die (a 1 destroys it).", {}, side)
    if isinstance(a, PlaceReinforcement):
        if not s.board.has_zone(a.destination):
            return Hint(a, f"Place the next reinforcement on {_place(s, a.destination)}: it has the most room left.", {}, side)
        return Hint(a, f"Place the next reinforcement in {_place(s, a.destination)}: the sector zone closest to the Allied units, with the fewest Allied fighters over it (they strafe units placed under them).", {}, side)
    if isinstance(a, Land):
        return Hint(a, f"Land {count(a.count, a.unit)} from {a.beach}: units on a beach can be shot by blockhouses and cannot fight.", {}, side)
    if isinstance(a, Done):
        if not isinstance(s.step, DeclareMovesStep):
            return Hint(a, "Stop here: no further choices improve your position.", {}, side)
        held = [s.board.zone(c).victory_city or c for c in s.board.victory_zones if s.controller(c) == "allies" and _after_declared(s, c, "allies").total]
        if side == "allies" and held:
            names = held[0] if len(held) == 1 else ", ".join(held[:-1]) + " and " + held[-1]
            return Hint(
                a,
                f"Stop here: the units in {names} stay to hold {'it' if len(held) == 1 else 'them'} "
                "(the Allies need all three cities at once; a city left behind is soon German again), "
                "and no other move improves your position.",
                {},
                side,
            )
        return Hint(a, "Stop here: no further moves improve your position.", {}, side)
    if isinstance(a, SplitNavalDice):
        return Hint(a, f"Give the UK {a.uk} of the six naval dice and the US the rest: both navies support landings.", {}, side)
    if isinstance(a, FireToSea):
        return Hint(a, f"Fire at {with_article(a.target)} on {a.beach or 'the beach'}: the most valuable target in reach.", {}, side)
    if isinstance(a, FireAA):  # the bots score every target alike: say so, not "aa UK"
        kind = getattr(s.step, "kind", "aircraft")
        h = hit_number(s, "aa")
        p = h / 6
        return Hint(
            a,
            f"Fire at the {a.power} {kind}: the die shoots down whichever {kind} it aims at on {roll_words(h)}"
            f" ({percent(p)}), so the bots see no reason to prefer one power's {kind}s.",
            {"hit": p},
            side,
        )
    return Hint(a, f"The planner bot chooses: {a}.", {}, side)


def _after_declared(s: State, zone: str, side: str) -> Force:
    """The units of ``side`` in ``zone`` once the moves declared so far are made."""
    f = s.side_units(zone, side)
    for m in getattr(s.step, "moves", ()):
        if m.path[-1] == zone:
            f = f.add(m.unit, m.count)
        if m.path[0] == zone:
            f = f.add(m.unit, -m.count)
    return f


def _explain_move(s: State, side: str, a: Move) -> Hint:
    start, dest = a.path[0], a.path[-1]
    step = s.step
    assert isinstance(step, DeclareMovesStep)
    words = f"Move {a.count} {ADJECTIVE[a.power]} {plural(a.count, a.unit)} from {start} into {_place(s, dest)}"
    who = "the Allies" if side == "allies" else "the Axis"
    enemy = s.side_units(dest, other_side(side))
    mine = s.side_units(dest, side)
    for m in step.moves:
        if m.path[-1] == dest:
            mine = mine.add(m.unit, m.count)
        if m.path[0] == dest:
            mine = mine.add(m.unit, -m.count)
    new = mine.add(a.unit, a.count)
    name = s.board.zone(dest).victory_city or dest
    if enemy.total:
        def p_of(force: Force) -> float | None:
            if not force.total:
                return 0.0
            allies, axis = (force, enemy) if side == "allies" else (enemy, force)
            return _odds(allies, axis, side, side)

        before, after = p_of(mine), p_of(new)
        if not mine.total:  # a new attack: judged with every unit next door that can join it
            full = joinable(s, dest, side, new, (start, a.unit, a.count))
            together = p_of(full)
            if together is not None and after is not None and full.total > new.total:
                return Hint(
                    a,
                    f"{words} and bring the {full.total - new.total} units next door that can join: "
                    f"together, P({who} hold {name} after the next two attack cards) is {percent(together)} "
                    f"(these units alone: {percent(after)}).",
                    {"alone": after, "together": together},
                    side,
                )
        if before is not None and after is not None and percent(after) != percent(before):
            return Hint(
                a,
                f"{words}: P({who} hold {name} after the next two attack cards) rises from {percent(before)} to {percent(after)}.",
                {"before": before, "after": after},
                side,
            )
        if before is not None and after is not None:  # no chance of holding yet: the move wears the enemy down
            foe = "the Axis" if side == "allies" else "the Allies"

            def q_of(force: Force) -> float | None:
                allies, axis = (force, enemy) if side == "allies" else (enemy, force)
                return 1.0 if not force.total else _odds(allies, axis, side, other_side(side))

            q0, q1 = q_of(mine), q_of(new)
            if q0 is not None and q1 is not None:
                return Hint(
                    a,
                    f"{words}: {who} cannot hold {name} yet ({percent(after)}), but P({foe} still hold it after the next two attack cards) "
                    f"falls from {percent(q0)} to {percent(q1)}.",
                    {"enemy before": q0, "enemy after": q1},
                    side,
                )
    cities = s.board.victory_zones
    if dest in cities and s.controller(dest) is None and not mine.total and not enemy.total:
        return Hint(a, f"{words}: {name} is empty, and a city is won by having the only land units in it (R-CONTROL-1).", {}, side)
    if dest in cities and s.controller(dest) == side:
        near = threat(s, dest, side)
        if near.total:
            before, after = garrison_odds(mine, near, side), garrison_odds(new, near, side)
            return Hint(
                a,
                f"{words}: P({who} still hold {name} if the enemy next door attacks) rises from {percent(before)} to {percent(after)}.",
                {"before": before, "after": after},
                side,
            )
    if side == "allies":
        dist = distances(s.board)
        for city in cities:
            if needs_a_detachment(s, city, _after_declared, PLAN.detach_size) and dist[dest][city] < dist[start][city] <= PLAN.detach_range:
                cname = s.board.zone(city).victory_city
                return Hint(
                    a,
                    f"{words}: {cname} is empty and no Allied unit is next to it; a detachment of {PLAN.detach_size} units can take it without a fight "
                    f"(this move brings them from {dist[start][city]} to {dist[dest][city]} moves away).",
                    {},
                    side,
                )
    if side == "axis":
        return Hint(a, f"{words}: this brings {'it' if a.count == 1 else 'them'} closer to the Allied units, where the fighting is.", {}, side)
    held = [c for c in cities if s.controller(c) == "allies"]
    if len(held) == len(cities):
        return Hint(a, f"{words}: the Allies hold all three cities and must still hold them when the next turn ends; this brings more units to them.", {}, side)
    them = "it" if a.count == 1 else "them"
    return Hint(a, f"{words}: this brings {them} closer to the cities the Allies still need ({len(cities) - len(held)} of {len(cities)}).", {}, side)
