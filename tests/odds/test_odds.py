"""Exact odds (dday.odds) against the engine's own rule code.

Two kinds of cross-checks drive the real engine (``dday.rules.engine.apply`` on
``dday.rules.scenario.position`` states), never a copy of the rules:

* **exact enumeration** — walk every chance outcome the engine offers
  (``chance_outcomes``) and every decision by the policy; the result must be *equal*;
* **seeded Monte Carlo** — sample the engine's rolls with ``numpy.random.default_rng``;
  each probability must agree within 4 standard errors.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from dday import odds
from dday.rules.actions import Action, Bombard, BomberStrike, ChooseCasualties, Done, FireAA, FireToSea, Move, PlaceReinforcement
from dday.rules.dice import iter_faces
from dday.rules.engine import apply, chance_outcomes, legal_actions, sample_roll
from dday.rules.orders.combat import combat_dice
from dday.rules.scenario import force, position
from dday.rules.state import State
from dday.rules.steps import AATargetStep, BomberStep, ChooseCasualtiesStep, DeclareMovesStep, FireToSeaStep, NavalTargetStep
from dday.rules.steps import PlaceReinforcementsStep as PlaceStep
from dday.rules.units import LAND_TYPES, Force, powers_of

Decide = Callable[[State], Action]
Done_ = Callable[[State], bool]
Read = Callable[[State], Hashable]

# ---------------------------------------------------------------------------------------------
# engine drivers


def casualties(s: State, policy: odds.CasualtyPolicy = odds.DEFAULT_POLICY) -> Action:
    """The policy's choice at a ChooseCasualtiesStep, as the engine's action."""
    step = s.step
    assert isinstance(step, ChooseCasualtiesStep)
    (power,) = [p for p in powers_of(step.side) if s.units(step.zone, p).total]  # tests use one power per side
    pool = s.units(step.zone, power)
    if step.kind == "para":
        pool = pool._replace(blockhouse=0)  # ORDER-1: blockhouses are exempt
    loss = policy(pool, step.hits, step.side)
    return ChooseCasualties(tuple((power, u, loss.get(u)) for u in LAND_TYPES if loss.get(u)))


def enumerate_engine(s: State, decide: Decide, done: Done_, read: Read) -> dict[Hashable, Fraction]:
    """The exact law of ``read`` at the first state where ``done``, over the engine's chance outcomes."""
    if done(s):
        return {read(s): Fraction(1)}
    if s.step.who == "chance":
        out: dict[Hashable, Fraction] = {}
        for faces, p in chance_outcomes(s):
            for k, q in enumerate_engine(apply(s, faces), decide, done, read).items():
                out[k] = out.get(k, Fraction(0)) + p * q
        return out
    return enumerate_engine(apply(s, decide(s)), decide, done, read)


def sample_engine(s: State, decide: Decide, done: Done_, read: Read, runs: int, seed: int) -> list[Hashable]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(runs):
        t = s
        while not done(t):
            t = apply(t, sample_roll(t, rng) if t.step.who == "chance" else decide(t))
        out.append(read(t))
    return out


def assert_mc_agrees(probs: dict[Hashable, Fraction] | odds.Distribution, samples: list[Hashable], k: float = 4.0) -> None:
    n = len(samples)
    counts: dict[Hashable, int] = {}
    for x in samples:
        counts[x] = counts.get(x, 0) + 1
    p_of = probs.probs if isinstance(probs, odds.Distribution) else probs
    assert set(counts) <= set(p_of), f"the engine produced outcomes the odds call impossible: {set(counts) - set(p_of)}"
    for outcome, p in p_of.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        freq = counts.get(outcome, 0) / n
        assert abs(freq - float(p)) <= k * se + 1 / n, f"{outcome}: MC {freq:.4f} vs exact {float(p):.4f} (4 SE = {k * se:.4f})"


