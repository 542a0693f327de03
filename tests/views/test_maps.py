"""The map views (issue 4): packaged map data, the ipyleaflet view, the plotly figure, PNG export.

Everything here runs without a browser or network except the PNG test, which needs a
system chromium (kaleido finds it on PATH).
"""

from __future__ import annotations

import io
import itertools
import json
import shutil
from dataclasses import replace
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

import ipyleaflet
import plotly.graph_objects as go
import pytest

from dday.bots.greedy import GreedyBot
from dday.errors import BoardDataError
from dday.play.game import play_game
from dday.rules.board import load_board
from dday.rules.engine import apply
from dday.rules.scenario import position
from dday.rules.setup import initial_state
from dday.rules.state import State
from dday.rules.units import POWERS
from dday.views.maps import layout, leaflet_view
from dday.views.maps.geodata import CONTROL_COLORS, EMPTY_TOPO, SEA_COLOR, load_zones
from dday.views.maps.labels import Badge, acting, title, zone_control
from dday.views.maps.leaflet_view import LeafletView
from dday.views.maps.plotly_view import export_png, plotly_map, show_config

ROOT = Path(__file__).resolve().parents[2]
BOARD = load_board()


@pytest.fixture(scope="module")
def start() -> State:
    return initial_state()


@pytest.fixture(scope="module")
def midgame() -> State:
    """Half-way through a GreedyBot game: Allied zones, beachheads and air units in play."""
    g = play_game(GreedyBot(), GreedyBot(), seed=5)
    s = initial_state()
    for x in g.record[: len(g.record) // 2]:
        s = apply(s, x)
    return s


def expected_badges(s: State) -> int:
    """Badges the views must show, counted from the state itself."""

    def air_powers(a: Any) -> int:
        return int(a.uk_fighter + a.uk_bomber > 0) + int(a.us_fighter + a.us_bomber > 0)

    n = 0
    for z in s.board.zones:
        n += sum(1 for p in POWERS if s.units(z.id, p).total)
        n += air_powers(s.air_in(z.id))
    n += sum(1 for bh in s.board.beachheads if s.beach_units(bh.name).total)
    n += sum(1 for f in s.airborne if f.total)
    n += air_powers(s.airfield)
    return n


# ---------------------------------------------------------------------------------------------
# The map data


def test_packaged_copy_is_identical_to_geo() -> None:
    """A rebuild of geo/zones.geojson must be copied to dday/data (cp geo/zones.geojson dday/data/)."""
    packaged = resources.files("dday").joinpath("data/zones.geojson")
    assert packaged.is_file(), "dday/data/zones.geojson is missing: the installed package could not draw maps"
    source = ROOT / "geo" / "zones.geojson"
    if not source.is_file():
        pytest.skip("no geo/ folder (not a source checkout)")
    assert packaged.read_bytes() == source.read_bytes(), "dday/data/zones.geojson is stale: cp geo/zones.geojson dday/data/"


def test_load_zones_matches_board() -> None:
    data = load_zones()
    land = [f["properties"]["id"] for f in data["features"] if f["properties"]["kind"] == "land"]
    assert sorted(land) == sorted(BOARD.zone_ids)


def _write(tmp_path: Path, data: Any) -> Path:
    p = tmp_path / "zones.geojson"
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return p


def _good() -> dict[str, Any]:
    return json.loads((ROOT / "dday" / "data" / "zones.geojson").read_text(encoding="utf-8"))


def test_corrupted_not_json(tmp_path: Path) -> None:
    with pytest.raises(BoardDataError, match="not GeoJSON"):
        load_zones(_write(tmp_path, '{"type": "FeatureCollection", "features": [ '))


def test_corrupted_not_feature_collection(tmp_path: Path) -> None:
    with pytest.raises(BoardDataError, match="FeatureCollection") as err:
        load_zones(_write(tmp_path, {"type": "Topology", "objects": {}}))
    assert isinstance(err.value, ValueError)


def test_corrupted_land_ids(tmp_path: Path) -> None:
    data = _good()
    land = [f for f in data["features"] if f["properties"]["kind"] == "land"]
    data["features"].remove(land[-1])
    land[0]["properties"]["id"] = "F99"
    with pytest.raises(BoardDataError, match=r"missing \['F1', 'F42'\], extra \['F99'\]"):
        load_zones(_write(tmp_path, data))


def test_corrupted_feature_without_kind(tmp_path: Path) -> None:
    data = _good()
    del data["features"][3]["properties"]["kind"]
    with pytest.raises(BoardDataError, match="lacks 'kind'"):
        load_zones(_write(tmp_path, data))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BoardDataError, match="cannot read"):
        load_zones(tmp_path / "nope.geojson")


