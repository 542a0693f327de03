"""The float chain agrees with the exact chain to 1e-12 relative, and never gives NaN (issue 15)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dday import odds
from dday.odds.fight_model import FIGHT_KEYS
from dday.rules.state import RuleOptions


def _forces(units: str, most: int) -> st.SearchStrategy[str]:
    return (
        st.lists(st.integers(0, 4), min_size=len(units), max_size=len(units))
        .filter(lambda c: 0 < sum(c) <= most)
        .map(lambda c: " ".join(f"{n}{u}" for n, u in zip(c, units, strict=True) if n))
    )


def assert_floats_are_the_fractions(fight: odds.ZoneFight) -> None:
    table = fight.float_table
    assert not np.isnan(table).any()
    for c, row in enumerate(fight.rows):
        for j, key in enumerate(FIGHT_KEYS):
            exact = row[key]
            assert math.isclose(table[c, j], exact, rel_tol=1e-12, abs_tol=1e-300), (c, key, table[c, j], float(exact))


@pytest.mark.rules("R-COMBAT-2", "R-COMBAT-5", "R-COMBAT-6", "FORT-11", "VAR-RM-9")
@settings(max_examples=40, deadline=None)
@given(
    allies=_forces("iat", 8),
    axis=_forces("iatb", 10),
    cards=st.integers(0, 40),
    first=st.sampled_from(["allies", "axis"]),
    options=st.sampled_from([None, RuleOptions(fortune=True), RuleOptions(artillery_orders=True)]),
)
def test_float_table_agrees_with_the_exact_rows(allies: str, axis: str, cards: int, first: str, options: RuleOptions | None) -> None:
    assert_floats_are_the_fractions(odds.zone_fight_exact(allies, axis, cards, first, options=options))


@pytest.mark.parametrize("cards", [80, 100, 200])
def test_no_nan_over_many_cards(cards: int) -> None:
    """4 v 4 over 80-200 cards used to overflow (np.ldexp) into NaN cells."""
    df = odds.zone_fight("2i 1a 1t", "2i 1a 1t", cards)
    assert not df.isna().any().any()
    outcomes = df[["allies_hold", "axis_hold", "contested", "empty"]].sum(axis=1)
    assert np.allclose(outcomes, 1.0, rtol=0, atol=1e-12)


def test_four_against_four_over_100_cards_floats_are_the_fractions() -> None:
    assert_floats_are_the_fractions(odds.zone_fight_exact("2i 1a 1t", "2i 1a 1t", 100))


def test_final_floats_are_the_final_law() -> None:
    fight = odds.zone_fight_exact("3i 1a 1t", "2i 1a 2b", 5)
    nx = len(fight.model.side_x.forces)
    for (a, x), p in fight.final.probs.items():
        ia = [f.short() for f in fight.model.side_a.forces].index(a)
        ix = [f.short() for f in fight.model.side_x.forces].index(x)
        assert math.isclose(fight.final_floats[ia * nx + ix], p, rel_tol=1e-12)


def test_the_exact_chain_runs_only_when_a_fraction_is_read() -> None:
    fight = odds.zone_fight_exact("4i 2a 2t", "4i 2a 2t", 20)
    assert "exact_states" not in fight.__dict__  # the table alone needs no Fraction
    fight.to_frame()
    assert "exact_states" not in fight.__dict__
    fight.exact("allies_hold")
    assert "exact_states" in fight.__dict__


@pytest.mark.rules("R-COMBAT-5", "R-CONTROL-1")
@settings(max_examples=40, deadline=None)
@given(
    allies=_forces("iat", 8),
    axis=_forces("iatb", 10),
    cards=st.integers(0, 12),
    first=st.sampled_from(["allies", "axis"]),
    policy=st.sampled_from([odds.DEFAULT_POLICY, odds.ENGINE_ORDER_POLICY]),
)
def test_hold_chances_are_the_exact_holds(allies: str, axis: str, cards: int, first: str, policy: odds.CasualtyPolicy) -> None:
    """hold_chances (the bots' shortcut: no table, the last card in closed form) gives the exact
    allies_hold and axis_hold of the last card to 1e-12."""
    fight = odds.zone_fight_exact(allies, axis, cards, first, policy)
    got = odds.hold_chances(allies, axis, cards, first, policy)
    if cards == 0:
        assert got == (0.0, 0.0)  # both sides have units: contested
        return
    for value, key in zip(got, ("allies_hold", "axis_hold"), strict=True):
        assert math.isclose(value, fight.exact(key), rel_tol=1e-12, abs_tol=1e-300), (key, value, float(fight.exact(key)))


def test_hold_chances_with_a_side_wiped_out_already() -> None:
    assert odds.hold_chances("2i", "", 2) == (1.0, 0.0)
    assert odds.hold_chances("", "1b", 1, "axis") == (0.0, 1.0)
    assert odds.hold_chances("", "", 3) == (0.0, 0.0)
    with pytest.raises(odds.OddsInputError):
        odds.hold_chances("2i", "1i", 201)
