"""The zone-fight chains (dday.odds.zone_fight_exact: floats at once, Fractions on demand)
against a straightforward reference.

``reference_fight`` below is the plain integer chain over every state pair and outcome pair,
over 6**units per card. The exact chain must give the *same* Fractions (every row, the final
law and its order) and the float chain the same numbers to 1e-12 relative — for the default
and other loss orders, a policy that is not a loss order, fortune mixtures, a fixed fortune
result, TAC-10, VAR-RM-9, the Axis attacking first, blockhouses, and big forces.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dday import odds
from dday.rules import dice
from dday.rules.state import RuleOptions
from dday.rules.units import LAND_TYPES, Force, attack_value, defense_value, other_side

FORT = RuleOptions(fortune=True)
ARTY_ORDERS = RuleOptions(artillery_orders=True)
ALLIED = ("infantry", "artillery", "tank")
AXIS = ("infantry", "artillery", "tank", "blockhouse")


def _outcomes(policy: odds.CasualtyPolicy, force: Force, side: str, enemy: Force, attacking: bool, opts: Any) -> dict[Force, int]:
    """What ``enemy`` becomes after ``force`` (of ``side``) fires once: {enemy after: ways of 6**force.total}."""
    out: dict[Force, int] = {}
    scale = 6 ** (force.total - odds.dice_weights.dice_count(force, attacking, opts))
    for k, w in enumerate(odds.dice_weights.side_weights(force, side, attacking, opts)):
        if w:
            after = odds.fight_model.after_losses(policy, enemy, min(k, enemy.total), other_side(side))
            out[after] = out.get(after, 0) + w * scale
    return out


def reference_fight(
    allies: str,
    axis: str,
    cards: int,
    first: str = "allies",
    policy: odds.CasualtyPolicy = odds.DEFAULT_POLICY,
    *,
    options: RuleOptions | None = None,
    fortune: int | None = None,
    tac10: bool = False,
) -> tuple[list[dict[str, Any]], dict[tuple[str, str], Fraction]]:
    """(rows, final law) by the previous algorithm: one denominator 6**(all units) per card."""
    a0, x0 = odds.distribution.as_force(allies), odds.distribution.as_force(axis)
    n0 = a0.total + x0.total
    dist = {(a0, x0): 1}
    den = 1
    rows = []
    attacker = first
    for card in range(1, cards + 1):
        modes = odds.fight_model.card_modes(card, attacker, options, fortune, tac10)
        new: dict[tuple[Force, Force], int] = {}
        for weight, opts in modes:
            for (a, x), m in dist.items():
                if not (a.total and x.total):  # a decided zone stays decided
                    new[a, x] = new.get((a, x), 0) + m * weight * 6**n0
                    continue
                scale = weight * 6 ** (n0 - a.total - x.total)
                to_a = _outcomes(policy, x, "axis", a, attacker == "axis", opts)  # casualties still fire (R-COMBAT-6)
                to_x = _outcomes(policy, a, "allies", x, attacker == "allies", opts)
                for a2, wa in to_a.items():
                    for x2, wx in to_x.items():
                        new[a2, x2] = new.get((a2, x2), 0) + m * scale * wa * wx
        dist = new
        den *= 6**n0 * sum(w for w, _ in modes)
        cats = dict.fromkeys(("allies_hold", "axis_hold", "contested", "empty"), 0)
        surv = dict.fromkeys([f"E[allies_{u}]" for u in ALLIED] + [f"E[axis_{u}]" for u in AXIS], 0)
        for (a, x), m in dist.items():
            cats[("contested" if x.total else "allies_hold") if a.total else ("axis_hold" if x.total else "empty")] += m
            for u in ALLIED:
                surv[f"E[allies_{u}]"] += m * a.get(u)
            for u in AXIS:
                surv[f"E[axis_{u}]"] += m * x.get(u)
        row: dict[str, Any] = {"card": card, "order": 11 if attacker == "allies" else 13, "attacker": attacker}
        row.update({k: Fraction(v, den) for k, v in (cats | surv).items()})
        rows.append(row)
        attacker = other_side(attacker)
    side_a = odds.fight_model.reachable_forces(policy, a0, "allies")
    side_x = odds.fight_model.reachable_forces(policy, x0, "axis")
    final_w = {(a.short(), x.short()): dist[a, x] for a in side_a for x in side_x if dist.get((a, x))}
    final = {k: Fraction(v, den) for k, v in sorted(final_w.items(), key=lambda kv: -kv[1])}
    return rows, final


def keep_tanks(force: Force, hits: int, side: str) -> Force:
    """A policy that is not a loss order: keep the tanks, otherwise lose from the biggest group."""
    left, losses = min(hits, force.total), Force()
    for unit in sorted(LAND_TYPES, key=lambda u: (u == "tank", -force.get(u))):
        n = min(left, force.get(unit))
        if n:
            losses, left = losses.add(unit, n), left - n
    return losses


CASES: Sequence[tuple[tuple[str, str, int], dict[str, Any]]] = [
    (("4i 2a 2t", "4i 2a 2t", 20), {}),  # the benchmark question
    (("1i", "1b", 3), {}),
    (("3i 1a", "2i 1b", 6), {}),
    (("3i 2a 1t", "2i 1a 1t 1b", 5), {"first": "axis"}),
    (("5i 1a 2t", "3i 2a 1t 3b", 7), {"policy": odds.ENGINE_ORDER_POLICY}),
    (("3i 2a 1t", "2i 2a 1b", 6), {"policy": keep_tanks}),
    (("3i 2a 1t", "2i 2a 1b", 5), {"policy": keep_tanks, "options": FORT, "first": "axis"}),
    (("4i 1a", "2i 1b", 6), {"options": FORT}),
    (("4i 1a", "2i 1b", 4), {"options": FORT, "fortune": 1}),
    (("4i 1a", "2i 1b", 4), {"options": FORT, "fortune": 3}),
    (("3i 2a 1t", "2i 1t", 4), {"tac10": True}),
    (("3i 2a 1t", "2i 1t", 5), {"tac10": True, "options": FORT, "fortune": 1}),
    (("2i 2a", "3i 1t 2b", 5), {"options": ARTY_ORDERS}),
    (("6i 2t", "4i 3a 1t 3b", 12), {}),
    (("8i", "8i 3b", 3), {}),
    (("5i 3t", "4i 4t 3b", 4), {"options": FORT}),
    (("12i", "12i", 2), {}),
    (("26i", "1i 1t", 2), {}),  # more than 24 dice
    (("2i", "1t", 0), {}),  # no card: the start, certain
    (("1t", "1i", 1), {}),
]


@pytest.mark.rules("R-COMBAT-2", "R-COMBAT-5", "R-COMBAT-6", "R-CONTROL-1", "R-BH-1", "FORT-11", "TAC-10", "VAR-RM-9")
@pytest.mark.parametrize(("args", "kw"), CASES, ids=[f"{a}-{b}-{c}{'-' + '-'.join(sorted(kw)) if kw else ''}" for (a, b, c), kw in CASES])
def test_fast_chain_equals_previous_algorithm(args: tuple[str, str, int], kw: dict[str, Any]) -> None:
    rows, final = reference_fight(*args, **kw)
    fight = odds.zone_fight_exact(*args, **kw)
    assert list(fight.rows) == rows
    assert all(type(v) is Fraction for r in fight.rows for v in r.values() if not isinstance(v, int | str))
    assert dict(fight.final.probs) == final
    assert list(fight.final.probs) == list(final)  # most likely first, ties in state order
    assert fight.final.total == 1
    df = fight.to_frame()
    assert df.attrs["exact"] == rows
    for i, row in enumerate(rows):
        for k, v in row.items():
            if isinstance(v, Fraction):
                assert df[k].iloc[i] == pytest.approx(float(v), rel=1e-12, abs=1e-300)  # the float chain, to 12 digits


def test_fractions_are_in_lowest_terms_and_compare_like_fractions() -> None:
    fight = odds.zone_fight_exact("4i 2a 2t", "4i 2a 2t", 6)
    for row in fight.rows:
        for k in odds.fight_model.FIGHT_KEYS:
            p = row[k]
            q = Fraction(p.numerator, p.denominator)  # normalises
            assert (p.numerator, p.denominator) == (q.numerator, q.denominator)
            assert p == q and hash(p) == hash(q) and p + 0 == q


def test_frame_keeps_the_columns_and_dtypes_of_a_frame_built_from_the_rows() -> None:
    fight = odds.zone_fight_exact("3i 1a 1t", "2i 1a 1b", 4)
    df = fight.to_frame()
    plain = pd.DataFrame([{k: (float(v) if isinstance(v, Fraction) else v) for k, v in r.items()} for r in fight.rows])
    assert list(df.columns) == list(plain.columns)
    assert df.dtypes.equals(plain.dtypes)
    pd.testing.assert_frame_equal(df, plain, rtol=1e-12)
    assert "explanation" in df.attrs


def test_final_law_reads_like_a_distribution() -> None:
    fight = odds.zone_fight_exact("2i 1t", "2i 1b", 3)
    law = fight.final
    keys = list(law)
    assert len(law) == len(keys) == len(set(keys))
    assert law[keys[0]] == max(law.probs.values())
    assert law[("nothing", "here")] == 0
    assert law.marginal(0).total == 1
    assert "Survivors after 3 attack cards" in repr(law)


@pytest.mark.rules("R-COMBAT-5")
def test_loss_order_survivors_are_the_forces_left_hit_by_hit() -> None:
    for policy in (odds.DEFAULT_POLICY, odds.ENGINE_ORDER_POLICY):
        for side, force in (("allies", Force(3, 2, 2)), ("axis", Force(2, 1, 2, 3))):
            chain = policy.survivors(force, side)
            assert len(chain) == force.total + 1 and chain[0] == force and chain[-1].total == 0
            for j, f in enumerate(chain):
                for k in range(f.total + 2):
                    assert f.minus(policy(f, k, side)) == chain[min(j + k, force.total)]


@pytest.mark.parametrize(
    "groups", [(), ((1, 1),), ((1, 4), (2, 2), (3, 2)), ((2, 8), (3, 2)), ((1, 20), (3, 6)), ((1, 13), (2, 7), (3, 5), (4, 1))]
)
def test_dice_weights_are_the_plain_convolution(groups: tuple[tuple[int, int], ...]) -> None:
    w: tuple[int, ...] = (1,)
    for hit_on, n in groups:
        w = odds.dice_weights._convolve(w, odds.dice_weights.int_weights(n, hit_on))
    assert odds.dice_weights._dice_weights(groups) == w
    assert sum(w) == 6 ** sum(n for _, n in groups)


def force_strategy(units: tuple[str, ...], most: int) -> st.SearchStrategy[str]:
    return (
        st.lists(st.integers(0, 3), min_size=len(units), max_size=len(units))
        .filter(lambda c: 0 < sum(c) <= most)
        .map(lambda c: " ".join(f"{n}{u[0]}" for n, u in zip(c, units, strict=True) if n))
    )


@settings(max_examples=25, deadline=None)
@given(
    allies=force_strategy(ALLIED, 6),
    axis=force_strategy(AXIS, 6),
    cards=st.integers(1, 5),
    first=st.sampled_from(["allies", "axis"]),
    fortune_deck=st.booleans(),
)
def test_fast_chain_equals_previous_algorithm_on_random_fights(allies: str, axis: str, cards: int, first: str, fortune_deck: bool) -> None:
    rules = FORT if fortune_deck else None
    rows, final = reference_fight(allies, axis, cards, first, options=rules)
    fight = odds.zone_fight_exact(allies, axis, cards, first, options=rules)
    assert dict(fight.final.probs) == final and list(fight.final.probs) == list(final)
    floats = fight.floats  # read before the rows: the frame's floats need no Fraction
    assert list(fight.rows) == rows
    assert floats == pytest.approx([float(r[k]) for r in rows for k in odds.fight_model.FIGHT_KEYS], rel=1e-12, abs=1e-300)


def test_dice_weights_of_one_group_are_the_binomials_of_dday_dice() -> None:
    """n dice hitting on h are dice.hit_weights(n, h)."""
    for n in range(25):
        for h in range(7):
            assert odds.dice_weights._dice_weights(((h, n),)) == dice.hit_weights(n, h), (n, h)


@pytest.mark.rules("R-COMBAT-4", "FORT-11", "TAC-10", "VAR-RM-9")
@settings(max_examples=60, deadline=None)
@given(
    counts=st.lists(st.integers(0, 5), min_size=4, max_size=4),
    side=st.sampled_from(["allies", "axis"]),
    attacking=st.booleans(),
    infantry_hit=st.sampled_from([None, 2]),
    paired=st.integers(0, 3),
    arty=st.booleans(),
)
def test_dice_groups_fast_path_is_the_general_rule(
    counts: list[int], side: str, attacking: bool, infantry_hit: int | None, paired: int, arty: bool
) -> None:
    """dice_groups (what the odds read) and combat_dice (what the engine rolls) are one rule;
    the usual case's shortcut gives the groups of the general loop, merged and sorted."""
    from dday.rules.orders.combat import combat_dice, dice_groups

    f = Force._make(counts)
    kw = {"infantry_hit": infantry_hit, "paired_infantry": paired, "artillery_rolls": arty}
    groups = dice_groups(f, side, attacking, **kw)
    assert combat_dice(f, side, attacking, **kw).groups == groups
    assert [h for h, _ in groups] == sorted({h for h, _ in groups}) and all(n > 0 for _, n in groups)
    assert sum(n for _, n in groups) == f.total - (0 if arty else f.artillery)
    if infantry_hit is None and not paired and arty:  # the shortcut: one hit number per unit type
        want: dict[int, int] = {}
        for u, n in zip(LAND_TYPES, f, strict=True):
            if n:
                h = attack_value(u, side) if attacking else defense_value(u, side)
                want[h] = want.get(h, 0) + n
        assert groups == tuple(sorted(want.items()))


