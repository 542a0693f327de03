"""Look and feel shared by the tutorial widgets: projector-sized text and colour-blind-safe colours.

Colours are the Okabe-Ito palette, the same constants as :mod:`dday.views.maps` (powers and zone
control), plus vermilion for hits and sky blue for the bars of a distribution.

>>> "⚅" in dice_html((6,), (1,))
True
>>> dice_html((1, 5), (2, 2)).count("data-hit")
1
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any, Final

import ipywidgets as w
import plotly.graph_objects as go

from ..maps import CONTROL_COLORS, POWER_COLORS

__all__ = [
    "BAR_COLOR",
    "BASE_FONT",
    "CONTROL_COLORS",
    "HIT_COLOR",
    "POWER_COLORS",
    "SIDE_COLORS",
    "UI_CLASS",
    "RedrawnFigure",
    "button",
    "css",
    "dice_html",
    "figure_view",
    "html",
    "live_figure",
    "panel",
]

BASE_FONT: Final = "17px"
UI_CLASS: Final = "dday-ui"
HIT_COLOR: Final = "#D55E00"  # Okabe-Ito vermilion
BAR_COLOR: Final = "#56B4E9"  # Okabe-Ito sky blue
OK_COLOR: Final = "#009E73"  # bluish green
SIDE_COLORS: Final[dict[str, str]] = {"allies": CONTROL_COLORS["allies"], "axis": POWER_COLORS["Germany"]}
DIE_FACES: Final = "⚀⚁⚂⚃⚄⚅"

# One style sheet, scoped to the tutorial widgets, so controls are readable on a projector.
_CSS: Final = f"""<style>
.{UI_CLASS}, .{UI_CLASS} .widget-label, .{UI_CLASS} .widget-html-content, .{UI_CLASS} button,
.{UI_CLASS} select, .{UI_CLASS} input, .{UI_CLASS} .widget-readout {{ font-size: {BASE_FONT}; line-height: 1.35; }}
.{UI_CLASS} .widget-button {{ height: auto; min-height: 36px; }}
.{UI_CLASS} .widget-dropdown > select {{ height: 34px; }}
.{UI_CLASS} .widget-radio-box label {{ font-size: {BASE_FONT}; line-height: 1.6; }}
.{UI_CLASS} .dday-log {{ font: 15px/1.35 'DejaVu Sans Mono', monospace; max-height: 230px; overflow-y: auto;
  background: #FAFAFA; border: 1px solid #CCC; padding: 4px 8px; }}
</style>"""


def css() -> w.HTML:
    """An invisible HTML widget carrying the style sheet (put one in every top-level box)."""
    return w.HTML(value=_CSS, layout=w.Layout(height="0px", margin="0px"))


def panel(children: Sequence[w.Widget], *, row: bool = False, **layout: Any) -> w.Box:
    """A VBox (or HBox) with the tutorial class and the style sheet attached."""
    box_cls = w.HBox if row else w.VBox
    box = box_cls([css(), *children], layout=w.Layout(**layout))
    box.add_class(UI_CLASS)
    return box


def html(value: str = "", **layout: Any) -> w.HTML:
    """An HTML widget with the base font."""
    return w.HTML(value=value, layout=w.Layout(**layout))


def button(description: str, *, style: str = "", tooltip: str = "", icon: str = "", width: str = "auto") -> w.Button:
    """A button with a readable font; ``style`` is an ipywidgets button_style ('primary', 'success', ...)."""
    b = w.Button(description=description, button_style=style, tooltip=tooltip or description, icon=icon, layout=w.Layout(width=width))
    b.style.font_size = BASE_FONT
    return b


def dice_html(faces: Sequence[int], hit_on: Sequence[int], *, total: int | None = None) -> str:
    """Big dice: one box per die, hits filled vermilion and marked ✔ (shape and colour both say it).

    ``hit_on[i]`` is the hit number of die ``i`` (0 for a 2d6 roll, where ``total`` is shown).
    """
    boxes = []
    for f, h in zip(faces, hit_on, strict=True):
        hit = h > 0 and f <= h
        glyph = DIE_FACES[f - 1] if 1 <= f <= 6 else "?"
        if hit:
            style = f"background:{HIT_COLOR};color:#fff;border:3px solid #000;"
            mark = "✔ hit"
        else:
            style = "background:#fff;color:#222;border:2px solid #888;"
            mark = f"≤{h}" if h else ""
        boxes.append(
            f'<div {"data-hit " if hit else ""}style="display:inline-block;text-align:center;margin:3px;padding:2px 6px;border-radius:8px;{style}">'
            f"<div style=\"font:56px/1 'DejaVu Sans',sans-serif\">{glyph}</div>"
            f'<div style="font:bold 14px/1.2 sans-serif">{f} {escape(mark)}</div></div>'
        )
    tail = ""
    if total is not None:
        tail = f'<span style="font:bold 26px sans-serif;margin-left:10px">= {total}</span>'
    elif hit_on and any(hit_on):
        n = sum(1 for f, h in zip(faces, hit_on, strict=True) if h and f <= h)
        tail = f'<span style="font:bold 24px sans-serif;margin-left:10px">{n} hit{"s" * (n != 1)}</span>'
    return f'<div style="display:flex;flex-wrap:wrap;align-items:center">{"".join(boxes)}{tail}</div>'


# ---------------------------------------------------------------------------------------------
# charts updated in place


class RedrawnFigure(go.Figure):
    """Stand-in for ``go.FigureWidget`` when ``anywidget`` (which plotly's widget needs) is missing:
    a plain figure redrawn into an ``ipywidgets.Output`` after every ``batch_update``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._output = w.Output()

    @contextmanager
    def batch_update(self) -> Iterator[None]:
        with super().batch_update():
            yield
        self.redraw()

    def redraw(self) -> None:
        """Show the figure again in its Output (only inside IPython; plain Python has nowhere to draw)."""
        from IPython import get_ipython
        from IPython.display import display

        if get_ipython() is None:
            return
        self._output.clear_output(wait=True)
        with self._output:
            display(self)


def live_figure(*args: Any, **kwargs: Any) -> go.Figure:
    """A ``go.FigureWidget`` (updated in place in the browser), or a :class:`RedrawnFigure` without anywidget."""
    try:
        return go.FigureWidget(*args, **kwargs)
    except ImportError:
        return RedrawnFigure(*args, **kwargs)


def figure_view(fig: go.Figure) -> w.Widget:
    """The widget to put in a layout for a figure made by :func:`live_figure`."""
    if isinstance(fig, RedrawnFigure):
        fig.redraw()
        return fig._output
    return fig  # type: ignore[return-value]  # a FigureWidget is a widget
