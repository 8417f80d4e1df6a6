"""The browser door: a headless Chromium on `skirmish web`."""

from __future__ import annotations

import base64
import getpass
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.e2e.browser import Browser, browser_missing, free_port, wait_for_port
from tests.e2e.terminal import ROOT
from tui.web import COOKIE, GUEST_ENV, SESSIONS_PER_ADDRESS_ENV, guest_id, read_envelope, sessions_per_address
from tui.web_address import ipv6_loopback
from tui.web_seats import EVERY_SEAT_TAKEN, address_full

pytestmark = pytest.mark.e2e


def start_server(tmp_path) -> tuple[subprocess.Popen, Path]:
    """A Skirmish server whose door account is this test's own (the web
    door's tabs, and the test's second player, run as it)."""
    where = tmp_path / "server" / "socket"
    process = subprocess.Popen(
        [sys.executable, "-m", "tui", "serve", "--socket", str(where), "--data", str(tmp_path / "server-data"),
         "--door-account", getpass.getuser()], cwd=ROOT,
        stdout=subprocess.DEVNULL, stderr=open(tmp_path / "serve.log", "wb"), start_new_session=True)
    deadline = time.monotonic() + 30
    while not where.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            raise AssertionError("the Skirmish server did not start: " + (tmp_path / "serve.log").read_text())
        time.sleep(0.2)
    return process, where


def start_web(tmp_path, *args: str, env: dict[str, str] | None = None) -> tuple[subprocess.Popen, int]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "tui", "web", "--port", str(port), *args], cwd=ROOT,
        env={**os.environ, "SKIRMISH_DATA_DIR": str(tmp_path / "data"), **(env or {})},
        stdout=subprocess.DEVNULL, stderr=open(tmp_path / "web.log", "wb"), start_new_session=True)
    wait_for_port(port, process=process)
    return process, port


def stop(process: subprocess.Popen) -> None:
    """End the web server and every tab's app process it started."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


@pytest.fixture
def browsers():
    missing = browser_missing()
    if missing:
        pytest.skip(missing)
    opened: list[Browser] = []
    yield lambda url: opened.append(Browser(url)) or opened[-1]
    for browser in opened:
        browser.close()


def listening_addresses(port: int) -> set[str]:
    """The addresses something listens on at ``port`` (from /proc/net/tcp and tcp6)."""
    found = set()
    for table, family in (("/proc/net/tcp", socket.AF_INET), ("/proc/net/tcp6", socket.AF_INET6)):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:
                # each 32-bit word of the address in the host's order (little-endian here)
                packed = b"".join(bytes.fromhex(address[at:at + 8])[::-1] for at in range(0, len(address), 8))
                found.add(socket.inet_ntop(family, packed))
    return found


def handshake(port: int, origin: str | None, cookie: str | None = None,
              host: str | None = None) -> tuple[int, socket.socket]:
    """Open the page's websocket as a browser would (from ``origin``, asking
    for ``host``, this server's address unless told): the HTTP status, and
    the connection (left open: the session lasts while it is)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=20)
    lines = ["GET /ws?width=80&height=24 HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}",
             "Sec-WebSocket-Version: 13"]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    if cookie is not None:
        lines.append(f"Cookie: {cookie}")
    connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    status = connection.recv(4096).split(b"\r\n", 1)[0]
    return int(status.split()[1]), connection


def page_of(port: int) -> str:
    """The origin of this server's page, as a browser on this machine names it."""
    return f"http://127.0.0.1:{port}"


def refused_why(port: int) -> str | None:
    """Open a tab's websocket as its page does: why the door refused it a seat
    (it closes a refused tab at once, saying why, for the page to show), or
    None when it is a session (closed again here)."""
    import asyncio

    import aiohttp

    async def run() -> str | None:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(f"{page_of(port)}/ws?width=80&height=24", origin=page_of(port)) as tab:
                message = await asyncio.wait_for(tab.receive(), 30)
                if message.type == aiohttp.WSMsgType.CLOSE and message.data == 1013:  # try again later
                    return message.extra
                return None

    return asyncio.run(run())


def test_the_page_asks_nothing_of_another_site_and_listens_on_this_machine_only(tmp_path):
    process, port = start_web(tmp_path)
    try:
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=20).read().decode()
        assert "textual-terminal" in page
        # every address the page loads is this server's (textual-serve's own page fetches a Google font):
        # named by its path, at the host the page was loaded from
        assert re.findall(r'(?:href|src)="([^"]+)"', page) == ["/static/css/xterm.css", "/static/js/textual.js"]
        # this machine's loopback addresses only: ::1 too where it has one (a browser may take localhost for it)
        assert listening_addresses(port) == ({"127.0.0.1", "::1"} if ipv6_loopback() else {"127.0.0.1"})
    finally:
        stop(process)


