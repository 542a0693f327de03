"""Benchmark the leaflet map: a full-board ``update()`` against rebuilding the view.

Run from the repository root::

    python benchmarks/bench_maps.py [--repeats 15]

Every zone changes control and every badge changes between the two positions used (all 42
zones Axis-held, then all Allied-held). Without a kernel ipywidgets sends nothing, so each
widget message is JSON-encoded here, as the kernel would, and its size is counted. Two other
ways to restyle zones are timed for comparison: one GeoJSON layer per zone restyled through
its ``style`` trait (ipyleaflet deep-copies the data), and a single GeoJSON layer whose whole
``data`` is re-assigned with per-feature styles. The plotly figure build is timed as well.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipyleaflet
import ipywidgets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's dday, even when run from elsewhere

from dday.rules.board import load_board
from dday.rules.scenario import position
from dday.rules.setup import initial_state
from dday.rules.state import State
from dday.views.maps.geodata import CONTROL_COLORS, map_geometry
from dday.views.maps.labels import zone_control
from dday.views.maps.leaflet_view import LeafletView
from dday.views.maps.plotly_view import plotly_map

_SENT = {"messages": 0, "bytes": 0}
_original_send = ipywidgets.Widget._send


def _counting_send(self: ipywidgets.Widget, msg: Any, buffers: Any = None) -> None:
    """Serialise like the kernel would and count the bytes."""
    _SENT["messages"] += 1
    _SENT["bytes"] += len(json.dumps(msg, default=str))
    _original_send(self, msg, buffers)


def _positions() -> tuple[State, State]:
    board = load_board()
    axis = position(card=8, zones={z: {"Germany": "1i 1a"} for z in board.zone_ids})
    allies = position(
        card=8,
        zones={z: {"UK": "2i", "US": "1t"} for z in board.zone_ids},
        patrols={"F30": {"uk_fighter": 2}, "F26": {"us_fighter": 1}},
    )
    return axis, allies


def _style(ctl: str) -> dict[str, Any]:
    """A zone style like the view's (fill by control), for the alternative restyling rows."""
    return {"color": "#333333", "weight": 1, "fillColor": CONTROL_COLORS[ctl], "fillOpacity": 0.7}


def _time(fn: Callable[[int], object], repeats: int) -> tuple[float, int, int]:
    """Median ms over ``repeats`` calls, and messages/bytes sent per call."""
    times = []
    _SENT.update(messages=0, bytes=0)
    for i in range(repeats):
        t = time.perf_counter()
        fn(i)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), _SENT["messages"] // repeats, _SENT["bytes"] // repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    ipywidgets.Widget._send = _counting_send  # type: ignore[method-assign]
    a, b = _positions()
    states = (a, b)
    view = LeafletView(a)
    rows: list[tuple[str, tuple[float, int, int]]] = []

    rows.append(("LeafletView.update(), all zones + badges change", _time(lambda i: view.update(states[(i + 1) % 2]), args.repeats)))
    view.update(states[0])
    a2 = position(
        card=8, zones={z: {"Germany": "1i 1a"} if z not in ("F17", "F30", "F31") else {"UK": "2i"} for z in load_board().zone_ids}
    )
    few = (states[0], a2)
    rows.append(("LeafletView.update(), 3 zones change (typical)", _time(lambda i: view.update(few[(i + 1) % 2]), args.repeats)))
    view.update(states[0])
    rows.append(("LeafletView.update(), same position (no-op)", _time(lambda i: view.update(states[0]), args.repeats)))
    rows.append(("LeafletView(state): rebuild from scratch", _time(lambda i: LeafletView(states[i % 2]), args.repeats)))

    # Alternative zone restyling: per-zone layers through the `style` trait (deep copy of data).
    geo = map_geometry()
    alt_layers = [ipyleaflet.GeoJSON(data=f, style={"fillColor": "#000"}) for f in geo.land]

    def by_style(i: int) -> None:
        s = states[i % 2]
        for f, layer in zip(geo.land, alt_layers, strict=True):
            layer.style = _style(zone_control(s, f["properties"]["id"]))

    rows.append(("alt: 42 layers, .style per layer (zones only)", _time(by_style, args.repeats)))

    # Alternative: one GeoJSON layer, whole data re-assigned with per-feature styles.
    single = ipyleaflet.GeoJSON(data={"type": "FeatureCollection", "features": list(geo.land)})

    def by_data(i: int) -> None:
        s = states[i % 2]
        single.data = {
            "type": "FeatureCollection",
            "features": [LeafletView._styled(f, _style(zone_control(s, f["properties"]["id"]))) for f in geo.land],
        }

    rows.append(("alt: 1 layer, data re-assigned (zones only)", _time(by_data, args.repeats)))
    rows.append(("plotly_map(state) (figure build)", _time(lambda i: plotly_map(states[i % 2]), args.repeats)))
    rows.append(("LeafletView(initial_state()) (map build, set-up)", _time(lambda i: LeafletView(initial_state()), args.repeats)))

    ipywidgets.Widget._send = _original_send  # type: ignore[method-assign]
    print(f"median of {args.repeats} runs; messages and JSON bytes the kernel would send per call")
    print("(widget creation opens comms outside Widget._send: the rebuild row undercounts its traffic)\n")
    print(f"{'case':<52} {'ms':>8} {'msgs':>6} {'KB sent':>9}")
    for name, (ms, msgs, nbytes) in rows:
        print(f"{name:<52} {ms:>8.1f} {msgs:>6} {nbytes / 1024:>9.1f}")
    update_ms = rows[0][1][0]
    print(f"\nfull update {'meets' if update_ms < 100 else 'MISSES'} the 100 ms target ({update_ms:.1f} ms)")


if __name__ == "__main__":
    main()
