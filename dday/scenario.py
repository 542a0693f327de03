"""dday.scenario — moved to :mod:`dday.rules.scenario`; this module re-exports its public names so
that existing code keeps working.
"""


from .rules.scenario import Script, UnitSpec, events_of, force, position, run

__all__ = ["Script", "UnitSpec", "events_of", "force", "position", "run"]
