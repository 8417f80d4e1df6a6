"""Every way a web door's tab ends gives its seat back, and the door says
what is true (tester 60): a real `skirmish web`, real sockets, real app
processes.

- a tab that sends but never reads is closed 30 seconds after it stopped
  reading (not 60 to 70), and its seat is given back (it never was: its
  app's unread output kept asyncio waiting for that app's pipes to end);
- a ctrl+c in the door's terminal reaches the whole foreground process
  group: the tabs' apps have their own, so each tab is told the door stopped;
- `--public-url` is checked at start, and one with a path gives the page
  the websocket under that path;
- JSON nested past Python's depth, and a flood of more than 100 messages in
  one second, close the tab saying why;
- "open http://..." is said only once the door listens;
- a tab that brought no cookie is given the one naming its guest.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.browser import free_port
from tests.e2e.terminal import ROOT
from tests.e2e.test_web import stop
from tests.e2e.test_web_refusals import close_reason, open_tab, page_of, start_web, until_shown
from tests.e2e.test_web_tabs_end import alive, tab_processes
from tui.web import COOKIE, FLOODED, GUEST_ENV, NOT_THE_PAGES, guest_id
from tui.web_page import STOPPED

pytestmark = pytest.mark.e2e

GOING_AWAY = 1001
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013


def raw_tab(port: int, cookie: str | None = None, width: int = 200, height: int = 60) -> tuple[socket.socket, bytes]:
    """A websocket opened by hand (so it can stop reading): the socket, and
    the handshake's answer (its headers)."""
    tab = socket.create_connection(("127.0.0.1", port))
    tab.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # its buffers fill at once
    key = base64.b64encode(os.urandom(16)).decode()
    cookie_line = f"Cookie: {COOKIE}={cookie}\r\n" if cookie else ""
    tab.sendall((f"GET /ws?width={width}&height={height} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                 f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 f"Sec-WebSocket-Version: 13\r\nOrigin: {page_of(port)}\r\n{cookie_line}\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += tab.recv(1)  # byte by byte: nothing past the headers is read
    return tab, answer


def frame(text: str) -> bytes:
    """One masked text frame, as a browser sends it."""
    payload, mask = text.encode(), os.urandom(4)
    size = bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + struct.pack(">H", len(payload))
    return bytes([0x81]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_a_tab_that_stops_reading_is_closed_after_30_seconds_and_its_seat_is_given_back(tmp_path):
    import aiohttp

    web, port = start_web(tmp_path, "--max-sessions", "2")  # one tab an address: the next needs its seat
    try:
        tab, answer = raw_tab(port)
        assert answer.startswith(b"HTTP/1.1 101"), answer
        opened = time.monotonic()
        sizes = 0
        while True:  # it asks for new sizes (each redraws its screen) and reads none of it
            try:
                tab.sendall(frame(json.dumps(["resize", {"width": 100 + sizes % 2 * 100, "height": 40}])))
            except OSError:
                break  # the door dropped it
            sizes += 1
            assert time.monotonic() - opened < 45, "a tab that read nothing for 45 seconds is still open"
            time.sleep(0.6)
        closed = time.monotonic() - opened
        tab.close()
        assert 29 <= closed <= 40, closed  # it read nothing from its first moment

        async def next_tab() -> aiohttp.WSMessage:
            async with aiohttp.ClientSession() as session:
                again = await open_tab(session, port)
                first = await asyncio.wait_for(again.receive(), 30)
                await again.close()
                return first

        first = asyncio.run(next_tab())
        assert first.type == aiohttp.WSMsgType.BINARY, (first.type, first.data, first.extra)  # its screen: seated
    finally:
        stop(web)
    assert "read nothing it was sent for 30 seconds" in (tmp_path / "web.log").read_text()


def test_ctrl_c_in_the_door_s_terminal_tells_each_tab_the_door_stopped(tmp_path):
    import aiohttp

    web, port = start_web(tmp_path)

    async def run() -> tuple[list[tuple[int, str]], set[int]]:
        async with aiohttp.ClientSession() as session:
            tabs = [await open_tab(session, port) for _ in range(3)]
            for tab in tabs:
                await until_shown(tab)
            apps = tab_processes(web.pid)
            # the door's process group (its terminal's foreground group) holds the door alone
            assert len(apps) == 3 and all(os.getpgid(app) != os.getpgid(web.pid) for app in apps)
            os.killpg(web.pid, signal.SIGINT)  # the terminal's ctrl+c: the whole foreground group
            return [await close_reason(tab) for tab in tabs], apps

    try:
        closed, apps = asyncio.run(run())
        assert closed == [(GOING_AWAY, STOPPED)] * 3
        assert web.wait(timeout=20) == 0
        assert apps and not any(alive(pid) for pid in apps)  # each app ended with the door
    finally:
        stop(web)


def test_a_door_killed_outright_takes_its_tabs_apps_with_it(tmp_path):
    import aiohttp

    web, port = start_web(tmp_path)

    async def run() -> set[int]:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, port)
            await until_shown(tab)
            apps = tab_processes(web.pid)
            web.send_signal(signal.SIGKILL)  # the door alone: no tab is ended by it
            return apps

    try:
        apps = asyncio.run(run())
        assert apps
        deadline = time.monotonic() + 15
        while any(alive(pid) for pid in apps):
            assert time.monotonic() < deadline, "a killed door's tab app runs on"
            time.sleep(0.1)
    finally:
        stop(web)


@pytest.mark.parametrize("url", ["notaurl", "ftp://x.org", "https://x.org/path?q=1", "https://x.org#top",
                                 "https://:443", "https://x.org:99999"])
def test_a_public_url_that_is_no_page_address_is_refused_at_start(tmp_path, url):
    run = subprocess.run([sys.executable, "-m", "tui", "web", "--port", str(free_port()), "--public-url", url,
                          "--socket", str(tmp_path / "no-server")], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "SKIRMISH_DATA_DIR": str(tmp_path / "data")}, timeout=30)
    assert run.returncode == 2, (run.stdout, run.stderr)
    assert "--public-url" in run.stderr and repr(url) in run.stderr, run.stderr
    assert "open" not in run.stdout


def test_a_public_url_with_a_path_gives_the_page_its_websocket_under_that_path(tmp_path):
    import urllib.request

    port = free_port()
    web = subprocess.Popen(
        [sys.executable, "-m", "tui", "web", "--port", str(port), "--public-url", f"http://127.0.0.1:{port}/games/",
         "--socket", str(tmp_path / "no-server")], cwd=ROOT,
        env={**os.environ, "SKIRMISH_DATA_DIR": str(tmp_path / "data")},
        stdout=open(tmp_path / "web.log", "wb"), stderr=subprocess.STDOUT, start_new_session=True)
    try:
        from tests.e2e.browser import wait_for_port

        wait_for_port(port, process=web)
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/").read().decode()
        # by its path: the page's own script opens it at the host the page was loaded from
        assert 'data-session-websocket-url="/games/ws"' in page, page
        assert "games//" not in page
    finally:
        stop(web)


SENT = {
    "nested past Python's depth": (["[" * 5000 + "]" * 5000], POLICY_VIOLATION, NOT_THE_PAGES),
    "150 at once": (['["focus"]'] * 150, POLICY_VIOLATION, FLOODED),
}


@pytest.mark.parametrize("sent", sorted(SENT))
def test_what_the_page_never_sends_closes_the_tab_saying_why(tmp_path, sent):
    import aiohttp

    messages, code, reason = SENT[sent]

    async def run(port: int) -> tuple[int, str]:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, port)
            await until_shown(tab)
            try:
                for message in messages:
                    await tab.send_str(message)
            except ConnectionResetError:
                pass
            return await close_reason(tab, 10)

    web, port = start_web(tmp_path)
    try:
        assert asyncio.run(run(port)) == (code, reason)
    finally:
        stop(web)
    assert "Traceback" not in (tmp_path / "web.log").read_text()


