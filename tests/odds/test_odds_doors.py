"""Every public function of dday.odds checks every argument at its door (issue 28).

A hypothesis property calls each public function (and constructor) of ``dday.odds.__all__`` with
valid arguments, of which one or more are replaced by a wrong kind or size of value. The only
acceptable outcomes are :class:`~dday.errors.OddsInputError` naming the argument, or a correct
answer (the same type as for valid arguments; a distribution that sums to 1), within 1 s.

The default profile runs hypothesis's default number of examples; the long fuzz run makes
10,000 calls::

    pytest -m fuzz --hypothesis-profile=long tests/odds/test_odds_doors.py
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pandas as pd
import pytest
from helpers import FUZZ_TALLY
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dday import odds
from dday.errors import OddsInputError
from dday.rules.board import load_board
from dday.rules.setup import initial_state
from dday.rules.state import RuleOptions
from dday.rules.units import Force

STATE = initial_state()

# valid arguments of each public function: the baseline that the fuzzer spoils
VALID: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {
    "hits": (odds.hits, {"n_dice": 2, "hit_on": 2}),
    "hit_distribution": (odds.hit_distribution, {"n_dice": 2, "hit_on": 2, "what": "dice"}),
    "side_hits": (
        odds.side_hits,
        {"force": "2i 1a", "side": "allies", "attacking": True, "infantry_hit": None, "paired_infantry": 0, "artillery_rolls": True},
    ),
    "cycle": (
        odds.cycle,
        {"attacker": "2i 1t", "defender": {"infantry": 1, "blockhouse": 1}, "attacking_side": "allies", "infantry_hit": 2, "paired_infantry": 0, "artillery_rolls": True},
    ),
    "cycle_distribution": (
        odds.cycle_distribution,
        {"attacker": "2i", "defender": Force(infantry=1), "attacking_side": "axis", "infantry_hit": None, "paired_infantry": 1, "artillery_rolls": False},
    ),
    "cycle_dice": (
        odds.cycle_dice,
        {"attacker": "2i", "defender": Force(infantry=1), "attacking_side": "axis", "infantry_hit": None, "paired_infantry": 1, "artillery_rolls": False},
    ),
    "paratroopers": (odds.paratroopers, {"n_dice": 3, "axis": "1i 1b"}),
    "naval_bombardment": (odds.naval_bombardment, {"blockhouses": {"F14": 2, "F15": 1}, "dice": 6, "hit_on": 2}),
    "naval_bombardment_by_zone": (odds.naval_bombardment_by_zone, {"priority": [("F14", 2), ("F15", 1)], "dice": 6, "hit_on": 2}),
    "antiaircraft": (odds.antiaircraft, {"artillery": 2, "aircraft": 3, "kind": "fighter"}),
    "bomber_strike": (odds.bomber_strike, {"bombers": 2, "targets": 3}),
    "fire_to_sea": (odds.fire_to_sea, {"blockhouses": 2, "box": "2i 1t", "hit_on": 3}),
    "strafe_dice": (odds.strafe_dice, {"start": 1, "transit": [2], "end": 1}),
    "strafing": (odds.strafing, {"start": 1, "transit": [2], "end": 1, "units": 2}),
    "reinforcement_placed": (odds.reinforcement_placed, {"total": 8, "power": "US", "free": {"Utah": 4, "Omaha": 8}, "queue": [0, 1, 2, 3], "board": None}),
    "reinforcements": (odds.reinforcements, {"power": "US", "free": {"Utah": 4}, "queue": None, "board": load_board()}),
    "hit_numbers": (odds.hit_numbers, {"options": RuleOptions(fortune=True), "card": 2, "fortune": 1}),
    "combat_options": (odds.combat_options, {"state": STATE, "zone": "F11"}),
    "zone_fight": (
        odds.zone_fight,
        {"allies": "2i 1t", "axis": "1i 1b", "cards": 2, "first": "allies", "policy": odds.DEFAULT_POLICY, "options": None, "fortune": None, "tac10": False},
    ),
    "zone_fight_exact": (
        odds.zone_fight_exact,
        {"allies": "2i", "axis": "1i 1b", "cards": 3, "first": "axis", "policy": odds.ENGINE_ORDER_POLICY, "options": RuleOptions(fortune=True), "fortune": 1, "tac10": False},
    ),
    "hold_chances": (odds.hold_chances, {"allies": "2i 1a", "axis": "1b", "cards": 2, "first": "allies", "policy": odds.DEFAULT_POLICY}),
    "fmt": (odds.fmt, {"p": Fraction(1, 6)}),
    "CombatOptions": (odds.CombatOptions, {"infantry_hit": 2, "paired_infantry": 1, "artillery_rolls": False, "tac10": False}),
    "Distribution": (odds.Distribution, {"probs": {0: Fraction(1, 3), 1: Fraction(2, 3)}, "title": "t", "formula": "f", "outcome_name": "hits"}),
    "LossOrder": (odds.LossOrder, {"allies": ("tank", "infantry"), "axis": ("blockhouse",)}),
    "DEFAULT_POLICY": (odds.DEFAULT_POLICY, {"force": Force(infantry=2, tank=1), "hits": 2, "side": "allies"}),
    "ENGINE_ORDER_POLICY": (odds.ENGINE_ORDER_POLICY, {"force": Force(infantry=1, blockhouse=1), "hits": 1, "side": "axis"}),
}
NOT_CALLED = {
    "CasualtyPolicy": "a type alias",
    "UnitSpec": "a type alias",
    "OddsInputError": "the error itself",
    "ZoneFight": "made by zone_fight_exact from the model's insides, not by users",
    "clear_caches": "takes no arguments",
}

BIG_LIST = [1] * 10**6
BIG_TEXT = "1i " * 300_000
BIG_DICT = {f"F{i}": 1 for i in range(100_000)}

wrong = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=True)
    | st.fractions()
    | st.text(max_size=12)
    | st.binary(max_size=4)
    | st.sampled_from(
        [
            "allies", "axis", "germany", "US", "UK", "Germany", "France", "F14", "F99", "Utah", "Gold", "", "yes", "official",
            "2i", "2x", "31i", "-1i", "fighter", "zeppelin", "tank", "dice", "2i 1b", "i" * 500,
            10**5000, -(10**5000), 201, 7, 13, 31, 101, 10**9, 1.0, 2.5, float("inf"), Fraction(7, 6), Fraction(-1, 6),
            (), [], {}, set(), (1,), [2, -1], [0, 99], [True], [[1]], [("F14", 2.0)], [("F99", 1)], [("F14", 1), ("F14", 1)], [("F14",)],
            {"F14": 1, "F99": 2}, {"F14": -2}, {"F14": 200}, {"tank": 31}, {"infantry": 2.0}, {"panzer": 1}, {"Gold": 3}, {"Utah": 10**6},
            {1: 2}, {0: -1}, {0: 0.5}, {"a": "b"}, ("tank", "tank"), ("zeppelin",), ["infantry"],
            Force(infantry=31), Force(infantry=-1), Force(1.5, 0, 0, 0), Force(blockhouse=2), RuleOptions(), RuleOptions(fortune=True), STATE,
            load_board(), object(), print, len, lambda *a: None, lambda f, h, s: Force(infantry=9), range(10**12),
            BIG_LIST, BIG_TEXT, BIG_DICT, b"2i", bytearray(b"x"),
        ]
    )
    | st.lists(st.integers(-5, 300), max_size=5)
    | st.dictionaries(st.text(max_size=6), st.integers(-5, 300) | st.none(), max_size=4)
)

FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _is_correct(name: str, got: Any) -> bool:
    """An answer of the same kind as the valid call's, and a proper distribution where there is one."""
    fn, kwargs = VALID[name]
    expected = type(fn(**kwargs))
    if not isinstance(got, expected):
        return False
    if isinstance(got, odds.Distribution):
        return got.total == 1
    if isinstance(got, pd.DataFrame):
        return not got.isna().any().any()
    if name == "hits":
        return sum(got) == 1
    return True


