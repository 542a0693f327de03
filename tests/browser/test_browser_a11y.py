"""Accessibility in a real browser (issue 31): axe-core on the classroom app, and a card lab played
with the keyboard alone.

axe-core (https://github.com/dequelabs/axe-core) comes from the npm registry, pinned, installed once
into a cache folder by the ``axe_source`` fixture (``npm install --prefix``); nothing else is
downloaded. Each page of :data:`AXE_PAGES` is opened in the app (``python -m dday app``, Voilà,
code hidden) and checked with the WCAG 2.1 A and AA rules: no serious or critical violation may
remain. The full report of each page goes to ``test-artifacts/a11y/``.

To check another page of the app, add a row to :data:`AXE_PAGES` (its path under the app's URL and
a text that shows once the page is ready), or call :func:`axe_violations` on any Playwright page.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import CHROMIUM_ARGS, app_server, chromium_path  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.browser

AXE_VERSION = "4.14.1"
"""The axe-core release the checks run with (pinned: a new release may add rules)."""
WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
"""WCAG 2.1 levels A and AA, as axe-core tags its rules."""
BLOCKING = ("serious", "critical")
"""The impacts that fail the test."""
VIEWPORT = {"width": 1366, "height": 900}
"""A classroom laptop at 100 % zoom."""

AXE_PAGES: list[tuple[str, str]] = [
    # (path under the app's URL, a text shown once the page has run to its end)
    ("", "Today's lesson"),  # the landing page
    ("voila/render/01_airborne_assault.ipynb", "Check yourself"),
    ("voila/render/17_full_turn.ipynb", "steps (decisions and rolls) in turn 1"),
    ("voila/render/20_play.ipynb", "still turn"),
    ("voila/render/18_combat_odds_lab.ipynb", "Things to try"),  # the odds lab's sliders are named too
]


def _cache_dir() -> Path:
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "dday-tests" / f"axe-core-{AXE_VERSION}"


@pytest.fixture(scope="session")
def axe_source() -> str:
    """The text of ``axe.min.js`` (axe-core :data:`AXE_VERSION`), installed from npm on first use."""
    folder = _cache_dir()
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is not installed (apt-get install npm): it fetches axe-core")
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [npm, "install", "--prefix", str(folder), "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", f"axe-core@{AXE_VERSION}"],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if done.returncode != 0 or not script.exists():
            pytest.fail(f"npm could not install axe-core {AXE_VERSION}:\n{done.stderr[-2000:]}")
    return script.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def a11y_page(chromium_path: str) -> Iterator[Any]:  # noqa: F811
    """A chromium page at 1366 × 900, 100 % zoom."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        pg = browser.new_page(viewport=VIEWPORT, device_scale_factor=1)
        pg.set_default_timeout(60_000)
        yield pg
        browser.close()


@pytest.fixture(scope="module")
def a11y_dir(artifacts_dir: Path) -> Path:
    """Where the axe reports and the screenshots of these tests go."""
    path = artifacts_dir / "a11y"
    path.mkdir(parents=True, exist_ok=True)
    return path


def axe_violations(page: Any, axe_source: str, tags: tuple[str, ...] = WCAG_TAGS) -> list[dict[str, Any]]:
    """Run axe-core on the whole of ``page`` with the rules tagged ``tags``; its violations, as axe gives them."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    result = page.evaluate(
        "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})).violations",
        list(tags),
    )
    return list(result)


def summary(violations: list[dict[str, Any]]) -> str:
    """One paragraph per violation: rule, impact, help, and the first nodes' targets and messages."""
    out = []
    for v in violations:
        nodes = v.get("nodes", [])
        out.append(f"{v['id']} ({v.get('impact')}, {len(nodes)} nodes): {v.get('help')}")
        for n in nodes[:4]:
            out.append(f"    {n.get('target')}: {(n.get('failureSummary') or '').splitlines()[-1:]}  {n.get('html', '')[:160]}")
    return "\n".join(out)


def _wait_until(ready: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"after {seconds} s: {what}")
        time.sleep(0.3)


