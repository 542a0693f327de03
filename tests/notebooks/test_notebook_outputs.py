"""What a learner reads in the notebooks' outputs: no number longer than 12 digits, no scientific notation,
no fraction with more than 5 digits below the line and, in the card notebooks, the odds lab and the lesson
(01–19), no code notation (issue 31).

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

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(NOTEBOOK_DIR.glob("*.ipynb"))

LONG_NUMBER = re.compile(r"\d{13,}")
LONG_FRACTION = re.compile(r"\b(\d+)\s*/\s*(\d+)\b")
MAX_DENOMINATOR_DIGITS = 5  # 91/216 reads; 15625/104976 does not
CODE = re.compile(
    r"\b[A-Za-z_]\w*\.[A-Za-z_]\w*\("  # a call: d.explain(, dday.odds.zone_fight(
    r"|\b\w+\[['\"]"  # a look-up: df.attrs['exact']
    r"|\b(?:Fraction|Distribution|Force|array)\("  # a Python repr
    r"|\b(?:dday|odds|lab|fight)\.[a-z_]+"  # a module or object path: dday.odds.zone_fight, lab.fight
    r"|\b[a-z]+_[a-z_]+\b"  # a snake_case name: allies_hold, continuous_hold
)
LEARNER = [p for p in ALL if "01" <= p.name[:2] <= "19"]
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

    >>> glitches("P = 6458032651/33059881728 ≈ 19.5 %; 2.566056e-11; 1/6; 91/216; 1234567890123")
    ['6458032651/33059881728', '2.566056e-11', '1234567890123']
    >>> glitches("15625/104976 ≈ 14.9 %")
    ['15625/104976']
    """
    found = [m.group(0) for m in LONG_FRACTION.finditer(text) if len(m.group(2)) > MAX_DENOMINATOR_DIGITS]
    found += [m.group(0) for m in SCIENTIFIC.finditer(text)]
    found += [m.group(0) for m in LONG_NUMBER.finditer(text) if not any(m.group(0) in f for f in found)]
    return found


def code_notation(text: str) -> list[str]:
    """Code a learner of the card notebooks should not have to read in ``text``.

    >>> code_notation("print(d.explain()); df.attrs['exact']; allies_hold; Fraction(1, 6); see dday.odds.zone_fight")
    ['d.explain(', "attrs['", 'allies_hold', 'Fraction(', 'dday.odds', 'zone_fight']
    >>> code_notation("Allies hold: 97.2 %. Order card 11 (R-COMBAT-6), 4i 2a 2t, 19.5 %.")
    []
    """
    return [m.group(0) for m in CODE.finditer(text)]


def outputs_of(path: Path) -> list[tuple[int, str]]:
    """(cell number, text a person reads) for every output of ``path`` run top to bottom."""
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK_DIR)}}).execute()
    return [(i, visible_text(o)) for i, cell in enumerate(nb.cells) if cell.cell_type == "code" for o in cell.get("outputs", [])]


@pytest.mark.slow
@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_outputs_show_no_long_numbers_or_scientific_notation(path: Path) -> None:
    outputs = outputs_of(path)
    bad = [f"cell {i}: {g}" for i, text in outputs for g in glitches(text)]
    assert not bad, f"{path.name}: numbers no learner should have to read: {bad}"
    if path in LEARNER:
        code = [f"cell {i}: {c}" for i, text in outputs for c in code_notation(text)]
        assert not code, f"{path.name}: code notation in what a learner reads: {code}"


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_no_notebook_cuts_an_explanation_by_lines(path: Path) -> None:
    """Issue 31: 11 printed ``d.explain().splitlines()[1]``, half a sentence that said the defender rolls
    2 dice (it rolls 9). Explanations are wrapped for reading: print them whole, or print a piece that
    is whole by design (such as ``odds.cycle_dice``)."""
    nb = nbformat.read(path, as_version=4)
    cuts = [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code" and re.search(r"\.splitlines\(\)\s*\[", cell.source)]
    assert not cuts, f"{path.name}: cells {cuts} cut a text by lines"


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_figures_are_shown_in_an_output_widget(path: Path) -> None:
    """Issue 31.9: in the classroom app ``fig.show()`` made jupyterlab-plotly throw ``TypeError: r.setData
    is not a function`` (17, 20, 21, 23, 24): the notebooks show figures with ``dday.tutorial.show_figure``."""
    nb = nbformat.read(path, as_version=4)
    shows = [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code" and re.search(r"\.show\(", cell.source)]
    assert not shows, f"{path.name}: cells {shows} call fig.show()"
