"""The static board: zones, adjacency, setup, beachheads, airborne boxes and charts.

Loaded from ``dday/data/board.json`` and validated; where each fact comes from, and which are
reconstructed, is in ``dday/data/reference/board.md``. Nothing in the rules code names a zone: it asks the board.

>>> b = load_board()
>>> len(b.zones) == len(b.zone_ids)        # 42 today; the rulebook says 41 (R-GEN-4)
True
>>> b.victory_zones
('F2', 'F26', 'F30')
>>> b.beachhead("Omaha").lands_into, b.beachhead("Omaha").capacity
('F14', 8)
>>> b.are_adjacent("F30", "F38")
True
>>> b.zone("F14").fires_at                   # a firing arc over two beachheads (R-BH-3, reconstructed)
('Omaha', 'Utah')
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import BoardDataError
from .units import ALLIED_POWERS, LAND_TYPES, Force

CHART_LETTERS = {"i": "infantry", "a": "artillery", "t": "tank"}


@dataclass(frozen=True)
class Zone:
    """One land zone of the board (R-GEN-4)."""

    id: str
    index: int
    name: str
    other_towns: str
    lonlat: tuple[float, float]
    neighbours: tuple[str, ...]
    coastal: bool
    victory_city: str | None
    reinforcement_sector: str | None
    axis_start: Force
    fires_at: tuple[str, ...]  # the beachheads this zone's blockhouses may fire at, its firing arc (R-BH-3); () for none


@dataclass(frozen=True)
class Beachhead:
    """An off-board beachhead box (R-BEACH-1, R-SETUP-2)."""

    name: str
    index: int
    power: str
    capacity: int
    start: Force
    lands_into: str
    fired_at_from: dict[str, int]


@dataclass(frozen=True)
class AirborneBox:
    """A box of paratroopers at the start (R-SETUP-3, R-PARA-1)."""

    index: int
    power: str
    zone: str
    paratroopers: int
    division: str


@dataclass(frozen=True)
class Chart:
    """A reinforcement chart: a fixed queue of units (R-SETUP-5, R-REINF-1).

    ``boxes[k]`` is the unit in printed box k+1. ``beaches_for(k)`` says where box k+1 may
    go; for the German columns ``zones`` lists the sector zones.
    """

    name: str
    index: int
    power: str
    boxes: tuple[str, ...]
    rows: tuple[int, ...]  # row length of each printed row
    restrictions: tuple[tuple[int, int, tuple[str, ...]], ...]  # (first box, last box, beaches), 1-based
    zones: tuple[str, ...]  # Axis columns: zones that may receive units
    label: str

    def allowed_destinations(self, box: int, default: tuple[str, ...]) -> tuple[str, ...]:
        """Where the unit in 0-based ``box`` may be placed (R-REINF-4, R-REINF-5, R-REINF-6)."""
        for first, last, beaches in self.restrictions:
            if first <= box + 1 <= last:
                return beaches
        return default


@dataclass(frozen=True, eq=False)
class Board:
    """Every static fact of the board (no game state). Compared and hashed by identity."""

    zones: tuple[Zone, ...]
    beachheads: tuple[Beachhead, ...]
    airborne_boxes: tuple[AirborneBox, ...]
    charts: tuple[Chart, ...]
    air_units: dict[str, dict[str, int]]
    sectors: dict[str, tuple[str, ...]]
    victory_cities: dict[str, str]
    turns: int
    stacking_limit: int
    fighter_limit: int = 4  # R-STACK-3
    _by_id: dict[str, Zone] = field(default_factory=dict, repr=False, compare=False)
    _adjacent: frozenset[tuple[str, str]] = field(default=frozenset(), repr=False, compare=False)

    @property
    def zone_ids(self) -> tuple[str, ...]:
        return tuple(z.id for z in self.zones)

    @property
    def victory_zones(self) -> tuple[str, ...]:
        return tuple(sorted(self.victory_cities.values(), key=self.zone_index))

    def zone(self, zone_id: str) -> Zone:
        try:
            return self._by_id[zone_id]
        except KeyError:
            raise KeyError(f"unknown zone {zone_id!r}; zones are {self.zone_ids[0]}..{self.zone_ids[-1]}") from None

    def zone_index(self, zone_id: str) -> int:
        try:
            return self._by_id[zone_id].index
        except KeyError:
            return self.zone(zone_id).index  # raises the helpful KeyError

    def has_zone(self, zone_id: str) -> bool:
        return zone_id in self._by_id

    def are_adjacent(self, a: str, b: str) -> bool:
        return (a, b) in self._adjacent

    @property
    def edges(self) -> frozenset[tuple[str, str]]:
        """Undirected adjacencies as sorted id pairs (97 in board.json)."""
        return frozenset((a, b) for a, b in self._adjacent if self.zone_index(a) < self.zone_index(b))

    @cached_property
    def _beachhead_by_name(self) -> dict[str, Beachhead]:  # the rules look beachheads and charts up on every placement
        return {b.name: b for b in self.beachheads}

    @cached_property
    def _chart_by_name(self) -> dict[str, Chart]:
        return {c.name: c for c in self.charts}

    def beachhead(self, name: str) -> Beachhead:
        b = self._beachhead_by_name.get(name)
        if b is not None:
            return b
        raise KeyError(f"unknown beachhead {name!r}; known: {[b.name for b in self.beachheads]}")

    def beaches_of(self, power: str) -> tuple[str, ...]:
        return tuple(b.name for b in self.beachheads if b.power == power)

    def chart(self, name: str) -> Chart:
        c = self._chart_by_name.get(name)
        if c is not None:
            return c
        raise KeyError(f"unknown chart {name!r}; known: {[c.name for c in self.charts]}")

    def charts_of(self, power: str) -> tuple[Chart, ...]:
        return tuple(c for c in self.charts if c.power == power)

    def arc_zones(self) -> tuple[str, ...]:
        """Zones whose blockhouses can fire to sea (R-BH-3).

        >>> load_board().arc_zones()
        ('F4', 'F7', 'F11', 'F14', 'F15', 'F16', 'F17', 'F18')
        """
        return tuple(z.id for z in self.zones if z.fires_at)

    def name(self, zone_id: str) -> str:
        """'F30 Caen' style label for logs."""
        return f"{zone_id} {self.zone(zone_id).name}"


def _fail(msg: str) -> BoardDataError:
    return BoardDataError(f"board data: {msg}")


def _parse_chart_restrictions(text: str, beaches: tuple[str, ...]) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    """Read 'boxes 1-6: Utah only; boxes 7-8: Omaha only; ...' (R-REINF-5)."""
    out: list[tuple[int, int, tuple[str, ...]]] = []
    for part in text.split(";"):
        part = part.strip()
        if not part.startswith("boxes ") or "only" not in part:
            continue
        rng, _, rest = part[len("boxes ") :].partition(":")
        first, _, last = rng.partition("-")
        beach = rest.strip().split()[0]
        if beach not in beaches:
            raise _fail(f"chart restriction names unknown beach {beach!r}")
        out.append((int(first), int(last or first), (beach,)))
    return tuple(out)


def _arc(zone_id: str, raw: object, beach_names: Collection[str]) -> tuple[str, ...]:
    """A zone's firing arc from the data: a list of beachhead names (a single name or null are read too)."""
    if raw is None:
        return ()
    names = [raw] if isinstance(raw, str) else raw
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise _fail(f"zone {zone_id}: blockhouses_fire_at must be a list of beachhead names, not {raw!r}")
    for n in names:
        if n not in beach_names:
            raise _fail(f"zone {zone_id} fires at unknown beachhead {n!r}")
    if len(set(names)) != len(names):
        raise _fail(f"zone {zone_id} names a beachhead twice in its firing arc: {names}")
    return tuple(names)


