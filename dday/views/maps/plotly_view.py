""":func:`plotly_map`: a static plotly figure of a position that exports to PNG (:func:`export_png`)
with kaleido and a system chromium. Offline it needs the topojson stub
:data:`~dday.views.maps.geodata.EMPTY_TOPO`: ``fig.show(config=show_config())``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any, Final

import plotly.graph_objects as go
import plotly.io as pio

from ...rules.board import Board
from ...rules.state import State
from ...rules.units import POWERS
from .geodata import (
    AIRFIELD_COLOR,
    ATTRIBUTION,
    BORDER_COLOR,
    BORDER_NOTE,
    CONTROL_COLORS,
    CONTROL_LABELS,
    EMPTY_TOPO,
    POWER_COLORS,
    POWER_SHORT,
    SEA_COLOR,
    map_geometry,
    plotly_geojson,
)
from .labels import Badge, badge_texts, describe, title, zone_control
from .layout import Box, Item, anchors, board_px, from_px, place, regions_px, text_width, to_px

# ---------------------------------------------------------------------------------------------
# plotly view

_CODES: Final[dict[str, int]] = {"axis": 0, "allies": 1, "contested": 2, "empty": 3}
_MARGIN: Final[dict[str, int]] = {"l": 10, "r": 10, "t": 50, "b": 95}


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


def _label_lines(place: str, caption: str, badges: Sequence[Badge]) -> list[str]:
    lines = [_plotly_line(b) for b in badges]
    if caption:
        lines.insert(0, f"<span style='font-size:0.8em;color:#222'>{escape(caption)}</span>")
    return lines


def _text_size(caption: str, badges: Sequence[Badge], font_size: float) -> tuple[float, float]:
    """Estimated (width, height) in px of a plotly text label (caption at 0.8 em, one line per badge)."""
    widths = [text_width(caption, 0.8 * font_size)] if caption else []
    widths += [text_width("■ " + b.label, font_size) for b in badges]
    n = len(widths)
    return (max(widths) + 2, n * font_size * 1.3 + 2) if n else (0.0, 0.0)


def plot_zoom(width: float, height: float, margin: Mapping[str, float]) -> float:
    """The Web-Mercator zoom at which the board fills a plot area of that figure size."""
    frame = board_px(0, top=0)
    aw, ah = width - margin["l"] - margin["r"], height - margin["t"] - margin["b"]
    return math.log2(min(aw / frame.w, ah / frame.h))


def short_caption(board: Board, place: str) -> str:
    """Caption of a box badge: the beach name, '82nd Abn' for an airborne box, 'Airfield'."""
    if place.startswith("airborne-"):
        division = board.airborne_boxes[int(place.split("-")[1])].division
        return division.replace("British ", "").replace("US ", "").replace("Airborne", "Abn")
    return "Airfield" if place == "airfield" else place


def show_config() -> dict[str, Any]:
    """The plotly config for offline display: ``fig.show(config=show_config())``."""
    return {"topojsonURL": EMPTY_TOPO}


def frame_board(fig: go.Figure) -> None:
    """Mercator view of exactly the board's frame, no basemap (offline; see geo/README.md, 'Rendering notes').

    Explicit ranges (the frame of zones.geojson) fill the plot; ``fitbounds="locations"`` left a wide margin.
    """
    west, south, east, north = map_geometry().bounds
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
    geo = map_geometry()
    return go.Choropleth(
        geojson=plotly_geojson("sea"),
        featureidkey="properties.id",
        locations=[f["properties"]["id"] for f in geo.seas],
        z=[0] * len(geo.seas),
        colorscale=[[0, SEA_COLOR], [1, SEA_COLOR]],
        showscale=False,
        marker_line_width=0,
        hoverinfo="skip",
        name="sea",
    )


def plotly_map(
    state: State,
    *,
    show_ids: bool = True,
    font_size: int | None = None,
    width: int | None = None,
    height: int = 720,
    towns: bool | None = None,
) -> go.Figure:
    """A static map of ``state``: zones coloured by control, unit labels, cities and beaches.

    ``width=None`` fills the notebook's width (labels are placed for 1000 px); the font is 12 px
    up to 900 px of height, 17 px above. ``towns`` names every zone's town where it fits clear
    of the badges (default: on when the board is drawn at least 1.5 times the notebook size, as
    in :func:`export_png`'s 1600 x 1200). Display offline with ``fig.show(config=show_config())``;
    export with :func:`export_png`.
    """
    font_size = font_size or (12 if height < 900 else 17)
    geo = map_geometry()
    board = state.board
    badges = badge_texts(state)
    land_gj = plotly_geojson("land")
    zone_ids = list(board.zone_ids)
    ctl = [zone_control(state, z) for z in zone_ids]
    hover = [describe(state, z).replace("<table", "<br><table") for z in zone_ids]
    hover = [_html_to_plotly(h) for h in hover]
    fig = go.Figure()
    fig.add_trace(sea_trace())
    fig.add_trace(
        go.Choropleth(
            geojson=plotly_geojson("airfield"),
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
            geojson=plotly_geojson("beach"),
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
                geojson=plotly_geojson("airborne"),
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

    fs = font_size
    text_font = {
        "size": fs,
        "color": "#111",
        "family": "DejaVu Sans, Arial, sans-serif",
        "shadow": "1px 1px 2px white, -1px -1px 2px white, 1px -1px 2px white, -1px 1px 2px white",
    }
    # Where the labels go: the same collision-free placement as the live map, at the zoom at
    # which the board fills this figure (see layout.py).
    zoom = plot_zoom(width or 1000, height, _MARGIN)
    anch = anchors()
    regions = regions_px(round(zoom, 3))
    cities = sorted(geo.cities, key=lambda f: board.zone_index(f["properties"]["zone"]))
    star = fs + 6
    city_boxes = {}
    for f in cities:
        lon, lat = f["geometry"]["coordinates"]
        x, y = to_px(lon, lat, zoom)
        w = star + 4 + text_width(f["properties"]["name"], fs)
        city_boxes[f"city:{f['properties']['zone']}"] = Box(x + w / 2 - star / 2, y, w, star + 2)
    dropped_ids = [f"airborne-{a.index}" for a in board.airborne_boxes if badges[f"airborne-{a.index}"]]
    beaches = [b.name for b in board.beachheads]
    caps = {z: z for z in zone_ids} if show_ids else {}
    caps.update({p: short_caption(board, p) for p in [*beaches, *dropped_ids, "airfield"]})
    places = [*dropped_ids, *sorted(zone_ids, key=lambda z: regions[z].area), *beaches, "airfield"]
    places = [p for p in places if badges[p] or caps.get(p)]
    items = [
        Item(p, to_px(*anch.points[p], zoom), *_text_size(caps.get(p, ""), badges[p], fs), region=None if p in beaches else regions[p])
        for p in places
    ]
    boxes = place(items, city_boxes.values(), frame=board_px(zoom, top=0))
    lons: list[float] = []
    lats: list[float] = []
    texts: list[str] = []
    lead_lon: list[float | None] = []
    lead_lat: list[float | None] = []
    for p in places:
        b = boxes[p]
        lon, lat = from_px(b.x, b.y, zoom)
        lons.append(lon)
        lats.append(lat)
        texts.append("<br>".join(_label_lines(p, caps.get(p, ""), badges[p])))
        ax, ay = to_px(*anch.points[p], zoom)
        if p not in beaches and not b.contains(ax, ay, pad=4):
            for x, y in ((ax, ay), b.edge_point(ax, ay)):
                lo, la = from_px(x, y, zoom)
                lead_lon.append(lo)
                lead_lat.append(la)
            lead_lon.append(None)
            lead_lat.append(None)
    fig.add_trace(
        go.Scattergeo(
            lon=lead_lon, lat=lead_lat, mode="lines", line={"width": 1, "color": "#222"}, hoverinfo="skip", name="leaders", showlegend=False
        )
    )
    fig.add_trace(
        go.Scattergeo(lon=lons, lat=lats, text=texts, mode="text", textfont=text_font, hoverinfo="skip", name="units", showlegend=False)
    )
    if towns if towns is not None else zoom >= 9.6:  # big enough (an export): every zone's town, where it fits
        tf = fs - 3
        town_items = [
            Item(z.id, to_px(*anch.towns[z.id], zoom), text_width(z.name, tf) + 2, tf * 1.3, region=regions[z.id])
            for z in board.zones
            if not z.victory_city
        ]
        placed_towns = place(town_items, [*city_boxes.values(), *boxes.values()], frame=board_px(zoom, top=0), optional=True)
        town_ll = [from_px(b.x, b.y, zoom) for b in placed_towns.values()]
        fig.add_trace(
            go.Scattergeo(
                lon=[ll[0] for ll in town_ll],
                lat=[ll[1] for ll in town_ll],
                text=[f"<i>{escape(board.zone(z).name)}</i>" for z in placed_towns],
                mode="text",
                textfont={**text_font, "size": tf, "color": "#333"},
                hoverinfo="skip",
                name="towns",
                showlegend=False,
            )
        )
    # Victory cities: a star in the controller's colour and the city's name, always shown.
    city_zones = [f["properties"]["zone"] for f in cities]
    fig.add_trace(
        go.Scattergeo(
            lon=[f["geometry"]["coordinates"][0] for f in cities],
            lat=[f["geometry"]["coordinates"][1] for f in cities],
            text=[f"<b>{escape(f['properties']['name'])}</b>" for f in cities],
            mode="markers+text",
            textposition="middle right",
            textfont=text_font,
            marker={
                "symbol": "star",
                "size": star,
                "color": [CONTROL_COLORS[zone_control(state, z)] for z in city_zones],
                "line": {"width": 1.5, "color": "#000"},
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
        margin=_MARGIN,
        height=height,
        width=width,
        autosize=width is None,
        paper_bgcolor="white",
        legend={"orientation": "h", "x": 0.5, "xanchor": "center", "y": -0.005, "yanchor": "top", "font": {"size": font_size - 1}},
        annotations=[
            {
                "text": escape("3i 1a 1t 2b = infantry, artillery, tanks, blockhouses; ✈ 2F 1B = fighters, bombers. " + BORDER_NOTE)
                + "<br>"
                + escape(ATTRIBUTION),
                "xref": "paper",
                "yref": "paper",
                "x": 0.5,
                "y": 0,
                "yanchor": "bottom",
                "yshift": -_MARGIN["b"] + 4,
                "showarrow": False,
                "font": {"size": max(10, font_size - 3), "color": "#555"},
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
    fig = plotly_map(state, width=width, height=height)
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
