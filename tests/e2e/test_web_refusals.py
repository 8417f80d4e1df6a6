"""The web door tells a tab why it refuses or closes it, gives a reloaded
tab the seat its closed tab frees, and keeps its log free of noise and of
guests' ids: a real `skirmish web`, a real websocket client (aiohttp), and
for what the person sees a headless Chromium."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.browser import Browser, browser_missing, free_port, wait_for_port
from tests.e2e.terminal import ROOT
from tests.e2e.test_web import stop
from tests.e2e.test_web_tabs_end import alive, tab_processes
from tui.web import FLOODED, GUEST_ID, NOT_THE_PAGES
from tui.web_seats import EVERY_SEAT_TAKEN, address_full

pytestmark = pytest.mark.e2e

TRY_AGAIN_LATER = 1013  # the close of a tab refused a seat
POLICY_VIOLATION = 1008  # the close of a tab that sent what its page never sends


def start_web(tmp_path: Path, *args: str, ignore_sigchld: bool = False) -> tuple[subprocess.Popen, int]:
    """`skirmish web` with no Skirmish server (each tab's lobby says so), its
    log (textual-serve logs to standard output) in web.log."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "tui", "web", "--port", str(port), "--socket", str(tmp_path / "no-server"), *args],
        cwd=ROOT, env={**os.environ, "SKIRMISH_DATA_DIR": str(tmp_path / "data")},
        stdout=open(tmp_path / "web.log", "wb"), stderr=subprocess.STDOUT, start_new_session=True,
        # ignoring SIGCHLD is inherited through exec: as some supervisors leave it
        preexec_fn=(lambda: signal.signal(signal.SIGCHLD, signal.SIG_IGN)) if ignore_sigchld else None)
    wait_for_port(port, process=process)
    return process, port


def page_of(port: int) -> str:
    return f"http://127.0.0.1:{port}"


async def open_tab(session, port: int):
    """A tab's websocket, as the page opens it."""
    return await session.ws_connect(f"{page_of(port)}/ws?width=80&height=24", origin=page_of(port))


async def first_message(tab, timeout: float = 20.0):
    return await asyncio.wait_for(tab.receive(), timeout)


async def until_shown(tab, timeout: float = 30.0) -> None:
    """Until the tab's app has drawn its screen (its first output)."""
    import aiohttp

    deadline = time.monotonic() + timeout
    while (message := await asyncio.wait_for(tab.receive(), deadline - time.monotonic())).type \
            != aiohttp.WSMsgType.BINARY:
        assert message.type == aiohttp.WSMsgType.TEXT, message


async def close_reason(tab, timeout: float = 20.0) -> tuple[int, str]:
    """How the door closed the tab: its close code and reason."""
    import aiohttp

    deadline = time.monotonic() + timeout
    while True:
        message = await asyncio.wait_for(tab.receive(), deadline - time.monotonic())
        if message.type == aiohttp.WSMsgType.CLOSE:
            return message.data, message.extra
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message


def test_a_tab_refused_a_seat_is_told_why(tmp_path):
    import aiohttp

    async def run(port: int, held: int, why: str) -> None:
        async with aiohttp.ClientSession() as session:
            tabs = [await open_tab(session, port) for _ in range(held)]
            refused = await open_tab(session, port)
            assert await close_reason(refused) == (TRY_AGAIN_LATER, why)
            assert not any(tab.closed for tab in tabs)
            for tab in tabs:
                await tab.close()

    web, port = start_web(tmp_path, "--max-sessions", "3")  # 2 tabs an address
    try:
        asyncio.run(run(port, 2, address_full(2)))
    finally:
        stop(web)
    web, port = start_web(tmp_path, "--max-sessions", "1")
    try:
        asyncio.run(run(port, 1, EVERY_SEAT_TAKEN))
    finally:
        stop(web)


def test_the_refused_tab_s_page_shows_the_reason(tmp_path):
    missing = browser_missing()
    if missing:
        pytest.skip(missing)
    web, port = start_web(tmp_path, "--max-sessions", "2")  # 1 tab an address
    opened: list[Browser] = []
    try:
        opened.append(Browser(page_of(port) + "/"))
        shown = "return document.body.classList.contains('-first-byte')"
        deadline = time.monotonic() + 60
        while not opened[0].driver.execute_script(shown):
            assert time.monotonic() < deadline, "the first tab's app never drew its screen"
            time.sleep(0.2)
        opened.append(Browser(page_of(port) + "/"))
        second = opened[1].driver
        deadline = time.monotonic() + 30
        while not second.execute_script("return document.body.classList.contains('-closed')"):
            assert time.monotonic() < deadline, "the second tab was not closed"
            time.sleep(0.2)
        dialog = "document.querySelector('.closed-dialog')"
        assert second.execute_script(f"return {dialog}.querySelector('.message').textContent") == \
            address_full(1)
        assert second.execute_script(f"return getComputedStyle({dialog}).display") != "none"
    finally:
        for browser in opened:
            browser.close()
        stop(web)


