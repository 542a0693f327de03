"""Look and feel shared by the tutorial widgets: projector-sized text and colour-blind-safe colours.

Colours are the Okabe-Ito palette, the same constants as :mod:`dday.views.maps` (powers and zone
control), plus vermilion for hits and sky blue for the bars of a distribution.

>>> "⚅" in dice_html((6,), (1,))
True
>>> dice_html((1, 5), (2, 2)).count("data-hit")
1
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

__all__ = [
    "BAR_COLOR",
    "BASE_FONT",
    "BUTTON_COLORS",
    "HIT_COLOR",
    "UI_CLASS",
    "button",
    "css",
    "dice_html",
    "html",
    "log_html",
    "panel",
]

BASE_FONT: Final = "17px"
UI_CLASS: Final = "dday-ui"
HIT_COLOR: Final = "#D55E00"  # Okabe-Ito vermilion
BAR_COLOR: Final = "#56B4E9"  # Okabe-Ito sky blue
OK_COLOR: Final = "#009E73"  # bluish green
DIE_FACES: Final = "⚀⚁⚂⚃⚄⚅"
# JupyterLab's theme variables (light and dark themes), with a fallback outside JupyterLab
INK: Final = "var(--jp-ui-font-color0, #111)"
MUTED: Final = "var(--jp-ui-font-color2, #555)"
PAPER: Final = "var(--jp-layout-color1, #FAFAFA)"
RULE: Final = "var(--jp-border-color1, #BBB)"

# Buttons: ipywidgets' colours for "success" (white on #388E3C, 4.1:1) and "info" (white on
# #0097A7, 3.5:1) are below the 4.5:1 that WCAG AA asks of text. Each style gets an Okabe-Ito
# colour instead, darkened where white text needs it (contrast ratio in the comment), in the
# light and the dark theme alike, pressed or not.
BUTTON_COLORS: Final[dict[str, tuple[str, str]]] = {  # style: (background, text)
    "primary": ("#0072B2", "#FFFFFF"),  # Okabe-Ito blue, 5.2:1
    "success": ("#007A5A", "#FFFFFF"),  # bluish green #009E73 darkened, 5.3:1
    "info": ("#005A8C", "#FFFFFF"),  # blue darkened, 7.4:1
    "warning": ("#E69F00", "#000000"),  # Okabe-Ito orange with black text, 9.3:1
    "danger": ("#B84F00", "#FFFFFF"),  # vermilion #D55E00 darkened, 5.1:1
}
FOCUS_COLOR: Final = "#0072B2"  # a focus ring that stands out on the light and the dark theme (3:1 or more)
FOCUS_WIDTH: Final = "3px"
_BUTTON_CSS: Final = "\n".join(
    f".{UI_CLASS} .jupyter-button.mod-{name}, .{UI_CLASS} .jupyter-button.mod-{name}:active, "
    f".{UI_CLASS} .jupyter-button.mod-{name}.mod-active {{ background-color: {bg}; color: {fg}; }}"
    for name, (bg, fg) in BUTTON_COLORS.items()
)

# Plotly draws its charts with fixed colours (it cannot read CSS variables), so under a dark
# JupyterLab theme (JupyterLab and Voila mark it on <body>) the charts' paper, text and grid take
# the theme's colours from these rules instead; hover labels keep dark text on their bright boxes.
_DARK: Final = f'body[data-jp-theme-light="false"] .{UI_CLASS}'

# One style sheet, scoped to the tutorial widgets, so controls are readable on a projector.
_CSS: Final = f"""<style>
.{UI_CLASS}, .{UI_CLASS} .widget-label, .{UI_CLASS} .widget-html-content, .{UI_CLASS} button,
.{UI_CLASS} select, .{UI_CLASS} input, .{UI_CLASS} .widget-readout {{ font-size: {BASE_FONT}; line-height: 1.35; }}
.{UI_CLASS} .widget-button {{ height: auto; min-height: 36px; }}
.{UI_CLASS} .widget-dropdown > select {{ height: 34px; padding-right: 28px; }}  /* room for the arrow: a select sized to its text drew the arrow over the last letters */
.{UI_CLASS} .widget-radio-box label {{ font-size: {BASE_FONT}; line-height: 1.6; }}
.{UI_CLASS} {{ color: {INK}; }}
{_BUTTON_CSS}
.{UI_CLASS} :is(button, select, input, textarea, a, [tabindex]):focus-visible,
.{UI_CLASS} .jupyter-button:focus-visible:enabled, .{UI_CLASS} .leaflet-container:focus-visible {{
  outline: {FOCUS_WIDTH} solid {FOCUS_COLOR}; outline-offset: 2px; }}