# ---------------------------------------------------------------------------------------------
# What is shown


def test_control_categories() -> None:
    s = position(card=11, zones={"F30": {"UK": "2i"}, "F26": {"Germany": "1i", "US": "2i"}, "F2": {"Germany": "1b"}})
    assert [zone_control(s, z) for z in ("F30", "F26", "F2", "F9")] == ["allies", "contested", "axis", "empty"]


def test_title(start: State) -> None:
    assert title(start) == "Turn 1, order 1 — Airborne Assault"
    assert title(replace(start, turn=3, card=11)) == "Turn 3, order 11 — Allies Attack"
    assert title(replace(start, turn=10, card=13, winner="axis")).endswith("— Axis win")


# ---------------------------------------------------------------------------------------------
# ipyleaflet


def _fill(view: LeafletView, zone: str) -> str:
    return str(view.zone_layers[zone].data["properties"]["style"]["fillColor"])


@pytest.mark.parametrize("which", ["start", "midgame"])
def test_leaflet_builds(which: str, request: pytest.FixtureRequest) -> None:
    s: State = request.getfixturevalue(which)
    v = LeafletView(s)
    assert isinstance(v.map, ipyleaflet.Map)
    assert len(v.zone_layers) == len(BOARD.zones)
    assert all(layer in v.map.layers for layer in v.zone_layers.values())
    assert {layer.data["properties"]["id"] for layer in v.zone_layers.values()} == set(BOARD.zone_ids)
    assert v.badge_count() == expected_badges(s) > 0
    assert set(v.city_markers) == set(BOARD.victory_zones)
    row = v.widget.children[0]  # the map and its side column; the map in words under them
    assert v.map in row.children and v.info in row.children[1].children and v.words.table in v.widget.children
    for z in BOARD.zone_ids:
        assert _fill(v, z) == CONTROL_COLORS[zone_control(s, z)]


def test_leaflet_offline_by_default(start: State) -> None:
    v = LeafletView(start)
    assert not any(isinstance(layer, ipyleaflet.TileLayer) for layer in v.map.layers)
    assert "http" not in v.legend.value
    online = LeafletView(start, basemap=True)
    assert sum(isinstance(layer, ipyleaflet.TileLayer) for layer in online.map.layers) == 1


def test_leaflet_colours(start: State) -> None:
    v = LeafletView(start)
    assert _fill(v, "F30") == CONTROL_COLORS["axis"]
    allied = LeafletView(position(card=11, zones={"F30": {"UK": "2i"}}))
    assert _fill(allied, "F30") == CONTROL_COLORS["allies"]
    assert CONTROL_COLORS["allies"] in allied.city_markers["F30"].icon.html
    contested = LeafletView(position(card=11, zones={"F30": {"Germany": "1i", "UK": "2i"}}))
    style = contested.zone_layers["F30"].data["properties"]["style"]
    assert style["fillColor"] == CONTROL_COLORS["contested"] and style["dashArray"]
    assert _fill(contested, "F9") == CONTROL_COLORS["empty"]