def left_card(s: State) -> Done_:
    start = (s.turn, s.card)
    return lambda t: t.is_over or (t.turn, t.card) != start


def first_legal(s: State) -> Action:
    return next(a for a in legal_actions(s) if not isinstance(a, Done))


# ---------------------------------------------------------------------------------------------
# dice


@pytest.mark.rules("R-GEN-2", "R-COMBAT-4")
def test_one_die_hitting_on_1_is_one_sixth() -> None:
    assert odds.hits(1, 1) == (Fraction(5, 6), Fraction(1, 6))
    assert odds.hit_distribution(1, 1)[1] == Fraction(1, 6)


@pytest.mark.rules("R-GEN-2")
@pytest.mark.parametrize(("n", "h"), [(0, 3), (1, 6), (4, 2), (7, 3)])
def test_hits_sum_to_one_and_match_brute_force(n: int, h: int) -> None:
    dist = odds.hits(n, h)
    assert sum(dist) == 1
    brute = [Fraction(0)] * (n + 1)
    for faces in iter_faces(n):
        brute[sum(f <= h for f in faces)] += Fraction(1, 6**n)
    assert list(dist) == brute


@pytest.mark.rules("EX-7", "R-AIR-3", "FAQ-4")
def test_ex_7_three_fighters_kill_a_moving_unit_with_91_216() -> None:
    d = odds.hit_distribution(3, 1)
    assert d.at_least(1) == Fraction(91, 216)
    assert "1 − (5/6)³ = 91/216 ≈ 42.1 %" in d.explain()
    assert odds.strafing(end=3)[1] == Fraction(91, 216)


@pytest.mark.rules("EX-7", "FAQ-4", "ORDER-12", "R-AIR-3")
def test_ex_7_engine_strafes_infantry_artillery_and_tank_exactly() -> None:
    s = position(card=12, zones={"F38": {"Germany": "1i 1a 1t"}}, patrols={"F30": {"uk_fighter": 3}})
    for u in ("infantry", "artillery", "tank"):
        s = apply(s, Move("Germany", u, ("F38", "F30")))
    s = apply(s, Done()) if isinstance(s.step, DeclareMovesStep) else s  # settle() ends it when Done is the only choice
    got = enumerate_engine(s, first_legal, left_card(s), lambda t: 3 - t.units("F30", "Germany").total)
    want = odds.strafing(end=3, units=3)
    assert got == want.probs and want.total == 1


# ---------------------------------------------------------------------------------------------
# one combat cycle


def cycle_in_engine(card: int, zone: str, axis: str, uk: str) -> State:
    return position(card=card, deck=[card], zones={zone: {"Germany": axis, "UK": uk}})


def cycle_read(s: State, zone: str) -> Read:
    a0, x0 = s.side_units(zone, "allies").total, s.side_units(zone, "axis").total
    att = "axis" if s.card == 13 else "allies"

    def read(t: State) -> tuple[int, int]:
        lost_a, lost_x = a0 - t.side_units(zone, "allies").total, x0 - t.side_units(zone, "axis").total
        return (lost_x, lost_a) if att == "allies" else (lost_a, lost_x)  # (attacker's hits, defender's hits)

    return read


