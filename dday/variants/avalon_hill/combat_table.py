"""Avalon Hill's *D-Day* (1961) combat: the confidence of each encoded rule, units and terrain (AH-1,
AH-2, AH-14), odds columns (AH-9, AH-13) and the combat results table (AH-10, RECONSTRUCTED).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import ceil
from typing import Any, Final, Literal, NamedTuple

import pandas as pd

from ...errors import IllegalActionError
from ...odds import Distribution, fmt
from ...views.tables import text_table

Result = Literal["AE", "AB2", "EX", "DB2", "DE"]
ASide = Literal["allies", "germany"]

# ---------------------------------------------------------------------------------------------
# confidence of every encoded rule (the reference's confidence tags, plus POLICY for a player's free choice)


class Choice(NamedTuple):
    """One encoded rule or choice: its rule ID (AH-n), its confidence tag and a one-line note."""

    rule: str
    tag: str
    note: str


CONFIDENCE: Final[dict[str, Choice]] = {
    "odds_ratio": Choice("AH-9", "OFFICIAL", "odds = total attack factors : total terrain-modified defense factors (4:2 is 2-1)"),
    "rounding": Choice(
        "AH-9",
        "RECONSTRUCTED",
        "uneven ratios round in the defender's favour: 7 to 2 is 3-1 (not 4-1), 2 to 5 is 1-3 (not 1-2)",
    ),
    "automatic_elimination": Choice(
        "AH-9", "RECONSTRUCTED", "odds still above 6-1 after rounding (7-1 or more) eliminate the defenders without a roll"
    ),
    "soak_off_limit": Choice("AH-13", "OFFICIAL", "no attack at worse than 1-6 (after rounding: 1-7 or worse is refused)"),
    "crt": Choice("AH-10", "RECONSTRUCTED", "the classic Avalon Hill table (as in Afrika Korps); the 1961 D-Day used a slide-rule table"),
    "exchange_rule": Choice("AH-11", "OFFICIAL", "defender loses all; attacker loses ≥ the defender's terrain-modified defense factors"),
    "exchange_choice": Choice("AH-11", "POLICY", "which attackers pay: fewest attack factors, then fewest units, then earliest listed"),
    "exchange_shortfall": Choice(
        "AH-11", "RECONSTRUCTED", "an attacker with too few factors to pay an exchange loses every attacking unit"
    ),
    "terrain_values": Choice("AH-14", "OFFICIAL", "defense ×2 in city, fortified zone, mountain, across a river; ×3 in a fortress"),
    "terrain_combination": Choice("AH-14", "RECONSTRUCTED", "several features do not multiply: the single highest multiplier applies"),
    "sea_retreat": Choice("AH-6", "OFFICIAL", "a unit at sea that must retreat is eliminated instead (AB2 becomes AE)"),
    "stacking": Choice("AH-15", "OFFICIAL", "Allies 2 units per square, Germans 3, HQ included"),
    "turn_sequence": Choice("AH-4", "OFFICIAL", "Allied move, Allied battles, German reinforcements and move, German battles, record"),
    "victory": Choice(
        "AH-5", "OFFICIAL", "Allies: clear the continent or 10 divisions over the Rhine–IJssel; Germans: the reverse or week 50"
    ),
    "counter_values": Choice("AH-2", "OFFICIAL / incomplete", "only the few factors quoted in the rules text are known"),
    "contrast_3_1": Choice("AH-20", "RECONSTRUCTED", "commentary: from 3-1 up the attacker can no longer be eliminated or pushed back"),
}


def confidence_frame() -> pd.DataFrame:
    """:data:`CONFIDENCE` as a table (topic, rule, tag, note), for notebooks."""
    return pd.DataFrame([{"topic": k, **c._asdict()} for k, c in CONFIDENCE.items()])


TOPIC_WORDS: Final[dict[str, str]] = {
    "odds_ratio": "odds",
    "rounding": "rounding",
    "automatic_elimination": "automatic elimination",
    "soak_off_limit": "soak-off limit",
    "crt": "combat results table",
    "exchange_rule": "exchange",
    "exchange_choice": "who pays an exchange",
    "exchange_shortfall": "exchange too big to pay",
    "terrain_values": "terrain",
    "terrain_combination": "several terrain features",
    "sea_retreat": "retreat at sea",
    "stacking": "stacking",
    "turn_sequence": "turn sequence",
    "victory": "victory",
    "counter_values": "counter values",
    "contrast_3_1": "3-1 and better",
}
"""The topics of :data:`CONFIDENCE` in words, for :func:`confidence_table`."""


def confidence_table() -> Any:
    """:data:`CONFIDENCE` for people: one row per encoded rule (topic, rule ID, how sure we are,
    what we encode), every note in full and wrapped (:func:`dday.views.tables.text_table`).

    >>> t = confidence_table()
    >>> t.data.columns.tolist(), t.data.iloc[4, 0]
    (['topic', 'rule', 'how sure', 'what the module does'], 'combat results table')
    """
    frame = pd.DataFrame(
        [
            {"topic": TOPIC_WORDS.get(k, k.replace("_", " ")), "rule": c.rule, "how sure": c.tag, "what the module does": c.note}
            for k, c in CONFIDENCE.items()
        ]
    )
    return text_table(frame)


# ---------------------------------------------------------------------------------------------
# units and terrain (AH-1, AH-2, AH-14)


class Factors(NamedTuple):
    """A counter's printed factors; ``None`` where the 1961 rules text does not quote the value (AH-2)."""

    attack: int | None
    defense: int | None
    movement: int | None


