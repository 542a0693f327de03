"""What the map draws over the zones: arrows for the firing arcs and the declared moves, in (lat, lon).

Arrows are built in Web-Mercator pixels at the default zoom (see :mod:`.layout`) so that the
heads keep their shape, then turned back into (lat, lon) for ipyleaflet.

>>> shaft, head = arrow_px([(0.0, 0.0), (100.0, 0.0)])
>>> shaft[0], shaft[-1]
((6.0, 0.0), (94.0, 0.0))
>>> len(head)
3
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...rules.state import State
from ...rules.steps import DeclareMovesStep, MovedUnit
from .layout import anchors, from_px, to_px


def arrow_px(points: Sequence[tuple[float, float]], head: float = 12.0, trim: float = 6.0) -> list[list[tuple[float, float]]]:
    """Pixel polylines of an arrow along ``points``: the shaft (ends trimmed) and a two-stroke head."""
    if len(points) < 2:
        return []
    pts = list(points)
    (x0, y0), (x1, y1) = pts[0], pts[1]
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    pts[0] = (x0 + (x1 - x0) * trim / d, y0 + (y1 - y0) * trim / d)
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    tip = (x1 - (x1 - x0) * trim / d, y1 - (y1 - y0) * trim / d)
    pts[-1] = tip
    ang = math.atan2(tip[1] - y0, tip[0] - x0)
    wings = [(tip[0] - head * math.cos(ang + s), tip[1] - head * math.sin(ang + s)) for s in (0.45, -0.45)]
    return [pts, [wings[0], tip, wings[1]]]


def latlon(x: float, y: float) -> tuple[float, float]:
    lon, lat = from_px(x, y)
    return round(lat, 5), round(lon, 5)


def _linelatlon(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [latlon(x, y) for x, y in points]


def arc_lines(state: State) -> list[list[tuple[float, float]]]:
    """(lat, lon) polylines of every firing arc: an arrow from the zone to its beachhead (R-BH-3)."""
    anch = anchors()
    out = []
    for z in state.board.zones:
        if z.fires_at:
            beach = anch.regions[z.fires_at].centroid
            for line in arrow_px([to_px(*anch.points[z.id]), to_px(beach.x, beach.y)]):
                out.append(_linelatlon(line))
    return out


def declared_moves(state: State) -> tuple[MovedUnit, ...]:
    """The moves declared so far on the current movement step (orders 8 and 12), else none."""
    return state.step.moves if isinstance(state.step, DeclareMovesStep) else ()


def move_arrow(path: Sequence[str]) -> list[list[tuple[float, float]]]:
    """(lat, lon) polylines of an arrow through the anchors of ``path``'s zones."""
    anch = anchors()
    return [_linelatlon(line) for line in arrow_px([to_px(*anch.points[z]) for z in path if z in anch.points])]
