"""What a learner reads in the notebooks' outputs: no number longer than 12 digits, no scientific notation.

Runs every notebook (as nbval does, top to bottom) with nbclient and scans the text it prints and the
HTML it shows (tables), tags and style sheets stripped. Plot data and widget models are not text a
learner reads and are not scanned.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
ALL = sorted(NOTEBOOK_DIR.glob("*.ipynb"))

LONG_NUMBER = re.compile(r"\d{13,}")
LONG_FRACTION = re.compile(r"\b(\d+)\s*/\s*(\d+)\b")
SCIENTIFIC = re.compile(r"(?<![\w.])\d+(?:\.\d+)?[eE][+-]?\d+\b")
TAGS = re.compile(r"<(style|script)\b.*?</\1>|<[^>]+>", re.S)


def visible_text(output: dict) -> str:
    """The parts of one cell output a person reads."""
    if output.get("output_type") == "stream":
        return str(output.get("text", ""))
    if output.get("output_type") == "error":
        return ""  # nbclient raised already
    data = output.get("data", {})
    if "text/html" in data:
        return html.unescape(TAGS.sub(" ", str(data["text/html"])))
    if "text/markdown" in data:
        return str(data["text/markdown"])
    if "text/plain" in data and "application/vnd.jupyter.widget-view+json" not in data and "application/vnd.plotly.v1+json" not in data:
        return str(data["text/plain"])
    return ""


def glitches(text: str) -> list[str]:
    """Numbers a learner should not have to read in ``text``.

    >>> glitches("P = 6458032651/33059881728 ≈ 19.5 %; 2.566056e-11; 1/6; 1234567890123")
    ['6458032651/33059881728', '2.566056e-11', '1234567890123']
    """
    found = [m.group(0) for m in LONG_FRACTION.finditer(text) if len(m.group(1)) + len(m.group(2)) > 12]
    found += [m.group(0) for m in SCIENTIFIC.finditer(text)]
    found += [m.group(0) for m in LONG_NUMBER.finditer(text) if not any(m.group(0) in f for f in found)]
    return found


@pytest.mark.slow
@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_outputs_show_no_long_numbers_or_scientific_notation(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK_DIR)}}).execute()
    bad = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            for g in glitches(visible_text(output)):
                bad.append(f"cell {i}: {g}")
    assert not bad, f"{path.name}: numbers no learner should have to read: {bad}"
