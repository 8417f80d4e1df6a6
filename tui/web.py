"""``skirmish web``: the app in a browser, through textual-serve.

Each browser tab that opens the page gets a process of its own running
``skirmish lobby --guest`` (textual-serve starts one per websocket and ends
it when the tab goes): the tab is a guest of the Skirmish server, a client
like a terminal, seeing only its own games.  This process holds no game; it
carries keys one way and screen updates the other.

What is added to textual-serve here (a subclass of its ``Server``: the
constructor's arguments, a middleware on its web application, the page's
and the websocket's handlers; the websocket's is textual-serve 1.1's own
with a tab's own command and checked messages, so pyproject holds
textual-serve to 1.x):

- a cap on the tabs open at once (each is a whole app process: see the
  README's figure), and a smaller one on the tabs of one client address, so
  one client cannot take them all (``web_seats``: the whole loopback range
  is one address, as is an IPv6 /64); a tab refused is told why
  in its page (its websocket closed with the reason, which ``web_page``'s
  script shows), a request that is no websocket by a 503 or a 429;
  one that is no websocket when a seat is free is answered 400, in one line
  of the log;
- a request is answered only if its ``Host`` is a name this server was given
  (the public URL's, or on this machine a loopback name), and the websocket
  only from a page at such an address (its ``Origin``; none, not a browser,
  is refused): another web site open in the same browser cannot start
  sessions here, even with its own name made to lead here (DNS rebinding);
- the page may be shown in no frame of another page (``X-Frame-Options``,
  and its ``Content-Security-Policy``, which also lets run only its own
  scripts: ``web_page.page_policy``), a browser that says it asks for it
  for a frame is refused it, and a websocket a browser says another site's
  page opens is refused: the door's own page, top-level, is the only one
  that starts sessions;
- the page names its websocket and files by their path only, so the
  browser opens them at the host and port it loaded the page from, where
  the guest's cookie is (``web_page``); on 127.0.0.1 the door listens on
  ::1 too when this machine has it;
- the static folders are served without their listings;
- the page asks nothing of a third party, and shows why the door closed a
  tab (``web_page``);
- what a tab sends reaches its app without the door waiting for the app to
  read it (``web_page.AppInput``): a busy app never holds up the door
  reading its tab, so a closed tab is seen at once; a tab that sends more
  than its app has taken in by 256 KiB is closed, saying so;
- what a tab sends is checked: a message past 64 KiB, a flood, garbage (a
  binary frame, keys that are not text) or an unreadable terminal size
  closes that tab, saying why (its app is its own process: nobody else's game
  notices), a size past what a screen can be is cut to it, and a flood of
  sizes reaches the app a few times a second (``web_page.LatestSize``);
- a tab that reads nothing it is sent for 30 seconds is dropped (the
  door's pings find it: ``web_page.ReadWatch``);
- a Skirmish server that does not take this door's account as a door
  refuses every tab's guest: ``skirmish web`` says so at its start, with the
  fix, and each tab is closed saying the door is not set up right;
- stopping ``skirmish web`` closes every tab saying so (each tab's app runs
  in a session of its own, so a ctrl+c in the door's terminal reaches the
  door alone);
- a closed tab's app process is ended, whatever closed the tab (asked to
  quit, then SIGTERM, then SIGKILL: ``end_app``; one that has not shown
  anything yet is killed at once), and its seat is free only once the
  process is gone (a reload waits for it rather than being refused), and
  every way its handler ends gives it back;
- each browser is one guest, named by a random token in a cookie that only
  this server reads: the tab cannot choose whom it plays as, and a reload or
  a second tab of the same browser finds its games again (a tab that brought
  no cookie is given one with its websocket's answer).

It listens on 127.0.0.1 unless told otherwise: plain HTTP, for a browser on
this machine, or for a reverse proxy that adds TLS in front of it (README).
"""

from __future__ import annotations

import contextvars
import getpass
import hashlib
import logging
import os
import re
import secrets
import shlex
import shutil
import signal
import sys
import time
from pathlib import Path
from typing import Any

