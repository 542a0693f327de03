"""dday.dice — dice events (moved to :mod:`dday.rules.dice`; re-exported here)."""

from .errors import BadRollError
from .rules.dice import Dice, Faces, as_faces, face, hit_distribution, hit_weights, hits_in, iter_faces, outcomes, sample, total_2d6

__all__ = [
    "BadRollError",
    "Dice",
    "Faces",
    "as_faces",
    "face",
    "hit_distribution",
    "hit_weights",
    "hits_in",
    "iter_faces",
    "outcomes",
    "sample",
    "total_2d6",
]