@pytest.mark.rules("EX-1", "R-COMBAT-3", "R-COMBAT-5", "R-COMBAT-6")
def test_ex_1_caen_cycle_pinned_values() -> None:
    axis, uk = {"infantry": 3, "artillery": 1, "tank": 3}, {"infantry": 2, "artillery": 4, "tank": 1}
    c = odds.cycle(axis, uk, "axis")
    assert sum(c.values()) == 1
    assert len(c) == 8 * 8
    # attacker: 3 dice on 1, 1 on 2, 3 on 3 (grouped by the engine's combat_dice)
    assert combat_dice(force("3i 1a 3t"), "axis", True).groups == ((1, 3), (2, 1), (3, 3))
    p3 = sum(p for (i, _), p in c.items() if i == 3)
    assert p3 == Fraction(469, 1728)
    brute = sum(
        Fraction(1, 6**7)
        for faces in iter_faces(7)
        if sum(f <= 1 for f in faces[:3]) + (faces[3] <= 2) + sum(f <= 3 for f in faces[4:]) == 3
    )
    assert p3 == brute
    # the rulebook's outcome: 3 hits by the Axis, 2 by the UK (7 dice on 2, casualties included)
    assert c[(3, 2)] == Fraction(469, 1728) * odds.hits(7, 2)[2]
    said = " ".join(odds.cycle_distribution(axis, uk, "axis").explain().split())  # the words, whatever the line breaks
    # issue 31.2: 81355/209952 has 6 digits below the line: the sentence gives the percentage, the fraction on request
    assert "the attacker scores more hits with chance 38.7 %." in said and "81355/209952" not in said
    assert c_more_hits(axis, uk) == Fraction(81355, 209952)


def c_more_hits(attacker: str, defender: str) -> Fraction:
    return odds.cycle_distribution(attacker, defender, "axis").prob(lambda o: o[0] > o[1])


@pytest.mark.rules("EX-1", "R-COMBAT-5", "R-COMBAT-6", "ORDER-13")
def test_ex_1_cycle_agrees_with_engine_monte_carlo() -> None:
    s = cycle_in_engine(13, "F30", "3i 1a 3t", "2i 4a 1t")
    samples = sample_engine(s, casualties, left_card(s), cycle_read(s, "F30"), runs=1500, seed=1)
    c = odds.cycle_distribution("3i 1a 3t", "2i 4a 1t", "axis")
    assert_mc_agrees(c.marginal(0), [x[0] for x in samples])  # type: ignore[index]
    assert_mc_agrees(c.marginal(1), [x[1] for x in samples])  # type: ignore[index]


@pytest.mark.rules("R-COMBAT-4", "R-COMBAT-5", "R-BH-1", "ORDER-11", "ORDER-13")
@pytest.mark.parametrize(("card", "axis", "uk"), [(11, "1i 1t 2b", "2i 1a 1t"), (13, "1a 1t 1b", "3i"), (11, "2b", "1i 1t")])
def test_cycle_equals_engine_enumeration(card: int, axis: str, uk: str) -> None:
    s = cycle_in_engine(card, "F14", axis, uk)
    got = enumerate_engine(s, casualties, left_card(s), cycle_read(s, "F14"))
    side = "allies" if card == 11 else "axis"
    att, dfn = (uk, axis) if side == "allies" else (axis, uk)
    assert got == odds.cycle(force(att)._asdict(), force(dfn)._asdict(), side)


@pytest.mark.rules("R-TURN-2", "R-COMBAT-4")
def test_cycle_axis_tank_defends_on_3_and_blockhouse_attacks_on_3() -> None:
    tank_def = odds.cycle({"infantry": 1}, {"tank": 1}, "allies")
    assert tank_def[(0, 1)] + tank_def[(1, 1)] == Fraction(1, 2)
    bh = odds.cycle({"blockhouse": 1}, {"infantry": 1}, "axis")
    assert bh[(1, 0)] + bh[(1, 1)] == Fraction(1, 2)
    with pytest.raises(ValueError, match="R-BH-1"):
        odds.cycle({"blockhouse": 1}, {"infantry": 1}, "allies")


@pytest.mark.rules("R-COMBAT-5")
def test_cycle_caps_hits_at_the_units_present() -> None:
    c = odds.cycle({"tank": 8}, {"infantry": 1}, "allies")
    assert set(c) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert c[(1, 0)] + c[(1, 1)] == 1 - Fraction(1, 2) ** 8


# ---------------------------------------------------------------------------------------------
# zone fight


