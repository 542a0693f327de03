"""The notebooks as files: committed clean, all present, valid, and run by the normal test suite.

Running them is nbval's job (``--nbval-lax`` in ``pyproject.toml`` collects ``notebooks/``).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import nbformat
import pytest

from dday.views.tutorial import NOTEBOOKS

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(NOTEBOOK_DIR.glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    assert ALL, f"no notebooks in {NOTEBOOK_DIR}"


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_every_cell_has_an_id(path: Path) -> None:
    """nbformat 4.5 with a unique id on every cell, as JupyterLab writes it: a notebook without ids
    gets new random ones each time a teacher saves it, and its diff fills with them."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert (nb["nbformat"], nb["nbformat_minor"]) >= (4, 5), f"{path.name}: nbformat {nb['nbformat']}.{nb['nbformat_minor']}"
    ids = [cell.get("id") for cell in nb["cells"]]
    assert all(ids) and len(set(ids)) == len(ids), f"{path.name}: cells without an id or with a repeated one"


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_committed_without_outputs(path: Path) -> None:
    """Outputs (and saved widget state) are heavy and change on every run: strip them before committing."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    dirty = [
        i
        for i, cell in enumerate(nb["cells"])
        if cell["cell_type"] == "code" and (cell.get("outputs") or cell.get("execution_count") is not None)
    ]
    assert not dirty, (
        f"{path.name}: cells {dirty} have outputs or execution counts; run `jupyter nbconvert --clear-output --inplace {path}`"
    )
    assert "widgets" not in nb.get("metadata", {}), f"{path.name}: saved widget state in the metadata"


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_valid_and_on_the_python3_kernel(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3", f"{path.name} must use the python3 kernel"


def test_every_tutorial_notebook_exists() -> None:
    missing = [name for name in NOTEBOOKS if not (NOTEBOOK_DIR / name).exists()]
    assert not missing, f"notebooks named in dday.tutorial.NOTEBOOKS but not in notebooks/: {missing}"


def test_a_python3_kernel_is_installed() -> None:
    from jupyter_client.kernelspec import KernelSpecManager

    assert "python3" in KernelSpecManager().find_kernel_specs()


def test_the_normal_pytest_run_executes_the_notebooks() -> None:
    cfg = tomllib.loads((NOTEBOOK_DIR.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "notebooks" in cfg["testpaths"]
    assert "--nbval-lax" in cfg["addopts"].split()


@pytest.mark.parametrize("name", ["17_full_turn.ipynb", "18_combat_odds_lab.ipynb"])
def test_code_cells_are_short_calls(name: str) -> None:
    """The logic lives in dday.tutorial; a notebook cell is a few lines at most."""
    nb = nbformat.read(NOTEBOOK_DIR / name, as_version=4)
    long = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and len(c.source.splitlines()) > 6]
    assert not long, f"{name}: cells {long} are longer than six lines"
    assert any(c.cell_type == "markdown" for c in nb.cells)
