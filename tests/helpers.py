"""Helpers shared by the rule tests: apply scripts, list legal actions, assert refusals."""

from __future__ import annotations

import html as html_mod
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import pytest

from dday.errors import IllegalActionError
from dday.rules import dice as dice_mod
from dday.rules.actions import parse_action
from dday.rules.engine import apply, chance_outcomes, legal_actions
from dday.rules.setup import initial_state
from dday.rules.state import State
from dday.rules.steps import AttackRoll
from dday.rules.units import Force
from dday.views.log_text import log_lines


def item(x: Any) -> Any:
    """An action string ('move ...', 'done') becomes an Action; actions and dice pass through."""
    return parse_action(x) if isinstance(x, str) else x


def play(state: State, *script: Any) -> tuple[State, list[str]]:
    """Apply decisions (text or Action) and dice tuples; return the new state and the new log lines."""
    lines: list[str] = []
    for x in script:
        state = apply(state, item(x))
        lines.extend(log_lines(state))
    return state, lines


def play_from(state: State, *script: Any) -> tuple[State, list[str]]:
    """Like :func:`play`, the log also holding the lines that made ``state`` (e.g. a fortune roll's card)."""
    after, lines = play(state, *script)
    return after, [*log_lines(state), *lines]


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


def engine_cycle(s: State) -> dict[tuple[int, int], Fraction]:
    """The joint law of (attacker hits, defender hits) read from the engine's pending attack roll."""
    assert isinstance(s.step, AttackRoll)
    cap_a = s.side_units(s.step.zone, "axis" if s.step.attacker == "allies" else "allies").total
    cap_d = sum(s.units(s.step.zone, p).total for p in s.step.powers)
    att: dict[int, Fraction] = defaultdict(Fraction)
    for faces, p in chance_outcomes(s):
        att[min(sum(dice_mod.hits_in(s.step.dice, faces)), cap_a)] += p
    dfn: dict[int, Fraction] = defaultdict(Fraction)
    for faces, p in dice_mod.outcomes(s.step.defense_dice):
        dfn[min(sum(dice_mod.hits_in(s.step.defense_dice, faces)), cap_d)] += p
    return {(i, j): pa * pd for i, pa in att.items() for j, pd in dfn.items()}


def text_of(markup: str) -> str:
    """What a person reads of a widget's HTML: the tags dropped, the entities decoded (a place name
    kept on one line sits in a <span>, but reads the same)."""
    return html_mod.unescape(re.sub(r"<[^>]+>", "", markup))


FUZZ_TALLY: defaultdict[str, defaultdict[str, int]] = defaultdict(lambda: defaultdict(int))
"""What the fuzz properties saw, by property and outcome ("refused", "answered", ...): written to
``test-artifacts/fuzz_tally.json`` at the end of the run (by ``conftest.py``), for the long run's note."""


# ---- the order cards' tests (tests/rules/orders/) ---------------------------------------------

ALL_AIR = {"uk_fighter": 4, "us_fighter": 4, "uk_bomber": 1, "us_bomber": 1}
BEACHES = ("Utah", "Omaha", "Gold", "Juno", "Sword")


def boxes(state: State) -> dict[str, str]:
    """Each beachhead box's units, short ('3i 1a')."""
    return {b: state.beach_units(b).short() for b in BEACHES}


def setup_zones(*only: str) -> dict[str, dict[str, Force]]:
    """The Axis start units (R-SETUP-1), optionally restricted to some zones."""
    board = initial_state().board
    return {z.id: {"Germany": z.axis_start} for z in board.zones if z.axis_start.total and (not only or z.id in only)}
