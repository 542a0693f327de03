""":class:`LeafletView`: an interactive ipyleaflet map of a position for notebooks. It needs no
network (no tile layer unless ``basemap=True``) and :meth:`LeafletView.update` restyles it in place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Final

import ipyleaflet
import ipywidgets

from ...rules.state import State
from ...rules.units import POWERS
from .geodata import (
    AIRFIELD_COLOR,
    ATTRIBUTION,
    BORDER_COLOR,
    BORDER_NOTE,
    CONTROL_COLORS,
    CONTROL_LABELS,
    POWER_COLORS,
    POWER_TEXT,
    SEA_COLOR,
    Control,
    map_geometry,
)
from .labels import Badge, badge_texts, describe, title, zone_control
from .plotly_view import short_caption

# ---------------------------------------------------------------------------------------------
# ipyleaflet view

_WRAP_CSS: Final = (
    "display:flex;flex-direction:column;align-items:center;gap:2px;white-space:nowrap;font:bold 13px/1.25 'DejaVu Sans',Arial,sans-serif;"
)
_CHIP_CSS: Final = "padding:1px 5px;border-radius:4px;box-shadow:0 1px 2px rgba(0,0,0,.45);"
_CAPTION_CSS: Final = "font:bold 11px/1.1 'DejaVu Sans',Arial,sans-serif;color:#111;text-shadow:0 0 2px #fff,0 0 2px #fff,0 0 3px #fff;"
# Leaflet gives every DivIcon a white box; the map's dom class scopes this override.
_MAP_CLASS: Final = "dday-map"
_PAGE_CSS: Final = f"<style>.{_MAP_CLASS} .leaflet-div-icon{{background:transparent;border:none;}}</style>"


def _chip_html(badge: Badge) -> str:
    color = POWER_COLORS[badge.power]
    if badge.air:
        style = f"background:#fff;color:#000;border:2px solid {color};"
    else:
        style = f"background:{color};color:{POWER_TEXT[badge.power]};border:1px solid #000;"
    return f'<div data-badge="{escape(badge.power)}" style="{style}{_CHIP_CSS}">{escape(badge.label)}</div>'


def _marker_html(caption: str, badges: Sequence[Badge], anchor: str = "center") -> str:
    """A caption line and the badges, stacked; ``anchor`` 'center' or 'top' (hangs below the point)."""
    shift = "translate(-50%,-50%)" if anchor == "center" else "translate(-50%,10px)"
    cap = f'<div style="{_CAPTION_CSS}">{escape(caption)}</div>' if caption else ""
    return f'<div style="{_WRAP_CSS}transform:{shift}">{cap}{"".join(_chip_html(b) for b in badges)}</div>'


def _star_html(ctl: Control) -> str:
    """A star in the controller's colour, outlined in black with a white glow."""
    color = CONTROL_COLORS[ctl]
    shadow = "-1px -1px 0 #000,1px -1px 0 #000,-1px 1px 0 #000,1px 1px 0 #000,0 0 4px #fff,0 0 6px #fff"
    return f"<div style=\"transform:translate(-50%,-55%);font:30px/1 'DejaVu Sans',sans-serif;color:{color};text-shadow:{shadow}\">★</div>"


def _zone_style(ctl: Control) -> dict[str, Any]:
    style: dict[str, Any] = {
        "color": BORDER_COLOR,
        "weight": 1,
        "opacity": 0.9,
        "fillColor": CONTROL_COLORS[ctl],
        "fillOpacity": 0.7 if ctl != "empty" else 0.9,
        "dashArray": None,
    }
    if ctl == "contested":
        style.update(color="#7A1F5C", weight=3, dashArray="6 4")
    return style


def _legend_html() -> str:
    def sw(color: str, label: str, extra: str = "") -> str:
        box = f'<span style="display:inline-block;width:14px;height:14px;background:{color};border:1px solid #333;{extra}vertical-align:middle;margin-right:5px"></span>'
        return f"<div>{box}{escape(label)}</div>"

    zones = "".join(
        sw(CONTROL_COLORS[c], CONTROL_LABELS[c], "border:2px dashed #7A1F5C;" if c == "contested" else "") for c in CONTROL_COLORS
    )
    chips = " ".join(_chip_html(Badge(p, "")).replace("<div ", "<span ").replace("</div>", "</span>") for p in POWERS)
    return (
        f'{_PAGE_CSS}<div style="font:12px/1.35 sans-serif;max-width:260px">'
        f"{zones}<div style='margin:4px 0'>{chips}</div>"
        "<div>3i 1a 1t 2b = infantry, artillery, tanks, blockhouses; ✈ 2F 1B = fighters on patrol, bombers on strike; ★ victory city</div>"
        f'<div style="color:#555;font-size:10px;margin-top:4px">{escape(ATTRIBUTION)}. {escape(BORDER_NOTE)}</div></div>'
    )


