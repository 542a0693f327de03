"""The exact chain played die by die (dday.odds.exact_chain, issue 33) gives the same Fractions as
the chain over the transition rows, state by state and card by card, wherever it applies; big
fights' float chain (no transition matrix) gives those Fractions to 1e-12."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dday import odds
from dday.odds.exact_chain import SMALL, die_by_die, run_die_by_die, run_exact
from dday.odds.fight_model import DENSE_UP_TO, FIGHT_KEYS, run_exact_rows
from dday.rules.state import RuleOptions
from dday.rules.units import Force

FORT = RuleOptions(fortune=True)
ARTY_ORDERS = RuleOptions(artillery_orders=True)
ARTILLERY_FIRST = odds.LossOrder(allies=("artillery", "infantry", "tank"))

CASES: list[tuple[tuple[str, str, int], dict[str, Any]]] = [
    (("4i 2a 2t", "4i 2a 2t", 6), {}),
    (("1i", "1b", 3), {}),
    (("3i 2a 1t", "2i 1a 1t 1b", 5), {"first": "axis"}),
    (("5i 1a 2t", "3i 2a 1t 3b", 5), {"policy": odds.ENGINE_ORDER_POLICY}),
    (("4i 1a", "2i 1b", 4), {"options": FORT}),
    (("4i 1a", "2i 1b", 4), {"options": FORT, "fortune": 1}),
    (("3i 2a 1t", "2i 1t", 4), {"tac10": True}),
    (("3i 2a 1t", "2i 1t", 4), {"tac10": True, "options": FORT, "fortune": 1}),
    (("2i 2a", "3i 1t 2b", 5), {"options": ARTY_ORDERS}),
    (("8i 4a 4t", "6i 4a 4t 4b", 3), {}),
    (("15i 7a 8t", "15i 7a 8t", 2), {"options": FORT}),
]


def _fractions(chain: list[tuple[list[int], int]]) -> list[list[Fraction]]:
    return [[Fraction(m, den) for m in numerators] for numerators, den in chain]


@pytest.mark.rules("R-COMBAT-5", "R-COMBAT-6", "FORT-11", "TAC-10", "VAR-RM-9")
@pytest.mark.parametrize(("args", "kw"), CASES, ids=[f"{a}-{b}-{c}{'-' + '-'.join(sorted(kw)) if kw else ''}" for (a, b, c), kw in CASES])
def test_die_by_die_is_the_chain_over_the_rows(args: tuple[str, str, int], kw: dict[str, Any]) -> None:
    fight = odds.zone_fight_exact(*args, **kw)
    fast = run_die_by_die(fight.model, fight.sequence)
    assert fast is not None
    assert _fractions(fast) == _fractions(run_exact_rows(fight.model, fight.sequence))


@settings(max_examples=25, deadline=None)
@given(
    allies=st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 3)).filter(lambda c: sum(c) > 0),
    axis=st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 3), st.integers(0, 2)).filter(lambda c: sum(c) > 0),
    cards=st.integers(1, 5),
    first=st.sampled_from(["allies", "axis"]),
    options=st.sampled_from([None, FORT, ARTY_ORDERS]),
)
def test_die_by_die_on_random_fights(allies: tuple[int, ...], axis: tuple[int, ...], cards: int, first: str, options: RuleOptions | None) -> None:
    fight = odds.zone_fight_exact(Force(*allies), Force(*axis), cards, first, options=options)
    fast = run_die_by_die(fight.model, fight.sequence)
    assert fast is not None and _fractions(fast) == _fractions(run_exact_rows(fight.model, fight.sequence))


def test_where_the_dice_do_not_come_one_per_unit_the_rows_run() -> None:
    """TAC-10 with artillery lost first: an artillery that comes back pairs with an infantry, so
    one force rolls a die more *and* a die on 2 instead of 1; a policy that is not a loss order
    has no list of forces. Both fall back on the rows, with the same Fractions."""
    fight = odds.zone_fight_exact("12i 4a", "12i", 2, policy=ARTILLERY_FIRST, tac10=True)
    assert fight.model.size > SMALL
    assert die_by_die(fight.model.side_a, "allies", True, fight.model.kinds[0][1][0][1]) is None
    assert run_die_by_die(fight.model, fight.sequence) is None
    assert _fractions(run_exact(fight.model, fight.sequence)) == _fractions(run_exact_rows(fight.model, fight.sequence))



@pytest.mark.rules("R-COMBAT-5", "R-COMBAT-6", "FORT-11", "VAR-RM-9")
@pytest.mark.parametrize(
    ("args", "kw"),
    [
        (("6i 3a 3t", "6i 3a 2t 1b", 4), {"options": FORT}),
        (("8i 4a 4t", "6i 4a 4t 4b", 3), {"first": "axis"}),
        (("8i 4a", "9i 2t", 3), {"options": ARTY_ORDERS, "policy": odds.ENGINE_ORDER_POLICY}),
    ],
)
def test_big_fights_floats_are_the_fractions(args: tuple[str, str, int], kw: dict[str, Any]) -> None:
    """Above DENSE_UP_TO states the float chain plays each card from the two fire laws, without
    the transition matrix (issue 33): every cell within 1e-12, relative, of its Fraction."""
    fight = odds.zone_fight_exact(*args, **kw)
    assert fight.model.size > DENSE_UP_TO
    with pytest.raises(ValueError, match="without its matrix"):
        fight.model.matrix(0)
    for c, row in enumerate(fight.rows):
        for j, key in enumerate(FIGHT_KEYS):
            assert math.isclose(fight.float_table[c, j], row[key], rel_tol=1e-12, abs_tol=1e-300), (c, key)
