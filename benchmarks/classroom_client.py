"""Simulated learners for the classroom app: what a browser does to reach a usable page, without a browser.

A learner is usable when three things hold, in this order (the same as a real page):
1. the page is served: ``GET /voila/render/<notebook>?token=…`` answers 200 with the whole HTML,
   which names the page's kernel (``"kernelId"`` in Voilà's page config);
2. the kernel answers: over the kernel's websocket (``/api/kernels/<id>/channels``, with the
   cookies of step 1), a ``kernel_info_request`` gets its reply;
3. the widgets are live: a ``comm_info_request`` for ``jupyter.widget`` lists at least one open comm.
Leaving the page is either the page's own close beacon (``POST /voila/api/shutdown/<id>`` with the
``_xsrf`` cookie, as Voilà's page sends on ``beforeunload``) or a dropped connection (a crashed tab).

Used by ``benchmarks/bench_classroom.py`` and ``tests/app/test_classroom.py``; it needs only tornado
(which Voilà brings) and psutil (which ipykernel brings).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote, urlencode

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


@dataclass
class Learner:
    """One simulated learner's arrival: times from the first request, and what stays open."""

    page_s: float | None = None
    usable_s: float | None = None
    comms: int = 0
    kernel_id: str | None = None
    error: str | None = None
    cookies: dict[str, str] = field(default_factory=dict)
    ws: WebSocketClientConnection | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.comms > 0


def _cookies(headers: Any) -> dict[str, str]:
    jar = {}
    for line in headers.get_list("Set-Cookie"):
        name, _, rest = line.partition("=")
        jar[name.strip()] = rest.split(";", 1)[0]
    return jar


def _cookie_header(jar: dict[str, str]) -> str:
    return "; ".join(f"{k}={v}" for k, v in jar.items())


def _message(msg_type: str, content: dict[str, Any], session: str) -> tuple[str, str]:
    msg_id = uuid.uuid4().hex
    header = {
        "msg_id": msg_id,
        "msg_type": msg_type,
        "session": session,
        "username": "learner",
        "version": "5.3",
        "date": datetime.now(UTC).isoformat(),
    }
    return msg_id, json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []})


async def _reply(ws: WebSocketClientConnection, msg_id: str, deadline: float) -> dict[str, Any]:
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no reply from the kernel")
        raw = await asyncio.wait_for(ws.read_message(), timeout=left)
        if raw is None:
            raise ConnectionError("the kernel's websocket closed")
        if isinstance(raw, bytes):
            continue
        msg = json.loads(raw)
        if msg.get("parent_header", {}).get("msg_id") == msg_id and msg.get("channel") == "shell":
            return dict(msg)


async def widgets_open(ws: WebSocketClientConnection, session: str, deadline: float) -> int:
    """Steps 2 and 3 on a page's kernel websocket: the kernel answers, then how many widget comms are open.
    Also used by ``bench_hub.py``, whose learners reach the page through JupyterHub's login."""
    msg_id, text = _message("kernel_info_request", {}, session)
    await ws.write_message(text)
    await _reply(ws, msg_id, deadline)
    msg_id, text = _message("comm_info_request", {"target_name": "jupyter.widget"}, session)
    await ws.write_message(text)
    reply = await _reply(ws, msg_id, deadline)
    return len(reply.get("content", {}).get("comms", {}))


async def arrive(base: str, notebook: str, token: str | None, *, timeout: float = 180.0) -> Learner:
    """One learner opens ``notebook`` on the app at ``base`` (``http://127.0.0.1:8866``) with ``token``."""
    learner = Learner()
    start = time.monotonic()
    deadline = start + timeout
    client = AsyncHTTPClient(force_instance=True)
    url = f"{base}/voila/render/{quote(notebook)}" + (f"?token={quote(token)}" if token else "")
    try:
        response = await client.fetch(url, request_timeout=timeout, follow_redirects=False, raise_error=False)
        if response.code != 200:
            learner.error = f"HTTP {response.code}"
            return learner
        learner.page_s = time.monotonic() - start
        learner.cookies = _cookies(response.headers)
        found = KERNEL_ID.search(response.body.decode("utf-8", "replace"))
        if found is None:
            learner.error = "the page names no kernel"
            return learner
        learner.kernel_id = found.group(1)
        session = uuid.uuid4().hex
        ws_url = base.replace("http", "ws", 1) + f"/api/kernels/{learner.kernel_id}/channels?session_id={session}"
        learner.ws = await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": _cookie_header(learner.cookies)}, connect_timeout=timeout))
        learner.comms = await widgets_open(learner.ws, session, deadline)
        learner.usable_s = time.monotonic() - start
        if learner.comms == 0:
            learner.error = "no widget is open"
    except Exception as e:  # a benchmark reports every failure, whatever it is
        learner.error = f"{type(e).__name__}: {e}"[:200]
    finally:
        client.close()
    return learner


