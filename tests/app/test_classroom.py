"""The classroom app as a school would use it, in real processes: ``python -m dday app`` with a class
token, learners arriving at once (``benchmarks/classroom_client.py``: page, kernel, widget comms),
kernels freed when they leave, a clean stop, nothing loaded from another host."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dday import classroom, launch

pytest.importorskip("voila", reason="Voila (the 'app' extra) is not installed")
psutil = pytest.importorskip("psutil")

NOTEBOOK = "01_airborne_assault.ipynb"
TOKEN = "class-token-for-tests"


def _client() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "classroom_client.py"
    spec = importlib.util.spec_from_file_location("classroom_client", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["classroom_client"] = module
    spec.loader.exec_module(module)
    return module


cc = _client()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class App:
    proc: subprocess.Popen[bytes]
    base: str
    log: Path
    tmp: Path

    def text(self) -> str:
        return self.log.read_text(errors="replace")


def start_app(tmp: Path, *args: str, port: int | None = None, ready: str = "Voilà is running", timeout: float = 240) -> App:
    """``python -m dday app`` in its own process, its temporary folders under ``tmp``."""
    tmp.mkdir(parents=True, exist_ok=True)
    port = port or _free_port()
    env = {**os.environ, "TMPDIR": str(tmp), "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"), "JUPYTER_PLATFORM_DIRS": "1"}
    log = tmp / "app.log"
    cmd = [sys.executable, "-m", "dday", "app", *args, "--no-browser", f"--port={port}", f"--token={TOKEN}"]
    proc = subprocess.Popen(cmd, stdout=log.open("wb"), stderr=subprocess.STDOUT, env=env)
    app = App(proc, f"http://127.0.0.1:{port}", log, tmp)
    deadline = time.monotonic() + timeout
    while ready not in app.text():
        if proc.poll() is not None or time.monotonic() > deadline:
            stop(app)
            pytest.fail(f"python -m dday app did not get ready; log:\n{app.text()[-3000:]}")
        time.sleep(0.3)
    return app


def family(pid: int) -> list[int]:
    try:
        return [pid] + [c.pid for c in psutil.Process(pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def alive(pids: list[int]) -> list[int]:
    out = []
    for p in pids:
        try:
            if psutil.Process(p).status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except psutil.NoSuchProcess:
            pass
    return out


def stop(app: App, sig: int = signal.SIGTERM) -> list[int]:
    """Stop the app as ``kill`` (SIGTERM) or Ctrl+C (SIGINT) would; returns its processes still alive after 20 s."""
    pids = family(app.proc.pid)
    if app.proc.poll() is None:
        app.proc.send_signal(sig)
    with contextlib.suppress(subprocess.TimeoutExpired):
        app.proc.wait(timeout=20)
    deadline = time.monotonic() + 10
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = alive(pids)
    for p in left:  # never leave a server behind, even when the test fails
        psutil.Process(p).kill()
    return left


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    """The app for one lesson notebook, 2 pages preheated, kernels culled 10 s after their page went."""
    tmp = tmp_path_factory.mktemp("classroom")
    running = start_app(tmp, "01_airborne_assault", "--pool=2", "--cull-after=10", ready="is filled with")
    yield running
    assert stop(running) == []


def get(url: str) -> tuple[int, str]:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=180) as r:  # a page beyond the pool renders on demand: slow on a busy machine
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, ""


def test_the_announced_url_opens_the_lesson_with_the_token(app: App) -> None:
    found = re.search(r"Open: (http://\S+)", app.text())
    assert found, app.text()[:2000]
    assert found.group(1) == f"{app.base}/voila/render/{NOTEBOOK}?token={TOKEN}"
    status, body = get(found.group(1))
    assert status == 200 and '"kernelId"' in body


def test_five_learners_with_the_token_are_served_and_nobody_without_it(app: App) -> None:
    async def scenario() -> tuple[list[Any], Any, Any, str]:
        learners = await cc.class_arrives(app.base, NOTEBOOK, TOKEN, 5, timeout=240)
        no_token = await cc.arrive(app.base, NOTEBOOK, None)
        wrong = await cc.arrive(app.base, NOTEBOOK, "not-the-class-token")
        executed = await cc.try_execute(app.base, learners[0])
        await asyncio.gather(*(cc.leave(app.base, lr, beacon=True) for lr in learners))
        return learners, no_token, wrong, executed

    learners, no_token, wrong, executed = asyncio.run(scenario())
    assert [lr.error for lr in learners] == [None] * 5
    assert all(lr.comms > 0 for lr in learners)  # the card lab's widgets are live
    assert no_token.error == "HTTP 302" and wrong.error == "HTTP 302"  # sent to the login box, no page, no kernel
    assert executed == "refused"  # Voilà runs only the notebook's own cells
    for path in ("", "voila/tree", f"voila/render/{NOTEBOOK}", "voila/files/01_airborne_assault.ipynb", "voila/api/contents/"):
        assert get(f"{app.base}/{path}")[0] in (302, 403, 404), path


def test_a_closed_page_frees_its_kernel_at_once_and_a_vanished_one_within_the_cull_time(app: App) -> None:
    pid = app.proc.pid

    async def scenario() -> tuple[int | None, int, int, int, float]:
        a, b = await cc.class_arrives(app.base, NOTEBOOK, TOKEN, 2, timeout=240)
        assert a.ok and b.ok, (a.error, b.error)
        before = cc.kernels_alive(pid, [a.kernel_id, b.kernel_id])
        status = await cc.leave(app.base, a, beacon=True)  # the page's own close beacon
        await asyncio.sleep(2)
        after_beacon = cc.kernels_alive(pid, [a.kernel_id])
        await cc.leave(app.base, b, beacon=False)  # a crashed tab: the connection just drops
        gone = time.monotonic()
        while cc.kernels_alive(pid, [b.kernel_id]) and time.monotonic() < gone + 60:
            await asyncio.sleep(1)
        return status, before, after_beacon, cc.kernels_alive(pid, [b.kernel_id]), time.monotonic() - gone

    status, before, after_beacon, after_cull, waited = asyncio.run(scenario())
    assert before == 2
    assert status == 204  # before the fix: 403 '_xsrf' argument missing, and the kernel lived on
    assert after_beacon == 0
    assert after_cull == 0, f"the dropped page's kernel was still running {waited:.0f} s later"
    assert waited < 10 + 5 + 10  # cull-after 10 s, checked every 5 s, and some slack on a busy machine


def test_the_landing_page_lists_the_notebooks_by_title_with_the_lesson_first(app: App) -> None:
    status, body = get(f"{app.base}/?token={TOKEN}")
    assert status == 200 and '<html lang="en">' in body
    titles = re.findall(r'<span class="num">(\d\d)</span> ([^<]+)</a>', body)
    assert titles[0] == ("01", "Order card 1 — Airborne Assault")  # today's lesson
    everything = [number for number, _ in titles[1:]]
    assert everything == sorted(everything) and len(everything) == len(launch.tutorial_notebooks())
    assert ("19", "Classroom lesson: D-Day and the Battle of Normandy through a board game") in titles
    assert ".ipynb</a>" not in body


def test_voila_lists_a_folder_as_the_tutorial_front_page(app: App) -> None:
    """Voilà's list of a folder (its "tree", where a school hub lands a learner) is the tutorial's front
    page too: the notebooks by number and a title made from the file name, not Voilà's bare file names."""
    status, body = get(f"{app.base}/voila/tree?token={TOKEN}")
    assert status == 200 and "<h1>D-Day 1944: the tutorial</h1>" in body
    links = re.findall(r'<a href="([^"]+)"><span class="num">(\d\d)</span> ([^<]+)</a>', body)
    assert ("/voila/render/01_airborne_assault.ipynb", "01", "Airborne assault") in [(h.split("?")[0], n, t) for h, n, t in links]
    assert len(links) == len(launch.tutorial_notebooks()) and ".ipynb</a>" not in body
    assert not re.findall(r"""(?:src|href)=["']?(?:https?:)?//""", body)  # nothing from another host


