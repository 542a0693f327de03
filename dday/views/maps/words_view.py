"""The live map for a screen reader (issue 31): an accessible name for the map, and the map in
words, a table of every place with who holds it and its units (a text alternative, WCAG 1.1.1),
shown by a toggle button next to the map.

>>> from dday.rules.setup import initial_state
>>> words = MapInWords(initial_state(), scope="dday-map-box")
>>> words.name.label
"Map of the front: Turn 1, order 1 — Airborne Assault. The button 'Show the map as a table' says who holds each place."
>>> words.toggle.value = True                     # what the button does
>>> "F30 Caen (victory city Caen)" in words.table.value, words.toggle.description
(True, 'Hide the table')
"""

from __future__ import annotations

import ipywidgets

from ...rules.state import State
from ..aria import AccessibleName
from .labels import map_table_html, title

__all__ = ["MapInWords"]


class MapInWords:
    """``name`` names the map (the element matching ``selector`` inside the element with class
    ``scope``: the live map's ``.leaflet-container``, a still picture's ``.js-plotly-plot``),
    ``toggle`` shows or hides ``table``; :meth:`update` follows the position."""

    def __init__(self, state: State, *, scope: str, selector: str = ".leaflet-container") -> None:
        self.state = state
        self.name = AccessibleName(scope=scope, selector=selector, label=self.label(state))
        self.toggle = ipywidgets.ToggleButton(
            value=False, description="Show the map as a table", icon="table", tooltip="Every place, who holds it and its units, in words"
        )
        self.toggle.layout.width = "auto"
        self.toggle.layout.margin = "4px 6px"  # room for the focus ring, which the column would clip
        self.table = ipywidgets.HTML(layout=ipywidgets.Layout(display="none"))
        self.toggle.observe(lambda _c: self._show(), names="value")

    @staticmethod
    def label(state: State) -> str:
        """The map's accessible name for ``state``."""
        return f"Map of the front: {title(state)}. The button 'Show the map as a table' says who holds each place."

    def update(self, state: State) -> None:
        """Follow ``state``: the name, and the table if it is shown (a hidden table is not redrawn)."""
        self.state = state
        label = self.label(state)
        if self.name.label != label:
            self.name.label = label
        if self.toggle.value:
            self._show()

    def _show(self) -> None:
        on = bool(self.toggle.value)
        self.toggle.description = "Hide the table" if on else "Show the map as a table"
        value = map_table_html(self.state) if on else ""
        if self.table.value != value:
            self.table.value = value
        self.table.layout.display = "" if on else "none"
