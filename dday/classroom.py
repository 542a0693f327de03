"""The classroom app: the tutorial served by Voilà to a class from one machine.

``python -m dday app`` runs this server. What it protects, and how:

- **A class token.** Every page, kernel and file needs the token (Voilà's own token login); the URL
  the teacher hands out carries it, and the browser keeps it in a cookie after the first page.
- **No code from a browser.** Voilà runs the notebooks' own cells and refuses execute requests.
- **No server files.** The notebooks are served from a temporary copy; under the app the game board
  saves and loads only through the browser (:mod:`dday.views.widgets.files`).
- **Nothing from another host.** Voilà's page template links Font Awesome from a public CDN; the
  app's template (``dday/data/jupyter/voila/templates/dday``) drops those links (ipywidgets bundles
  the same icons), and a Content-Security-Policy forbids any other host to the page.
- **Kernels freed.** A closed page shuts its kernel down at once (its beacon carries the ``_xsrf``
  cookie this server sets); a kernel whose page vanished without a word is culled after
  ``cull_after`` seconds without a connection.
- **Quick arrival.** The lesson's notebooks are preheated: ``pool`` kernels each run the notebook
  before anyone asks, so a class arriving at once gets finished pages.

>>> nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# 17 · A whole turn\\nmore"}]}
>>> notebook_title(nb, "17_full_turn.ipynb")
'17 · A whole turn'
>>> len(class_token()), class_token() != class_token()
(14, True)
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

LAB_ONLY = "lab-only"  # a cell tag: this cell only makes sense in JupyterLab (it talks about running cells); the app leaves it out
TOKEN_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: a token a teacher can read aloud or type from the board
LOOPBACK = ("127.0.0.1", "localhost", "::1")

# Every page of the app may load only from this server: no CDN, no tile server, no other host.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",  # Voilà's pages run inline scripts and widget bundles
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self' data:",  # data: the plotly maps' offline topojson stub (maps.EMPTY_TOPO), fetched by plotly.js
        "frame-ancestors 'self'",
        "form-action 'self'",
        "base-uri 'self'",
    ]
)


class ClassroomError(RuntimeError):
    """The app cannot start as asked (a busy port, an address this machine does not have, a bad folder)."""


def class_token() -> str:
    """A new class token: 14 characters a teacher can read aloud, about 69 bits of chance (``secrets``)."""
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(14))


def notebook_title(nb: dict[str, Any], filename: str) -> str:
    """The notebook's first heading (its title), else its file name without ``.ipynb``."""
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else str(source)
        for line in text.splitlines():
            if line.startswith("#"):
                return re.sub(r"[*_`]", "", line.lstrip("#")).strip()
    return filename.removesuffix(".ipynb")


def without_lab_only_cells(nb: dict[str, Any]) -> dict[str, Any]:
    """The notebook less its cells tagged ``lab-only`` (prose about running cells, which the app hides).

    >>> nb = {"cells": [{"metadata": {"tags": ["lab-only"]}}, {"metadata": {}}]}
    >>> len(without_lab_only_cells(nb)["cells"])
    1
    """
    cells = [c for c in nb.get("cells", []) if LAB_ONLY not in c.get("metadata", {}).get("tags", [])]
    return {**nb, "cells": cells}


@dataclass(frozen=True)
class Listing:
    """One notebook on the landing page."""

    filename: str
    title: str
    lesson: bool = False


def prepare_served_folder(source: Path, dest: Path) -> list[Listing]:
    """Copy the notebooks of ``source`` into ``dest`` as the app serves them (cells tagged ``lab-only``
    left out); returns them in reading order with their titles."""
    listings = []
    for path in sorted(source.glob("*.ipynb")):
        try:
            nb = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ClassroomError(f"{path.name} is not a readable notebook ({type(e).__name__}); fix or remove it") from None
        (dest / path.name).write_text(json.dumps(without_lab_only_cells(nb), ensure_ascii=False, indent=1), encoding="utf-8")
        listings.append(Listing(path.name, notebook_title(nb, path.name)))
    return listings