class LeafletView:
    """An interactive map of a position; :meth:`update` restyles it in place.

    ``map`` is the ipyleaflet Map, ``widget`` the map with the info panel ``info`` (filled by
    hovering or clicking a zone, beach, drop area or the airfield). ``zone_layers`` holds one
    GeoJSON layer per zone and ``markers`` one badge marker per place (zone ids, beach names,
    'airborne-<i>', 'airfield'); ``city_markers`` the victory-city stars by zone id.
    """

    def __init__(self, state: State, *, basemap: bool = False, zoom: int = 9, show_ids: bool = True, height: str = "640px") -> None:
        geo = map_geometry()
        self.state = state
        self.show_ids = show_ids
        self.selected: str | None = None
        west, south, east, north = geo.bounds
        center = ((south + north) / 2, (west + east) / 2)
        self.map = ipyleaflet.Map(
            center=center,
            zoom=zoom,
            layers=(),
            scroll_wheel_zoom=True,
            zoom_snap=0.25,
            layout=ipywidgets.Layout(height=height, width="100%"),
        )
        self.map.add_class(_MAP_CLASS)
        if basemap:  # online only: OpenStreetMap tiles
            self.map.add(ipyleaflet.basemap_to_tiles(ipyleaflet.basemaps.OpenStreetMap.Mapnik))
        self.info = ipywidgets.HTML(
            value="<i>Hover over or click a zone to see its units.</i>", layout=ipywidgets.Layout(width="280px", padding="6px")
        )
        self.widget = ipywidgets.HBox([self.map, self.info], layout=ipywidgets.Layout(width="100%", align_items="flex-start"))
        self.map.layout.flex = "1 1 auto"

        static_style = {"color": "#6A8CA8", "weight": 0.5, "fillColor": SEA_COLOR, "fillOpacity": 1.0}
        self.sea_layer = ipyleaflet.GeoJSON(data={"type": "FeatureCollection", "features": list(geo.seas)}, style=static_style, name="sea")
        self.map.add(self.sea_layer)
        self.airfield_layer = ipyleaflet.GeoJSON(
            data=geo.airfield,
            style={"color": "#5E35B1", "weight": 1.5, "dashArray": "4 3", "fillColor": AIRFIELD_COLOR, "fillOpacity": 0.9},
            hover_style={"weight": 3},
            name="airfield",
        )
        self.map.add(self.airfield_layer)

        self._zone_styles: dict[str, dict[str, Any]] = {}
        self.zone_layers: dict[str, ipyleaflet.GeoJSON] = {}
        for f in geo.land:
            zid = f["properties"]["id"]
            style = _zone_style(zone_control(state, zid))
            layer = ipyleaflet.GeoJSON(
                data=self._styled(f, style), hover_style={"weight": 3, "color": "#000000", "fillOpacity": 0.85}, name=zid
            )
            self._zone_styles[zid] = style
            self.zone_layers[zid] = layer
            self.map.add(layer)
        self.beach_layer = ipyleaflet.GeoJSON(
            data={
                "type": "FeatureCollection",
                "features": [
                    self._styled(
                        f, {"color": "#000", "weight": 1, "fillColor": POWER_COLORS[f["properties"]["power"]], "fillOpacity": 0.95}
                    )
                    for f in geo.beaches
                ],
            },
            hover_style={"weight": 3},
            name="beaches",
        )
        self.map.add(self.beach_layer)
        self.airborne_layers: dict[str, ipyleaflet.GeoJSON] = {}
        for f in geo.airborne:
            color = POWER_COLORS[f["properties"]["power"]]
            layer = ipyleaflet.GeoJSON(
                data=f,
                style={"color": color, "weight": 2.5, "dashArray": "5 4", "fillColor": color, "fillOpacity": 0.25},
                hover_style={"weight": 4},
                name=f["properties"]["id"],
            )
            self.airborne_layers[f["properties"]["id"]] = layer
            self.map.add(layer)
        for layer in (self.airfield_layer, self.beach_layer, *self.zone_layers.values(), *self.airborne_layers.values()):
            layer.on_hover(self.on_feature)
            layer.on_click(self.on_feature)

        self.city_markers: dict[str, ipyleaflet.Marker] = {}
        self._html: dict[str, str] = {}
        for f in geo.cities:
            zid = f["properties"]["zone"]
            lon, lat = f["geometry"]["coordinates"]
            html = _star_html(zone_control(state, zid))
            m = ipyleaflet.Marker(
                location=(lat, lon), icon=ipyleaflet.DivIcon(html=html), draggable=False, title=f["properties"]["name"], z_index_offset=500
            )
            self.city_markers[zid] = m
            self._html[f"city:{zid}"] = html
            self.map.add(m)
        self.markers: dict[str, ipyleaflet.Marker] = {}
        for place, (html, visible) in self._marker_contents(state).items():
            lon, lat = geo.labels[place]
            m = ipyleaflet.Marker(
                location=(lat, lon),
                icon=ipyleaflet.DivIcon(html=html),
                draggable=False,
                visible=visible,
                keyboard=False,
                z_index_offset=1000,
            )
            self.markers[place] = m
            self._html[place] = html
            self.map.add(m)

        self.legend = ipywidgets.HTML(value=_legend_html())
        self.map.add(ipyleaflet.WidgetControl(widget=self.legend, position="bottomleft"))
        self.title = ipywidgets.HTML(value=self._title_html(state))
        self.map.add(ipyleaflet.WidgetControl(widget=self.title, position="topright"))

    # -- building blocks -------------------------------------------------------------------------
    @staticmethod
    def _styled(feature: Mapping[str, Any], style: Mapping[str, Any]) -> dict[str, Any]:
        """A shallow copy of ``feature`` whose properties carry ``style`` (the geometry is shared)."""
        return {"type": "Feature", "properties": {**feature["properties"], "style": dict(style)}, "geometry": feature["geometry"]}

    @staticmethod
    def _title_html(state: State) -> str:
        return f'<div style="font:bold 15px sans-serif;padding:2px 6px">{escape(title(state))}</div>'

    def _marker_contents(self, state: State) -> dict[str, tuple[str, bool]]:
        """HTML and visibility of every badge marker for ``state``."""
        board = state.board
        victory = set(board.victory_zones)
        out: dict[str, tuple[str, bool]] = {}
        for place, badges in badge_texts(state).items():
            if board.has_zone(place):
                caption = place if self.show_ids else ""
                anchor = "top" if place in victory else "center"
                out[place] = (_marker_html(caption, badges, anchor), bool(badges or caption))
            elif place.startswith("airborne-"):
                caption = short_caption(board, place)
                out[place] = (_marker_html(caption, badges, "top"), bool(badges))
            elif place == "airfield":
                out[place] = (_marker_html("Airfield", badges), True)
            else:  # beachhead
                out[place] = (_marker_html(place, badges), True)
        return out

    @staticmethod
    def _set_icon_html(marker: ipyleaflet.Marker, html: str) -> None:
        """Show new HTML in an existing marker, keeping the marker and its DivIcon.

        Leaflet icons cannot change once drawn, so setting ``icon.html`` alone would not
        redraw; re-assigning the icon makes the front end rebuild it from the new HTML.
        """
        icon = marker.icon
        icon.html = html
        marker.icon = None
        marker.icon = icon

    # -- public API ------------------------------------------------------------------------------
    def update(self, state: State) -> None:
        """Show ``state``: restyle the zones and rewrite the badges that changed, in place."""
        self.state = state
        for zid, layer in self.zone_layers.items():
            style = _zone_style(zone_control(state, zid))
            if style != self._zone_styles[zid]:
                self._zone_styles[zid] = style
                layer.data = self._styled(layer.data, style)
        for zid, m in self.city_markers.items():
            html = _star_html(zone_control(state, zid))
            if html != self._html[f"city:{zid}"]:
                self._html[f"city:{zid}"] = html
                self._set_icon_html(m, html)
        for place, (html, visible) in self._marker_contents(state).items():
            m = self.markers[place]
            if html != self._html[place]:
                self._html[place] = html
                self._set_icon_html(m, html)
            if m.visible != visible:
                m.visible = visible
        for key, layer in self.airborne_layers.items():
            i = int(key.split("-")[1])
            layer.visible = i < len(state.airborne) and state.airborne[i].total > 0
        t = self._title_html(state)
        if self.title.value != t:
            self.title.value = t
        if self.selected is not None:
            self.info.value = describe(state, self.selected)

    def show(self, place: str) -> None:
        """Fill the info panel with one place (zone id, beach name, 'airborne-<i>' or 'airfield')."""
        self.selected = place
        self.info.value = describe(self.state, place)

    def on_feature(self, event: str = "", feature: Mapping[str, Any] | None = None, **_: Any) -> None:
        """Hover/click callback of the GeoJSON layers: show the feature under the mouse."""
        if not feature:
            return
        place = feature.get("properties", {}).get("id")
        if isinstance(place, str):
            self.show(place)

    def badge_count(self) -> int:
        """Number of unit badges currently shown (visible markers only)."""
        return sum(self._html[p].count("data-badge=") for p, m in self.markers.items() if m.visible)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