def test_leaflet_update_in_place(start: State, midgame: State) -> None:
    v = LeafletView(start)
    the_map, layers, zone_layers = v.map, list(v.map.layers), dict(v.zone_layers)
    markers = dict(v.markers)
    icons = {k: m.icon for k, m in markers.items()}
    html_before = {k: m.icon.html for k, m in markers.items()}
    fill_before = {z: _fill(v, z) for z in BOARD.zone_ids}
    v.update(midgame)
    assert v.map is the_map and list(v.map.layers) == layers
    assert all(v.zone_layers[z] is zone_layers[z] for z in BOARD.zone_ids)
    assert all(v.markers[k] is markers[k] and markers[k].icon is icons[k] for k in markers)
    changed_zones = [z for z in BOARD.zone_ids if zone_control(start, z) != zone_control(midgame, z)]
    assert changed_zones
    for z in changed_zones:
        assert _fill(v, z) != fill_before[z] == CONTROL_COLORS[zone_control(start, z)]
    assert v.markers["F14"].icon.html != html_before["F14"]
    assert v.badge_count() == expected_badges(midgame)
    # The updated view shows what a fresh one would.
    fresh = LeafletView(midgame)
    assert all(_fill(v, z) == _fill(fresh, z) for z in BOARD.zone_ids)
    assert {k: m.icon.html for k, m in v.markers.items()} == {k: m.icon.html for k, m in fresh.markers.items()}
    assert {k: m.visible for k, m in v.markers.items()} == {k: m.visible for k, m in fresh.markers.items()}
    assert {k: m.icon.html for k, m in v.city_markers.items()} == {k: m.icon.html for k, m in fresh.city_markers.items()}
    assert v.title.value == fresh.title.value


def test_leaflet_hover_and_click(start: State, midgame: State) -> None:
    v = LeafletView(start)
    v.on_feature(event="mouseover", feature={"type": "Feature", "properties": {"id": "F14", "kind": "land"}})
    assert "F14" in v.info.value and "4 infantry, 3 artillery, 2 blockhouses" in v.info.value
    v.on_feature(event="click", feature={"properties": {"id": "Omaha", "kind": "beach"}})
    assert "Omaha" in v.info.value and "6 infantry, 2 artillery" in v.info.value
    v.on_feature(event="mouseover", feature={"properties": {"id": "airfield"}})
    assert "4 fighters waiting" in v.info.value
    v.on_feature(event="mouseover", feature=None)  # ignored
    patrolled = [(z.id, a) for z, a in zip(BOARD.zones, midgame.air, strict=True) if a.fighters]
    assert patrolled, "the mid-game fixture should have fighters on patrol"
    zone, air = patrolled[0]
    v.show(zone)
    v.update(midgame)  # the panel follows the selected zone
    assert zone in v.info.value
    for n in (air.uk_fighter, air.us_fighter):
        if n:
            assert f"{n} fighter{'s' if n > 1 else ''} on patrol" in v.info.value


# ---------------------------------------------------------------------------------------------
# plotly


def _signed_area(ring: list[list[float]]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in itertools.pairwise(ring)) / 2


def _exterior_rings(geom: dict[str, Any]) -> list[list[list[float]]]:
    if geom["type"] == "Polygon":
        return [geom["coordinates"][0]]
    return [poly[0] for poly in geom["coordinates"]]


def _plotly_badges(fig: go.Figure) -> int:
    texts = [t for tr in fig.data if isinstance(tr, go.Scattergeo) and tr.text is not None for t in tr.text]
    return sum(t.count("■") + t.count("▣") for t in texts)


@pytest.mark.parametrize("which", ["start", "midgame"])
def test_plotly_builds(which: str, request: pytest.FixtureRequest) -> None:
    s: State = request.getfixturevalue(which)
    fig = plotly_map(s)
    zones = next(tr for tr in fig.data if tr.name == "zones")
    assert isinstance(zones, go.Choropleth)
    assert list(zones.locations) == list(BOARD.zone_ids)
    assert len(zones.geojson["features"]) == len(BOARD.zones)
    codes = {c: i for i, c in enumerate(CONTROL_COLORS)}
    assert list(zones.z) == [codes[zone_control(s, z)] for z in BOARD.zone_ids]
    assert any(tr.name == "sea" for tr in fig.data)
    assert _plotly_badges(fig) == expected_badges(s) > 0
    assert fig.layout.geo.projection.type == "mercator" and fig.layout.geo.visible is False
    assert title(s) in fig.layout.title.text.replace("&amp;", "&")


def test_plotly_colours() -> None:
    s = position(card=11, zones={"F30": {"UK": "2i"}, "F26": {"Germany": "1i", "US": "2i"}})
    fig = plotly_map(s)
    zones = next(tr for tr in fig.data if tr.name == "zones")
    z = dict(zip(zones.locations, zones.z, strict=True))
    assert z["F30"] == 1 and z["F26"] == 2 and z["F2"] == 3
    assert CONTROL_COLORS["allies"] in {c for _, c in zones.colorscale}
    stars = next(tr for tr in fig.data if tr.name == "victory cities")
    by_zone = dict(zip([t.split("</b>")[0].removeprefix("<b>") for t in stars.text], stars.marker.color, strict=True))
    assert by_zone["Caen"] == CONTROL_COLORS["allies"] and by_zone["St. Lô"] == CONTROL_COLORS["contested"]


