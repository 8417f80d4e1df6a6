"""The web door's parts behind tester 60's defects, each alone: an app
process whose output nobody reads is ended and its pipes closed (the seat of
a tab that stopped reading was never given back), a tab that stops reading
is found by the door's pings, JSON nested past Python's depth is garbage,
the flood limit is what the page is told, and `--public-url` is checked.
The same through a real `skirmish web`: tests/e2e/test_web_door_every_end.py."""

from __future__ import annotations

import asyncio
import sys
import time

import pytest

from tui.web import read_envelope
from tui.web_address import public_url_problem
from tui.web_page import MessageRate, ReadWatch
from tui.web_seats import end_app, end_process

# An app that has shown a big screen nobody reads, and then waits: its output
# fills the pipe and asyncio's buffer (which then stops reading it).  A
# Textual app takes SIGTERM as a request to quit, which it never gets to
# while its output is stuck: so it runs on until SIGKILL (``IGNORES_TERM``).
_FILLS_ITS_PIPE = "import sys, time; sys.stdout.write('x' * 2_000_000); sys.stdout.flush(); time.sleep(120)"
IGNORES_TERM = "import signal; signal.signal(signal.SIGTERM, signal.SIG_IGN); "


async def _unread_app(ignores_term: bool = True) -> asyncio.subprocess.Process:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", (IGNORES_TERM if ignores_term else "") + _FILLS_ITS_PIPE,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    await asyncio.sleep(0.5)  # its output is waiting by now
    return process


@pytest.mark.parametrize("ignores_term", [True, False])
def test_an_app_whose_output_nobody_reads_is_ended_and_its_pipes_closed(ignores_term):
    async def run() -> tuple[int | None, bool]:
        process = await _unread_app(ignores_term)
        # asyncio's wait() waited for its output to end, forever: the door's seat with it
        await asyncio.wait_for(end_process(process, grace=0.5), 10)
        stdout = process._transport.get_pipe_transport(1)  # type: ignore[attr-defined]
        return process.returncode, stdout is None or stdout.is_closing()

    returncode, closed = asyncio.run(run())
    assert returncode == (-9 if ignores_term else -15)
    assert closed  # no pipe of it is left open in the door (three a tab)


class _BlockedService:
    """textual-serve's app service for an app that never answers the quit."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self._process = process

    async def stop(self) -> None:
        await asyncio.Event().wait()


def test_a_closed_tab_s_app_whose_output_nobody_reads_is_ended_within_its_waits():
    async def run() -> float:
        service = _BlockedService(await _unread_app())
        started = time.monotonic()
        await asyncio.wait_for(end_app(service, quit_wait=0.5, grace=0.5), 10)
        return time.monotonic() - started

    assert asyncio.run(run()) < 3


def test_json_nested_past_python_s_depth_is_garbage():
    assert read_envelope("[" * 5000 + "]" * 5000) is None
    assert read_envelope('{"a":' * 3000 + "1" + "}" * 3000) is None
    assert read_envelope('["stdin", "x"]') == ("stdin", "x")


def test_more_than_100_messages_within_one_second_is_too_many():
    rate = MessageRate(100)
    assert not any(rate.too_many(0.001 * n) for n in range(100))
    assert rate.too_many(0.1)  # the 101st within a second
    steady = MessageRate(100)
    assert any(steady.too_many(n / 127) for n in range(2 * 127))  # 127 a second, steady: over 100 a second
    under = MessageRate(100)
    assert not any(under.too_many(n / 95) for n in range(10 * 95))  # 95 a second for 10 seconds: never


class _Tab:
    """A websocket whose tab answers the door's pings (or not)."""

    def __init__(self, answers: bool) -> None:
        self.answers = answers
        self.watch: ReadWatch | None = None
        self.pings = 0

    async def ping(self, payload: bytes) -> None:
        self.pings += 1
        if self.answers and self.watch is not None:
            asyncio.get_running_loop().call_later(0.02, self.watch.answered, bytearray(payload))  # as aiohttp gives it


def test_a_tab_that_answers_no_ping_is_stalled_once_its_first_is_that_old():
    async def run(answers: bool) -> tuple[float | None, int]:
        tab = _Tab(answers)
        tab.watch = watch = ReadWatch(stalled_after=0.6, every=0.2)
        started = time.monotonic()
        try:
            await asyncio.wait_for(watch.until_stalled(tab), 1.5)
        except asyncio.TimeoutError:
            return None, tab.pings
        return time.monotonic() - started, tab.pings

    stalled, pings = asyncio.run(run(answers=False))
    assert stalled is not None and 0.6 <= stalled < 0.8, stalled
    assert pings >= 3  # every 0.2 s meanwhile
    assert asyncio.run(run(answers=True))[0] is None  # a tab that reads is kept


def test_a_public_url_is_an_http_or_https_address_with_a_path_at_most():
    for good in ("https://games.example.org", "http://127.0.0.1:8000", "https://x.org/games/", "http://[::1]:8000"):
        assert public_url_problem(good) is None, good
    for bad in ("notaurl", "ftp://x.org", "https://x.org/path?q=1", "https://x.org/#top", "https://", "x.org",
                "https://user@x.org", "https://x.org:99999", "https://x.org:port"):
        assert public_url_problem(bad) is not None, bad
