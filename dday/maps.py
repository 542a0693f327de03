"""Map views of a position on the real map of Normandy (issue 4).

Two views draw the same :class:`~dday.state.State` on ``zones.geojson`` (see
``geo/README.md``):

* :class:`LeafletView` - an interactive ipyleaflet map for notebooks. It needs no network
  (no tile layer unless ``basemap=True``) and :meth:`LeafletView.update` restyles it in place.
* :func:`plotly_map` - a static plotly figure that exports to PNG (:func:`export_png`) with
  kaleido and a system chromium. Offline it needs the topojson stub :data:`EMPTY_TOPO`:
  ``fig.show(config=show_config())``.

Control colours follow the Okabe-Ito palette (colour-blind safe): Axis grey, Allied blue,
contested reddish purple (dashed border on the leaflet map), empty zones cream. Unit badges
use one colour per power: Germany dark grey, UK orange, US bluish green.

>>> zones = load_zones()
>>> sum(f["properties"]["kind"] == "land" for f in zones["features"]) == len(load_board().zones)
True
>>> control("axis", False), control(None, True), control(None, False)
('axis', 'contested', 'empty')
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal

import ipyleaflet
import ipywidgets
import plotly.graph_objects as go
import plotly.io as pio
from shapely.geometry import Point, mapping, shape
from shapely.geometry.polygon import orient
from shapely.ops import unary_union

from .board import Board, load_board
from .cards import ORDER_CARDS
from .errors import BoardDataError
from .state import State
from .units import POWERS, Air, Force

__all__ = [
    "ATTRIBUTION",
    "CONTROL_COLORS",
    "EMPTY_TOPO",
    "POWER_COLORS",
    "SEA_COLOR",
    "LeafletView",
    "badge_texts",
    "control",
    "export_png",
    "load_zones",
    "plotly_map",
    "png_bytes",
    "show_config",
    "title",
    "zone_control",
]

Control = Literal["axis", "allies", "contested", "empty"]

ATTRIBUTION: Final = "Coastline: GSHHG 2.3.6 (Wessel & Smith), LGPL-3.0-or-later; places: GeoNames, CC BY 4.0"
BORDER_NOTE: Final = "Zone borders reconstructed from the game's adjacency; not the printed board."

# Empty topology as a data URL; plotly appends "world_110m.json", which lands in the fragment.
EMPTY_TOPO: Final = 'data:application/json,{"type":"Topology","objects":{},"arcs":[]}#'

# Okabe-Ito: grey (Axis), blue (Allies), reddish purple (contested); cream for empty land.
CONTROL_COLORS: Final[dict[str, str]] = {
    "axis": "#8C8C8C",
    "allies": "#0072B2",
    "contested": "#CC79A7",
    "empty": "#F4F1E8",
}
CONTROL_LABELS: Final[dict[str, str]] = {
    "axis": "Axis-held",
    "allies": "Allied-held",
    "contested": "Contested (both sides)",
    "empty": "Empty",
}
# Badge background, badge text colour and short label per power.
POWER_COLORS: Final[dict[str, str]] = {"Germany": "#595959", "UK": "#E69F00", "US": "#009E73"}
POWER_TEXT: Final[dict[str, str]] = {"Germany": "#FFFFFF", "UK": "#000000", "US": "#000000"}
POWER_SHORT: Final[dict[str, str]] = {"Germany": "G", "UK": "UK", "US": "US"}
SEA_COLOR: Final = "#D6EAF8"
AIRFIELD_COLOR: Final = "#EDE7F6"
BORDER_COLOR: Final = "#333333"

_KINDS: Final = frozenset({"land", "beach", "airborne", "sea", "city", "airfield"})


# ---------------------------------------------------------------------------------------------
# Loading and validating the map


def _fail(source: str, msg: str) -> BoardDataError:
    return BoardDataError(f"map data {source}: {msg}")


def _read_default() -> tuple[str, str]:
    """Text of the packaged map (``dday/data/zones.geojson``), else the checkout's ``geo/`` copy."""
    res = resources.files("dday").joinpath("data/zones.geojson")
    if res.is_file():
        return res.read_text(encoding="utf-8"), "dday/data/zones.geojson"
    checkout = Path(__file__).resolve().parent.parent / "geo" / "zones.geojson"
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8"), str(checkout)
    raise BoardDataError("map data: zones.geojson is neither in the package (dday/data) nor in geo/")


