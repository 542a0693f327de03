"""A class arrives at the school's JupyterHub: N simulated learners at once, on this machine.

Each learner does what a browser does, without a browser: logs in (``POST /hub/login``), starts
their server (``/hub/spawn``: the tutorial is copied into their home, then their single-user
server starts), opens a notebook in Voilà through the hub's proxy (following the OAuth redirects
with the cookies, as a browser does), connects to the page's kernel over its websocket and waits
for the kernel's answer and the page's widgets (``kernel_info_request``, then a
``comm_info_request`` listing at least one ``jupyter.widget`` comm). That moment is "usable".

It prints, per class size: time to a usable page (median, max) with its parts (server started,
page served), failures, and memory (unique set size) per learner (their server plus the page's
kernel) and of the whole hub (hub, proxy, culler, all servers and kernels). A fresh hub for each
class size. Run with ``--learners 10 30``; it needs the 'hub' extra and configurable-http-proxy
(scripts/test.sh installs both).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest, HTTPResponse
from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parent))

from classroom_client import widgets_open
from hub_harness import LocalHub

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
XSRF_FIELD = re.compile(r'name="_xsrf"\s+value="([^"]+)"')


@dataclass
class Arrival:
    """One learner's way in: seconds from the login, and what went wrong if anything."""

    name: str
    server_s: float | None = None  # logged in and their server answers
    page_s: float | None = None  # the Voilà page is served (the notebook has run)
    usable_s: float | None = None  # the kernel answers and the widgets are open
    error: str | None = None


class Browser:
    """Cookies and redirects, the way a browser keeps them (enough for the hub's login and OAuth)."""

    def __init__(self) -> None:
        self.client = AsyncHTTPClient(force_instance=True)
        self.jar: dict[str, str] = {}

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.jar.items())

    def _keep(self, response: HTTPResponse) -> None:
        for line in response.headers.get_list("Set-Cookie"):
            name, _, rest = line.partition("=")
            value = rest.split(";", 1)[0]
            if value:
                self.jar[name.strip()] = value
            else:
                self.jar.pop(name.strip(), None)

    async def fetch(self, url: str, *, method: str = "GET", form: dict[str, str] | None = None, timeout: float = 300) -> HTTPResponse:
        """Follow up to 10 redirects; raises on a final status of 400 or more."""
        body = urlencode(form) if form is not None else None
        for _ in range(10):
            headers = {"Cookie": self.cookie_header()}
            if body is not None:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            request = HTTPRequest(url, method=method, body=body, headers=headers, follow_redirects=False, request_timeout=timeout)
            response = await self.client.fetch(request, raise_error=False)
            self._keep(response)
            if response.code in (301, 302, 303, 307):
                url, method, body = urljoin(url, response.headers["Location"]), "GET", None
                continue
            if response.code >= 400:
                raise HTTPClientError(response.code, f"{method} {url.split('?')[0]}", response)
            return response
        raise HTTPClientError(310, f"too many redirects at {url.split('?')[0]}")


async def arrive(hub: LocalHub, name: str, notebook: str, timeout: float) -> Arrival:
    """One learner logs in, starts their server, opens ``notebook`` in Voilà and reaches its widgets."""
    arrival = Arrival(name)
    browser = Browser()
    start = time.monotonic()
    deadline = start + timeout
    try:
        login = await browser.fetch(f"{hub.url}/hub/login")
        found = XSRF_FIELD.search(login.body.decode())
        form = {"username": name, "password": "any password", **({"_xsrf": found.group(1)} if found else {})}
        await browser.fetch(f"{hub.url}/hub/login", method="POST", form=form)  # lands on spawn-pending or the server
        while not (await asyncio.to_thread(hub.running_servers)).get(name, {}).get("ready"):
            if time.monotonic() > deadline:
                raise TimeoutError("the server did not start")
            await asyncio.sleep(0.5)
        arrival.server_s = time.monotonic() - start
        page = await browser.fetch(f"{hub.url}/user/{name}/voila/render/{notebook}", timeout=max(deadline - time.monotonic(), 1))
        arrival.page_s = time.monotonic() - start
        kernel = KERNEL_ID.search(page.body.decode("utf-8", "replace"))
        if kernel is None:
            raise ValueError("the page names no kernel")
        session = uuid.uuid4().hex
        ws_url = hub.url.replace("http", "ws", 1) + f"/user/{name}/api/kernels/{kernel.group(1)}/channels?session_id={session}"
        ws = await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": browser.cookie_header()}, connect_timeout=30))
        try:
            if not await widgets_open(ws, session, deadline):
                raise ValueError("no widget is open")
            arrival.usable_s = time.monotonic() - start
        finally:
            ws.close()
    except Exception as e:  # a benchmark reports every failure, whatever it is
        arrival.error = f"{type(e).__name__}: {e}"[:160]
    finally:
        browser.client.close()
    return arrival