from net.door_probe import not_a_door
from tui.web_address import (
    ALSO_IPV6,
    allowed_origins,
    host_allowed,
    ipv6_loopback,
    origin_allowed,
    page_path,
    public_url_problem,
)
from tui.web_page import (
    GOING_AWAY,
    OVERFED,
    POLICY_VIOLATION,
    STALLED_AFTER,
    STOPPED,
    TRY_AGAIN_LATER,
    AppInput,
    LatestSize,
    MessageRate,
    ReadWatch,
    local_template_dir,
    page_policy,
    read_envelope,
    send_or_drop,
    to_int,
)
from tui.web_seats import EVERY_SEAT_TAKEN, KILL_GRACE, QUIT_WAIT, Seat, Seats, die_with_the_door, end_app

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 20
TITLE = "Skirmish"

# The tabs one client address may hold, so that one client (a script, or a
# person with many tabs) cannot take every seat: 4, fewer when the cap on all
# is small, all of them only when that cap is 1.  Per address because the
# peer's address is the one thing a client cannot choose (a cookie it can
# drop, a header it can write).  Behind a reverse proxy every tab comes from
# the proxy's address, so this cap is then the cap on all: the proxy's set-up
# raises it with this environment variable (README).
SESSIONS_PER_ADDRESS = 4
SESSIONS_PER_ADDRESS_ENV = "SKIRMISH_WEB_SESSIONS_PER_ADDRESS"

# What each tab runs: the lobby, as a guest (a name, no account).
APP_ARGS: tuple[str, ...] = ("lobby", "--guest")

# A browser is one guest: a random token in a cookie names it, so a reload or
# a second tab finds the same games; the tab's process is told the guest's id
# (derived from the token) in GUEST_ENV.  HttpOnly; SameSite=Lax, so a link
# to this server from another site still brings the cookie (Strict would make
# a new guest there); a websocket from another site's page is refused by its
# Origin whatever it carries.
COOKIE = "skirmish_guest"
COOKIE_DAYS = 30
TOKEN_BYTES = 24
GUEST_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
GUEST_ENV = "SKIRMISH_GUEST"
GUEST_ID = re.compile(r"web-[0-9a-f]{24}")

# What one tab may send: a message (keys, a paste) up to 64 KiB, and at most
# 100 within any one second (a key held down sends 30, the mouse moved
# across the terminal one a cell).
MAX_MESSAGE = 64 * 1024
RATE = 100

# A tab finding every seat it may have held by tabs being ended waits this
# long for one of them (see web_seats).
SEAT_WAIT = QUIT_WAIT + KILL_GRACE + 1.0

# Why the door closes a tab for what it sent (the page shows it).
NOT_THE_PAGES = "This tab sent something its page never sends: closed."
FLOODED = f"This tab sent more than {RATE} messages a second: closed."
# Why every tab is refused when the Skirmish server does not take this
# door's account as a door (net/door_probe.py): the operator's to mend.
NOT_A_WEBSOCKET = "This address is the page's websocket: open the page itself."
# What a browser says a request is for when a page frames another: the page
# is refused to all of them (with its headers, a browser would show none).
FRAMED = ("iframe", "frame", "embed", "object", "fencedframe")
NOT_A_DOOR = "This web door is not set up right (the Skirmish server does not take it as a door): tell its operator."
# How long the server's answer that it takes this door is believed.
DOOR_CHECKED_FOR = 30.0

# The tab whose session the code running now serves (the app's reader task
# inherits it), for the log filter below.
_current_seat: contextvars.ContextVar[Seat | None] = contextvars.ContextVar("skirmish_web_seat", default=None)


def app_command(app_args: tuple[str, ...] = APP_ARGS) -> str:
    """The shell command textual-serve runs for each tab: this Python's own
    Skirmish (never one found on PATH), quoted."""
    return shlex.join([sys.executable, "-m", "tui", *app_args])


class QuietEndedTabs(logging.Filter):
    """textual-serve logs "Application failed to start" when an app's output
    ends before its first line; a tab closed that early has its app killed
    by the door (``end_app``), which is no failure: that record is dropped
    for a tab being ended, kept for any other."""

    def filter(self, record: logging.LogRecord) -> bool:
        seat = _current_seat.get()
        return not (record.getMessage() == "Application failed to start" and seat is not None and seat.ending)


def sessions_per_address(max_sessions: int, configured: str | None = None) -> int:
    """The tabs one client address may hold (see SESSIONS_PER_ADDRESS);
    ``configured``, from SESSIONS_PER_ADDRESS_ENV, overrides it (ValueError
    unless a whole number from 1)."""
    if configured:
        cap = int(configured)
        if cap < 1:
            raise ValueError(f"{SESSIONS_PER_ADDRESS_ENV} needs at least 1")
        return cap
    return 1 if max_sessions == 1 else min(SESSIONS_PER_ADDRESS, max_sessions - 1)