async def try_execute(base: str, learner: Learner, code: str = "import os; os.getpid()") -> str:
    """Send an ``execute_request`` on the learner's websocket; returns what came back ('refused' when nothing did)."""
    if learner.ws is None:
        return "no connection"
    session = uuid.uuid4().hex
    msg_id, text = _message("execute_request", {"code": code, "silent": False, "store_history": False}, session)
    await learner.ws.write_message(text)
    try:
        reply = await _reply(learner.ws, msg_id, time.monotonic() + 5)
    except TimeoutError:
        return "refused"
    return str(reply.get("content", {}).get("status", "answered"))


async def leave(base: str, learner: Learner, *, beacon: bool) -> int | None:
    """The learner closes the page: with the page's close beacon (returns its HTTP status), or by dropping the connection."""
    status = None
    if beacon and learner.kernel_id:
        client = AsyncHTTPClient(force_instance=True)
        body = urlencode({"_xsrf": learner.cookies.get("_xsrf", "")})
        request = HTTPRequest(
            f"{base}/voila/api/shutdown/{learner.kernel_id}",
            method="POST",
            body=body,
            headers={"Cookie": _cookie_header(learner.cookies), "Content-Type": "application/x-www-form-urlencoded"},
        )
        response = await client.fetch(request, raise_error=False)
        status = response.code
        client.close()
    if learner.ws is not None:
        learner.ws.close()
        learner.ws = None
    return status


async def class_arrives(base: str, notebook: str, token: str | None, learners: int, *, timeout: float = 180.0) -> list[Learner]:
    """``learners`` learners open the notebook at the same moment."""
    return list(await asyncio.gather(*(arrive(base, notebook, token, timeout=timeout) for _ in range(learners))))


def server_tree(pid: int) -> tuple[psutil.Process, list[psutil.Process]]:
    """The app's process and its kernels (every descendant)."""
    server = psutil.Process(pid)
    return server, server.children(recursive=True)


def memory_mib(pid: int) -> tuple[float, list[float]]:
    """Resident memory of the server and of each kernel, in MiB (unique set size: what each process alone holds)."""
    server, kernels = server_tree(pid)

    def uss(p: psutil.Process) -> float:
        try:
            return float(p.memory_full_info().uss) / 2**20
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            return 0.0

    return uss(server), [uss(k) for k in kernels]


def wait_until_quiet(pid: int, *, below: float = 10.0, calm_s: float = 3.0, timeout: float = 300.0) -> float:
    """Wait until the app and its kernels use less than ``below`` % of one core for ``calm_s`` seconds
    in a row (the preheated pages are rendered: the pool's log line comes when their kernels start);
    returns the seconds waited."""
    start = time.monotonic()
    calm_since: float | None = None
    seen: dict[int, psutil.Process] = {}
    while time.monotonic() - start < timeout:
        time.sleep(0.5)
        try:
            server, kernels = server_tree(pid)
        except psutil.NoSuchProcess:
            break
        busy = 0.0
        for proc in (server, *kernels):
            known = seen.setdefault(proc.pid, proc)  # cpu_percent compares with this object's last call
            try:
                busy += known.cpu_percent(interval=None)
            except psutil.NoSuchProcess:
                continue
        if busy < below:
            calm_since = calm_since or time.monotonic()
            if time.monotonic() - calm_since >= calm_s:
                break
        else:
            calm_since = None
    return time.monotonic() - start


def kernels_alive(pid: int, kernel_ids: list[str]) -> int:
    """How many of these kernels (by id) the app at ``pid`` still runs: a kernel process names its
    connection file, ``kernel-<id>.json``, on its command line."""
    try:
        lines = [" ".join(k.cmdline()) for k in server_tree(pid)[1]]
    except psutil.NoSuchProcess:
        return 0
    return sum(any(f"kernel-{kid}.json" in line for line in lines) for kid in kernel_ids)
