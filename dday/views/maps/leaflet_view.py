""":class:`LeafletView`: an interactive ipyleaflet map of a position for notebooks. It needs no
network (no tile layer unless ``basemap=True``) and :meth:`LeafletView.update` restyles it in place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any, Final

import ipyleaflet
import ipywidgets
from shapely.geometry import Point
from shapely.ops import nearest_points

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
from .labels import Badge, acting, badge_texts, describe, title, zone_control
from .layout import ZOOM, Box, Item, anchors, board_px, from_px, regions_px, text_width, to_px
from .layout import place as place_boxes
from .overlays import arc_lines, declared_moves, latlon, move_arrow
from .plotly_view import short_caption
from .words_view import MapInWords

# ---------------------------------------------------------------------------------------------
# ipyleaflet view

_CHIP_FONT: Final = 13
_CAP_FONT: Final = 11
_CITY_FONT: Final = 12
_STAR_FONT: Final = 20
_TOWN_FONT: Final = 11
MAP_MIN_WIDTH: Final = 820  # px: the board at the default zoom (790 px) and its badges' overhang
TOWN_ZOOM: Final = 10  # town names of every zone show from this zoom on
_FONT: Final = "'DejaVu Sans',Arial,sans-serif"
_WRAP_CSS: Final = (
    f"display:flex;flex-direction:column;align-items:center;gap:2px;white-space:nowrap;width:max-content;font:bold {_CHIP_FONT}px/1.25 {_FONT};"
    "transform:translate(-50%,-50%);cursor:pointer;"
)
_CHIP_CSS: Final = "padding:1px 5px;border-radius:4px;box-shadow:0 1px 2px rgba(0,0,0,.45);"
_HALO: Final = "text-shadow:0 0 2px #fff,0 0 2px #fff,0 0 3px #fff;"
_CAPTION_CSS: Final = f"font:bold {_CAP_FONT}px/1.1 {_FONT};color:#111;{_HALO}"
# Leaflet gives every DivIcon a white box; the map's dom class scopes this override.
_MAP_CLASS: Final = "dday-map"
_MAP_BOX_CLASS: Final = "dday-map-box"
_PAGE_CSS: Final = f"<style>.{_MAP_CLASS} .leaflet-div-icon{{background:transparent;border:none;}}</style>"
# Okabe-Ito colours for what is acting (see :meth:`LeafletView.highlight`).
HIGHLIGHT_COLORS: Final[dict[str, str]] = {"acting": "#F0E442", "fire": "#D55E00", "combat": "#D55E00", "move": "#56B4E9"}
ARC_COLOR: Final = "#D55E00"


def _chip_html(badge: Badge) -> str:
    color = POWER_COLORS[badge.power]
    if badge.air:
        style = f"background:#fff;color:#000;border:2px solid {color};"
    else:
        style = f"background:{color};color:{POWER_TEXT[badge.power]};border:1px solid #000;"
    return f'<div data-badge="{escape(badge.power)}" style="{style}{_CHIP_CSS}">{escape(badge.label)}</div>'


def _chip_size(badge: Badge) -> tuple[float, float]:
    border = 2 if badge.air else 1
    return text_width(badge.label, _CHIP_FONT) + 10 + 2 * border, _CHIP_FONT * 1.25 + 2 + 2 * border


def _marker_html(place: str, caption: str, badges: Sequence[Badge]) -> str:
    """A caption line and the badges, stacked and centred on the marker's point."""
    cap = f'<div style="{_CAPTION_CSS}">{escape(caption)}</div>' if caption else ""
    return f'<div class="dday-label" data-place="{escape(place)}" style="{_WRAP_CSS}">{cap}{"".join(_chip_html(b) for b in badges)}</div>'