def test_a_session_is_refused_to_another_site_and_past_the_cap(tmp_path):
    process, port = start_web(tmp_path, "--max-sessions", "1")
    try:
        status, _ = handshake(port, "http://evil.example")
        assert status == 403
        status, first = handshake(port, page_of(port))
        assert status == 101
        assert refused_why(port) == EVERY_SEAT_TAKEN
        first.close()
        deadline = time.monotonic() + 20
        while (why := refused_why(port)) is not None and time.monotonic() < deadline:
            time.sleep(0.5)  # the first tab's app ends, then its seat is free
        assert why is None
    finally:
        stop(process)


def test_a_session_without_an_origin_is_refused(tmp_path):
    # every browser says which page opens a websocket; only a script says nothing
    process, port = start_web(tmp_path)
    try:
        status, _ = handshake(port, None)
        assert status == 403
    finally:
        stop(process)


def test_a_name_rebound_to_this_machine_is_refused(tmp_path):
    # DNS rebinding: a page of evil.example whose name now leads to 127.0.0.1 is, to the browser,
    # the same origin as the host it asks for; only the names this server was given are let in
    process, port = start_web(tmp_path, "--public-url", "https://games.example.org")
    try:
        evil = f"evil.example:{port}"
        assert handshake(port, f"http://{evil}", host=evil)[0] == 403
        assert handshake(port, page_of(port), host=evil)[0] == 403
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": evil}),
                                   timeout=20)
        assert refused.value.code == 403
        assert handshake(port, f"http://localhost:{free_port()}", host=f"localhost:{port}")[0] == 403
        assert handshake(port, "http://games.example.org", host="games.example.org")[0] == 403  # not its scheme
        # the public URL, and on this machine its loopback names for the port it listens on
        opened = [handshake(port, origin, host=host) for origin, host in (
            ("https://games.example.org", "games.example.org"),
            (f"http://localhost:{port}", f"localhost:{port}"),
            (f"http://[::1]:{port}", f"[::1]:{port}"))]
        assert [status for status, _ in opened] == [101, 101, 101]
    finally:
        stop(process)


def test_one_address_cannot_take_every_seat(tmp_path):
    process, port = start_web(tmp_path, "--max-sessions", "3")
    try:
        held = [handshake(port, page_of(port)) for _ in range(2)]
        assert [status for status, _ in held] == [101, 101]
        assert refused_why(port) == address_full(2)
        # a request that is no websocket (so no page to tell) is answered 429
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/ws",
                                                          headers={"Origin": page_of(port)}), timeout=20)
        assert refused.value.code == 429 and "This address has 2 tabs" in refused.value.read().decode()
        held[0][1].close()
        deadline = time.monotonic() + 20
        while (why := refused_why(port)) is not None and time.monotonic() < deadline:
            time.sleep(0.5)  # the address's first tab ends, then it may open another
        assert why is None
    finally:
        stop(process)


def test_the_cap_per_address_leaves_seats_to_others_and_can_be_raised():
    assert [sessions_per_address(n) for n in (1, 2, 3, 5, 20)] == [1, 1, 2, 4, 4]
    assert sessions_per_address(20, "40") == 40  # behind a reverse proxy every tab has its address
    with pytest.raises(ValueError):
        sessions_per_address(20, "0")


def test_the_static_folders_are_not_listed(tmp_path):
    process, port = start_web(tmp_path)
    try:
        for folder in ("/static/", "/static/js/", "/static/js"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{folder}", timeout=20)
            assert refused.value.code in (403, 404)
        assert b"textual" in urllib.request.urlopen(f"http://127.0.0.1:{port}/static/js/textual.js", timeout=20).read()
    finally:
        stop(process)


def tab_guests(web_pid: int) -> list[str]:
    """The guest each tab's app process was started as (from its environment)."""
    guests = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) != web_pid:
                continue
            environ = (entry / "environ").read_bytes().split(b"\0")
        except (OSError, ValueError):
            continue
        guests += [v.split(b"=", 1)[1].decode() for v in environ if v.startswith(GUEST_ENV.encode() + b"=")]
    return guests


