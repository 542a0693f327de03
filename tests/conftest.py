"""Shared fixtures: where the repository, its notebooks and the test artifacts are."""

from __future__ import annotations

from pathlib import Path

import pytest
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