def test_pages_name_no_other_host(app: App) -> None:
    """The HTML of every page the app serves (landing, login, notebook) links only to the server
    itself; the browser test below records the requests the pages really make."""
    for path in (f"?token={TOKEN}", "login", f"voila/render/{NOTEBOOK}?token={TOKEN}"):
        status, body = get(f"{app.base}/{path}")
        assert status == 200, path
        assert not re.findall(r"""(?:src|href)=["']?(?:https?:)?//""", body), path
        assert "cdn.jsdelivr.net" not in body and "cdnjs" not in body, path


def test_stopping_the_app_stops_its_kernels_and_removes_its_copies(tmp_path: Path) -> None:
    for sig in (signal.SIGTERM, signal.SIGINT):
        tmp = tmp_path / sig.name
        app = start_app(tmp, "01_airborne_assault", "--pool=1", ready="is filled with")
        served = [p for p in tmp.iterdir() if p.name.startswith("dday-app-")]
        assert len(served) == 1 and (served[0] / NOTEBOOK).is_file()
        pids = family(app.proc.pid)
        assert len(pids) >= 2  # the server and its preheated kernel
        assert stop(app, sig) == [], sig.name
        assert not served[0].exists(), sig.name


def test_a_busy_port_is_announced_as_the_port_really_served(tmp_path: Path) -> None:
    with socket.socket() as blocker:
        blocker.bind(("127.0.0.1", 0))
        blocker.listen()
        busy = blocker.getsockname()[1]
        app = start_app(tmp_path, "--pool=0", port=busy)
        try:
            found = re.search(r"Open: http://127\.0\.0\.1:(\d+)/", app.text())
            assert found and int(found.group(1)) != busy
            assert get(f"http://127.0.0.1:{found.group(1)}/?token={TOKEN}")[0] == 200
        finally:
            assert stop(app) == []


