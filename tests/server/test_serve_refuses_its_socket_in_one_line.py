"""``skirmish serve`` that cannot listen says why in one line and exits 1:
another server answers on the socket (before, a traceback, after it had
made a new store), or the socket's path is too long for a socket (a folder name
past the system's 255 bytes was a traceback from mkdir), or its folder
cannot be made."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.server.helpers import ROOT


def serve(socket: Path, data: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "tui", "serve", "--socket", str(socket), "--data", str(data)],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)


def one_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("skirmish serve: "), done.stderr
    return lines[0]


def test_a_second_server_on_the_same_socket_says_so_and_makes_no_store(server, place):
    second = place / "data2"
    line = one_line(serve(server.socket, second))
    assert f"a server already answers on {server.socket}" in line
    assert not (second / "skirmish-server.sqlite3").exists()
    assert server.client("Ann").lobby() is not None  # the first goes on


def test_a_folder_name_too_long_for_the_system_is_one_line(place):
    line = one_line(serve(place / ("f" * 300) / "s", place / "data"))
    assert "a socket's path is at most 107 bytes (this one has 319)" in line
    assert len(line) < 300  # the path shortened in the middle
    assert not (place / "data").exists()


def test_a_folder_that_cannot_be_made_is_one_line(place):
    (place / "file").write_text("")
    line = one_line(serve(place / "file" / "s", place / "data"))
    assert line.endswith(f"{place / 'file'}: File exists")
    assert not (place / "data").exists()


def test_a_socket_path_too_long_for_a_socket_is_one_line(place):
    deep = place / ("d" * 60) / ("e" * 60) / "socket"
    line = one_line(serve(deep, place / "data"))
    assert "a socket's path is at most 107 bytes" in line
    assert not (place / "data").exists()