def test_ways_tables_are_each_forces_hit_law_over_one_denominator() -> None:
    """Row i over the denominator is P(force i scores k hits), for every force of a loss chain."""
    odds.clear_caches()
    for start, side in ((Force(4, 2, 2), "allies"), (Force(3, 1, 2, 4), "axis")):
        chain = odds.DEFAULT_POLICY.survivors(start, side)
        for attacking in (True, False):
            for opts in (odds.NORMAL, odds.CombatOptions(infantry_hit=2), odds.CombatOptions(tac10=True), odds.CombatOptions(artillery_rolls=False)):
                table, den = odds.fight_model.hit_ways(tuple(chain), side, attacking, opts)
                for f, row in zip(chain, table, strict=True):
                    law = odds.side_hits(f, side, attacking, **odds.dice_weights.opts_for(f, attacking, opts)) if f.total else None
                    got = [Fraction(int(x), den) for x in row]
                    want = [law[k] if law is not None and k in law else Fraction(int(k == 0 and law is None)) for k in range(len(row))]
                    assert got == want, (f, attacking, opts)


def test_float_table_is_the_floats_and_read_only() -> None:
    fight = odds.zone_fight_exact("4i 2a 2t", "4i 2a 2t", 6)
    t = fight.float_table
    assert t.shape == (6, len(odds.fight_model.FIGHT_KEYS)) and not t.flags.writeable
    assert fight.floats == tuple(t.ravel().tolist())
    assert odds.zone_fight_exact("1i", "1i", 0).float_table.shape == (0, len(odds.fight_model.FIGHT_KEYS))


