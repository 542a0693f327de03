"""Avalon Hill's *D-Day* (1961), Basic Game: AH-1..AH-20 of the rules reference, against ``dday.variants.avalon_hill``.

Each test names the AH rule it checks (in its name or with ``@pytest.mark.rules``). The
descriptive rules (scope, setup, movement, ...) are checked through the small pieces of data
and predicates the module keeps for them; the combat rules (AH-9..AH-11, AH-13, AH-14, AH-20)
are checked exactly, with Fractions.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations, pairwise

import pytest

from dday.errors import DDayError, IllegalActionError
from dday.variants import avalon_hill as ah
from dday.variants.avalon_hill.combat_table import (
    AUTO_DE,
    COLUMNS,
    CONFIDENCE,
    CRT,
    QUOTED_UNITS,
    RESULTS,
    TERRAIN,
    UNIT_KINDS,
    OddsTooLowError,
    battle_odds,
    can_attack,
    confidence_frame,
    confidence_table,
    crt_frame,
    crt_result,
    massing_table,
    modified_defense,
    odds_column,
    quoted_units_table,
    result_distribution,
    result_probabilities,
    soak_off_allowed,
    terrain_multiplier,
)
from dday.variants.avalon_hill.comparison import compare_models, massing_figure, results_figure, sweep_2004, sweep_figure, sweep_table
from dday.variants.avalon_hill.procedures import (
    REPLACEMENTS,
    STACK_LIMIT,
    TROOP_INVASION_EXAMPLES,
    TURN_SEQUENCE,
    VICTORY,
    Battle,
    allied_victory,
    battle_summary,
    check_battle_plan,
    drop_allowed,
    exchange,
    exerts_zoc,
    german_setup_legal,
    german_victory,
    invasion_within_limits,
    may_occupy,
    path_legal,
    reinforcement_entry_allowed,
    replacement_allowance,
    stack_legal,
    stack_movement,
)

# AH-10, transcribed row by row (die 1..6) as printed there; the module stores it column by column.
AH_10_ROWS = """
AE AE AB2 AB2 DB2 DE DE DE DE DE DE
AE AE AE AB2 EX EX EX EX EX DB2 DB2
AB2 AB2 AB2 AB2 AB2 DB2 DB2 DB2 DE DE DE
AE AB2 AB2 AB2 AB2 AB2 AB2 DB2 DB2 DB2 DE
AE AE AE AE AE AE EX EX DB2 DE DE
AE AE AE AE AE AE AE DE DE DE DE
"""


def rows_to_crt(rows: list[list[str]]) -> dict[str, tuple[str, ...]]:
    return {col: tuple(row[i] for row in rows) for i, col in enumerate(COLUMNS)}


# ---------------------------------------------------------------------------------------------
# AH-10: the table


def test_ah_10_crt_matches_the_transcription() -> None:
    rows = [line.split() for line in AH_10_ROWS.strip().splitlines()]
    assert rows_to_crt(rows) == CRT
    assert tuple(CRT) == COLUMNS == ("1-6", "1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1")


def test_ah_10_crt_is_monotone_for_the_attacker() -> None:
    """Moving one column to the right never makes a die face worse for the attacker."""
    rank = {r: i for i, r in enumerate(RESULTS)}
    for left, right in pairwise(COLUMNS):
        for die in range(1, 7):
            assert rank[crt_result(right, die)] >= rank[crt_result(left, die)], (left, right, die)


@pytest.mark.rules("AH-10")
def test_probabilities_of_every_column_sum_to_one_exactly() -> None:
    for col in (*COLUMNS, AUTO_DE):
        for at_sea in (False, True):
            p = result_probabilities(col, attacker_at_sea=at_sea)
            assert list(p) == list(RESULTS)
            assert all(isinstance(v, Fraction) and v.denominator in (1, 2, 3, 6) for v in p.values())
            assert sum(p.values()) == 1
    assert result_probabilities(AUTO_DE) == {"AE": 0, "AB2": 0, "EX": 0, "DB2": 0, "DE": 1}


@pytest.mark.rules("AH-10")
def test_ah_10_column_probabilities_are_counts_of_faces() -> None:
    assert result_probabilities("1-6") == {"AE": Fraction(5, 6), "AB2": Fraction(1, 6), "EX": 0, "DB2": 0, "DE": 0}
    assert result_probabilities("2-1") == {
        "AE": Fraction(1, 6),
        "AB2": Fraction(1, 6),
        "EX": Fraction(1, 3),
        "DB2": Fraction(1, 6),
        "DE": Fraction(1, 6),
    }
    assert result_probabilities("6-1")["DE"] == Fraction(5, 6)
    frame = crt_frame()
    assert frame.loc["3-1", "DE"] == Fraction(1, 3) and list(frame.index) == [*COLUMNS, AUTO_DE]
    d = result_distribution("1-1")
    assert d.total == 1 and "RECONSTRUCTED" in d.formula


def test_ah_10_bad_column_or_die_is_refused() -> None:
    with pytest.raises(ValueError):
        crt_result("7-1", 1)
    with pytest.raises(ValueError):
        crt_result("1-1", 7)


def test_ah_10_and_ah_9_are_tagged_reconstructed() -> None:
    tags = {k: c.tag for k, c in CONFIDENCE.items()}
    assert tags["crt"] == "RECONSTRUCTED" and CONFIDENCE["crt"].rule == "AH-10"
    assert tags["rounding"] == "RECONSTRUCTED" and CONFIDENCE["rounding"].rule == "AH-9"
    assert tags["odds_ratio"] == "OFFICIAL"
    assert set(tags.values()) <= {"OFFICIAL", "RECONSTRUCTED", "POLICY", "OFFICIAL / incomplete"}
    assert "RECONSTRUCTED" in (ah.__doc__ or "") and "RECONSTRUCTED" in (odds_column.__doc__ or "")
    assert len(confidence_frame()) == len(CONFIDENCE)


# ---------------------------------------------------------------------------------------------
# AH-9: odds and rounding


def test_ah_9_29th_division_against_static_division_is_2_to_1() -> None:
    us29 = QUOTED_UNITS["US 29th Infantry Division"]
    static47 = QUOTED_UNITS["German 47th Static Division"]
    assert us29.attack == 4 and static47.defense == 2
    assert battle_odds([us29.attack], [static47.defense]) == "2-1"


@pytest.mark.parametrize(
    ("attack", "defense", "column"),
    [
        (4, 2, "2-1"),
        (7, 2, "3-1"),
        (5, 3, "1-1"),
        (3, 3, "1-1"),
        (2, 5, "1-3"),  # 1 : 2.5, rounded in the defender's favour → 1-3
        (1, 2, "1-2"),
        (3, 4, "1-2"),  # 1 : 1.33 → 1-2, not 1-1
        (4, 12, "1-3"),
        (20, 6, "3-1"),
        (1, 6, "1-6"),
        (13, 2, "6-1"),  # 6.5 rounds down to 6-1 and is rolled
        (12, 2, "6-1"),
        (14, 2, AUTO_DE),
        (100, 1, AUTO_DE),
    ],
)
def test_ah_9_odds_round_in_the_defenders_favour(attack: int, defense: int, column: str) -> None:
    assert odds_column(attack, defense) == column


def test_ah_9_rounding_never_helps_the_attacker() -> None:
    """The column's ratio is never better for the attacker than the true ratio, and is the best such column."""

    def value(col: str) -> Fraction:
        a, d = col.split("-")
        return Fraction(int(a), int(d))

    for a in range(1, 40):
        for d in range(1, 40):
            if not soak_off_allowed(a, d):
                continue
            col = odds_column(a, d)
            if col == AUTO_DE:
                assert Fraction(a, d) >= 7
                continue
            assert value(col) <= Fraction(a, d)
            better = [c for c in COLUMNS if value(c) > value(col)]
            assert not better or value(better[0]) > Fraction(a, d)


