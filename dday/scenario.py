"""dday.scenario — moved to :mod:`dday.play.scenario`; this module re-exports its public names so that existing code keeps working.
"""


from .play.scenario import Script, UnitSpec, events_of, force, position, run

__all__ = ["Script", "UnitSpec", "events_of", "force", "position", "run"]