def run_class(learners: int, notebook: str, timeout: float) -> dict[str, Any]:
    """A fresh hub; ``learners`` learners arrive at the same moment; figures; the hub stopped."""
    with tempfile.TemporaryDirectory(prefix="dday-bench-hub-") as tmp:
        hub = LocalHub(Path(tmp), idle_timeout=3600).start()
        try:
            names = [f"learner{i:02d}" for i in range(1, learners + 1)]

            async def everyone() -> list[Arrival]:
                return list(await asyncio.gather(*(arrive(hub, n, notebook, timeout) for n in names)))

            start = time.monotonic()
            arrivals = asyncio.run(everyone())
            wall = time.monotonic() - start
            per_learner = [hub.server_memory_mib(n) for n in names]
            whole = sum(p.memory_full_info().uss for p in hub.processes()) / 2**20
        finally:
            left = hub.stop()
    ok = [a for a in arrivals if a.usable_s is not None]
    return {
        "learners": learners,
        "ok": len(ok),
        "failures": sorted({a.error for a in arrivals if a.error}),
        "server_median": statistics.median(a.server_s for a in ok) if ok else None,
        "page_median": statistics.median(a.page_s for a in ok if a.page_s is not None) if ok else None,
        "usable_median": statistics.median(a.usable_s for a in ok if a.usable_s is not None) if ok else None,
        "usable_max": max(a.usable_s for a in ok if a.usable_s is not None) if ok else None,
        "wall": wall,
        "mem_learner_median": statistics.median(per_learner),
        "mem_whole": whole,
        "left": len(left),
    }


def _s(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


HEAD = "| learners | usable | server up median s | page median s | usable median s | usable max s | MiB per learner | MiB whole hub | processes left |"


def print_row(r: dict[str, Any]) -> None:
    print(
        f"| {r['learners']} | {r['ok']} | {_s(r['server_median'])} | {_s(r['page_median'])} | {_s(r['usable_median'])} | "
        f"{_s(r['usable_max'])} | {r['mem_learner_median']:.0f} | {r['mem_whole']:.0f} | {r['left']} |",
        flush=True,
    )
    for failure in r["failures"]:
        print(f"    failure: {failure}", flush=True)


def run(learners: list[int], notebook: str, timeout: float = 600) -> bool:
    """Print the table for each class size (``bench_classroom.py --hub`` calls this); True when every learner got a usable page and nothing was left."""
    print(f"bench_hub: a class logs in to a local JupyterHub at once and opens {notebook} in Voilà (seconds from the login); "
          f"{os.cpu_count()} cores, load average now {os.getloadavg()[0]:.1f}", flush=True)
    print(HEAD)
    print("|" + "|".join("---" for _ in range(HEAD.count("|") - 1)) + "|")
    rows = []
    for n in learners:
        rows.append(run_class(n, notebook, timeout))
        print_row(rows[-1])
    print("MiB: unique set size (what a process alone holds); per learner: their single-user server and the page's kernel (median);")
    print("whole hub: the hub, its proxy, the idle culler and every server and kernel. processes left: after the hub stopped.")
    return all(r["ok"] == r["learners"] and r["left"] == 0 for r in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[10, 30], help="class sizes to try (default: 10 30)")
    parser.add_argument("--notebook", default="01_airborne_assault.ipynb", help="the notebook the class opens")
    parser.add_argument("--timeout", type=float, default=600, help="seconds a learner waits before giving up")
    args = parser.parse_args(argv)
    return 0 if run(args.learners, args.notebook, args.timeout) else 1


if __name__ == "__main__":
    sys.exit(main())