@pytest.mark.rules("AH-9", "AH-13")
def test_odds_worse_than_1_to_6_raise_a_value_error_naming_the_rules() -> None:
    for a, d in [(1, 7), (2, 13), (4, 25)]:
        with pytest.raises(OddsTooLowError) as err:
            odds_column(a, d)
        assert isinstance(err.value, ValueError) and isinstance(err.value, IllegalActionError) and isinstance(err.value, DDayError)
        assert "AH-9" in str(err.value) and "AH-13" in str(err.value) and err.value.rule == "AH-13"
    with pytest.raises(ValueError):
        odds_column(0, 4)


def test_ah_9_above_6_to_1_eliminates_without_a_roll() -> None:
    col = odds_column(21, 3)
    assert col == AUTO_DE
    assert all(crt_result(col, die) == "DE" for die in range(1, 7))
    assert CONFIDENCE["automatic_elimination"].tag == "RECONSTRUCTED"


# ---------------------------------------------------------------------------------------------
# AH-11: results and exchanges


def test_ah_11_exchange_of_a_doubled_4_defense_division_costs_8_attack_factors() -> None:
    required = modified_defense([4], "city")
    assert required == 8
    e = exchange([4, 4, 6, 2], required)
    assert e.lost == 8 and e.removed == (0, 1) and not e.shortfall
    e = exchange([6, 2, 6], required)
    assert e.lost == 8 and e.removed == (0, 1)