@pytest.mark.rules("R-COMBAT-2", "R-COMBAT-7", "R-CONTROL-1", "FAQ-7")
def test_zone_fight_rows_sum_to_one_and_first_row_is_the_cycle() -> None:
    df = odds.zone_fight("3i 1a", "2i 1b", cards=6)
    assert list(df["order"]) == [11, 13, 11, 13, 11, 13]
    for row in df.attrs["exact"]:
        assert row["allies_hold"] + row["axis_hold"] + row["contested"] + row["empty"] == 1
    c = odds.cycle({"infantry": 3, "artillery": 1}, {"infantry": 2, "blockhouse": 1}, "allies")
    first = df.attrs["exact"][0]
    assert first["allies_hold"] == sum(p for (i, j), p in c.items() if i == 3 and j < 4)
    assert first["empty"] == c.get((3, 4), Fraction(0))
    assert "empty" in df.attrs["explanation"]
    # monotone: a decided zone stays decided
    assert list(df["contested"]) == sorted(df["contested"], reverse=True)


@pytest.mark.rules("R-COMBAT-2", "R-COMBAT-5")
def test_default_policy_is_documented_order() -> None:
    pol = odds.DEFAULT_POLICY
    assert pol(force("1i 1a 1t 1b"), 3, "axis") == force("1i 1a 1b")
    assert pol(force("2i 1a 1t"), 3, "allies") == force("2i 1a")
    assert pol(force("1t"), 5, "allies") == force("1t")


def fight_engine(cards: int, first: str, zone: str, axis: str, uk: str, runs: int, seed: int) -> list[tuple[str, ...]]:
    """Per run: the category after each of ``cards`` attack cards, simulated by the engine."""
    card0 = 11 if first == "allies" else 13
    s0 = position(card=card0, deck=[11, 13], zones={zone: {"Germany": axis, "UK": uk}})
    rng = np.random.default_rng(seed)

    def category(t: State) -> str:
        a, x = t.side_units(zone, "allies").total, t.side_units(zone, "axis").total
        return ("contested" if x else "allies_hold") if a else ("axis_hold" if x else "empty")

    out = []
    for _ in range(runs):
        t, cats, started = s0, [], 0
        while len(cats) < cards:
            step = t.step
            if t.is_over or (getattr(step, "kind", "") == "attack" and started > len(cats)):
                cats.append(category(t))  # one card resolved (or nothing left to fight)
                if t.is_over or category(t) != "contested":
                    cats += [category(t)] * (cards - len(cats))
                continue
            if getattr(step, "kind", "") == "attack":
                started += 1
            t = apply(t, sample_roll(t, rng) if t.step.who == "chance" else casualties(t))
        out.append(tuple(cats))
    return out


@pytest.mark.rules("R-COMBAT-1", "R-COMBAT-2", "R-COMBAT-6", "R-COMBAT-7", "ORDER-11", "ORDER-13")
@pytest.mark.parametrize(("first", "axis", "uk", "seed"), [("allies", "2i 1a 2b", "3i 1a 1t", 7), ("axis", "1i 1t", "2i 1a", 8)])
def test_zone_fight_agrees_with_engine_monte_carlo(first: str, axis: str, uk: str, seed: int) -> None:
    cards = 4
    runs = 1200
    df = odds.zone_fight(uk, axis, cards=cards, first=first)
    sims = fight_engine(cards, first, "F14", axis, uk, runs, seed)
    for c in range(cards):
        exact = df.attrs["exact"][c]
        law = {k: exact[k] for k in ("allies_hold", "axis_hold", "contested", "empty") if exact[k]}
        assert_mc_agrees(law, [run[c] for run in sims])


@pytest.mark.rules("R-COMBAT-2")
def test_zone_fight_exact_final_distribution_and_expectations() -> None:
    r = odds.zone_fight_exact("1i", "1b", cards=1)
    assert r.final.total == 1
    assert r.final[("1i", "1b")] == Fraction(25, 36)
    assert r.rows[0]["E[axis_blockhouse]"] == Fraction(5, 6)
    assert r.rows[0]["E[allies_infantry]"] == Fraction(5, 6)


