"""A plotly chart that the page updates in place (issue 33): the odds lab's charts.

A chart shown in an ``ipywidgets.Output`` (:func:`~.figures.show_figure`) is redrawn by replacing
what the Output shows, so JupyterLab's plotly renderer draws it from scratch every time (and
makes a PNG snapshot of it): about 0.4 s of plotly.js per chart, too slow for a slider. A
:class:`ReactFigure` is a ``go.Figure`` (change it inside ``with fig.batch_update():``) that the
page holds in a small widget, :class:`ReactChart`, whose only state is the figure's JSON (a
few KB); on each change the browser calls ``Plotly.react``, which updates the drawn chart in
place.

plotly.js itself is not in the widget (FigureWidget carries its 3.5 MB in every widget's
state, issue 17) and is never fetched from the network: it comes with the plotly renderer
JupyterLab and Voilà already load (the ``jupyterlab-plotly`` extension installed with
plotly). That renderer loads it on the first plotly figure it draws, which leaves it at
``window.Plotly`` (plotly.js's browser build does so); each chart therefore brings a tiny
hidden figure for the renderer, and draws itself as soon as plotly.js is there.

>>> import plotly.graph_objects as go
>>> fig = ReactFigure(data=[go.Bar(x=[1, 2], y=[0.5, 0.5])])
>>> with fig.batch_update():
...     fig.layout.title.text = "two bars"
>>> fig.drawn()["layout"]["title"]["text"], fig.redraws
('two bars', 1)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

import anywidget
import ipywidgets as w
import plotly.graph_objects as go
import traitlets

from .figures import PLOTLY_MIME, figure_output

_ESM: Final = """
function plotlyReady(timeoutMs) {
  // plotly.js comes with JupyterLab's (and Voila's) plotly renderer, which sets window.Plotly
  // once it has loaded it for the first plotly figure on the page (see the Python side).
  return new Promise((resolve, reject) => {
    const start = performance.now();
    (function check() {
      if (window.Plotly && typeof window.Plotly.react === "function") return resolve(window.Plotly);
      if (performance.now() - start > timeoutMs) return reject(new Error("plotly.js did not load"));
      setTimeout(check, 25);
    })();
  });
}

function render({ model, el }) {
  el.classList.add("dday-react-chart");
  const plot = document.createElement("div");
  el.append(plot);
  let Plotly = null;
  const draw = () => {
    const fig = model.get("figure");
    if (Plotly && fig && fig.data) Plotly.react(plot, fig.data, fig.layout || {}, fig.config || {});
  };
  plotlyReady(120000).then(
    (p) => { Plotly = p; draw(); },
    () => { plot.textContent = "The chart needs plotly's JupyterLab extension (jupyterlab-plotly), which comes with plotly."; },
  );
  model.on("change:figure", draw);
  return () => {
    model.off("change:figure", draw);
    if (Plotly) Plotly.purge(plot);
  };
}
export default { render };
"""

LOADER: Final = {
    "output_type": "display_data",
    "data": {PLOTLY_MIME: {"data": [], "layout": {"width": 20, "height": 20}, "config": {"staticPlot": True}}, "text/plain": ""},
    "metadata": {},
}
"""The tiny figure each chart brings for JupyterLab's plotly renderer (hidden): drawing it loads plotly.js."""


class ReactChart(anywidget.AnyWidget):  # type: ignore[misc]
    """The page's side of a :class:`ReactFigure`: the figure as JSON, drawn with ``Plotly.react`` on each change."""

    _esm = _ESM
    figure = traitlets.Dict().tag(sync=True)


class ReactFigure(go.Figure):
    """A plotly figure whose page updates the drawn chart in place (see the module), once per ``batch_update``.

    :attr:`view` is what goes into a layout: the :class:`ReactChart` and the hidden loader.
    :attr:`redraws` counts the figures sent to the page.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # plotly figures accept only underscored attributes of their own
        self._chart = ReactChart()
        self._loader = w.Output(layout=w.Layout(display="none"))
        self._loader.outputs = (LOADER,)
        self._view = w.VBox([self._loader, self._chart])
        self._redraws = 0

    @property
    def chart(self) -> ReactChart:
        """The widget the page draws the figure from."""
        return self._chart

    @property
    def view(self) -> w.Widget:
        """The widget to put in a layout: the chart and its hidden loader."""
        return self._view

    @property
    def redraws(self) -> int:
        """How many times the figure has been sent to the page."""
        return self._redraws

    @contextmanager
    def batch_update(self) -> Iterator[None]:
        with super().batch_update():
            yield
        self.redraw()

    def redraw(self) -> None:
        """Send the figure, as it is now, to the page (which updates the drawn chart in place)."""
        self._chart.figure = figure_output(self)["data"][PLOTLY_MIME]
        self._redraws += 1

    def drawn(self) -> dict[str, Any]:
        """The figure as the page has it now (its JSON)."""
        return dict(self._chart.figure)


def react_figure(*args: Any, **kwargs: Any) -> ReactFigure:
    """A :class:`ReactFigure`: change it inside ``with fig.batch_update():`` and the page follows, in place."""
    return ReactFigure(*args, **kwargs)