def test_ah_11_exchange_picks_a_minimal_loss_set() -> None:
    """Brute force: no subset paying at least the requirement loses fewer factors, or as many with fewer units."""
    cases = [([4, 4, 6], 7), ([6, 4, 2], 6), ([5, 3, 3, 2], 6), ([1, 1, 1, 9], 3), ([7, 4, 4], 8), ([2, 2, 2, 2, 3], 5), ([4] * 6, 12)]
    for factors, need in cases:
        e = exchange(factors, need)
        assert sum(factors[i] for i in e.removed) == e.lost >= need
        for k in range(len(factors) + 1):
            for sub in combinations(range(len(factors)), k):
                s = sum(factors[i] for i in sub)
                if s >= need:
                    assert (e.lost, len(e.removed)) <= (s, k), (factors, need, sub)
    assert exchange([6, 4, 2], 6).removed == (0,)  # the 6 alone, not 4 + 2
    assert exchange([4, 4], 0).removed == ()


def test_ah_11_exchange_shortfall_removes_every_attacker() -> None:
    e = exchange([4], modified_defense([4], "city"))  # 1-2 odds, EX: 4 attack factors cannot pay 8
    assert e.shortfall and e.removed == (0,) and e.lost == 4
    assert CONFIDENCE["exchange_shortfall"].tag == "RECONSTRUCTED"
    assert CONFIDENCE["exchange_choice"].tag == "POLICY"


def test_ah_11_results_affect_whole_stacks() -> None:
    assert RESULTS == ("AE", "AB2", "EX", "DB2", "DE")
    assert {r for col in CRT.values() for r in col} == set(RESULTS)


# ---------------------------------------------------------------------------------------------
# AH-13 soak-off, AH-12 attacking


def test_ah_13_soak_off_example() -> None:
    infantry = QUOTED_UNITS["Allied infantry division"]
    ss = QUOTED_UNITS["German SS panzer division (2SS, 9SS, 12SS)"]
    assert infantry == (4, 4, 4) and ss == (6, 6, 4)
    attack = {f"inf{i}": 4 for i in range(6)}
    defense = {"2SS": 6, "9SS": 6, "12SS": 6}
    plan = [Battle(("inf0",), ("2SS", "9SS")), Battle(tuple(f"inf{i}" for i in range(1, 6)), ("12SS",))]
    assert check_battle_plan(plan, attack, defense, engaged=defense) == ["1-3", "3-1"]
    # without the soak-off, all six against all three: 24:18 is only 1-1
    assert check_battle_plan([Battle(tuple(attack), tuple(defense))], attack, defense, engaged=defense) == ["1-1"]