# ---------------------------------------------------------------------------------------------
# special events


def axis_lost(zone: str, s0: State) -> Read:
    n0 = s0.units(zone, "Germany").total
    return lambda t: n0 - t.units(zone, "Germany").total


@pytest.mark.rules("ORDER-1", "EX-9", "R-BH-1", "R-PARA-2")
@pytest.mark.parametrize("axis", ["1i 1b", "2i 1a 2b", "2b"])
def test_order_1_paratroopers_equal_engine_enumeration(axis: str) -> None:
    s = position(card=1, turn=1, airborne=[3, 0, 0], zones={"F11": {"Germany": axis}})
    got = enumerate_engine(s, casualties, left_card(s), axis_lost("F11", s))
    assert got == odds.paratroopers(3, axis).probs


@pytest.mark.rules("ORDER-1", "EX-9")
def test_ex_9_paratroopers_monte_carlo() -> None:
    s = position(card=1, turn=1, airborne=[3, 0, 0], zones={"F11": {"Germany": "2i 1a 1b"}})
    d = odds.paratroopers(3, "2i 1a 1b")
    assert d.total == 1
    assert odds.paratroopers(3, "1i 1b")[1] == Fraction(91, 216)
    assert_mc_agrees(d, sample_engine(s, casualties, left_card(s), axis_lost("F11", s), runs=3000, seed=3))


def naval_decide(priority: list[str]) -> Decide:
    def decide(s: State) -> Action:
        assert isinstance(s.step, NavalTargetStep)
        return Bombard(next(z for z in priority if s.units(z, "Germany").blockhouse))

    return decide


@pytest.mark.rules("ORDER-2", "R-NAVAL-1", "R-NAVAL-3", "R-TARGET-4")
def test_order_2_naval_bombardment_equals_engine_enumeration() -> None:
    from dday.rules.state import RuleOptions

    s = position(card=2, options=RuleOptions(three_player=False), zones={"F14": {"Germany": "2b"}, "F15": {"Germany": "2b"}})
    read = lambda t: (2 - t.units("F14", "Germany").blockhouse, 2 - t.units("F15", "Germany").blockhouse)  # noqa: E731
    got = enumerate_engine(s, naval_decide(["F14", "F15"]), left_card(s), read)
    want = odds.naval_bombardment_by_zone([("F14", 2), ("F15", 2)])
    assert got == want.probs
    # "the two in F14": aim there until both fall
    f14 = odds.naval_bombardment({"F14": 2})
    assert f14[2] == 1 - odds.hits(6, 2)[0] - odds.hits(6, 2)[1]
    assert f14.total == 1 and f14 == f14 and want.marginal(0).probs == f14.probs


@pytest.mark.rules("ORDER-2", "R-NAVAL-1")
def test_order_2_naval_bombardment_monte_carlo() -> None:
    from dday.rules.state import RuleOptions

    s = position(card=2, options=RuleOptions(three_player=False), zones={"F14": {"Germany": "2b"}, "F2": {"Germany": "1b"}})
    read = lambda t: 3 - t.units("F14", "Germany").blockhouse - t.units("F2", "Germany").blockhouse  # noqa: E731
    samples = sample_engine(s, naval_decide(["F14", "F2"]), left_card(s), read, runs=800, seed=4)
    assert_mc_agrees(odds.naval_bombardment(3), samples)


@pytest.mark.rules("ORDER-4", "EX-8", "R-AA-2", "FAQ-3", "FAQ-5", "R-AIR-7")
@pytest.mark.parametrize(("arty", "fighters"), [(3, 4), (3, 1), (2, 2)])
def test_order_4_aa_equals_engine_enumeration(arty: int, fighters: int) -> None:
    s = position(card=4, zones={"F30": {"Germany": f"{arty}a"}}, patrols={"F30": {"uk_fighter": fighters}})
    assert isinstance(s.step, AATargetStep) or s.step.who == "chance"
    got = enumerate_engine(s, lambda t: FireAA("UK"), left_card(s), lambda t: t.air_lost.fighters)
    assert got == odds.antiaircraft(arty, fighters).probs