UNIT_KINDS: Final[tuple[str, ...]] = ("infantry", "armor", "parachute", "static", "hq")

QUOTED_UNITS: Final[dict[str, Factors]] = {
    # Only values the rules text states (AH-2); the full order of battle is not in the file.
    "US 29th Infantry Division": Factors(4, 4, None),  # odds example (attack 4) and exchange example (defense 4)
    "German 47th Static Division": Factors(None, 2, None),  # odds example (defense 2)
    "Allied infantry division": Factors(4, 4, 4),  # soak-off example: "all 4-4-4 Units"
    "German SS panzer division (2SS, 9SS, 12SS)": Factors(6, 6, 4),  # soak-off example: "all 6-6-4 Units"
}


def quoted_units_table() -> Any:
    """:data:`QUOTED_UNITS` for people: one row per counter, "not quoted" where the rules text gives no value.

    >>> quoted_units_table().data.loc[1].tolist()
    ['German 47th Static Division', 'not quoted', '2', 'not quoted']
    """
    frame = pd.DataFrame(
        [
            {"counter": name, **{k: "not quoted" if v is None else str(v) for k, v in f._asdict().items()}}
            for name, f in QUOTED_UNITS.items()
        ]
    ).rename(columns={"attack": "attack factor", "defense": "defense factor", "movement": "movement factor"})
    return text_table(frame)


def can_attack(kind: str) -> bool:
    """HQ units never attack (AH-18); every other kind may.

    >>> can_attack("hq"), can_attack("static")
    (False, True)
    """
    if kind not in UNIT_KINDS:
        raise ValueError(f"unknown unit kind {kind!r}; known: {UNIT_KINDS}")
    return kind != "hq"


class TerrainInfo(NamedTuple):
    """How one terrain type acts in the Basic Game (AH-1, AH-7, AH-8, AH-14)."""

    defense_multiplier: int
    enterable: bool
    ends_movement: bool
    blocks_zoc: bool


