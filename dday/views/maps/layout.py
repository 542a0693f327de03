"""Where each badge and label goes: anchor points inside the zones and collision-free placement.

Both views place their labels the same way, in Web-Mercator pixels at a given zoom (the
projection Leaflet draws in; zoom 9 is the live map's default, where the board is about
790 x 570 px):

1. every place has an **anchor**: the pole of inaccessibility of its polygon (shapely's
   ``polylabel``, the point deepest inside the zone), a point out at sea for a beachhead;
2. every label has a **box** whose size is estimated from its text (DejaVu Sans advance
   widths, slightly rounded up, so an estimate is never smaller than the drawn text);
3. :func:`place` puts the boxes one by one at the candidate position nearest their anchor that
   overlaps no box placed before (nor an obstacle such as a victory-city label), preferring a
   position whose centre stays inside the place's own polygon. A box pushed off its anchor gets
   a **leader line** back to it.

>>> x, y = to_px(-0.36, 49.19)
>>> lon, lat = from_px(x, y)
>>> round(lon, 6), round(lat, 6)
(-0.36, 49.19)
>>> a, b = Box(0, 0, 10, 10), Box(9, 0, 10, 10)
>>> a.overlaps(b), a.overlaps(Box(11, 0, 10, 10))
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel, unary_union

from .geodata import map_geometry

ZOOM: Final = 9  # the live map's default zoom
TILE: Final = 256

# DejaVu Sans Bold advance widths in em (the font the badges ask for; Arial is narrower).
_EM: Final[dict[str, float]] = {
    **dict.fromkeys("0123456789", 0.696),
    " ": 0.348,
    "i": 0.343,
    "l": 0.343,
    "t": 0.478,
    "f": 0.435,
    "r": 0.493,
    "j": 0.343,
    ".": 0.380,
    "-": 0.415,
    "'": 0.330,
    "a": 0.675,
    "b": 0.716,
    "F": 0.632,
    "B": 0.762,
    "G": 0.821,
    "U": 0.812,
    "K": 0.775,
    "S": 0.720,
    "★": 0.838,
    "✈": 0.838,
}
_LOWER_EM: Final = 0.70
_UPPER_EM: Final = 0.80


def text_width(text: str, size: float) -> float:
    """Width in px of ``text`` in DejaVu Sans Bold at ``size`` px, rounded up by 6 %.

    >>> round(text_width("G 1i 1b", 13))
    55
    """
    em = sum(_EM.get(c, _UPPER_EM if c.isupper() else _LOWER_EM) for c in text)
    return em * size * 1.06


# ---------------------------------------------------------------------------------------------
# Projection


def to_px(lon: float, lat: float, zoom: float = ZOOM) -> tuple[float, float]:
    """Web-Mercator pixel coordinates (x right, y down) of a point at ``zoom``."""
    scale = TILE * 2**zoom
    phi = math.radians(lat)
    return (lon + 180) / 360 * scale, (1 - math.log(math.tan(phi) + 1 / math.cos(phi)) / math.pi) / 2 * scale


def from_px(x: float, y: float, zoom: float = ZOOM) -> tuple[float, float]:
    """(lon, lat) of a pixel position at ``zoom``; the inverse of :func:`to_px`."""
    scale = TILE * 2**zoom
    lon = x / scale * 360 - 180
    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / scale))))
    return lon, lat


def _geom_px(geom: BaseGeometry, zoom: float) -> BaseGeometry:
    """``geom`` (lon/lat) in pixels at ``zoom``."""
    return shapely.transform(geom, lambda c: np.array([to_px(x, y, zoom) for x, y in c]).reshape(-1, 2))


# ---------------------------------------------------------------------------------------------
# Boxes and placement


@dataclass(frozen=True)
class Box:
    """A label's box in pixels: centre ``x, y``, width ``w``, height ``h``."""

    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Box, pad: float = 0.0) -> bool:
        """True if the boxes (each grown by ``pad`` px on every side) share any area."""
        return abs(self.x - other.x) * 2 < self.w + other.w + 2 * pad and abs(self.y - other.y) * 2 < self.h + other.h + 2 * pad

    def contains(self, x: float, y: float, pad: float = 0.0) -> bool:
        return abs(x - self.x) <= self.w / 2 + pad and abs(y - self.y) <= self.h / 2 + pad

    def edge_point(self, x: float, y: float) -> tuple[float, float]:
        """The point of the box's border nearest to (x, y), for the end of a leader line."""
        return min(max(x, self.x - self.w / 2), self.x + self.w / 2), min(max(y, self.y - self.h / 2), self.y + self.h / 2)


@dataclass(frozen=True)
class Item:
    """One label to place: ``anchor`` in px, box size, and the polygon (px) it should stay in."""

    key: str
    anchor: tuple[float, float]
    w: float
    h: float
    region: BaseGeometry | None = None


_RINGS: Final = (0, 5, 10, 15, 20, 26, 32, 40, 48, 58, 70, 84, 100, 120, 145, 175, 210, 250, 300)
_ANGLES: Final = tuple(k * math.pi / 8 for k in range(16))
_OFFSETS: Final = np.array([(r * math.cos(a), r * math.sin(a), r) for r in _RINGS for a in (_ANGLES if r else (0.0,))])
PAD: Final = 2.0  # px kept free between two boxes