@pytest.mark.parametrize(("args", "kw"), CASES, ids=[f"{a}-{b}-{c}{'-' + '-'.join(sorted(kw)) if kw else ''}" for (a, b, c), kw in CASES])
def test_memoised_set_up_and_one_cell_reads_give_the_same_fractions(args: tuple[str, str, int], kw: dict[str, Any]) -> None:
    """zone_fight_exact memoises the model (odds.fight_model.loss_chain, odds.fight_model.fight_model):
    a cold call and a warm one give the reference rows, and ZoneFight.exact reads any one cell
    (before or after its row is made) as that row's Fraction."""
    rows, _ = reference_fight(*args, **kw)
    odds.clear_caches()
    cold = odds.zone_fight_exact(*args, **kw)
    warm = odds.zone_fight_exact(*args, **kw)
    assert odds.fight_model.fight_model.cache_info().hits == 1  # the second call took the first one's set-up
    for c, row in enumerate(rows):
        for k in odds.fight_model.FIGHT_KEYS:
            got = warm.exact(k, c)
            assert got == row[k] and type(got) is Fraction
            assert (got.numerator, got.denominator) == (row[k].numerator, row[k].denominator)  # lowest terms
    assert list(warm.rows) == rows == list(cold.rows)
    if rows:
        assert cold.exact("axis_hold") == rows[-1]["axis_hold"]  # after the rows are made