def test_the_fuzzer_calls_every_public_function() -> None:
    public = {n for n in odds.__all__ if callable(getattr(odds, n))}
    assert public - set(VALID) - set(NOT_CALLED) == set()
    for name, (fn, kwargs) in VALID.items():
        inspect.signature(fn).bind(**kwargs)  # every argument has a valid value to spoil
        assert _is_correct(name, fn(**kwargs)), name


@pytest.mark.fuzz
@FUZZ
@given(st.data())
def test_every_argument_is_checked_at_the_door(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(VALID)), label="function")
    fn, kwargs = VALID[name]
    spoiled = data.draw(st.lists(st.sampled_from(sorted(kwargs)), min_size=1, max_size=len(kwargs), unique=True), label="arguments")
    args = {**kwargs, **{k: data.draw(wrong, label=k) for k in spoiled}}
    start = time.perf_counter()
    try:
        got = fn(**args)
    except OddsInputError as err:
        FUZZ_TALLY["odds calls"]["refused (OddsInputError)"] += 1
        message = str(err)
        assert message and len(message) < 600, message
        assert any(k.replace("_", " ") in message.replace("_", " ") for k in spoiled) or _names_a_value(message), (name, spoiled, message)
    else:
        assert _is_correct(name, got), (name, spoiled, got)
        FUZZ_TALLY["odds calls"]["answered correctly"] += 1
    assert time.perf_counter() - start < 1.0, (name, spoiled)


