"""Every input checked at the door (issue 16): decisions, saved games, positions.

Each case the fuzzing pass found gets a test: the clear error it must raise, in under a second and
under 200 MB, and the state left as it was.
"""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fuzz_corpus import make_corpus
from hypothesis import given
from hypothesis import strategies as st

from dday.errors import IllegalActionError, SaveFileError
from dday.play.saves import load_game
from dday.rules.actions import (
    Bombard,
    ChooseCasualties,
    Land,
    Move,
    Patrol,
    SplitNavalDice,
    check_well_formed,
)
from dday.rules.engine import apply, legal_actions, sample_roll
from dday.rules.positions import PositionError, validate_position
from dday.rules.scenario import position
from dday.rules.setup import initial_state, state_from_json
from dday.rules.state import State

GOLDEN = Path(__file__).parents[1] / "data" / "golden_game.json"


@contextmanager
def quick_and_small(seconds: float = 1.0, megabytes: float = 200) -> Iterator[None]:
    """The block must finish in ``seconds`` and allocate at most ``megabytes`` (Python objects)."""
    tracemalloc.start()
    start = time.monotonic()
    try:
        yield
    finally:
        took = time.monotonic() - start
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    assert took < seconds, f"took {took:.2f} s"
    assert peak < megabytes, f"peaked at {peak:.0f} MB"


def _first_decision(seed: int = 0) -> State:
    s, rng = initial_state(), np.random.default_rng(seed)
    while s.step.who == "chance":
        s = apply(s, sample_roll(s, rng))
    return s


# ---------------------------------------------------------------------------------------------
# decisions (R-GEN-6)

MALFORMED = [
    Land("Utah", "infantry", 1.5),  # type: ignore[arg-type]
    Land("Utah", "infantry", True),
    Patrol("UK", "F30", 2.5),  # type: ignore[arg-type]
    Move("UK", "infantry", ("F16", "F30"), 1.5),  # type: ignore[arg-type]
    Move("UK", "infantry", ("F16", "F30"), True),
    Move(None, None, None),  # type: ignore[arg-type]
    SplitNavalDice(2.5),  # type: ignore[arg-type]
    SplitNavalDice("3"),  # type: ignore[arg-type]
    ChooseCasualties(None),  # type: ignore[arg-type]
    Bombard(["F14"]),  # type: ignore[arg-type]
    Move("UK", "infantry", ("F16", "F30"), 10**9),
    Patrol("UK", "x" * 1_000_000, 1),
    "move UK infantry F16>F30",
    None,
]


@pytest.mark.parametrize("action", MALFORMED, ids=lambda a: type(a).__name__)
def test_r_gen_6_malformed_decisions_are_refused_and_change_nothing(action: Any) -> None:
    s = _first_decision()
    before = s.to_json()
    with quick_and_small(), pytest.raises(IllegalActionError) as err:
        apply(s, action)
    assert err.value.rule == "R-GEN-6"
    assert str(err.value).startswith("R-GEN-6 (Decisions must be well formed): ")
    assert len(str(err.value)) < 300  # a 1 MB name is quoted, not repeated
    assert s.to_json() == before
    str(action)  # never raises, however malformed


def test_r_gen_6_every_legal_decision_is_well_formed() -> None:
    s, rng = initial_state(), np.random.default_rng(3)
    seen = 0
    while not s.is_over and seen < 400:
        if s.step.who == "chance":
            s = apply(s, sample_roll(s, rng))
            continue
        acts = legal_actions(s)
        for a in acts:
            check_well_formed(a)
        s = apply(s, acts[int(rng.integers(len(acts)))])
        seen += 1
    assert seen > 50


# ---------------------------------------------------------------------------------------------
# positions


def test_positions_are_checked_at_every_door() -> None:
    good = initial_state().to_json()
    assert state_from_json(good) == initial_state()  # the round trip is equal now (events are not compared)
    for field, value, words in [
        ("card", 99, "card must be an order card"),
        ("hold", -5, "hold must be 0, 1 or 2"),
        ("deck", [3, 3, 3], "holds an order card twice"),
        ("winner", "allies", "a winner belongs to a finished game"),
        ("turn", 11, "turn must be a whole number from 1 to 10"),
    ]:
        bad = {**good, field: value}
        with quick_and_small(), pytest.raises(SaveFileError, match=words):
            state_from_json(bad)
    with pytest.raises(PositionError, match="card must be an order card"):
        position(card=99, zones={"F30": {"UK": "2i"}})
    with pytest.raises(PositionError, match="R-STACK-1"):
        position(card=11, zones={"F30": {"UK": "9i"}})
    assert position(card=11, zones={"F30": {"UK": "2i", "Germany": "1i"}}).card == 11  # a hand-made position, not conserving units