def marker_size(caption: str, badges: Sequence[Badge]) -> tuple[float, float]:
    """Estimated (width, height) in px of :func:`_marker_html`'s box (never smaller than drawn)."""
    parts = [(text_width(caption, _CAP_FONT), _CAP_FONT * 1.1)] if caption else []
    parts += [_chip_size(b) for b in badges]
    if not parts:
        return 0.0, 0.0
    return max(w for w, _ in parts) + 2, sum(h for _, h in parts) + 2 * (len(parts) - 1) + 2


def _city_html(zone: str, name: str, ctl: Control) -> str:
    """A star in the controller's colour, outlined in black, and the city's name: always shown."""
    color = CONTROL_COLORS[ctl]
    shadow = "-1px -1px 0 #000,1px -1px 0 #000,-1px 1px 0 #000,1px 1px 0 #000,0 0 4px #fff"
    star = f'<span style="font:{_STAR_FONT}px/1 {_FONT};color:{color};text-shadow:{shadow}">★</span>'
    label = f'<span style="font:bold {_CITY_FONT}px/1.2 {_FONT};color:#000;{_HALO}">{escape(name)}</span>'
    return (
        f'<div class="dday-label" data-place="{escape(zone)}" style="display:flex;align-items:center;gap:2px;white-space:nowrap;'
        f'width:max-content;transform:translate(-50%,-50%);cursor:pointer">{star}{label}</div>'
    )


def city_size(name: str) -> tuple[float, float]:
    return text_width("★", _STAR_FONT) + 2 + text_width(name, _CITY_FONT) + 2, _STAR_FONT * 1.15


def _town_html(zone: str, name: str) -> str:
    return (
        f'<div class="dday-label dday-town" data-place="{escape(zone)}" style="transform:translate(-50%,-50%);width:max-content;'
        f'white-space:nowrap;font:italic {_TOWN_FONT}px/1.2 {_FONT};color:#222;{_HALO}">{escape(name)}</div>'
    )


def town_size(name: str) -> tuple[float, float]:
    return text_width(name, _TOWN_FONT) + 2, _TOWN_FONT * 1.2 + 2


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
    line = f'<span style="display:inline-block;width:22px;border-top:3px dashed {ARC_COLOR};vertical-align:middle;margin-right:5px"></span>'
    return (
        f'{_PAGE_CSS}<div style="font:12px/1.35 sans-serif;max-width:250px">'
        f"{zones}<div style='margin:4px 0'>{chips}</div>"
        "<div>3i 1a 1t 2b = infantry, artillery, tanks, blockhouses; ✈ 2F 1B = fighters on patrol, bombers on strike; ★ victory city</div>"
        f"<div>{line}blockhouse firing arc (dashed orange arrow); thick outline = zone acting now; arrow = declared move</div>"
        f"<div>Zoom in (+) for every zone's town.</div>"
        f'<div style="color:#555;font-size:10px;margin-top:4px">{escape(ATTRIBUTION)}. {escape(BORDER_NOTE)}</div></div>'
    )


