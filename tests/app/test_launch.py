"""The tutorial leaves the repository: copied by ``python -m dday tutorial``, shipped in the wheel
(with its licences, data and ``py.typed``), served by ``python -m dday app``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from dday import cli, launch

PY = sys.executable


def _notebook_names(notebooks_dir: Path) -> list[str]:
    return sorted(p.name for p in notebooks_dir.glob("*.ipynb"))


def test_copy_tutorial_copies_every_notebook(tmp_path: Path, notebooks_dir: Path) -> None:
    report = launch.copy_tutorial(tmp_path / "class")
    assert sorted(report.copied) == _notebook_names(notebooks_dir)
    for name in report.copied:
        assert (tmp_path / "class" / name).read_bytes() == (notebooks_dir / name).read_bytes()
    assert report.summary().endswith(f"{len(report.copied)} notebooks copied")


def test_copy_tutorial_keeps_a_learners_edits_unless_forced(tmp_path: Path) -> None:
    launch.copy_tutorial(tmp_path)
    edited = tmp_path / "01_airborne_assault.ipynb"
    edited.write_text("my notes", encoding="utf-8")
    again = launch.copy_tutorial(tmp_path)
    assert again.kept == ["01_airborne_assault.ipynb"] and not again.copied
    assert edited.read_text(encoding="utf-8") == "my notes"
    assert "1 edited notebook kept as you left it" in again.summary()
    forced = launch.copy_tutorial(tmp_path, force=True)
    assert forced.copied == ["01_airborne_assault.ipynb"]
    assert json.loads(edited.read_text(encoding="utf-8"))["cells"]


def test_copy_tutorial_updates_the_notebooks_nobody_edited_after_dday_is_updated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hub copies the tutorial at every start, and ``git pull`` or ``pip install -U`` brings new
    notebooks: a copy nobody edited since it was copied is replaced by the new version; an edited
    one is kept; a folder copied before the record existed keeps what differs (it cannot tell)."""
    old, new = tmp_path / "old", tmp_path / "new"
    for folder, text in ((old, "version 1"), (new, "version 2")):
        folder.mkdir()
        for name in ("01_a.ipynb", "02_b.ipynb", "03_c.ipynb"):
            (folder / name).write_text(f"{name} {text}", encoding="utf-8")
    class_dir = tmp_path / "class"
    monkeypatch.setattr(launch, "_source_dir", lambda: old)
    assert launch.copy_tutorial(class_dir).copied == ["01_a.ipynb", "02_b.ipynb", "03_c.ipynb"]
    assert (class_dir / launch.COPIED_RECORD).is_file()
    (class_dir / "02_b.ipynb").write_text("my notes", encoding="utf-8")  # the learner's work
    monkeypatch.setattr(launch, "_source_dir", lambda: new)  # dday was updated
    report = launch.copy_tutorial(class_dir)
    assert report.updated == ["01_a.ipynb", "03_c.ipynb"] and report.kept == ["02_b.ipynb"] and not report.copied
    assert (class_dir / "01_a.ipynb").read_text(encoding="utf-8") == "01_a.ipynb version 2"
    assert (class_dir / "02_b.ipynb").read_text(encoding="utf-8") == "my notes"
    assert "2 notebooks updated to this version of dday" in report.summary()
    assert launch.copy_tutorial(class_dir).unchanged == ["01_a.ipynb", "03_c.ipynb"]  # and then left alone

    (class_dir / launch.COPIED_RECORD).write_text("{not json", encoding="utf-8")  # a damaged record: nothing is replaced
    monkeypatch.setattr(launch, "_source_dir", lambda: old)
    damaged = launch.copy_tutorial(class_dir)
    assert damaged.kept == ["01_a.ipynb", "02_b.ipynb", "03_c.ipynb"] and not damaged.updated
    assert (class_dir / "01_a.ipynb").read_text(encoding="utf-8") == "01_a.ipynb version 2"


def test_copy_tutorial_refuses_a_file_in_the_way(tmp_path: Path) -> None:
    blocker = tmp_path / "x"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(launch.TutorialError, match="is a file"):
        launch.copy_tutorial(blocker)


def test_tutorial_command_copies_without_a_browser(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["tutorial", str(tmp_path / "t"), "--no-browser"]) == 0
    out = capsys.readouterr().out
    assert "notebooks copied" in out and " -m dday tutorial " in out
    assert (tmp_path / "t" / "00_start_here.ipynb").is_file()


