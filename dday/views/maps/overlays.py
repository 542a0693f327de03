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
from collections.abc import Mapping, Sequence

from shapely.geometry import Point
from shapely.ops import nearest_points

from ...rules.state import State
from ...rules.steps import DeclareMovesStep, MovedUnit
from .layout import Box, anchors, from_px, to_px


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


def _line_latlon(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [latlon(x, y) for x, y in points]


def arc_lines(state: State) -> list[list[tuple[float, float]]]:
    """(lat, lon) polylines of every firing arc: an arrow from the zone to each beachhead it covers (R-BH-3).

    Each arrow ends at the point of the beach nearest its zone, not at the beach's middle: four
    arcs end at Utah (from F4, F7, F11 and F14), and their heads met in one tangle under F11's
    badge (issue 31.7); now the northern ones end at its north end and F14's at its south end.

    >>> from dday.rules.setup import initial_state
    >>> lines = arc_lines(initial_state())
    >>> len(lines) == 2 * sum(len(z.fires_at) for z in initial_state().board.zones)   # a shaft and a head each
    True
    """
    anch = anchors()
    out = []
    for z in state.board.zones:
        start = anch.points[z.id]
        for name in z.fires_at:
            _, end = nearest_points(Point(*start), anch.regions[name])
            for line in arrow_px([to_px(*start), to_px(end.x, end.y)]):
                out.append(_line_latlon(line))
    return out


def declared_moves(state: State) -> tuple[MovedUnit, ...]:
    """The moves declared so far on the current movement step (orders 8 and 12), else none."""
    return state.step.moves if isinstance(state.step, DeclareMovesStep) else ()


def _clip(outside: tuple[float, float], inside: tuple[float, float], box: Box, gap: float = 3.0) -> tuple[float, float]:
    """The point where the segment from ``outside`` to ``inside`` meets ``box`` (``gap`` px short of it)."""
    lo, hi = 0.0, 1.0
    for _ in range(24):  # bisection: the segment crosses the border once
        mid = (lo + hi) / 2
        x, y = outside[0] + (inside[0] - outside[0]) * mid, outside[1] + (inside[1] - outside[1]) * mid
        lo, hi = (lo, mid) if box.contains(x, y, pad=gap) else (mid, hi)
    return outside[0] + (inside[0] - outside[0]) * lo, outside[1] + (inside[1] - outside[1]) * lo


def move_arrow(path: Sequence[str], boxes: Mapping[str, Box] | None = None) -> list[list[tuple[float, float]]]:
    """(lat, lon) polylines of an arrow through the anchors of ``path``'s zones; with the badge
    ``boxes`` (px at the default zoom) the arrow starts and ends at the badges' edges, so that
    its head is never hidden under the destination's badge."""
    anch = anchors()
    pts = [to_px(*anch.points[z]) for z in path if z in anch.points]
    if boxes and len(pts) >= 2:
        start, end = boxes.get(path[0]), boxes.get(path[-1])
        if start is not None and start.contains(*pts[0]) and not start.contains(*pts[1]):
            pts[0] = _clip(pts[1], pts[0], start)
        if end is not None and end.contains(*pts[-1]) and not end.contains(*pts[-2]):
            pts[-1] = _clip(pts[-2], pts[-1], end)
    return [_line_latlon(line) for line in arrow_px(pts, trim=2.0 if boxes else 6.0)]
