"""The special events of the order cards, exactly: paratroopers (ORDER-1), naval bombardment
(ORDER-2), antiaircraft fire (ORDER-4/6), bomber strikes (ORDER-5), blockhouses firing to sea
(ORDER-9), strafing (ORDER-12/15) and reinforcements (ORDER-14/15).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Final

from ..errors import OddsInputError
from ..rules.board import Board, Chart, load_board
from ..rules.orders.reinforcements import allied_destinations
from ..rules.units import HIT_AA, HIT_BLOCKHOUSE_TO_SEA, HIT_BOMBER, HIT_NAVAL, HIT_PARATROOPER, HIT_STRAFE
from ..rules.words import count as count_words
from ..rules.words import force_words, plural, roll_words
from . import inputs
from .dice_weights import hits, int_weights
from .distribution import TWO_DICE_WORDS, Distribution, UnitSpec, as_force, fmt, from_weights, number_word, power_text
from .inputs import MAX_EVENT_DICE, count, hit_number, shown

MAX_ZONES: Final = 42
"""Zones named in one bombardment (the board has 42)."""

# ---------------------------------------------------------------------------------------------
# special events


def _worked(base: str, n: int, value: Fraction) -> str:
    """``base`` to the power ``n``, worked out: "(5/6)³ = 125/216 ≈ 57.9 %"; for one die just "5/6 ≈ 83.3 %"."""
    power = power_text(base, n)
    return fmt(value) if power == str(value) else f"{power} = {fmt(value)}"


def _cap_words(dice: int, targets: int, noun: str, where: str) -> str:
    """A sentence for when there are fewer targets than dice ("Only 2 units can be hit: hits beyond
    those are lost."), else nothing: hits with nothing left to destroy are lost."""
    if targets >= dice:
        return ""
    return f" Only {count_words(targets, noun)} {where}: hits beyond {'that' if targets == 1 else 'those'} are lost."


def _each(n: int, noun: str) -> str:
    """The start of a sentence about every one of ``n`` things: "Each die" for several, "The die" for one."""
    return f"Each {noun}" if n != 1 else f"The {noun}"


def _all_miss(n: int) -> str:
    """That no die hits: "every die misses" for several dice, "the die misses" for one."""
    return "every die misses" if n != 1 else "the die misses"


def _capped(n_dice: int, hit_on: int, cap: int) -> dict[Hashable, int]:
    out: dict[Hashable, int] = {}
    for k, w in enumerate(int_weights(n_dice, hit_on)):
        out[min(k, cap)] = out.get(min(k, cap), 0) + w
    return out


def paratroopers(n_dice: int = 3, axis: UnitSpec = "1i 1b") -> Distribution:
    """ORDER-1: ``n_dice`` paratroopers hit on 1; the Axis loses one non-blockhouse unit per hit.

    >>> paratroopers(3, "1i 1b")[1]                      # EX-9: the infantry dies
    Fraction(91, 216)
    """
    n_dice = count("n_dice", n_dice, MAX_EVENT_DICE)
    f = as_force(axis, "the Axis")
    targets = f.land_for_stacking  # blockhouses are exempt (R-BH-1)
    d = from_weights(_capped(n_dice, HIT_PARATROOPER, targets), n_dice, outcome_name="Axis units destroyed")
    miss = f"{6 - HIT_PARATROOPER}/6"
    if not n_dice:
        formula = "No dice, so nothing can be destroyed."
    elif not targets:
        formula = "Nothing to hit: paratroopers cannot destroy blockhouses (R-BH-1)."
    else:
        formula = (
            f"{_each(n_dice, 'die')} destroys a unit on {roll_words(HIT_PARATROOPER)}."
            + (" Blockhouses cannot be hit (R-BH-1)." if f.blockhouse else "")
            + _cap_words(n_dice, targets, "unit", "can be hit")
            + "\n"
            f"{_each(n_dice, 'die')} misses with chance {miss}, so at least one unit is destroyed with chance"
            f" 1 − {power_text(miss, n_dice)} = {fmt(d.at_least(1))}."
        )
    title = f"Airborne assault (ORDER-1): {count_words(n_dice, 'die', words=True)} against {force_words(f)}"
    return Distribution(d.probs, title=title, formula=formula, outcome_name=d.outcome_name)


def naval_bombardment(blockhouses: int | Mapping[str, int], dice: int = 6, hit_on: int = HIT_NAVAL) -> Distribution:
    """ORDER-2: blockhouses destroyed among a target set by ``dice`` dice hitting on ``hit_on``.

    Fortune card 2 changes ``hit_on``: 3 on result 1, 1 on result 6 (FORT-2, EX-13; see
    :func:`hit_numbers`).

    Best aiming: aim every die at a surviving blockhouse of the target set (the same one
    until it falls, then the next). Every die that hits then destroys one target, so the
    number destroyed is min(hits, targets) — no policy can do better, because a die aimed
    elsewhere destroys nothing in the set. Dice left after the set is gone go to other
    blockhouses (or are lost, R-NAVAL-3). ``blockhouses`` is a count or ``{"F14": 2, ...}``.

    >>> naval_bombardment({"F14": 2})[2]                 # both Omaha blockhouses destroyed
    Fraction(473, 729)
    """
    dice, hit_on = count("dice", dice, MAX_EVENT_DICE), hit_number("hit_on", hit_on)
    if isinstance(blockhouses, Mapping):
        inputs.mapping("blockhouses", blockhouses, MAX_ZONES, "zones to blockhouse counts, like {'F14': 2}")
        b = _total_blockhouses(blockhouses.items())
    else:
        b = count("blockhouses", blockhouses, MAX_EVENT_DICE)
    if isinstance(blockhouses, int) or not blockhouses:
        where = ""
    elif len(blockhouses) == 1:
        where = f" in {next(iter(blockhouses))}"
    else:
        where = " (" + ", ".join(f"{n} in {z}" for z, n in blockhouses.items()) + ")"
    d = from_weights(_capped(dice, hit_on, b), dice, outcome_name="blockhouses destroyed")
    q = f"{6 - hit_on}/6"
    all_of = "it is" if b == 1 else ("both are" if b == 2 else f"all {b} are")
    if not (b and dice):
        formula = "Nothing can be destroyed: " + ("no target blockhouse." if not b else "no dice.")
    elif dice == 1:
        formula = f"The die is rolled at a target blockhouse; {roll_words(hit_on)} destroys it.\nNone destroyed: the die misses, {_worked(q, 1, d[0])}."
    else:
        formula = (
            f"The dice are rolled one at a time, each at a target blockhouse still standing; {roll_words(hit_on)} destroys it."
            f" So every hit destroys one until {all_of} gone.\n"
            f"None destroyed: every die misses, {_worked(q, dice, d[0])}. {all_of.capitalize()} destroyed: {fmt(d[b])}."
        )
    title = f"Naval bombardment (ORDER-2): {count_words(dice, 'die', words=True)} against {count_words(b, 'blockhouse')}{where}"
    return Distribution(d.probs, title=title, formula=formula, outcome_name=d.outcome_name)


def naval_bombardment_by_zone(priority: Sequence[tuple[str, int]], dice: int = 6, hit_on: int = HIT_NAVAL) -> Distribution:
    """Naval bombardment aimed zone by zone in ``priority`` order: P(destroyed per zone).

    >>> d = naval_bombardment_by_zone([("F14", 2), ("F15", 2)])
    >>> d[(2, 2)] == naval_bombardment(4)[4]
    True
    """
    inputs.items("priority", priority, MAX_ZONES, "(zone, blockhouses) pairs, like [('F14', 2), ('F15', 2)]")
    for pair in priority:
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise OddsInputError(f"priority is a list of (zone, blockhouses) pairs, like [('F14', 2)]; got the entry {shown(pair)}")
    total = naval_bombardment(_total_blockhouses(priority), dice, hit_on)
    out: dict[Hashable, Fraction] = {}
    for k, p in total.items():
        left = int(k)  # type: ignore[call-overload]
        per: list[int] = []
        for _, n in priority:
            per.append(min(left, n))
            left -= per[-1]
        out[tuple(per)] = p
    zones = ", ".join(f"{z} ({n})" for z, n in priority)
    return Distribution(
        out, title=f"Naval bombardment by zone, aimed in order {zones}", formula=total.formula, outcome_name="destroyed per zone"
    )


def _total_blockhouses(pairs: Iterable[tuple[str, int]]) -> int:
    """The blockhouses of (zone, count) pairs, each zone a zone of the board named once, in all at most :data:`MAX_EVENT_DICE`."""
    seen: set[str] = set()
    for z, n in pairs:
        z = inputs.zone("a bombarded zone", z)
        if z in seen:
            raise OddsInputError(f"the zone {z} is named twice; name each bombarded zone once")
        seen.add(z)
        count(f"blockhouses in {z}", n, MAX_EVENT_DICE)
    b = sum(n for _, n in pairs)
    if b > MAX_EVENT_DICE:
        raise OddsInputError(f"{b} blockhouses in all; the odds answer at most {MAX_EVENT_DICE}")
    return b


def antiaircraft(artillery: int, aircraft: int, kind: str = "fighter") -> Distribution:
    """ORDER-4/6: each Axis artillery fires one die at a chosen surviving air unit; a 1 kills it.

    >>> antiaircraft(3, 4)[0]                            # EX-8: three dice, not twelve
    Fraction(125, 216)
    """
    artillery, aircraft = count("artillery", artillery, MAX_EVENT_DICE), count("aircraft", aircraft, MAX_EVENT_DICE)
    kind = inputs.choice("kind", kind, ("fighter", "bomber"))
    d = from_weights(_capped(artillery, HIT_AA, aircraft), artillery, outcome_name=f"{kind}s lost")
    miss = f"{6 - HIT_AA}/6"
    formula = (
        f"{_each(artillery, 'artillery')} rolls one die, however many {plural(2, kind)} there are (FAQ-3, FAQ-5), at a {kind} still flying;"
        f" {roll_words(HIT_AA)} shoots it down.{_cap_words(artillery, aircraft, kind, 'there')}\n"
        f"None lost: {_all_miss(artillery)}, {_worked(miss, artillery, d[0])}."
        if artillery and aircraft
        else f"Nothing can be shot down: {'no artillery' if not artillery else 'no ' + plural(2, kind)}."
    )
    return Distribution(
        d.probs, title=f"Antiaircraft fire: {artillery} artillery against {aircraft} {plural(aircraft, kind)}", formula=formula, outcome_name=d.outcome_name
    )


def bomber_strike(bombers: int, targets: int) -> Distribution:
    """ORDER-5: each bomber strikes one chosen Axis land unit, destroying it on ≤3.

    >>> bomber_strike(2, 3)[2]
    Fraction(1, 4)
    """
    bombers, targets = count("bombers", bombers, MAX_EVENT_DICE), count("targets", targets, MAX_EVENT_DICE)
    d = from_weights(_capped(bombers, HIT_BOMBER, targets), bombers, outcome_name="Axis units destroyed")
    miss = f"{6 - HIT_BOMBER}/6"
    formula = (
        f"{_each(bombers, 'bomber')} rolls one die at a target its player picks; {roll_words(HIT_BOMBER)} destroys it."
        f"{_cap_words(bombers, targets, 'target', 'to pick from')}\n"
        f"None destroyed: {_all_miss(bombers)}, {_worked(miss, bombers, d[0])}."
        if bombers and targets
        else f"Nothing can be destroyed: {'no bombers' if not bombers else 'no targets'}."
    )
    return Distribution(
        d.probs, title=f"Bomber strike: {bombers} {plural(bombers, 'bomber')} against {targets} {plural(targets, 'target')}", formula=formula, outcome_name=d.outcome_name
    )


def fire_to_sea(blockhouses: int, box: UnitSpec, hit_on: int = HIT_BLOCKHOUSE_TO_SEA) -> Distribution:
    """ORDER-9: ``blockhouses`` fire one die each at a chosen unit in a beachhead box (≤3 kills).

    ``hit_on`` changes the number: FORT-9 result 1 makes it 5, result 6 makes it 1
    (:func:`hit_numbers`).

    >>> fire_to_sea(2, "5i 1a 1t")[2]                   # EX-5: Bayeux on Gold
    Fraction(1, 4)
    """
    blockhouses, hit_on = count("blockhouses", blockhouses, MAX_EVENT_DICE), hit_number("hit_on", hit_on)
    f = as_force(box, "the beachhead box")
    d = from_weights(_capped(blockhouses, hit_on, f.total), blockhouses, outcome_name="units lost")
    miss = f"{6 - hit_on}/6"
    formula = (
        f"{_each(blockhouses, 'blockhouse')} rolls one die{', one at a time,' if blockhouses > 1 else ''} at a unit still in the box; {roll_words(hit_on)} destroys it."
        f"{_cap_words(blockhouses, f.total, 'unit', 'in the box')}\n"
        f"None lost: {_all_miss(blockhouses)}, {_worked(miss, blockhouses, d[0])}."
        if blockhouses and f.total
        else f"Nothing can be destroyed: {'no blockhouses fire' if not blockhouses else 'the box is empty'}."
    )
    title = f"Blockhouses fire to sea (ORDER-9): {count_words(blockhouses, 'blockhouse')} against a beachhead box of {force_words(f)}"
    return Distribution(d.probs, title=title, formula=formula, outcome_name=d.outcome_name)


def strafe_dice(start: int = 0, transit: Sequence[int] = (), end: int = 0) -> int:
    """Strafing dice against one moving unit: fighters where it leaves, 2 × in each transit zone, where it enters.

    >>> strafe_dice(start=0, transit=[2], end=1)         # EX-4
    5
    """
    inputs.items("transit", transit, MAX_ZONES, "fighter counts, one per zone passed")
    start, end = count("start", start, MAX_EVENT_DICE), count("end", end, MAX_EVENT_DICE)
    return start + 2 * sum(count("fighters in a transit zone", t, MAX_EVENT_DICE) for t in transit) + end


def strafing(start: int = 0, transit: Sequence[int] = (), end: int = 0, units: int = 1) -> Distribution:
    """ORDER-12/15: units destroyed among ``units`` moving along the same path (R-AIR-3, R-AIR-4).

    Each unit survives with probability (5/6)^n, n = :func:`strafe_dice`.

    >>> strafing(transit=[2], end=1)[0] == Fraction(5, 6) ** 5       # EX-4
    True
    >>> strafing(end=3)[1]                                            # EX-7
    Fraction(91, 216)
    """
    n = strafe_dice(start, transit, end)
    units = count("units", units, MAX_EVENT_DICE)
    if n > MAX_EVENT_DICE:
        raise OddsInputError(f"{n} strafing dice against each unit (start + 2 × transit + end); the odds answer at most {MAX_EVENT_DICE}")
    kill = 1 - hits(n, HIT_STRAFE)[0]
    survive = 1 - kill
    probs = {k: Fraction(v) for k, v in enumerate(_binomial(units, kill))}
    parts = (
        [f"{start} for the {plural(start, 'fighter')} where it starts"] * bool(start)
        + [f"2 × {t} for the {plural(t, 'fighter')} in a zone it passes through" for t in transit if t]
        + [f"{end} for the {plural(end, 'fighter')} where it ends"] * bool(end)
    )
    miss = f"{6 - HIT_STRAFE}/6"
    if not n:
        formula = "No fighters on the way, so no strafing dice: nothing is destroyed."
    else:
        sum_text = " + ".join(parts) + (f" = {n}" if len(parts) > 1 or start + end != n else "")
        formula = (
            f"Strafing dice against each moving unit: {sum_text}. {_each(n, 'die')} hits on {roll_words(HIT_STRAFE)}, and one hit destroys the unit,"
            f" so a unit survives only if {'the die misses' if n == 1 else f'all {n} dice miss'}: {_worked(miss, n, survive)}."
            + (f"\nEach of the {units} units is rolled for on its own." if units > 1 else "")
        )
    return Distribution(probs, title=f"Strafing of {number_word(units)} moving {plural(units, 'unit')}", formula=formula, outcome_name="units destroyed")


def _binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    from math import comb

    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


def _allied_chart(board: Board, power: object) -> Chart:
    """The reinforcement chart of an Allied ``power`` ("US" or "UK")."""
    charts = [c for c in board.charts if isinstance(power, str) and c.power == power and c.power != "Germany"]
    if not charts:
        names = sorted({c.power for c in board.charts if c.power != "Germany"})
        raise OddsInputError(f"power must be one of {', '.join(names)} (an Allied chart), got {shown(power)}")
    return charts[0]


def _check_reinforcements(
    power: object, free: object, queue: object, board: object
) -> tuple[Board, Chart, tuple[str, ...], dict[str, int], list[int]]:
    """The arguments of :func:`reinforcement_placed` checked: the board, the power's chart and
    beachheads, the room in each beachhead and the queue of chart boxes."""
    if board is not None and not isinstance(board, Board):
        raise OddsInputError(f"board must be a Board (dday.rules.board.load_board()) or None, got {shown(board)}")
    b = board or load_board()
    chart = _allied_chart(b, power)
    beaches = b.beaches_of(chart.power)
    room = {bh: b.beachhead(bh).capacity for bh in beaches}
    if free is not None:
        given = inputs.mapping("free", free, len(beaches), f"beachheads of {chart.power} ({', '.join(beaches)}) to free room")
        for bh, n in given.items():
            if bh not in room:
                raise OddsInputError(f"free maps beachheads of {chart.power} ({', '.join(beaches)}) to free room, got the key {shown(bh)}")
            room[bh] = count(f"free room in {bh}", n, b.beachhead(bh).capacity)
    if queue is None:
        q = list(range(len(chart.boxes)))
    else:
        boxes = inputs.items("queue", queue, len(chart.boxes), "chart boxes (0-based)")
        q = [count("a chart box", box, len(chart.boxes) - 1) for box in boxes]
    return b, chart, beaches, room, q


def _placed(total: int, chart: Chart, beaches: tuple[str, ...], room: dict[str, int], queue: Sequence[int]) -> int:
    """Units placed for a roll of ``total`` (arguments checked)."""
    room = dict(room)
    placed = 0
    for box in queue[:total]:
        allowed = allied_destinations(chart, box, beaches, room)
        if not allowed:
            break  # R-REINF-3: the rest stay on the chart, first in line
        room[allowed[0]] -= 1
        placed += 1
    return placed


def reinforcement_placed(
    total: int, power: str = "US", free: Mapping[str, int] | None = None, queue: Sequence[int] | None = None, board: Board | None = None
) -> int:
    """Units of ``power`` actually placed for a 2d6 roll of ``total`` (R-REINF-1..5).

    ``free`` maps each beachhead of the power to its free room (default: full capacity);
    ``queue`` lists the chart boxes still on the chart (0-based, default: the full chart).
    Units enter in chart order and placement stops at the first unit with no room (R-REINF-3).

    >>> reinforcement_placed(8, "US", {"Utah": 4, "Omaha": 8})       # EX-3
    4
    """
    total = count("total", total, 12)
    _, chart, beaches, room, q = _check_reinforcements(power, free, queue, board)
    return _placed(total, chart, beaches, room, q)


def reinforcements(
    power: str = "US", free: Mapping[str, int] | None = None, queue: Sequence[int] | None = None, board: Board | None = None
) -> Distribution:
    """ORDER-14: distribution of units placed from a 2d6 roll, with beachhead room and chart limits.

    >>> d = reinforcements("US", {"Utah": 4, "Omaha": 8})             # turn 1 (EX-3, FAQ-32)
    >>> d[4], d[2]
    (Fraction(11, 12), Fraction(1, 36))
    """
    _, chart, beaches, room, q = _check_reinforcements(power, free, queue, board)  # checked once, before the eleven totals
    ways: dict[Hashable, int] = {}
    for s in range(2, 13):
        k = _placed(s, chart, beaches, room, q)
        ways[k] = ways.get(k, 0) + 6 - abs(s - 7)
    d = from_weights(dict(sorted(ways.items())), 2, outcome_name="units placed")
    room_words = (
        "every beachhead box is empty"
        if free is None
        else "room for " + ", ".join(f"{count_words(v, 'unit')} in {k}" for k, v in free.items())
    )
    limits = "; ".join(
        f"chart slots {first}–{last} go only to {' or '.join(beaches)}" if first != last else f"chart slot {first} goes only to {' or '.join(beaches)}"
        for first, last, beaches in chart.restrictions
    )
    formula = (
        f"{TWO_DICE_WORDS}\n"
        f"A total of N lets the next N units on the {power} chart come in, in order, until one finds no room; it and the rest"
        f" wait (R-REINF-3). Now: {room_words}" + (f"; {limits} (R-REINF-5)." if limits else ".")
    )
    return Distribution(d.probs, title=f"{power} reinforcements placed (ORDER-14)", formula=formula, outcome_name=d.outcome_name)
