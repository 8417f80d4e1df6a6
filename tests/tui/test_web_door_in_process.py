"""The web door's HTTP and websocket handling, served in this process
(aiohttp's test server) with a stand-in app for each tab: the page follows
the host it was loaded by and no other page may frame it, a websocket
another site opens is refused, a request for the websocket that is none is
answered in one line, and an app that reads nothing of its input never holds
up the door reading its tab (tester t5's F1, F2, F3 and F6)."""

from __future__ import annotations

import asyncio
import logging
import re
import shlex
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from tests.e2e.browser import free_port
from tui.web import NOT_A_WEBSOCKET, make_server
from tui.web_page import MOST_WAITING, OVERFED

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")

POLICY_VIOLATION = 1008

# A tab's app that never reads its input (busy, or stuck): its pipe fills.
_READS_NOTHING = "import time; time.sleep(600)"


def serve(test: Callable[[Any, Any, int], Awaitable[None]], app: str = _READS_NOTHING,
          public_url: str | None = None) -> None:
    """Run ``test(client, door, port)`` against a door on 127.0.0.1 whose tabs run ``app``."""
    from aiohttp.test_utils import TestClient, TestServer

    async def run() -> None:
        port = free_port()
        door = make_server("127.0.0.1", port, public_url)
        door.command = shlex.join([sys.executable, "-c", app])
        door.door_checked = float("inf")  # no Skirmish server to ask: this door is taken as one
        async with TestServer(await door._make_app(), host="127.0.0.1", port=port) as server, \
                TestClient(server) as client:
            await test(client, door, port)

    asyncio.run(run())


def test_the_page_names_its_websocket_and_files_by_path_so_they_follow_the_host_it_was_loaded_by():
    async def test(client: Any, door: Any, port: int) -> None:
        for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"):
            response = await client.get("/", headers={"Host": host})
            assert response.status == 200
            page = await response.text()
            # the cookie is the host's the page was loaded by: the websocket goes there too
            assert 'data-session-websocket-url="/ws"' in page
            assert "127.0.0.1" not in page and "localhost" not in page
            assert re.findall(r'(?:href|src)="([^"]+)"', page) == ["/static/css/xterm.css", "/static/js/textual.js"]
        refused = await client.get("/", headers={"Host": f"evil.example:{port}"})  # still strict
        assert refused.status == 403

    serve(test)


def test_behind_a_public_url_with_a_path_the_page_names_them_under_it():
    async def test(client: Any, door: Any, port: int) -> None:
        page = await (await client.get("/", headers={"Host": "example.org"})).text()
        assert 'data-session-websocket-url="/games/ws"' in page and 'src="/games/static/js/textual.js"' in page

    serve(test, public_url="https://example.org/games/")


def test_no_other_page_may_frame_the_page_or_run_scripts_in_it():
    async def test(client: Any, door: Any, port: int) -> None:
        response = await client.get("/")
        assert response.headers["X-Frame-Options"] == "DENY"
        policy = dict(part.strip().split(" ", 1) for part in response.headers["Content-Security-Policy"].split(";"))
        assert policy["frame-ancestors"] == "'none'"
        page = await response.text()
        # every inline script of the page is allowed by its hash, and nothing else inline
        import base64
        import hashlib

        scripts = re.findall(r"<script>(.*?)</script>", page, re.DOTALL)
        assert len(scripts) >= 2
        allowed = set(policy["script-src"].split())
        for script in scripts:
            assert f"'sha256-{base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()}'" in allowed
        assert "'unsafe-inline'" not in allowed and "'unsafe-eval'" not in allowed
        assert not re.search(r"<[^>]*\son[a-z]+\s*=", page, re.IGNORECASE)  # no inline handler to block
        assert page.count("data-restart") == 3  # both Restart buttons, and the script that gives them theirs
        # a browser asking for the page for a frame of another page is refused it
        framed = await client.get("/", headers={"Sec-Fetch-Dest": "iframe"})
        assert framed.status == 403

    serve(test)


def test_a_websocket_another_site_s_page_opens_is_refused():
    async def test(client: Any, door: Any, port: int) -> None:
        own = f"http://127.0.0.1:{port}"
        for site in ("cross-site", "same-site"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect("/ws?width=80&height=24", origin=own, headers={"Sec-Fetch-Site": site})
            assert refused.value.status == 403
        assert door.seats.held == 0

    serve(test)


def test_a_request_for_the_websocket_that_is_none_is_answered_400_in_one_line(caplog):
    async def test(client: Any, door: Any, port: int) -> None:
        with caplog.at_level(logging.INFO):
            response = await client.get("/ws", headers={"Origin": f"http://127.0.0.1:{port}"})
            assert response.status == 400
            assert await response.text() == NOT_A_WEBSOCKET
        assert door.seats.held == 0
        logged = [record for record in caplog.records if record.name == "textual-serve"]
        assert len(logged) == 1 and logged[0].exc_info is None, [record.getMessage() for record in logged]

    serve(test)


async def _open_tab(client: Any, port: int) -> Any:
    return await client.ws_connect("/ws?width=80&height=24", origin=f"http://127.0.0.1:{port}")


async def _answer_to_ping(tab: Any, payload: str) -> list:
    """Ping the door as the page does; its answer (or what else came first)."""
    await tab.send_json(["ping", payload])
    while True:
        message = await asyncio.wait_for(tab.receive(), 20)
        if message.type == aiohttp.WSMsgType.TEXT:
            return message.json()
        assert message.type == aiohttp.WSMsgType.BINARY, message


def test_an_app_that_reads_none_of_its_input_never_holds_up_its_tab_and_ends_with_it():
    async def test(client: Any, door: Any, port: int) -> None:
        tab = await _open_tab(client, port)
        keys = "a" * (60 * 1024)
        # more than the app's input pipe holds (64 KiB), less than may wait in the door
        for _ in range((64 * 1024 + MOST_WAITING) // (61 * 1024)):
            await tab.send_json(["stdin", keys])
        assert await _answer_to_ping(tab, "still there") == ["pong", "still there"]  # the door reads on
        await tab.close()
        # the tab's close is read at once and its app ended (the stall watch would take 30 s)
        deadline = asyncio.get_running_loop().time() + 20
        while door.seats.held and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.1)
        assert door.seats.held == 0 and not door.open_tabs

    serve(test)


def test_a_tab_that_sends_more_than_its_app_takes_in_is_closed_saying_so():
    async def test(client: Any, door: Any, port: int) -> None:
        tab = await _open_tab(client, port)
        keys = "a" * (60 * 1024)
        for _ in range((64 * 1024 + MOST_WAITING) // (60 * 1024) + 2):
            await tab.send_json(["stdin", keys])
        while (message := await asyncio.wait_for(tab.receive(), 30)).type != aiohttp.WSMsgType.CLOSE:
            assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        assert (message.data, message.extra) == (POLICY_VIOLATION, OVERFED)
        assert len(OVERFED.encode("utf-8")) <= 123  # a close's reason

    serve(test)