def test_one_set_up_serves_every_number_of_cards() -> None:
    """The memoised set-up does not depend on how many cards are played: fights of 1..6 cards on
    a warm cache are the first rows of the 6-card reference fight."""
    for args, kw in [(("3i 1a", "2i 1b", 6), {}), (("4i 1a", "2i 1b", 6), {"options": FORT}), (("3i 2a 1t", "2i 1t", 6), {"tac10": True})]:
        rows, _ = reference_fight(*args, **kw)
        odds.clear_caches()
        for n in (6, 1, 2, 5, 3, 4):
            assert list(odds.zone_fight_exact(args[0], args[1], n, **kw).rows) == rows[:n]


def test_exact_names_the_columns_for_an_unknown_one() -> None:
    fight = odds.zone_fight_exact("1i", "1b", 2)
    with pytest.raises(KeyError, match="allies_hold"):
        fight.exact("allied_hold")
    with pytest.raises(IndexError):
        fight.exact("allies_hold", 2)


def test_memoised_set_up_is_read_only() -> None:
    """A memoised matrix changed in place would change every later fight on the same forces."""
    odds.clear_caches()
    odds.zone_fight_exact("3i 1a", "2i 1b", 3)
    model = odds.fight_model.fight_model(odds.DEFAULT_POLICY, Force(3, 1, 0, 0), Force(2, 0, 0, 1), _kinds_of_first_two_cards("allies"))
    assert odds.fight_model.fight_model.cache_info().hits == 1  # the one zone_fight_exact made
    for g in (model.matrix(0), model.matrix(1), *model.fire_laws(0)[0][1:], *model.fire_laws(1)[0][1:], model.summary):
        with pytest.raises(ValueError):
            g[0, 0] = 1.0


def _kinds_of_first_two_cards(first: str) -> tuple[tuple[str, tuple[tuple[int, Any], ...]], ...]:
    return ((first, ((1, odds.NORMAL),)), (other_side(first), ((1, odds.NORMAL),)))