def test_counts_in_positions_are_whole_numbers() -> None:
    data = initial_state().to_json()
    data["zones"]["F2"]["Germany"]["infantry"] = 1.7
    with pytest.raises(SaveFileError, match=r"not 1\.7"):
        state_from_json(data)
    data["zones"]["F2"]["Germany"]["infantry"] = True
    with pytest.raises(SaveFileError, match="not True"):
        state_from_json(data)


def test_every_reachable_position_passes_the_check() -> None:
    from dday.bots.base import RandomBot
    from dday.play.game import play_game
    from dday.variants.rulesets import RULESETS, ruleset

    for i, name in enumerate(sorted(RULESETS)):
        g = play_game(RandomBot(), RandomBot(), seed=40 + i, options=ruleset(name))
        s = g.start or initial_state(g.final.options)
        for x in g.record:
            validate_position(s)
            s = apply(s, x)
        validate_position(s)


@given(st.integers(0, 10_000), st.integers(0, 300))
def test_state_equality_survives_the_json_round_trip(seed: int, steps: int) -> None:
    """``state_from_json(s.to_json()) == s`` on random reachable states (issue 16 item 5)."""
    s, rng = initial_state(), np.random.default_rng(seed)
    for _ in range(steps):
        if s.is_over:
            break
        if s.step.who == "chance":
            s = apply(s, sample_roll(s, rng))
        else:
            acts = legal_actions(s)
            s = apply(s, acts[int(rng.integers(len(acts)))])
    again = state_from_json(json.loads(json.dumps(s.to_json())))
    assert again == s and again.key == s.key


# ---------------------------------------------------------------------------------------------
# saved games


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return dict(json.loads(GOLDEN.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory, golden: dict[str, Any]) -> dict[str, Path]:
    return make_corpus(tmp_path_factory.mktemp("nasty"), golden)


EXPECTED = {
    "deep_nesting.json": "nests deeper than",
    "deep_inside.json": "nests deeper than",
    "huge_integer.json": "5000 digits",
    "huge_float.json": "'seed' must be a whole number",
    "truncated.json": "not valid JSON",
    "not_utf8.json": "not a UTF-8 text file",
    "list_at_top.json": "does not hold a saved game",
    "duplicate_keys.json": "'seed' appears twice",
    "unknown_key.json": "unknown key 'cheat'",
    "final_cut.json": "does not match the stored one",
    "final_missing.json": "has no 'final'",
    "seed_text.json": "'seed' must be a whole number",
    "players_number.json": "'players' must map",
    "huge_input.json": "input 0",
    "roll_bogus.json": "kind 'bogus'",
    "roll_billion_dice.json": "a group of dice is",
    "winner_on_running_game.json": "a winner belongs to a finished game",
    "card_99.json": "card must be an order card",
    "hold_negative.json": "hold must be 0, 1 or 2",
    "deck_repeats.json": "holds an order card twice",
    "count_fraction.json": "not 1.7",
    "casualties_in_F99.json": "'F99' is not a zone",
    "two_hundred_mb.json": "refused unread",
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_nasty_files_get_a_clear_error_quickly(corpus: dict[str, Path], name: str) -> None:
    with quick_and_small(), pytest.raises(SaveFileError) as err:
        load_game(corpus[name])
    assert EXPECTED[name] in str(err.value)
    assert len(str(err.value)) < 400, "an error quotes at most ~80 characters of the bad value"


@pytest.mark.parametrize("source", [None, 5, 5.0, ["a"], object()], ids=repr)
def test_load_game_refuses_what_is_not_a_save_source(source: Any) -> None:
    with pytest.raises(SaveFileError, match="a saved game is read from a path, JSON text or a dict"):
        load_game(source)


def test_load_game_reads_bytes_and_text(golden: dict[str, Any]) -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    assert load_game(text.encode("utf-8")).final.winner == load_game(text).final.winner == golden["final"]["winner"]
    with pytest.raises(SaveFileError, match="does not hold a saved game"):
        load_game(b"[]")
    with pytest.raises(SaveFileError, match="format"):
        load_game(b"{}")
