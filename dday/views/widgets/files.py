"""Saved games in the browser and in the notebook's folder, never elsewhere on the server.

Students on a JupyterHub or in the classroom app (Voilà) cannot reach the server's folders, so the
game board offers its save as a link (the file travels inside the page, base64-encoded) and reads a
save through :class:`SaveUpload`, which checks the file's size in the browser before sending it: a
file too big for the kernel's connection gets a sentence on the board instead of vanishing.

In JupyterLab the board also has a file box; :func:`notebook_folder_file` confines it to the
notebook's own folder (a plain file name, no path) and refuses anything that is not a regular file.

>>> 'download="game.json"' in download_link_html('{"a": 1}', "game.json")
True
>>> notebook_folder_file("my game.json", Path("/srv/class")).name
'my game.json'
>>> notebook_folder_file("../../etc/passwd.json", Path("/srv/class"))
Traceback (most recent call last):
...
dday.views.widgets.files.FileBoxError: a file name only, without a folder: '../../etc/passwd.json'
"""

from __future__ import annotations

import base64
import os
import stat
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ...play.save_file import MAX_FILE_BYTES

# The browser sends no file larger than the loader reads (a saved game of the longest rule set is
# under 100 KB), which also keeps every upload far below one message of the kernel's websocket
# (tornado's default limit is 10 MiB; a bigger message closes the connection without a word).
UPLOAD_LIMIT = MAX_FILE_BYTES
MAX_NAME = 100
NO_SAVE_FOLDERS = (Path("/proc"), Path("/sys"), Path("/dev"))


class FileBoxError(ValueError):
    """A name in the file box that the board will not read or write (a path, a device, a link...)."""


def in_app() -> bool:
    """Whether this kernel serves a Voilà page (the classroom app, or Voilà on a hub): there every
    widget value comes from a stranger's browser, so no widget may name a server file."""
    return os.environ.get("DDAY_APP") == "1" or any(k.startswith("VOILA_") for k in os.environ)


def notebook_folder_file(name: str, folder: Path | None = None) -> Path:
    """The file ``name`` in the notebook's folder (the kernel's working folder), if the box may use it.

    Refused: an empty or long name, any folder part or separator, a hidden name, a name not ending in
    ``.json``, a link, and anything there that is not a regular file (a device, a pipe, a folder)."""
    folder = Path.cwd() if folder is None else folder
    text = name.strip()
    if not text:
        raise FileBoxError("type a file name, for example my_game.json")
    if len(text) > MAX_NAME:
        raise FileBoxError(f"a file name of at most {MAX_NAME} characters, please (this one has {len(text)})")
    if any(sep in text for sep in ("/", "\\", "\0")) or text in (".", ".."):
        raise FileBoxError(f"a file name only, without a folder: {text[:60]!r}")
    if text.startswith("."):
        raise FileBoxError(f"a file name that does not start with a dot: {text[:60]!r}")
    if not text.lower().endswith(".json"):
        raise FileBoxError(f"a saved game's name ends in .json: {text[:60]!r}")
    real_folder = Path(os.path.realpath(folder))
    if any(real_folder == s or real_folder.is_relative_to(s) for s in NO_SAVE_FOLDERS):
        raise FileBoxError("the notebook's folder is a system folder; saving there is not allowed")
    path = folder / text
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return path
    if stat.S_ISLNK(info.st_mode):
        raise FileBoxError(f"{text[:60]} is a link; the file box uses only plain files in the notebook's folder")
    if not stat.S_ISREG(info.st_mode):
        raise FileBoxError(f"{text[:60]} is not a plain file (a folder, a device or a pipe)")
    return path


def download_link_html(text: str, filename: str, label: str = "Download the saved game") -> str:
    """An ``<a download>`` link carrying ``text`` as a JSON file named ``filename``."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (
        f'<a class="dday-download" download="{escape(filename)}" href="data:application/json;base64,{data}" '
        f'style="font-size:17px">⬇ {escape(label)} ({escape(filename)}, {len(text.encode("utf-8")):,} bytes)</a>'
    )


def size_words(n: int) -> str:
    """A file size for people.

    >>> size_words(950), size_words(12_345), size_words(12_600_000)
    ('950 bytes', '12 KB', '12.6 MB')
    """
    if n < 1000:
        return f"{n} byte" + ("" if n == 1 else "s")
    if n < 1_000_000:
        return f"{n / 1000:.0f} KB"
    return f"{n / 1_000_000:.1f} MB"


_ESM = """
function render({ model, el }) {
  const id = "dday-upload-" + Math.random().toString(36).slice(2);
  const label = document.createElement("label");
  label.htmlFor = id;
  label.className = "dday-upload-label";
  label.textContent = model.get("description");
  const input = document.createElement("input");
  input.type = "file";
  input.id = id;
  input.accept = model.get("accept");
  input.className = "dday-upload-input";
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > model.get("max_bytes")) {
      model.send({ event: "too_big", name: file.name, size: file.size });
      return;
    }
    const buffer = await file.arrayBuffer();
    model.send({ event: "file", name: file.name, size: file.size }, undefined, [buffer]);
  });
  el.classList.add("dday-upload");
  el.append(label, input);
}
export default { render };
"""

_CSS = """
.dday-upload { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; font-size: 15px; }
.dday-upload-label { font-weight: bold; }
.dday-upload-input:focus-visible { outline: 3px solid #0b4f8a; outline-offset: 2px; }
"""


class SaveUpload(anywidget.AnyWidget):  # type: ignore[misc]
    """A labelled file chooser that sends a saved game to the kernel, or only its name and size if it is
    larger than ``max_bytes`` (checked in the browser, and again here: a browser's message is a stranger's)."""

    _esm = _ESM
    _css = _CSS
    description = traitlets.Unicode("Load a saved game from your computer:").tag(sync=True)
    accept = traitlets.Unicode(".json").tag(sync=True)
    max_bytes = traitlets.Int(UPLOAD_LIMIT).tag(sync=True)

    def __init__(self, on_file: Callable[[str, bytes], Any], on_too_big: Callable[[str, int], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_file = on_file
        self._on_too_big = on_too_big
        self.on_msg(lambda _widget, content, buffers: self.browser_message(content, buffers))

    def receive(self, name: str, data: bytes) -> None:
        """What the browser's file chooser does with a file (also how tests drive the widget)."""
        if len(data) > self.max_bytes:
            self._on_too_big(name, len(data))
        else:
            self._on_file(name, data)

    def browser_message(self, content: Any, buffers: Any) -> None:
        """A message from the page: a file (name, size and its bytes) or only the name and size of one too big."""
        if not isinstance(content, dict):
            return
        name = str(content.get("name", "upload"))[:MAX_NAME]
        if content.get("event") == "too_big":
            size = content.get("size")
            self._on_too_big(name, size if isinstance(size, int) and size > 0 else self.max_bytes + 1)
        elif content.get("event") == "file" and buffers:
            self.receive(name, bytes(buffers[0]))
