"""dday.players — the bots (moved). The interface and the random bot are in :mod:`dday.bots.base`,
the greedy bot in :mod:`dday.bots.greedy`, the table of names in :mod:`dday.bots`; this module
re-exports them so that existing code keeps working.
"""

from .bots import BOTS, make_player
from .bots.base import Player, RandomBot
from .bots.greedy import TARGET_VALUE, UNIT_VALUE, GreedyBot, distances, strength

__all__ = ["BOTS", "TARGET_VALUE", "UNIT_VALUE", "GreedyBot", "Player", "RandomBot", "distances", "make_player", "strength"]
