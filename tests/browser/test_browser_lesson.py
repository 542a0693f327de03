"""In a real browser, with the code hidden (Voilà): a predict-then-check question answers, and
notebook 19's activities work with no other notebook opened. Screenshots in test-artifacts/."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from test_browser import app_server, chromium_path, page, shots  # noqa: F401  (the fixtures)


def _button(scope: Any, label: str) -> Any:
    return scope.locator("button.jupyter-button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))


def _wait_until(ready: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(what)
        time.sleep(0.3)

pytestmark = pytest.mark.browser


def test_predict_question_and_lesson_activities_under_voila(page: Any, app_server: tuple[str, str], shots: Path) -> None:  # noqa: F811
    url, token = app_server
    page.goto(f"{url}/voila/render/12_axis_moves.ipynb?token={token}")
    check = _button(page, "Check my guess").first
    check.wait_for(state="visible", timeout=120_000)
    check.scroll_into_view_if_needed()
    check.click()
    _wait_until(lambda: "The exact chance" in page.inner_text("body"), 30, "the predict question did not answer")
    assert "51.8 %" in page.inner_text("body")
    page.locator(".widget-vbox", has=page.get_by_text("Check yourself", exact=True)).last.screenshot(path=str(shots / "app_12_predict.png"))

    page.goto(f"{url}/voila/render/19_classroom_lesson.ipynb?token={token}")
    order = _button(page, "Check the order").first
    order.wait_for(state="visible", timeout=120_000)
    assert "import" not in page.inner_text("body")
    order.scroll_into_view_if_needed()
    order.click()
    _wait_until(lambda: "in the right place" in page.inner_text("body"), 30, "the ordering activity did not answer")
    page.screenshot(path=str(shots / "app_19_timeline.png"))
    box = page.locator("input[placeholder^='hits of each group']").first
    box.scroll_into_view_if_needed()
    box.fill("1, 2, 0, 3")
    _button(page, "Add").first.click()
    _wait_until(lambda: "4 rolls typed in" in page.inner_text("body"), 30, "the dice activity did not take the results")
    page.screenshot(path=str(shots / "app_19_dice.png"))
    assert _button(page, "Roll").count() >= 2  # the Omaha and Caen labs
