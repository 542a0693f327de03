"""The fight for one zone as a Markov model, and its two chains: floats for tables, plots and
bots (:func:`run_floats`), exact integers for the Fractions (:func:`run_exact_rows`, and
:mod:`.exact_chain`, which plays big fights die by die). What the bots
ask (who holds after the last card, without the table) is in :mod:`.holds`.

The model (:class:`FightModel`, made by :func:`fight_model`):

* **States** are pairs (Allied force, Axis force). Under a loss order each side's forces form a
  list (``LossOrder.survivors``), so 8 units against 8 make 9 × 9 = 81 states.
* **One card** is one combat cycle (R-COMBAT-2). Both sides fire with every unit (casualties
  still fire, R-COMBAT-6), so each side's hits depend only on its own force, and

      P(s → t) = P(Axis fire leaves a' of a) × P(Allied fire leaves x' of x).

  Each side's hits come from :func:`dday.odds.dice_weights.side_weights` (the engine's own dice,
  :func:`dday.rules.orders.combat.combat_dice`), hits beyond the enemy's units are lost
  (R-COMBAT-5) and the casualty policy says which units go.
* **A kind of card** is (who attacks, the combat options of that card, as a mixture when the
  fortune die may change them): one pair of fire laws per kind, whatever the number of cards.

The float chain takes the 81 probabilities through each card with the two fire laws
(:meth:`FightModel.step`): per Allied force, a small product of matrices, never the 81 × 81
transition matrix (961 × 961 at 30 v 30, the API's limit). The exact chain does the same with
Python integers: every probability of a card is an integer number of ways over the card's
denominator, so after ``n`` cards a state's probability is an integer over the product of ``n``
denominators. Both use the same model.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache
from typing import Final

import numpy as np

from ..rules.orders.combat import artillery_rolls, fortune_infantry_hit
from ..rules.state import RuleOptions
from ..rules.units import Force
from .dice_weights import CombatOptions, side_weights
from .one_cycle import FORCE_FIELD, CasualtyPolicy, LossOrder

ALLIED_COLS: Final = ("infantry", "artillery", "tank")
AXIS_COLS: Final = ("infantry", "artillery", "tank", "blockhouse")
FIGHT_KEYS: Final = (
    "allies_hold",
    "axis_hold",
    "contested",
    "empty",
    *(f"E[allies_{u}]" for u in ALLIED_COLS),
    *(f"E[axis_{u}]" for u in AXIS_COLS),
)

DENSE_UP_TO: Final = 121
"""Up to this many states (10 units a side) a card multiplies by the transition matrix
(:meth:`FightModel.matrix`); above, :meth:`FightModel.step` plays it from the two fire laws
without one (measured with ``benchmarks/bench_odds.py``: the crossover is near 11 v 11)."""

Mixture = tuple[tuple[int, CombatOptions], ...]
"""A card's combat options as ((weight, options), ...): each options with probability weight / total."""
Kind = tuple[str, Mixture]
"""A kind of card: (the attacking side, its mixture of combat options)."""


BASIC_RULES: Final = RuleOptions()
"""The official basic game (what ``options=None`` means), made once."""


def card_modes(card: int, attacker: str, options: RuleOptions | None, fortune: int | None, tac10: bool) -> Mixture:
    """The combat options of attack card ``card`` (1-based) as a mixture ((weight, options), ...).

    With ``options.fortune`` each attack card's fortune die is rolled afresh (R-FORT-2): result 1
    (1 in 6) makes the attacking infantry hit on 2 (FORT-11 / FORT-13); results 2-6 change
    nothing for a lone zone. ``fortune`` fixes the result of card 1; ``tac10`` puts TAC-10 on
    card 1 if the Allies attack first (it lasts for that order 11 only).

    >>> [(weight, opts.infantry_hit) for weight, opts in card_modes(1, "allies", RuleOptions(fortune=True), None, False)]
    [(5, None), (1, 2)]
    """
    base = CombatOptions(artillery_rolls=artillery_rolls(options or BASIC_RULES), tac10=tac10 and card == 1 and attacker == "allies")
    positive = replace(base, infantry_hit=fortune_infantry_hit(11 if attacker == "allies" else 13, 1))
    if card == 1 and fortune is not None:
        return ((1, positive if fortune == 1 else base),)
    if options is not None and options.fortune:
        return ((5, base), (1, positive))
    return ((1, base),)


