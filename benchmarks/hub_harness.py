"""A real JupyterHub on this machine, for the hub test and the hub benchmark.

It runs the school configuration (``deploy/jupyterhub/jupyterhub_config.py``) with four changes
that a test needs: the dummy authenticator (any password; unless ``test_logins=False``, which
keeps the school's sign-up with NativeAuthenticator), ``SimpleLocalProcessSpawner`` (no
system accounts; homes in a temporary folder), 127.0.0.1 on free ports, and ``--allow-root`` for
the single-user servers (CI runs as root). Everything else -- the tutorial copied on first start,
Voilà for learners and JupyterLab for teachers, the idle culler service -- is the school's.

The proxy is the real configurable-http-proxy (Node.js): found on PATH, or in the cache folder
where ``scripts/test.sh`` (or :func:`proxy_command`) installs it with npm.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import psutil

REPO = Path(__file__).resolve().parents[1]
DEPLOY_CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY_VERSION = "5.3.0"  # needs Node.js 20 or newer; 4.6.3 serves older ones
PROXY_CACHE = Path(os.environ.get("DDAY_HUB_NODE_DIR", Path.home() / ".cache" / "dday-hub-node"))


class HubError(RuntimeError):
    """The hub could not be started or its proxy cannot be found."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _node_major() -> int:
    out = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout
    return int(out.strip().lstrip("v").split(".")[0])


def proxy_command(install: bool = True) -> str:
    """The configurable-http-proxy executable: on PATH, in the cache, or installed there with npm."""
    on_path = shutil.which("configurable-http-proxy")
    if on_path:
        return on_path
    cached = PROXY_CACHE / "node_modules" / ".bin" / "configurable-http-proxy"
    if cached.exists():
        return str(cached)
    if not install or shutil.which("npm") is None or shutil.which("node") is None:
        raise HubError("configurable-http-proxy is not installed (bash scripts/test.sh installs it; it needs Node.js and npm)")
    version = PROXY_VERSION if _node_major() >= 20 else "4.6.3"
    subprocess.run(
        ["npm", "install", "--prefix", str(PROXY_CACHE), "--no-audit", "--no-fund", "--loglevel=error", f"configurable-http-proxy@{version}"],
        check=True,
        capture_output=True,
    )
    return str(cached)


TEST_CONFIG = """\
# Written by benchmarks/hub_harness.py: the school's configuration, then what a test changes.
c = get_config()  # noqa: F821
load_subconfig({deploy!r})  # noqa: F821
{login}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {home!r}
c.Spawner.args = [*c.Spawner.args, "--allow-root"]
c.Spawner.environment = {{**c.Spawner.environment, "JUPYTER_PLATFORM_DIRS": "1"}}
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.JupyterHub.db_url = "sqlite:///{base}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{base}/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = "{base}/jupyterhub.pid"
c.JupyterHub.concurrent_spawn_limit = 0
c.JupyterHub.services.append({{"name": "harness", "api_token": {token!r}}})
c.JupyterHub.load_roles.append({{"name": "harness", "scopes": ["admin:users", "admin:servers", "tokens"], "services": ["harness"]}})
"""


class LocalHub:
    """Start with :meth:`start`; stop with :meth:`stop`, which returns the processes still alive (none, normally)."""

    def __init__(self, base: Path, *, idle_timeout: int = 3600, teachers: str = "teacher", test_logins: bool = True) -> None:
        self.base = base
        self.test_logins = test_logins  # the dummy authenticator (any password); else the school's sign-up
        self.idle_timeout = idle_timeout
        self.teachers = teachers
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = secrets.token_hex(24)
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = base / "jupyterhub.log"
        self.seen: dict[int, float] = {}  # every process of the hub's tree seen, by pid and start time

    def start(self, timeout: float = 90) -> LocalHub:
        self.base.mkdir(parents=True, exist_ok=True)
        config = self.base / "jupyterhub_test_config.py"
        config.write_text(
            TEST_CONFIG.format(
                deploy=str(DEPLOY_CONFIG),
                login='c.JupyterHub.authenticator_class = "dummy"' if self.test_logins else "# the school's authenticator",
                home=str(self.base / "home" / "{username}"),
                hub_port=free_port(),
                api_port=free_port(),
                proxy=proxy_command(),
                base=self.base,
                token=self.token,
            ),
            encoding="utf-8",
        )
        env = {
            **os.environ,
            "DDAY_HUB_URL": self.url,
            "DDAY_HUB_IDLE_TIMEOUT": str(self.idle_timeout),
            "DDAY_HUB_TEACHERS": self.teachers,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        }
        log = self.log_path.open("wb")
        self.proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=self.base, stdout=log, stderr=subprocess.STDOUT, env=env)
        log.close()
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.api("/")
                return self
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise HubError(f"JupyterHub did not start; log:\n{self.log()[-4000:]}")
            time.sleep(0.5)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""

    def api(self, path: str, method: str = "GET", body: Any = None) -> Any:
        """A call to the hub's REST API with the harness's service token (admin)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.url}/hub/api{path}", data=data, method=method, headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as r:
            text = r.read()
        return json.loads(text) if text else None

    def running_servers(self) -> dict[str, dict[str, Any]]:
        """The users' default servers that are running, by user name."""
        return {u["name"]: u["servers"][""] for u in self.api("/users") if "" in u.get("servers", {})}

    def processes(self) -> list[psutil.Process]:
        """The hub's processes now (proxy, culler, single-user servers, kernels); remembered for :meth:`stop`."""
        if self.proc is None:
            return []
        try:
            tree = [psutil.Process(self.proc.pid), *psutil.Process(self.proc.pid).children(recursive=True)]
        except psutil.NoSuchProcess:
            return []
        for p in tree:
            with contextlib.suppress(psutil.NoSuchProcess):
                self.seen[p.pid] = p.create_time()
        return tree

    def server_memory_mib(self, user: str) -> float:
        """Unique memory (USS) of one user's single-user server and its kernels, in MiB."""
        total = 0.0
        home = str(self.base / "home" / user)
        for p in self.processes():
            try:
                if p.cwd().startswith(home) or any(home in a for a in p.cmdline()):
                    total += p.memory_full_info().uss
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                pass
        return total / 2**20

    def stop(self, timeout: float = 30) -> list[str]:
        """Stop the hub (it stops the proxy and the users' servers); returns what of its tree is still alive."""
        self.processes()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        deadline = time.monotonic() + 10
        while True:
            alive = []
            for pid, started in self.seen.items():
                try:
                    p = psutil.Process(pid)
                    if p.create_time() == started and p.status() != psutil.STATUS_ZOMBIE:
                        alive.append(f"{pid} {' '.join(p.cmdline())[:120]}")
                except psutil.NoSuchProcess:
                    pass
            if not alive or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        for entry in alive:  # leave nothing behind, but report it
            with contextlib.suppress(psutil.NoSuchProcess):
                psutil.Process(int(entry.split()[0])).kill()
        return alive
