"""The real map of Normandy behind both views: colours, loading and checking ``zones.geojson``, and the shapes the views draw (issue 4).

>>> zones = load_zones()
>>> sum(f["properties"]["kind"] == "land" for f in zones["features"]) == len(load_board().zones)
True
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal

from shapely.geometry import Point, mapping, shape
from shapely.geometry.polygon import orient
from shapely.ops import unary_union

from ...errors import BoardDataError
from ...rules.board import Board, load_board

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
SIDE_COLORS: Final[dict[str, str]] = {"allies": CONTROL_COLORS["allies"], "axis": POWER_COLORS["Germany"]}
"""One colour per side for charts and badges: the Allies' control colour, Germany's colour for the Axis."""
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
    checkout = Path(__file__).resolve().parents[3] / "geo" / "zones.geojson"
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
class MapGeometry:
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
def map_geometry() -> MapGeometry:
    """The map data split by kind, with label points and bounds (computed once, cached)."""
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
    return MapGeometry(
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
def plotly_geojson(kind: str) -> dict[str, Any]:
    """The features of one kind as a clockwise FeatureCollection (cached; do not mutate)."""
    geo = map_geometry()
    feats = {
        "land": geo.land,
        "beach": geo.beaches,
        "airborne": geo.airborne,
        "sea": geo.seas,
        "airfield": (geo.airfield,),
    }[kind]
    return {"type": "FeatureCollection", "features": [_clockwise(f) for f in feats]}
