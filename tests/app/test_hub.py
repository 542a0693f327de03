"""A school's JupyterHub, for real: the hub, its proxy (configurable-http-proxy), the idle culler
and one single-user server per learner, on 127.0.0.1, with the school's configuration
(``deploy/jupyterhub/jupyterhub_config.py``) except the spawner (``SimpleLocalProcessSpawner``: no
system accounts) and, in the browser test, the login (the dummy authenticator).

Three learners log in from three browser sessions (Debian's chromium), land in Voilà, open
notebook 01 and roll the dice, and their pages ask no other host than the hub; a teacher lands in
JupyterLab; once everyone has left, the idle culler stops the servers; an edited notebook survives
the next start. The school's own login (NativeAuthenticator) is tried too: sign-up, a teacher's
approval, log-in. Stopping the hub leaves none of its processes behind. Both tests take about 2 to
3.5 minutes on the project's busy 2-core machine; they need Node.js and npm (``scripts/test.sh``
installs the proxy).
"""

from __future__ import annotations

import re
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.hub

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from hub_harness import HubError, LocalHub, proxy_command  # noqa: E402
from test_browser import CHROMIUM_ARGS, chromium_path, shots  # noqa: E402, F401  (fixtures)

pytest.importorskip("jupyterhub", reason="JupyterHub (the 'hub' extra) is not installed")
pytest.importorskip("jupyterhub_idle_culler", reason="the idle culler (the 'hub' extra) is not installed")
pytest.importorskip("voila", reason="Voila (the 'app' extra) is not installed")

LEARNERS = ["ada", "ben", "chloe"]
IDLE_TIMEOUT = 30  # seconds: the school's default is an hour
NOTEBOOK = "01_airborne_assault.ipynb"  # in the learner's ~/dday-tutorial, the root of their server


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory, chromium_path: str) -> Iterator[LocalHub]:  # noqa: F811
    try:
        proxy_command()  # found, or installed with npm into the cache
    except HubError as e:
        pytest.skip(str(e))
    try:
        running = LocalHub(tmp_path_factory.mktemp("hub"), idle_timeout=IDLE_TIMEOUT, teachers="mrs_hall").start()
    except HubError as e:
        pytest.fail(str(e))
    yield running
    left = running.stop()
    assert not left, f"processes of the hub still running after it stopped: {left}"


def _log_in(browser: Any, hub: LocalHub, name: str, outside: list[str] | None = None) -> Any:
    """A new browser session (its own cookies) logs in as ``name``; returns its page, on its way to the
    server. Every request the page makes to another host than the hub is added to ``outside``."""
    page = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
    if outside is not None:
        page.on("request", lambda r: None if r.url.startswith((hub.url, "data:", "blob:")) else outside.append(r.url))
    page.set_default_timeout(120_000)
    page.goto(f"{hub.url}/hub/login")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "any password")
    page.click("input[type=submit], button[type=submit]", no_wait_after=True)
    return page


def _roll_button(page: Any) -> Any:
    """The card lab's Roll button (an ipywidgets button labelled exactly "Roll")."""
    return page.locator("button.jupyter-button", has_text=re.compile(r"^\s*Roll\s*$"))


def _until(ready: Any, seconds: float, what: str) -> float:
    start = time.monotonic()
    while not ready():
        if time.monotonic() - start > seconds:
            raise AssertionError(f"after {seconds} s: {what}")
        time.sleep(0.5)
    return time.monotonic() - start