def test_app_command_names_an_unknown_notebook(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["app", "01_no_such_notebook", "--no-browser"]) == 1
    err = capsys.readouterr().err
    assert "no notebook '01_no_such_notebook.ipynb'" in err and "01_airborne_assault.ipynb" in err


def test_app_command_refuses_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.main(["app", "--port", "99999"])
    assert e.value.code == 2
    assert "between 1 and 65535" in capsys.readouterr().err


def test_help_names_the_command_as_it_was_started() -> None:
    module = subprocess.run([PY, "-m", "dday", "--help"], capture_output=True, text=True, check=True)
    assert module.stdout.startswith("usage: python -m dday ")
    script = Path(PY).parent / "dday"
    if script.exists():
        out = subprocess.run([str(script), "--help"], capture_output=True, text=True, check=True).stdout
        assert out.startswith("usage: dday ")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, repo_root: Path) -> tuple[Path, Path]:
    """(wheel, sdist) built from the checkout the way a release is: sdist first, the wheel from it."""
    pytest.importorskip("build", reason="the 'build' package (test extra) is not installed")
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([PY, "-m", "build", "--no-isolation", "--outdir", str(out), str(repo_root)], check=True, capture_output=True, text=True)
    (wheel,) = out.glob("dday_tutorial-*.whl")
    (sdist,) = out.glob("dday_tutorial-*.tar.gz")
    return wheel, sdist


def test_wheel_carries_notebooks_data_licences_and_types(built: tuple[Path, Path], notebooks_dir: Path) -> None:
    wheel, _ = built
    names = set(zipfile.ZipFile(wheel).namelist())
    for nb in _notebook_names(notebooks_dir):
        assert f"dday/notebooks/{nb}" in names
    for data in ("dday/py.typed", "dday/data/board.json", "dday/data/zones.geojson"):
        assert data in names
    assert any(n.startswith("dday/data/reference/") and n.endswith(".md") for n in names)
    licences = {n.split(".dist-info/licenses/", 1)[1] for n in names if ".dist-info/licenses/" in n}
    assert {"LICENSE", "geo/LICENSE-zones.txt", "LICENSES/LGPL-3.0-or-later.txt", "LICENSES/GPL-3.0-or-later.txt", "LICENSES/CC-BY-4.0.txt"} <= licences
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "Name: dday-tutorial\n" in text
    assert "License-Expression: MIT AND LGPL-3.0-or-later AND CC-BY-4.0" in text
    assert "Provides-Extra: lab" in text and "Provides-Extra: app" in text
    requires = [line for line in text.splitlines() if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert requires and not any("jupyterlab" in r for r in requires)  # the core installs without JupyterLab


def test_tutorial_command_works_from_the_installed_wheel(built: tuple[Path, Path], tmp_path: Path, notebooks_dir: Path) -> None:
    """Install the wheel's files into a folder of their own and run the command from outside the checkout."""
    wheel, _ = built
    site = tmp_path / "site"
    subprocess.run([PY, "-m", "pip", "install", "-q", "--no-deps", "--disable-pip-version-check", "--target", str(site), str(wheel)], check=True)
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    where = subprocess.run([PY, "-c", "import dday; print(dday.__file__)"], cwd=work, env=env, capture_output=True, text=True, check=True)
    assert Path(where.stdout.strip()).is_relative_to(site)  # the wheel's copy, not the checkout's
    run = subprocess.run([PY, "-m", "dday", "tutorial", "lesson", "--no-browser"], cwd=work, env=env, capture_output=True, text=True, check=True)
    assert "notebooks copied" in run.stdout
    assert _notebook_names(work / "lesson") == _notebook_names(notebooks_dir)


@pytest.mark.parametrize("env_file", ["environment.yml", ".binder/environment.yml"])
def test_conda_environments_take_every_dependency_from_conda_forge(repo_root: Path, env_file: str) -> None:
    """pip installs only dday itself (every dependency is already there), so every runtime dependency,
    JupyterLab and Voila must come from conda-forge, with the same lower bounds as pyproject.toml."""
    import tomllib

    project = tomllib.loads((repo_root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["lab"], *project["optional-dependencies"]["app"]]
    text = (repo_root / env_file).read_text(encoding="utf-8")
    conda = {line.strip()[2:].strip() for line in text.splitlines() if line.startswith("  - ") and not line.strip().endswith(":")}
    assert "conda-forge" in text
    missing = [dep for dep in wanted if dep not in conda]
    assert not missing, f"{env_file} lacks {missing}"
    if env_file.startswith(".binder"):
        post = (repo_root / ".binder" / "postBuild").read_text(encoding="utf-8")
        assert "pip install --no-deps" in post
