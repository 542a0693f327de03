"""The result type of the odds (:class:`Distribution`: outcomes, exact probabilities, a plain-words
formula) and the text helpers that write the formulas.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from ..errors import OddsInputError
from ..rules.units import Force
from ..rules.words import chance_text, count, exact_text, fraction_text, percent, wrap
from . import inputs

if TYPE_CHECKING:
    import pandas as pd  # imported where a frame is made: a card lab's kernel starts without pandas (issue 33)

UnitSpec = str | Mapping[str, int] | Force

MAX_OUTCOMES: Final = 1_000_000
"""Outcomes of one :class:`Distribution` (the largest the odds make has a few thousand)."""
MAX_WORDS: Final = 100_000
"""Characters of a distribution's title, formula or outcome name."""

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
    """'91/216 ≈ 42.1 %': the exact value (when it is short) and a percentage with one decimal
    (:func:`dday.rules.words.chance_text`, the one place such chances are written).

    >>> fmt(Fraction(1, 6)), fmt(Fraction(6458032651, 33059881728))
    ('1/6 ≈ 16.7 %', '19.5 %')
    """
    if isinstance(p, bool) or not isinstance(p, Fraction | int) or not 0 <= p <= 1:
        raise OddsInputError(f"fmt shows a probability: a Fraction (or int) from 0 to 1, got {inputs.shown(p)}")
    return chance_text(p)


def average_text(x: Fraction | float) -> str:
    """An average for people: at most two decimals, no trailing zeros.

    >>> average_text(Fraction(91, 216)), average_text(Fraction(1)), average_text(3.5)
    ('0.42', '1', '3.5')
    """
    return f"{float(x):.2f}".rstrip("0").rstrip(".")


def binomial_words(n_dice: int, hit_on: int) -> str:
    """The chance of exactly k hits from ``n_dice`` dice that each hit on ``hit_on`` or less, as a sentence.

    >>> print(binomial_words(3, 2))
    Exactly k hits: C(3, k) × (2/6)^k × (4/6)^(3 − k), where C(3, k) counts the ways to pick which k of the 3 dice hit and x^k is x multiplied by itself k times.
    """
    return (
        f"Exactly k hits: C({n_dice}, k) × ({hit_on}/6)^k × ({6 - hit_on}/6)^({n_dice} − k),"
        f" where C({n_dice}, k) counts the ways to pick which k of the {n_dice} dice hit and x^k is x multiplied by itself k times."
    )


def dice_groups_words(groups: Sequence[tuple[int, int]]) -> str:
    """Dice grouped by hit number, ``((hit_on, n), ...)``, in words.

    >>> dice_groups_words(((1, 3), (2, 1), (3, 3)))
    '3 dice hitting on 1, 1 die hitting on 2 or less, 3 dice hitting on 3 or less'
    >>> dice_groups_words(())
    'no dice'
    """
    return ", ".join(f"{count(n, 'die')} hitting on {h}{' or less' if h > 1 else ''}" for h, n in groups) or "no dice"


GROUPS_WORDS: Final = (
    "A group of n dice that hit on N or less scores k hits with chance C(n, k) × (N/6)^k × (1 − N/6)^(n − k),"
    " where C(n, k) counts the ways to pick which k of the n dice hit and x^k is x multiplied by itself k times;"
    " the hits of the groups add up."
)
"""How the hits of dice with different hit numbers combine, as a sentence."""

TWO_DICE_WORDS: Final = (
    "Two dice are added: of the 36 ways they can fall, 6 give a total of 7, 5 give 6 or 8, 4 give 5 or 9,"
    " and so on down to 1 way each for 2 and 12."
)
"""Why a 2d6 total is most often 7, as a sentence."""


def as_force(spec: UnitSpec, who: str = "a side") -> Force:
    """A :class:`Force` from a force, a dict of unit counts or a text like "2i 1a" (checked:
    :func:`dday.odds.inputs.land_force` raises :class:`~dday.errors.OddsInputError`)."""
    return inputs.land_force(spec, who)


def check_side(side: str, name: str = "side") -> str:
    """``side`` if it is "allies" or "axis" (:class:`~dday.errors.OddsInputError` naming the argument ``name`` otherwise)."""
    return inputs.side(side, name)


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
        inputs.mapping("probs", self.probs, MAX_OUTCOMES, "outcomes to probabilities")
        for p in self.probs.values():
            if isinstance(p, bool) or not isinstance(p, Fraction | int) or not 0 <= p <= 1:
                raise OddsInputError(f"probabilities are Fractions (or ints) from 0 to 1, got {inputs.shown(p)}")
        if abs(math.fsum(map(float, self.probs.values())) - 1) > 1e-9:  # floats: quick, and an exact sum is checked by the tests
            raise OddsInputError("probabilities must add up to 1")
        for name in ("title", "formula", "outcome_name"):
            inputs.text(name, getattr(self, name), MAX_WORDS)

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
        import pandas as pd

        return pd.Series([float(p) for p in self.probs.values()], index=list(self.probs), name=self.title or "probability", dtype=float)

    def to_frame(self) -> pd.DataFrame:
        """One row per outcome: the outcome, the exact fraction (as text) and the float."""
        import pandas as pd

        return pd.DataFrame(
            {
                self.outcome_name: list(self.probs),
                "exact": [fraction_text(p) for p in self.probs.values()],
                "probability": [float(p) for p in self.probs.values()],
            }
        )

    def explain(self, *, exact: bool = False) -> str:
        """A few plain-language lines: what is computed, how, and the chance of each result.

        Each chance shows as a percentage, with its exact fraction when that is short (at most 5
        digits below the line); ``exact=True`` asks for every exact fraction, however long.

        >>> d = Distribution({0: Fraction(1, 4), 1: Fraction(3, 4)}, title="A test", outcome_name="hits")
        >>> print(d.explain())
        A test
        The chance of each number of hits:
          0: 25.0 % (1/4)
          1: 75.0 % (3/4)
        Average number of hits: 0.75
        >>> long = Distribution({0: Fraction(15625, 104976), 1: Fraction(89351, 104976)}, outcome_name="hits")
        >>> print(long.explain()); print(long.explain(exact=True))
        The chance of each number of hits:
          0: 14.9 %
          1: 85.1 %
        Average number of hits: 0.85
        The chance of each number of hits:
          0: 14.9 % (15625/104976)
          1: 85.1 % (89351/104976)
        Average number of hits: 0.85
        """
        lines = [self.title] if self.title else []
        if self.formula:
            lines.append(self.formula)
        numeric = all(isinstance(o, int) for o in self.probs)
        if (numeric or exact) and self.probs:
            lines.append(f"The chance of each number of {self.outcome_name}:" if numeric else f"The exact chance of each {self.outcome_name}:")
            for o, p in self.probs.items():
                fraction = exact_text(p, asked=exact)
                lines.append(f"  {o}: {percent(p)}" + (f" ({fraction})" if fraction else ""))
        if numeric and self.probs:
            lines.append(f"Average number of {self.outcome_name}: {average_text(self.mean())}")
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