@pytest.mark.rules("ORDER-4", "EX-8")
def test_ex_8_aa_monte_carlo() -> None:
    s = position(card=4, zones={"F30": {"Germany": "3a"}}, patrols={"F30": {"uk_fighter": 2, "us_fighter": 2}})
    decide = lambda t: next(a for a in legal_actions(t) if isinstance(a, FireAA))  # noqa: E731
    samples = sample_engine(s, decide, left_card(s), lambda t: t.air_lost.fighters, runs=2000, seed=5)
    assert_mc_agrees(odds.antiaircraft(3, 4), samples)


@pytest.mark.rules("ORDER-5", "R-AIR-5", "FAQ-6", "EX-17")
@pytest.mark.parametrize("axis", ["1a 1i", "1b", "2i 1t"])
def test_order_5_bomber_strike_equals_engine_enumeration(axis: str) -> None:
    s = position(card=5, zones={"F26": {"Germany": axis}}, airfield={"uk_bomber": 1, "us_bomber": 1})

    def decide(t: State) -> Action:
        assert isinstance(t.step, BomberStep)
        return next(a for a in legal_actions(t) if isinstance(a, BomberStrike))

    got = enumerate_engine(s, decide, left_card(s), axis_lost("F26", s))
    assert got == odds.bomber_strike(2, force(axis).total).probs


@pytest.mark.rules("ORDER-9", "EX-5", "R-BH-2", "R-BH-3", "FAQ-26")
@pytest.mark.parametrize(
    ("zone", "blockhouses", "beach", "box"),
    [("F15", "2b", "Gold", "5i 1a 1t"), ("F17", "2b", "Sword", "1i"), ("F14", "2b", "Omaha", "6i 2a"), ("F14", "2b", "Utah", "3i 1a"), ("F16", "1b", "Sword", "2i")],
)
def test_order_9_fire_to_sea_equals_engine_enumeration(zone: str, blockhouses: str, beach: str, box: str) -> None:
    s = position(card=9, zones={zone: {"Germany": blockhouses}}, beaches={beach: box})
    n0 = force(box).total

    def decide(t: State) -> Action:
        assert isinstance(t.step, FireToSeaStep)
        return next(FireToSea(u, beach) for u in ("tank", "artillery", "infantry") if t.beach_units(beach).get(u))

    got = enumerate_engine(s, decide, left_card(s), lambda t: n0 - t.beach_units(beach).total)
    assert got == odds.fire_to_sea(force(blockhouses).blockhouse, box).probs
    assert odds.fire_to_sea(2, "5i 1a 1t")[0] == Fraction(1, 4)


@pytest.mark.rules("EX-4", "FAQ-18", "FAQ-19", "R-AIR-4", "R-MOVE-4", "R-MOVE-7")
def test_ex_4_tank_through_caen_survives_with_five_sixths_to_the_fifth() -> None:
    d = odds.strafing(start=0, transit=[2], end=1)
    assert d[0] == Fraction(5, 6) ** 5
    assert round(float(d[0]), 3) == 0.402
    assert "= 5" in d.explain()
    s = position(card=12, zones={"F38": {"Germany": "1t"}}, patrols={"F30": {"uk_fighter": 2}, "F17": {"uk_fighter": 1}})
    assert isinstance(s.step, DeclareMovesStep)
    s = apply(s, Move("Germany", "tank", ("F38", "F30", "F17")))
    s = apply(s, Done()) if isinstance(s.step, DeclareMovesStep) else s
    assert s.step.who == "chance" and chance_outcomes(s)  # 5 strafing dice (the engine's count)
    read = lambda t: 1 - t.units("F17", "Germany").tank  # noqa: E731
    assert enumerate_engine(s, first_legal, left_card(s), read) == d.probs
    assert_mc_agrees(d, sample_engine(s, first_legal, left_card(s), read, runs=3000, seed=6))


