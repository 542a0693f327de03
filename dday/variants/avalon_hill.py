"""Avalon Hill's *D-Day* (1961), Basic Game: the odds-ratio combat system, for comparison (rules.md §9, AH-1..AH-20).

This is **not** the 2004 game the rest of the package plays. In 1961 a battle is one die roll
on a *combat results table* (CRT): add up the attack factors, add up the defense factors
(multiplied by terrain), reduce the two totals to an odds column, roll once, and the result
hits whole stacks. The module models the parts of that system that can be computed without
the 1961 map: odds and their rounding, the CRT, terrain multipliers, exact result
probabilities, exchanges, soak-off limits and the descriptive rules as checkable data.

>>> battle_odds([4], [2])                       # AH-9: the 29th Division (4) against a static division (2)
'2-1'
>>> battle_odds([4, 4], [4], terrain="city")    # two 4-factor divisions against a 4-defense unit in a city
'1-1'
>>> result_probabilities("3-1")["DE"]
Fraction(1, 3)
>>> exchange([4, 4, 6], 8).removed               # AH-11: doubled 4-defense division costs 8 attack factors
(0, 1)

Confidence (rules.md §1): every rule this module encodes is listed in :data:`CONFIDENCE` with
its tag. Two pieces are **RECONSTRUCTED** by rules.md itself and must be shown as such:

* the CRT (AH-10) is the classic Avalon Hill table (as in *Afrika Korps*), very likely but
  unverified for *D-Day* — the 1961 edition used a slide-rule table;
* the rounding of uneven ratios and the automatic elimination above 6-1 (AH-9) are the
  classic Avalon Hill convention, not stated in the 1961 text.

This module adds two choices of its own, also RECONSTRUCTED: several terrain features do not
stack (the single highest multiplier applies, :func:`terrain_multiplier`), and an attacker
who cannot pay an exchange in full loses every attacking unit (:func:`exchange`). Which units
pay an exchange is the attacker's free choice; :func:`exchange` picks one sensible answer
(tagged POLICY: not a rule).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from math import ceil
from typing import Any, Final, Literal, NamedTuple

import pandas as pd

from ..errors import IllegalActionError
from ..odds import Distribution, fmt

__all__ = [
    "AUTO_DE",
    "COLUMNS",
    "CONFIDENCE",
    "CRT",
    "DROP_RANGE",
    "MAX_DROPS",
    "MAX_PER_SEA_SQUARE",
    "QUOTED_UNITS",
    "REPLACEMENTS",
    "RESULTS",
    "STACK_LIMIT",
    "TERRAIN",
    "TROOP_INVASION_EXAMPLES",
    "TURN_SEQUENCE",
    "VICTORY",
    "Battle",
    "BattleSummary",
    "Choice",
    "Exchange",
    "Factors",
    "OddsTooLowError",
    "TerrainInfo",
    "allied_victory",
    "battle_odds",
    "battle_summary",
    "can_attack",
    "check_battle_plan",
    "confidence_frame",
    "crt_frame",
    "crt_result",
    "drop_allowed",
    "exchange",
    "exerts_zoc",
    "german_setup_legal",
    "german_victory",
    "invasion_within_limits",
    "massing_table",
    "may_occupy",
    "modified_defense",
    "odds_column",
    "path_legal",
    "reinforcement_entry_allowed",
    "replacement_allowance",
    "result_distribution",
    "result_probabilities",
    "soak_off_allowed",
    "stack_legal",
    "stack_movement",
    "sweep_2004",
    "terrain_multiplier",
]

Result = Literal["AE", "AB2", "EX", "DB2", "DE"]
ASide = Literal["allies", "germany"]

# ---------------------------------------------------------------------------------------------
# confidence of every encoded rule (rules.md §1 tags, plus POLICY for a player's free choice)


class Choice(NamedTuple):
    """One encoded rule or choice: its rules.md ID, its confidence tag and a one-line note."""

    rule: str
    tag: str
    note: str


CONFIDENCE: Final[dict[str, Choice]] = {
    "odds_ratio": Choice("AH-9", "OFFICIAL", "odds = total attack factors : total terrain-modified defense factors (4:2 is 2-1)"),
    "rounding": Choice(
        "AH-9",
        "RECONSTRUCTED",
        "uneven ratios round in the defender's favour: A ≥ D gives floor(A/D)-1 (7:2 is 3-1); A < D gives 1-ceil(D/A) (2:5 is 1-3)",
    ),
    "automatic_elimination": Choice(
        "AH-9", "RECONSTRUCTED", "odds that still exceed 6-1 after rounding (7-1 or more) are DE without a roll"
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
    "sea_retreat": Choice("AH-6", "OFFICIAL", "a unit on a sea square that must retreat is eliminated (AB2 becomes AE)"),
    "stacking": Choice("AH-15", "OFFICIAL", "Allies 2 units per square, Germans 3, HQ included"),
    "turn_sequence": Choice("AH-4", "OFFICIAL", "Allied move, Allied battles, German reinforcements and move, German battles, record"),
    "victory": Choice(
        "AH-5", "OFFICIAL", "Allies: clear the continent or 10 divisions over the Rhine–IJssel; Germans: the reverse or week 50"
    ),
    "counter_values": Choice("AH-2", "OFFICIAL / incomplete", "only the factors quoted in the rules text are known (QUOTED_UNITS)"),
    "contrast_3_1": Choice("AH-20", "RECONSTRUCTED", "commentary: from 3-1 up the attacker can no longer suffer AE or AB2"),
}


def confidence_frame() -> pd.DataFrame:
    """:data:`CONFIDENCE` as a table (topic, rule, tag, note), for notebooks."""
    return pd.DataFrame([{"topic": k, **c._asdict()} for k, c in CONFIDENCE.items()])


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
    dday.variants.avalon_hill.OddsTooLowError: AH-13: 1:7 rounds to 1-7 in the defender's favour (AH-9); ...
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
    # column: results for die 1..6 (the rows of rules.md AH-10, read down each column)
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
"""The classic Avalon Hill CRT of rules.md AH-10 — RECONSTRUCTED (very likely but unverified for *D-Day*)."""


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


class BattleSummary(NamedTuple):
    """One 1961 battle in numbers: its column, exact result probabilities and expected losses in factors."""

    attack: int
    defense: int
    odds: str
    probabilities: dict[Result, Fraction]
    attacker_loss: Fraction
    defender_loss: Fraction

    def explain(self) -> str:
        p = ", ".join(f"{r} {fmt(v)}" for r, v in self.probabilities.items() if v)
        return (
            f"{self.attack} attack factors against {self.defense} terrain-modified defense factors: column {self.odds} (AH-9);\n"
            f"results {p} (AH-10, RECONSTRUCTED table);\n"
            f"expected loss: attacker {float(self.attacker_loss):.2f} attack factors, defender {float(self.defender_loss):.2f} defense factors"
        )


def battle_summary(
    attack_factors: Sequence[int],
    defense_factors: Sequence[int],
    terrain: str | Iterable[str] = "clear",
    *,
    across_river: bool = False,
    attacker_at_sea: bool = False,
) -> BattleSummary:
    """Odds, exact result probabilities and expected losses of one battle (AH-9..AH-11, AH-14).

    Attacker loss (in attack factors): everything on AE; on EX the units :func:`exchange`
    picks; nothing on AB2 (a retreat) unless the attack comes from the sea (AH-6: then AB2 is
    AE). Defender loss (in unmodified defense factors): everything on DE and EX, nothing on DB2.
    Retreat losses through blocked routes (AH-11) need a map and are not counted.

    >>> b = battle_summary([4, 4, 4, 4], [6, 2], "city")      # 16 : (6 + 2) × 2 = 16 → 1-1
    >>> b.odds, b.probabilities["AE"], b.attacker_loss, b.defender_loss
    ('1-1', Fraction(1, 3), Fraction(8, 1), Fraction(8, 3))
    """
    att = sum(attack_factors)
    dfn = modified_defense(defense_factors, terrain, across_river=across_river)
    col = odds_column(att, dfn)
    p = result_probabilities(col, attacker_at_sea=attacker_at_sea)
    ex = exchange(attack_factors, dfn).lost
    attacker_loss = p["AE"] * att + p["EX"] * ex
    defender_loss = (p["DE"] + p["EX"]) * sum(defense_factors)
    return BattleSummary(att, dfn, col, p, attacker_loss, defender_loss)


# ---------------------------------------------------------------------------------------------
# exchanges (AH-11)


class Exchange(NamedTuple):
    """Which attackers pay for an exchange: indices into the attack factors given, and the cost."""

    removed: tuple[int, ...]
    lost: int
    required: int

    @property
    def shortfall(self) -> bool:
        """True when even every attacker together could not pay (all are removed)."""
        return self.lost < self.required


def exchange(attack_factors: Sequence[int], defense_removed: int) -> Exchange:
    """The attackers removed in an exchange (AH-11): attack factors totalling at least ``defense_removed``.

    ``defense_removed`` is the defender's *terrain-modified* defense total (a 4-defense
    division doubled in a city costs 8). Which units pay is the attacker's choice; this
    function picks (POLICY) the set with the **fewest attack factors** lost, then the **fewest
    units**, then the earliest-listed units. If all attackers together fall short, all are
    removed (RECONSTRUCTED: the text assumes the attacker can pay).

    >>> exchange([4, 4, 6], modified_defense([4], "city"))       # 8: two 4s beat 4+6 = 10
    Exchange(removed=(0, 1), lost=8, required=8)
    >>> exchange([6, 4, 2], 6)                                   # 6 alone beats 4+2: fewer units
    Exchange(removed=(0,), lost=6, required=6)
    >>> exchange([4], 8).shortfall
    True
    """
    factors = list(attack_factors)
    if any(f < 0 for f in factors) or defense_removed < 0:
        raise ValueError("factors cannot be negative")
    if sum(factors) < defense_removed:
        everyone = tuple(range(len(factors)))
        return Exchange(everyone, sum(factors), defense_removed)
    chosen = _best_subset(factors, defense_removed)
    return Exchange(chosen, sum(factors[i] for i in chosen), defense_removed)


def _best_subset(factors: Sequence[int], need: int) -> tuple[int, ...]:
    """The subset with sum ≥ ``need`` minimising (sum, size, indices): a 0/1 knapsack over sums.

    For each reachable sum below ``need`` only the best (size, indices) is kept; that is
    enough, because extending two prefixes of equal sum by the same units keeps their order.
    Assumes ``sum(factors) >= need``.
    """
    if need <= 0:
        return ()
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for i, f in enumerate(factors):
        for s, (n, idx) in sorted(best.items()):
            if s >= need:
                continue  # already paid: adding more only costs more
            cand = (n + 1, (*idx, i))
            if s + f not in best or cand < best[s + f]:
                best[s + f] = cand
    return min((s, n, idx) for s, (n, idx) in best.items() if s >= need)[2]


# ---------------------------------------------------------------------------------------------
# battles, soak-offs and the attacker's duties (AH-12, AH-13)


class Battle(NamedTuple):
    """One battle of a player-turn: the attacking and defending units by name."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]


