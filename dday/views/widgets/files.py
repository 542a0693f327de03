"""Saved games in the browser: a download link for the game as it is, and the text of an uploaded file.

Students on a JupyterHub or under Voilà cannot reach the server's folders, so the game board
offers its save as a link (the file travels inside the page, base64-encoded) and reads a
save from an ``ipywidgets.FileUpload``.

>>> 'download="game.json"' in download_link_html('{"a": 1}', "game.json")
True
>>> uploaded_files(({"name": "g.json", "content": memoryview(b'{"a": 1}')},))
[('g.json', '{"a": 1}')]
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any


def download_link_html(text: str, filename: str, label: str = "Download the saved game") -> str:
    """An ``<a download>`` link carrying ``text`` as a JSON file named ``filename``."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (
        f'<a class="dday-download" download="{escape(filename)}" href="data:application/json;base64,{data}" '
        f'style="font-size:17px">⬇ {escape(label)} ({escape(filename)}, {len(text.encode("utf-8")):,} bytes)</a>'
    )


def uploaded_files(value: Iterable[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(name, text) of each file in a ``FileUpload.value``; bytes that are not UTF-8 are replaced (the loader then explains)."""
    out = []
    for f in value:
        content = f.get("content", b"")
        raw = content.tobytes() if isinstance(content, memoryview) else bytes(content)
        out.append((str(f.get("name", "upload")), raw.decode("utf-8", errors="replace")))
    return out
