"""Get the tutorial onto a learner's machine or a classroom server.

``python -m dday tutorial [DIR]`` copies the notebooks into ``DIR`` and opens JupyterLab there;
``python -m dday app [NOTEBOOK]`` serves them through Voilà, with the code hidden and the widgets
live. The notebooks travel inside the wheel (``dday/notebooks/``); in a checkout with an editable
install they are read from the repository's ``notebooks/`` folder.

>>> names = [p.name for p in tutorial_notebooks()]
>>> names[0], len(names) >= 25
('00_start_here.ipynb', True)
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .classroom import AppSettings
from .rules.words import count

DEFAULT_DIR = "dday-tutorial"
COPIED_RECORD = ".dday-copied.json"
"""The file, in a copied tutorial's folder, that records what was copied (a hidden file: Jupyter does not list it)."""
DISTRIBUTION = "dday-tutorial"  # the name to pip install (the import name and the command stay ``dday``)


class TutorialError(RuntimeError):
    """The tutorial cannot be copied or served (no notebooks found, a file in the way, a missing extra)."""


def _source_dir() -> Path:
    """Where the notebooks are: inside the installed package, else the checkout's ``notebooks/``."""
    packaged = Path(str(resources.files("dday") / "notebooks"))
    if packaged.is_dir() and any(packaged.glob("*.ipynb")):
        return packaged
    checkout = Path(__file__).resolve().parent.parent / "notebooks"
    if checkout.is_dir() and any(checkout.glob("*.ipynb")):
        return checkout
    raise TutorialError("the tutorial notebooks are not installed with this copy of dday (reinstall it from a wheel or a checkout)")


def tutorial_notebooks() -> list[Path]:
    """The tutorial's notebooks, in reading order (``00_start_here.ipynb`` first)."""
    return sorted(_source_dir().glob("*.ipynb"))