def guest_id(token: str | None) -> str | None:
    """The guest a browser is, from its cookie's token (None: no valid
    token).  Derived one way, so the id (which the tab's process and the
    server's store hold) never gives the token back."""
    if not token or not GUEST_TOKEN.fullmatch(token):
        return None
    return "web-" + hashlib.sha256(token.encode("ascii")).hexdigest()[:24]


def guest_identity(environ: Any = None) -> tuple[str | None, str]:
    """``skirmish lobby --guest``: the identity the tab's process says to
    the server (``guest:web-...``, from ``$SKIRMISH_GUEST``, which the web
    server sets), or (None, why not)."""
    given = (os.environ if environ is None else environ).get(GUEST_ENV, "")
    if not GUEST_ID.fullmatch(given):
        return None, ("a guest is what `skirmish web` starts for each browser tab; "
                      "in a terminal, run `skirmish lobby`")
    return f"guest:{given}", ""


def name_the_guest(client: Any) -> Any:
    """A guest the server knows only by its id has given no name yet: its
    lobby asks for one (as a first login through the SSH door is asked)."""
    import attrs

    me = getattr(client, "me", None)
    if me is not None and me.player.startswith("guest:") and me.name == me.player[6:]:
        client.me = attrs.evolve(me, needs_name=True)
    return client