@dataclass(frozen=True)
class LossChain:
    """What a casualty policy can leave of one side's force."""

    forces: tuple[Force, ...]  # the forces the policy can leave, the start first
    after: tuple[tuple[int, ...], ...]  # after[i][k]: the force that k hits leave of force i (capped, R-COMBAT-5)

    @cached_property
    def units(self) -> np.ndarray:
        """The number of units of each force: the hits that wipe it out (R-COMBAT-5)."""
        return np.array([f.total for f in self.forces], dtype=np.intp)

    @cached_property
    def from_start(self) -> np.ndarray:
        """``after[0]`` as an array: where k hits take the starting force."""
        return np.array(self.after[0], dtype=np.intp)


def after_losses(policy: CasualtyPolicy, force: Force, hits: int, side: str) -> Force:
    """What ``force`` keeps after ``hits`` losses chosen by ``policy``."""
    return force.minus(policy(force, hits, side)) if hits else force


def reachable_forces(policy: CasualtyPolicy, start: Force, side: str) -> list[Force]:
    """Every force ``policy`` can leave of ``start`` (0..total hits, repeatedly), the start first."""
    seen = {start: None}
    todo = [start]
    while todo:
        f = todo.pop()
        for k in range(1, f.total + 1):
            g = after_losses(policy, f, k, side)
            if g not in seen:
                seen[g] = None
                todo.append(g)
    return list(seen)


@cache
def capped_steps(n: int, max_hits: int) -> tuple[tuple[int, ...], ...]:
    """``after[i][k]`` for a chain of ``n`` forces that loses one force per hit: ``min(i + k, n - 1)``
    (hits beyond the last unit are lost, R-COMBAT-5).

    >>> capped_steps(3, 2)
    ((0, 1, 2), (1, 2, 2), (2, 2, 2))
    """
    return tuple(tuple(min(i + k, n - 1) for k in range(max_hits + 1)) for i in range(n))


@lru_cache(maxsize=1024)
def survivors(policy: LossOrder, start: Force, side: str) -> tuple[Force, ...]:
    """:meth:`LossOrder.survivors` as a tuple, memoised apart from :func:`loss_chain`: the same
    force meets enemies of many sizes (``max_hits``) in a bot's game."""
    return tuple(policy.survivors(start, side))


@lru_cache(maxsize=1024)
def loss_chain(policy: CasualtyPolicy, start: Force, side: str, max_hits: int) -> LossChain:
    """The forces ``policy`` can leave of ``start`` and where 0..``max_hits`` hits take each of them."""
    if isinstance(policy, LossOrder) and type(policy).__call__ is LossOrder.__call__:
        forces = survivors(policy, start, side)  # k more hits on forces[i] leave forces[i + k]
        return LossChain(forces, capped_steps(len(forces), max_hits))
    forces = tuple(reachable_forces(policy, start, side))
    index = {f: i for i, f in enumerate(forces)}
    after = tuple(tuple(index[after_losses(policy, f, min(k, f.total), side)] for k in range(max_hits + 1)) for f in forces)
    return LossChain(forces, after)


