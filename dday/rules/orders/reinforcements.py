"""Reinforcements, shared by order 14 (Allies reinforce) and order 15 (Axis reinforces): R-REINF-1..9.

Each chart rolls two dice (one after turn 10 in extended play, VAR-RM-19); that many units
come off the top of the chart and are placed one decision at a time. Fortune cards 14 and 15
let one die be rolled again or halve the total; VAR-RM-12 and VAR-TA-9 are options.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

from ...errors import IllegalActionError
from .. import dice as dice_mod
from ..actions import Action, Done, PlaceReinforcement
from ..board import Chart
from ..dice import Dice, Faces
from ..editing import add_effect, add_units, offer_pick, record, set_beach
from ..effects import Placed
from ..events import AlliedPlaced, AxisStopsPlacing, DieRerolled, GermanDieShared, GermanPlaced, NoRoom, ReinforcementsRolled, RerollOffered
from ..flow import finish_card
from ..registry import legal, on_action, on_pick, on_roll
from ..state import State, evolve
from ..steps import PickStep, PlaceReinforcementsStep, ReinforcementRoll, RerollRoll
from ..units import side_of
from .movement import start_strafing


def begin_reinf(side: str) -> Callable[[State], State]:
    """How orders 14 (``side="allies"``) and 15 (``"axis"``) begin: roll for each chart of ``side`` that holds units."""
    return lambda s: _reinf_roll_next(s, side, tuple(0 for _ in s.board.charts), 0)


def _reinf_roll_next(s: State, side: str, quota: tuple[int, ...], start: int) -> State:
    for c in s.board.charts[start:]:
        if side_of(c.power) == side and s.charts[c.index]:
            dice = Dice.one_face() if s.turn > s.board.turns else Dice.two_d6()  # VAR-RM-19 after turn 10: one die
            return evolve(s, step=ReinforcementRoll(dice=dice, chart=c.index, side=side, quota=quota))
    return _placement(s, PlaceReinforcementsStep(side=side, quota=quota))


@on_roll(ReinforcementRoll)
def _roll_reinf(s: State, step: ReinforcementRoll, faces: Faces) -> State:
    c = s.board.charts[step.chart]
    if s.fortune == 1 and s.card in (14, 15) and step.dice.is_2d6:  # FORT-14 / FORT-15 result 1
        s = record(s, RerollOffered(c.index, faces))
        quota = ",".join(str(q) for q in step.quota)
        return offer_pick(
            s,
            step.side,
            "reroll",
            tuple(dict.fromkeys(("keep", f"reroll-{faces[0]}", f"reroll-{faces[1]}"))),
            f"{c.label}: keep {faces[0]}+{faces[1]} or roll one die again?",
            str(c.index),
            str(faces[0]),
            str(faces[1]),
            quota,
        )
    return _reinf_total(s, step.side, c.index, faces, step.quota)


@on_roll(RerollRoll)
def _roll_reroll(s: State, step: RerollRoll, faces: Faces) -> State:
    new = dice_mod.face(step.dice, faces)
    s = record(s, DieRerolled(new, step.kept))
    return _reinf_total(s, step.side, step.chart, (step.kept, new), step.quota)


@on_pick("reroll", fortune=True)
def _pick_reroll(s: State, step: PickStep, option: str) -> State:
    chart, f1, f2, quota_txt = int(step.data[0]), int(step.data[1]), int(step.data[2]), step.data[3]
    quota = tuple(int(q) for q in quota_txt.split(","))
    side = step.side
    if option == "keep":
        return _reinf_total(s, side, chart, (f1, f2), quota)
    kept = f2 if option == f"reroll-{f1}" else f1
    return evolve(s, step=RerollRoll(dice=Dice.one_face(), chart=chart, kept=kept, quota=quota, side=side))


def _reinf_total(s: State, side: str, chart_index: int, faces: Faces, quota_in: tuple[int, ...]) -> State:
    c = s.board.charts[chart_index]
    total = sum(faces)
    notes: list[str] = []  # the rules that changed the total
    if s.turn > s.board.turns and len(faces) == 1 and faces[0] == 6:
        total, notes = 0, [*notes, "VAR-RM-19"]  # a 6 after turn 10 brings nothing
    if s.options.reinforcement_six_nothing and side == "allies" and 6 in faces and len(faces) == 2:
        # the manual gives this rule under order 14 only (the Allied roll); our reading of "no
        # reinforcement from that roll" is that the whole two-dice roll brings nothing
        total, notes = 0, [*notes, "VAR-RM-12"]
    if s.fortune == 6 and s.card in (14, 15):
        total = -(-total // 2)  # halved, rounded up
        notes.append(f"FORT-{s.card}")
    queue = s.charts[c.index]
    n = min(total, len(queue))
    s = record(s, ReinforcementsRolled(c.index, faces, tuple(notes), tuple(c.boxes[k] for k in queue[:n])))
    quota = tuple(n if i == c.index else q for i, q in enumerate(quota_in))
    if s.turn > s.board.turns and c.power == "Germany":
        # VAR-RM-19: after turn 10 each army rolls ONE die, Germany included. The manual does not say
        # how Germany's two charts share it; our reading (RECONSTRUCTED): the units come from the
        # German charts in order, the second chart giving what the first has no more of.
        later = [o for o in s.board.charts if o.power == "Germany" and o.index > c.index]
        left = total - n
        for o in later:
            take = min(left, len(s.charts[o.index]))
            if take:
                s = record(s, GermanDieShared(o.index, tuple(o.boxes[k] for k in s.charts[o.index][:take])))
            quota = tuple(take if i == o.index else q for i, q in enumerate(quota))
            left -= take
        return _reinf_roll_next(s, side, quota, max((o.index for o in later), default=c.index) + 1)
    return _reinf_roll_next(s, side, quota, c.index + 1)


def allied_destinations(chart: Chart, box: int, beaches: Sequence[str], room: Mapping[str, int]) -> tuple[str, ...]:
    """Where the Allied unit in 0-based ``box`` of ``chart`` may be placed now: the beachheads its
    box allows (R-REINF-4: any of ``beaches``; R-REINF-5: the box's restriction) that have room
    left (``room``: free places per beachhead; none left means it stays on the chart, R-REINF-3).
    The engine and :func:`dday.odds.reinforcement_placed` both ask this.
    """
    return tuple(b for b in chart.allowed_destinations(box, tuple(beaches)) if room.get(b, 0) > 0)


def _destinations(s: State, step: PlaceReinforcementsStep, chart_index: int) -> tuple[str, ...]:
    c = s.board.charts[chart_index]
    box = s.charts[chart_index][0]
    if c.power == "Germany":
        pending: dict[str, int] = {}
        for _, _, z in step.placed:
            pending[z] = pending.get(z, 0) + 1
        return tuple(z for z in c.zones if s.stack_count(z, "axis") + pending.get(z, 0) < s.board.stacking_limit)
    beaches = s.board.beaches_of(c.power)
    room = {b: s.board.beachhead(b).capacity - s.beach_units(b).total for b in c.allowed_destinations(box, beaches)}
    return allied_destinations(c, box, beaches, room)


def _placement(s: State, step: PlaceReinforcementsStep) -> State:
    """Drop charts whose next unit cannot be placed (R-REINF-3), then finish when all are done."""
    quota = list(step.quota)
    for i, q in enumerate(quota):
        if q and (not s.charts[i] or not _destinations(s, step, i)):
            s = record(s, NoRoom(i, q))
            quota[i] = 0
    step = evolve(step, quota=tuple(quota))
    if any(quota):
        return evolve(s, step=step)
    if step.side == "allies":
        return finish_card(s)
    arrivals: list[tuple[str, str, str, int]] = []
    for _, unit, z in step.placed:
        n = s.fighters_in(z)
        if n:
            arrivals.append(("Germany", unit, z, n))
        else:
            s = add_effect(add_units(s, z, "Germany", unit, 1), Placed(z, unit))
    if step.placed:
        s = record(s, GermanPlaced(tuple((u, z) for _, u, z in step.placed), bool(arrivals)))
    s = evolve(s, step=PlaceReinforcementsStep(side="axis"))
    return start_strafing(s, tuple(arrivals))


@on_action(PlaceReinforcementsStep, PlaceReinforcement)
def _act_place(s: State, step: PlaceReinforcementsStep, a: PlaceReinforcement) -> State:
    try:
        c = s.board.chart(a.chart)
    except KeyError:
        raise IllegalActionError("R-REINF-1", f"unknown chart {a.chart!r}") from None
    if side_of(c.power) != step.side:
        raise IllegalActionError("R-TURN-3", f"order {s.card} places {step.side} reinforcements, not {c.name}")
    if not step.quota[c.index]:
        raise IllegalActionError("R-REINF-2", f"no more units may enter from {c.name} this turn")
    dests = _destinations(s, step, c.index)
    if a.destination not in dests:
        box = s.charts[c.index][0]
        if c.power == "Germany":
            rule = "R-REINF-6" if a.destination not in c.zones else "R-STACK-4"
            why = f"units of {c.name} enter only in {', '.join(c.zones)}, with at most {s.board.stacking_limit} Axis land units per zone (FAQ-34)"
        else:
            restricted = c.allowed_destinations(box, ()) != ()
            rule = "R-REINF-5" if restricted else "R-REINF-4"
            why = f"box {box + 1} of the {c.power} chart may go to {', '.join(dests) or 'no beach with room'}; beachheads hold at most their capacity"
        raise IllegalActionError(rule, f"cannot place at {a.destination}: {why}")
    box = s.charts[c.index][0]
    unit = c.boxes[box]
    charts = (*s.charts[: c.index], s.charts[c.index][1:], *s.charts[c.index + 1 :])
    quota = tuple(q - 1 if i == c.index else q for i, q in enumerate(step.quota))
    s = evolve(s, charts=charts)
    if c.power == "Germany":
        step = evolve(step, quota=quota, placed=(*step.placed, (c.index, unit, a.destination)))
    else:
        s = set_beach(s, a.destination, s.beach_units(a.destination).add(unit, 1))
        s = record(s, AlliedPlaced(c.power, unit, box, a.destination))
        step = evolve(step, quota=quota)
    return _placement(s, step)


@on_action(PlaceReinforcementsStep, Done)
def _done_place(s: State, step: PlaceReinforcementsStep, a: Done) -> State:
    if not (step.side == "axis" and s.options.optional_axis_placement):
        raise IllegalActionError("R-REINF-3", "placement is mandatory as far as room allows (VAR-TA-9 makes German placement optional)")
    s = record(s, AxisStopsPlacing())
    return _placement(s, evolve(step, quota=tuple(0 for _ in step.quota)))


@legal(PlaceReinforcementsStep)
def _legal_place(s: State, step: PlaceReinforcementsStep) -> Iterator[Action]:
    """Every placement of a chart's next unit (lazily: settle() looks at the first two only)."""
    if step.side == "axis" and s.options.optional_axis_placement:
        yield Done()
    for i, q in enumerate(step.quota):
        if q:
            c = s.board.charts[i]
            yield from (PlaceReinforcement(c.name, d) for d in _destinations(s, step, i))


__all__ = ["allied_destinations", "begin_reinf"]