def check_battle_plan(
    battles: Sequence[Battle],
    attack: Mapping[str, int],
    defense: Mapping[str, int],
    engaged: Collection[str],
    kinds: Mapping[str, str] | None = None,
) -> list[str]:
    """Check a player-turn's battles and return their odds columns (AH-12, AH-13).

    ``attack`` maps each attacking unit to its attack factor; ``defense`` each defender to its
    **terrain-modified** defense; ``engaged`` names every defender that must be fought (those
    whose zones of control the attacker entered). Raises :class:`IllegalActionError` when a
    unit fights twice, an engaged defender is left out, an HQ attacks (AH-18), or a battle is
    worse than 1-6 (:class:`OddsTooLowError`).

    >>> att = {f"inf{i}": 4 for i in range(6)}                   # the soak-off example of AH-13
    >>> dfn = {"2SS": 6, "9SS": 6, "12SS": 6}
    >>> plan = [Battle(("inf0",), ("2SS", "9SS")), Battle(tuple(f"inf{i}" for i in range(1, 6)), ("12SS",))]
    >>> check_battle_plan(plan, att, dfn, engaged=dfn)
    ['1-3', '3-1']
    """
    seen: set[str] = set()
    for b in battles:
        for u in (*b.attackers, *b.defenders):
            if u in seen:
                raise IllegalActionError("AH-12", f"{u} would fight more than one battle this player-turn")
            seen.add(u)
        for u in b.attackers:
            if kinds and not can_attack(kinds.get(u, "infantry")):
                raise IllegalActionError("AH-18", f"{u} is an HQ unit and cannot attack")
    missing = sorted(set(engaged) - seen)
    if missing:
        raise IllegalActionError("AH-13", f"every engaged defender must be fought; not fought: {missing}")
    return [odds_column(sum(attack[u] for u in b.attackers), sum(defense[u] for u in b.defenders)) for b in battles]


