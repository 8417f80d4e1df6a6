"""The web door's parts that need no server: its seats, its page, how it
ends a tab's app, what it reads from a tab and what it leaves out of its log
(`skirmish web` itself is driven in tests/e2e/test_web*.py)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from tui.web import FLOODED, NOT_THE_PAGES, QuietEndedTabs, _current_seat, end_app, read_envelope
from tui.web_page import page_template
from tui.web_seats import EVERY_SEAT_TAKEN, Seat, Seats, address_full


def test_every_reason_fits_a_websocket_close():
    # a close frame's reason is at most 123 bytes of UTF-8
    for reason in (EVERY_SEAT_TAKEN, address_full(10_000), NOT_THE_PAGES, FLOODED):
        assert len(reason.encode("utf-8")) <= 123, reason
    assert address_full(1).startswith("This address has 1 tab of") and "has 4 tabs of" in address_full(4)


def test_a_full_address_or_door_is_refused_at_once_when_no_tab_is_ending():
    async def run() -> None:
        seats = Seats(total=3, per_address=2, wait=5.0)
        assert isinstance(await seats.take("a"), Seat) and isinstance(await seats.take("a"), Seat)
        started = asyncio.get_running_loop().time()
        assert await seats.take("a") == address_full(2)
        assert isinstance(await seats.take("b"), Seat)
        assert await seats.take("c") == EVERY_SEAT_TAKEN
        assert asyncio.get_running_loop().time() - started < 1.0  # nothing was waited for

    asyncio.run(run())


def test_a_reload_waits_for_the_seat_its_closed_tab_gives_back():
    async def run() -> None:
        seats = Seats(total=5, per_address=1, wait=5.0)
        closed = await seats.take("a")
        assert isinstance(closed, Seat)
        seats.ending_begins(closed)  # its websocket closed; its app is being ended
        reload = asyncio.create_task(seats.take("a"))
        await asyncio.sleep(0.05)
        assert not reload.done()  # not refused: it waits
        assert await seats.take("a") == address_full(1)  # one waiting tab per tab ending
        assert await seats.take("b") != address_full(1)  # other addresses are not held up
        seats.give_back(closed)
        assert isinstance(await reload, Seat)
        assert seats.held_by["a"] == 1 and seats.ending == 0

    asyncio.run(run())


def test_a_waiting_tab_is_refused_when_the_ending_tab_outlasts_the_wait():
    async def run() -> None:
        seats = Seats(total=5, per_address=1, wait=0.2)
        closed = await seats.take("a")
        assert isinstance(closed, Seat)
        seats.ending_begins(closed)
        assert await seats.take("a") == address_full(1)
        assert seats.waiting == 0 and not seats.waiting_by

    asyncio.run(run())


def test_a_seat_given_back_twice_is_counted_once():
    async def run() -> None:
        seats = Seats(total=2, per_address=2, wait=0.1)
        first, second = await seats.take("a"), await seats.take("a")
        assert isinstance(first, Seat) and isinstance(second, Seat)
        seats.ending_begins(first)
        seats.ending_begins(first)
        seats.give_back(first)
        seats.give_back(first)
        assert (seats.held, seats.held_by["a"], seats.ending) == (1, 1, 0)

    asyncio.run(run())


class _Process:
    """A tab's app process that ends by itself just after its output ends."""

    def __init__(self) -> None:
        self.returncode: int | None = None
        self.signals: list[str] = []
        self.exited = asyncio.Event()

    async def wait(self) -> int:
        await self.exited.wait()
        self.returncode = 0
        return 0

    def terminate(self) -> None:
        self.signals.append("TERM")

    def kill(self) -> None:
        self.signals.append("KILL")


class _AppService:
    def __init__(self) -> None:
        self._process = _Process()

    async def stop(self) -> None:
        # the app's output ends (it is exiting); asyncio hears of its exit a moment later
        asyncio.get_running_loop().call_later(0.05, self._process.exited.set)


def test_an_app_that_quits_by_itself_is_never_signalled():
    # A signal goes through Popen, which polls first and so reaps a child that has just
    # exited before asyncio's watcher can: asyncio then logs "Unknown child process pid N".
    async def run() -> list[str]:
        service = _AppService()
        await end_app(service, quit_wait=2.0, grace=2.0)
        assert service._process.returncode == 0
        return service._process.signals

    assert asyncio.run(run()) == []


def test_an_app_that_has_shown_nothing_is_killed_at_once():
    async def run() -> list[str]:
        service = _AppService()
        await end_app(service, quit_wait=2.0, grace=2.0, started=False)
        return service._process.signals

    assert asyncio.run(run()) == ["KILL"]


def _record(message: str) -> logging.LogRecord:
    return logging.LogRecord("textual-serve", logging.ERROR, __file__, 1, message, None, None)


def test_the_log_leaves_out_a_failed_start_only_for_a_tab_being_ended():
    quiet = QuietEndedTabs()
    seat = Seat("127.0.0.1")
    token = _current_seat.set(seat)
    try:
        assert quiet.filter(_record("Application failed to start"))  # the tab is open: a real failure
        seat.ending = True
        assert not quiet.filter(_record("Application failed to start"))  # the door killed it
        assert quiet.filter(_record("something else"))
    finally:
        _current_seat.reset(token)
    assert quiet.filter(_record("Application failed to start"))  # no tab: kept


def test_keys_that_are_no_text_are_not_the_page_s():
    assert read_envelope('["stdin", "\\ud800"]') is None  # a lone surrogate: no key, and no UTF-8
    assert read_envelope('["stdin", "\\ud83d\\ude00"]') == ("stdin", "\U0001F600")  # a pair is a character


def test_the_page_shows_why_and_asks_nothing_of_another_site():
    import textual_serve

    source = (Path(textual_serve.__file__).parent / "templates" / "app_index.html").read_text(encoding="utf-8")
    page = page_template(source, 64 * 1024)
    assert "fonts.googleapis.com" not in page
    # the close's reason is heard before textual-serve's script opens the websocket
    assert page.index("event.reason") < page.index("js/textual.js")
    assert "over 64 KiB" in page