def test_a_browser_is_one_guest_named_by_a_cookie_it_cannot_choose(tmp_path):
    process, port = start_web(tmp_path)
    try:
        first = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=20)
        cookie = first.headers["Set-Cookie"]
        assert cookie.startswith(COOKIE + "=")
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
        token = cookie.split(";")[0].split("=", 1)[1]
        again = urllib.request.urlopen(urllib.request.Request(
            f"http://127.0.0.1:{port}/", headers={"Cookie": f"{COOKIE}={token}"}), timeout=20)
        assert again.headers["Set-Cookie"] is None  # the browser keeps its guest
        status, _tab = handshake(port, page_of(port), cookie=f"{COOKIE}={token}")
        assert status == 101
        status, _other = handshake(port, page_of(port))  # no cookie: a guest for that tab only
        assert status == 101
        deadline = time.monotonic() + 20
        while len(guests := tab_guests(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert guest_id(token) in guests and len(set(guests)) == 2
        assert token not in "".join(guests)  # the id never gives the token back
        # a cookie the server never made names nobody: the tab gets a fresh guest
        assert guest_id("../../etc/passwd") is None and guest_id("") is None
    finally:
        stop(process)


def test_a_browser_reaches_the_lobby_joins_a_game_and_makes_a_move(tmp_path, browsers):
    from selenium.webdriver.common.keys import Keys

    server, where = start_server(tmp_path)
    web, port = start_web(tmp_path, "--socket", str(where))
    bob = None
    try:
        from net.serverclient import ServerClient

        # Bob, a second client of the server, waits for an opponent who will be the Instigator (side 0).
        bob = ServerClient.connect(where, identity="guest:Bob")
        game, _ = bob.create("spheres_of_war", {"instigator": "first"}, ("open", "me"))
        ann = browsers(f"http://127.0.0.1:{port}/")
        ann.wait_for("What name shall", timeout=60)
        ann.keys("Ann", Keys.ENTER)
        shown = ann.wait_for("you are Ann")
        assert "Waiting for an opponent" in shown
        ann.keys("r")
        ann.wait_for("open v Bob")
        ann.keys(Keys.ENTER)  # the one game waiting: join it
        ann.wait_for("Ann to play", timeout=60)
        ann.keys("d")  # deploy
        ann.wait_for("i5 deploys at")
        seat = bob.resume(game)
        deadline = time.monotonic() + 20
        while not any("deploys at" in event.sentence for event in seat.events()) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert sum("deploys at" in event.sentence for event in seat.events()) == 5  # Ann's order reached the referee

        # Another browser is another guest: Ann's game is not among its own.
        cy = browsers(f"http://127.0.0.1:{port}/")
        cy.wait_for("What name shall", timeout=60)
        cy.keys("Cy", Keys.ENTER)
        shown = cy.wait_for("you are Cy")
        assert "Your unfinished games (0)" in shown

        # Ann's browser, reloaded, is Ann again (its cookie), and finds her game.
        ann.reload()
        shown = ann.wait_for("you are Ann", timeout=60)
        assert "What name" not in shown
        ann.wait_for("Your unfinished games (1)")
    finally:
        if bob is not None:
            bob.close()
        stop(web)
        stop(server)


@pytest.mark.parametrize("given", [None, "Bob", "web-" + "0" * 23, "web-" + "g" * 24])
def test_the_guest_lobby_runs_only_as_a_guest_the_web_server_named(tmp_path, given):
    env = {k: v for k, v in os.environ.items() if k != GUEST_ENV}
    if given is not None:
        env[GUEST_ENV] = given
    done = subprocess.run([sys.executable, "-m", "tui", "lobby", "--guest"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "skirmish web" in done.stderr and "skirmish lobby" in done.stderr


def test_a_tab_that_sends_garbage_floods_or_oversizes_is_closed_and_another_plays_on(tmp_path):
    import asyncio

    import aiohttp

    # the closed tabs' apps take a moment to end: this one address may hold more of them than by default
    process, port = start_web(tmp_path, env={SESSIONS_PER_ADDRESS_ENV: "10"})
    url = f"http://127.0.0.1:{port}/ws?width=80&height=24"

    async def closed_after(session: aiohttp.ClientSession, *sent: str) -> bool:
        async with session.ws_connect(url, origin=page_of(port), timeout=aiohttp.ClientWSTimeout(ws_close=10)) as tab:
            try:
                for text in sent:
                    await tab.send_str(text)
            except ConnectionResetError:
                return True
            while True:
                message = await asyncio.wait_for(tab.receive(), 20)
                if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING,
                                    aiohttp.WSMsgType.ERROR):
                    return True

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(url, origin=page_of(port)) as good:
                assert await closed_after(session, "not json")
                assert await closed_after(session, '{"stdin": "x"}')
                assert await closed_after(session, '["resize", {"width": "wide", "height": 24}]')
                assert await closed_after(session, '["stdin", "' + "x" * (70 * 1024) + '"]')
                assert await closed_after(session, *['["focus"]'] * 1000)
                await good.send_str('["ping", "still here"]')
                while True:
                    message = await asyncio.wait_for(good.receive(), 20)
                    if message.type == aiohttp.WSMsgType.TEXT and message.json() == ["pong", "still here"]:
                        break

    try:
        asyncio.run(run())
    finally:
        stop(process)


def test_a_terminal_size_is_held_to_what_a_screen_can_be():
    assert read_envelope('["resize", {"width": 100000, "height": -5}]') == ("resize", {"width": 500, "height": 10})
    assert read_envelope('["stdin", "q"]') == ("stdin", "q")
    assert read_envelope('["ping", "' + "9" * 101 + '"]') is None
    assert read_envelope('["resize", {"width": true, "height": 24}]') is None
    assert read_envelope('["exec", "rm -rf /"]') is None
