"""dday.bots_strong — the strong bot (moved to :mod:`dday.bots.strong`; re-exported here)."""

from .bots.strong import CARDS_AHEAD, MAX_CARDS, MAX_UNITS, StrongBot, hold_probability

__all__ = ["CARDS_AHEAD", "MAX_CARDS", "MAX_UNITS", "StrongBot", "hold_probability"]
