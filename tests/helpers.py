"""Helpers shared by the rule tests: apply scripts, list legal actions, assert refusals."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from dday.actions import parse_action
from dday.engine import apply, legal_actions
from dday.errors import IllegalActionError
from dday.state import State


def item(x: Any) -> Any:
    """An action string ('move ...', 'done') becomes an Action; actions and dice pass through."""
    return parse_action(x) if isinstance(x, str) else x


def play(state: State, *script: Any) -> tuple[State, list[str]]:
    """Apply decisions (text or Action) and dice tuples; return the new state and the new log lines."""
    lines: list[str] = []
    for x in script:
        state = apply(state, item(x))
        lines.extend(state.events)
    return state, lines


def play_from(state: State, *script: Any) -> tuple[State, list[str]]:
    """Like :func:`play`, the log also holding the lines that made ``state`` (e.g. a fortune roll's card)."""
    after, lines = play(state, *script)
    return after, [*state.events, *lines]


def log_of(state: State, script: Sequence[Any]) -> tuple[State, list[str]]:
    """Like :func:`play`, with the script as one sequence."""
    return play(state, *script)


def refused(state: State, action: Any, rule: str) -> IllegalActionError:
    """Assert ``action`` is refused citing ``rule`` and that ``state`` is left unchanged."""
    before = state.key
    with pytest.raises(IllegalActionError) as info:
        apply(state, item(action))
    assert info.value.rule == rule, str(info.value)
    assert rule in str(info.value)
    assert state.key == before
    return info.value


def legal(state: State) -> list[str]:
    """The legal actions now, as sorted text."""
    return sorted(str(a) for a in legal_actions(state))


def strs(actions: Iterable[Any]) -> set[str]:
    return {str(a) for a in actions}


def short(state: State, zone: str, power: str) -> str:
    return state.units(zone, power).short()


def has_line(lines: Iterable[str], *parts: str) -> bool:
    return any(all(p in line for p in parts) for line in lines)