def test_ah_13_soak_off_limit_is_1_to_6() -> None:
    assert soak_off_allowed(4, 24) and not soak_off_allowed(4, 25) and not soak_off_allowed(1, 7)
    assert soak_off_allowed(30, 1)  # odds above 6-1 are allowed (they simply win)
    with pytest.raises(OddsTooLowError):
        check_battle_plan([Battle(("a",), ("x",))], {"a": 1}, {"x": 7}, engaged=["x"])


def test_ah_13_every_engaged_defender_must_be_fought() -> None:
    with pytest.raises(IllegalActionError) as err:
        check_battle_plan([Battle(("a",), ("x",))], {"a": 4}, {"x": 2, "y": 2}, engaged=["x", "y"])
    assert err.value.rule == "AH-13"


def test_ah_12_no_unit_fights_twice_and_attack_ignores_terrain() -> None:
    with pytest.raises(IllegalActionError) as err:
        check_battle_plan([Battle(("a",), ("x",)), Battle(("a",), ("y",))], {"a": 4}, {"x": 2, "y": 2}, engaged=["x", "y"])
    assert err.value.rule == "AH-12"
    # the attack total is the same whatever the square the defender stands on; only the defense changes
    assert battle_odds([4, 4], [4], "clear") == "2-1"
    assert battle_odds([4, 4], [4], "city") == "1-1"


# ---------------------------------------------------------------------------------------------
# AH-14 terrain


def test_ah_14_terrain_multipliers() -> None:
    assert {t: terrain_multiplier(t) for t in ("clear", "city", "fortified_zone", "mountain", "fortress")} == {
        "clear": 1,
        "city": 2,
        "fortified_zone": 2,
        "mountain": 2,
        "fortress": 3,
    }
    assert terrain_multiplier("clear", across_river=True) == 2
    assert terrain_multiplier("clear", across_river=True, also_from_same_side=True) == 1


def test_ah_14_multipliers_do_not_stack() -> None:
    assert terrain_multiplier(["city", "fortified_zone"], across_river=True) == 2
    assert terrain_multiplier(["fortress"], across_river=True) == 3
    assert CONFIDENCE["terrain_combination"].tag == "RECONSTRUCTED"
    with pytest.raises(ValueError):
        terrain_multiplier("sea")


def test_ah_14_fortress_and_river_block_zones_of_control() -> None:
    assert TERRAIN["fortress"].blocks_zoc and TERRAIN["river"].blocks_zoc
    assert not exerts_zoc(in_fortress=True) and not exerts_zoc(across_river=True)
    assert TERRAIN["mountain"].ends_movement and not TERRAIN["x_mountain"].enterable


# ---------------------------------------------------------------------------------------------
# AH-20 contrast


def test_ah_20_from_3_to_1_the_attacker_no_longer_suffers_ae_or_ab2() -> None:
    safe = [col for col in COLUMNS if not {"AE", "AB2"} & set(CRT[col])]
    assert safe == list(COLUMNS[COLUMNS.index("3-1") :])
    assert result_probabilities("2-1")["AE"] + result_probabilities("2-1")["AB2"] == Fraction(1, 3)


def test_ah_20_one_roll_decides_the_whole_stack() -> None:
    """In 1961 a battle is one die: the same six outcomes whatever the number of units."""
    one = result_probabilities(battle_odds([4], [2]))
    many = result_probabilities(battle_odds([4] * 6, [6, 6]))
    assert one == many  # 4:2 and 24:12 are both 2-1


# ---------------------------------------------------------------------------------------------
# the descriptive rules


