"""dday.maps — the map views (moved to the package :mod:`dday.views.maps`; re-exported here)."""

from .views.maps.geodata import (
    AIRFIELD_COLOR,
    ATTRIBUTION,
    BORDER_COLOR,
    BORDER_NOTE,
    CONTROL_COLORS,
    CONTROL_LABELS,
    EMPTY_TOPO,
    POWER_COLORS,
    POWER_SHORT,
    POWER_TEXT,
    SEA_COLOR,
    Control,
    load_zones,
    map_geometry,
    plotly_geojson,
    validate_zones,
)
from .views.maps.labels import Badge, badge_texts, control, describe, title, zone_control
from .views.maps.leaflet_view import LeafletView
from .views.maps.plotly_view import export_png, frame_board, plotly_map, png_bytes, sea_trace, show_config
from .views.widgets.style import show_figure

__all__ = ["AIRFIELD_COLOR", "ATTRIBUTION", "BORDER_COLOR", "BORDER_NOTE", "CONTROL_COLORS", "CONTROL_LABELS", "EMPTY_TOPO", "POWER_COLORS", "POWER_SHORT", "POWER_TEXT", "SEA_COLOR", "Badge", "Control", "LeafletView", "badge_texts", "control", "describe", "export_png", "frame_board", "load_zones", "map_geometry", "plotly_geojson", "plotly_map", "png_bytes", "sea_trace", "show_config", "show_figure", "title", "validate_zones", "zone_control"]
