"""The browser door: a headless Chromium on `skirmish web`."""

from __future__ import annotations

import base64
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.e2e.browser import Browser, browser_missing, free_port, wait_for_port
from tests.e2e.terminal import ROOT

pytestmark = pytest.mark.e2e


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
    """The IPv4 addresses something listens on at ``port`` (from /proc/net/tcp; IPv6 as "v6")."""
    found = set()
    for table, v6 in (("/proc/net/tcp", False), ("/proc/net/tcp6", True)):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:
                found.add("v6" if v6 else socket.inet_ntoa(bytes.fromhex(address)[::-1]))
    return found


def handshake(port: int, origin: str | None) -> tuple[int, socket.socket]:
    """Open the page's websocket as a browser would (from ``origin``): the
    HTTP status, and the connection (left open: the session lasts while it is)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=20)
    lines = ["GET /ws?width=80&height=24 HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}",
             "Sec-WebSocket-Version: 13"]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    status = connection.recv(4096).split(b"\r\n", 1)[0]
    return int(status.split()[1]), connection


def test_the_page_asks_nothing_of_another_site_and_listens_on_this_machine_only(tmp_path):
    process, port = start_web(tmp_path)
    try:
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=20).read().decode()
        assert "textual-terminal" in page
        # every address the page loads is this server's (textual-serve's own page fetches a Google font)
        assert set(re.findall(r'(?:href|src)="(https?://[^/"]+)', page)) == {f"http://127.0.0.1:{port}"}
        assert listening_addresses(port) == {"127.0.0.1"}
    finally:
        stop(process)


def test_a_session_is_refused_to_another_site_and_past_the_cap(tmp_path):
    process, port = start_web(tmp_path, "--max-sessions", "1")
    try:
        status, _ = handshake(port, "http://evil.example")
        assert status == 403
        status, first = handshake(port, f"http://127.0.0.1:{port}")
        assert status == 101
        status, _ = handshake(port, None)
        assert status == 503
        first.close()
        deadline = time.monotonic() + 20
        while (status := handshake(port, None)[0]) != 101 and time.monotonic() < deadline:
            time.sleep(0.5)  # the first tab's app ends, then its seat is free
        assert status == 101
    finally:
        stop(process)
