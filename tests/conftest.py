"""Shared fixtures: where the repository, its notebooks and the test artifacts are."""

from __future__ import annotations

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


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Write what the fuzz properties saw (``helpers.FUZZ_TALLY``) and the run's duration."""
    if FUZZ_TALLY:
        path = REPO_ROOT / "test-artifacts" / "fuzz_tally.json"
        path.parent.mkdir(exist_ok=True)
        tally = {name: dict(outcomes) for name, outcomes in sorted(FUZZ_TALLY.items())}
        path.write_text(json.dumps({"seconds": round(time.monotonic() - _STARTED), "tally": tally}, indent=2) + "\n", encoding="utf-8")