def make_server(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, public_url: str | None = None,
                max_sessions: int = DEFAULT_MAX_SESSIONS, app_args: tuple[str, ...] = APP_ARGS,
                per_address: int | None = None) -> Any:
    """A textual-serve ``Server`` for Skirmish with the additions above."""
    import asyncio

    from aiohttp import web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server, log

    if public_url is None and ":" in host:
        public_url = f"http://[{host}]:{port}"  # textual-serve's own default leaves an IPv6 address bare
    if public_url is not None:
        public_url = public_url.rstrip("/")  # textual-serve adds each address's path (/ws) to it

    class TabApp(AppService):
        """textual-serve's app service, its app started in a session (and
        so a process group) of its own: a ctrl+c in the door's terminal is
        the door's to handle (each tab told why it closes), not each app's.
        Its app still ends with its tab (``end_app``) and with the door
        (the door ends its tabs as it stops; killed, the kernel sends the
        app SIGTERM: ``die_with_the_door``)."""

        async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
            self._process = process = await asyncio.create_subprocess_shell(
                self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, env=self._build_environment(width=width, height=height),
                start_new_session=True, preexec_fn=die_with_the_door())
            assert process.stdin is not None
            self._stdin = process.stdin
            return process

    class SkirmishWebServer(Server):
        def __init__(self) -> None:
            self.templates_folder = local_template_dir(MAX_MESSAGE)
            self.policy = page_policy((self.templates_folder / "app_index.html").read_text(encoding="utf-8"))
            super().__init__(app_command(app_args), host=host, port=port, title=TITLE, public_url=public_url,
                             templates_path=self.templates_folder)
            self.seats = Seats(max_sessions, per_address or sessions_per_address(max_sessions), SEAT_WAIT)
            self.allowed = allowed_origins(self.public_url, host, port)
            self.open_tabs: set[web.WebSocketResponse] = set()
            self.door_checked = float("-inf")  # when the server last said it takes this door

        def serve(self, debug: bool = False) -> None:
            # The door waits for each tab's app process itself (asyncio); a
            # SIGCHLD ignored by whatever started it (ignoring is inherited)
            # has the kernel reap them first, and asyncio then logs "Unknown
            # child process pid N" for every tab.
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            # textual-serve's serve, saying where to open the page only once
            # it listens (aiohttp's ``print`` is called then: a port in use
            # fails before it).
            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
            # 127.0.0.1 and ::1 both: a browser may take localhost for either
            hosts = [self.host, ALSO_IPV6] if self.host == DEFAULT_HOST and ipv6_loopback(self.port) else self.host
            web.run_app(self._make_app(), host=hosts, port=self.port, handle_signals=False, loop=loop,
                        print=self.say_serving)

        def say_serving(self, *_: Any) -> None:
            self.console.print(f"Skirmish in a browser: open {self.public_url}  (ctrl+c stops it)")

        def initialize_logging(self) -> None:
            super().initialize_logging()
            from rich.logging import RichHandler

            for handler in logging.getLogger().handlers:
                if isinstance(handler, RichHandler):
                    # a traceback's locals would print a tab's command line, its guest's id in it
                    handler.tracebacks_show_locals = False
            log.addFilter(QuietEndedTabs())

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.middlewares.append(self.guard)  # before the app runs (it freezes them then)
            return app

        @web.middleware
        async def guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
            # A page whose name was made to lead here (DNS rebinding) asks
            # for its own name: nothing of this server is its to read.
            if not host_allowed(request.headers.get("Host"), self.allowed):
                raise web.HTTPForbidden(text=f"This server answers as {self.public_url} only.")
            # textual-serve lists its static folders (show_index): a folder's
            # address gets no listing here, its files are served as before.
            if request.path == "/static" or request.path.startswith("/static/"):
                if (Path(self.statics_path) / request.path[len("/static"):].strip("/")).is_dir():
                    raise web.HTTPForbidden(text="No listing here.")
            return await handler(request)

        async def on_startup(self, app: web.Application) -> None:
            pass  # textual-serve's prints its own banner: the door says where to open it in say_serving

        async def on_shutdown(self, app: web.Application) -> None:
            # before aiohttp cancels the tabs' handlers: each page says why
            closing = [tab.close(code=GOING_AWAY, message=STOPPED.encode("utf-8")) for tab in list(self.open_tabs)]
            await asyncio.wait_for(asyncio.gather(*closing, return_exceptions=True), QUIT_WAIT)
            shutil.rmtree(self.templates_folder, ignore_errors=True)

        async def door_refused(self) -> bool:
            """Whether the Skirmish server refuses this door's guests (its
            account is no door there); a yes is believed for a while."""
            if time.monotonic() - self.door_checked < DOOR_CHECKED_FOR:
                return False
            if await asyncio.to_thread(not_a_door) is not None:
                log.warning("the Skirmish server does not take this account as a door: "
                            "start it with --door-account %s", getpass.getuser())
                return True
            self.door_checked = time.monotonic()
            return False

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            import aiohttp_jinja2

            if request.headers.get("Sec-Fetch-Dest", "").lower() in FRAMED:
                raise web.HTTPForbidden(text="This page is shown in no frame of another page.")
            # textual-serve's template, its websocket and files named by their path
            # alone (textual-serve names them at the public URL's host): the browser
            # opens them where it loaded the page from, the guest's cookie's host
            path = page_path(self.public_url)
            response = aiohttp_jinja2.render_template("app_index.html", request, {
                "font_size": to_int(request.query.get("fontsize", "16"), 16),
                "app_websocket_url": f"{path}/ws", "config": {"static": {"url": f"{path}/static/"}},
                "application": {"name": self.title}})
            response.headers["Content-Security-Policy"] = self.policy
            response.headers["X-Frame-Options"] = "DENY"
            response.headers["X-Content-Type-Options"] = "nosniff"
            if guest_id(request.cookies.get(COOKIE)) is None:
                self._give_cookie(response, secrets.token_urlsafe(TOKEN_BYTES))
            return response

        def _give_cookie(self, response: web.StreamResponse, token: str) -> None:
            response.set_cookie(COOKIE, token, max_age=COOKIE_DAYS * 86400, httponly=True, samesite="Lax",
                                secure=self.public_url.startswith("https:"))

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            # The door's own page is the only one whose websocket is same-origin
            # (a browser that says Sec-Fetch-Site says so: another site's page,
            # even one the door's name was made to lead to, is not)
            if not origin_allowed(request.headers.get("Origin"), self.allowed) \
                    or request.headers.get("Sec-Fetch-Site", "same-origin").lower() != "same-origin":
                raise web.HTTPForbidden(text="This server takes sessions only from its own page.")
            seat = await self.seats.take(request.remote or "")
            if isinstance(seat, str):
                return await self._refuse(request, seat)
            try:  # whatever ends the tab (refused, closed, cancelled, failed) gives its seat back
                if not web.WebSocketResponse().can_prepare(request).ok:
                    log.warning("a request for the websocket was no websocket: answered 400")
                    raise web.HTTPBadRequest(text=NOT_A_WEBSOCKET)
                if await self.door_refused():
                    return await self._refuse(request, NOT_A_DOOR)
                # A tab that brought no cookie (its page's was lost, or its
                # browser keeps none) is given one with its websocket's
                # answer, naming the guest it is: a browser that keeps it
                # finds that guest again on a reload (README).
                token = request.cookies.get(COOKIE)
                new_token = None if guest_id(token) else secrets.token_urlsafe(TOKEN_BYTES)
                guest = guest_id(new_token or token)
                command = f"exec env {GUEST_ENV}={guest} {self.command}"
                return await self._session(request, command, seat, new_token)
            finally:
                self.seats.give_back(seat)

        async def _refuse(self, request: web.Request, why: str) -> web.WebSocketResponse:
            """A tab refused a seat: its page is told why (a websocket opened
            and closed at once with the reason: a browser's script never sees
            a refused handshake's answer); anything else gets 503 or 429."""
            log.info("a tab was refused: %s", why)
            websocket = web.WebSocketResponse()
            if not websocket.can_prepare(request).ok:
                if why in (EVERY_SEAT_TAKEN, NOT_A_DOOR):
                    raise web.HTTPServiceUnavailable(text=why)
                raise web.HTTPTooManyRequests(text=why)
            try:
                await websocket.prepare(request)
                await websocket.close(code=TRY_AGAIN_LATER, message=why.encode("utf-8"))
            except ConnectionResetError:
                pass  # it did not wait to hear why
            return websocket

        async def _session(self, request: web.Request, command: str, seat: Seat,
                           new_token: str | None = None) -> web.WebSocketResponse:
            # One tab's session over textual-serve's AppService, started with
            # this tab's own command: the base class's handler reads the
            # shared ``self.command`` after an await, so two tabs opening at
            # once could swap guests.  No aiohttp heartbeat: ``ReadWatch``
            # pings the tab, and takes its answers (autoping off).
            websocket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, autoping=False)
            if new_token is not None:
                self._give_cookie(websocket, new_token)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            app_service: AppService | None = None
            shown = False  # whether the app has sent the tab anything yet

            async def to_tab(data: bytes) -> None:
                nonlocal shown
                shown = True
                await send_or_drop(websocket, request.transport, data)

            seat_token = _current_seat.set(seat)  # before the app's reader task starts, which inherits it
            try:
                await websocket.prepare(request)
                self.open_tabs.add(websocket)
                app_service = TabApp(command, write_bytes=to_tab, write_str=websocket.send_str,
                                     close=websocket.close,  # type: ignore[arg-type]  # (as textual-serve does)
                                     download_manager=self.download_manager, debug=self.debug)
                await app_service.start(width, height)
                why = await self._until_closed(request, websocket, app_service)
                if why is None:
                    await websocket.close()
                else:
                    await websocket.close(code=POLICY_VIOLATION, message=why.encode("utf-8"))
            except asyncio.CancelledError:
                await websocket.close(code=GOING_AWAY, message=STOPPED.encode("utf-8"))
            except ConnectionResetError:
                pass  # the tab went (while it waited for its seat, say): nothing failed
            except Exception as error:  # noqa: BLE001 - one tab's failure is logged, never the server's end
                log.exception(error)
            finally:
                self.open_tabs.discard(websocket)
                self.seats.ending_begins(seat)
                if app_service is not None:
                    await end_app(app_service, started=shown)
                _current_seat.reset(seat_token)
            return websocket

        async def _until_closed(self, request: web.Request, websocket: web.WebSocketResponse,
                                app_service: AppService) -> str | None:
            """Read the tab (``_messages``) until it closes or is to be closed
            for what it sent (why, in words), or until it has read nothing it
            was sent for STALLED_AFTER seconds: then its connection is dropped
            (no words reach a tab that reads none) and reading it ends too,
            wherever it waits."""
            watch = ReadWatch()
            reading = asyncio.ensure_future(self._messages(websocket, app_service, watch))
            stalled = asyncio.ensure_future(watch.until_stalled(websocket))
            try:
                await asyncio.wait({reading, stalled}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                stalled.cancel()
                reading.cancel()  # a finished task ignores it
            if not reading.done() or reading.cancelled():
                log.warning("a tab read nothing it was sent for %d seconds: closed", STALLED_AFTER)
                if request.transport is not None:
                    request.transport.abort()
                return None
            return reading.result()

        async def _messages(self, websocket: web.WebSocketResponse, app_service: AppService,
                            watch: ReadWatch | None = None) -> str | None:
            """What the page sends (keys, sizes, focus), passed on to the
            tab's app, until the tab closes (None) or is to be closed for what
            it sent: garbage, a flood or an absurd size (why, in words; it
            harms nobody else: its app is its own)."""
            # a flood of sizes redraws a few times a second; a size waits for the app in a task of its own
            sizes = LatestSize(app_service.set_terminal_size)
            try:
                return await self._read_tab(websocket, AppInput(app_service), sizes, watch)
            finally:
                sizes.close()

        async def _read_tab(self, websocket: web.WebSocketResponse, app_input: AppInput,
                            sizes: LatestSize, watch: ReadWatch | None = None) -> str | None:
            from aiohttp import WSMsgType

            rate = MessageRate(RATE)
            async for message in websocket:
                if message.type == WSMsgType.ERROR:
                    return None  # aiohttp has closed it (a message too big: the page says so)
                if rate.too_many(time.monotonic()):
                    log.warning("a tab sent more than %d messages a second: closed", RATE)
                    return FLOODED
                if message.type == WSMsgType.PONG:
                    if watch is not None:
                        watch.answered(message.data)
                    continue
                if message.type == WSMsgType.PING:
                    await websocket.pong(message.data)
                    continue
                if message.type != WSMsgType.TEXT:
                    log.warning("a tab sent something that is not the page's: closed")
                    return NOT_THE_PAGES
                envelope = read_envelope(message.data)
                if envelope is None:
                    log.warning("a tab sent something that is not the page's: closed")
                    return NOT_THE_PAGES
                kind, data = envelope
                if kind == "resize":
                    sizes.want(data["width"], data["height"])
                    continue
                if kind == "ping":
                    await websocket.send_json(["pong", data])
                    continue
                taken = app_input.keys(data.encode("utf-8")) if kind == "stdin" else app_input.meta({"type": kind})
                if not taken:  # its app reads none of it: it waits in the door, up to a point
                    log.warning("a tab sent more than its app could take in: closed")
                    return OVERFED
            return None

    return SkirmishWebServer()


def web_command(host: str, port: int, public_url: str | None, max_sessions: int, socket: Path | None,
                err: Any = None) -> int:
    """Run ``skirmish web`` until ctrl+c or SIGTERM; the exit status."""
    err = err or sys.stderr
    if max_sessions < 1:
        print("skirmish: --max-sessions needs at least 1", file=err)
        return 2
    if not 0 < port < 65536:
        print("skirmish: --port needs a number from 1 to 65535", file=err)
        return 2
    if public_url is not None and (problem := public_url_problem(public_url)) is not None:
        print(f"skirmish: --public-url needs the address browsers open, as https://games.example.org: "
              f"{public_url!r} cannot be one ({problem})", file=err)
        return 2
    try:
        per_address = sessions_per_address(max_sessions, os.environ.get(SESSIONS_PER_ADDRESS_ENV))
    except ValueError:
        print(f"skirmish: {SESSIONS_PER_ADDRESS_ENV} needs a whole number from 1", file=err)
        return 2
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        print("skirmish: `skirmish web` needs textual-serve (pip install textual-serve)", file=err)
        return 1
    if socket is not None:
        os.environ["SKIRMISH_SERVER"] = str(socket)  # each tab's lobby finds the server there
    from net.serverclient import reachable, socket_path

    if not reachable(socket):
        print(f"skirmish: no Skirmish server answers on {socket_path(socket)} yet: each tab's lobby will say so "
              f"until one does (skirmish serve --door-account {getpass.getuser()})", file=err)
    elif not_a_door(socket) is not None:
        print(f"skirmish: the Skirmish server on {socket_path(socket)} does not take this account "
              f"({getpass.getuser()}) as a door, so it refuses every tab's guest, and each tab says this door is "
              f"not set up right: add --door-account {getpass.getuser()} to the server's command "
              f"(skirmish serve --door-account {getpass.getuser()}) and start it again", file=err)
    if host not in ("127.0.0.1", "::1", "localhost"):
        print(f"skirmish: serving plain HTTP on {host}: anyone who can reach it can open sessions; "
              "put a reverse proxy with TLS in front of it (see the README)", file=err)
        if public_url is None:
            print("skirmish: browsers elsewhere are refused unless --public-url gives the address they use",
                  file=err)
    server = make_server(host, port, public_url, max_sessions, per_address=per_address)
    try:
        server.serve()
    except OSError as error:
        print(f"skirmish: cannot serve on {host}:{port}: {error.strerror or error}", file=err)
        return 1
    finally:
        shutil.rmtree(server.templates_folder, ignore_errors=True)
    return 0
