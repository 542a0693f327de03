"""Avalon Hill's *D-Day* (1961) procedures: a battle's summary, exchanges (AH-11), battle plans and
soak-offs (AH-12, AH-13) and the descriptive rules as data (AH-3 .. AH-8, AH-14 .. AH-19).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Final, NamedTuple

from ...errors import IllegalActionError
from ...odds import fmt
from .combat_table import TERRAIN, ASide, Result, can_attack, modified_defense, odds_column, result_probabilities


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