def place(
    items: Iterable[Item], obstacles: Iterable[Box] = (), pad: float = PAD, frame: Box | None = None, *, optional: bool = False
) -> dict[str, Box]:
    """Greedy collision-free placement, in the order given.

    Each box goes to the free candidate position (rings of 16 directions around its anchor)
    with the lowest cost: the distance from the anchor, plus 60 px if the box's centre leaves
    its region. Within ``frame`` (if given) a box must fit wholly inside it. A box that finds
    no free place stays on its anchor, or is left out if the labels are ``optional`` (town
    names on a small static map).
    """
    placed: list[Box] = list(obstacles)
    out: dict[str, Box] = {}
    for it in items:
        ax, ay = it.anchor
        xs, ys = ax + _OFFSETS[:, 0], ay + _OFFSETS[:, 1]
        cost = _OFFSETS[:, 2].copy()
        if it.region is not None:  # one vectorised point-in-polygon test for all candidates
            cost += 60.0 * ~shapely.contains_xy(it.region, xs, ys)
        # Which candidates overlap a placed box: one (candidates x placed) comparison.
        if placed:
            px, py, pw, ph = (np.array([getattr(p, k) for p in placed]) for k in "xywh")
            hit = (np.abs(xs[:, None] - px) * 2 < it.w + pw + 2 * pad) & (np.abs(ys[:, None] - py) * 2 < it.h + ph + 2 * pad)
            cost[hit.any(axis=1)] = np.inf
        best: Box | None = None if optional else Box(ax, ay, it.w, it.h)
        for fr in (frame,) if optional else (frame, None):  # inside the frame if possible, else anywhere free
            ok = np.isfinite(cost)
            if fr is not None:
                ok &= (np.abs(xs - fr.x) * 2 <= fr.w - it.w) & (np.abs(ys - fr.y) * 2 <= fr.h - it.h)
            if ok.any():
                i = int(np.argmin(np.where(ok, cost, np.inf)))
                best = Box(float(xs[i]), float(ys[i]), it.w, it.h)
                break
        if best is not None:
            placed.append(best)
            out[it.key] = best
    return out


def overlapping(boxes: Mapping[str, Box]) -> list[tuple[str, str]]:
    """Pairs of keys whose boxes overlap (the test of a layout)."""
    keys = list(boxes)
    return [(a, b) for i, a in enumerate(keys) for b in keys[i + 1 :] if boxes[a].overlaps(boxes[b])]


# ---------------------------------------------------------------------------------------------
# Anchors


@dataclass(frozen=True)
class Anchors:
    """Anchor points (lon, lat) and polygons (lon/lat) of every place that carries a label."""

    points: dict[str, tuple[float, float]]
    regions: dict[str, BaseGeometry]
    towns: dict[str, tuple[float, float]]  # the zone's town, for the town-name labels


def _pole(geom: BaseGeometry) -> tuple[float, float]:
    """The point deepest inside ``geom`` (computed in a locally square projection)."""
    kx = math.cos(math.radians(49.2))
    poly = geom if isinstance(geom, Polygon) else max(getattr(geom, "geoms", [geom]), key=lambda g: g.area)
    squared = shapely.transform(poly, lambda c: c * np.array([kx, 1.0]))
    p = polylabel(squared, tolerance=0.0005)
    return round(p.x / kx, 5), round(p.y, 5)


@cache
def anchors() -> Anchors:
    """Anchors of the zones, beachheads, airborne boxes and the airfield (computed once)."""
    geo = map_geometry()
    points: dict[str, tuple[float, float]] = {}
    regions: dict[str, BaseGeometry] = {}
    for f in (*geo.land, *geo.airborne):
        g = shape(f["geometry"])
        points[f["properties"]["id"]] = _pole(g)
        regions[f["properties"]["id"]] = g
    airfield = shape(geo.airfield["geometry"])  # a long box: polylabel may pick any point of its mid-line
    points["airfield"] = (round(airfield.centroid.x, 5), round(airfield.centroid.y, 5))
    regions["airfield"] = airfield
    land_union = unary_union([shape(f["geometry"]) for f in geo.land])
    kx = math.cos(math.radians(49.2))
    for f in geo.beaches:
        # The badge goes 9 km out to sea, in the direction that is farthest from land.
        c = shape(f["geometry"]).centroid
        step = 9 / 111.0
        best = max(
            (Point(c.x + step * math.cos(a) / kx, c.y + step * math.sin(a)) for a in _ANGLES),
            key=land_union.distance,
        )
        points[f["properties"]["id"]] = (round(best.x, 5), round(best.y, 5))
        regions[f["properties"]["id"]] = shape(f["geometry"])
    towns = {f["properties"]["id"]: (f["properties"]["lon"], f["properties"]["lat"]) for f in geo.land}
    return Anchors(points, regions, towns)


@cache
def regions_px(zoom: float = ZOOM) -> dict[str, BaseGeometry]:
    """The polygons of :func:`anchors` in pixels at ``zoom`` (cached per zoom)."""
    return {k: _geom_px(g, zoom) for k, g in anchors().regions.items()}


def board_px(zoom: float = ZOOM, top: float = 24.0) -> Box:
    """The board's frame (the bbox of zones.geojson) as a pixel box at ``zoom``, ``top`` px taller
    at the top (the live map shows a margin there, where the off-map airfield's badges may go)."""
    west, south, east, north = map_geometry().bounds
    x0, y0 = to_px(west, north, zoom)
    x1, y1 = to_px(east, south, zoom)
    y0 -= top
    return Box((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0)