def board_from_dict(data: dict[str, Any]) -> Board:
    """Build and validate a :class:`Board` from the board.json structure."""
    try:
        raw_zones = data["zones"]
        ids = [z["id"] for z in raw_zones]
    except (KeyError, TypeError) as exc:
        raise _fail(f"missing field {exc}") from None
    if len(set(ids)) != len(ids):
        raise _fail("duplicate zone ids")
    idset = set(ids)
    zones: list[Zone] = []
    beach_names = set(data.get("beachheads", {}))
    for i, z in enumerate(raw_zones):
        try:
            nbrs = tuple(z["neighbours"])
            for n in nbrs:
                if n not in idset:
                    raise _fail(f"zone {z['id']} lists unknown neighbour {n!r}")
                if n == z["id"]:
                    raise _fail(f"zone {z['id']} is its own neighbour")
            start = z.get("axis_start") or {}
            for unit in start:
                if unit not in LAND_TYPES:
                    raise _fail(f"zone {z['id']} axis_start has unknown unit type {unit!r}")
            fires_at = _arc(z["id"], z.get("blockhouses_fire_at"), beach_names)
            zones.append(
                Zone(
                    id=z["id"],
                    index=i,
                    name=z["name"],
                    other_towns=z.get("other_towns", ""),
                    lonlat=(float(z["approx_centroid_lonlat"][0]), float(z["approx_centroid_lonlat"][1])),
                    neighbours=nbrs,
                    coastal=bool(z["coastal"]),
                    victory_city=z.get("victory_city"),
                    reinforcement_sector=z.get("reinforcement_sector"),
                    axis_start=Force.from_dict(start),
                    fires_at=fires_at,
                )
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, BoardDataError):
                raise
            raise _fail(f"zone entry {i} is malformed: {exc}") from None
    by_id = {z.id: z for z in zones}
    adjacent: set[tuple[str, str]] = set()
    for z in zones:
        for n in z.neighbours:
            if z.id not in by_id[n].neighbours:
                raise _fail(f"adjacency is not symmetric: {z.id} lists {n} but {n} does not list {z.id}")
            adjacent.add((z.id, n))

    beachheads: list[Beachhead] = []
    for i, (name, b) in enumerate(data["beachheads"].items()):
        if b["lands_into"] not in idset:
            raise _fail(f"beachhead {name} lands into unknown zone {b['lands_into']!r}")
        if b["power"] not in ALLIED_POWERS:
            raise _fail(f"beachhead {name} has unknown power {b['power']!r}")
        start = Force.from_dict(b["start"])
        if start.total > b["capacity"]:
            raise _fail(f"beachhead {name} starts with more units than its capacity")
        for zid in b.get("blockhouses_that_fire_at_it", {}):
            if zid not in idset:
                raise _fail(f"beachhead {name} is fired at from unknown zone {zid!r}")
            if name not in by_id[zid].fires_at:
                raise _fail(f"beachhead {name} lists {zid} as firing at it, but {zid}'s arc is {list(by_id[zid].fires_at)}")
        for z in zones:
            if name in z.fires_at and z.id not in b.get("blockhouses_that_fire_at_it", {}):
                raise _fail(f"zone {z.id} fires at {name}, but beachhead {name} does not list it in blockhouses_that_fire_at_it")
        beachheads.append(
            Beachhead(name, i, b["power"], int(b["capacity"]), start, b["lands_into"], dict(b.get("blockhouses_that_fire_at_it", {})))
        )

    boxes: list[AirborneBox] = []
    for i, a in enumerate(data["airborne_boxes"]):
        if a["zone"] not in idset:
            raise _fail(f"airborne box {i} is in unknown zone {a['zone']!r}")
        if a["power"] not in ALLIED_POWERS:
            raise _fail(f"airborne box {i} has unknown power {a['power']!r}")
        boxes.append(AirborneBox(i, a["power"], a["zone"], int(a["paratroopers"]), a.get("division", "")))

    sectors = {k: tuple(v) for k, v in data["reinforcement_sectors"].items()}
    for sector, zs in sectors.items():
        for zid in zs:
            if zid not in idset:
                raise _fail(f"sector {sector} names unknown zone {zid!r}")
            if by_id[zid].reinforcement_sector != sector:
                raise _fail(f"sector {sector} lists {zid}, whose reinforcement_sector is {by_id[zid].reinforcement_sector}")

    charts: list[Chart] = []
    raw_charts = {k: v for k, v in data["reinforcement_charts"].items() if k != "legend"}
    for i, (name, c) in enumerate(raw_charts.items()):
        letters = c["boxes"]
        rows = tuple(len(r) for r in letters.split("|"))
        flat = letters.replace("|", "")
        bad = set(flat) - set(CHART_LETTERS)
        if bad:
            raise _fail(f"chart {name} has unknown unit letters {sorted(bad)}")
        power = "Germany" if name.startswith("Germany") else name
        if power not in ("Germany", *ALLIED_POWERS):
            raise _fail(f"chart {name} belongs to unknown power")
        zones_for: tuple[str, ...] = ()
        restrictions: tuple[tuple[int, int, tuple[str, ...]], ...] = ()
        if power == "Germany":
            enters = c.get("enters_at") or []
            for s in enters:
                if s not in sectors:
                    raise _fail(f"chart {name} enters at unknown sector {s!r}")
            zones_for = tuple(sorted({zid for s in enters for zid in sectors[s]}, key=lambda zid: by_id[zid].index))
            label = "Germany: enter at " + " or ".join(enters)
        else:
            restrictions = _parse_chart_restrictions(c.get("beach_rules", ""), tuple(beach_names))
            label = f"{power} reinforcements"
        charts.append(Chart(name, i, power, tuple(CHART_LETTERS[ch] for ch in flat), rows, restrictions, zones_for, label))

    victory = dict(data["victory_cities"])
    for city, zid in victory.items():
        if zid not in idset:
            raise _fail(f"victory city {city} is in unknown zone {zid!r}")
    air_units = {p: dict(v) for p, v in data["air_units"].items()}
    for p, v in air_units.items():
        if p not in ALLIED_POWERS or set(v) - {"fighter", "bomber"}:
            raise _fail(f"air_units has unknown power or type: {p} {v}")

    return Board(
        zones=tuple(zones),
        beachheads=tuple(beachheads),
        airborne_boxes=tuple(boxes),
        charts=tuple(charts),
        air_units=air_units,
        sectors=sectors,
        victory_cities=victory,
        turns=int(data["turns"]),
        stacking_limit=int(data["stacking_limit_land_units_per_side"]),
        _by_id=by_id,
        _adjacent=frozenset(adjacent),
    )


def load_board_file(path: str | Path) -> Board:
    """Load and validate a board.json file; raise :class:`BoardDataError` if it is broken."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise BoardDataError(f"board data: cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise BoardDataError("board data: top level must be an object")
    try:
        return board_from_dict(data)
    except KeyError as exc:
        raise BoardDataError(f"board data: missing field {exc}") from None


@cache
def load_board() -> Board:
    """The board shipped with the package (cached)."""
    text = resources.files("dday").joinpath("data/board.json").read_text(encoding="utf-8")
    return board_from_dict(json.loads(text))
