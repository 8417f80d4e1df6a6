"""A real `skirmish web` says why it closes tabs that were given no reason
before (tester 57): stopped by its operator (ctrl+c), and a Skirmish server
that does not take the web door's account as a door, which `skirmish web`
also says at its start, with the operator's fix."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.e2e.browser import free_port, wait_for_port
from tests.e2e.terminal import ROOT
from tests.e2e.test_web import stop
from tests.e2e.test_web_refusals import close_reason, open_tab, start_web, until_shown

pytestmark = pytest.mark.e2e

GOING_AWAY = 1001
TRY_AGAIN_LATER = 1013


def test_a_door_stopped_with_ctrl_c_tells_its_tabs_why(tmp_path):
    import aiohttp

    async def run(port: int) -> tuple[int, str]:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, port)
            await until_shown(tab)
            web.send_signal(signal.SIGINT)  # the operator's ctrl+c
            return await close_reason(tab)

    web, port = start_web(tmp_path)
    try:
        assert asyncio.run(run(port)) == (GOING_AWAY, "The web door was stopped by its operator.")
    finally:
        stop(web)


def test_a_server_that_takes_no_web_door_is_named_at_the_start_and_to_each_tab(tmp_path):
    import aiohttp

    from tests.server.helpers import Server

    place = Path(tempfile.mkdtemp(prefix="skw", dir="/tmp"))
    os.chmod(place, 0o755)
    server = Server(place, doors=())  # `skirmish serve` with no --door-account
    port = free_port()
    web = subprocess.Popen(
        [sys.executable, "-m", "tui", "web", "--port", str(port), "--socket", str(server.socket)],
        cwd=ROOT, env={**os.environ, "SKIRMISH_DATA_DIR": str(tmp_path / "data")},
        stdout=subprocess.DEVNULL, stderr=open(tmp_path / "web.err", "wb"), start_new_session=True)

    async def run() -> tuple[int, str]:
        async with aiohttp.ClientSession() as session:
            return await close_reason(await open_tab(session, port))

    try:
        wait_for_port(port, process=web)
        said = (tmp_path / "web.err").read_text()
        account = __import__("getpass").getuser()
        assert "does not take this account" in said and f"--door-account {account}" in said, said
        code, why = asyncio.run(run())
        assert code == TRY_AGAIN_LATER and why.startswith("This web door is not set up right"), why
        assert "SSH" not in why and why.endswith("tell its operator.")
        assert server.db.names() == {}  # the door's questions left no player behind
    finally:
        stop(web)
        server.stop()
        import shutil

        shutil.rmtree(place, ignore_errors=True)
