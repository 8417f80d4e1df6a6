"""The web door against one client's tricks (tester 57): many loopback or
IPv4-in-IPv6 addresses to pass the per-address cap, a flood of terminal
sizes, a tab that stops reading; and the page's words for a door stopped
(`skirmish web` itself is driven in tests/e2e/test_web_door_stops.py)."""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from pathlib import Path

from tui.web_seats import Seat, Seats, address_full


def test_the_whole_loopback_range_and_mapped_addresses_are_one_address():
    async def run() -> None:
        seats = Seats(total=20, per_address=4, wait=0.1)
        for n in range(2, 6):  # 127.0.0.2 .. 127.0.0.5: one machine
            assert isinstance(await seats.take(f"127.0.0.{n}"), Seat)
        for other in ("127.0.0.6", "127.1.2.3", "::1", "::ffff:127.0.0.9"):
            assert await seats.take(other) == address_full(4), other
        for mapped in ("::ffff:10.0.0.1", "10.0.0.1", "::ffff:10.0.0.1", "10.0.0.1"):
            assert isinstance(await seats.take(mapped), Seat)
        assert await seats.take("10.0.0.1") == address_full(4)
        assert isinstance(await seats.take("10.0.0.2"), Seat)  # another machine is another address

    asyncio.run(run())


class _Message:
    def __init__(self, data: str) -> None:
        from aiohttp import WSMsgType

        self.type, self.data = WSMsgType.TEXT, data


class _FloodingTab:
    """A tab sending ``count`` sizes, 500x500 and 10x10 by turns, 90 a second
    (under the door's 100 a second)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.sent: list[tuple[int, int]] = []

    async def __aiter__(self):
        for n in range(self.count):
            side = 500 if n % 2 == 0 else 10
            self.sent.append((side, side))
            yield _Message(json.dumps(["resize", {"width": side, "height": side}]))
            await asyncio.sleep(1 / 90)
        await asyncio.sleep(0.6)  # the tab stays open: the latest size follows


class _App:
    def __init__(self) -> None:
        self.sizes: list[tuple[int, int]] = []

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.sizes.append((width, height))


def test_a_flood_of_sizes_reaches_the_app_a_few_times_a_second_the_latest_last():
    from tui.web import make_server

    server = make_server(port=18957)
    try:
        async def run() -> tuple[_FloodingTab, _App, float]:
            tab, app = _FloodingTab(90), _App()
            started = time.monotonic()
            assert await server._messages(tab, app) is None  # never closed for it: within the rate
            return tab, app, time.monotonic() - started

        tab, app, seconds = asyncio.run(run())
    finally:
        shutil.rmtree(server.templates_folder, ignore_errors=True)
    assert len(app.sizes) <= 4 * seconds + 1, app.sizes  # at most 4 a second, not 90
    assert app.sizes[0] == tab.sent[0]  # the first at once
    assert app.sizes[-1] == tab.sent[-1]  # and the app ends at the size the tab asked for last


def test_one_size_asked_now_and_then_is_applied_at_once():
    from tui.web_page import LatestSize

    async def run() -> list[tuple[int, int]]:
        app = _App()
        sizes = LatestSize(app.set_terminal_size, every=0.25)
        sizes.want(80, 24)
        await asyncio.sleep(0.3)
        sizes.want(100, 30)
        await asyncio.sleep(0.01)
        return app.sizes

    assert asyncio.run(run()) == [(80, 24), (100, 30)]


class _StalledTab:
    """A websocket whose reader has stopped reading: a send never ends."""

    async def send_bytes(self, data: bytes) -> None:
        await asyncio.Event().wait()


class _Transport:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


def test_a_tab_that_reads_nothing_it_is_sent_is_dropped():
    from tui.web_page import send_or_drop

    async def run() -> bool:
        transport = _Transport()
        await asyncio.wait_for(send_or_drop(_StalledTab(), transport, b"screen", stalled_after=0.2), 5)
        return transport.aborted

    assert asyncio.run(run())


def test_the_page_says_the_door_stopped_or_the_connection_was_lost():
    import textual_serve

    from tui.web_page import STOPPED, page_template

    source = (Path(textual_serve.__file__).parent / "templates" / "app_index.html").read_text(encoding="utf-8")
    page = page_template(source, 64 * 1024)
    assert json.dumps(STOPPED) in page and "1001" in page and "1006" in page
    assert len(STOPPED.encode("utf-8")) <= 123  # a close's reason