def test_ah_1_terrain_types_of_the_basic_game() -> None:
    for t in ("city", "fortress", "fortified_zone", "mountain", "x_mountain", "sea", "coastal", "river", "inland_port"):
        assert t in TERRAIN
    assert not TERRAIN["sea"].enterable


def test_ah_2_only_quoted_counter_values_are_known() -> None:
    assert QUOTED_UNITS["German 47th Static Division"].attack is None  # not in the text
    assert CONFIDENCE["counter_values"].tag == "OFFICIAL / incomplete"
    assert set(UNIT_KINDS) == {"infantry", "armor", "parachute", "static", "hq"}


def test_ah_3_german_setup() -> None:
    assert german_setup_legal("static", "clear", coastal=True)
    assert not german_setup_legal("static", "clear", coastal=False)
    assert german_setup_legal("armor", "clear", star=True, named_ss=True)
    assert not german_setup_legal("armor", "clear", named_ss=True)
    assert not german_setup_legal("infantry", "x_mountain") and not german_setup_legal("infantry", "sea")
    assert german_setup_legal("infantry", "city", stack=3) and not german_setup_legal("infantry", "city", stack=4)


def test_ah_4_turn_sequence() -> None:
    sides = [s for s, _ in TURN_SEQUENCE]
    assert sides == ["allies", "allies", "germany", "germany", "germany"]
    assert "move" in TURN_SEQUENCE[0][1] and "battle" in TURN_SEQUENCE[1][1]
    assert "reinforcements" in TURN_SEQUENCE[2][1] and "week" in TURN_SEQUENCE[4][1]


def test_ah_5_victory() -> None:
    assert allied_victory(german_units_on_continent=0, divisions_across_rhine=0)
    assert allied_victory(5, 10) and not allied_victory(5, 9)
    assert german_victory(0, 3) and german_victory(12, 51) and not german_victory(12, 50)
    assert not german_victory(12, 51, allies_won=True)
    assert len(VICTORY["allies"]) == len(VICTORY["germany"]) == 2


def test_ah_6_invasion_limits_and_sea_retreat() -> None:
    assert invasion_within_limits([2, 2, 2, 1, 1, 1], {"infantry": 6, "parachute": 3})
    assert not invasion_within_limits([3], {"infantry": 3})
    assert not invasion_within_limits([2, 2, 2, 1], {"infantry": 7})
    assert not invasion_within_limits([1], {"armor": 1})  # no armour in the Normandy first wave
    # a unit attacking from a sea square that must retreat is eliminated: AB2 counts as AE
    land, sea = result_probabilities("1-1"), result_probabilities("1-1", attacker_at_sea=True)
    assert sea["AB2"] == 0 and sea["AE"] == land["AE"] + land["AB2"]


def test_ah_7_movement() -> None:
    assert path_legal(4, ["clear"] * 4) and not path_legal(4, ["clear"] * 5)
    assert not path_legal(4, ["clear", "enemy", "clear"])
    assert not path_legal(4, ["clear", "sea"]) and not path_legal(4, ["x_mountain"])
    assert stack_movement([4, 6, 3]) == 3


def test_ah_8_zones_of_control_end_movement() -> None:
    assert path_legal(4, ["clear", {"clear", "enemy_zoc"}])
    assert not path_legal(4, [{"clear", "enemy_zoc"}, "clear"])
    assert exerts_zoc()


def test_ah_15_stacking() -> None:
    assert STACK_LIMIT == {"allies": 2, "germany": 3}
    assert stack_legal("allies", 2) and not stack_legal("allies", 3)
    assert stack_legal("germany", 3) and not stack_legal("germany", 4)


def test_ah_16_occupying_after_combat() -> None:
    for t in ("city", "fortified_zone", "mountain", "fortress"):
        assert may_occupy(t)
    assert not may_occupy("clear") and may_occupy("clear", defense_doubled_by_river=True)