def open_app_page(page: Any, app: tuple[str, str], path: str, ready_text: str) -> None:
    """Open ``path`` in the app (``app``: its URL and class token) and wait until the page has run to
    its end (``ready_text`` shows) and its maps are drawn."""
    url, token = app
    page.goto(f"{url}/{path}?token={token}")
    page.get_by_text(ready_text).first.wait_for(timeout=180_000)
    _wait_until(
        lambda: page.evaluate("() => !document.querySelector('.leaflet-container') || document.querySelectorAll('path.leaflet-interactive').length > 0"),
        60,
        "the map was not drawn",
    )
    page.wait_for_timeout(1500)  # let Leaflet and plotly settle


@pytest.mark.parametrize(("path", "ready_text"), AXE_PAGES, ids=[p.rsplit("/", 1)[-1].removesuffix(".ipynb") or "landing" for p, _ in AXE_PAGES])
def test_axe_finds_no_serious_violation(a11y_page: Any, app_server: tuple[str, str], axe_source: str, a11y_dir: Path, path: str, ready_text: str) -> None:  # noqa: F811
    page = a11y_page
    open_app_page(page, app_server, path, ready_text)
    assert "Javascript Error" not in page.inner_text("body")  # a chart that failed to draw (the app's CSP once blocked the maps' topojson stub)
    violations = axe_violations(page, axe_source)
    name = path.rsplit("/", 1)[-1].removesuffix(".ipynb") or "landing"
    (a11y_dir / f"axe_{name}.json").write_text(json.dumps(violations, indent=1), encoding="utf-8")
    page.screenshot(path=str(a11y_dir / f"app_{name}.png"))
    blocking = [v for v in violations if v.get("impact") in BLOCKING]
    assert not blocking, f"axe-core {AXE_VERSION} on {path}:\n{summary(blocking)}"


def _focused(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate(
            """() => { const e = document.activeElement;
                 return {tag: e.tagName, text: (e.innerText || '').trim().slice(0, 80), label: e.getAttribute('aria-label') || '',
                         cls: e.className && e.className.baseVal === undefined ? e.className : '',
                         outline: getComputedStyle(e).outlineWidth, outlineStyle: getComputedStyle(e).outlineStyle}; }"""
        )
    )