def _names_a_value(message: str) -> bool:
    """Messages about the inside of an argument name what is inside ("the Allies: ...", "a chart box ...")."""
    return any(
        word in message
        for word in ("the Allies", "the Axis", "a side", "the beachhead box", "zone", "chart box", "blockhouses", "casualty policy", "free room", "fighters", "unit type", "strafing dice", "probabilities", "order")
    )


@pytest.mark.parametrize(
    ("call", "needle"),
    [
        (lambda: odds.hit_distribution([], 3), "n_dice"),
        (lambda: odds.hit_distribution(2, "x"), "hit_on"),
        (lambda: odds.side_hits("2i", "axis", "yes"), "attacking must be True or False"),
        (lambda: odds.naval_bombardment_by_zone(-1), "priority"),
        (lambda: odds.hit_numbers("sideways"), "options must be a RuleOptions"),
        (lambda: odds.zone_fight("1i", "1b", 2, options="official"), "options must be a RuleOptions"),
        (lambda: odds.zone_fight("1i", "1b", 2, policy="x"), "policy"),
        (lambda: odds.zone_fight("1i", "1b", 2, policy=None), "policy"),
        (lambda: odds.zone_fight("1i", "1b", 2, policy=lambda f, h, s: None), "casualty policy"),
        (lambda: odds.combat_options(1), "state must be a game position"),
        (lambda: odds.combat_options(STATE, "F99"), "zone of the board"),
        (lambda: odds.reinforcements("US", board=100), "board must be a Board"),
        (lambda: odds.zone_fight("1i", "1b", 2, tac10="yes"), "tac10 must be True or False"),
        (lambda: odds.naval_bombardment({"F14": 1, "F99": 2}), "'F99'"),
        (lambda: odds.naval_bombardment_by_zone([("F14", 1), ("F14", 1)]), "named twice"),
        (lambda: odds.reinforcements("US", queue=BIG_LIST), "at most"),
        (lambda: odds.strafe_dice(1, BIG_LIST, 1), "at most"),
        (lambda: odds.strafing(transit=[40, 40]), "strafing dice"),
        (lambda: odds.hits(10**5000, 1), "more than 4,000 digits"),
        (lambda: odds.zone_fight(BIG_TEXT, "1i", 2), "characters"),
    ],
)
def test_the_issue_s_cases_are_refused_at_once(call: Callable[[], object], needle: str) -> None:
    """The minimal cases of issue 28 (each raised TypeError, KeyError or AttributeError, or was slow or accepted)."""
    start = time.perf_counter()
    with pytest.raises(OddsInputError, match=None) as err:
        call()
    assert needle in str(err.value)
    assert time.perf_counter() - start < 0.5


def test_a_policy_that_behaves_is_still_used() -> None:
    """A custom (hashable) policy is checked on each answer, not refused: here, tanks first."""

    def tanks_first(force: Force, hits: int, side: str) -> Force:
        return odds.LossOrder(("tank", "infantry", "artillery"), ("tank", "infantry", "artillery", "blockhouse"))(force, hits, side)

    mine = odds.zone_fight_exact("1i 1t", "1i", 2, policy=tanks_first)
    same = odds.zone_fight_exact("1i 1t", "1i", 2, policy=odds.LossOrder(("tank", "infantry", "artillery")))
    assert mine.exact("allies_hold") == same.exact("allies_hold")