TERRAIN: Final[dict[str, TerrainInfo]] = {
    "clear": TerrainInfo(1, True, False, False),
    "coastal": TerrainInfo(1, True, False, False),  # a land square a sea arrow points to
    "city": TerrainInfo(2, True, False, False),  # doubling read from the exchange example (AH-11)
    "inland_port": TerrainInfo(2, True, False, False),  # a city square (AH-1)
    "fortified_zone": TerrainInfo(2, True, False, False),
    "mountain": TerrainInfo(2, True, True, False),  # entering ends movement
    "fortress": TerrainInfo(3, True, False, True),  # a red-outlined city; no ZOC out of it
    "river": TerrainInfo(2, True, False, True),  # an edge between squares, not a square: ×2 when attacked across
    "x_mountain": TerrainInfo(1, False, False, False),  # impassable
    "sea": TerrainInfo(1, False, False, False),  # only invasion units stand here (AH-6)
}


def terrain_multiplier(terrain: str | Iterable[str] = "clear", *, across_river: bool = False, also_from_same_side: bool = False) -> int:
    """Defense multiplier for a defender (AH-14): ×2 city, fortified zone, mountain, across a river; ×3 fortress.

    Several features at once do **not** multiply: the single highest multiplier applies
    (RECONSTRUCTED — the text says only "doubled"/"tripled"). A river counts only if every
    attacker is across it (``also_from_same_side`` cancels it, AH-14).

    >>> terrain_multiplier("city"), terrain_multiplier("fortress"), terrain_multiplier()
    (2, 3, 1)
    >>> terrain_multiplier(["city", "mountain"], across_river=True)   # not 8: the highest, 2
    2
    >>> terrain_multiplier("clear", across_river=True, also_from_same_side=True)
    1
    """
    features = [terrain] if isinstance(terrain, str) else list(terrain)
    if across_river and not also_from_same_side:
        features.append("river")
    for f in features:
        if f not in TERRAIN or (not TERRAIN[f].enterable and f != "river"):
            raise ValueError(f"{f!r} is not terrain a unit can defend in; known: {sorted(k for k, v in TERRAIN.items() if v.enterable)}")
    return max((TERRAIN[f].defense_multiplier for f in features), default=1)


def modified_defense(defense_factors: Iterable[int], terrain: str | Iterable[str] = "clear", *, across_river: bool = False) -> int:
    """Total defense of units on one square after terrain (AH-9, AH-14).

    >>> modified_defense([6, 2], "city")          # an SS panzer division and a static division in a city
    16
    """
    return sum(defense_factors) * terrain_multiplier(terrain, across_river=across_river)


# ---------------------------------------------------------------------------------------------
# odds (AH-9, AH-13)

COLUMNS: Final[tuple[str, ...]] = ("1-6", "1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1")
AUTO_DE: Final = ">6-1"
"""The pseudo-column of odds above 6-1: the defender is eliminated without a roll (AH-9, RECONSTRUCTED)."""


class OddsTooLowError(IllegalActionError):
    """An attack (usually a soak-off) at worse than 1-6 (AH-9 rounding, AH-13 limit)."""

    def __init__(self, attack: int, defense: int, column: str) -> None:
        self.attack, self.defense, self.column = attack, defense, column
        super().__init__(
            "AH-13",
            f"{attack}:{defense} rounds to {column} in the defender's favour (AH-9); "
            "attacks and soak-offs may not be worse than 1-6 (AH-13): bring up support or remove the unit",
        )


def _raw_column(attack: int, defense: int) -> str:
    if attack <= 0 or defense <= 0:
        raise ValueError(f"both totals must be positive, got {attack}:{defense} (HQ units cannot attack, AH-18)")
    if attack >= defense:
        return f"{attack // defense}-1"  # round down: 7:2 = 3.5 → 3-1
    return f"1-{ceil(defense / attack)}"  # round the defender's number up: 2:5 = 1:2.5 → 1-3