# ---------------------------------------------------------------------------------------------
# the descriptive rules as data (AH-3 .. AH-8, AH-14 .. AH-19)

TURN_SEQUENCE: Final[tuple[tuple[str, str], ...]] = (
    ("allies", "move units on the continent, then bring in new units (Time Record Card, Troop Invasion Table)"),
    ("allies", "resolve every battle caused by Allied movement, one at a time"),
    ("germany", "place due reinforcements, then move"),
    ("germany", "resolve every battle caused by German movement, one at a time"),
    ("germany", "check off one week on the Time Record Card"),
)
"""AH-4: one week = an Allied player-turn then a German one; the invasion is week 1."""

VICTORY: Final[dict[str, tuple[str, ...]]] = {
    "allies": ("eliminate every German unit on the continent", "10 combat divisions across the Rhine–IJssel line, D-10 to AA-16"),
    "germany": ("eliminate every Allied unit on the continent", "the Allies have not won by the end of week 50"),
}
LAST_WEEK: Final = 50
DIVISIONS_ACROSS_RHINE: Final = 10


def allied_victory(german_units_on_continent: int, divisions_across_rhine: int) -> bool:
    """AH-5: the Allies win by clearing the continent or by 10 combat divisions over the Rhine–IJssel."""
    return german_units_on_continent == 0 or divisions_across_rhine >= DIVISIONS_ACROSS_RHINE


