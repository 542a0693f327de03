#!/usr/bin/env bash
# Install everything the tests need on a fresh Debian 12 / Ubuntu 24.04 machine, then run the whole suite.
# Usage (from anywhere):  bash scripts/test.sh [extra pytest args]
#
# What it needs: python3 (3.11 or newer) and, on a machine where they are missing, the right to
# install Debian packages (root, or sudo): python3-venv, chromium and a font for the browser tests, and
# npm, which fetches axe-core (pinned) for the accessibility tests into ~/.cache/dday-tests on first use.
# What it does:
#   1. installs the Debian packages that are missing (chromium, fonts-dejavu-core, python3-venv,
#      nodejs and npm for the JupyterHub test's proxy and for axe-core);
#   2. makes the virtual environment .venv in the repository (or reuses it) -- Debian's own
#      Python refuses `pip install` outside one (PEP 668);
#   3. installs dday with its test and development extras into .venv, at the versions in
#      constraints.txt (the versions this suite was last proven on; see the README), and
#      configurable-http-proxy from npm into ~/.cache/dday-hub-node (the hub test's proxy);
#   4. runs ruff, mypy and pytest (unit, rules, property, slow whole-game, doctest, notebook and
#      browser tests, and a real JupyterHub: tests/app/test_hub.py) with .venv's Python.
# Set DDAY_VENV to use another folder for the virtual environment.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="${DDAY_VENV:-.venv}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

apt_install() {
  echo "installing Debian packages: $*"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

# 1. System packages.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
if [ ! -x "$VENV/bin/python" ] && ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then
  missing+=("python3-venv")
fi
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    apt_install "${missing[@]}"
  else
    echo "warning: no apt-get here; please install: ${missing[*]}" >&2
  fi
fi

# 2. The virtual environment.
if [ ! -x "$VENV/bin/python" ]; then
  echo "making the virtual environment $VENV"
  python3 -m venv "$VENV"
fi
PY="$VENV/bin/python"

# 3. Python packages, at the tested versions.
"$PY" -m pip install -q --disable-pip-version-check --upgrade "pip>=24"
# A .venv made before the distribution was renamed holds it as "dday" too: one name only.
if "$PY" -m pip show -q dday >/dev/null 2>&1; then "$PY" -m pip uninstall -q -y dday; fi
"$PY" -m pip install -q --disable-pip-version-check -c constraints.txt -e ".[dev]"

# 3b. The JupyterHub proxy for tests/app/test_hub.py (Node.js, from npm), into a cache folder outside the
# repository; skipped when it is already there. 5.x needs Node.js 20 or newer (Debian 12 has 18).
CHP_DIR="${DDAY_HUB_NODE_DIR:-$HOME/.cache/dday-hub-node}"
if ! command -v configurable-http-proxy >/dev/null 2>&1 && [ ! -x "$CHP_DIR/node_modules/.bin/configurable-http-proxy" ]; then
  chp_version=5.3.0
  [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ] && chp_version=4.6.3
  echo "installing configurable-http-proxy@$chp_version into $CHP_DIR"
  npm install --prefix "$CHP_DIR" --no-audit --no-fund --loglevel=error "configurable-http-proxy@$chp_version"
fi

# 4. Static checks, then every test.
"$PY" -m ruff check dday tests benchmarks geo
"$PY" -m mypy
"$PY" -m pytest "$@"
