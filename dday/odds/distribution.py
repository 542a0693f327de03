"""The result type of the odds (:class:`Distribution`: outcomes, exact probabilities, a plain-words
formula) and the text helpers that write the formulas.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

import pandas as pd

from ..rules.units import Force
from ..rules.words import wrap
from . import inputs

UnitSpec = str | Mapping[str, int] | Force

# ---------------------------------------------------------------------------------------------
# formatting helpers

_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_SUP: Final = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def number_word(n: int) -> str:
    """'three' for 3 (up to twelve; digits above), for the formulas."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def power_text(base: str, n: int) -> str:
    """``base`` to the power ``n`` in formula text: '(5/6)³'."""
    return base if n == 1 else f"({base}){str(n).translate(_SUP)}"


def fmt(p: Fraction) -> str:
    """'91/216 ≈ 42.1 %': the exact value and a percentage with one decimal.

    >>> fmt(Fraction(1, 6))
    '1/6 ≈ 16.7 %'
    """
    return f"{p} ≈ {float(p) * 100:.1f} %"


def as_force(spec: UnitSpec, who: str = "a side") -> Force:
    """A :class:`Force` from a force, a dict of unit counts or a text like "2i 1a" (checked:
    :func:`dday.odds.inputs.land_force` raises :class:`~dday.errors.OddsInputError`)."""
    return inputs.land_force(spec, who)


def check_side(side: str) -> str:
    """``side`` if it is "allies" or "axis" (:class:`~dday.errors.OddsInputError` otherwise)."""
    return inputs.side(side)


# ---------------------------------------------------------------------------------------------
# Distribution: the result type


@dataclass(frozen=True, eq=False)
class Distribution:
    """An exact probability distribution ``{outcome: Fraction}`` with views and an explanation.

    >>> d = Distribution({0: Fraction(1, 4), 1: Fraction(3, 4)}, title="a test")
    >>> d[1], d[5], d.mean()
    (Fraction(3, 4), Fraction(0, 1), Fraction(3, 4))
    >>> d.to_series().tolist()
    [0.25, 0.75]
    """

    probs: Mapping[Any, Fraction]
    title: str = ""
    formula: str = ""
    outcome_name: str = "outcome"

    def __post_init__(self) -> None:
        if any(p < 0 for p in self.probs.values()):
            raise ValueError("probabilities cannot be negative")

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self.probs.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.probs)

    def __len__(self) -> int:
        return len(self.probs)

    def items(self) -> Iterator[tuple[Hashable, Fraction]]:
        return iter(self.probs.items())

    @property
    def total(self) -> Fraction:
        """The sum of all probabilities (exactly 1 for every result of this module)."""
        return sum(self.probs.values(), Fraction(0))

    def prob(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event) for a predicate on outcomes."""
        return sum((p for o, p in self.probs.items() if event(o)), Fraction(0))

    def at_least(self, k: int) -> Fraction:
        return self.prob(lambda o: o >= k)

    def at_most(self, k: int) -> Fraction:
        return self.prob(lambda o: o <= k)

    def mean(self) -> Fraction:
        """Expected value (numeric outcomes only)."""
        return sum((Fraction(o) * p for o, p in self.probs.items()), Fraction(0))  # type: ignore[call-overload]

    def marginal(self, index: int, name: str = "") -> Distribution:
        """For tuple outcomes: the distribution of component ``index``."""
        out: dict[Hashable, Fraction] = {}
        for o, p in self.probs.items():
            k = o[index]  # type: ignore[index]
            out[k] = out.get(k, Fraction(0)) + p
        return Distribution(
            dict(sorted(out.items())), title=f"{self.title} — {name or f'component {index}'}", outcome_name=name or self.outcome_name
        )

    def to_series(self) -> pd.Series:
        """Float probabilities indexed by outcome (for plots)."""
        return pd.Series([float(p) for p in self.probs.values()], index=list(self.probs), name=self.title or "probability", dtype=float)

    def to_frame(self) -> pd.DataFrame:
        """One row per outcome: the outcome, the exact fraction (as text) and the float."""
        return pd.DataFrame(
            {
                self.outcome_name: list(self.probs),
                "exact": [str(p) for p in self.probs.values()],
                "probability": [float(p) for p in self.probs.values()],
            }
        )

    def explain(self) -> str:
        """A few plain-language lines: what is computed, the formula, the key numbers."""
        lines = [self.title] if self.title else []
        if self.formula:
            lines.append(self.formula)
        numeric = all(isinstance(o, int) for o in self.probs)
        if numeric and self.probs:
            lines.append(f"expected {self.outcome_name}: {float(self.mean()):.3f}")
            lines.append("; ".join(f"P({o}) = {fmt(p)}" for o, p in self.probs.items()))
        return wrap("\n".join(lines))

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in list(self.probs.items())[:8])
        more = ", …" if len(self.probs) > 8 else ""
        return f"Distribution({self.title!r}, {{{body}{more}}})"


def from_weights(weights: Mapping[Hashable, int], exponent: int, **kw: Any) -> Distribution:
    """A :class:`Distribution` from integer weights over ``6**exponent``."""
    den = 6**exponent
    return Distribution({o: Fraction(w, den) for o, w in weights.items() if w}, **kw)


class SurvivorLaw(Mapping[Hashable, Fraction]):
    """The final law of a fight, ``{(allies, axis): Fraction}``, most likely first (ties in state order).

    Made from the exact chain's numerators over one common denominator: state ``i`` is
    (``side_a[i // len(side_x)]``, ``side_x[i % len(side_x)]``).
    """

    def __init__(self, side_a: Sequence[Force], side_x: Sequence[Force], numerators: Sequence[int], den: int) -> None:
        nx = len(side_x)
        order = sorted((i for i, m in enumerate(numerators) if m), key=lambda i: -numerators[i])
        self._probs: dict[Hashable, Fraction] = {
            (side_a[i // nx].short(), side_x[i % nx].short()): Fraction(numerators[i], den) for i in order
        }

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._probs[outcome]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._probs)

    def __len__(self) -> int:
        return len(self._probs)
