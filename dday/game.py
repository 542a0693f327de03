"""dday.game — moved to :mod:`dday.play.game`; this module re-exports its public names so that
existing code keeps working.
"""


from .play.game import GameRecord, LegalActions, play_game

__all__ = ["GameRecord", "LegalActions", "play_game"]
