#!/usr/bin/env bash
# Install everything the tests need on a fresh Debian machine, then run the whole suite.
# Usage (from the repository root):  bash scripts/test.sh [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."

# 1. System packages: Debian chromium (browser test, PNG export) and fonts for readable screenshots.
if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi

# 2. Python packages: the package itself with its test and development extras.
python3 -m pip install -q --disable-pip-version-check -e ".[dev]"

# 3. Static checks, then every test: unit, rules, property, slow games, doctests, notebooks, browser.
python3 -m ruff check dday tests benchmarks geo
python3 -m mypy
python3 -m pytest "$@"
