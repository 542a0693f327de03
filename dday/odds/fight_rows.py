"""The fight for one zone over several attack cards, as read: :class:`ZoneFight`, its float table
(from the float chain, made at once) and its exact rows (from the exact chain, made when first read).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, overload

import numpy as np

from ..rules.units import Force, other_side
from ..rules.words import plural, wrap
from .distribution import Distribution, SurvivorLaw
from .exact_chain import run_exact
from .fight_model import FIGHT_KEYS, FightModel
from .one_cycle import CasualtyPolicy

if TYPE_CHECKING:
    import pandas as pd  # imported where a frame is made: a card lab's kernel starts without pandas (issue 33)

__all__ = ["ExactRows", "ZoneFight"]


class ExactRows(Sequence[dict[str, Any]]):
    """The exact rows of a zone fight, one dict per card (card, order, attacker and a Fraction
    per column of :data:`FIGHT_KEYS`); a row is made when it is first read. Compares equal to a
    list of the same dicts."""

    def __init__(self, fight: ZoneFight) -> None:
        self._fight = fight
        self._made: dict[int, dict[str, Any]] = {}

    def __len__(self) -> int:
        return len(self._fight.sequence)

    def value(self, i: int, column: str) -> Fraction:
        """``self[i][column]``, making that one Fraction only (unless the row is made already)."""
        c = range(len(self))[i]
        if c in self._made:
            return self._made[c][column]  # type: ignore[no-any-return]
        numerators, den = self._fight.exact_states[c]
        j = FIGHT_KEYS.index(column)
        summary = self._fight.model.summary[:, j].tolist()
        return Fraction(sum(m * int(w) for m, w in zip(numerators, summary, strict=True) if m and w), den)

    def _make(self, c: int) -> dict[str, Any]:
        first = self._fight.first
        attacker = first if c % 2 == 0 else other_side(first)
        row: dict[str, Any] = {"card": c + 1, "order": 11 if attacker == "allies" else 13, "attacker": attacker}
        row.update((k, self.value(c, k)) for k in FIGHT_KEYS)
        return row

    @overload
    def __getitem__(self, i: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, i: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, i: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(i, slice):
            return [self[c] for c in range(len(self))[i]]
        c = range(len(self))[i]  # IndexError and negative indices as for a list
        if c not in self._made:
            self._made[c] = self._make(c)
        return self._made[c]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))

    def __deepcopy__(self, memo: dict[int, Any]) -> ExactRows:
        return ExactRows(self._fight)  # nothing here is ever changed


@dataclass(frozen=True, eq=False)
class ZoneFight:
    """The fight for one zone (:func:`zone_fight_exact`): floats at once, Fractions on demand.

    ``float_table`` (one row per card, one column per :data:`FIGHT_KEYS` entry) comes from the
    float chain. ``rows`` (a dict of Fractions per card), ``final`` (the exact law of the
    survivors) and :meth:`exact` run the exact chain the first time one of them is read.
    """

    allies: Force
    axis: Force
    first: str
    policy: CasualtyPolicy = field(repr=False)
    model: FightModel = field(repr=False)
    sequence: tuple[int, ...] = field(repr=False)  # per card: the index of its kind in model.kinds
    float_table: np.ndarray = field(repr=False)
    """The rows as floats (read-only); within 1e-12, relative, of the Fractions."""
    final_floats: np.ndarray = field(repr=False)
    """P(each state) after the last card, as floats (state order of :class:`~dday.odds.fight_model.FightModel`)."""

    @cached_property
    def exact_states(self) -> list[tuple[list[int], int]]:
        """The exact chain: after each card, every state's numerator and their denominator."""
        return run_exact(self.model, self.sequence)

    @cached_property
    def rows(self) -> ExactRows:
        """One dict of Fractions per card (made when read)."""
        return ExactRows(self)

    @cached_property
    def final(self) -> Distribution:
        """The exact law of (Allied survivors, Axis survivors) after the last card, most likely first."""
        if self.sequence:
            numerators, den = self.exact_states[-1]
        else:
            numerators, den = [1] + [0] * (self.model.size - 1), 1
        return Distribution(
            SurvivorLaw(self.model.side_a.forces, self.model.side_x.forces, numerators, den),
            title=f"Survivors after {len(self.sequence)} attack {plural(len(self.sequence), 'card')}: (Allies, Axis)",
            outcome_name="(allies, axis)",
        )

    def exact(self, column: str, card: int = -1) -> Fraction:
        """One exact entry, ``rows[card][column]``, without making the rest of the row (what a
        one-number question or a bot needs; ``card`` counts from 0, -1 is the last card).

        >>> from dday.odds import zone_fight_exact
        >>> zone_fight_exact({"infantry": 1}, {"blockhouse": 1}, cards=2).exact("allies_hold", 0)
        Fraction(5, 36)
        """
        if column not in FIGHT_KEYS:
            raise KeyError(f"{column!r} is not a column of a zone fight; the columns are {', '.join(FIGHT_KEYS)}")
        return self.rows.value(card, column)

    @property
    def floats(self) -> tuple[float, ...]:
        """:attr:`float_table` flat, row by row."""
        return tuple(self.float_table.ravel().tolist())

    def to_frame(self) -> pd.DataFrame:
        """Floats for plots; the exact rows are in ``df.attrs['exact']`` (made when read)."""
        import pandas as pd

        n = len(self.sequence)
        second = other_side(self.first)
        attackers = [self.first if c % 2 == 0 else second for c in range(n)]
        columns: dict[str, Any] = {
            "card": np.arange(1, n + 1, dtype=np.int64),
            "order": np.array([11 if a == "allies" else 13 for a in attackers], dtype=np.int64),
            "attacker": attackers,
        }
        columns.update(zip(FIGHT_KEYS, self.float_table.T, strict=True))  # pandas copies them into one float block
        df = pd.DataFrame(columns)  # the default index: a RangeIndex
        df.attrs["exact"] = self.rows
        df.attrs["explanation"] = self.explain()
        return df

    def explain(self) -> str:
        text = [
            f"Fight for one zone: Allies {self.allies.short()} vs Axis {self.axis.short()}, {len(self.sequence)} attack {plural(len(self.sequence), 'card')}, "
            f"{self.first.capitalize()} attack first (order {11 if self.first == 'allies' else 13}), then the cards alternate.",
            "Worked out exactly, card by card, over every pair of surviving forces (a Markov chain: what happens on a card depends only on who is left): each card is one cycle (R-COMBAT-2), both sides fire with all units "
            "(R-COMBAT-6), each owner removes casualties by its policy; a decided zone stays decided.",
            "Columns: allies_hold = only Allied units left, axis_hold = only Axis units (blockhouses count), contested = both, "
            "empty = nobody left (nobody controls it, R-CONTROL-1; counted apart, in neither hold).",
        ]
        if self.sequence:
            last = self.float_table[-1].tolist()
            text.append(
                f"After card {len(self.sequence)}: Allies hold ≈ {100 * last[0]:.1f} %, Axis hold ≈ {100 * last[1]:.1f} %, contested ≈ {100 * last[2]:.1f} %, "
                f"empty ≈ {100 * last[3]:.1f} % (the exact Fractions: ZoneFight.rows, or df.attrs['exact'] of the frame)."
            )
        return wrap("\n".join(text))
