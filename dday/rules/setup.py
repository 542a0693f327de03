"""The set-up of a game (R-SETUP-1..7), rebuilding a saved state, and the checks every state passes.

>>> s = initial_state()
>>> s.turn, s.card, s.units("F14", "Germany").short()
(1, 1, '4i 3a 2b')
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import SaveFileError
from .board import Board, load_board
from .effects import parse_effect
from .flow import start_card
from .positions import validate_position
from .state import FORMAT_VERSION, RuleOptions, State
from .steps import GameOver, step_from_json
from .units import EMPTY, NO_AIR, POWERS, Air, Force


def state_from_json(data: Any, board: Board | None = None) -> State:
    """Rebuild a state from :meth:`State.to_json`, validating it (:func:`~dday.rules.positions.validate_position`);
    raise :class:`SaveFileError` naming what is wrong."""
    board = board or load_board()
    if not isinstance(data, dict) or data.get("format") != "dday-state":
        raise SaveFileError("not a dday state (missing format 'dday-state')")
    if data.get("version") != FORMAT_VERSION:
        raise SaveFileError(f"state format version {data.get('version')!r} is not supported (expected {FORMAT_VERSION})")
    try:
        ground = [[EMPTY, EMPTY, EMPTY] for _ in board.zones]
        for zid, per_power in data["zones"].items():
            if not board.has_zone(zid):
                raise SaveFileError(f"unknown zone {zid!r}")
            for p, f in per_power.items():
                if p not in POWERS:
                    raise SaveFileError(f"unknown power {p!r} in zone {zid}")
                ground[board.zone_index(zid)][POWERS.index(p)] = Force.from_dict(f)  # type: ignore[arg-type]
        beach = []
        for bh in board.beachheads:
            beach.append(Force.from_dict(data["beachheads"][bh.name]))
        if set(data["beachheads"]) - {bh.name for bh in board.beachheads}:
            raise SaveFileError(f"unknown beachhead in {sorted(data['beachheads'])}")
        airborne = tuple(Force.from_dict(f) for f in data["airborne"])
        if len(airborne) != len(board.airborne_boxes):
            raise SaveFileError("wrong number of airborne boxes")
        air = [NO_AIR for _ in board.zones]
        for zid, a in data["air"].items():
            if not board.has_zone(zid):
                raise SaveFileError(f"unknown zone {zid!r} in air units")
            air[board.zone_index(zid)] = Air.from_dict(a)
        charts = []
        for c in board.charts:
            q = tuple(int(k) for k in data["charts"][c.name])
            if any(not 0 <= k < len(c.boxes) for k in q) or list(q) != sorted(set(q)):
                raise SaveFileError(f"chart {c.name} has invalid boxes {q}")
            charts.append(q)
        deck = tuple(int(c) for c in data["deck"])
        removed = tuple(int(c) for c in data.get("removed", []))
        if any(not 1 <= c <= 16 for c in (*deck, *removed)):
            raise SaveFileError(f"deck holds an unknown order card: {deck} / {removed}")
        state = State(
            turn=int(data["turn"]),
            card=int(data["card"]),
            deck=deck,
            removed=removed,
            fortune=int(data.get("fortune", 0)),
            tactics_left=tuple(int(c) for c in data.get("tactics_left", [])),
            effects=tuple(parse_effect(e) for e in data.get("effects", [])),
            grounded=Air.from_dict(data.get("grounded", {})),
            ground=tuple(tuple(g) for g in ground),  # type: ignore[misc]
            beach=tuple(beach),
            airborne=airborne,
            air=tuple(air),
            airfield=Air.from_dict(data["airfield"]),
            air_lost=Air.from_dict(data["air_lost"]),
            destroyed=tuple(Force.from_dict(data["destroyed"].get(p, {})) for p in POWERS),  # type: ignore[arg-type]
            left_play=tuple(Force.from_dict(data.get("left_play", {}).get(p, {})) for p in POWERS),  # type: ignore[arg-type]
            charts=tuple(charts),
            hold=int(data["hold"]),
            winner=data["winner"],
            step=step_from_json(data["step"]),
            options=RuleOptions.from_json(data.get("rules", {})),
            board=board,
        )
    except SaveFileError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise SaveFileError(f"malformed state: {type(exc).__name__}: {exc}") from None
    validate_position(state, error=SaveFileError)
    return state


def check_invariants(state: State, error: type[Exception] = AssertionError) -> None:
    """Raise ``error`` if the state breaks a hard limit (stacking, conservation, turn range)."""
    b = state.board
    last = 30 if state.options.extended_play else b.turns  # VAR-RM-18 plays on past turn 10
    if not 1 <= state.turn <= last:
        raise error(f"turn {state.turn} outside 1..{last}")
    if state.winner not in (None, "allies", "axis"):
        raise error(f"unknown winner {state.winner!r}")
    for z in b.zones:
        for side in ("axis", "allies"):
            if state.stack_count(z.id, side) > b.stacking_limit:
                raise error(f"R-STACK-1: {z.id} holds more than {b.stacking_limit} {side} land units")
        _, uk, us = state.zone_forces(z.id)
        if uk.blockhouse or us.blockhouse:
            raise error(f"{z.id}: only the Axis has blockhouses (§2.2)")
    for bh, f in zip(b.beachheads, state.beach, strict=True):
        # R-STACK-6: a box's capacity limits placement only; TAC-9 may fill a box up to 8
        limit = bh.capacity if not state.options.tactics else max(bh.capacity, b.stacking_limit)
        if f.total > limit:
            raise error(f"R-STACK-6: {bh.name} holds {f.total} units, more than {limit}")
    expected = initial_inventory(b)
    got = state.inventory()
    if got != expected:
        diff = {k: (expected.get(k, 0), got.get(k, 0)) for k in set(expected) | set(got) if expected.get(k, 0) != got.get(k, 0)}
        raise error(f"units are not conserved (expected, found): {diff}")


def initial_inventory(board: Board) -> dict[tuple[str, str], int]:
    return initial_state(board=board).inventory()


def initial_state(options: RuleOptions | None = None, board: Board | None = None) -> State:
    """The set-up of the basic game (R-SETUP-1..7), waiting for order card 1."""
    board = board or load_board()
    ground = tuple((z.axis_start, EMPTY, EMPTY) for z in board.zones)
    air = Air(
        uk_fighter=board.air_units["UK"].get("fighter", 0),
        us_fighter=board.air_units["US"].get("fighter", 0),
        uk_bomber=board.air_units["UK"].get("bomber", 0),
        us_bomber=board.air_units["US"].get("bomber", 0),
    )
    options = options or RuleOptions()
    s = State(
        turn=1,
        card=1,
        deck=tuple(range(1, 17)),
        tactics_left=tuple(range(1, 17)) if options.tactics else (),
        ground=ground,
        beach=tuple(bh.start for bh in board.beachheads),
        airborne=tuple(Force(infantry=a.paratroopers) for a in board.airborne_boxes),
        air=tuple(NO_AIR for _ in board.zones),
        airfield=air,
        air_lost=NO_AIR,
        destroyed=(EMPTY, EMPTY, EMPTY),
        charts=tuple(tuple(range(len(c.boxes))) for c in board.charts),
        hold=0,
        winner=None,
        step=GameOver(),
        options=options,
        board=board,
    )
    return start_card(replace(s, card=options.card_order[0]))


__all__ = ["check_invariants", "initial_inventory", "initial_state", "state_from_json"]
