"""dday.coach — the coach's hints; the code is in :mod:`dday.bots.coach`, re-exported here so
that ``from dday.coach import hint`` (the name issue 20 asked for) works.
"""

from .bots.coach import Hint, NoDecisionError, hint

__all__ = ["Hint", "NoDecisionError", "hint"]
