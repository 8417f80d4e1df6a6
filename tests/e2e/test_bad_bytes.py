"""Bytes that are not UTF-8 (a Latin-1 terminal over SSH sends "é" as the
one byte 0xe9) reach the real app through a real terminal.  They used to end
it with UnicodeDecodeError from Textual's input thread; now they are read as
the replacement character, which no screen binds, and the app goes on."""

from __future__ import annotations

import shutil

import pytest

from tests.e2e.terminal import ROOT, Tmux, local_command, pid_alive


@pytest.mark.e2e
def test_bytes_that_are_not_utf8_neither_end_the_app_nor_act_as_keys(tmp_path):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    env = {"SKIRMISH_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"}
    tmux = Tmux(local_command(), env=env)
    try:
        tmux.wait_for("New game")
        for hexes in (["ff"], ["e9", "61"], ["c3"], ["fe", "ff", "80", "bf"]):
            tmux.run("send-keys", "-t", tmux.name, "-H", *hexes)
        tmux.keys("n")  # still alive and still reading keys
        tmux.wait_for("Battlefield")
        assert pid_alive(tmux.pid)
    finally:
        tmux.close()