def test_serving_the_network_prints_a_reachable_url_with_the_token() -> None:
    settings = classroom.AppSettings(host="0.0.0.0", port=8866, token="abcdefgh23")
    lines = list(classroom.announcement(settings))
    assert any(line.strip().startswith("Learners open:") and "?token=abcdefgh23" in line for line in lines)
    assert all("0.0.0.0" not in line for line in lines)  # a desk cannot open 0.0.0.0
    assert any("No TLS" in line for line in lines)


def test_served_copies_leave_out_lab_only_cells(tmp_path: Path) -> None:
    src, dest = tmp_path / "src", tmp_path / "dest"
    src.mkdir()
    dest.mkdir()
    nb = {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": "# 05 · Title"},
            {"cell_type": "markdown", "metadata": {"tags": ["lab-only"]}, "source": "Press Shift + Enter"},
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (src / "05_x.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    (listing,) = classroom.prepare_served_folder(src, dest)
    assert listing.title == "05 · Title"
    assert "Shift + Enter" not in (dest / "05_x.ipynb").read_text(encoding="utf-8")
    assert "Shift + Enter" in (src / "05_x.ipynb").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["app", "--host", "http://x"], "is not an address"),
        (["app", "--token", "short"], "8 to 64"),
        (["app", "--pool", "500"], "at most 60"),
        (["app", "--dir", "/proc"], "system folder"),
        (["app", "--dir", ""], "empty"),
    ],
)
def test_app_arguments_are_refused_in_one_line(argv: list[str], message: str) -> None:
    done = subprocess.run([sys.executable, "-m", "dday", *argv], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_a_teachers_folder_keeps_edited_notebooks_and_serves_them_as_edited(tmp_path: Path) -> None:
    folder = tmp_path / "lesson"
    launch.copy_tutorial(folder)
    edited = folder / NOTEBOOK
    nb = json.loads(edited.read_text(encoding="utf-8"))
    nb["cells"][0]["source"] = "# Order card 1, as Ms Dubois tells it\n"
    edited.write_text(json.dumps(nb), encoding="utf-8")
    app = start_app(tmp_path / "run", "--pool=0", f"--dir={folder}")
    try:
        assert "1 edited notebook kept as you left it" in app.text()
        status, body = get(f"{app.base}/?token={TOKEN}")
        assert status == 200 and "Order card 1, as Ms Dubois tells it" in body
    finally:
        assert stop(app) == []
    assert json.loads(edited.read_text(encoding="utf-8"))["cells"][0]["source"].startswith("# Order card 1, as Ms Dubois")


def test_the_projector_page_shows_the_learners_address_and_its_qr_code(app: App) -> None:
    status, body = get(f"{app.base}/class?token={TOKEN}")
    assert status == 200 and '<html lang="en">' in body
    body = body.replace("<wbr>", "")  # the address may break at its slashes
    assert f"{app.base}/voila/render/{NOTEBOOK}?token={TOKEN}" in body  # loopback here: this computer's address
    assert "<svg" in body and "Only this computer can open this address" in body
    assert get(f"{app.base}/class")[0] == 302  # the token is needed to see the token


def test_the_front_page_template_draws_a_subfolder_with_a_way_back() -> None:
    """On a hub a teacher may put notebooks in a subfolder: Voilà's page for it lists them, folders
    first as links to their own page, and a link back to the folder above (Voilà's breadcrumbs)."""
    import jinja2

    from dday.classroom import template_root

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(template_root() / "voila" / "templates" / "dday")), autoescape=True)
    contents = {"content": [{"type": "directory", "name": "extra_work", "path": "week 2/extra_work"}, {"type": "file", "name": "notes.txt", "path": "week 2/notes.txt"},
                            {"type": "notebook", "name": "03_my_<quiz>.ipynb", "path": "week 2/03_my_<quiz>.ipynb"}]}
    crumbs = [("/voila/tree", ""), ("/voila/tree/week%202", "week 2")]
    html = env.get_template("tree.html").render(base_url="/", contents=contents, breadcrumbs=crumbs, query="token=x")
    assert '<a href="/voila/tree/week%202/extra_work?token=x"><span class="num">▸</span> Extra work (a folder)</a>' in html
    assert '<span class="num">03</span> My &lt;quiz&gt;</a>' in html and "/voila/render/week%202/03_my_%3Cquiz%3E.ipynb?token=x" in html
    assert '<a href="/voila/tree?token=x"><span class="num">▴</span> Back to the folder above</a>' in html
    assert "notes.txt" not in html  # a file that is not a notebook is not a page
    empty = env.get_template("tree.html").render(base_url="/", contents={"content": []}, breadcrumbs=crumbs, query="")
    assert "This folder holds no notebook." in empty and "Back to the folder above" in empty