def test_a_reload_gets_the_seat_of_the_tab_it_closed(tmp_path):
    import aiohttp

    async def run(port: int, web_pid: int) -> None:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, port)
            await until_shown(tab)
            apps = tab_processes(web_pid)
            assert len(apps) == 1
            await tab.close()
            reloaded = await open_tab(session, port)  # at once, as a reload does
            assert not any(alive(pid) for pid in apps), "a seat was given while the closed tab's app ran"
            message = await first_message(reloaded, 30)
            assert message.type == aiohttp.WSMsgType.BINARY, (message.type, message.data, message.extra)
            await reloaded.close()

    web, port = start_web(tmp_path, "--max-sessions", "2")  # 1 tab an address
    try:
        asyncio.run(run(port, web.pid))
    finally:
        stop(web)


def test_a_tab_closed_before_its_app_shows_anything_is_ended_at_once_and_quietly(tmp_path):
    import aiohttp

    async def run(port: int, web_pid: int) -> float:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, port)
            deadline = time.monotonic() + 10
            while not (apps := tab_processes(web_pid)):
                assert time.monotonic() < deadline
                await asyncio.sleep(0.01)
            await tab.close()
            closed = time.monotonic()
            while any(alive(pid) for pid in apps):
                assert time.monotonic() - closed < 10
                await asyncio.sleep(0.01)
            return time.monotonic() - closed

    web, port = start_web(tmp_path, "--max-sessions", "2")
    try:
        # asked to quit, the app would first have to start (over a second, more on a busy machine)
        assert asyncio.run(run(port, web.pid)) < 1.0
        time.sleep(1)
    finally:
        stop(web)
    log = (tmp_path / "web.log").read_text()
    assert "Application failed to start" not in log and "Unknown child process" not in log


SENT = {
    # what a tab sends: how the door closes it, and the line it logs
    "lone surrogate": (['["stdin", "\\ud800"]'], POLICY_VIOLATION, NOT_THE_PAGES,  # JSON's escape for U+D800
                       "a tab sent something that is not the page's: closed"),
    "binary frame": ([b"\x1b[A"], POLICY_VIOLATION, NOT_THE_PAGES, "a tab sent something that is not the page's"),
    "flood": (['["focus"]'] * 1000, POLICY_VIOLATION, FLOODED, "a tab sent more than 100 messages a second"),
    # aiohttp closes it itself, saying nothing: the page has the words for this code
    "too big": (['["stdin", "' + "x" * (70 * 1024) + '"]'], 1009, "", ""),
}


@pytest.mark.parametrize("sent", sorted(SENT))
def test_a_tab_that_sends_what_its_page_never_sends_is_closed_saying_why(tmp_path, sent):
    import aiohttp

    messages, code, reason, logged = SENT[sent]

    async def run(port: int) -> None:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, port)
            try:
                for message in messages:
                    await (tab.send_bytes(message) if isinstance(message, bytes) else tab.send_str(message))
            except ConnectionResetError:
                pass  # closed before the last of them
            assert await close_reason(tab, 10) == (code, reason)

    web, port = start_web(tmp_path)
    try:
        asyncio.run(run(port))
        time.sleep(1)
    finally:
        stop(web)
    log = (tmp_path / "web.log").read_text()
    assert logged in log
    assert "Traceback" not in log and "ERROR" not in log
    assert not GUEST_ID.search(log)  # no guest's id


def test_the_door_reaps_its_tabs_apps_even_when_it_was_started_ignoring_sigchld(tmp_path):
    import aiohttp

    async def run(port: int, web_pid: int) -> None:
        async with aiohttp.ClientSession() as session:
            for _ in range(2):
                tab = await open_tab(session, port)
                await until_shown(tab)
                apps = tab_processes(web_pid)
                await tab.close()
                deadline = time.monotonic() + 10
                while any(alive(pid) for pid in apps):
                    assert time.monotonic() < deadline
                    await asyncio.sleep(0.05)

    web, port = start_web(tmp_path, ignore_sigchld=True)
    try:
        asyncio.run(run(port, web.pid))
        time.sleep(1)
    finally:
        stop(web)
    assert "Unknown child process" not in (tmp_path / "web.log").read_text()