def test_ah_17_allied_reinforcements() -> None:
    assert reinforcement_entry_allowed(1, "sea") and not reinforcement_entry_allowed(1, "coastal")
    assert not reinforcement_entry_allowed(2, "sea") and reinforcement_entry_allowed(2, "coastal")
    assert not reinforcement_entry_allowed(2, "coastal", invaded_area=False)
    assert reinforcement_entry_allowed(5, "port", port="Antwerp") and not reinforcement_entry_allowed(5, "port", port="Bremen")
    assert TROOP_INVASION_EXAMPLES["Normandy"][2] == {"armor": 2, "infantry": 4}


def test_ah_18_hq_and_parachutes() -> None:
    assert not can_attack("hq") and can_attack("parachute")
    with pytest.raises(IllegalActionError) as err:
        check_battle_plan([Battle(("hq1",), ("x",))], {"hq1": 1}, {"x": 2}, engaged=["x"], kinds={"hq1": "hq"})
    assert err.value.rule == "AH-18"
    assert drop_allowed(5, "clear") and not drop_allowed(6, "clear")
    assert not drop_allowed(2, "mountain") and not drop_allowed(2, "clear", enemy_controlled=True)
    assert drop_allowed(2, "clear", drops_made=1) and not drop_allowed(2, "clear", drops_made=2)
    assert not drop_allowed(1, "clear", side="germany")


def test_ah_19_replacements_accumulate() -> None:
    assert replacement_allowance("allies", 8) == 0 and replacement_allowance("allies", 9) == 2
    assert replacement_allowance("allies", 11, used=2) == 4
    assert replacement_allowance("germany", 15) == 0 and replacement_allowance("germany", 16) == 5
    assert "static" in REPLACEMENTS["germany"][2] and "parachute" in REPLACEMENTS["allies"][2]


# ---------------------------------------------------------------------------------------------
# the massing table used by the notebook


@pytest.mark.rules("AH-9", "AH-14")
def test_massing_table_steps_only_at_column_boundaries() -> None:
    defense = modified_defense([6, 2], "city")  # 16
    df = massing_table(defense, range(1, 120))
    assert df["attack"].min() == 3  # 3:16 → 1-6; 2:16 → 1-8 is left out
    # within one column the probabilities are identical: a flat step function of the attack total
    for _, group in df.groupby("odds"):
        assert group["P(DE)"].nunique() == 1
    assert df.set_index("attack").loc[47, "odds"] == "2-1" and df.set_index("attack").loc[48, "odds"] == "3-1"
    assert df.attrs["exact"][0]["attack"] == 3


@pytest.mark.rules("AH-10", "AH-20")
def test_ah_20_comparison_pictures_and_table_carry_the_exact_numbers() -> None:
    from dday import odds

    a = battle_summary([4] * 4, [6, 2], "city")
    b = battle_summary([4] * 8, [6, 2], "city")
    fig = results_figure({"A": a, "B": b})
    assert [t.name for t in fig.data] == ["A", "B"]
    assert sum(fig.data[0].y) == pytest.approx(1.0)
    mass = massing_figure(16, range(3, 40))
    assert len(mass.data) == 2 and mass.data[0].x[-1] == 39
    assert [t.name for t in mass.data] == ["defender removed", "attacker hurt"]  # words, as the notebook explains them
    assert mass.layout.yaxis.tickformat == ".0%"
    fight = odds.zone_fight("4i 2a 2t", "2i 1a 1t", cards=1).iloc[0]
    table = compare_models({"A": a}, {"2004": fight}, start_units=8)
    assert list(table.data["model"]) == ["A", "2004"]
    gone = table.data["chance the defender is gone"]
    assert gone.iloc[0] == pytest.approx(float(a.probabilities["DE"] + a.probabilities["EX"]))
    assert 0 <= gone.iloc[1] <= 1
    assert _shown_cells(table.to_html())[1] == "33.3 %"  # a learner reads a percentage, not 0.333333


# ---------------------------------------------------------------------------------------------
# what a learner sees in notebook 22: percentages, words for the columns, no label on another