def validate_zones(data: Any, board: Board, source: str = "zones.geojson") -> dict[str, Any]:
    """Check that ``data`` is the board's map; return it or raise :class:`BoardDataError`."""
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection" or not isinstance(data.get("features"), list):
        raise _fail(source, "not a GeoJSON FeatureCollection")
    for i, f in enumerate(data["features"]):
        if not isinstance(f, dict) or f.get("type") != "Feature" or not isinstance(f.get("properties"), dict):
            raise _fail(source, f"feature {i} is not a GeoJSON Feature with properties")
        geom = f.get("geometry")
        if not isinstance(geom, dict) or "type" not in geom or "coordinates" not in geom:
            raise _fail(source, f"feature {i} has no geometry")
        kind = f["properties"].get("kind")
        if kind is None:
            raise _fail(source, f"feature {i} ({f['properties'].get('id')!r}) lacks 'kind'")
        if kind not in _KINDS:
            raise _fail(source, f"feature {i} has unknown kind {kind!r}; known: {sorted(_KINDS)}")
        if "id" not in f["properties"]:
            raise _fail(source, f"feature {i} ({kind}) lacks 'id'")

    def ids(kind: str) -> list[str]:
        return [f["properties"]["id"] for f in data["features"] if f["properties"]["kind"] == kind]

    land = ids("land")
    if sorted(land) != sorted(board.zone_ids):
        missing = sorted(set(board.zone_ids) - set(land), key=board.zone_ids.index)
        extra = sorted(set(land) - set(board.zone_ids))
        dupes = sorted({z for z in land if land.count(z) > 1})
        raise _fail(source, f"land zone ids differ from the board: missing {missing}, extra {extra}, duplicated {dupes}")
    beaches = [b.name for b in board.beachheads]
    if sorted(ids("beach")) != sorted(beaches):
        raise _fail(source, f"beach ids {ids('beach')} differ from the board's beachheads {beaches}")
    airborne = [f"airborne-{a.index}" for a in board.airborne_boxes]
    if sorted(ids("airborne")) != sorted(airborne):
        raise _fail(source, f"airborne ids {ids('airborne')} differ from the board's boxes {airborne}")
    if len(ids("airfield")) != 1:
        raise _fail(source, "expected exactly one airfield feature")
    return data


