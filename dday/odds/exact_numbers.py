"""Exact integer arithmetic under the odds: Fractions over 2**a * 3**b without a gcd, and
numerators kept as base-2**16 digits in float64 arrays (see :mod:`.fight_chain`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import repeat
from typing import Final, Literal

import numpy as np


def _coprime_fraction(n: int, d: int) -> Fraction:
    """``Fraction(n, d)`` for ``n``/``d`` already in lowest terms (``d > 0``), skipping a second gcd."""
    if _FRACTION_SLOTS:
        f = object.__new__(Fraction)
        f._numerator, f._denominator = n, d  # type: ignore[attr-defined]
        return f
    return Fraction(n, d)


def _fraction_slots_work() -> bool:
    try:
        f = object.__new__(Fraction)
        f._numerator, f._denominator = -3, 4  # type: ignore[attr-defined]
        return f == Fraction(-3, 4) and hash(f) == hash(Fraction(-3, 4)) and str(f) == "-3/4"
    except (AttributeError, TypeError):
        return False


_FRACTION_SLOTS: Final = _fraction_slots_work()


def reduced(n: int, den: int, powers: tuple[int, int] | None) -> Fraction:
    """``Fraction(n, den)``, cheaply when ``den == 2**a * 3**b`` (``powers == (a, b)``).

    Only 2s (the trailing zero bits of ``n``) and 3s can cancel, so there is no gcd to take.

    >>> reduced(12, 72, (3, 2)), reduced(0, 6, (1, 1)), reduced(10, 35, None)
    (Fraction(1, 6), Fraction(0, 1), Fraction(2, 7))
    """
    if powers is None:
        return Fraction(n, den)
    if not n:
        return _coprime_fraction(0, 1)
    twos = min((n & -n).bit_length() - 1, powers[0])
    n, den = n >> twos, den >> twos
    threes = powers[1]
    while threes and not n % 3:
        n, den, threes = n // 3, den // 3, threes - 1
    return _coprime_fraction(n, den)


MAGIC: Final = 2.0**52
LIMIT: Final = 2**48  # every digits @ T sum stays below this: three 16-bit pieces
EXACT: Final = 2**53  # integers below this are exact in float64
_PIECES: Final = (0, 2) if sys.byteorder == "little" else (6, -2)  # byte of bits 0-15 in a float64, step to the next 16
_LITTLE: Final[Literal["little"]] = "little"


@lru_cache(maxsize=4096)
def split_den(den: int) -> tuple[int, int] | None:
    """(a, b) with ``den == 2**a * 3**b``, or None."""
    a = (den & -den).bit_length() - 1
    rest, b = den >> a, 0
    while rest % 3 == 0:
        rest //= 3
        b += 1
    return (a, b) if rest == 1 else None


def piece_views(prod: np.ndarray, lead: int, size: int, parts: int) -> list[np.ndarray]:
    """Per part j, a uint16 view whose ``[r, s, i]`` is bits 16i..16i+15 of ``prod[lead + r - i - j, j * size + s]``.

    ``prod`` holds digits @ (part 0 | part 1 | …) + 2**52 from row ``lead`` on, with zeros
    before; summing a view over ``i`` (and the parts) carries the product into digits below
    3 * 2**16 * parts, read in place (the views are made once: making one costs more than
    a card's carry).
    """
    row = prod.strides[0]
    rows = prod.shape[0] - lead
    return [
        np.ndarray((rows, size, 3), np.uint16, prod, (lead - j) * row + 8 * j * size + _PIECES[0], (row, 8, _PIECES[1] - row))
        for j in range(parts)
    ]


def to_ints(digits: np.ndarray) -> list[int]:
    """Rows of non-negative base-2**16 digits (int64, below 2**47) as Python ints; ``digits`` ends carried."""
    for _ in range(3):  # below 2**47, three carries leave digits < 2**16 but for a rare run of 0xFFFF
        carry = digits >> 16
        digits &= 0xFFFF
        digits[:, 1:] += carry[:, :-1]
    while (digits >> 16).any():
        carry = digits >> 16
        digits &= 0xFFFF
        digits[:, 1:] += carry[:, :-1]
    chunks = digits.astype("<u2").view(f"S{2 * digits.shape[1]}").ravel().tolist()  # drops trailing zero bytes: harmless
    return list(map(int.from_bytes, chunks, repeat(_LITTLE)))


def digit_floats(sums: np.ndarray, dens: Sequence[int]) -> np.ndarray:
    """``sums[c, j]`` read as base-2**16 digits (not carried, each an exact float64 below 2**53)
    of a numerator over ``dens[c]``, as floats: within a few units in the last place (relative
    error below 1e-14; every digit is non-negative, so nothing cancels). Scaled by
    ``2**-e`` (``e``: the denominator's highest bit) so that nothing overflows.

    >>> digit_floats(np.array([[[1.0, 1.0]]]), [3 << 16]).tolist()        # (1 + 2**16) / (3 * 2**16)
    [[0.3333384195963542]]
    """
    if not len(dens):
        return np.zeros((0, sums.shape[1]))
    exps = np.array([d.bit_length() - 1 for d in dens])
    scale = np.ldexp(1.0, 16 * np.arange(sums.shape[2])[None, :] - exps[:, None])  # (card, digit): 2**(16 l - e)
    norm = np.array([d / (1 << int(e)) for d, e in zip(dens, exps, strict=True)])  # den / 2**e, in [1, 2)
    return np.matmul(sums, scale[:, :, None])[:, :, 0] / norm[:, None]


def clear_caches() -> None:
    """Forget the memoised results of this module (see :func:`dday.odds.clear_caches`)."""
    for fn in (split_den,):
        fn.cache_clear()
