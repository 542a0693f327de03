"""Widgets a screen reader can name, where ipywidgets and ipyleaflet give no way to: a slider
(:class:`NamedSlider`), an accessible name for another widget's element (:class:`AccessibleName`,
used for the map), and a voice for what just happened (:class:`Announcer`, used by the card labs).

Both are drawn by anywidget (a dependency already) with a few lines of JavaScript and no network.

:class:`NamedSlider`.

ipywidgets draws its sliders with noUiSlider, whose handle (``role="slider"``) carries no name and
takes none from the widget's ``description``, ``tooltip`` or label (jupyter-widgets/ipywidgets
issue 2650 asks for ARIA labels; ipywidgets 8.1 has none): axe-core reports every such handle as
*ARIA input fields must have an accessible name* (WCAG 4.1.2, serious). This slider is the
browser's own ``<input type="range">`` inside a ``<label>``: its name is the label's text, the
arrow keys, Page Up/Down, Home and End move it, and the value beside it is an ``<output>``.

The value a browser sends is bounded here, in Python: a whole number between ``min`` and ``max``.

>>> s = NamedSlider(value=50, min=0, max=100, description="My guess", unit="%")
>>> s.value = 250                      # whatever a page sends, the value stays in range
>>> s.value
100
>>> s.max = 40                         # a smaller range pulls the value into it
>>> s.value
40
"""

from __future__ import annotations

from collections.abc import Sequence
from html.parser import HTMLParser
from typing import Any, Final

import anywidget
import traitlets

__all__ = ["MAX_SPOKEN_LINES", "AccessibleName", "Announcer", "NamedSlider", "news", "spoken"]

_ESM: Final = """
function render({ model, el }) {
  const label = document.createElement("label");
  label.className = "dday-slider";
  const text = document.createElement("span");
  text.className = "dday-slider-text";
  const input = document.createElement("input");
  input.type = "range";
  // JupyterLab's keyboard shortcuts took the arrow keys (a notebook in command mode moved on and
  // the value stayed): they do not apply inside an element with this attribute (lumino's rule).
  input.setAttribute("data-lm-suppress-shortcuts", "true");
  const out = document.createElement("output");
  out.className = "dday-slider-value";
  label.append(text, input, out);
  el.append(label);
  const shown = (v) => `${v}${model.get("unit") ? " " + model.get("unit") : ""}`;
  const sync = () => {
    text.textContent = model.get("description");
    text.style.minWidth = model.get("description_width") || "";
    if (model.get("label")) input.setAttribute("aria-label", model.get("label"));
    else input.removeAttribute("aria-label");
    input.min = model.get("min");
    input.max = model.get("max");
    input.step = model.get("step");
    input.value = model.get("value");
    input.disabled = model.get("disabled");
    input.setAttribute("aria-valuetext", shown(model.get("value")));
    out.textContent = shown(model.get("value"));
    input.title = model.get("tooltip") || "";
  };
  sync();
  model.on("change", sync);
  input.addEventListener("input", () => {
    out.textContent = shown(input.value);
    input.setAttribute("aria-valuetext", shown(input.value));
    if (model.get("continuous_update")) { model.set("value", Number(input.value)); model.save_changes(); }
  });
  input.addEventListener("change", () => { model.set("value", Number(input.value)); model.save_changes(); });
  return () => model.off("change", sync);
}
export default { render };
"""

_CSS: Final = """
.dday-slider { display: flex; width: 100%; box-sizing: border-box; align-items: center; gap: 10px; font-size: 17px; line-height: 1.35;
  color: var(--jp-ui-font-color0, #111); }
.dday-slider input[type=range] { flex: 1 1 auto; min-width: 120px; accent-color: #0072B2; height: 28px; margin: 0; }
.dday-slider input[type=range]:focus-visible { outline: 3px solid var(--jp-ui-font-color0, #111); outline-offset: 3px; }
.dday-slider .dday-slider-value { min-width: 4.5em; font-variant-numeric: tabular-nums; }
"""


class NamedSlider(anywidget.AnyWidget):  # type: ignore[misc]  # anywidget has no type hints
    """A slider of whole numbers whose accessible name is ``description`` (shown beside it).

    Like ``ipywidgets.IntSlider``: ``value``, ``min``, ``max``, ``step``, ``description``,
    ``disabled``, ``continuous_update`` (False: the value is sent when the handle is let go, or
    at each key press); ``unit`` is written after the value ("%", "moves"); ``label`` names the
    slider for a screen reader where the visible ``description`` is not enough ("infantry" in
    the Allies' column: "Allied infantry").
    """

    _esm = _ESM
    _css = _CSS
    value = traitlets.Int(0).tag(sync=True)
    min = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(100).tag(sync=True)
    step = traitlets.Int(1).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    description_width = traitlets.Unicode("").tag(sync=True)  # e.g. "100px": sliders in a column line up
    label = traitlets.Unicode("").tag(sync=True)  # the name a screen reader says, when the description alone is ambiguous
    unit = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    continuous_update = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not self.description:
            raise ValueError("a slider needs a description: it is the name a screen reader says")

    @traitlets.validate("value")
    def _bounded(self, proposal: Any) -> int:
        return max(self.min, min(self.max, int(proposal["value"])))

    @traitlets.validate("step")
    def _positive(self, proposal: Any) -> int:
        return max(1, int(proposal["value"]))

    @traitlets.observe("min", "max")
    def _range_changed(self, _change: Any) -> None:
        if self.min > self.max:
            self.min, self.max = self.max, self.min
        self.value = self._bounded({"value": self.value})


