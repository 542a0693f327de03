"""Dice: the one chance mechanism of the game, made explicit.

Every random event is a :class:`Dice` value. The same value can be

* **sampled** with a ``numpy.random.Generator`` you pass in (:func:`sample`),
* **scripted** in tests by giving the faces yourself, or
* **enumerated exactly** (:func:`outcomes`): each distinct *result* once, with its exact
  probability as a :class:`fractions.Fraction`. A result is represented by canonical faces
  (1 for a hit, 6 for a miss; for 2d6 one pair per total), so applying it to the game
  gives the same state as any real roll with that result.

A die "hits on N" when it shows N or less (R-GEN-2).

>>> d = Dice(((1, 3),))                 # three infantry attacking: three dice hitting on 1
>>> [(faces, str(p)) for faces, p in outcomes(d)][:2]
[((6, 6, 6), '125/216'), ((1, 6, 6), '25/72')]
>>> sum(p for _, p in outcomes(d))
Fraction(1, 1)
>>> hits_in(d, (1, 2, 5))
(1,)
>>> total_2d6(Dice.two_d6(), (3, 4))
7
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb
from typing import Any

import numpy as np

from ..errors import BadRollError
from .words import count

Faces = tuple[int, ...]


@dataclass(frozen=True)
class Dice:
    """A dice event: ``groups`` of (hit number, number of dice), rolled in that order.

    ``is_2d6`` marks a reinforcement roll (R-REINF-2): two dice whose total counts.
    """

    groups: tuple[tuple[int, int], ...] = ()
    is_2d6: bool = False
    faces_matter: bool = False  # one die whose face counts (fortune roll, re-roll): outcomes 1..6

    @staticmethod
    def two_d6() -> Dice:
        return Dice(((0, 2),), is_2d6=True)

    @staticmethod
    def one_face() -> Dice:
        """A single die read by its face (R-FORT-2's 1 / 2-5 / 6, a re-rolled die)."""
        return Dice(((0, 1),), faces_matter=True)

    @staticmethod
    def simple(n: int, hit_on: int) -> Dice:
        return Dice(((hit_on, n),)) if n else Dice(())

    @property
    def count(self) -> int:
        return sum(n for _, n in self.groups)

    def to_json(self) -> dict[str, Any]:
        return {"groups": [list(g) for g in self.groups], "is_2d6": self.is_2d6, "faces_matter": self.faces_matter}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Dice:
        groups = data["groups"]
        if not isinstance(groups, list) or not all(isinstance(g, list) and len(g) == 2 for g in groups):
            raise ValueError(f"dice groups are [hit number, count] pairs, not {str(groups)[:60]}")
        for h, n in groups:
            if isinstance(h, bool) or isinstance(n, bool) or not isinstance(h, int) or not isinstance(n, int) or not 0 <= h <= 6 or not 0 <= n <= 99:
                raise ValueError(f"a group of dice is [hit number 0..6, count 0..99], not {[h, n]!r}"[:120])
        flags = {k: data.get(k, False) for k in ("is_2d6", "faces_matter")}
        if not all(isinstance(v, bool) for v in flags.values()):
            raise ValueError(f"dice flags must be true or false: {flags}")
        return Dice(tuple((h, n) for h, n in groups), flags["is_2d6"], flags["faces_matter"])


@cache
def hit_weights(n: int, hit_on: int) -> tuple[int, ...]:
    """Ways (out of 6**n equally likely rolls) to score k = 0..n hits: C(n,k) h^k (6-h)^(n-k).

    >>> hit_weights(2, 1), 6**2
    ((25, 10, 1), 36)
    """
    if n < 0 or not 0 <= hit_on <= 6:
        raise ValueError(f"need n >= 0 and 0 <= hit_on <= 6, got n={n}, hit_on={hit_on}")
    return tuple(comb(n, k) * hit_on**k * (6 - hit_on) ** (n - k) for k in range(n + 1))


@cache
def hit_distribution(n: int, hit_on: int) -> tuple[Fraction, ...]:
    """P(k hits) for k = 0..n when each of ``n`` dice hits on ``hit_on`` or less (binomial).

    >>> [str(p) for p in hit_distribution(1, 1)]
    ['5/6', '1/6']
    """
    total = 6**n
    return tuple(Fraction(w, total) for w in hit_weights(n, hit_on))


def _is_face(f: object) -> bool:
    return isinstance(f, (int, np.integer)) and not isinstance(f, bool) and bool(1 <= f <= 6)


def _check(dice: Dice, faces: Faces) -> None:
    if len(faces) != dice.count:
        raise BadRollError(f"expected {count(dice.count, 'die')}, got {len(faces)}: {faces}")
    for f in faces:
        if not _is_face(f):
            raise BadRollError(f"a die shows 1..6, got {f!r} in {faces}")


def as_faces(faces: Sequence[object]) -> Faces:
    """``faces`` as a tuple of Python ints, after checking that each is a whole number 1..6
    (numpy integers are fine; 2.0, 1.9 or True are not dice).

    >>> as_faces([np.int64(3), 6])
    (3, 6)
    """
    for f in faces:
        if not _is_face(f):
            raise BadRollError(f"a die shows a whole number 1..6, got {f!r} in {tuple(faces)!r}")
    return tuple(int(f) for f in faces)  # type: ignore[call-overload]


def hits_in(dice: Dice, faces: Faces) -> tuple[int, ...]:
    """Hits per group for the rolled ``faces`` (validated)."""
    _check(dice, faces)
    out: list[int] = []
    i = 0
    for hit_on, n in dice.groups:
        out.append(sum(1 for f in faces[i : i + n] if f <= hit_on))
        i += n
    return tuple(out)


def face(dice: Dice, faces: Faces) -> int:
    """The face of a single die read by its face (validated)."""
    if not dice.faces_matter:
        raise BadRollError("not a single-face roll")
    _check(dice, faces)
    return int(faces[0])


def total_2d6(dice: Dice, faces: Faces) -> int:
    """The total of a 2d6 reinforcement roll (validated)."""
    if not dice.is_2d6:
        raise BadRollError("not a 2d6 roll")
    _check(dice, faces)
    return int(sum(faces))


def sample(dice: Dice, rng: np.random.Generator) -> Faces:
    """Roll the dice with the generator given (never a global one)."""
    return tuple(rng.integers(1, 7, size=dice.count).tolist())  # Python ints


def _canonical_2d6(total: int) -> Faces:
    return (1, total - 1) if total <= 7 else (total - 6, 6)


def outcomes(dice: Dice) -> list[tuple[Faces, Fraction]]:
    """Every distinct result once, as canonical faces with its exact probability (sums to 1)."""
    return list(_outcomes(dice))


@cache
def _outcomes(dice: Dice) -> tuple[tuple[Faces, Fraction], ...]:
    if dice.is_2d6:
        return tuple((_canonical_2d6(s), Fraction(6 - abs(s - 7), 36)) for s in range(2, 13))
    if dice.faces_matter:
        return tuple(((f,), Fraction(1, 6)) for f in range(1, 7))
    per_group = [hit_distribution(n, h) for h, n in dice.groups]
    out: list[tuple[Faces, Fraction]] = []
    for ks in product(*(range(n + 1) for _, n in dice.groups)):
        p = Fraction(1)
        faces: list[int] = []
        for k, (_, n), dist in zip(ks, dice.groups, per_group, strict=True):
            p *= dist[k]
            faces.extend([1] * k + [6] * (n - k))
        if p:
            out.append((tuple(faces), p))
    return tuple(out)


def iter_faces(n: int) -> Iterator[Faces]:
    """All 6**n face tuples (for brute-force checks in tests)."""
    return product(range(1, 7), repeat=n)