def landing_page(listings: Sequence[Listing], base_url: str = "/") -> str:
    """The app's front page: the lesson's notebooks first, then every notebook by title in reading order.

    It is the template ``tree.html`` of the app's Voilà template, the page a school hub's Voilà shows
    for the tutorial's folder too (there with titles made from the file names).

    >>> html = landing_page([Listing("01_a.ipynb", "Order card 1 <x>", lesson=True), Listing("02_b.ipynb", "Two")])
    >>> '<html lang="en">' in html, "Order card 1 &lt;x&gt;" in html, 'href="/voila/render/01_a.ipynb"' in html
    (True, True, True)
    """
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(template_root() / "voila" / "templates" / "dday")), autoescape=True)
    items = [{"type": "notebook", "name": e.filename, "path": e.filename, "title": e.title, "lesson": e.lesson} for e in listings]
    return env.get_template("tree.html").render(base_url=base_url, contents={"content": items}, query="")


def projector_page(learner_url: str, token: str, *, network: bool) -> str:
    """The page the teacher shows on the projector: the address in big type, its QR code, the token.

    >>> html = projector_page("http://10.0.0.5:8866/voila/render/01_a.ipynb?token=abc", "abc", network=True)
    >>> "<svg" in html and "abc" in html and '<html lang="en">' in html
    True
    """
    import segno  # the QR code (the 'app' extra)

    qr = segno.make(learner_url, error="m").svg_inline(scale=7, border=3, dark="#000", light="#fff", title="QR code of the address above")
    breakable = escape(learner_url).replace("/", "/<wbr>").replace("?", "<wbr>?")  # break a long address at its slashes
    reach = (
        "Learners on the school's network open this address, or scan the code with a tablet's camera."
        if network
        else "Only this computer can open this address: start the app with --host 0.0.0.0 to serve the class's desks."
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>D-Day 1944: join the class</title>
<link rel="icon" href="data:,">
<style>
body {{ font: 24px/1.4 system-ui, "DejaVu Sans", sans-serif; color: #111; background: #fff; margin: 0; }}
main {{ max-width: 1100px; margin: 0 auto; padding: 28px; text-align: center; }}
h1 {{ font-size: 44px; margin: 0 0 10px; }}
.url {{ font: bold 34px/1.3 "DejaVu Sans Mono", monospace; margin: 18px 0; }}
.token {{ font: bold 40px "DejaVu Sans Mono", monospace; letter-spacing: 2px; }}
</style>
</head>
<body>
<main>
<h1>Join the class</h1>
<p>{escape(reach)}</p>
<p class="url">{breakable}</p>
{qr}
<p>Class token: <span class="token">{escape(token)}</span></p>
</main>
</body>
</html>
"""


def precompile() -> bool:
    """Write dday's bytecode before the class comes, so no learner's kernel compiles it (``compileall``;
    a package folder this account cannot write is left as it is). True when every module compiled."""
    import compileall

    return bool(compileall.compile_dir(str(Path(__file__).resolve().parent), quiet=2))


def template_root() -> Path:
    """The folder added to ``JUPYTER_PATH`` so that Voilà finds the app's template ``dday``."""
    return Path(str(resources.files("dday") / "data" / "jupyter"))


def login_template_dir() -> Path:
    """The folder of the app's own login page (``login.html``)."""
    return Path(str(resources.files("dday") / "data" / "classroom"))


def port_is_free(host: str, port: int) -> bool:
    """Whether ``host:port`` can be listened on now."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def first_free_port(host: str, port: int, tries: int = 20) -> int:
    """``port`` if it is free, else the next free one (at most ``tries`` along)."""
    for candidate in range(port, min(port + tries, 65536)):
        if port_is_free(host, candidate):
            return candidate
    raise ClassroomError(f"ports {port} to {port + tries - 1} are all busy on {host}; choose another with --port")


def check_host(host: str) -> None:
    """Refuse an address this machine cannot listen on, in one sentence."""
    try:
        socket.getaddrinfo(host, None)
    except (socket.gaierror, UnicodeError):
        raise ClassroomError(f"{host[:80]!r} is not an address of this machine (try 0.0.0.0 for every network, or 127.0.0.1)") from None


def lan_address() -> str | None:
    """This machine's address on its local network (the one a desk would reach), if it has one.

    Asks the kernel which interface would carry a packet out (a UDP socket's ``connect`` sends nothing)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed; no packet leaves
            address = str(s.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


@dataclass
class AppSettings:
    """How the app serves a class. ``lesson`` names the notebooks that are preheated and listed first."""

    host: str = "127.0.0.1"
    port: int = 8866
    token: str = field(default_factory=class_token)
    lesson: tuple[str, ...] = ()
    pool: int = 10  # preheated kernels for each lesson notebook
    cull_after: int = 60  # seconds a kernel with no page connected lives on
    refill_after: int = 10  # seconds before a preheated page that was taken is replaced (after the class's arrival)
    open_browser: bool = True

    def url(self, address: str, path: str = "") -> str:
        """The URL a learner opens: the real address and port, the token in it."""
        shown = f"[{address}]" if ":" in address else address
        return f"http://{shown}:{self.port}/{path}?token={self.token}"

    def addresses(self) -> list[str]:
        """The addresses learners can use: this machine's network address when serving every interface."""
        if self.host in ("0.0.0.0", "::", ""):
            found = lan_address()
            return [found, "127.0.0.1"] if found else ["127.0.0.1"]
        return [self.host]


def voila_config(settings: AppSettings) -> dict[str, dict[str, Any]]:
    """The Voilà configuration the app runs with (in this process; see :func:`serve`).

    >>> c = voila_config(AppSettings(token="t", lesson=("01_a.ipynb",), pool=3))
    >>> c["Voila"]["ip"], c["VoilaConfiguration"]["template"], c["VoilaKernelManager"]["kernel_pools_config"]["01_a.ipynb"]
    ('127.0.0.1', 'dday', {'pool_size': 3})
    """
    pools: dict[str, dict[str, int]] = {"default": {"pool_size": 0}}
    for name in settings.lesson:
        pools[name] = {"pool_size": settings.pool}
    return {
        "Voila": {
            "ip": settings.host,
            "port": settings.port,
            "port_retries": 0,  # the announced port is the port served, or the app stops with a message
            "token": settings.token,
            "open_browser": settings.open_browser,
        },
        "VoilaConfiguration": {
            "template": "dday",
            "theme": "light",
            "strip_sources": True,
            "show_tracebacks": False,
            "preheat_kernel": bool(settings.lesson) and settings.pool > 0,
        },
        # A taken preheated page is replaced refill_after seconds later. Voilà refills the pool to its
        # size whatever happens, and a learner who finds the pool empty waits for a refill in progress;
        # rendering a page costs the server's one thread most of a second, so refills during a class's
        # arrival slow every learner still waiting. Measured on 2 cores, 20 learners at once: pool 20,
        # all usable in about 1 s; pool 10, refilled after 60 s, the last waited 67 s (for the refill);
        # no pool, 15 s. So the pool should hold the whole class, and the refill wait a little.
        "VoilaKernelManager": {"kernel_pools_config": pools, "fill_delay": float(settings.refill_after)},
        "MappingKernelManager": {
            "cull_idle_timeout": settings.cull_after,
            "cull_interval": max(5, settings.cull_after // 4),
            "cull_connected": False,  # a page still open keeps its kernel, however quiet the learner
            "cull_busy": False,
        },
    }


def _classroom_voila(listings: Sequence[Listing], settings: AppSettings) -> Any:
    """A Voilà application with the class's landing page and the page-close fix (imported only when serving)."""
    import jinja2
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.utils import url_path_join
    from tornado import web
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    class StaticPageHandler(JupyterHandler):  # type: ignore[misc]
        """A page made once at start (the landing page, the projector page), behind the token."""

        def initialize(self, page: str) -> None:
            self.page = page

        @web.authenticated
        def get(self) -> None:
            self.xsrf_token  # noqa: B018 - sets the _xsrf cookie the pages' close beacon sends back
            self.set_header("Cache-Control", "no-store")
            self.finish(self.page)

    class NotebookHandler(TornadoVoilaHandler):  # type: ignore[misc]
        """Voilà's notebook page, which also sets the ``_xsrf`` cookie: without it the page's
        shutdown beacon on close is refused (403) and the kernel lives on."""

        async def prepare(self) -> None:
            await super().prepare()
            self.xsrf_token  # noqa: B018

    class ClassroomVoila(Voila):  # type: ignore[misc]
        def launch_browser(self) -> None:
            """Open the projector page (the address in big type and its QR code) on the teacher's screen."""
            import threading
            import webbrowser

            url = settings.url("127.0.0.1", "class")
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

        def init_settings(self) -> dict[str, Any]:
            out: dict[str, Any] = super().init_settings()
            out.setdefault("headers", {})["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
            # The login box a learner without the token meets: ours (a class token, in words) before Jupyter's.
            server_pages = out["jinja2_env"]
            server_pages.loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(login_template_dir())), server_pages.loader])
            return out

        def init_handlers(self) -> list[Any]:
            handlers = []
            render = url_path_join(self.server_url, r"/voila/render/(.*)")
            for handler in super().init_handlers():
                if handler[0] == render:
                    handler = (handler[0], NotebookHandler, *handler[2:])
                handlers.append(handler)
            page = landing_page(listings, self.base_url)
            projector = projector_page(learner_url(settings), settings.token, network=settings.host not in LOOPBACK)
            return [
                (self.server_url, StaticPageHandler, {"page": page}),
                (url_path_join(self.server_url, "class"), StaticPageHandler, {"page": projector}),
                *handlers,
            ]

    return ClassroomVoila


def serve(source: Path, settings: AppSettings, *, announce: Any = print) -> int:
    """Serve the notebooks of ``source`` to a class until Ctrl+C or SIGTERM; returns the exit code.

    The notebooks are served from a new temporary folder (removed on stop), so nothing a page does
    reaches ``source``. Stopping shuts down every kernel (Voilà's own stop)."""
    check_host(settings.host)
    settings.port = first_free_port(settings.host, settings.port)
    served = Path(tempfile.mkdtemp(prefix="dday-app-"))
    try:
        listings = prepare_served_folder(source, served)
        known = {entry.filename for entry in listings}
        listings = [Listing(e.filename, e.title, lesson=e.filename in settings.lesson) for e in listings]
        settings.lesson = tuple(name for name in settings.lesson if name in known)
        os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(template_root()), os.environ.get("JUPYTER_PATH")]))
        os.environ["DDAY_APP"] = "1"  # the kernels' game boards save and load only through the browser
        precompile()
        for line in announcement(settings):
            announce(line)
        from traitlets.config import Config

        app = _classroom_voila(listings, settings)
        app.launch_instance([str(served)], config=Config(voila_config(settings)))
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        shutil.rmtree(served, ignore_errors=True)


def lesson_path(settings: AppSettings) -> str:
    """The page learners open: the lesson's first notebook, else the landing page (``""``)."""
    return f"voila/render/{quote(settings.lesson[0])}" if settings.lesson else ""


def learner_url(settings: AppSettings) -> str:
    """The address learners open, on this machine's network address, with the token."""
    return settings.url(settings.addresses()[0], lesson_path(settings))


def announcement(settings: AppSettings) -> Iterator[str]:
    """What the teacher reads when the app starts: the URL for the class, the token, how to stop."""
    urls = [settings.url(address, lesson_path(settings)) for address in settings.addresses()]
    yield "The classroom app is running."
    if settings.host in LOOPBACK:
        yield f"  Open: {urls[0]}"
        yield "  Only this computer can reach it (start with --host 0.0.0.0 to serve a class on the network)."
    else:
        yield f"  Learners open:  {urls[0]}"
        for other in urls[1:]:
            yield f"  On this computer: {other}"
        yield f"  Class token: {settings.token}  (a learner without it sees a login box that asks for it)"
        yield "  No TLS: use the school's own network, not the open internet."
    yield f"  For the projector (the address in big type and a QR code): {settings.url('127.0.0.1', 'class')}"
    if settings.lesson and settings.pool > 0:
        pages = "1 page" if settings.pool == 1 else f"{settings.pool} pages"
        yield f"  Preheated: {', '.join(settings.lesson)} ({pages} of each ready before anyone asks)."
    yield "  Stop with Ctrl+C: every page's kernel is shut down and the served copies are removed."
