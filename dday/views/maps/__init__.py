"""Map views of a position on the real map of Normandy (issue 4).

The map data and colours are in :mod:`.geodata`, what the maps show in :mod:`.labels`, the two
views in :mod:`.leaflet_view` and :mod:`.plotly_view`.

Two views draw the same :class:`~dday.rules.state.State` on ``zones.geojson`` (see
``geo/README.md``):

* :class:`LeafletView` - an interactive ipyleaflet map for notebooks. It needs no network
  (no tile layer unless ``basemap=True``) and :meth:`LeafletView.update` restyles it in place.
* :func:`plotly_map` - a static plotly figure that exports to PNG (:func:`export_png`) with
  kaleido and a system chromium. Offline it needs the topojson stub :data:`EMPTY_TOPO`:
  ``fig.show(config=show_config())``.

Legibility (issue 17): every badge and label is placed clear of the others at the live map's
default zoom (anchors inside the zones, leader lines where a badge had to move: :mod:`.layout`);
the victory cities are always named, every zone's town from zoom 10 on; the legend folds away.
What is acting is drawn over the zones (:mod:`.overlays`)::

    view = LeafletView(state)
    view.highlight(["F15", "Gold"], "fire")  # or 'combat', 'move', 'acting'; highlight() clears
    view.follow_state()                       # back to the default: outline what the state says acts
    view.show_arcs(True)                      # blockhouse firing arcs (default: on for order 9)
    view.update(state)                        # also draws the moves declared on orders 8 and 12

Control colours follow the Okabe-Ito palette (colour-blind safe): Axis grey, Allied blue,
contested reddish purple (dashed border on the leaflet map), empty zones cream. Unit badges
use one colour per power: Germany dark grey, UK orange, US bluish green.

>>> from dday.rules.board import load_board
>>> from dday.views.maps.geodata import load_zones
>>> from dday.views.maps.labels import control
>>> zones = load_zones()
>>> sum(f["properties"]["kind"] == "land" for f in zones["features"]) == len(load_board().zones)
True
>>> control("axis", False), control(None, True), control(None, False)
('axis', 'contested', 'empty')
"""
