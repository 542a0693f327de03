"""The fight for one zone over several attack cards, as read: :class:`ZoneFight` (its exact rows,
made when first read, and its frame) and the forces a loss order can leave.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from typing import Any, Final, overload

import numpy as np
import pandas as pd

from ..rules.units import Force, other_side
from .distribution import Distribution
from .exact_numbers import digit_floats, reduced, to_ints
from .one_cycle import CasualtyPolicy

# ---------------------------------------------------------------------------------------------
# the fight for one zone over several attack cards (a Markov chain)

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


@cache
def after_losses(policy: CasualtyPolicy, force: Force, hits: int, side: str) -> Force:
    """What ``force`` keeps after ``hits`` losses chosen by ``policy`` (cached per policy)."""
    return force.minus(policy(force, hits, side)) if hits else force


def reachable_forces(policy: CasualtyPolicy, start: Force, side: str) -> list[Force]:
    """Every force ``policy`` can leave of ``start`` (0..total hits, repeatedly)."""
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


class ExactRows(Sequence[dict[str, Any]]):
    """The exact rows of a zone fight, one dict per card; a row is made when it is first read.

    Row ``c * k + j`` of ``digits`` (``k = len(FIGHT_KEYS)``) holds the base-2**16 digits (not
    yet carried) of the numerator of column ``FIGHT_KEYS[j]`` of card ``c + 1``, over
    ``dens[c]``; ``powers[c]`` is ``(a, b)`` with ``dens[c] == 2**a * 3**b``, or None. Reading
    the last row (what a bot or a plot title wants) costs 11 numerators, not 11 per card.
    Compares equal to a list of the same dicts.
    """

    def __init__(self, digits: np.ndarray, dens: Sequence[int], powers: Sequence[tuple[int, int] | None], first: str) -> None:
        self._digits, self.dens, self._powers, self._first = digits, dens, powers, first
        self._made: list[dict[str, Any] | None] = [None] * len(dens)

    def _make(self, c: int) -> dict[str, Any]:
        attacker = self._first if c % 2 == 0 else other_side(self._first)
        row: dict[str, Any] = {"card": c + 1, "order": 11 if attacker == "allies" else 13, "attacker": attacker}
        k, den, powers = len(FIGHT_KEYS), self.dens[c], self._powers[c]
        numerators = to_ints(self._digits[c * k : (c + 1) * k].copy())
        row.update(zip(FIGHT_KEYS, [reduced(n, den, powers) for n in numerators], strict=True))
        return row

    def __len__(self) -> int:
        return len(self.dens)

    def value(self, i: int, column: str) -> Fraction:
        """``self[i][column]``, making that one Fraction only (unless the row is made already)."""
        c = range(len(self))[i]
        row = self._made[c]
        if row is not None:
            return row[column]  # type: ignore[no-any-return]
        k = len(FIGHT_KEYS)
        r = c * k + FIGHT_KEYS.index(column)
        (n,) = to_ints(self._digits[r : r + 1].copy())
        return reduced(n, self.dens[c], self._powers[c])

    @overload
    def __getitem__(self, i: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, i: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, i: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(i, slice):
            return [self[c] for c in range(len(self))[i]]
        c = range(len(self))[i]  # IndexError and negative indices as for a list
        row = self._made[c]
        if row is None:
            row = self._made[c] = self._make(c)
        return row

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))

    def __deepcopy__(self, memo: dict[int, Any]) -> ExactRows:
        return ExactRows(self._digits, self.dens, self._powers, self._first)  # nothing here is ever changed


@dataclass(frozen=True)
class ZoneFight:
    """Exact results of :func:`zone_fight_exact`: one row of Fractions per card, the final law.

    ``rows[c]`` is a dict (card, order, attacker and the Fractions of :func:`zone_fight`'s
    columns); rows are put in lowest terms when first read.
    """

    rows: Sequence[dict[str, Any]]
    final: Distribution
    allies: Force
    axis: Force
    first: str
    policy: CasualtyPolicy = field(repr=False)
    digit_sums: np.ndarray | None = field(default=None, repr=False, compare=False)
    """The chain's per-card sums as base-2**16 digits over each card's denominator (see :func:`digit_floats`)."""

    @cached_property
    def float_table(self) -> np.ndarray:
        """The rows as floats, one row per card, one column per ``FIGHT_KEYS`` entry (each
        within 1e-14, relative, of its Fraction; read-only)."""
        if self.digit_sums is not None and isinstance(self.rows, ExactRows):
            table = digit_floats(self.digit_sums, self.rows.dens)
        else:
            table = np.array([[float(r[c]) for c in FIGHT_KEYS] for r in self.rows], dtype=float).reshape(len(self.rows), len(FIGHT_KEYS))
        table.flags.writeable = False
        return table

    def exact(self, column: str, card: int = -1) -> Fraction:
        """One exact entry, ``rows[card][column]``, without making the rest of the row (what a
        one-number question or a bot needs; ``card`` counts from 0, -1 is the last card).

        >>> from dday.odds import zone_fight_exact
        >>> zone_fight_exact({"infantry": 1}, {"blockhouse": 1}, cards=2).exact("allies_hold", 0)
        Fraction(5, 36)
        """
        if column not in FIGHT_KEYS:
            raise KeyError(f"{column!r} is not a column of a zone fight; the columns are {', '.join(FIGHT_KEYS)}")
        if isinstance(self.rows, ExactRows):
            return self.rows.value(card, column)
        return self.rows[card][column]  # type: ignore[no-any-return]

    @property
    def floats(self) -> tuple[float, ...]:
        """:attr:`float_table` flat, row by row."""
        return tuple(self.float_table.ravel().tolist())

    def to_frame(self) -> pd.DataFrame:
        """Floats for plots; the exact rows are in ``df.attrs['exact']`` (made when read)."""
        n = len(self.rows)
        table = self.float_table
        second = other_side(self.first)
        attackers = [self.first if c % 2 == 0 else second for c in range(n)]
        data: dict[str, Any] = {
            "card": np.arange(1, n + 1),
            "order": np.array([11 if a == "allies" else 13 for a in attackers], dtype=np.int64),
            "attacker": attackers,
        }
        data.update(zip(FIGHT_KEYS, table.T, strict=True))
        df = pd.DataFrame(data)  # the default index: a RangeIndex
        df.attrs["exact"] = self.rows
        df.attrs["explanation"] = self.explain()
        return df

    def explain(self) -> str:
        text = [
            f"Fight for one zone: Allies {self.allies.short()} vs Axis {self.axis.short()}, {len(self.rows)} attack card(s), "
            f"{self.first.capitalize()} attack first (order {11 if self.first == 'allies' else 13}), then the cards alternate.",
            "A Markov chain over (Allied force, Axis force): each card is one cycle (R-COMBAT-2), both sides fire with all units "
            "(R-COMBAT-6), each owner removes casualties by its policy; a decided zone stays decided.",
            "Columns: allies_hold = only Allied units left, axis_hold = only Axis units (blockhouses count), contested = both, "
            "empty = nobody left (nobody controls it, R-CONTROL-1; counted apart, in neither hold).",
        ]
        if self.rows:
            last = self.float_table[-1].tolist()
            text.append(
                f"After card {len(self.rows)}: Allies hold ≈ {100 * last[0]:.1f} %, Axis hold ≈ {100 * last[1]:.1f} %, contested ≈ {100 * last[2]:.1f} %, "
                f"empty ≈ {100 * last[3]:.1f} % (the exact Fractions: ZoneFight.rows, or df.attrs['exact'] of the frame)."
            )
        return "\n".join(text)


def clear_caches() -> None:
    """Forget the memoised results of this module (see :func:`dday.odds.clear_caches`)."""
    for fn in (after_losses,):
        fn.cache_clear()