def load_zones(path: str | os.PathLike[str] | None = None, board: Board | None = None) -> dict[str, Any]:
    """Read and validate ``zones.geojson`` (a fresh dict each call).

    Without ``path`` the copy shipped in the package (``dday/data``) is read, falling back to
    ``geo/zones.geojson`` in a source checkout.
    """
    if path is None:
        text, source = _read_default()
    else:
        source = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise _fail(source, f"cannot read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail(source, f"not GeoJSON (invalid JSON: {exc})") from None
    return validate_zones(data, board or load_board(), source)


@dataclass(frozen=True)
class _Geo:
    """The map split by kind, with label points; computed once."""

    by_id: dict[str, dict[str, Any]]  # every feature by id
    land: tuple[dict[str, Any], ...]  # board order
    beaches: tuple[dict[str, Any], ...]
    airborne: tuple[dict[str, Any], ...]  # index order
    seas: tuple[dict[str, Any], ...]
    cities: tuple[dict[str, Any], ...]
    airfield: dict[str, Any]
    labels: dict[str, tuple[float, float]]  # (lon, lat) where each badge goes
    bounds: tuple[float, float, float, float]


@cache
def _geo() -> _Geo:
    board = load_board()
    data = load_zones(board=board)
    feats = data["features"]
    by_id = {f["properties"]["id"]: f for f in feats}

    def of(kind: str) -> list[dict[str, Any]]:
        return [f for f in feats if f["properties"]["kind"] == kind]

    land = tuple(by_id[z] for z in board.zone_ids)
    land_union = unary_union([shape(f["geometry"]) for f in land])
    labels: dict[str, tuple[float, float]] = {}
    for f in land:
        labels[f["properties"]["id"]] = (f["properties"]["lon"], f["properties"]["lat"])
    kx = math.cos(math.radians(49.2))
    beaches = tuple(by_id[b.name] for b in board.beachheads)
    for f in beaches:
        # The badge goes 8 km out to sea, in the direction that is farthest from land.
        c = shape(f["geometry"]).centroid
        step = 8 / 111.0
        best = max(
            (Point(c.x + step * math.cos(a) / kx, c.y + step * math.sin(a)) for a in (k * math.pi / 8 for k in range(16))),
            key=land_union.distance,
        )
        labels[f["properties"]["id"]] = (round(best.x, 5), round(best.y, 5))
    airborne = tuple(by_id[f"airborne-{a.index}"] for a in board.airborne_boxes)
    for f in airborne:
        g = shape(f["geometry"])
        labels[f["properties"]["id"]] = (round(g.centroid.x, 5), round(g.bounds[1], 5))  # under the drop area
    airfield = of("airfield")[0]
    c = shape(airfield["geometry"]).centroid
    labels["airfield"] = (round(c.x, 5), round(c.y, 5))
    bbox = data.get("bbox") or list(unary_union([shape(f["geometry"]) for f in feats]).bounds)
    return _Geo(
        by_id=by_id,
        land=land,
        beaches=beaches,
        airborne=airborne,
        seas=tuple(of("sea")),
        cities=tuple(of("city")),
        airfield=airfield,
        labels=labels,
        bounds=(float(bbox[0]), float(bbox[1]), float(bbox[2]), float(bbox[3])),
    )


def _clockwise(feature: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a polygon feature with clockwise exterior rings, as plotly's d3-geo wants."""
    geom = shape(feature["geometry"])
    if geom.geom_type == "Polygon":
        geom = orient(geom, sign=-1.0)
    elif geom.geom_type == "MultiPolygon":
        geom = type(geom)([orient(p, sign=-1.0) for p in geom.geoms])
    return {"type": "Feature", "id": feature["properties"]["id"], "properties": dict(feature["properties"]), "geometry": mapping(geom)}


@cache
def _plotly_geojson(kind: str) -> dict[str, Any]:
    """The features of one kind as a clockwise FeatureCollection (cached; do not mutate)."""
    geo = _geo()
    feats = {
        "land": geo.land,
        "beach": geo.beaches,
        "airborne": geo.airborne,
        "sea": geo.seas,
        "airfield": (geo.airfield,),
    }[kind]
    return {"type": "FeatureCollection", "features": [_clockwise(f) for f in feats]}


# ---------------------------------------------------------------------------------------------
# What to show: control and badge texts, shared by both views


def control(controller: str | None, contested: bool) -> Control:
    """The colour category of a zone from its controller and whether it is contested."""
    if contested:
        return "contested"
    if controller == "axis":
        return "axis"
    if controller == "allies":
        return "allies"
    return "empty"


def zone_control(state: State, zone: str) -> Control:
    """'axis', 'allies', 'contested' or 'empty' for one zone of ``state``."""
    return control(state.controller(zone), state.contested(zone))


def _air_text(air: Air, power: str) -> str:
    """'✈ 2F 1B' for the fighters and bombers of one power, '' if none."""
    f, b = air.get(power, "fighter"), air.get(power, "bomber")
    parts = ([f"{f}F"] if f else []) + ([f"{b}B"] if b else [])
    return "✈ " + " ".join(parts) if parts else ""


@dataclass(frozen=True)
class Badge:
    """One badge: a power's land units (``air=False``) or air units in one place."""

    power: str
    text: str  # without the power prefix, e.g. "3i 1a" or "✈ 2F"
    air: bool = False

    @property
    def label(self) -> str:
        return f"{POWER_SHORT[self.power]} {self.text}"


def _land_badges(forces: Sequence[tuple[str, Force]]) -> list[Badge]:
    return [Badge(p, f.short()) for p, f in forces if f.total]


def _air_badges(air: Air) -> list[Badge]:
    out = []
    for p in ("UK", "US"):
        t = _air_text(air, p)
        if t:
            out.append(Badge(p, t, air=True))
    return out


def badge_texts(state: State) -> dict[str, list[Badge]]:
    """Every badge to draw, keyed by place: zone ids, beach names, 'airborne-<i>', 'airfield'."""
    b = state.board
    out: dict[str, list[Badge]] = {}
    for z, forces, air in zip(b.zones, state.ground, state.air, strict=True):
        out[z.id] = _land_badges(list(zip(POWERS, forces, strict=True))) + _air_badges(air)
    for bh, f in zip(b.beachheads, state.beach, strict=True):
        out[bh.name] = _land_badges([(bh.power, f)])
    for box in b.airborne_boxes:
        f = state.airborne[box.index] if box.index < len(state.airborne) else Force()
        out[f"airborne-{box.index}"] = _land_badges([(box.power, f)])
    out["airfield"] = _air_badges(state.airfield)
    return out


def title(state: State) -> str:
    """'Turn 3, order 11 — Allies Attack' (or the winner once the game is over)."""
    card = ORDER_CARDS.get(state.card)
    text = f"Turn {state.turn}, order {state.card} — {card.name}" if card else f"Turn {state.turn}"
    if state.winner:
        text += f" — {'Allies' if state.winner == 'allies' else 'Axis'} win"
    return text


def _force_words(f: Force) -> str:
    names = {"infantry": "infantry", "artillery": "artillery", "tank": "tank", "blockhouse": "blockhouse"}
    parts = []
    for k, n in f.to_dict().items():
        word = names[k] if n == 1 or k in ("infantry", "artillery") else names[k] + "s"
        parts.append(f"{n} {word}")
    return ", ".join(parts) if parts else "none"


def _air_words(air: Air, power: str, where: tuple[str, str]) -> str:
    """'2 fighters on patrol, 1 bomber on strike' (``where`` words for fighters, bombers)."""
    f, b = air.get(power, "fighter"), air.get(power, "bomber")
    parts = ([f"{f} fighter{'s' * (f != 1)} {where[0]}"] if f else []) + ([f"{b} bomber{'s' * (b != 1)} {where[1]}"] if b else [])
    return ", ".join(parts)


def describe(state: State, place: str) -> str:
    """HTML describing one place (zone id, beach name, 'airborne-<i>' or 'airfield') for the info panel."""
    b = state.board
    geo = _geo()
    rows: list[str] = []

    def power_row(power: str, text: str) -> None:
        chip = f'<span style="display:inline-block;width:0.9em;height:0.9em;background:{POWER_COLORS[power]};border:1px solid #000;margin-right:4px"></span>'
        rows.append(f"<tr><td>{chip}{escape(power)}</td><td>{escape(text)}</td></tr>")

    if b.has_zone(place):
        z = b.zone(place)
        ctl = zone_control(state, place)
        head = f"<b>{escape(z.id)} {escape(z.name)}</b>"
        notes = []
        if z.victory_city:
            notes.append(f"victory city {escape(z.victory_city)}")
        if z.coastal:
            notes.append("coastal")
        if z.reinforcement_sector:
            notes.append(f"{escape(z.reinforcement_sector)} reinforcement sector")
        sub = f'<div style="color:#444">{"; ".join(notes)}</div>' if notes else ""
        swatch = f'<span style="color:{CONTROL_COLORS[ctl]}">■</span>'
        lines = [head, sub, f"<div>{swatch} {CONTROL_LABELS[ctl]}</div>"]
        for p, f in zip(POWERS, state.zone_forces(place), strict=True):
            if f.total:
                power_row(p, _force_words(f))
        air = state.air_in(place)
        for p in ("UK", "US"):
            t = _air_words(air, p, ("on patrol", "on strike"))
            if t:
                power_row(p, t)
        if not rows:
            rows.append('<tr><td colspan="2"><i>no units</i></td></tr>')
    elif place in geo.by_id and geo.by_id[place]["properties"]["kind"] == "beach":
        bh = b.beachhead(place)
        lines = [
            f"<b>{escape(place)} beachhead</b>",
            f'<div style="color:#444">{escape(bh.power)}, lands into {escape(bh.lands_into)} {escape(b.zone(bh.lands_into).name)}; capacity {bh.capacity}</div>',
        ]
        power_row(bh.power, _force_words(state.beach_units(place)))
    elif place.startswith("airborne-") and place in geo.by_id:
        i = int(place.split("-")[1])
        box = b.airborne_boxes[i]
        f = state.airborne[i] if i < len(state.airborne) else Force()
        lines = [
            f"<b>{escape(box.division)}</b>",
            f'<div style="color:#444">airborne box over {escape(box.zone)} {escape(b.zone(box.zone).name)}</div>',
        ]
        power_row(box.power, _force_words(f) if f.total else "none (dropped)")
    elif place == "airfield":
        lines = ["<b>Allied airfield</b> (off map)"]
        for p in ("UK", "US"):
            t = _air_words(state.airfield, p, ("waiting", "waiting"))
            if t:
                power_row(p, t)
        if not rows:
            rows.append('<tr><td colspan="2"><i>empty</i></td></tr>')
    else:
        props = geo.by_id.get(place, {}).get("properties", {})
        return f"<b>{escape(str(props.get('name', place)))}</b>"
    return "".join(lines) + f'<table style="border-collapse:collapse;margin-top:4px">{"".join(rows)}</table>'


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
        geo = _geo()
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
                caption = _short_caption(board, place)
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


# ---------------------------------------------------------------------------------------------
# plotly view

_CODES: Final[dict[str, int]] = {"axis": 0, "allies": 1, "contested": 2, "empty": 3}


def _discrete_scale(colors: Sequence[str]) -> list[list[Any]]:
    """A colorscale mapping integer codes 0..n-1 (zmin=0, zmax=n-1) to flat colours."""
    n = len(colors)
    scale: list[list[Any]] = []
    for i, c in enumerate(colors):
        lo, hi = max(0.0, (i - 0.5) / (n - 1)), min(1.0, (i + 0.5) / (n - 1))
        scale += [[lo, c], [hi, c]]
    return scale


def _plotly_line(badge: Badge) -> str:
    square = f"<span style='color:{POWER_COLORS[badge.power]}'>{'▣' if badge.air else '■'}</span>"
    return f"{square} {escape(badge.label)}"


def _label_points(
    state: State, places: Sequence[str], captions: Mapping[str, str], badges: Mapping[str, list[Badge]]
) -> tuple[list[float], list[float], list[str]]:
    geo = _geo()
    lons, lats, texts = [], [], []
    for p in places:
        lines = [_plotly_line(b) for b in badges[p]]
        cap = captions.get(p, "")
        if cap:
            lines.insert(0, f"<span style='font-size:0.8em;color:#222'>{escape(cap)}</span>")
        if not lines:
            continue
        lon, lat = geo.labels[p]
        lons.append(lon)
        lats.append(lat)
        texts.append("<br>".join(lines))
    return lons, lats, texts


def _short_caption(board: Board, place: str) -> str:
    """Caption of a box badge: the beach name, '82nd Abn' for an airborne box, 'Airfield'."""
    if place.startswith("airborne-"):
        division = board.airborne_boxes[int(place.split("-")[1])].division
        return division.replace("British ", "").replace("US ", "").replace("Airborne", "Abn")
    return "Airfield" if place == "airfield" else place


def show_config() -> dict[str, Any]:
    """The plotly config for offline display: ``fig.show(config=show_config())``."""
    return {"topojsonURL": EMPTY_TOPO}


def frame_board(fig: go.Figure) -> None:
    """Mercator view of exactly the board's frame, no basemap (offline; geography.md §7.3).

    Explicit ranges (the frame of zones.geojson) fill the plot; ``fitbounds="locations"`` left a wide margin.
    """
    west, south, east, north = _geo().bounds
    fig.update_geos(
        fitbounds=False,
        lonaxis_range=[west, east],
        lataxis_range=[south, north],
        visible=False,
        projection_type="mercator",
        bgcolor="rgba(0,0,0,0)",
    )


def sea_trace() -> go.Choropleth:
    """The sea areas as one flat-coloured plotly layer (the background of every plotly map)."""
    geo = _geo()
    return go.Choropleth(
        geojson=_plotly_geojson("sea"),
        featureidkey="properties.id",
        locations=[f["properties"]["id"] for f in geo.seas],
        z=[0] * len(geo.seas),
        colorscale=[[0, SEA_COLOR], [1, SEA_COLOR]],
        showscale=False,
        marker_line_width=0,
        hoverinfo="skip",
        name="sea",
    )


def plotly_map(state: State, *, show_ids: bool = True, font_size: int = 17) -> go.Figure:
    """A static map of ``state``: zones coloured by control, unit labels, cities and beaches.

    Display offline with ``fig.show(config=show_config())``; export with :func:`export_png`.
    """
    geo = _geo()
    board = state.board
    badges = badge_texts(state)
    land_gj = _plotly_geojson("land")
    zone_ids = list(board.zone_ids)
    ctl = [zone_control(state, z) for z in zone_ids]
    hover = [describe(state, z).replace("<table", "<br><table") for z in zone_ids]
    hover = [_html_to_plotly(h) for h in hover]
    fig = go.Figure()
    fig.add_trace(sea_trace())
    fig.add_trace(
        go.Choropleth(
            geojson=_plotly_geojson("airfield"),
            featureidkey="properties.id",
            locations=["airfield"],
            z=[0],
            colorscale=[[0, AIRFIELD_COLOR], [1, AIRFIELD_COLOR]],
            showscale=False,
            marker_line={"width": 1.5, "color": "#5E35B1"},
            hoverinfo="skip",
            name="airfield",
        )
    )
    fig.add_trace(
        go.Choropleth(
            geojson=land_gj,
            featureidkey="properties.id",
            locations=zone_ids,
            z=[_CODES[c] for c in ctl],
            zmin=0,
            zmax=3,
            colorscale=_discrete_scale([CONTROL_COLORS[c] for c in _CODES]),
            showscale=False,
            marker_line={"width": [3.5 if c == "contested" else 0.8 for c in ctl], "color": BORDER_COLOR},
            marker_opacity=0.85,
            text=hover,
            hovertemplate="%{text}<extra></extra>",
            name="zones",
        )
    )
    fig.add_trace(
        go.Choropleth(
            geojson=_plotly_geojson("beach"),
            featureidkey="properties.id",
            locations=[f["properties"]["id"] for f in geo.beaches],
            z=[1 if f["properties"]["power"] == "US" else 0 for f in geo.beaches],
            zmin=0,
            zmax=1,
            colorscale=_discrete_scale([POWER_COLORS["UK"], POWER_COLORS["US"]]),
            showscale=False,
            marker_line={"width": 0.8, "color": "#000"},
            hoverinfo="location",
            name="beaches",
        )
    )
    dropped = [f for f in geo.airborne if badges[f["properties"]["id"]]]
    if dropped:
        fig.add_trace(
            go.Choropleth(
                geojson=_plotly_geojson("airborne"),
                featureidkey="properties.id",
                locations=[f["properties"]["id"] for f in dropped],
                z=[1 if f["properties"]["power"] == "US" else 0 for f in dropped],
                zmin=0,
                zmax=1,
                colorscale=_discrete_scale([POWER_COLORS["UK"], POWER_COLORS["US"]]),
                showscale=False,
                marker_opacity=0.45,
                marker_line={"width": 1.5, "color": "#000"},
                hoverinfo="skip",
                name="airborne",
            )
        )

    victory = set(board.victory_zones)
    text_font = {
        "size": font_size,
        "color": "#111",
        "family": "DejaVu Sans, Arial, sans-serif",
        "shadow": "1px 1px 2px white, -1px -1px 2px white, 1px -1px 2px white, -1px 1px 2px white",
    }
    caps = {z: z for z in zone_ids} if show_ids else {}
    plain = [z for z in zone_ids if z not in victory]
    lons, lats, texts = _label_points(state, plain, caps, badges)
    fig.add_trace(
        go.Scattergeo(lon=lons, lat=lats, text=texts, mode="text", textfont=text_font, hoverinfo="skip", name="units", showlegend=False)
    )
    dropped_ids = [f"airborne-{a.index}" for a in board.airborne_boxes if badges[f"airborne-{a.index}"]]
    others = [b.name for b in board.beachheads] + dropped_ids + ["airfield"]
    other_caps = {p: _short_caption(board, p) for p in others}
    lons, lats, texts = _label_points(state, others, other_caps, badges)
    fig.add_trace(
        go.Scattergeo(
            lon=lons,
            lat=lats,
            text=texts,
            mode="text",
            textfont={**text_font, "size": font_size - 1},
            hoverinfo="skip",
            name="boxes",
            showlegend=False,
        )
    )
    # Victory cities: a star in the controller's colour on a white halo; the zone's label hangs below.
    cities = sorted(geo.cities, key=lambda f: board.zone_index(f["properties"]["zone"]))
    city_zones = [f["properties"]["zone"] for f in cities]
    lon = [f["geometry"]["coordinates"][0] for f in cities]
    lat = [f["geometry"]["coordinates"][1] for f in cities]
    star = font_size + 15
    fig.add_trace(
        go.Scattergeo(
            lon=lon,
            lat=lat,
            mode="markers",
            marker={"symbol": "star", "size": star + 10, "color": "white"},
            hoverinfo="skip",
            showlegend=False,
            name="halo",
        )
    )
    city_text = []
    for f, z in zip(cities, city_zones, strict=True):
        lines = [_plotly_line(b) for b in badges[z]]
        head = f"<b>{escape(f['properties']['name'])}</b>" + (f" <span style='font-size:0.8em'>{escape(z)}</span>" if show_ids else "")
        city_text.append("<br>".join([head, *lines]))
    fig.add_trace(
        go.Scattergeo(
            lon=lon,
            lat=lat,
            text=city_text,
            mode="markers+text",
            textposition="bottom center",
            textfont=text_font,
            marker={
                "symbol": "star",
                "size": star,
                "color": [CONTROL_COLORS[zone_control(state, z)] for z in city_zones],
                "line": {"width": 2, "color": "#000"},
            },
            hoverinfo="skip",
            name="victory cities",
            showlegend=False,
        )
    )
    for c in _CODES:  # legend entries only
        fig.add_trace(
            go.Scattergeo(
                lon=[None],
                lat=[None],
                mode="markers",
                marker={"symbol": "square", "size": font_size, "color": CONTROL_COLORS[c], "line": {"width": 1, "color": "#333"}},
                name=CONTROL_LABELS[c],
                showlegend=True,
            )
        )
    for p in POWERS:
        fig.add_trace(
            go.Scattergeo(
                lon=[None],
                lat=[None],
                mode="markers",
                marker={"symbol": "square", "size": font_size, "color": POWER_COLORS[p]},
                name=f"{POWER_SHORT[p]} = {p} units",
                showlegend=True,
            )
        )
    frame_board(fig)
    fig.update_layout(
        title={"text": escape(title(state)), "x": 0.5, "font": {"size": font_size + 9}},
        font={"family": "DejaVu Sans, Arial, sans-serif", "size": font_size},
        margin={"l": 10, "r": 10, "t": 60, "b": 60},
        paper_bgcolor="white",
        legend={"orientation": "h", "x": 0.5, "xanchor": "center", "y": -0.005, "yanchor": "top", "font": {"size": font_size - 2}},
        annotations=[
            {
                "text": escape(
                    f"{ATTRIBUTION}. {BORDER_NOTE} 3i 1a 1t 2b = infantry, artillery, tanks, blockhouses; ✈ 2F 1B = fighters, bombers."
                ),
                "xref": "paper",
                "yref": "paper",
                "x": 0.5,
                "y": 0,
                "yshift": -48,
                "showarrow": False,
                "font": {"size": max(10, font_size - 5), "color": "#555"},
            }
        ],
    )
    return fig


def _html_to_plotly(html: str) -> str:
    """Squeeze the info-panel HTML into plotly's small hover-text HTML subset."""
    out = html.replace("</tr>", "<br>").replace("</td><td>", ": ").replace("</div>", "<br>")
    for tag in ("<table", "<tr", "<td", "<div", "</table", "</td"):
        while tag in out:
            start = out.index(tag)
            out = out[:start] + out[out.index(">", start) + 1 :]
    while "<br><br>" in out:
        out = out.replace("<br><br>", "<br>")
    return out.strip().removesuffix("<br>")


def png_bytes(state: State, *, width: int = 1600, height: int = 1200, scale: float = 1.0) -> bytes:
    """Render :func:`plotly_map` to PNG with kaleido (needs a system chromium; no network)."""
    fig = plotly_map(state)
    old = pio.defaults.topojson
    pio.defaults.topojson = EMPTY_TOPO
    try:
        data: bytes = fig.to_image(format="png", width=width, height=height, scale=scale)
    finally:
        pio.defaults.topojson = old
    return data


def export_png(state: State, path: str | os.PathLike[str], *, width: int = 1600, height: int = 1200, scale: float = 1.0) -> Path:
    """Write the static map of ``state`` to ``path`` as PNG; return the path."""
    out = Path(path)
    out.write_bytes(png_bytes(state, width=width, height=height, scale=scale))
    return out