def odds_column(attack: int, defense: int) -> str:
    """The CRT column for ``attack`` : ``defense`` totals (AH-9), rounded in the defender's favour.

    RECONSTRUCTED rounding (the 1961 text only gives 4:2 → 2-1): when the attack is at least
    the defense the column is floor(attack/defense)-1; otherwise it is 1-ceil(defense/attack).
    Both make the odds *worse* for the attacker, never better. Odds of 7-1 or more return
    :data:`AUTO_DE`; odds of 1-7 or worse raise :class:`OddsTooLowError` (AH-13).

    >>> odds_column(4, 2), odds_column(7, 2), odds_column(5, 3), odds_column(2, 5)
    ('2-1', '3-1', '1-1', '1-3')
    >>> odds_column(13, 2), odds_column(14, 2)     # 6.5 rounds down to 6-1 and is rolled; 7-1 is not
    ('6-1', '>6-1')
    >>> odds_column(1, 7)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dday.variants.avalon_hill.combat_table.OddsTooLowError: AH-13 (...): 1:7 rounds to 1-7 in the defender's favour (AH-9); ...
    """
    col = _raw_column(attack, defense)
    if col in COLUMNS:
        return col
    if col.endswith("-1"):
        return AUTO_DE
    raise OddsTooLowError(attack, defense, col)


def soak_off_allowed(attack: int, defense: int) -> bool:
    """Whether ``attack`` : ``defense`` is at least 1-6 after rounding (AH-13).

    >>> soak_off_allowed(4, 12), soak_off_allowed(4, 24), soak_off_allowed(4, 25)
    (True, True, False)
    """
    col = _raw_column(attack, defense)
    return col in COLUMNS or col.endswith("-1")


def battle_odds(
    attack_factors: Iterable[int], defense_factors: Iterable[int], terrain: str | Iterable[str] = "clear", *, across_river: bool = False
) -> str:
    """The column of one battle: attack factors totalled (never changed by terrain, AH-12) against
    the defenders' total multiplied by their terrain (AH-13, AH-14).

    >>> battle_odds([4] * 5, [6])                   # the soak-off example of AH-13: 20:6 → 3-1
    '3-1'
    """
    return odds_column(sum(attack_factors), modified_defense(defense_factors, terrain, across_river=across_river))


# ---------------------------------------------------------------------------------------------
# the combat results table (AH-10, RECONSTRUCTED)

RESULTS: Final[tuple[Result, ...]] = ("AE", "AB2", "EX", "DB2", "DE")
"""Worst for the attacker first: attacker eliminated, attacker back 2, exchange, defender back 2, defender eliminated."""

CRT: Final[dict[str, tuple[Result, ...]]] = {
    # column: results for die 1..6 (the rows of AH-10 in the rules reference, read down each column)
    "1-6": ("AE", "AE", "AB2", "AE", "AE", "AE"),
    "1-5": ("AE", "AE", "AB2", "AB2", "AE", "AE"),
    "1-4": ("AB2", "AE", "AB2", "AB2", "AE", "AE"),
    "1-3": ("AB2", "AB2", "AB2", "AB2", "AE", "AE"),
    "1-2": ("DB2", "EX", "AB2", "AB2", "AE", "AE"),
    "1-1": ("DE", "EX", "DB2", "AB2", "AE", "AE"),
    "2-1": ("DE", "EX", "DB2", "AB2", "EX", "AE"),
    "3-1": ("DE", "EX", "DB2", "DB2", "EX", "DE"),
    "4-1": ("DE", "EX", "DE", "DB2", "DB2", "DE"),
    "5-1": ("DE", "DB2", "DE", "DB2", "DE", "DE"),
    "6-1": ("DE", "DB2", "DE", "DE", "DE", "DE"),
}
"""The classic Avalon Hill CRT of AH-10 — RECONSTRUCTED (very likely but unverified for *D-Day*)."""


def crt_result(column: str, die: int) -> Result:
    """The result of one die roll on one column (AH-10, RECONSTRUCTED table).

    >>> crt_result("2-1", 6), crt_result("3-1", 6), crt_result(">6-1", 6)
    ('AE', 'DE', 'DE')
    """
    if not 1 <= die <= 6:
        raise ValueError(f"a die shows 1..6, got {die}")
    if column == AUTO_DE:
        return "DE"
    if column not in CRT:
        raise ValueError(f"unknown odds column {column!r}; columns: {(*COLUMNS, AUTO_DE)}")
    return CRT[column][die - 1]