_NAME_ESM: Final = """
function render({ model, el }) {
  const apply = () => {
    const scope = el.closest("." + model.get("scope"));
    const target = scope && scope.querySelector(model.get("selector"));
    if (!target) return false;
    target.setAttribute("role", model.get("role"));
    target.setAttribute("aria-label", model.get("label"));
    return true;
  };
  let tries = 0;  // the element to name may be drawn after this widget: look for it a while
  const timer = setInterval(() => { if (apply() || ++tries > 240) clearInterval(timer); }, 250);
  model.on("change", apply);
  return () => { clearInterval(timer); model.off("change", apply); };
}
export default { render };
"""


class AccessibleName(anywidget.AnyWidget):  # type: ignore[misc]  # anywidget has no type hints
    """Gives an element drawn by another widget a role and an accessible name (``aria-label``).

    The element is the first match of the CSS ``selector`` inside the nearest enclosing element
    with the class ``scope`` (add that class to a box holding both widgets). The leaflet map of
    ipyleaflet, for one, takes the keyboard focus with no name at all; named, a screen reader
    says "Map of the front: …, region". This widget shows nothing itself.

    >>> AccessibleName(scope="dday-map-box", selector=".leaflet-container", label="Map").role
    'region'
    """

    _esm = _NAME_ESM
    scope = traitlets.Unicode("").tag(sync=True)
    selector = traitlets.Unicode("").tag(sync=True)
    role = traitlets.Unicode("region").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("layout", {"display": "none"})
        super().__init__(**kwargs)


_SAY_ESM: Final = """
function render({ model, el }) {
  // a polite live region: a screen reader reads what is put in it when it is free, without
  // moving the focus; it is there from the start (a region added with its text is not read)
  const region = document.createElement("div");
  region.className = "dday-announcer";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  el.append(region);
  let timer = null;
  const say = () => {
    region.textContent = "";  // emptied first, so the same words said twice are read twice
    clearTimeout(timer);
    timer = setTimeout(() => { region.textContent = model.get("message"); }, 100);
  };
  model.on("change:said", say);
  return () => { clearTimeout(timer); model.off("change:said", say); };
}
export default { render };
"""

# Out of sight but not out of hearing: "display: none" would silence the region.
_SAY_CSS: Final = """
.dday-announcer { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
"""


class Announcer(anywidget.AnyWidget):  # type: ignore[misc]  # anywidget has no type hints
    """Says a message to a screen reader (a polite ``role="status"`` live region), and shows nothing.

    A lab calls :meth:`say` after each button: the dice just rolled, what happened, what is due
    next, the words a sighted learner reads around the buttons. ``said`` counts the messages,
    so the same words said twice are read twice.

    >>> voice = Announcer()
    >>> voice.say("Rolled 1, 4, 4: 1 hit.")
    >>> voice.message, voice.said
    ('Rolled 1, 4, 4: 1 hit.', 1)
    """

    _esm = _SAY_ESM
    _css = _SAY_CSS
    message = traitlets.Unicode("").tag(sync=True)
    said = traitlets.Int(0).tag(sync=True)

    def say(self, message: str) -> None:
        """Have ``message`` read out (nothing is said for an empty message)."""
        if message.strip():
            with self.hold_sync():
                self.message = message
                self.said += 1


class _Words(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


# The signs the labs draw, in words: a screen reader says "heavy ballot X" for ✘ and
# "greater than" for the log's arrow.
_SIGN_WORDS: Final = {"✘ ": "Not done: ", "✔ ": "Done: ", "⚄ ": "", " -> ": ": "}


def spoken(markup: str) -> str:
    """The words of an HTML fragment, as a screen reader should read them: the text without its
    tags, entities decoded, spaces squeezed, and the labs' signs said in words.

    >>> spoken('<div>⚄ <b>Blockhouse in F4</b> &mdash; press <b>Roll</b>.</div>')
    'Blockhouse in F4 — press Roll.'
    >>> spoken("dice 1,4,4 -> 1 hit"), spoken("<b>✘ no such file</b>"), spoken("✔ Saved 3 inputs")
    ('dice 1,4,4: 1 hit', 'Not done: no such file', 'Done: Saved 3 inputs')
    """
    words = _Words()
    words.feed(markup)
    words.close()
    text = " ".join("".join(words.parts).split())
    for sign, said in _SIGN_WORDS.items():
        text = text.replace(sign, said)
    return text


MAX_SPOKEN_LINES: Final = 6
"""At most this many new log lines are read out after a button (a bot's whole turn logs dozens)."""


def news(lines: Sequence[str], heard: int, *, first: str = "", then: Sequence[str] = ()) -> str:
    """What a button did, as one paragraph to say: ``first`` (a sentence), the log ``lines`` past the
    first ``heard`` (a count and the last :data:`MAX_SPOKEN_LINES` when there are more), then the
    HTML fragments ``then`` in words (a message, what is due next). Empty parts are left out.

    >>> news(["Turn 1", "F4 fires: dice 6 -> miss"], 1, first="Rolled 6.", then=["<b>Press Roll</b>", ""])
    'Rolled 6. F4 fires: dice 6: miss. Press Roll'
    >>> news([f"line {i}" for i in range(10)], 0).split(". ")[0]
    '10 new lines in the game log; the last 6: line 4'
    """
    new = list(lines[heard:])
    parts = [first]
    if len(new) > MAX_SPOKEN_LINES:
        parts.append(f"{len(new)} new lines in the game log; the last {MAX_SPOKEN_LINES}:")
        new = new[-MAX_SPOKEN_LINES:]
    parts += [spoken(line).rstrip(".") + "." for line in new]
    parts += [spoken(fragment) for fragment in then]
    return " ".join(p for p in parts if p)
