"""dday.widgets.style — moved to :mod:`dday.views.widgets.style`; this module re-exports its public
names so that existing code and notebooks keep working.
"""

from ..views.maps.geodata import CONTROL_COLORS, POWER_COLORS
from ..views.widgets.style import (
    BAR_COLOR,
    BASE_FONT,
    DIE_FACES,
    HIT_COLOR,
    OK_COLOR,
    SIDE_COLORS,
    UI_CLASS,
    RedrawnFigure,
    button,
    css,
    dice_html,
    figure_view,
    html,
    live_figure,
    panel,
)

__all__ = [
    "BAR_COLOR",
    "BASE_FONT",
    "CONTROL_COLORS",
    "DIE_FACES",
    "HIT_COLOR",
    "OK_COLOR",
    "POWER_COLORS",
    "SIDE_COLORS",
    "UI_CLASS",
    "RedrawnFigure",
    "button",
    "css",
    "dice_html",
    "figure_view",
    "html",
    "live_figure",
    "panel",
]
