"""Words for people: plurals and names in the prompts and messages a learner reads (and in the log, via :mod:`dday.views.log_text`).

>>> count(1, "hit"), count(3, "hit"), count(1, "die", "dice"), count(2, "die", "dice")
('1 hit', '3 hits', '1 die', '2 dice')
>>> units(1, "infantry", "Germany"), units(2, "tank", "UK"), units(0, "fighter", "US")
('1 German infantry', '2 UK tanks', '0 US fighters')
>>> side_name("axis"), adjective("Germany")
('Axis', 'German')
"""

from __future__ import annotations

import math
import textwrap
from fractions import Fraction
from numbers import Real
from typing import Final

from .units import Force

__all__ = [
    "MAX_DENOMINATOR_DIGITS",
    "Probability",
    "adjective",
    "chance_text",
    "count",
    "exact_text",
    "force_words",
    "interval",
    "percent",
    "plural",
    "probability_value",
    "roll_words",
    "side_name",
    "unit_noun",
    "units",
    "with_article",
    "wrap",
]

Probability = Fraction | float | int | Real

UNIT_PLURALS: Final[dict[str, str]] = {
    "infantry": "infantry",
    "artillery": "artillery",
    "tank": "tanks",
    "blockhouse": "blockhouses",
    "fighter": "fighters",
    "bomber": "bombers",
    "die": "dice",
    "casualty": "casualties",
}

_SPELLED: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """The noun for ``n`` things: ``singular`` for exactly 1, else ``plural_form`` (default: the
    known plurals of :data:`UNIT_PLURALS`, else add "s").

    >>> plural(1, "hit"), plural(0, "hit"), plural(2, "die"), plural(3, "infantry"), plural(2, "zone")
    ('hit', 'hits', 'dice', 'infantry', 'zones')
    """
    if n == 1:
        return singular
    if plural_form is not None:
        return plural_form
    return UNIT_PLURALS.get(singular, singular + "s")


def count(n: int, singular: str, plural_form: str | None = None, *, words: bool = False) -> str:
    """``n`` and its noun, in the right number: "1 hit", "0 hits", "2 dice"; ``words=True`` spells 0–10.

    >>> count(2, "blockhouse", words=True), count(0, "unit", words=True), count(12, "unit", words=True)
    ('two blockhouses', 'no units', '12 units')
    """
    number = _SPELLED[n] if words and 0 <= n < len(_SPELLED) else str(n)
    return f"{number} {plural(n, singular, plural_form)}"


def adjective(power: str) -> str:
    """The power as an adjective before a unit noun: "German", "UK", "US"."""
    return "German" if power == "Germany" else power


def with_article(word: str) -> str:
    """'a tank', 'an infantry', 'an artillery'.

    >>> with_article("infantry"), with_article("tank")
    ('an infantry', 'a tank')
    """
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def side_name(side: str) -> str:
    """"Allies" or "Axis" for the side keys "allies" / "axis" (anything else unchanged)."""
    return {"allies": "Allies", "axis": "Axis"}.get(side, side)


def unit_noun(n: int, unit: str, power: str | None = None) -> str:
    """The noun phrase for ``n`` units, without the number: "German infantry", "UK tanks"."""
    noun = plural(n, unit)
    return f"{adjective(power)} {noun}" if power else noun


def units(n: int, unit: str, power: str | None = None) -> str:
    """``n`` units of one type, with their power as an adjective: "1 German infantry", "2 UK tanks"."""
    return f"{n} {unit_noun(n, unit, power)}"


def force_words(force: Force) -> str:
    """Land units in words: "5 infantry, 1 artillery, 1 tank"; "none" when empty.

    >>> force_words(Force(infantry=5, artillery=1, tank=1)), force_words(Force(blockhouse=2)), force_words(Force())
    ('5 infantry, 1 artillery, 1 tank', '2 blockhouses', 'none')
    """
    return ", ".join(count(n, unit) for unit, n in zip(Force._fields, force, strict=True) if n) or "none"


def roll_words(hit_on: int) -> str:
    """The die rolls that hit on ``hit_on`` (R-GEN-2: that number or less), in words.

    >>> roll_words(1), roll_words(3), roll_words(6), roll_words(0)
    ('a roll of 1', 'a roll of 3 or less', 'any roll', 'no roll')
    """
    if hit_on <= 0:
        return "no roll"
    if hit_on >= 6:
        return "any roll"
    return "a roll of 1" if hit_on == 1 else f"a roll of {hit_on} or less"


def probability_value(p: Probability) -> float:
    """``p`` as a float, checked to lie between 0 and 1 (a ``ValueError`` otherwise)."""
    value = float(p)
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"a probability is between 0 and 1, not {value!r}")
    return value