@dataclass
class CopyReport:
    """What :func:`copy_tutorial` did, file by file."""

    folder: Path
    copied: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # differ from ours: the learner's edits, left alone
    updated: list[str] = field(default_factory=list)  # an earlier version's copy, never edited: replaced by ours

    def summary(self) -> str:
        """One line for a person, e.g. ``"dday-tutorial: 25 notebooks copied"``."""
        parts = []
        if self.copied:
            parts.append(f"{count(len(self.copied), 'notebook')} copied")
        if self.updated:
            parts.append(f"{count(len(self.updated), 'notebook')} updated to this version of dday")
        if self.unchanged:
            parts.append(f"{count(len(self.unchanged), 'notebook')} already there")
        if self.kept:
            parts.append(f"{count(len(self.kept), 'edited notebook')} kept as you left {'it' if len(self.kept) == 1 else 'them'} (--force replaces them)")
        return f"{self.folder}: {'; '.join(parts) or 'no notebooks'}"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_record(dest: Path) -> dict[str, str]:
    """What an earlier :func:`copy_tutorial` copied into ``dest`` (file name: SHA-256); ``{}`` when
    there is no record or it cannot be read (then every differing notebook counts as edited)."""
    try:
        record = json.loads((dest / COPIED_RECORD).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    files = record.get("files") if isinstance(record, dict) else None
    return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(files, dict) else {}


def copy_tutorial(folder: str | Path = DEFAULT_DIR, *, force: bool = False) -> CopyReport:
    """Copy the notebooks into ``folder`` (made if missing). A notebook already there that differs
    from ours is the learner's work and is kept unless ``force``; identical ones are left as they are.

    The folder keeps a record of what was copied (:data:`COPIED_RECORD`), so that after dday is
    updated (``pip install -U``, ``git pull``) a notebook nobody edited since it was copied is
    replaced by the new version, while an edited one is still kept.
    """
    dest = Path(folder).expanduser()
    if dest.exists() and not dest.is_dir():
        raise TutorialError(f"{dest} is a file, not a folder")
    try:
        dest.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise TutorialError(f"cannot make the folder {dest}: {e.strerror or e}") from None
    report = CopyReport(dest)
    earlier = _read_record(dest)
    record = dict(earlier)
    for nb in tutorial_notebooks():
        target = dest / nb.name
        ours = nb.read_bytes()
        if target.exists():
            theirs = target.read_bytes()
            if theirs == ours:
                report.unchanged.append(nb.name)
                record[nb.name] = _digest(ours)
                continue
            untouched = earlier.get(nb.name) == _digest(theirs)  # as an earlier version copied it
            if not force and not untouched:
                report.kept.append(nb.name)
                continue
            (report.updated if untouched and not force else report.copied).append(nb.name)
        else:
            report.copied.append(nb.name)
        shutil.copyfile(nb, target)
        record[nb.name] = _digest(ours)
    try:
        (dest / COPIED_RECORD).write_text(json.dumps({"files": record}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    except OSError as e:
        raise TutorialError(f"cannot write {dest / COPIED_RECORD}: {e.strerror or e}") from None
    return report


def _require(module: str, extra: str, what: str) -> None:
    if importlib.util.find_spec(module) is None:
        raise TutorialError(f"{what} is not installed: {python_name()} -m pip install \"{DISTRIBUTION}[{extra}]\"")


def python_name() -> str:
    """How to type this Python in the user's shell: ``python`` when the running environment is the
    active one (its ``bin`` folder comes first on PATH), else the interpreter's path, relative when
    it is under the current folder (``.venv/bin/python``)."""
    here = Path(sys.executable)
    for name in ("python", "python3"):
        found = shutil.which(name)
        if found and Path(found).parent == here.parent:
            return name
    try:
        return str(here.relative_to(Path.cwd()))
    except ValueError:
        return str(here)


def running_as_root() -> bool:
    """True when this process runs as root (a container, a CI runner); never on Windows."""
    geteuid = getattr(os, "geteuid", None)
    return geteuid is not None and geteuid() == 0


def lab_command(folder: str | Path, *, as_root: bool | None = None) -> list[str]:
    """The JupyterLab command that opens ``00_start_here.ipynb`` in ``folder``. JupyterLab refuses to
    start as root unless told ``--allow-root``; as root (``as_root`` defaults to the truth) it is told.

    >>> cmd = lab_command("t", as_root=False)
    >>> cmd[1:3], cmd[-1], "--allow-root" in lab_command("t", as_root=True)
    (['-m', 'jupyterlab'], '00_start_here.ipynb', True)
    """
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={Path(folder).resolve()}"]
    if running_as_root() if as_root is None else as_root:
        cmd.append("--allow-root")
    return [*cmd, "00_start_here.ipynb"]


def open_lab(folder: str | Path) -> int:
    """Run JupyterLab in ``folder`` on ``00_start_here.ipynb`` until it stops; returns its exit code.

    Ctrl+C reaches JupyterLab too (the terminal sends it to both processes): JupyterLab asks whether
    to stop and stops on a second Ctrl+C, so this process waits for it to shut its kernels down
    rather than killing it; only a third Ctrl+C ends it."""
    _require("jupyterlab", "lab", "JupyterLab")
    lab = subprocess.Popen(lab_command(folder), cwd=folder)
    interrupts = 0
    while True:
        try:
            return lab.wait()
        except KeyboardInterrupt:
            interrupts += 1
            if interrupts >= 3:
                lab.terminate()


def app_settings(
    notebooks: Sequence[str] = (),
    *,
    host: str = "127.0.0.1",
    port: int = 8866,
    token: str | None = None,
    pool: int = 10,
    cull_after: int = 60,
    open_browser: bool = True,
) -> AppSettings:
    """The classroom app's settings, the notebook names checked against the tutorial's.

    >>> s = app_settings(["01_airborne_assault"], token="abc", open_browser=False)
    >>> s.lesson, s.host, s.token
    (('01_airborne_assault.ipynb',), '127.0.0.1', 'abc')
    """
    names = {nb.name for nb in tutorial_notebooks()}
    lesson = []
    for notebook in notebooks:
        name = notebook if notebook.endswith(".ipynb") else notebook + ".ipynb"
        if name not in names:
            close = sorted(n for n in names if n.startswith(name[:2]))
            raise TutorialError(f"no notebook {name[:80]!r} in the tutorial" + (f"; did you mean {', '.join(close)}?" if close else ""))
        lesson.append(name)
    settings = AppSettings(host=host, port=port, lesson=tuple(lesson), pool=pool, cull_after=cull_after, open_browser=open_browser)
    if token is not None:
        settings.token = token
    return settings


def serve_app(settings: AppSettings, *, folder: str | Path | None = None) -> int:
    """Serve the tutorial to a class with Voilà until stopped (Ctrl+C or SIGTERM).

    With ``folder``, the notebooks are first copied there as ``dday tutorial`` does (a notebook the
    teacher edited is kept and served as edited); the app then serves a temporary copy of that
    folder, so nothing a page does reaches it."""
    _require("voila", "app", "Voilà")
    from .classroom import ClassroomError, serve

    if folder is None:
        source = _source_dir()
    else:
        report = copy_tutorial(folder)
        print(report.summary(), flush=True)
        source = report.folder
    try:
        return serve(source, settings, announce=lambda line: print(line, flush=True))
    except ClassroomError as e:
        raise TutorialError(str(e)) from None


def main_tutorial(folder: str, *, force: bool, open_browser: bool) -> int:
    """``python -m dday tutorial``: copy, say what happened, then open JupyterLab unless told not to.
    Returns 0, or JupyterLab's own exit code (1 when it does not start)."""
    report = copy_tutorial(folder, force=force)
    print(report.summary())
    if not open_browser:
        print(f"Open it with:  {python_name()} -m dday tutorial {shlex.quote(str(report.folder))}")
        return 0
    _require("jupyterlab", "lab", "JupyterLab")
    root = " (as root, so with --allow-root)" if running_as_root() else ""
    print(f"Opening JupyterLab on 00_start_here.ipynb{root}; stop it with Ctrl+C twice.", flush=True)
    code = open_lab(report.folder)
    if code in (0, -signal.SIGINT):  # stopped by Ctrl+C (without a terminal it ends on the first)
        return 0
    print(f"JupyterLab stopped with exit code {code}: its message is above.", file=sys.stderr)
    return code if 0 < code < 256 else 1
