"""Fuzzing the doors: damaged saved games and malformed decisions on reachable states.

Runs hypothesis's default number of examples in CI; for the long run (10,000 of each)::

    pytest -m fuzz --hypothesis-profile=long tests/rules/test_fuzz.py

Properties: an edited or damaged save raises :class:`SaveFileError` (issue 28: its checksum
catches even a change that keeps the final position, such as a die that made no difference, the
seed, the players or two swapped inputs); a save is accepted only if its content is the saved
game's (spaces may differ); an older save without a checksum (version 2) is accepted only if it
replays to its stored final position, and then with a note; a decision either is legal or raises
an :class:`IllegalActionError` (a ``ValueError``) and changes nothing; nothing raises anything else.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import FUZZ_TALLY
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dday.bots.base import RandomBot
from dday.errors import IllegalActionError, SaveFileError
from dday.play.game import play_game
from dday.play.save_file import checksum
from dday.play.saves import load_game
from dday.rules.actions import ACTION_TYPES
from dday.rules.engine import apply
from dday.rules.setup import initial_state
from dday.rules.state import State

pytestmark = pytest.mark.fuzz

GOLDEN_TEXT = (Path(__file__).parents[1] / "data" / "golden_game.json").read_text(encoding="utf-8")
GOLDEN: dict[str, Any] = json.loads(GOLDEN_TEXT)
GOLDEN_SUM = GOLDEN["checksum"]
ROLLS = [i for i, x in enumerate(GOLDEN["inputs"]) if isinstance(x, list)]
OLD = {k: v for k, v in GOLDEN.items() if k != "checksum"} | {"version": 2}  # as saved before checksums
OLD_TEXT = json.dumps(OLD)
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ---------------------------------------------------------------------------------------------
# damaged saves

junk = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:40]):  # the first inputs are enough to reach every kind of node
            out += _paths(v, (*prefix, i))
    return out


PATHS = [p for p in _paths(GOLDEN) if p and p[0] != "final"] + [p for p in _paths(GOLDEN["final"], ("final",)) if len(p) > 1][:200]


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = list(data) if isinstance(data, list) else dict(data)
    copy[path[0]] = _replace(copy[path[0]], path[1:], value)
    return copy


@st.composite
def damaged_saves(draw: st.DrawFn, old: bool = False) -> str | dict[str, Any]:
    """The golden game (as an older save without a checksum if ``old``), damaged or edited one
    way or another (a few kinds leave its content as it was)."""
    golden, text = (OLD, OLD_TEXT) if old else (GOLDEN, GOLDEN_TEXT)
    kind = draw(st.sampled_from(["truncate", "flip", "swap", "reorder", "illegal", "nest", "number", "drop", "dice", "header", "spaces"]))
    if kind == "dice":  # other faces for a roll: often the same final position (issue 28: input 251 [6] -> [4])
        i = draw(st.sampled_from(ROLLS))
        faces = draw(st.lists(st.integers(1, 6), min_size=len(golden["inputs"][i]), max_size=len(golden["inputs"][i])))
        inputs = list(golden["inputs"])
        inputs[i] = faces
        return {**golden, "inputs": inputs}
    if kind == "header":  # the seed or the players: they change nothing in the replay
        key = draw(st.sampled_from(["seed", "players"]))
        value = draw(st.integers(0, 10**6) | st.none()) if key == "seed" else draw(st.sampled_from([{}, {"allies": "me"}, {"allies": "strong", "axis": "greedy"}]))
        return {**golden, key: value}
    if kind == "spaces":  # the same content laid out another way: not an edit
        return json.dumps(golden, indent=draw(st.sampled_from([None, 1, 4])))
    if kind == "truncate":
        return text[: draw(st.integers(0, len(text) - 1))]
    if kind == "flip":
        i = draw(st.integers(0, len(text) - 1))
        return text[:i] + draw(st.characters(codec="utf-8")) + text[i + 1 :]
    if kind == "swap":
        return _replace(golden, draw(st.sampled_from(PATHS)), draw(junk))
    if kind == "reorder":
        inputs = list(golden["inputs"])
        i, j = draw(st.integers(0, len(inputs) - 1)), draw(st.integers(0, len(inputs) - 1))
        assume(inputs[i] != inputs[j])
        inputs[i], inputs[j] = inputs[j], inputs[i]
        return {**golden, "inputs": inputs}
    if kind == "illegal":
        inputs = list(golden["inputs"])
        i = draw(st.integers(0, len(inputs) - 1))
        inputs[i] = draw(st.sampled_from(["done", "move Germany tank F38>F30", "bombard F14", "split-naval 7", "pick use", "land Utah infantry x2"]) | st.lists(st.integers(-3, 9), max_size=9))
        assume(inputs[i] != golden["inputs"][i])
        return {**golden, "inputs": inputs}
    if kind == "nest":
        depth = draw(st.integers(15, 3000))
        return text[:-2] + ', "x": ' + "[" * depth + "]" * depth + "}"
    if kind == "number":
        return text.replace('"seed": 2026', '"seed": ' + "7" * draw(st.integers(19, 6000)))
    key = draw(st.sampled_from(sorted(golden)))
    return {k: v for k, v in golden.items() if k != key}


@FAST
@given(damaged_saves())
def test_an_edited_save_is_refused(save: str | dict[str, Any]) -> None:
    start = time.perf_counter()
    try:
        game = load_game(save)
    except SaveFileError as err:
        assert str(err) and time.perf_counter() - start < 5.0
        FUZZ_TALLY["saves"]["refused (SaveFileError)"] += 1
        return
    # it loaded: then its content is the golden game's, every input and label as saved
    data = json.loads(save) if isinstance(save, str) else save
    assert checksum(data) == GOLDEN_SUM, "an edited save was accepted"
    FUZZ_TALLY["saves"]["accepted: the same content, laid out otherwise"] += 1
    assert game.seed == GOLDEN["seed"] and game.players == GOLDEN["players"] and not game.note
    assert json.loads(json.dumps(game.final.to_json())) == data["final"]


@settings(FAST, max_examples=40)  # each accepted one replays the whole game; 40 examples in every profile
@given(damaged_saves(old=True))
def test_an_older_save_without_a_checksum_is_accepted_only_if_it_replays_and_says_so(save: str | dict[str, Any]) -> None:
    try:
        game = load_game(save)
    except SaveFileError:
        FUZZ_TALLY["version 2 saves"]["refused (SaveFileError)"] += 1
        return
    data = json.loads(save) if isinstance(save, str) else save
    assert json.loads(json.dumps(game.final.to_json())) == data["final"]
    assert "version 2" in game.note and "cannot be detected" in game.note
    FUZZ_TALLY["version 2 saves"]["accepted with the note"] += 1


# ---------------------------------------------------------------------------------------------
# malformed and illegal decisions on reachable states


def _reachable(n_games: int = 3) -> list[State]:
    states: list[State] = []
    for seed in range(n_games):
        g = play_game(RandomBot(), RandomBot(), seed=100 + seed)
        s = g.start or initial_state(g.final.options)
        for i, x in enumerate(g.record):
            if s.step.who in ("allies", "axis") and i % 5 == 0:
                states.append(s)
            s = apply(s, x)
    return states


STATES = _reachable()
values = st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats() | st.text(max_size=50) | st.lists(st.text(max_size=5), max_size=4).map(tuple) | st.tuples(st.text(max_size=5), st.text(max_size=5), st.integers(-2, 9))


@st.composite
def decisions(draw: st.DrawFn) -> Any:
    cls = draw(st.sampled_from(ACTION_TYPES))
    n = len(cls.__dataclass_fields__)
    args = [draw(values | st.sampled_from(["F30", "F14", "UK", "US", "Germany", "infantry", "tank", "Utah", "blockhouse", 1, 2])) for _ in range(n)]
    if cls.__name__ == "ChooseCasualties" and draw(st.booleans()):
        args = [tuple(draw(st.lists(st.tuples(st.sampled_from(["UK", "US", "Germany"]), st.sampled_from(["infantry", "tank"]), st.integers(0, 3)), max_size=3)))]
    return cls(*args)


@FAST
@given(st.sampled_from(STATES), decisions())
def test_a_decision_is_legal_or_refused_and_changes_nothing(state: State, action: Any) -> None:
    str(action)  # never raises
    before = state.to_json()
    try:
        apply(state, action)
        FUZZ_TALLY["decisions"]["legal"] += 1
    except IllegalActionError as err:
        assert str(err) and err.rule
        FUZZ_TALLY["decisions"]["refused (IllegalActionError)"] += 1
    assert state.to_json() == before


def test_the_fuzz_pool_holds_many_kinds_of_decision_step() -> None:
    kinds = {type(s.step).__name__ for s in STATES}
    assert len(STATES) > 100 and len(kinds) >= 6, kinds
