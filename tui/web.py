"""``skirmish web``: the app in a browser, through textual-serve.

Each browser tab that opens the page gets a process of its own running
``skirmish lobby --guest`` (textual-serve starts one per websocket and ends
it when the tab goes): the tab is a guest of the Skirmish server, a client
like a terminal, seeing only its own games.  This process holds no game; it
carries keys one way and screen updates the other.

What is added to textual-serve here, all through its public constructor:

- a cap on the tabs open at once (each is a whole app process: see the
  README's figure), refused with 503 past it;
- the websocket is accepted only from a page of this server (its ``Origin``
  matches the ``Host`` it was asked for, or ``--public-url``): another web
  site open in the same browser cannot start sessions here;
- the page asks nothing of a third party (textual-serve's page fetches a font
  from fonts.googleapis.com; the copy served here does not).

It listens on 127.0.0.1 unless told otherwise: plain HTTP, for a browser on
this machine, or for a reverse proxy that adds TLS in front of it (README).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 20
TITLE = "Skirmish"

# What each tab runs: the lobby, as a guest (a name, no account).
APP_ARGS: tuple[str, ...] = ("lobby", "--guest")

_GOOGLE_FONT = re.compile(r"\s*<link\b[^>]*fonts\.googleapis\.com[^>]*/?>", re.IGNORECASE | re.DOTALL)


def app_command(app_args: tuple[str, ...] = APP_ARGS) -> str:
    """The shell command textual-serve runs for each tab: this Python's own
    Skirmish (never one found on PATH), quoted."""
    return shlex.join([sys.executable, "-m", "tui", *app_args])


def local_template_dir() -> Path:
    """A fresh folder holding textual-serve's page without its third-party
    font link (the page falls back to the browser's monospace font)."""
    import textual_serve

    source = Path(textual_serve.__file__).parent / "templates" / "app_index.html"
    page = _GOOGLE_FONT.sub("", source.read_text(encoding="utf-8"))
    folder = Path(tempfile.mkdtemp(prefix="skirmish-web-"))
    (folder / "app_index.html").write_text(page, encoding="utf-8")
    return folder


def same_origin(origin: str | None, host: str | None, public_url: str) -> bool:
    """Whether a websocket's ``Origin`` is a page of this server: no Origin
    (not a browser), the ``Host`` the request was made to, or the public URL's."""
    if origin is None:
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    if host is not None and parts.netloc.lower() == host.lower():
        return True
    public = urlsplit(public_url)
    return (parts.scheme, parts.netloc.lower()) == (public.scheme, public.netloc.lower())


def make_server(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, public_url: str | None = None,
                max_sessions: int = DEFAULT_MAX_SESSIONS, app_args: tuple[str, ...] = APP_ARGS) -> Any:
    """A textual-serve ``Server`` for Skirmish with the additions above."""
    from aiohttp import web
    from textual_serve.server import Server

    class SkirmishWebServer(Server):
        def __init__(self) -> None:
            self.templates_folder = local_template_dir()
            super().__init__(app_command(app_args), host=host, port=port, title=TITLE, public_url=public_url,
                             templates_path=self.templates_folder)
            self.max_sessions = max_sessions
            self.sessions = 0

        async def on_startup(self, app: web.Application) -> None:
            self.console.print(f"Skirmish in a browser: open {self.public_url}  (ctrl+c stops it)")

        async def on_shutdown(self, app: web.Application) -> None:
            shutil.rmtree(self.templates_folder, ignore_errors=True)

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
            if not same_origin(request.headers.get("Origin"), request.headers.get("Host"), self.public_url):
                raise web.HTTPForbidden(text="This server takes sessions only from its own page.")
            if self.sessions >= self.max_sessions:
                raise web.HTTPServiceUnavailable(text="Every seat of this web door is taken: try again later.")
            self.sessions += 1
            try:
                return await super().handle_websocket(request)
            finally:
                self.sessions -= 1

    return SkirmishWebServer()


def web_command(host: str, port: int, public_url: str | None, max_sessions: int, socket: Path | None,
                err: Any = None) -> int:
    """Run ``skirmish web`` until ctrl+c or SIGTERM; the exit status."""
    err = err or sys.stderr
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        print("skirmish: `skirmish web` needs textual-serve (pip install textual-serve)", file=err)
        return 1
    if socket is not None:
        os.environ["SKIRMISH_SERVER"] = str(socket)  # each tab's lobby finds the server there
    if host not in ("127.0.0.1", "::1", "localhost"):
        print(f"skirmish: serving plain HTTP on {host}: anyone who can reach it can open sessions; "
              "put a reverse proxy with TLS in front of it (see the README)", file=err)
    server = make_server(host, port, public_url, max_sessions)
    try:
        server.serve()
    except OSError as error:
        print(f"skirmish: cannot serve on {host}:{port}: {error.strerror or error}", file=err)
        return 1
    finally:
        shutil.rmtree(server.templates_folder, ignore_errors=True)
    return 0