def german_victory(allied_units_on_continent: int, week: int, allies_won: bool = False) -> bool:
    """AH-5: the Germans win by clearing the continent (units in Britain then count as lost) or by surviving week 50."""
    return not allies_won and (allied_units_on_continent == 0 or week > LAST_WEEK)


STACK_LIMIT: Final[dict[ASide, int]] = {"allies": 2, "germany": 3}
"""AH-15 (and AH-3 for the German setup): units per square, HQ included."""


def stack_legal(side: ASide, units: int) -> bool:
    """Whether ``units`` may share a square (AH-15).

    >>> stack_legal("allies", 3), stack_legal("germany", 3)
    (False, True)
    """
    return 0 <= units <= STACK_LIMIT[side]


def stack_movement(movement_factors: Iterable[int]) -> int:
    """A stack moves at the speed of its slowest unit (AH-15)."""
    return min(movement_factors)


def german_setup_legal(
    kind: str, terrain: str, *, coastal: bool = False, star: bool = False, named_ss: bool = False, stack: int = 1
) -> bool:
    """Whether the German player may place a unit there before the invasion (AH-3).

    Static units only on coastal squares; the named SS panzer formations only on red-star
    squares; nothing on sea, X-mountain (or neutral) squares; stacks up to 3.
    """
    if terrain in ("sea", "x_mountain", "neutral") or not stack_legal("germany", stack):
        return False
    if kind == "static":
        return coastal
    if named_ss:
        return star
    return True


MAX_PER_SEA_SQUARE: Final = 2
TROOP_INVASION_EXAMPLES: Final[dict[str, dict[int, dict[str, int]]]] = {
    # Only the figures the rules text quotes (AH-6, AH-17); the tables of the other six areas are not in the file.
    "Normandy": {1: {"infantry": 6, "parachute": 3}, 2: {"armor": 2, "infantry": 4}},
}


def invasion_within_limits(per_sea_square: Sequence[int], counts: Mapping[str, int], area: str = "Normandy") -> bool:
    """AH-6: at most 2 units per sea square and at most the area's "First Turn" numbers per kind."""
    first = TROOP_INVASION_EXAMPLES[area][1]
    if any(n < 0 or n > MAX_PER_SEA_SQUARE for n in per_sea_square):
        return False
    return all(counts.get(k, 0) <= first.get(k, 0) for k in counts)


