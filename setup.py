"""Build hook: the tutorial notebooks (``notebooks/*.ipynb``) go into the wheel as ``dday/notebooks/``.

Everything else about the package is declared in ``pyproject.toml``. The notebooks stay at the
top of the repository, where a reader of the repository looks for them; ``python -m dday tutorial``
copies them out of an installed wheel (and out of the checkout, for an editable install).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPyWithNotebooks(build_py):
    """``build_py`` that also copies the tutorial notebooks into the built package."""

    def run(self) -> None:
        super().run()
        source = Path("notebooks")
        if getattr(self, "editable_mode", False) or not source.is_dir():
            return  # an editable install reads the checkout's notebooks/ directly
        target = Path(self.build_lib) / "dday" / "notebooks"
        target.mkdir(parents=True, exist_ok=True)
        for notebook in sorted(source.glob("*.ipynb")):
            shutil.copyfile(notebook, target / notebook.name)


setup(cmdclass={"build_py": BuildPyWithNotebooks})