def place_first(t: State) -> Action:
    assert isinstance(t.step, PlaceStep)
    return next(a for a in legal_actions(t) if isinstance(a, PlaceReinforcement))


def us_placed(s0: State) -> Read:
    n0 = s0.beach_units("Utah").total + s0.beach_units("Omaha").total
    return lambda t: t.beach_units("Utah").total + t.beach_units("Omaha").total - n0


@pytest.mark.rules("ORDER-14", "EX-3", "FAQ-32", "R-REINF-1", "R-REINF-2", "R-REINF-3", "R-REINF-5")
def test_ex_3_turn_1_us_reinforcements() -> None:
    assert odds.reinforcement_placed(8, "US", {"Utah": 4, "Omaha": 8}) == 4
    assert odds.reinforcement_placed(8, "US", {"Utah": 1, "Omaha": 8}) == 1  # "only 4 − k are placed"
    d = odds.reinforcements("US", {"Utah": 4, "Omaha": 8})
    assert d.probs == {2: Fraction(1, 36), 3: Fraction(2, 36), 4: Fraction(33, 36)}
    s = position(card=14, turn=1, charts={"UK": []})  # Utah and Omaha empty, US chart full
    assert enumerate_engine(s, place_first, left_card(s), us_placed(s)) == d.probs


@pytest.mark.rules("ORDER-14", "R-REINF-3", "R-REINF-4", "R-REINF-5", "R-STACK-6")
def test_order_14_reinforcements_later_in_the_chart_equal_engine_enumeration() -> None:
    queue = list(range(5, 38))  # box 6 (Utah only) is next, then 7-8 (Omaha only), then anywhere
    s = position(card=14, charts={"UK": [], "US": queue}, beaches={"Utah": "2i", "Omaha": "4i 1a"})
    d = odds.reinforcements("US", {"Utah": 2, "Omaha": 3}, queue=queue)
    assert d.total == 1
    assert enumerate_engine(s, place_first, left_card(s), us_placed(s)) == d.probs
    uk = odds.reinforcements("UK", {"Gold": 0, "Juno": 1, "Sword": 2})
    assert uk.probs == {2: Fraction(1, 36), 3: Fraction(35, 36)}
    assert_mc_agrees(d, sample_engine(s, place_first, left_card(s), us_placed(s), runs=800, seed=9))


# ---------------------------------------------------------------------------------------------
# the result type


@pytest.mark.rules("R-GEN-2")
def test_distribution_views() -> None:
    d = odds.hit_distribution(2, 3, what="bombers")
    assert d.total == 1
    assert d.mean() == 1
    assert d.to_series().sum() == pytest.approx(1.0)
    frame = d.to_frame()
    assert list(frame.columns) == ["hits", "exact", "probability"]
    assert frame["exact"].tolist() == ["1/4", "1/2", "1/4"]
    assert "bombers" in d.explain()
    joint = odds.cycle_distribution("2i", "1i 1b", "allies")
    assert joint.marginal(0).total == 1 and isinstance(joint.to_frame(), type(frame))
    for dist in (
        odds.antiaircraft(2, 3),
        odds.bomber_strike(1, 1),
        odds.fire_to_sea(1, "1i"),
        odds.naval_bombardment(2),
        odds.paratroopers(),
    ):
        assert dist.total == 1 and dist.explain()


def test_every_special_event_sums_to_one_for_many_inputs() -> None:
    for a, b in product(range(0, 5), range(0, 5)):
        assert odds.antiaircraft(a, b).total == 1
        assert odds.naval_bombardment(b, dice=a).total == 1
        assert odds.paratroopers(a, Force(infantry=b, blockhouse=1)).total == 1