def _shown_cells(html: str) -> list[str]:
    """The texts of a Styler's cells, in reading order."""
    return re.findall(r"<td[^>]*>([^<]*)</td>", html)


NOTEBOOK_FORCES = ["1i", "2i", "1i 1a", "1t", "2i 1a", "1a 1t", "2i 1t", "2i 1a 1t", "2i 2a 1t", "2i 1a 2t", "2i 2a 2t", "3i 2a 2t", "4i 2a 2t", "2a 6t"]


@pytest.mark.rules("AH-20")
def test_ah_20_sweep_table_shows_percentages_and_words() -> None:
    sweep = sweep_2004(["4i 2a 2t", "8i"], "2i 1a 1t", cards=3)
    table = sweep_table(sweep)
    html = table.to_html()
    headers = re.findall(r"<th[^>]*>([^<]*)</th>", html)
    assert {"Allies hold", "Axis hold", "still contested", "nobody left", "expected Allied units lost"} <= set(headers)
    assert not {"allies_hold", "axis_hold", "E[allied units lost]"} & set(headers)
    cells = _shown_cells(html)
    assert cells[3] == "92.5 %" and cells[7] == "2.4"  # P(Allies hold) and expected losses of 4i 2a 2t
    assert not any(re.fullmatch(r"\d\.\d{4,}", c) for c in cells)  # no raw float like 0.925059
    picked = sweep_table(sweep, ["allies", "allies_hold", "E[allied units lost]"])
    assert list(picked.data.columns) == ["Allied force", "Allies hold", "expected Allied units lost"]
    assert "After 3 attack cards: the chance of each outcome, and the units lost on average" in html


def _label_boxes(fig: object, plot_w: float = 900.0) -> list[tuple[float, float, float, float]]:
    """Each label's box in px (left, top, right, bottom) in a plot area ``plot_w`` wide."""
    layout = fig.layout  # type: ignore[attr-defined]
    (x0, x1), (y0, y1) = layout.xaxis.range, layout.yaxis.range
    plot_h = layout.height - layout.margin.t - layout.margin.b
    boxes = []
    for a in layout.annotations:
        cx = (a.x - x0) / (x1 - x0) * plot_w + a.ax
        cy = (y1 - a.y) / (y1 - y0) * plot_h + a.ay
        half = (7 * len(a.text) + 4) / 2
        boxes.append((cx - half, cy - 8, cx + half, cy + 8))
    return boxes


@pytest.mark.rules("AH-20")
def test_ah_20_sweep_figure_labels_neither_overlap_nor_leave_the_plot() -> None:
    fig = sweep_figure(sweep_2004(NOTEBOOK_FORCES, "2i 1a 1t", cards=3), "title")
    assert fig.layout.yaxis.tickformat == ".0%" and fig.layout.yaxis.range[1] > 1  # room above 100 %
    assert [a.text for a in fig.layout.annotations] == NOTEBOOK_FORCES
    boxes = _label_boxes(fig)
    plot_h = fig.layout.height - fig.layout.margin.t - fig.layout.margin.b
    for (i, a), (j, b) in combinations(enumerate(boxes), 2):
        apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
        assert apart, (NOTEBOOK_FORCES[i], NOTEBOOK_FORCES[j])
    assert all(top >= 0 and bottom <= plot_h for _, top, _, bottom in boxes)  # "2a 6t" is not cut at the top


@pytest.mark.rules("AH-2", "AH-10")
def test_ah_2_quoted_units_and_confidence_tables_are_whole_and_in_words() -> None:
    units = quoted_units_table()
    assert "not quoted" in _shown_cells(units.to_html())  # not "None", not a Factors(...) repr
    conf = confidence_table()
    html = conf.to_html()
    assert "..." not in html and "odds_ratio" not in html and "combat results table" in html
    assert "td.col1 {\n  white-space: nowrap;" in html  # rule IDs stay whole: "AH-13", not "AH-" over "13"
    assert len(conf.data) == len(CONFIDENCE)