@pytest.mark.browser
def test_three_learners_roll_through_the_hub_then_idle_servers_are_culled(hub: LocalHub, chromium_path: str, shots: Path) -> None:  # noqa: F811
    from playwright.sync_api import sync_playwright

    start = time.monotonic()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        outside: list[str] = []
        pages = {name: _log_in(browser, hub, name, outside) for name in LEARNERS}  # the class logs in at once

        # Each learner lands on the tutorial's front page (Voilà's list of their own copy, drawn by dday's template).
        for name, page in pages.items():
            page.wait_for_url(re.compile(rf"/user/{name}/voila/tree"), timeout=180_000)
            page.get_by_role("link", name="01 Airborne assault").first.wait_for()
            assert page.get_by_role("heading", name="D-Day 1944: the tutorial").count() == 1
            assert page.get_by_text("01_airborne_assault.ipynb").count() == 0
        landed = time.monotonic() - start
        pages[LEARNERS[0]].screenshot(path=str(shots / "hub_learner_landing.png"))
        for name in LEARNERS:
            assert (hub.base / "home" / name / "dday-tutorial" / NOTEBOOK).is_file()  # copied on first start

        # Everyone opens notebook 01 at once; each rolls as soon as their page is ready (an open page
        # whose kernel is idle counts as idle for the culler, so nobody waits for the others).
        for name, page in pages.items():
            page.goto(f"{hub.url}/user/{name}/voila/render/{NOTEBOOK}", wait_until="commit")
        rolled: set[str] = set()
        deadline = time.monotonic() + 240
        while len(rolled) < len(LEARNERS):
            assert time.monotonic() < deadline, f"after 240 s only {sorted(rolled)} could roll"
            for name, page in pages.items():
                roll = _roll_button(page)
                if name in rolled or not roll.count() or not roll.first.is_visible() or not roll.first.is_enabled():
                    continue
                roll.first.scroll_into_view_if_needed()
                roll.first.click()
                page.locator("text=Rolled:").first.wait_for(timeout=60_000)
                rolled.add(name)
            time.sleep(0.5)
        usable = time.monotonic() - start
        page = pages[LEARNERS[-1]]
        page.screenshot(path=str(shots / "hub_learner_01_after_roll.png"))
        body = page.inner_text("body")
        assert "from dday" not in body and "import" not in body  # Voilà: no code on the page
        assert not outside, f"a learner's page asked another host: {sorted(set(outside))[:5]}"
        memory = {name: hub.server_memory_mib(name) for name in LEARNERS}
        servers = hub.running_servers()
        assert set(LEARNERS) <= set(servers), f"a learner's server stopped while in use: {sorted(servers)}"

        # A teacher lands in JupyterLab, on the lesson plan.
        teacher = _log_in(browser, hub, "mrs_hall")
        teacher.wait_for_url(re.compile(r"/user/mrs_hall/lab"), timeout=180_000)
        teacher.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=120_000)
        teacher.wait_for_timeout(2000)  # let the lesson's cells render before the screenshot
        teacher.screenshot(path=str(shots / "hub_teacher_lab.png"))
        browser.close()  # the class leaves

    # The idle culler stops every server once nobody has used it for IDLE_TIMEOUT seconds.
    left_at = time.monotonic()
    culled_after = _until(lambda: not hub.running_servers(), IDLE_TIMEOUT + 120, f"servers still running: {sorted(hub.running_servers())}")
    log = hub.log()
    for name in [*LEARNERS, "mrs_hall"]:
        assert re.search(rf"DELETE /hub/api/users/{name}/server \S* ?\(idle-culler@", log), f"{name}'s server was not stopped by the idle culler"

    # Back the next day: an edited notebook is kept, a deleted one comes back.
    folder = hub.base / "home" / LEARNERS[0] / "dday-tutorial"
    edited = (folder / NOTEBOOK).read_text(encoding="utf-8").replace("Airborne", "Airborne (my notes)", 1)
    (folder / NOTEBOOK).write_text(edited, encoding="utf-8")
    (folder / "02_naval_bombardment.ipynb").unlink()
    hub.api(f"/users/{LEARNERS[0]}/server", "POST")
    _until(lambda: hub.running_servers().get(LEARNERS[0], {}).get("ready", False), 120, "the learner's server did not start again")
    assert (folder / NOTEBOOK).read_text(encoding="utf-8") == edited
    assert (folder / "02_naval_bombardment.ipynb").is_file()

    print(
        f"\nhub: 3 learners landed in Voilà after {landed:.0f} s, all rolled after {usable:.0f} s; "
        f"memory per learner (server + notebook 01's kernel): {', '.join(f'{m:.0f}' for m in memory.values())} MiB; "
        f"culled {culled_after:.0f} s after the class left (timeout {IDLE_TIMEOUT} s); whole test {time.monotonic() - start:.0f} s "
        f"(of which {time.monotonic() - left_at:.0f} s waiting for the culler)"
    )


def _form(session: Any, url: str, fields: dict[str, str]) -> Any:
    """Fill and send a hub form the way a browser does: GET it (for its _xsrf field), then POST."""
    page = session.get(url, timeout=30)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.text)
    return session.post(url, data={**fields, **({"_xsrf": xsrf.group(1)} if xsrf else {})}, timeout=30)


def _at_home(response: Any) -> bool:
    """The login went through: the hub sent the browser on to its home page."""
    return urllib.parse.urlparse(response.url).path.endswith("/hub/home")


def test_learners_sign_up_and_a_teacher_approves_them(tmp_path: Path) -> None:
    """The school's own login (NativeAuthenticator) on this JupyterHub: a learner's sign-up waits for a
    teacher; a teacher (an admin) is approved at once and approves the learner, who can then log in."""
    requests = pytest.importorskip("requests")
    pytest.importorskip("nativeauthenticator", reason="NativeAuthenticator (the 'hub' extra) is not installed")
    try:
        proxy_command()
    except HubError as e:
        pytest.skip(str(e))
    hub = LocalHub(tmp_path, teachers="mrs_hall", test_logins=False).start()
    try:
        learner, teacher = requests.Session(), requests.Session()
        home = f"{hub.url}/hub/login?next=" + urllib.parse.quote("/hub/home")  # log in without starting a server

        weak = _form(learner, f"{hub.url}/hub/signup", {"username": "ada", "signup_password": "password", "signup_password_confirmation": "password"})
        assert "is not too common" in weak.text  # a common password is refused
        sent = _form(learner, f"{hub.url}/hub/signup", {"username": "ada", "signup_password": "Omaha-beach-44", "signup_password_confirmation": "Omaha-beach-44"})
        assert "sent to the admin" in sent.text
        refused = _form(learner, home, {"username": "ada", "password": "Omaha-beach-44"})
        assert not _at_home(refused) and "not been authorized" in refused.text

        _form(teacher, f"{hub.url}/hub/signup", {"username": "mrs_hall", "signup_password": "Pegasus-bridge-6", "signup_password_confirmation": "Pegasus-bridge-6"})
        assert _at_home(_form(teacher, home, {"username": "mrs_hall", "password": "Pegasus-bridge-6"}))
        teacher.get(f"{hub.url}/hub/authorize/ada", timeout=30)

        wrong = _form(learner, home, {"username": "ada", "password": "Utah-beach-44"})
        assert not _at_home(wrong)
        assert _at_home(_form(learner, home, {"username": "ada", "password": "Omaha-beach-44"}))
    finally:
        left = hub.stop()
    assert not left, f"processes of the hub still running after it stopped: {left}"
