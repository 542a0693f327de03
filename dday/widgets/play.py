"""dday.widgets.play — moved to :mod:`dday.views.widgets.play`; this module re-exports its public
names so that existing code and notebooks keep working.
"""

from ..views.widgets.decisions import DecisionControl, action_label
from ..views.widgets.play import PlayerSpec, PlayLab
from ..views.widgets.rolls import RollInfo, figure_widget, roll_info, show_distribution

__all__ = ["DecisionControl", "PlayLab", "PlayerSpec", "RollInfo", "action_label", "figure_widget", "roll_info", "show_distribution"]