def path_legal(movement: int, path: Sequence[str | Collection[str]]) -> bool:
    """Whether a unit with ``movement`` factor may take ``path`` (AH-7, AH-8, AH-14).

    Each step is the square entered, given as its terrain or a set of tags: a terrain name of
    :data:`TERRAIN`, ``"enemy"`` (an enemy unit stands there) and ``"enemy_zoc"`` (an enemy
    controls it). One square per movement point; never onto or through enemy units, sea or
    X-mountain squares; entering an enemy zone of control or a mountain ends the move.

    >>> path_legal(4, ["clear", "mountain"]), path_legal(4, ["mountain", "clear"])
    (True, False)
    >>> path_legal(4, [{"clear", "enemy_zoc"}, "clear"])       # no moving through a zone of control
    False
    """
    if len(path) > movement:
        return False
    for i, step in enumerate(path):
        tags = {step} if isinstance(step, str) else set(step)
        if "enemy" in tags or any(t in TERRAIN and not TERRAIN[t].enterable for t in tags):
            return False
        stops = "enemy_zoc" in tags or any(t in TERRAIN and TERRAIN[t].ends_movement for t in tags)
        if stops and i != len(path) - 1:
            return False
    return True


def exerts_zoc(in_fortress: bool = False, across_river: bool = False) -> bool:
    """Whether a unit controls an adjacent square (AH-8, AH-14): normally all six; never out of a
    fortress, never across a river. HQ units have zones of control too (AH-18)."""
    return not (in_fortress or across_river)


def may_occupy(terrain: str, *, defense_doubled_by_river: bool = False) -> bool:
    """AH-16: winners may occupy a vacated square (also after an exchange) only across a river that
    had doubled the loser, or onto a city, fortified zone, mountain or fortress square."""
    return defense_doubled_by_river or terrain in ("city", "inland_port", "fortified_zone", "mountain", "fortress")


def reinforcement_entry_allowed(week: int, via: str, *, invaded_area: bool = True, controlled: bool = True, port: str = "") -> bool:
    """AH-17: week 1 via sea squares only; later onto vacant controlled coastal squares of the invaded
    area, or any controlled inland port except Bremen. ``via`` is ``"sea"``, ``"coastal"`` or ``"port"``."""
    if week == 1:
        return via == "sea"
    if via == "coastal":
        return invaded_area and controlled
    if via == "port":
        return controlled and port.lower() != "bremen"
    return False


MAX_DROPS: Final = 2
DROP_RANGE: Final = 5


def drop_allowed(distance: int, terrain: str, *, enemy_controlled: bool = False, drops_made: int = 0, side: ASide = "allies") -> bool:
    """AH-18: an Allied parachute unit may drop twice a game, within 5 squares of the nearest Allied
    combat unit, not onto an enemy-controlled, mountain or sea square. German paratroops never drop."""
    return (
        side == "allies"
        and drops_made < MAX_DROPS
        and 0 <= distance <= DROP_RANGE
        and not enemy_controlled
        and terrain not in ("mountain", "x_mountain", "sea")
    )


REPLACEMENTS: Final[dict[ASide, tuple[int, int, tuple[str, ...]]]] = {
    "allies": (9, 2, ("hq", "parachute")),  # from week 9, 2 attack factors a turn, no HQ or parachute
    "germany": (16, 5, ("hq", "static")),  # from week 16, 5 attack factors a turn, no HQ or static
}
"""AH-19: (first week, attack factors per turn, kinds that cannot come back)."""


def replacement_allowance(side: ASide, week: int, used: int = 0) -> int:
    """Attack factors of replacements available in ``week`` (AH-19); unused allowance accumulates.

    >>> replacement_allowance("allies", 8), replacement_allowance("allies", 10), replacement_allowance("germany", 17, used=3)
    (0, 4, 7)
    """
    start, rate, _ = REPLACEMENTS[side]
    return max(0, rate * (week - start + 1)) - used if week >= start else 0


# ---------------------------------------------------------------------------------------------
# the 2004 game for comparison (dday.odds): the same question asked of a bucket-of-dice fight


