"""The page ``skirmish web`` serves (textual-serve's, with two changes), and
what the door reads of the messages it sends.

- It asks nothing of a third party (textual-serve's page fetches a font from
  fonts.googleapis.com; the copy served here does not, and falls back to the
  browser's monospace font).
- When the door closes a tab's websocket with a reason (a tab refused, every
  seat being taken; a tab closed for what it sent), the page says it: its
  "Session ended." box shows the reason.  textual-serve's script keeps its
  websocket to itself and shows only "Session ended.", so a script put in
  the page before it wraps the browser's ``WebSocket`` to hear the close.
- The page opens its websocket at the very host and port it was loaded
  from (``location.host``): the page names only its path.  A page loaded as
  ``localhost`` and a websocket to ``127.0.0.1`` are two sites to the
  browser, which would not send the guest's cookie.  The same wrapper closes
  the websocket when the page is hidden for good or frozen (``pagehide``: a
  tab navigated away), so its app ends at once, and reloads a page brought
  back from the browser's back-forward cache.
- It holds no inline event handler (its Restart buttons are given theirs by
  a script), so its policy (``page_policy``: sent with it) lets run only
  its own scripts, by their hashes, and lets no other site frame it.

What a tab sends is checked (``read_envelope``), and the sizes it asks for
are applied at most a few times a second, the latest one (``LatestSize``):
each size redraws the whole screen, so a flood of them would keep the
tab's app busy and send megabytes for nothing.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import re
import tempfile
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

_GOOGLE_FONT = re.compile(r"\s*<link\b[^>]*fonts\.googleapis\.com[^>]*/?>", re.IGNORECASE | re.DOTALL)

# The websocket close codes the door uses, and what the page says for one
# closed with no reason of the door's own (aiohttp closes a message too big
# itself, with 1009 and no reason).
TRY_AGAIN_LATER = 1013
POLICY_VIOLATION = 1008
MESSAGE_TOO_BIG = 1009
GOING_AWAY = 1001  # the door is stopping
ABNORMAL = 1006  # no close at all: the connection was lost
STOPPED = "The web door was stopped by its operator."

# A tab's terminal size is applied at most once in this many seconds.
RESIZE_EVERY = 0.5
# A tab that has read nothing of what it is sent for this long is closed: a
# browser's page always reads, and its seat and app are another tab's to
# have.  What it has read is known by the door's pings, sent every PING_EVERY
# seconds behind everything else (``ReadWatch``).
STALLED_AFTER = 30.0
PING_EVERY = 5.0

_SHOW_CLOSE_REASON = """<script>
      // The door says why it closes a tab (the close's reason): show it in
      // the "Session ended." box instead of that alone.  The page names its
      // websocket by its path only: it opens at this page's own host and
      // port (the guest's cookie is this host's), ws: or wss: as the page.
      (() => {
        const Native = window.WebSocket;
        const unsaid = UNSAID;
        const open = new Set();
        function Socket(url, ...rest) {
          const address = new URL(url, window.location.href);
          address.protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
          const socket = new Native(address.href, ...rest);
          open.add(socket);
          socket.addEventListener("close", (event) => {
            const reason = event.reason || unsaid[event.code];
            const message = document.querySelector(".closed-dialog .message");
            if (reason && message) {
              message.textContent = reason;
            }
            open.delete(socket);
          });
          return socket;
        }
        Socket.prototype = Native.prototype;
        Object.assign(Socket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
        window.WebSocket = Socket;
        // A page left (navigated away, maybe kept frozen for the Back
        // button) ends its session now, not when the door finds it reads
        // nothing; brought back, it starts a fresh one.
        window.addEventListener("pagehide", () => open.forEach((socket) => socket.close()));
        window.addEventListener("pageshow", (event) => {
          if (event.persisted) {
            window.location.reload();
          }
        });
      })();
    </script>
    """

# textual-serve's Restart buttons call refresh() from an inline handler,
# which a policy that runs only the page's own scripts forbids: a script at
# the end of the page gives them their handler instead.
_INLINE_RESTART = re.compile(r'\s+onClick="refresh\(\)"', re.IGNORECASE)
_RESTART_BUTTONS = """<script>
      document.querySelectorAll("[data-restart]").forEach((button) => button.addEventListener("click", refresh));
    </script>
  """
_INLINE_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def page_template(source: str, max_message: int) -> str:
    """textual-serve's page template ``source`` as the door serves it."""
    unsaid = {MESSAGE_TOO_BIG: f"This tab sent a message over {max_message // 1024} KiB: closed.",
              GOING_AWAY: STOPPED, ABNORMAL: "The connection to the web door was lost."}
    page = _GOOGLE_FONT.sub("", source)
    script = _SHOW_CLOSE_REASON.replace("UNSAID", json.dumps(unsaid))
    # before textual-serve's script, which opens the websocket once the page has loaded
    at = page.index("<script")
    page = page[:at] + script + page[at:]
    page = _INLINE_RESTART.sub(" data-restart", page)
    at = page.rindex("</body>")
    page = page[:at] + _RESTART_BUTTONS + page[at:]
    if _INLINE_HANDLER.search(page):
        raise ValueError("textual-serve's page holds an inline event handler the door's policy would block")
    page_policy(page)  # raises if a script of the page is not the same on every load
    return page


def page_policy(page: str) -> str:
    """The Content-Security-Policy the page is sent with: its scripts are its
    own files and its inline scripts (by their hashes), it connects only to
    its own address (its websocket included), and no other page may frame it
    (so another site can neither start sessions in hidden frames nor lay
    the terminal under its own clicks)."""
    hashes = []
    for script in _INLINE_SCRIPT.findall(page):
        if "{{" in script or "{%" in script:
            raise ValueError("an inline script of the page is a template: its hash would change")
        digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
        hashes.append(f"'sha256-{digest}'")
    return "; ".join([
        "default-src 'self'", f"script-src 'self' {' '.join(hashes)}",
        "style-src 'self' 'unsafe-inline'",  # xterm.js styles its terminal by <style> elements it makes
        "img-src 'self' data:", "font-src 'self' data:", "connect-src 'self'", "object-src 'none'",
        "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"])


def local_template_dir(max_message: int) -> Path:
    """A fresh folder holding the page's template (``app_index.html``)."""
    import textual_serve

    source = Path(textual_serve.__file__).parent / "templates" / "app_index.html"
    folder = Path(tempfile.mkdtemp(prefix="skirmish-web-"))
    (folder / "app_index.html").write_text(page_template(source.read_text(encoding="utf-8"), max_message),
                                           encoding="utf-8")
    return folder


def read_envelope(text: str) -> tuple[str, Any] | None:
    """One message of textual-serve's page (``["stdin", "keys"]``,
    ``["resize", {"width": w, "height": h}]``, ``["ping", x]``, ``["blur"]``,
    ``["focus"]``), checked: None for anything else.  A size is held to
    what a screen can be (10 to 500 cells a side)."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # nested past Python's depth: garbage like any other
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
    if kind == "stdin" and isinstance(data, str):
        try:
            data.encode("utf-8")  # JSON may carry a lone surrogate (\ud800): no key is that
        except UnicodeEncodeError:
            return None
        return kind, data
    if kind == "resize" and isinstance(data, dict):
        width, height = data.get("width"), data.get("height")
        if type(width) is int and type(height) is int:
            return kind, {"width": max(10, min(width, 500)), "height": max(10, min(height, 500))}
        return None
    if kind == "ping" and isinstance(data, (str, int, float)) and len(str(data)) <= 100:
        return kind, data
    if kind in ("blur", "focus"):
        return kind, None
    return None


def to_int(value: str, default: int) -> int:
    try:
        return max(10, min(int(value), 500))
    except ValueError:
        return default


class LatestSize:
    """The terminal sizes a tab asks for, passed on to its app (``apply``)
    at most once every ``every`` seconds: the latest one, and only when it
    differs from the size applied last.  The first is applied at once."""

    def __init__(self, apply: Callable[[int, int], Awaitable[Any]], every: float = RESIZE_EVERY) -> None:
        self.apply = apply
        self.every = every
        self.wanted: tuple[int, int] | None = None
        self.applied: tuple[int, int] | None = None
        self.last = float("-inf")
        self.task: asyncio.Task | None = None

    def want(self, width: int, height: int) -> None:
        self.wanted = (width, height)
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._apply_latest())

    async def _apply_latest(self) -> None:
        loop = asyncio.get_running_loop()
        while self.wanted is not None:
            wait = self.last + self.every - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            size, self.wanted = self.wanted, None
            if size is not None and size != self.applied:
                self.applied, self.last = size, loop.time()
                await self.apply(*size)

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()


async def send_or_drop(websocket: Any, transport: Any, data: bytes, stalled_after: float = STALLED_AFTER) -> None:
    """Send ``data`` to a tab; a tab that has read none of it for
    ``stalled_after`` seconds (its buffers stay full) has its connection
    dropped: it would hold its seat and app while reading nothing."""
    try:
        await asyncio.wait_for(websocket.send_bytes(data), stalled_after)
    except asyncio.TimeoutError:
        from textual_serve.server import log

        log.warning("a tab read nothing it was sent for %d seconds: closed", stalled_after)
        if transport is not None:
            transport.abort()


class MessageRate:
    """Whether a tab sends more than ``most`` messages within ``window``
    seconds (any such stretch, not an average: what the tab is told is what
    is counted)."""

    def __init__(self, most: int, window: float = 1.0) -> None:
        self.most = most
        self.window = window
        self.times: deque[float] = deque()

    def too_many(self, now: float) -> bool:
        """One more message, at ``now``: whether the tab is now over the rate."""
        self.times.append(now)
        while self.times[0] <= now - self.window:
            self.times.popleft()
        return len(self.times) > self.most


class ReadWatch:
    """Whether a tab still reads what it is sent.

    The door pings the tab every ``every`` seconds; a ping goes out behind
    everything sent before it, and a browser answers it (a pong with the
    same payload) once it has read that far.  A tab whose oldest unanswered
    ping is ``stalled_after`` seconds old has read nothing for that long:
    ``until_stalled`` returns then.  A tab reading slowly but reading answers
    late, and is kept.  (aiohttp's own heartbeat counts any message the tab
    sends as a sign of life, so a tab sending keys and reading nothing passed
    it.)"""

    def __init__(self, stalled_after: float = STALLED_AFTER, every: float = PING_EVERY) -> None:
        self.stalled_after = stalled_after
        self.every = every
        self.unanswered: dict[bytes, float] = {}  # payload: when it was sent, oldest first
        self.sent = 0

    def answered(self, payload: bytes | bytearray) -> None:
        """A pong: that ping, and every one before it, were read."""
        payload = bytes(payload)  # aiohttp hands a pong's payload over as a bytearray
        if payload in self.unanswered:
            sent = self.unanswered[payload]
            self.unanswered = {ping: at for ping, at in self.unanswered.items() if at > sent}

    async def until_stalled(self, websocket: Any) -> None:
        loop = asyncio.get_running_loop()
        next_ping = loop.time()
        while True:
            now = loop.time()
            oldest = next(iter(self.unanswered.values()), None)
            if oldest is not None and now - oldest >= self.stalled_after:
                return
            if now >= next_ping:
                self.sent += 1
                payload = str(self.sent).encode("ascii")
                self.unanswered[payload] = now
                next_ping = now + self.every
                try:  # a tab that reads nothing makes this wait once its buffers are full
                    await asyncio.wait_for(websocket.ping(payload), self.every)
                except (asyncio.TimeoutError, ConnectionError, RuntimeError):
                    pass  # the ping is queued, or the connection is going: its answer is awaited either way
                oldest = next(iter(self.unanswered.values()), None)
            wake = next_ping if oldest is None else min(next_ping, oldest + self.stalled_after)
            await asyncio.sleep(max(0.0, wake - loop.time()))


# What a tab's app may have waiting to be read of what its tab sent: past
# this (its input pipe full, and this much more behind it) the tab is closed.
MOST_WAITING = 256 * 1024
OVERFED = f"This tab sent more than its app could take in ({MOST_WAITING // 1024} KiB waiting): closed."


class AppInput:
    """What a tab sends its app (keys, blur and focus), written to the app's
    input without waiting for the app to read it: textual-serve's
    ``send_bytes`` waits until the pipe has room, and an app busy or stuck
    with its input pipe full then held the tab's whole read loop, so the door
    noticed neither the tab closing nor anything else it sent.  What the
    pipe cannot take yet waits in the door, up to ``most`` bytes; ``keys``
    and ``meta`` say False past that (nothing is written: the tab is to be
    closed).  An app whose input is closed (it is ending) is sent nothing.
    (Sizes, a few a second at most, wait for the app in ``LatestSize``'s
    task: never in the read loop.)"""

    def __init__(self, app_service: Any, most: int = MOST_WAITING) -> None:
        self.app_service = app_service
        self.most = most

    def keys(self, data: bytes) -> bool:
        return self._write(self.app_service.encode_packet(b"D", data))

    def meta(self, data: dict[str, Any]) -> bool:
        return self._write(self.app_service.encode_packet(b"M", json.dumps(data).encode("utf-8")))

    def _write(self, packet: bytes) -> bool:
        stdin = self.app_service.stdin
        transport = stdin.transport
        if transport.is_closing():
            return True
        if transport.get_write_buffer_size() + len(packet) > self.most:
            return False
        stdin.write(packet)
        return True
