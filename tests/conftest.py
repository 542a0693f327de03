"""Shared fixtures: where the repository, its notebooks and the test artifacts are."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path

import pytest
from helpers import FUZZ_TALLY
from hypothesis import settings

# Hypothesis profiles: the default runs in CI; "long" is the on-demand fuzz run
# (pytest -m fuzz --hypothesis-profile=long), 10,000 examples of each fuzz property.
settings.register_profile("long", max_examples=10_000, deadline=None)

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's root folder."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def notebooks_dir() -> Path:
    """The tutorial notebooks' folder."""
    return REPO_ROOT / "notebooks"


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """Where tests leave files for people to look at (screenshots); created on demand."""
    path = REPO_ROOT / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path


_STARTED = time.monotonic()


def _write_fuzz_tally() -> None:
    """Write what the fuzz properties saw (``helpers.FUZZ_TALLY``) and the run's duration."""
    if FUZZ_TALLY:
        path = REPO_ROOT / "test-artifacts" / "fuzz_tally.json"
        path.parent.mkdir(exist_ok=True)
        tally = {name: dict(outcomes) for name, outcomes in sorted(FUZZ_TALLY.items())}
        path.write_text(json.dumps({"seconds": round(time.monotonic() - _STARTED), "tally": tally}, indent=2) + "\n", encoding="utf-8")


# Issue 27: the test suite leaves no server or kernel behind. Every fixture that starts a server
# stops it; this hook checks, once the last test is done, that none of them is still running (a
# kernel or a Voilà, JupyterLab or hub process started by a test), stops any it finds and fails the run.
SERVER_WORDS = ("voila", "jupyter", "ipykernel", "dday app", "-m dday app", "configurable-http-proxy", "jupyterhub")


def _servers_left() -> list[tuple[int, str]]:
    try:
        import psutil
    except ImportError:  # psutil comes with ipykernel; without it there is nothing to check
        return []
    children = psutil.Process().children(recursive=True)
    _gone, alive = psutil.wait_procs(children, timeout=10)  # servers stopped by a fixture may still be exiting
    out = []
    for proc in alive:
        try:
            line = " ".join(proc.cmdline())
            if proc.status() != psutil.STATUS_ZOMBIE and any(word in line for word in SERVER_WORDS):
                out.append((proc.pid, line[:200]))
        except psutil.Error:
            continue
    return out


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _write_fuzz_tally()
    left = _servers_left()
    if not left:
        return
    import psutil

    print("\nServers or kernels still running after the tests (stopped now):", *(f"  {pid}: {line}" for pid, line in left), sep="\n")
    for pid, _line in left:
        with contextlib.suppress(psutil.Error):
            psutil.Process(pid).kill()
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