@cache
def hit_ways(forces: tuple[Force, ...], side: str, attacking: bool, opts: CombatOptions) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Ways each force scores 0, 1, 2, … hits, all over one denominator (returned with them).

    A force rolling ``n`` dice scores ``k`` hits in ``side_weights(...)[k]`` ways out of ``6**n``;
    scaled to the largest number of dice and divided by the common factor of every number.

    >>> hit_ways((Force(infantry=1), Force()), "allies", True, CombatOptions())  # one die hitting on 1; no dice
    (((5, 1), (6,)), 6)
    """
    laws = [side_weights(f, side, attacking, opts) for f in forces]
    dice = max(len(w) for w in laws) - 1
    rows = [tuple(x * 6 ** (dice - len(w) + 1) for x in w) for w in laws]
    den = 6**dice
    common = math.gcd(den, *(x for row in rows for x in row))
    return tuple(tuple(x // common for x in row) for row in rows), den // common


@dataclass(frozen=True, eq=False)
class FightModel:
    """The Markov model of one zone fight: states, one transition law per kind of card, summaries.

    State ``ia * len(side_x) + ix`` is (``side_a[ia]``, ``side_x[ix]``); state 0 is the start.
    ``summary[s, j]`` is what state ``s`` adds to column ``FIGHT_KEYS[j]`` (1 or 0 for the four
    outcomes, unit counts for the expected survivors).
    """

    policy: CasualtyPolicy
    side_a: LossChain
    side_x: LossChain
    kinds: tuple[Kind, ...]

    @cached_property
    def summary(self) -> np.ndarray:
        """``summary[s, j]``: what state ``s`` adds to column ``FIGHT_KEYS[j]`` (read-only)."""
        side_a, side_x = self.side_a, self.side_x
        na, nx = len(side_a.forces), len(side_x.forces)
        counts_a = np.array(side_a.forces, dtype=np.float64)  # [a, unit type] in Force's field order
        counts_x = np.array(side_x.forces, dtype=np.float64)
        alive_a = (counts_a.sum(axis=1) > 0)[:, None]
        alive_x = (counts_x.sum(axis=1) > 0)[None, :]
        summary = np.zeros((na, nx, len(FIGHT_KEYS)))
        summary[:, :, 0] = alive_a & ~alive_x  # allies_hold
        summary[:, :, 1] = ~alive_a & alive_x  # axis_hold
        summary[:, :, 2] = alive_a & alive_x  # contested
        summary[:, :, 3] = ~alive_a & ~alive_x  # empty
        summary[:, :, 4 : 4 + len(ALLIED_COLS)] = counts_a[:, None, [FORCE_FIELD[u] for u in ALLIED_COLS]]
        summary[:, :, 4 + len(ALLIED_COLS) :] = counts_x[None, :, [FORCE_FIELD[u] for u in AXIS_COLS]]
        flat = summary.reshape(na * nx, len(FIGHT_KEYS))
        flat.flags.writeable = False
        return flat

    @property
    def size(self) -> int:
        return len(self.side_a.forces) * len(self.side_x.forces)

    def _ways(
        self, kind: Kind, opts: CombatOptions
    ) -> tuple[tuple[tuple[tuple[int, ...], ...], int], tuple[tuple[tuple[int, ...], ...], int]]:
        attacker = kind[0]
        return (
            hit_ways(self.side_a.forces, "allies", attacker == "allies", opts),
            hit_ways(self.side_x.forces, "axis", attacker == "axis", opts),
        )

    @lru_cache(maxsize=64)  # noqa: B019 - the model is memoised itself and lives as long as its cache
    def exact(self, k: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], int]:
        """Kind ``k``'s transition law as integers: ``rows[s]`` lists (t, ways) with ways > 0, over ``den``."""
        nx = len(self.side_x.forces)
        parts: list[tuple[int, int, list[dict[int, int]]]] = []  # (weight, den, rows as {t: ways})
        for weight, opts in self.kinds[k][1]:
            (wa, da), (wx, dx) = self._ways(self.kinds[k], opts)
            rows = []
            for ia, a_after in enumerate(self.side_a.after):
                for ix, x_after in enumerate(self.side_x.after):
                    to_a: dict[int, int] = {}  # the Axis fire (force ix) takes Allied force ia to ...
                    for hits, w in enumerate(wx[ix]):
                        if w:
                            to_a[a_after[hits]] = to_a.get(a_after[hits], 0) + w
                    to_x: dict[int, int] = {}  # the Allied fire (force ia) takes Axis force ix to ...
                    for hits, w in enumerate(wa[ia]):
                        if w:
                            to_x[x_after[hits]] = to_x.get(x_after[hits], 0) + w
                    rows.append({i * nx + j: u * v for i, u in to_a.items() for j, v in to_x.items()})
            parts.append((weight, da * dx, rows))
        den = math.lcm(*(d for _, d, _ in parts))
        mixed: list[dict[int, int]] = [{} for _ in range(self.size)]
        for weight, d, rows in parts:
            scale = weight * (den // d)
            for out, row in zip(mixed, rows, strict=True):
                for t, w in row.items():
                    out[t] = out.get(t, 0) + w * scale
        total = den * sum(w for w, _, _ in parts)
        common = math.gcd(total, *(w for row in mixed for w in row.values()))
        return tuple(tuple((t, w // common) for t, w in sorted(row.items())) for row in mixed), total // common

    def modes(self, k: int) -> list[tuple[float, CombatOptions]]:
        """Kind ``k``'s combat options, each with its probability."""
        mixture = self.kinds[k][1]
        total = sum(w for w, _ in mixture)
        return [(weight / total, opts) for weight, opts in mixture]

    def hits(self, k: int, opts: CombatOptions) -> tuple[np.ndarray, np.ndarray]:
        """:func:`hit_floats` of each Allied force and of each Axis force on a card of kind ``k`` played with ``opts``."""
        attacker = self.kinds[k][0]
        return (
            hit_floats(self.side_a.forces, "allies", attacker == "allies", opts),
            hit_floats(self.side_x.forces, "axis", attacker == "axis", opts),
        )

    @lru_cache(maxsize=64)  # noqa: B019 - as exact()
    def fire_laws(self, k: int) -> tuple[tuple[float, np.ndarray, np.ndarray], ...]:
        """Per combat option of kind ``k``: (its probability, the Axis fire, the Allied fire), read-only.

        The Axis fire ``to_a[s, a2]`` is P(the Axis force of state ``s`` leaves Allied force ``a2``
        of the Allied force of ``s``); the Allied fire ``to_x[s, x2]`` the same the other way round.
        Each is states × forces of one side (31 × 961 numbers at 30 v 30, where the transition
        matrix would be 961 × 961).
        """
        side_a, side_x = self.side_a, self.side_x
        na, nx = len(side_a.forces), len(side_x.forces)
        attacker = self.kinds[k][0]
        laws = []
        for p, opts in self.modes(k):
            to_a = fire_law(side_x, "axis", attacker == "axis", opts, side_a).transpose(1, 0, 2).reshape(na * nx, na)
            to_x = fire_law(side_a, "allies", attacker == "allies", opts, side_x).reshape(na * nx, nx)
            to_a.flags.writeable = to_x.flags.writeable = False  # memoised
            laws.append((p, to_a, to_x))
        return tuple(laws)

    def step(self, p: np.ndarray, k: int) -> np.ndarray:
        """The law over the states after one card of kind ``k``, from the law ``p`` before it (floats).

        Given the state, the two sides fire independently (R-COMBAT-6), so

            P(a2, x2) = sum over states (a, x) of p[a, x] × P(the Axis fire leaves a2 of a) × P(the Allied fire leaves x2 of x):

        per Allied force ``a``, one small product of matrices over ``x`` (:meth:`fire_laws`), then
        the sum over ``a``; the transition matrix is never made. The products are 31 × 31 at
        most, too small for numpy's BLAS to start threads (that would fight over the cores of a
        busy machine). A small fight (:data:`DENSE_UP_TO` states) multiplies by its
        :meth:`matrix` instead: for it, a few numpy calls cost more than the sums.
        """
        if self.size <= DENSE_UP_TO:
            return np.einsum("s,st->t", p, self.matrix(k))
        na, nx = len(self.side_a.forces), len(self.side_x.forces)
        out = np.zeros((na, nx))
        for w, to_a, to_x in self.fire_laws(k):
            axis_fire = ((w * p)[:, None] * to_a).reshape(na, nx, na)  # [a, x, a2], weighted by P(a, x)
            out += np.matmul(axis_fire.transpose(0, 2, 1), to_x.reshape(na, nx, nx)).sum(axis=0)
        return out.ravel()

    @lru_cache(maxsize=64)  # noqa: B019 - as exact()
    def matrix(self, k: int) -> np.ndarray:
        """Kind ``k``'s transition matrix of floats, ``T[s, t]`` = P(s → t) (read-only): for small
        fights only (:meth:`step`; 121 × 121 at most)."""
        if self.size > DENSE_UP_TO:
            raise ValueError(f"a fight of {self.size} states is played by FightModel.step, without its matrix")
        matrix = np.zeros((self.size, self.size))
        for w, to_a, to_x in self.fire_laws(k):
            matrix += w * np.einsum("si,sj->sij", to_a, to_x).reshape(self.size, self.size)
        matrix.flags.writeable = False  # memoised
        return matrix

    def from_start(self, k: int) -> np.ndarray:
        """:meth:`step` from the start (one card of kind ``k``), from the starting forces' hits alone:
        where the enemy's hits take each side's starting force, for the two sides together."""
        na, nx = len(self.side_a.forces), len(self.side_x.forces)
        row = np.zeros((na, nx))
        for p, opts in self.modes(k):
            hits_a, hits_x = self.hits(k, opts)
            to_a = np.bincount(self.side_a.from_start[: hits_x.shape[1]], weights=hits_x[0], minlength=na)  # the Axis fire
            to_x = np.bincount(self.side_x.from_start[: hits_a.shape[1]], weights=hits_a[0], minlength=nx)  # the Allied fire
            row += p * np.outer(to_a, to_x)
        return row.ravel()


@lru_cache(maxsize=1024)
def capping(after: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """``lost[i, k, j]`` = 1.0 where k hits leave force j of force i (memoised, read-only)."""
    table = np.array(after, dtype=np.intp)
    lost = (table[:, :, None] == np.arange(len(after))).astype(np.float64)
    lost.flags.writeable = False
    return lost


@lru_cache(maxsize=4096)
def hit_floats(forces: tuple[Force, ...], side: str, attacking: bool, opts: CombatOptions) -> np.ndarray:
    """``hits[f, k]`` = P(force ``f`` scores ``k`` hits), floats (memoised, read-only).

    Each entry is its number of ways over ``6**dice`` (:func:`~dday.odds.dice_weights.side_weights`),
    divided once: Python divides two integers correctly rounded, so each float is the nearest
    to the exact chain's Fraction.
    """
    laws = [side_weights(f, side, attacking, opts) for f in forces]
    hits = np.zeros((len(forces), max(len(w) for w in laws)))
    for row, ways in zip(hits, laws, strict=True):
        den = 6 ** (len(ways) - 1)
        row[: len(ways)] = [w / den for w in ways]
    hits.flags.writeable = False
    return hits


def fire_law(firing: LossChain, side: str, attacking: bool, opts: CombatOptions, target: LossChain) -> np.ndarray:
    """``law[f, e, e2]`` = P(force ``f`` of ``side``, firing once, leaves force ``e2`` of enemy force ``e``), floats.

    The hits of force ``f`` (:func:`hit_floats`) times where that many hits take each enemy
    force (:func:`capping` of ``target.after``).
    """
    hits = hit_floats(firing.forces, side, attacking, opts)
    lost = capping(target.after)
    if hits.shape[1] < lost.shape[1]:  # fewer dice than units (VAR-RM-9: artillery rolls none)
        hits = np.pad(hits, ((0, 0), (0, lost.shape[1] - hits.shape[1])))
    return np.einsum("fk,eki->fei", hits, lost)


@lru_cache(maxsize=256)
def fight_model(policy: CasualtyPolicy, a0: Force, x0: Force, kinds: tuple[Kind, ...]) -> FightModel:
    """The model of a fight between ``a0`` and ``x0`` over cards of the given kinds (memoised:
    a bot asks about the same forces again and again; the number of cards does not matter)."""
    side_a = loss_chain(policy, a0, "allies", x0.total)
    side_x = loss_chain(policy, x0, "axis", a0.total)
    return FightModel(policy, side_a, side_x, kinds)


def run_floats(model: FightModel, sequence: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """The float chain: (one row of :data:`FIGHT_KEYS` per card, the final law over the states)."""
    p = np.zeros(model.size)
    p[0] = 1.0  # the start, certain
    states = np.zeros((len(sequence), model.size))
    for c, k in enumerate(sequence):
        p = model.step(p, k)
        states[c] = p
    return np.einsum("cs,sj->cj", states, model.summary), p


def run_exact_rows(model: FightModel, sequence: Sequence[int]) -> list[tuple[list[int], int]]:
    """The exact chain from the rows of :meth:`FightModel.exact`, for any casualty policy: after each card,
    (the numerator of every state, their common denominator). :func:`dday.odds.exact_chain.run_exact`
    plays a loss order's cards die by die instead, and falls back on this."""
    p = [0] * model.size
    p[0] = 1
    den = 1
    out = []
    for k in sequence:
        rows, d = model.exact(k)
        new = [0] * model.size
        for s, m in enumerate(p):
            if m:
                for t, w in rows[s]:
                    new[t] += m * w
        p, den = new, den * d
        out.append((p, den))
    return out


def clear_caches() -> None:
    """Forget the memoised results of this module (see :func:`dday.odds.clear_caches`)."""
    for fn in (capped_steps, survivors, loss_chain, hit_ways, hit_floats, capping, fight_model):
        fn.cache_clear()