def test_plotly_rings_are_clockwise(midgame: State) -> None:
    fig = plotly_map(midgame)
    rings = [r for tr in fig.data if isinstance(tr, go.Choropleth) for f in tr.geojson["features"] for r in _exterior_rings(f["geometry"])]
    assert len(rings) >= len(BOARD.zones)
    assert all(_signed_area(r) < 0 for r in rings)
    # ...while the shipped file stays RFC 7946 (counter-clockwise)
    land = [f for f in load_zones()["features"] if f["properties"]["kind"] == "land"]
    assert all(_signed_area(r) > 0 for f in land for r in _exterior_rings(f["geometry"]))


def test_plotly_has_no_network_url(start: State) -> None:
    fig = plotly_map(start)
    text = json.dumps(fig.to_plotly_json())
    assert "http" not in text and "//cdn" not in text
    assert show_config() == {"topojsonURL": EMPTY_TOPO}
    assert EMPTY_TOPO.startswith("data:application/json,") and EMPTY_TOPO.endswith("#")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("chromium") is None, reason="kaleido needs a system chromium")
def test_png_export_is_not_blank(start: State, tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image")
    path = export_png(start, tmp_path / "start.png", width=800, height=600)
    img = image.open(io.BytesIO(path.read_bytes())).convert("RGB")
    assert img.size == (800, 600)
    colours = {c: n for n, c in img.getcolors(maxcolors=1 << 20)}
    assert len(colours) > 50
    sea = tuple(int(SEA_COLOR[i : i + 2], 16) for i in (1, 3, 5))
    assert colours.get(sea, 0) > 0.1 * 800 * 600, "the sea is missing: did the geo traces render?"
    assert sum(n for c, n in colours.items() if sum(c) < 150) > 500, "no dark pixels: no borders or labels"


# ---------------------------------------------------------------------------------------------
# Legibility (issue 17): anchors, collision-free badges, town names, what is acting


def _moving_state() -> State:
    """A state on a movement order with at least two declared moves (from a GreedyBot game)."""
    from dday.rules.steps import DeclareMovesStep

    g = play_game(GreedyBot(), GreedyBot(), seed=5)
    s = initial_state()
    for x in g.record:
        s = apply(s, x)
        if isinstance(s.step, DeclareMovesStep) and len(s.step.moves) >= 2:
            return s
    raise AssertionError("no declared moves in the game")


def test_anchors_lie_inside_their_polygons() -> None:
    from shapely.geometry import Point

    a = layout.anchors()
    for place, (lon, lat) in a.points.items():
        if place in {b.name for b in BOARD.beachheads}:
            assert not any(a.regions[z].contains(Point(lon, lat)) for z in BOARD.zone_ids), f"{place}'s badge anchor is on land"
        else:
            assert a.regions[place].contains(Point(lon, lat)), f"{place}: anchor {lon, lat} outside its polygon"


@pytest.mark.parametrize("which", ["start", "midgame", "moving"])
def test_no_two_badges_overlap_at_the_default_zoom(which: str, request: pytest.FixtureRequest) -> None:
    s: State = _moving_state() if which == "moving" else request.getfixturevalue(which)
    v = LeafletView(s)
    shown = {k: b for k, b in v.boxes.items() if k.startswith("city:") or v.markers[k].visible}
    assert len(shown) >= len(BOARD.zones)
    assert layout.overlapping(shown) == []
    # the marker sits where its box was placed, and an airborne badge on its own drop zone's zone
    for k, m in v.markers.items():
        if not m.visible:
            continue
        lon, lat = layout.from_px(v.boxes[k].x, v.boxes[k].y)
        assert m.location == pytest.approx((lat, lon), abs=1e-4)
    for i, box in enumerate(BOARD.airborne_boxes):
        if f"airborne-{i}" in shown:
            b = shown[f"airborne-{i}"]
            assert layout.regions_px()[box.zone].contains(layout.Point(b.x, b.y)), f"airborne-{i} badge is not over {box.zone}"


def test_badge_size_estimate_covers_the_text() -> None:
    """The estimate must not be smaller than DejaVu Sans Bold draws (checked in the browser test too)."""
    assert layout.text_width("G 1i 1t 1b", 13) >= 71.3  # the advance widths of DejaVu Sans Bold at 13 px
    w, h = leaflet_view.marker_size("F14", [Badge("Germany", "4i 3a 2b")])
    assert w > layout.text_width("G 4i 3a 2b", 13) and h > 2 * 13


def test_place_moves_boxes_apart() -> None:
    items = [layout.Item(str(i), (100.0, 100.0), 60, 20) for i in range(6)]
    boxes = layout.place(items)
    assert layout.overlapping(boxes) == [] and boxes["0"] == layout.Box(100, 100, 60, 20)
    assert layout.overlapping({"a": layout.Box(0, 0, 10, 10), "b": layout.Box(5, 5, 10, 10)}) == [("a", "b")]


def test_town_names_and_victory_cities(start: State) -> None:
    v = LeafletView(start)
    assert v.town_layer not in v.map.layers and not v.town_markers  # default zoom: badges only
    for zid, city in (("F2", "Cherbourg"), ("F26", "St. Lô"), ("F30", "Caen")):
        assert city in v.city_markers[zid].icon.html  # always shown
    v.map.zoom = leaflet_view.TOWN_ZOOM
    assert v.town_layer in v.map.layers
    for z in BOARD.zones:
        if not z.victory_city:
            assert escape(z.name) in v.town_markers[z.id].icon.html
    assert len(v.town_layer.layers) == len(BOARD.zones) - 3
    towns = {k: b for k, b in v.town_boxes.items()}
    assert layout.overlapping(towns) == []
    v.map.zoom = 9
    assert v.town_layer not in v.map.layers


def test_legend_folds(start: State) -> None:
    v = LeafletView(start)
    assert v.legend.layout.display == "none"
    v.legend_toggle.value = True
    assert v.legend.layout.display != "none" and "victory city" in v.legend.value
    v.legend_toggle.value = False
    assert v.legend.layout.display == "none"


def test_hover_and_click_on_badges_and_labels(start: State) -> None:
    v = LeafletView(start)
    v.markers["F14"]._mouseover_callbacks(type="mouseover")
    assert "F14" in v.info.value and "4 infantry" in v.info.value
    v.markers["Juno"]._click_callbacks(type="click")
    assert "Juno beachhead" in v.info.value
    v.city_markers["F30"]._mouseover_callbacks(type="mouseover")
    assert "F30 Caen" in v.info.value
    v.map.zoom = leaflet_view.TOWN_ZOOM
    v.town_markers["F15"]._click_callbacks(type="click")
    assert "F15 Bayeux" in v.info.value


def test_highlight_arcs_and_moves(start: State) -> None:
    v = LeafletView(start)
    # by default the view follows the state: order 1 starts with the first airborne box's dice
    assert acting(start) == (("airborne-0", "F11"), "combat")
    assert [f["properties"]["id"] for f in v.highlight_layer.data["features"]] == ["airborne-0", "F11"]
    assert not v.arcs_shown
    v.highlight(["F15", "Gold"], "fire")
    feats = v.highlight_layer.data["features"]
    assert [f["properties"]["id"] for f in feats] == ["F15", "Gold"]
    assert {f["properties"]["style"]["color"] for f in feats} == {leaflet_view.HIGHLIGHT_COLORS["fire"]}
    with pytest.raises(ValueError, match="not a zone"):
        v.highlight("F99")
    with pytest.raises(ValueError, match="kind"):
        v.highlight("F15", "glow")
    v.update(replace(start, card=2))  # an explicit highlight stays until follow_state()
    assert list(v.highlighted) == ["F15", "Gold"]
    v.highlight()
    assert v.highlight_layer.data["features"] == []
    v.follow_state()
    assert list(v.highlighted) == ["airborne-0", "F11"]
    v.show_arcs(True)
    arrows = sum(len(z.fires_at) for z in BOARD.zones)  # one per beach an arc covers: F14 and F16 cover two
    assert arrows == 10
    assert v.arcs_shown and len(v.arc_layer.locations) == 2 * arrows  # shaft and head per arrow
    v.show_arcs(False)
    assert not v.arcs_shown
    nine = LeafletView(replace(start, card=9))
    assert nine.arcs_shown  # order 9 shows them by default
    moving = _moving_state()
    v.show_arcs(None)
    v.update(moving)
    last = moving.step.moves[-1].path  # type: ignore[attr-defined]
    assert v.highlighted == dict.fromkeys(dict.fromkeys((last[0], last[-1])), "move")
    drawn = sum(len(layer.locations) for layer in v.move_layers.values())
    assert drawn == 2 * len(moving.step.moves) > 0  # type: ignore[attr-defined]
    v.update(start)
    assert all(layer.locations == [] for layer in v.move_layers.values())


def test_plotly_labels_do_not_overlap_and_fill_the_width(midgame: State) -> None:
    fig = plotly_map(midgame)
    assert fig.layout.autosize and fig.layout.width is None and fig.layout.height >= 700
    assert fig.layout.margin.b >= 90  # room for the legend and the two-line footnote
    assert "<br>" in fig.layout.annotations[0].text
    stars = next(tr for tr in fig.data if tr.name == "victory cities")
    assert stars.marker.size <= 20
    assert _plotly_badges(fig) == expected_badges(midgame)


def test_plotly_export_names_the_towns(start: State) -> None:
    small = plotly_map(start)
    assert not any(tr.name == "towns" for tr in small.data)  # at notebook size only the victory cities
    big = plotly_map(start, width=1600, height=1200)
    towns = next(tr for tr in big.data if tr.name == "towns")
    named = {t.removeprefix("<i>").removesuffix("</i>") for t in towns.text}
    assert len(named) >= 30 and {"Bayeux", "Carentan", "Ouistreham"} <= named
    assert not named & {"Cherbourg", "Saint-Lô", "Caen"}  # those carry a star and their name already


def test_map_in_words_names_every_place_and_follows_the_game() -> None:
    """Issue 31: the map's text alternative, for a screen reader: a table of every zone, beachhead,
    airborne box and the airfield with who holds it and its units, and a name for the map."""
    s = initial_state()
    v = LeafletView(s)
    assert v.words.table.layout.display == "none" and v.words.table.value == ""  # folded until asked for
    assert v.words.name.selector == ".leaflet-container" and "Turn 1, order 1" in v.words.name.label
    v.words.toggle.value = True
    table = v.words.table.value
    assert table.count('<th scope="row"') == len(BOARD.zones) + len(BOARD.beachheads) + len(BOARD.airborne_boxes) + 1
    for z in BOARD.zones:
        assert f">{z.id} " in table
    assert "F14 Isigny-sur-Mer</th>" in table and "Germany: 4 infantry, 3 artillery, 2 blockhouses" in table
    after = apply(s, (1, 1, 1))  # the 101st Airborne's three hits in F11
    v.update(after)
    assert "F11 Sainte-Mère-Église</th><td" in v.words.table.value
    row = v.words.table.value.split("F11 Sainte-Mère-Église</th>", 1)[1].split("</tr>", 1)[0]
    assert "Germany: 1 blockhouse<" in row  # the infantry is gone
    v.words.toggle.value = False
    assert v.words.table.layout.display == "none"


def test_firing_arcs_heads_do_not_meet_in_one_point() -> None:
    """Issue 31.7: the four arcs to Utah ended at its middle, their heads in one tangle under F11's
    badge; each now ends where the beach is nearest its zone, so the heads stand apart."""
    from dday.rules.setup import initial_state
    from dday.views.maps.layout import to_px
    from dday.views.maps.overlays import arc_lines

    s = initial_state()
    lines = arc_lines(s)
    arcs = [(z.id, beach) for z in s.board.zones for beach in z.fires_at]  # the order arc_lines draws them
    tips = [to_px(head[1][1], head[1][0]) for head in lines[1::2]]  # each head is (wing, tip, wing) in (lat, lon)
    utah = [tip for (zone, beach), tip in zip(arcs, tips, strict=True) if beach == "Utah"]
    assert len(utah) == 4
    spread = max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in utah for b in utah)
    assert spread > 30, utah  # pixels at the map's default zoom; the middle of the beach gave 12