def percent(p: Probability, decimals: int = 1) -> str:
    """``p`` as a percentage with ``decimals`` decimals (one by default).

    An event that can happen but would round to 0 shows as "< 0.1 %", one that can fail but
    would round to 100 as "> 99.9 %": a learner must not read "0.0 %" as "impossible".
    Exactly 0 and 1 show as "0 %" and "100 %".

    >>> percent(Fraction(1, 6)), percent(0.5), percent(0.0004), percent(0.99996)
    ('16.7 %', '50.0 %', '< 0.1 %', '> 99.9 %')
    >>> percent(Fraction(1, 3), decimals=0)
    '33 %'
    """
    value = probability_value(p)
    if p == 0:
        return "0 %"
    if p == 1:
        return "100 %"
    step = 10.0**-decimals
    text = f"{100 * value:.{decimals}f}"
    if float(text) < step / 2 or float(text) == 0.0:
        return f"< {step:.{decimals}f} %"
    if float(text) >= 100.0:
        return f"> {100 - step:.{decimals}f} %"
    return f"{text} %"


def interval(low: Probability, high: Probability, decimals: int = 1) -> str:
    """A 95 % interval in words, both ends as :func:`percent`: '3.0 % to 56.4 %'.

    >>> interval(0.03, 0.564), interval(0, 0.39, decimals=0)
    ('3.0 % to 56.4 %', '0 % to 39 %')
    """
    return f"{percent(low, decimals)} to {percent(high, decimals)}"

def wrap(text: str, width: int = 100) -> str:
    """``text`` with every line longer than ``width`` folded at spaces, the rest of it indented.

    Printed output in JupyterLab breaks a long line anywhere, even inside a word ("Al|lies");
    folding it here keeps every word whole. Lines that fit are left as they are.

    >>> print(wrap("Short line.\\nThe Allies attack in every zone where both sides have land units.", 40))
    Short line.
    The Allies attack in every zone where
      both sides have land units.
    """
    return "\n".join(
        textwrap.fill(line, width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False) if len(line) > width else line
        for line in text.splitlines()
    )


MAX_DENOMINATOR_DIGITS: Final = 5
"""An exact fraction is shown unasked only when it has at most this many digits below the line."""


def exact_text(p: Fraction | int, *, asked: bool = False) -> str:
    """The exact fraction as text when it is short (at most 5 digits below the line) or ``asked``, else ``""``.

    Nobody reads 15625/104976; everybody reads 91/216. A whole number has no fraction to show.

    >>> exact_text(Fraction(91, 216)), exact_text(Fraction(15625, 104976)), exact_text(Fraction(15625, 104976), asked=True)
    ('91/216', '', '15625/104976')
    >>> exact_text(Fraction(1)), exact_text(0)
    ('', '')
    """
    f = Fraction(p)
    if f.denominator == 1:
        return ""
    if not asked and f.denominator >= 10**MAX_DENOMINATOR_DIGITS:
        return ""
    return fraction_text(f)


MAX_WRITTEN_DIGITS: Final = 4000
"""The most digits a number of a fraction is written with (Python writes no int of over 4,300 digits)."""


def fraction_text(f: Fraction) -> str:
    """``f`` as "numerator/denominator", or, when its numbers are too long to write out (a fight of
    30 against 30 units over 200 cards), a few words that say so.

    >>> fraction_text(Fraction(91, 216))
    '91/216'
    >>> fraction_text(Fraction(1, 6**6000))
    'a fraction too long to write out (about 4,669 digits below the line)'
    """
    if max(abs(f.numerator), f.denominator) < 10**MAX_WRITTEN_DIGITS:
        return str(f)
    return f"a fraction too long to write out (about {int(math.log10(f.denominator)) + 1:,} digits below the line)"


def chance_text(p: Fraction, *, asked: bool = False) -> str:
    """A chance in a formula: "91/216 ≈ 42.1 %" when the fraction is short, else just the percentage.

    The one place where the odds' explanations, the card labs and the quizzes write an exact
    chance; ``asked=True`` shows the fraction however long it is.

    >>> chance_text(Fraction(1, 6)), chance_text(Fraction(81355, 209952)), chance_text(Fraction(81355, 209952), asked=True)
    ('1/6 ≈ 16.7 %', '38.7 %', '81355/209952 ≈ 38.7 %')
    >>> chance_text(Fraction(1, 10**9)), chance_text(Fraction(1))
    ('< 0.1 %', '100 %')
    """
    fraction = exact_text(p, asked=asked)
    return f"{fraction} ≈ {percent(p)}" if fraction else percent(p)
