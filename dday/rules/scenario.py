"""Build positions by hand (worked examples, tests, tutorial set-ups) and run scripts on them.

Positions made here need not be reachable in a real game, so unit conservation is not
checked for them (stacking and the other hard limits are).

>>> s = position(card=13, zones={"F30": {"Germany": "3i 1a 3t", "UK": "2i 4a 1t"}})
>>> s.step.kind, s.step.zone, s.step.dice.count          # EX-1: the Axis attack in Caen
('attack', 'F30', 7)
>>> s = run(s, [(4, 2, 5, 2, 2, 2, 5)])                  # 3 hits; the UK must choose
>>> s.step.hits
3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .actions import Action, parse_action
from .board import Board, load_board
from .engine import apply, settle
from .events import Event
from .flow import start_card
from .positions import validate_position
from .state import RuleOptions, State
from .steps import GameOver
from .units import EMPTY, NO_AIR, POWERS, Air, Force

UnitSpec = str | Mapping[str, int] | Force


def force(spec: UnitSpec) -> Force:
    """'3i 1a 1t 2b' (the rules reference's notation), a dict, or a Force -> Force.

    >>> force("3i 1a 2b")
    Force(infantry=3, artillery=1, tank=0, blockhouse=2)
    """
    if isinstance(spec, Force):
        return spec
    if isinstance(spec, Mapping):
        return Force.from_dict(dict(spec))
    counts: dict[str, int] = {}
    names = {"i": "infantry", "a": "artillery", "t": "tank", "b": "blockhouse"}
    for part in spec.split():
        n, letter = part[:-1], part[-1]
        if letter not in names or not n.isdigit():
            raise ValueError(f"cannot read {part!r}: use counts like '3i 1a 1t 2b'")
        counts[names[letter]] = counts.get(names[letter], 0) + int(n)
    return Force.from_dict(counts)


def position(
    *,
    card: int,
    turn: int = 2,
    zones: Mapping[str, Mapping[str, UnitSpec]] | None = None,
    beaches: Mapping[str, UnitSpec] | None = None,
    airborne: Sequence[int] | None = None,
    patrols: Mapping[str, Mapping[str, int]] | None = None,
    airfield: Mapping[str, int] | None = None,
    charts: Mapping[str, Sequence[int]] | None = None,
    deck: Iterable[int] | None = None,
    removed: Iterable[int] = (),
    hold: int = 0,
    options: RuleOptions | None = None,
    board: Board | None = None,
) -> State:
    """A position at the start of order ``card`` of ``turn`` with exactly the units given.

    Zones not named are empty; beachheads not named are empty; the airfield holds what
    ``airfield`` says (keys like ``uk_fighter``), patrols are ``{"F30": {"uk_fighter": 2}}``;
    charts default to full. The deck defaults to cards 2-16 (1-16 on turn 1); ``removed``
    lists cards that left the deck because their units were gone, so they come back when
    the units do (R-DECK-4).
    """
    board = board or load_board()
    ground = [(EMPTY, EMPTY, EMPTY) for _ in board.zones]
    for zid, per_power in (zones or {}).items():
        forces = [EMPTY, EMPTY, EMPTY]
        for p, spec in per_power.items():
            if p not in POWERS:
                raise ValueError(f"unknown power {p!r}; use Germany, UK or US")
            forces[POWERS.index(p)] = force(spec)  # type: ignore[arg-type]
        ground[board.zone_index(zid)] = tuple(forces)  # type: ignore[assignment]
    beach = [EMPTY for _ in board.beachheads]
    for name, spec in (beaches or {}).items():
        beach[board.beachhead(name).index] = force(spec)
    air = [NO_AIR for _ in board.zones]
    for zid, a in (patrols or {}).items():
        air[board.zone_index(zid)] = Air.from_dict(dict(a))
    chart_q = [tuple(range(len(c.boxes))) for c in board.charts]
    for name, q in (charts or {}).items():
        chart_q[board.chart(name).index] = tuple(q)
    para = tuple(Force(infantry=n) for n in (airborne or [0] * len(board.airborne_boxes)))
    if deck is None:
        deck = range(1, 17) if turn == 1 else range(2, 17)
    s = State(
        turn=turn,
        card=card,
        deck=tuple(sorted(set(deck) | {card})),
        removed=tuple(sorted(set(removed))),
        ground=tuple(ground),
        beach=tuple(beach),
        airborne=para,
        air=tuple(air),
        airfield=Air.from_dict(dict(airfield or {})),
        air_lost=NO_AIR,
        destroyed=(EMPTY, EMPTY, EMPTY),
        charts=tuple(chart_q),
        hold=hold,
        winner=None,
        step=GameOver(),
        tactics_left=tuple(range(1, 17)) if options and options.tactics else (),
        options=options or RuleOptions(),
        board=board,
    )
    validate_position(s, started=False)
    return settle(start_card(s))


Script = Sequence[Action | Sequence[int] | str]


def run(state: State, script: Script) -> State:
    """Apply decisions and dice in order. Strings are parsed as actions (``'done'``, ``'move ...'``)."""
    for x in script:
        item: Any = parse_action(x) if isinstance(x, str) else x
        state = apply(state, item)
    return state


def events_of(state: State, script: Script) -> tuple[State, list[Event]]:
    """Like :func:`run`, also returning every event recorded on the way (``state.events`` first)."""
    events: list[Event] = list(state.events)
    for x in script:
        item: Any = parse_action(x) if isinstance(x, str) else x
        state = apply(state, item)
        events.extend(state.events)
    return state, events