.{UI_CLASS} .dday-log:focus-visible {{ outline-offset: -{FOCUS_WIDTH}; }}  /* inside: the box around it clips what is outside */
.{UI_CLASS} .dday-log {{ font: 15px/1.35 'DejaVu Sans Mono', monospace; max-height: 230px; overflow-y: auto;
  display: flex; flex-direction: column-reverse;
  background: {PAPER}; border: 1px solid {RULE}; padding: 4px 8px; }}
.{UI_CLASS} .dday-note {{ font-size: 16px; color: {MUTED}; border-left: 4px solid {RULE}; padding: 4px 10px; margin: 6px 0; }}
.{UI_CLASS} .dday-muted {{ color: {MUTED}; }}
.{UI_CLASS} .dday-wait {{ color: {INK}; border-left-color: {HIT_COLOR}; }}
.{UI_CLASS} .dday-die {{ background: var(--jp-layout-color0, #fff); color: {INK}; border: 2px solid {MUTED}; }}
.{UI_CLASS} .dday-emoji {{ font-family: 'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji', sans-serif; }}
{_DARK} .js-plotly-plot .main-svg {{ background: transparent !important; }}
{_DARK} .js-plotly-plot .main-svg .bg {{ fill: var(--jp-layout-color1) !important; }}
{_DARK} .js-plotly-plot .main-svg text {{ fill: var(--jp-ui-font-color1) !important; }}
{_DARK} .js-plotly-plot .main-svg .hoverlayer text {{ fill: #111 !important; }}
{_DARK} .js-plotly-plot .main-svg .gridlayer path, {_DARK} .js-plotly-plot .main-svg .zerolinelayer path {{ stroke: var(--jp-border-color2) !important; }}
</style>"""


def log_html(lines: Sequence[str], last: int = 40, *, name: str = "Game log", max_height: str = "") -> str:
    """The newest ``last`` log lines in a scroll box that opens at the bottom (the newest line).

    The box is a reversed flex column, so the browser keeps it scrolled to its end. It is a
    region named ``name`` that takes the keyboard focus, so Tab reaches it and the arrow keys
    scroll it (WCAG 2.1.1):

    >>> log_html(["a", "b<c"])
    '<div class="dday-log" role="region" aria-label="Game log" tabindex="0"><div><div>a</div><div>b&lt;c</div></div></div>'

    Place names and rule IDs are kept whole (:func:`words_html`).
    """
    body = "".join(f"<div>{words_html(x)}</div>" for x in list(lines)[-last:])
    height = f' style="max-height:{escape(max_height)}"' if max_height else ""
    return f'<div class="dday-log" role="region" aria-label="{escape(name)}" tabindex="0"{height}><div>{body}</div></div>'


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


_HYPHENATED: Final = re.compile(r"\w+(?:-\w+)+")  # "R-NAVAL-1", "Sainte-Mère-Église", "1-3"


def words_html(text: str) -> str:
    """``text`` escaped for HTML, each hyphenated word kept on one line: a browser breaks a line
    after any hyphen, so "R-NAVAL-1" became "R-" / "NAVAL-1" and "Sainte-Mère-Église" lost its end.

    >>> words_html("aim at a blockhouse (R-NAVAL-1) & roll")
    'aim at a blockhouse (<span style="white-space:nowrap">R-NAVAL-1</span>) &amp; roll'
    >>> words_html("F11 Sainte-Mère-Église")
    'F11 <span style="white-space:nowrap">Sainte-Mère-Église</span>'
    """
    return _HYPHENATED.sub(lambda m: f'<span style="white-space:nowrap">{m.group(0)}</span>', escape(text))


def button(description: str, *, style: str = "", tooltip: str = "", icon: str = "", width: str = "auto") -> w.Button:
    """A button with a readable font; ``style`` is an ipywidgets button_style ('primary', 'success', ...)."""
    b = w.Button(description=description, button_style=style, tooltip=tooltip or description, icon=icon, layout=w.Layout(width=width))
    b.style.font_size = BASE_FONT
    return b


_DIE_CLASS: Final = 'class="dday-die" '


def _die_html(f: int, h: int) -> str:
    hit = h > 0 and f <= h
    glyph = DIE_FACES[f - 1] if 1 <= f <= 6 else "?"
    if hit:
        style = f"background:{HIT_COLOR};color:#fff;border:3px solid #000;"
        mark = "✔ hit"
    else:
        style = ""
        mark = "miss" if h else ""  # not "≤1": a learner reads the word
    return (
        f'<div {"data-hit " if hit else _DIE_CLASS}style="display:inline-block;text-align:center;margin:3px;padding:2px 6px;border-radius:8px;{style}">'
        f"<div style=\"font:56px/1 'DejaVu Sans',sans-serif\">{glyph}</div>"
        f'<div style="font:bold 14px/1.2 sans-serif">{f} {escape(mark)}</div></div>'
    )


def dice_html(faces: Sequence[int], hit_on: Sequence[int], *, total: int | None = None, labels: Sequence[str] = ()) -> str:
    """Big dice: one box per die, hits filled vermilion and marked ✔ (shape and colour both say it).

    ``hit_on[i]`` is the hit number of die ``i`` (0 for a 2d6 roll, where ``total`` is shown).
    Dice with different hit numbers stand in separate groups, each captioned with what it hits on
    and, from ``labels`` (one per group), which units roll it: the class can check that the
    artillery's 2 is a hit and the infantry's 2 is not (issue 31.8).

    >>> html = dice_html((1, 4, 2, 2), (1, 1, 2, 2), labels=("infantry", "artillery"))
    >>> "infantry: hit on 1" in html and "artillery: hit on 2 or less" in html and html.count("✔ hit") == 3
    True
    """
    runs: list[tuple[int, list[int]]] = []
    for f, h in zip(faces, hit_on, strict=True):
        if runs and runs[-1][0] == h:
            runs[-1][1].append(f)
        else:
            runs.append((h, [f]))
    if len(runs) > 1 or labels:
        parts = []
        for i, (h, group) in enumerate(runs):
            name = labels[i] if i < len(labels) else ""
            caption = (f"{name}: " if name else "") + (f"hit on {h}" + (" or less" if h > 1 else "") if h else "")
            parts.append(
                f'<div style="display:inline-block;margin:2px 8px 2px 0;padding:0 4px;border:1px solid {MUTED};border-radius:8px">'
                f'<div style="font:15px sans-serif;padding:2px 4px">{escape(caption)}</div>'
                f"{''.join(_die_html(f, h) for f in group)}</div>"
            )
        boxes = "".join(parts)
    else:
        boxes = "".join(_die_html(f, h) for f, h in zip(faces, hit_on, strict=True))
    tail = ""
    if total is not None:
        tail = f'<span style="font:bold 26px sans-serif;margin-left:10px">= {total}</span>'
    elif hit_on and any(hit_on):
        n = sum(1 for f, h in zip(faces, hit_on, strict=True) if h and f <= h)
        tail = f'<span style="font:bold 24px sans-serif;margin-left:10px">{n} hit{"s" * (n != 1)}</span>'
    return f'<div style="display:flex;flex-wrap:wrap;align-items:center">{boxes}{tail}</div>'