def sweep_2004(allied_forces: Iterable[str], axis: str, cards: int, first: str = "allies") -> pd.DataFrame:
    """For each Allied force, the fight for one zone of the 2004 game after ``cards`` attack cards.

    One row per force: its attack pips (the sum of the units' attack hit numbers: a rough
    analogue of 1961 attack factors), P(Allies hold), P(Axis hold), P(contested), P(empty) and
    the expected Allied and Axis units lost — all from :func:`dday.odds.zone_fight_exact`
    (exact; floats here, Fractions in ``df.attrs["exact"]``).

    >>> df = sweep_2004(["1i", "2i"], "1i", cards=1)
    >>> df["attack pips"].tolist(), df.attrs["exact"][0]["allies_hold"]      # 1/6 · 4/6: hit and not be hit
    ([1, 2], Fraction(1, 9))
    """
    from ..odds import zone_fight_exact
    from ..play.scenario import force as parse
    from ..rules.units import UNIT_STATS

    rows: list[dict[str, object]] = []
    exact: list[dict[str, object]] = []
    axis_force = parse(axis)
    for spec in allied_forces:
        f = parse(spec)
        fight = zone_fight_exact(f, axis_force, cards, first)
        last = fight.rows[-1]
        allied_left = sum((last[f"E[allies_{u}]"] for u in ("infantry", "artillery", "tank")), Fraction(0))
        axis_left = sum((last[f"E[axis_{u}]"] for u in ("infantry", "artillery", "tank", "blockhouse")), Fraction(0))
        row: dict[str, object] = {
            "allies": f.short(),
            "units": f.total,
            "attack pips": sum(f.get(u) * UNIT_STATS[u].attack for u in ("infantry", "artillery", "tank")),
            **{k: last[k] for k in ("allies_hold", "axis_hold", "contested", "empty")},
            "E[allied units lost]": f.total - allied_left,
            "E[axis units lost]": axis_force.total - axis_left,
        }
        exact.append(row)
        rows.append({k: (float(v) if isinstance(v, Fraction) else v) for k, v in row.items()})
    df = pd.DataFrame(rows)
    df.attrs["exact"] = exact
    return df


# ---------------------------------------------------------------------------------------------
# Pictures and tables for the comparison notebook (22)


def results_figure(battles: Mapping[str, BattleSummary]) -> Any:
    """Grouped bars: each named 1961 battle's exact result probabilities (AH-10, RECONSTRUCTED CRT)."""
    import plotly.express as px

    rows = [
        {"attack": name, "result": result, "probability": float(p), "exact": str(p)}
        for name, b in battles.items()
        for result, p in b.probabilities.items()
    ]
    fig = px.bar(
        rows, x="result", y="probability", color="attack", barmode="group", hover_data=["exact"],
        title="1961: one die on the odds column (classic CRT, RECONSTRUCTED)",
    )
    fig.update_layout(yaxis_tickformat=".0%")
    return fig


def massing_figure(defense: int, attack_totals: Iterable[int]) -> Any:
    """Step chart of :func:`massing_table`: what more attack factors buy against ``defense``."""
    import plotly.graph_objects as go

    mass = massing_table(defense, attack_totals)
    fig = go.Figure()
    for col in ("P(defender removed)", "P(attacker hurt)"):
        fig.add_trace(go.Scatter(x=mass["attack"], y=mass[col], mode="lines", line_shape="hv", name=col, text=mass["odds"]))
    fig.update_layout(
        title=f"1961: attack factors against {defense} defense factors",
        xaxis_title="total attack factors", yaxis_title="probability", yaxis_tickformat=".0%",
    )
    return fig


def compare_models(battles: Mapping[str, BattleSummary], fights: Mapping[str, pd.Series], start_units: int) -> pd.DataFrame:
    """One row per model: P(the defender is gone) and the attacker's expected loss.

    ``battles`` are 1961 summaries; ``fights`` are rows of :func:`dday.odds.zone_fight` (the
    card to compare) for an Allied force of ``start_units`` land units.
    """
    rows: list[dict[str, object]] = []
    for name, b in battles.items():
        rows.append(
            {
                "model": name,
                "P(defender gone)": float(b.probabilities["DE"] + b.probabilities["EX"]),
                "expected attacker loss": f"{float(b.attacker_loss):.1f} of {b.attack} factors",
            }
        )
    for name, row in fights.items():
        left = sum(float(row[c]) for c in ("E[allies_infantry]", "E[allies_artillery]", "E[allies_tank]"))
        rows.append(
            {
                "model": name,
                "P(defender gone)": float(row["allies_hold"] + row["empty"]),
                "expected attacker loss": f"{start_units - left:.1f} of {start_units} units",
            }
        )
    return pd.DataFrame(rows)
