"""Plotly charts shown in widgets: plotly's JSON under its mimetype, drawn by the plotly renderer
that JupyterLab and Voilà already load (plotly.js comes with the extension, offline).

A chart is either a ``go.Figure`` or plain plotly JSON (a dict with ``data`` and ``layout``, as
:func:`~.rolls.roll_figure` writes the card lab's chart). This module needs neither plotly's figure
classes nor its validators, so a view that only shows plain JSON never loads them (issue 33).

>>> out = figure_output({"data": [{"type": "bar", "x": [1], "y": [1]}], "layout": {"title": {"text": "one bar"}}})
>>> out["data"]["text/plain"], out["data"][PLOTLY_MIME]["config"]
('<plotly chart: one bar>', {'displaylogo': False})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import ipywidgets as w

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = ["PLOTLY_MIME", "drawn", "figure_output", "show_figure"]

PLOTLY_MIME: Final = "application/vnd.plotly.v1+json"
"""The mimetype JupyterLab's plotly renderer draws (plotly.js comes with the extension, offline)."""


def figure_json(fig: go.Figure | Mapping[str, Any]) -> dict[str, Any]:
    """``fig`` as plain JSON data (a copy): a ``go.Figure`` through plotly's encoder, unchecked
    (plotly checked it as it was built), plain JSON as it is."""
    if isinstance(fig, Mapping):
        return dict(json.loads(json.dumps(fig)))
    return dict(json.loads(fig.to_json(validate=False)))


def figure_output(fig: go.Figure | Mapping[str, Any], config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``fig`` as one display output under plotly's mimetype (its JSON; plotly.js comes with the extension)."""
    data = figure_json(fig)
    data["config"] = {"displaylogo": False, **data.get("config", {}), **(config or {})}
    title = data.get("layout", {}).get("title", {}).get("text") or "untitled"
    bundle = {PLOTLY_MIME: data, "text/plain": f"<plotly chart: {title}>"}
    return {"output_type": "display_data", "data": bundle, "metadata": {}}


def show_figure(fig: go.Figure | Mapping[str, Any], config: Mapping[str, Any] | None = None) -> w.Output:
    """``fig`` drawn inside an ``ipywidgets.Output``: what ``fig.show(config=...)`` shows, and also in the
    classroom app. There a figure shown by ``fig.show()`` made jupyterlab-plotly throw ``TypeError:
    r.setData is not a function`` (after drawing, it stores a PNG snapshot in the output's model, and
    Voilà's models of cell outputs have no ``setData``; those of an Output widget do).

    >>> import plotly.graph_objects as go
    >>> out = show_figure(go.Figure(go.Bar(x=[1], y=[1])), {"topojsonURL": "x"})
    >>> out.outputs[0]["data"][PLOTLY_MIME]["config"]
    {'displaylogo': False, 'topojsonURL': 'x'}
    """
    out = w.Output()
    out.outputs = (figure_output(fig, config),)
    return out


def drawn(out: w.Output) -> dict[str, Any]:
    """The chart an Output shows now (its plotly JSON), or ``{}`` when it shows none.

    >>> drawn(show_figure({"data": [], "layout": {"height": 200}}))["layout"]
    {'height': 200}
    """
    for output in out.outputs:
        if PLOTLY_MIME in output.get("data", {}):
            return dict(output["data"][PLOTLY_MIME])
    return {}
