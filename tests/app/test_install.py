"""A newcomer's install: the distribution's own name everywhere, conda files pip can read, every
licence the metadata names shipped as a text, and ``python -m dday tutorial`` as root or not, with
an exit code that tells whether JupyterLab started."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from dday import cli, launch

PY = sys.executable
PROJECT = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_distribution_name_is_ours_and_the_code_says_it() -> None:
    """"dday" on the package index is someone else's project: ours installs as dday-tutorial."""
    assert PROJECT["name"] == launch.DISTRIBUTION == "dday-tutorial"
    for extra in ("test", "dev"):
        own = [r for r in map(Requirement, PROJECT["optional-dependencies"][extra]) if r.name.startswith("dday")]
        assert own and all(r.name == PROJECT["name"] for r in own)


def _install_texts(repo_root: Path) -> dict[str, str]:
    files = [
        repo_root / "README.md",
        repo_root / "environment.yml",
        repo_root / "pyproject.toml",
        *sorted((repo_root / "docs").rglob("*.md")),
        *sorted((repo_root / ".binder").iterdir()),
        *sorted((repo_root / "notebooks").glob("*.ipynb")),
        *sorted((repo_root / "dday").rglob("*.py")),
        *sorted((repo_root / "deploy").rglob("*")),
        repo_root / "scripts" / "test.sh",
    ]
    return {str(f.relative_to(repo_root)): f.read_text(encoding="utf-8") for f in files if f.is_file()}


def _installed_names(text: str) -> list[str]:
    """The distribution names after each ``pip install`` in a text (up to ``&&``, ``;``, a backquote or the line's end).

    >>> _installed_names('pip install -q "dday[lab]" numpy && python -m dday x; pip install -e ".[dev]"')
    ['dday', 'numpy']
    """
    names = []
    for m in re.finditer(r"pip install(.*)", text):
        command = re.split(r"&&|;|\||`|\\|\)", m.group(1))[0]
        for token in command.split():
            token = token.strip("\"'")
            name = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", token)
            if name and not token.startswith("-") and "/" not in token:
                names.append(name.group(0))
    return names


def test_no_install_line_names_the_other_projects_dday(repo_root: Path) -> None:
    """``pip install "dday[lab]"`` would install the unrelated "dday" from the index."""
    found = {name: names for name, text in _install_texts(repo_root).items() if "dday" in (names := _installed_names(text))}
    assert not found, found
    readme = (repo_root / "README.md").read_text(encoding="utf-8")
    assert "dday-tutorial" in _installed_names(readme) and "python -m build" in readme
    assert f"dday_tutorial-{PROJECT['version']}-py3-none-any.whl[lab]" in readme  # the file python -m build writes


def test_the_missing_extra_message_names_our_distribution(monkeypatch: pytest.MonkeyPatch) -> None:
    real = launch.importlib.util.find_spec
    monkeypatch.setattr(launch.importlib.util, "find_spec", lambda name: None if name == "jupyterlab" else real(name))
    with pytest.raises(launch.TutorialError, match=r'-m pip install "dday-tutorial\[lab\]"'):
        launch.open_lab(".")


def _pip_items(env_file: Path) -> list[str]:
    """The items under ``- pip:`` in a conda environment file (the lines conda hands to ``pip install -r``)."""
    items, inside = [], False
    for line in env_file.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("#") or not line.strip():
            continue
        if re.fullmatch(r"\s*- pip:\s*", line):
            inside = True
            continue
        if inside:
            if re.match(r"\s{4,}- ", line):
                items.append(line.strip()[2:].strip())
            else:
                inside = False
    return items


@pytest.mark.parametrize("env_file", ["environment.yml", ".binder/environment.yml"])
def test_conda_pip_items_are_lines_a_requirements_file_accepts(repo_root: Path, env_file: str) -> None:
    """conda writes the pip items into a requirements file and runs ``pip install -r`` on it in the
    environment file's folder: an item is a requirement or ``-e PATH`` (a folder there), never a
    bare option such as ``--no-deps`` (pip: "Invalid requirement")."""
    path = repo_root / env_file
    for item in _pip_items(path):
        if item.startswith("-e "):
            assert (path.parent / item[3:].strip()).is_dir(), item
        else:
            assert not item.startswith("-"), f"{env_file}: {item!r} is an option, not a requirement"
            Requirement(item)  # raises InvalidRequirement for anything else