def test_a_steady_127_messages_a_second_is_more_than_100_a_second(tmp_path):
    import aiohttp

    async def run(port: int) -> tuple[int, str]:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, port)
            await until_shown(tab)
            started, sent = time.monotonic(), 0
            try:  # 127 a second on the clock (a late wake-up catches up), for 4 seconds
                while not tab.closed and (elapsed := time.monotonic() - started) < 4:
                    while sent < 127 * elapsed:
                        await tab.send_str('["focus"]')
                        sent += 1
                    await asyncio.sleep(0.01)
            except ConnectionResetError:
                pass
            return await close_reason(tab, 10)

    web, port = start_web(tmp_path)
    try:
        assert asyncio.run(run(port)) == (POLICY_VIOLATION, FLOODED)
    finally:
        stop(web)


def test_open_is_said_only_once_the_door_listens(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "tui", "web", "--port", str(port),
                              "--socket", str(tmp_path / "no-server")], cwd=ROOT, capture_output=True, text=True,
                             env={**os.environ, "SKIRMISH_DATA_DIR": str(tmp_path / "data")}, timeout=60)
    said = run.stdout + run.stderr
    assert run.returncode == 1 and "cannot serve on" in said, said
    assert "open http" not in said, said

    web, port = start_web(tmp_path)  # and a door that listens says it
    try:
        deadline = time.monotonic() + 10
        while f"open http://127.0.0.1:{port}" not in (tmp_path / "web.log").read_text():
            assert time.monotonic() < deadline, (tmp_path / "web.log").read_text()
            time.sleep(0.1)
    finally:
        stop(web)


def test_a_tab_with_no_cookie_is_given_the_one_naming_its_guest(tmp_path):
    web, port = start_web(tmp_path)
    try:
        tab, answer = raw_tab(port, width=80, height=24)
        headers = answer.decode("latin-1")
        assert headers.startswith("HTTP/1.1 101"), headers
        given = [line for line in headers.split("\r\n") if line.lower().startswith(f"set-cookie: {COOKIE}=")]
        assert len(given) == 1, headers
        token = given[0].split("=", 1)[1].split(";")[0]
        assert guest_id(token) is not None and "HttpOnly" in given[0] and "SameSite=Lax" in given[0]
        deadline = time.monotonic() + 10
        while not (apps := tab_processes(web.pid)):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        (app,) = apps
        environ = Path(f"/proc/{app}/environ").read_bytes().split(b"\0")
        assert f"{GUEST_ENV}={guest_id(token)}".encode() in environ  # the tab plays as the cookie's guest
        tab.close()
    finally:
        stop(web)