def result_probabilities(column: str, *, attacker_at_sea: bool = False) -> dict[Result, Fraction]:
    """Exact P(result) on one column: each die face is 1/6 (AH-10); all five results listed.

    With ``attacker_at_sea`` (an invasion attack from sea squares), AB2 becomes AE: a unit on a
    sea square that must retreat is eliminated (AH-6).

    >>> p = result_probabilities("1-1")
    >>> p["AE"], p["AB2"], p["EX"], p["DB2"], p["DE"], sum(p.values())
    (Fraction(1, 3), Fraction(1, 6), Fraction(1, 6), Fraction(1, 6), Fraction(1, 6), Fraction(1, 1))
    >>> result_probabilities("1-1", attacker_at_sea=True)["AE"]
    Fraction(1, 2)
    """
    out: dict[Result, Fraction] = {r: Fraction(0) for r in RESULTS}
    for die in range(1, 7):
        r = crt_result(column, die)
        if attacker_at_sea and r == "AB2":
            r = "AE"
        out[r] += Fraction(1, 6)
    return out


def result_distribution(column: str, *, attacker_at_sea: bool = False) -> Distribution:
    """:func:`result_probabilities` as a :class:`dday.odds.Distribution`, with an explanation."""
    p = result_probabilities(column, attacker_at_sea=attacker_at_sea)
    if column == AUTO_DE:
        formula = "odds above 6-1: the defender is eliminated without a roll (AH-9, RECONSTRUCTED)"
    else:
        faces = ", ".join(f"{d}→{crt_result(column, d)}" for d in range(1, 7))
        formula = f"one die on column {column} of the classic CRT (AH-10, RECONSTRUCTED): {faces}; each face 1/6"
        if attacker_at_sea:
            formula += "; from sea squares AB2 counts as AE (AH-6)"
        formula += "\n" + "; ".join(f"P({r}) = {fmt(v)}" for r, v in p.items() if v)
    return Distribution(dict(p), title=f"1961 combat result at {column}", formula=formula, outcome_name="result")


def crt_frame() -> pd.DataFrame:
    """The whole table as exact probabilities: one row per column, one column per result (Fractions)."""
    cols = (*COLUMNS, AUTO_DE)
    return pd.DataFrame([result_probabilities(c) for c in cols], index=pd.Index(cols, name="odds"), columns=list(RESULTS))


def massing_table(defense: int, attack_totals: Iterable[int]) -> pd.DataFrame:
    """What adding attack factors buys against a fixed (terrain-modified) defense: one row per attack total.

    Columns: attack, defense, odds column, P(AE) … P(DE) (floats), ``P(defender removed)`` =
    P(DE) + P(EX), ``P(attacker hurt)`` = P(AE) + P(AB2) + P(EX). Exact values are in
    ``df.attrs["exact"]``. Totals below 1-6 are left out (they are not allowed, AH-13).

    >>> df = massing_table(16, [16, 24, 31, 32])     # 24:16 and 31:16 are still 1-1
    >>> df["odds"].tolist()
    ['1-1', '1-1', '1-1', '2-1']
    """
    rows: list[dict[str, object]] = []
    exact: list[dict[str, object]] = []
    for a in attack_totals:
        if not soak_off_allowed(a, defense):
            continue
        col = odds_column(a, defense)
        p = result_probabilities(col)
        removed, hurt = p["DE"] + p["EX"], p["AE"] + p["AB2"] + p["EX"]
        exact.append(
            {"attack": a, "odds": col, **{str(r): v for r, v in p.items()}, "P(defender removed)": removed, "P(attacker hurt)": hurt}
        )
        rows.append(
            {
                "attack": a,
                "defense": defense,
                "odds": col,
                **{f"P({r})": float(v) for r, v in p.items()},
                "P(defender removed)": float(removed),
                "P(attacker hurt)": float(hurt),
            }
        )
    df = pd.DataFrame(rows)
    df.attrs["exact"] = exact
    return df