def _tab_to(page: Any, wanted: Any, limit: int = 80) -> dict[str, Any]:
    """Press Tab until ``wanted(focused element)`` is true; the element's description."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        f = _focused(page)
        if wanted(f):
            return f
    raise AssertionError(f"{limit} presses of Tab never reached the element (last: {_focused(page)})")


def test_card_lab_plays_with_the_keyboard_alone(a11y_page: Any, app_server: tuple[str, str], a11y_dir: Path) -> None:  # noqa: F811
    """Notebook 01 in the app: Tab to Roll, Enter rolls, the focus ring is visible (≥ 2 px), Tab
    reaches the game log, whose lines (the roll among them) a screen reader reads."""
    page = a11y_page
    open_app_page(page, app_server, "voila/render/01_airborne_assault.ipynb", "Check yourself")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.mouse.click(5, 5)  # start from the top of the page, as a keyboard user does
    roll = _tab_to(page, lambda f: f["tag"] == "BUTTON" and f["text"] == "Roll")
    assert roll["outlineStyle"] != "none" and float(roll["outline"].removesuffix("px")) >= 2, roll
    page.screenshot(path=str(a11y_dir / "keyboard_01_roll_focused.png"))
    page.keyboard.press("Enter")
    _wait_until(lambda: "Rolled:" in page.inner_text("body"), 60, "Enter on Roll did not roll")
    log = _tab_to(page, lambda f: f["label"] == "Game log")
    assert float(log["outline"].removesuffix("px")) >= 2, log
    assert "Airborne attacks" in log["text"] or "airborne" in log["text"].lower(), log
    page.screenshot(path=str(a11y_dir / "keyboard_01_log_focused.png"))
    assert re.search(r"\d", log["text"])


def test_map_has_a_name_and_a_table_the_keyboard_reaches(a11y_page: Any, app_server: tuple[str, str], a11y_dir: Path) -> None:  # noqa: F811
    """Notebook 01 in the app: the map is a region named after the position; from the map, Tab
    reaches the toggle that shows the map in words (every place, its holder, its units)."""
    page = a11y_page
    open_app_page(page, app_server, "voila/render/01_airborne_assault.ipynb", "Check yourself")
    maps = page.get_by_role("region", name=re.compile(r"^Map of the front: Turn 1, order 1"))
    _wait_until(lambda: maps.count() >= 1, 60, "the map has no accessible name")
    maps.first.focus()
    toggle = _tab_to(page, lambda f: f["tag"] == "BUTTON" and "Show the map as a table" in f["text"], limit=20)
    assert float(toggle["outline"].removesuffix("px")) >= 2, toggle
    page.keyboard.press("Enter")
    table = page.locator("table.dday-map-table").first
    table.wait_for(timeout=30_000)
    _wait_until(lambda: "Hide the table" in page.locator(":focus").inner_text(), 30, "the toggle did not say it is on")
    text = table.inner_text()
    assert "F11 Sainte-Mère-Église" in text and "F30 Caen (victory city Caen)" in text and "Held by" in text
    assert page.locator("table.dday-map-table th[scope=row]").count() >= 42
    table.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(a11y_dir / "keyboard_01_map_table.png"))


def test_game_board_after_play_passes_axe_and_its_log_scrolls(a11y_page: Any, app_server: tuple[str, str], axe_source: str, a11y_dir: Path) -> None:  # noqa: F811
    """Notebook 20 in the app, after the bots played, a Hint, the map as a table and a replay
    (its slider, map and log shown): still no serious violation; the game log, reached with
    Tab, scrolls with Page Up."""
    page = a11y_page
    open_app_page(page, app_server, "voila/render/20_play.ipynb", "still turn")
    board = page.locator(".dday-ui", has=page.get_by_role("button", name="Play bots until a person must decide")).first
    board.locator("button.jupyter-button", has_text=re.compile(r"^\W*Hint\s*$")).first.click()
    _wait_until(lambda: board.locator(".dday-hint").count() >= 1, 30, "no hint")
    hint = board.locator(".dday-hint").first.inner_text()
    assert "R-TURN-3" not in hint and ("%" in hint or "planner" in hint.lower() or "Nothing to decide" in hint), hint
    roll = board.get_by_role("button", name="Roll", exact=True)
    for n in (1, 2):  # two of the airborne boxes' rolls, so the replay has inputs to step through
        roll.click()
        _wait_until(lambda n=n: board.inner_text().count("Airborne attacks") >= n or "Last roll" in board.inner_text(), 30, "Roll did nothing")
        _wait_until(lambda: roll.is_enabled(), 30, "Roll did not come back")
    board.get_by_role("button", name="Show the map as a table").first.click()
    board.get_by_role("button", name="Replay this game").click()
    slider = board.get_by_role("slider", name="Replay at input")
    slider.wait_for(timeout=30_000)
    # the page draws the slider before the kernel's replay sets its range: a key pressed on a
    # slider whose max is still 0 does nothing (a race a loaded machine lost once in CI)
    _wait_until(lambda: int(slider.get_attribute("max") or 0) > 0, 30, "the replay slider got no range")
    slider.focus()
    page.keyboard.press("ArrowRight")
    _wait_until(lambda: "After input 1 of" in board.inner_text(), 30, "the replay slider did not move with the keyboard")
    page.wait_for_timeout(1500)
    violations = axe_violations(page, axe_source)
    (a11y_dir / "axe_20_play_after_play.json").write_text(json.dumps(violations, indent=1), encoding="utf-8")
    blocking = [v for v in violations if v.get("impact") in BLOCKING]
    assert not blocking, f"axe-core {AXE_VERSION} on 20 after playing:\n{summary(blocking)}"
    # the third board (bots only, a whole game loaded): its log overflows; Tab reaches it, Page Up scrolls it
    logs = page.get_by_role("region", name="Game log")
    full = next(i for i in range(logs.count()) if logs.nth(i).evaluate("e => e.scrollHeight > e.clientHeight + 20"))
    log = logs.nth(full)
    log.evaluate("e => e.scrollIntoView({block: 'center'})")
    log.focus()
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "Game log"
    before = log.evaluate("e => e.scrollTop")
    page.keyboard.press("PageUp")
    page.wait_for_timeout(500)
    assert log.evaluate("e => e.scrollTop") != before, "Page Up did not scroll the focused log"
    page.screenshot(path=str(a11y_dir / "app_20_log_focused.png"))