class LeafletView:
    """An interactive map of a position; :meth:`update` restyles it in place.

    ``map`` is the ipyleaflet Map, ``widget`` the map with the info panel ``info`` (filled by
    hovering or clicking a zone, a badge, a label, a beach, a drop area or the airfield) and,
    for a screen reader, the map's name and the map in words (``words``, :class:`.MapInWords`).
    ``zone_layers`` holds one GeoJSON layer per zone and ``markers`` one badge marker per place
    (zone ids, beach names, 'airborne-<i>', 'airfield'); ``city_markers`` the victory-city labels
    by zone id, ``town_markers`` the town names (made and shown from zoom :data:`TOWN_ZOOM` on).
    ``boxes`` holds every label's box in pixels at the default zoom (no two overlap).

    What is acting: by default the view outlines what the state says acts (the blockhouse
    firing and its beach, the zone in combat, the last declared move: :func:`.labels.acting`);
    :meth:`highlight` outlines places of your choice instead (``kind`` 'acting', 'fire',
    'combat' or 'move') until :meth:`follow_state`. :meth:`show_arcs` draws the blockhouses'
    firing arcs (on by default on order 9), and the moves declared so far on orders 8 and 12
    are drawn as arrows by :meth:`update`.
    """

    def __init__(self, state: State, *, basemap: bool = False, zoom: int = ZOOM, show_ids: bool = True, height: str = "640px") -> None:
        geo = map_geometry()
        self.state = state
        self.show_ids = show_ids
        self.selected: str | None = None
        self._arcs_wanted: bool | None = None  # None: on for order 9 only
        west, south, east, north = geo.bounds
        center = ((south + north) / 2, (west + east) / 2)
        self.map = ipyleaflet.Map(
            center=center,
            zoom=zoom,
            layers=(),
            scroll_wheel_zoom=True,
            zoom_snap=0.25,
            zoom_control=False,
            layout=ipywidgets.Layout(height=height, width="100%"),
        )
        # The controls go top right, over the open sea of the Baie de Seine, clear of every zone.
        self.map.add(ipyleaflet.ZoomControl(position="topright"))
        self.map.add_class(_MAP_CLASS)
        if basemap:  # online only: OpenStreetMap tiles
            self.map.add(ipyleaflet.basemap_to_tiles(ipyleaflet.basemaps.OpenStreetMap.Mapnik))
        self.info = ipywidgets.HTML(
            value="<i>Hover over or click a zone, a badge or a name to see its units; the button above lists them all.</i>",
            layout=ipywidgets.Layout(width="auto", padding="6px"),
        )
        # The board is about 800 px wide at the default zoom: the map keeps that width (or the whole
        # width, if less) and the side column goes under it when the two do not fit side by side
        # (JupyterLab with its file browser open at 1366 px cut the map at both edges, issue 31.7).
        self.widget = ipywidgets.HBox(
            [self.map, self.info], layout=ipywidgets.Layout(width="100%", align_items="flex-start", flex_flow="row wrap")
        )
        self.map.layout.flex = f"1 1 {MAP_MIN_WIDTH}px"
        self.map.layout.min_width = f"min({MAP_MIN_WIDTH}px, 100%)"

        # Every layer below goes onto the map in one assignment: adding them one by one set the
        # map's layers ~110 times, each a new tuple checked and announced (40 ms of a card lab, issue 33).
        layers: list[ipyleaflet.Layer] = []
        static_style = {"color": "#6A8CA8", "weight": 0.5, "fillColor": SEA_COLOR, "fillOpacity": 1.0}
        self.sea_layer = ipyleaflet.GeoJSON(data={"type": "FeatureCollection", "features": list(geo.seas)}, style=static_style, name="sea")
        layers.append(self.sea_layer)
        self.airfield_layer = ipyleaflet.GeoJSON(
            data=geo.airfield,
            style={"color": "#5E35B1", "weight": 1.5, "dashArray": "4 3", "fillColor": AIRFIELD_COLOR, "fillOpacity": 0.9},
            hover_style={"weight": 3},
            name="airfield",
        )
        layers.append(self.airfield_layer)

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
            layers.append(layer)
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
        layers.append(self.beach_layer)
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
            layers.append(layer)
        for layer in (self.airfield_layer, self.beach_layer, *self.zone_layers.values(), *self.airborne_layers.values()):
            layer.on_hover(self.on_feature)
            layer.on_click(self.on_feature)

        # What is acting: outlines, firing arcs, declared moves (drawn under the labels).
        self.highlight_layer = ipyleaflet.GeoJSON(data={"type": "FeatureCollection", "features": []}, name="highlight")
        layers.append(self.highlight_layer)
        self.highlighted: dict[str, str] = {}
        self.following = True  # highlight what the state says is acting, until highlight() is called
        self.arc_layer = ipyleaflet.Polyline(locations=[], color=ARC_COLOR, weight=3, dash_array="8 4", fill=False, name="arcs")
        # A white casing under the moves keeps a grey German arrow apart from the leader lines.
        self.move_casing = ipyleaflet.Polyline(locations=[], color="#FFFFFF", weight=8, opacity=0.9, fill=False, name="moves casing")
        self.move_layers: dict[str, ipyleaflet.Polyline] = {}
        for p in POWERS:
            self.move_layers[p] = ipyleaflet.Polyline(
                locations=[], color=POWER_COLORS[p], weight=4, opacity=0.95, fill=False, name=f"moves {p}"
            )
        self.leader_layer = ipyleaflet.Polyline(locations=[], color="#222", weight=1, opacity=0.8, fill=False, name="leader lines")
        layers += [self.arc_layer, self.leader_layer, self.move_casing, *self.move_layers.values()]

        self.boxes: dict[str, Box] = {}
        contents = self._marker_contents(state)
        self._layout(state, contents)
        self.city_markers: dict[str, ipyleaflet.Marker] = {}
        self._html: dict[str, str] = {}
        for f in geo.cities:
            zid = f["properties"]["zone"]
            html = _city_html(zid, f["properties"]["name"], zone_control(state, zid))
            m = self._marker(f"city:{zid}", html, zid, z_index_offset=500)
            layers.append(m)
            m.title = f"{f['properties']['name']} ({zid}), victory city"
            self.city_markers[zid] = m
        self.markers: dict[str, ipyleaflet.Marker] = {}
        for place, (html, visible) in contents.items():
            self.markers[place] = self._marker(place, html, place, visible=visible)
        layers += self.markers.values()
        self._contents = contents
        self.map.layers = (*self.map.layers, *layers)
        self._draw_leaders(state, contents)

        # Town names: a layer shown from TOWN_ZOOM on, built the first time it is wanted.
        self.town_markers: dict[str, ipyleaflet.Marker] = {}
        self.town_boxes: dict[str, Box] = {}
        self.town_layer = ipyleaflet.LayerGroup(layers=(), name="towns")
        self.map.observe(self._on_zoom, names="zoom")
        self._on_zoom({"new": zoom})

        self.legend = ipywidgets.HTML(value=_legend_html(), layout=ipywidgets.Layout(display="none"))
        self.legend_toggle = ipywidgets.ToggleButton(
            value=False, description="Legend", icon="list", tooltip="Show or hide the legend", layout=ipywidgets.Layout(width="auto")
        )
        self.legend_toggle.observe(self._on_legend, names="value")
        self.map.add(
            ipyleaflet.WidgetControl(
                widget=ipywidgets.VBox([self.legend_toggle, self.legend], layout=ipywidgets.Layout(align_items="flex-end")),
                position="topright",
            )
        )
        # The title heads the side column: on the map it covered the airfield's badges.
        self.title = ipywidgets.HTML(value=self._title_html(state), layout=ipywidgets.Layout(width="auto"))
        # For a screen reader (issue 31): the map named after the position, and the map in words
        self.words = MapInWords(state, scope=_MAP_BOX_CLASS)
        side = ipywidgets.VBox([self.title, self.words.toggle, self.info, self.words.name], layout=ipywidgets.Layout(width="260px", flex="0 0 260px"))
        self.widget.children = (self.map, side)
        self.widget = ipywidgets.VBox([self.widget, self.words.table], layout=ipywidgets.Layout(width="100%"))
        self.widget.add_class(_MAP_BOX_CLASS)
        self._draw_acting(state)

    # -- building blocks -------------------------------------------------------------------------
    @staticmethod
    def _styled(feature: Mapping[str, Any], style: Mapping[str, Any]) -> dict[str, Any]:
        """A shallow copy of ``feature`` whose properties carry ``style`` (the geometry is shared)."""
        return {"type": "Feature", "properties": {**feature["properties"], "style": dict(style)}, "geometry": feature["geometry"]}

    @staticmethod
    def _title_html(state: State) -> str:
        return f'<div style="font:bold 15px sans-serif;padding:2px 6px;white-space:normal">{escape(title(state))}</div>'

    @staticmethod
    def _icon(html: str) -> ipyleaflet.DivIcon:
        # A zero-size icon anchored at its point: the HTML centres itself (translate -50 %).
        return ipyleaflet.DivIcon(html=html, icon_size=[0, 0], icon_anchor=[0, 0])

    def _marker(self, key: str, html: str, place: str, *, visible: bool = True, z_index_offset: int = 1000) -> ipyleaflet.Marker:
        box = self.boxes.get(key)
        location = latlon(box.x, box.y) if box else (0.0, 0.0)
        m = ipyleaflet.Marker(
            location=location, icon=self._icon(html), draggable=False, visible=visible, keyboard=False, z_index_offset=z_index_offset
        )
        self._html[key] = html
        self._listen(m, place)
        return m

    def _listen(self, marker: ipyleaflet.Marker, place: str) -> None:
        """Hovering or clicking a badge or a label shows its place, as the polygon does."""

        def show(**_: Any) -> None:
            self.show(place)

        marker.on_mouseover(show)
        marker.on_click(show)

    def _marker_contents(self, state: State) -> dict[str, tuple[str, bool]]:
        """HTML and visibility of every badge marker for ``state``."""
        self._sizes: dict[str, tuple[float, float]] = {}
        board = state.board
        out: dict[str, tuple[str, bool]] = {}
        for place, badges in badge_texts(state).items():
            if board.has_zone(place):
                caption = place if self.show_ids else ""
                visible = bool(badges or caption)
            elif place.startswith("airborne-"):
                caption = short_caption(board, place)
                visible = bool(badges)
            else:  # beachhead or airfield
                caption = short_caption(board, place)
                visible = True
            out[place] = (_marker_html(place, caption, badges), visible)
            self._sizes[place] = marker_size(caption, badges) if visible else (0.0, 0.0)
        return out

    def _layout(self, state: State, contents: Mapping[str, tuple[str, bool]]) -> None:
        """Place every visible badge clear of the others and of the city labels (see :mod:`.layout`)."""
        geo = map_geometry()
        anch = anchors()
        regions = regions_px()
        cities: dict[str, Box] = {}
        for f in geo.cities:
            x, y = to_px(*f["geometry"]["coordinates"])
            cities[f"city:{f['properties']['zone']}"] = Box(x, y, *city_size(f["properties"]["name"]))
        shown = [p for p, (_, visible) in contents.items() if visible]
        area = {p: regions[p].area for p in shown}
        order = sorted(shown, key=lambda p: (not p.startswith("airborne-"), p in ("airfield",), not state.board.has_zone(p), area[p]))
        items = [
            Item(p, to_px(*anch.points[p]), *self._sizes[p], region=regions[p] if p in regions and not _is_beach(p, state) else None)
            for p in order
        ]
        key = tuple((it.key, it.w, it.h) for it in items)
        if key != getattr(self, "_layout_key", None):  # the same labels need no new placement
            self._layout_key = key
            self.boxes = {**cities, **place_boxes(items, cities.values(), frame=board_px())}

    def _draw_leaders(self, state: State, contents: Mapping[str, tuple[str, bool]]) -> None:
        """Leader lines from each displaced badge back to its anchor, from each beach's badge to
        the beach; drawn for the current zoom (a badge keeps its size in pixels as the map scales)."""
        anch = anchors()
        regions = regions_px()
        k = 2 ** ((self.map.zoom or ZOOM) - ZOOM)  # pixels at the current zoom per pixel at ZOOM
        lines = []
        for p, (_, visible) in contents.items():
            b = self.boxes.get(p)
            if not visible or b is None:
                continue
            box = Box(b.x * k, b.y * k, b.w, b.h)
            if _is_beach(p, state):  # from the nearest point of the beach strip
                near = nearest_points(regions[p], Point(b.x, b.y))[0]
                ax, ay = near.x * k, near.y * k
            else:
                ax, ay = (c * k for c in to_px(*anch.points[p]))
            if not box.contains(ax, ay, pad=4):
                ex, ey = box.edge_point(ax, ay)
                lines.append([latlon(ax / k, ay / k), latlon(ex / k, ey / k)])
        if lines != self.leader_layer.locations:
            self.leader_layer.locations = lines

    def _place_towns(self) -> None:
        """Town names at :data:`TOWN_ZOOM`, clear of the badges and city labels (scaled to that
        zoom); the markers are made on the first call (most maps are never zoomed in)."""
        k = 2 ** (TOWN_ZOOM - ZOOM)
        obstacles = [Box(b.x * k, b.y * k, b.w, b.h) for b in self.boxes.values()]
        regions = regions_px(TOWN_ZOOM)
        board = self.state.board
        items = [
            Item(z, to_px(*pt, TOWN_ZOOM), *town_size(board.zone(z).name), region=regions[z])
            for z, pt in anchors().towns.items()
            if not board.zone(z).victory_city  # the victory cities' labels are always shown
        ]
        self.town_boxes = place_boxes(items, obstacles)
        for z, b in self.town_boxes.items():
            lon, lat = from_px(b.x, b.y, TOWN_ZOOM)
            location = (round(lat, 5), round(lon, 5))
            if z not in self.town_markers:
                name = board.zone(z).name
                m = ipyleaflet.Marker(
                    location=location, icon=self._icon(_town_html(z, name)), draggable=False, keyboard=False, title=f"{z} {name}"
                )
                self._listen(m, z)
                self.town_markers[z] = m
            elif tuple(self.town_markers[z].location) != location:
                self.town_markers[z].location = location
        if len(self.town_layer.layers) != len(self.town_markers):
            self.town_layer.layers = tuple(self.town_markers.values())

    def _on_zoom(self, change: Mapping[str, Any]) -> None:
        if hasattr(self, "markers"):
            self._draw_leaders(self.state, self._contents)
        want = (change.get("new") or 0) >= TOWN_ZOOM
        if want and self.town_layer not in self.map.layers:
            self._place_towns()
            self.map.add(self.town_layer)
        elif not want and self.town_layer in self.map.layers:
            self.map.remove(self.town_layer)

    def _on_legend(self, change: Mapping[str, Any]) -> None:
        self.legend.layout.display = None if change.get("new") else "none"

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

    def _draw_acting(self, state: State) -> None:
        """Firing arcs (order 9 unless set by :meth:`show_arcs`) and the declared moves' arrows."""
        on = self._arcs_wanted if self._arcs_wanted is not None else state.card == 9
        self.arcs_shown = on
        lines = arc_lines(state) if on else []
        if lines != self.arc_layer.locations:
            self.arc_layer.locations = lines
        if self.following:
            self._set_highlight(*acting(state))
        moves = declared_moves(state)
        casing = []
        for p, layer in self.move_layers.items():
            lines = [line for m in moves if m.power == p for line in move_arrow(m.path, self.boxes)]
            casing += lines
            if lines != layer.locations:
                layer.locations = lines
        if casing != self.move_casing.locations:
            self.move_casing.locations = casing

    # -- public API ------------------------------------------------------------------------------
    def update(self, state: State) -> None:
        """Show ``state``: restyle the zones, rewrite and re-place the badges that changed, in place."""
        self.state = state
        for zid, layer in self.zone_layers.items():
            style = _zone_style(zone_control(state, zid))
            if style != self._zone_styles[zid]:
                self._zone_styles[zid] = style
                layer.data = self._styled(layer.data, style)
        for zid, m in self.city_markers.items():
            html = _city_html(zid, state.board.zone(zid).victory_city or zid, zone_control(state, zid))
            if html != self._html[f"city:{zid}"]:
                self._html[f"city:{zid}"] = html
                self._set_icon_html(m, html)
        contents = self._marker_contents(state)
        self._layout(state, contents)
        for place_, (html, visible) in contents.items():
            m = self.markers[place_]
            if html != self._html[place_]:
                self._html[place_] = html
                self._set_icon_html(m, html)
            if m.visible != visible:
                m.visible = visible
            box = self.boxes.get(place_)
            if box is not None:
                loc = latlon(box.x, box.y)
                if tuple(m.location) != loc:
                    m.location = loc
        self._contents = contents
        self._draw_leaders(state, contents)
        if self.town_layer in self.map.layers:
            self._place_towns()
        for key, layer in self.airborne_layers.items():
            i = int(key.split("-")[1])
            layer.visible = i < len(state.airborne) and state.airborne[i].total > 0
        t = self._title_html(state)
        if self.title.value != t:
            self.title.value = t
        self.words.update(state)
        self._draw_acting(state)
        if self.selected is not None:
            self.info.value = describe(state, self.selected)

    def highlight(self, places: str | Iterable[str] = (), kind: str = "acting") -> None:
        """Outline the places that act now: ``kind`` 'acting', 'fire' (a blockhouse firing),
        'combat' (a zone in combat) or 'move' (a move being declared). Places are zone ids,
        beach names or 'airborne-<i>'; ``highlight()`` clears. Each call replaces the last and
        stops the view following the state; :meth:`follow_state` hands it back.
        """
        self._set_highlight([places] if isinstance(places, str) else list(places), kind)
        self.following = False

    def follow_state(self) -> None:
        """Highlight what the state says is acting (the default; see :func:`.labels.acting`)."""
        self.following = True
        self._set_highlight(*acting(self.state))

    def _set_highlight(self, wanted: Sequence[str], kind: str) -> None:
        if kind not in HIGHLIGHT_COLORS:
            raise ValueError(f"highlight kind {kind!r}: use one of {sorted(HIGHLIGHT_COLORS)}")
        geo = map_geometry()
        unknown = [p for p in wanted if p not in geo.by_id]
        if unknown:
            raise ValueError(f"cannot highlight {unknown}: not a zone, beach or airborne box of the map")
        new = dict.fromkeys(wanted, kind)
        if new == self.highlighted:
            return
        color = HIGHLIGHT_COLORS[kind]
        style = {"color": color, "weight": 6, "opacity": 1.0, "fillColor": color, "fillOpacity": 0.15, "dashArray": None}
        self.highlighted = new
        self.highlight_layer.data = {"type": "FeatureCollection", "features": [self._styled(geo.by_id[p], style) for p in wanted]}

    def show_arcs(self, on: bool | None = True) -> None:
        """Draw the blockhouses' firing arcs (zone → beachhead, R-BH-3) or hide them;
        ``None`` restores the default (shown on order 9 only)."""
        self._arcs_wanted = on
        self._draw_acting(self.state)

    def show(self, place: str) -> None:
        """Fill the info panel with one place (zone id, beach name, 'airborne-<i>' or 'airfield')."""
        self.selected = place
        self.info.value = describe(self.state, place)

    def on_feature(self, event: str = "", feature: Mapping[str, Any] | None = None, **_: Any) -> None:
        """Hover/click callback of the GeoJSON layers: show the feature under the mouse."""
        if not feature:
            return
        place_ = feature.get("properties", {}).get("id")
        if isinstance(place_, str):
            self.show(place_)

    def badge_count(self) -> int:
        """Number of unit badges currently shown (visible markers only)."""
        return sum(self._html[p].count("data-badge=") for p, m in self.markers.items() if m.visible)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def _is_beach(place_: str, state: State) -> bool:
    return any(b.name == place_ for b in state.board.beachheads)