def test_pip_reads_environment_yml_pip_items_as_a_requirements_file(repo_root: Path, tmp_path: Path) -> None:
    """What conda does, minus the download: pip parses the file and resolves ``-e .`` offline."""
    items = _pip_items(repo_root / "environment.yml")
    requirements = tmp_path / "condaenv.requirements.txt"
    requirements.write_text("\n".join(items) + "\n", encoding="utf-8")
    run = subprocess.run(
        [PY, "-m", "pip", "install", "--dry-run", "--no-index", "--no-deps", "--no-build-isolation", "--disable-pip-version-check", "-r", str(requirements)],
        cwd=repo_root,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert f"Would install {PROJECT['name']}-{PROJECT['version']}" in run.stdout
    assert items == ["-e ."]  # dday itself, nothing else: conda brought every dependency


def test_every_licence_in_the_expression_ships_as_a_text(repo_root: Path) -> None:
    ids = [part.strip() for part in PROJECT["license"].split(" AND ")]
    assert "CC-BY-4.0" in ids
    for spdx in ids:
        text = repo_root / ("LICENSE" if spdx == "MIT" else f"LICENSES/{spdx}.txt")
        assert text.is_file(), f"no licence text for {spdx}"
    cc = (repo_root / "LICENSES" / "CC-BY-4.0.txt").read_text(encoding="utf-8")
    assert cc.startswith("Creative Commons Attribution 4.0 International")
    for heading in ("Section 1", "Section 2", "Section 3", "Section 8"):
        assert heading in cc  # the whole licence, not a summary
    assert "Attribution 4.0 International" in cc and "Licensed Material" in cc and len(cc) > 15_000


def test_python_name_is_python_when_the_environment_is_active(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(Path(PY).parent))
    assert launch.python_name() in ("python", "python3")
    monkeypatch.setenv("PATH", str(tmp_path))  # not active: the path, relative below the current folder
    monkeypatch.chdir(Path(PY).parents[1])
    assert launch.python_name() == str(Path(PY).relative_to(Path(PY).parents[1]))


def test_the_no_browser_hint_works_as_written_in_a_fresh_shell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["tutorial", str(tmp_path / "my lessons"), "--no-browser"]) == 0
    out = capsys.readouterr().out
    hint = out.split("Open it with:", 1)[1].strip()
    assert " -m dday tutorial " in hint
    # A new shell in the same folder, where neither the environment nor `python` is on PATH (Debian 12 has only python3).
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    run = subprocess.run(["bash", "-c", hint + " --no-browser"], cwd=Path.cwd(), env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-1000:]
    assert "already there" in run.stdout and shlex.split(hint)[-1] == str(tmp_path / "my lessons")


@pytest.mark.skipif(not launch.running_as_root(), reason="only root is refused by JupyterLab")
def test_tutorial_exits_non_zero_when_jupyterlab_refuses_to_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """JupyterLab refuses root without --allow-root: the command's exit code says so (it said 0)."""
    pytest.importorskip("jupyterlab")
    monkeypatch.setattr(launch, "running_as_root", lambda: False)  # forget --allow-root
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(_jupyter_config(tmp_path)))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    assert cli.main(["tutorial", str(tmp_path / "t")]) == 1
    assert "JupyterLab stopped with exit code 1" in capsys.readouterr().err


def test_tutorial_exits_non_zero_when_jupyterlab_cannot_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whoever runs it: JupyterLab told to use a port that is taken, and no other, stops at once."""
    pytest.importorskip("jupyterlab")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(_jupyter_config(tmp_path, port=None)))
        monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
        monkeypatch.setenv("JUPYTER_PORT", str(taken.getsockname()[1]))
        monkeypatch.setenv("JUPYTER_PORT_RETRIES", "0")
        assert cli.main(["tutorial", str(tmp_path / "t")]) == 1
    assert "JupyterLab stopped with exit code 1" in capsys.readouterr().err


def _jupyter_config(tmp_path: Path, port: int | None = 0) -> Path:
    """A Jupyter config folder for tests: no browser, on 127.0.0.1, a free port (``port=0``)."""
    folder = tmp_path / "jupyter-config"
    folder.mkdir(exist_ok=True)
    config = {"ServerApp": {"open_browser": False, "ip": "127.0.0.1", **({} if port is None else {"port": port})}}
    (folder / "jupyter_server_config.json").write_text(json.dumps(config), encoding="utf-8")
    return folder


def test_tutorial_starts_jupyterlab_as_whoever_runs_it_and_stops_cleanly(tmp_path: Path) -> None:
    """The real command, as this user (root in CI and containers: then with --allow-root): JupyterLab
    serves the copied folder; Ctrl+C (SIGINT, no terminal) stops it and the command exits 0."""
    pytest.importorskip("jupyterlab")
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(_jupyter_config(tmp_path)), "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    lesson = tmp_path / "lesson"
    proc = subprocess.Popen(
        [PY, "-m", "dday", "tutorial", str(lesson)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
    )
    assert proc.stdout is not None
    seen: list[str] = []
    watchdog = threading.Timer(240, lambda: os.killpg(proc.pid, signal.SIGKILL))  # never hang the suite
    watchdog.start()
    try:
        for line in proc.stdout:
            seen.append(line)
            if re.search(r"http://127\.0\.0\.1:\d+/lab", line):
                break
        assert any(re.search(r"http://127\.0\.0\.1:\d+/lab", line) for line in seen), "".join(seen)[-3000:]
        assert any(f"Serving notebooks from local directory: {lesson}" in line for line in seen)
        assert any(("--allow-root" in line) == launch.running_as_root() for line in seen if line.startswith("Opening JupyterLab"))
        time.sleep(2)  # let it finish starting before the Ctrl+C
        os.killpg(proc.pid, signal.SIGINT)
        rest, _ = proc.communicate(timeout=60)
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, ("".join(seen) + rest)[-3000:]
