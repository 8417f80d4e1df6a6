"""The web door ends every closed tab's app process, whatever closed the tab,
and gives its seat back only once that process is gone.

A real `skirmish web` and a hostile websocket client: a tab asking for an
absurd screen (its first frame is bigger than a pipe holds, so its app blocks
writing it once nobody reads) that then sends garbage, a message too big or a
flood. Before the fix its app ran on with no tab, and its seat was freed.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.browser import free_port, wait_for_port
from tests.e2e.terminal import ROOT

pytestmark = pytest.mark.e2e

HOSTILE = {
    "garbage": ["garbage"],
    "too big": ['["stdin", "' + "x" * (2 * 1024 * 1024) + '"]'],
    "flood": ['["stdin", "x"]'] * 500,
}


def tab_processes(web_pid: int) -> set[int]:
    """The web server's child processes (each tab's app), from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == web_pid and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_closed_tab_s_app_is_ended_before_its_seat_is_given_again(tmp_path, kind):
    import aiohttp

    port = free_port()
    # --max-sessions 2: one tab per address, so the second tab is let in only once the first's seat is free
    web = subprocess.Popen(
        [sys.executable, "-m", "tui", "web", "--port", str(port), "--max-sessions", "2",
         "--socket", str(tmp_path / "no-server")], cwd=ROOT,
        env={**os.environ, "SKIRMISH_DATA_DIR": str(tmp_path / "data")},
        stdout=subprocess.DEVNULL, stderr=open(tmp_path / "web.log", "wb"), start_new_session=True)
    page = f"http://127.0.0.1:{port}"
    url = f"{page}/ws?width=100000&height=100000"

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(url, origin=page) as tab:
                deadline = time.monotonic() + 10
                while not (apps := tab_processes(web.pid)) and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
                assert len(apps) == 1
                try:
                    for text in HOSTILE[kind]:
                        await tab.send_str(text)
                except ConnectionResetError:
                    pass
                while (await asyncio.wait_for(tab.receive(), 20)).type not in (
                        aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING,
                        aiohttp.WSMsgType.ERROR):
                    pass
            # the address's one seat: given only once the closed tab's app is gone (a tab asking meanwhile
            # waits for it, or is refused: its websocket closed at once with 1013, try again later)
            deadline = time.monotonic() + 12
            while time.monotonic() < deadline:
                async with session.ws_connect(url.replace("100000", "80"), origin=page) as again:
                    running = [pid for pid in apps if alive(pid)]
                    first = await asyncio.wait_for(again.receive(), 30)
                    if not (first.type == aiohttp.WSMsgType.CLOSE and first.data == 1013):
                        assert not running, "a seat was given while the closed tab's app ran"
                        await again.close()
                        return
                await asyncio.sleep(0.2)
            raise AssertionError(f"the closed tab's app still runs: {[pid for pid in apps if alive(pid)]}")

    try:
        wait_for_port(port, process=web)
        asyncio.run(run())
    finally:
        web.send_signal(signal.SIGTERM)
        try:
            web.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(web.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        web.wait()
