"""The real ``skirmish`` command in tmux at 80x24, driven by keys."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def command() -> str:
    exe = shutil.which("skirmish")
    # Fall back to the module when the package is not installed (a checkout).
    return shlex.quote(exe) if exe else f"{shlex.quote(sys.executable)} -m tui"


class Tmux:
    def __init__(self, data_dir: Path) -> None:
        self.name = f"skirmish-e2e-{uuid.uuid4().hex[:8]}"
        env = f"SKIRMISH_DATA_DIR={shlex.quote(str(data_dir))} PYTHONPATH={shlex.quote(str(ROOT))} TERM=xterm-256color"
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24",
                        f"cd {shlex.quote(str(ROOT))} && env {env} {command()}; sleep 30"], check=True)

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)
            time.sleep(0.3)

    def screen(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], check=True,
                              capture_output=True, text=True).stdout

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen was:\n{shown}")
            time.sleep(0.3)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


@pytest.fixture
def tmux(tmp_path):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    session = Tmux(tmp_path / "data")
    yield session
    session.close()


def test_start_a_game_see_the_board_and_quit(tmux, tmp_path):
    tmux.wait_for("New game")
    tmux.keys("n")
    tmux.wait_for("Battlefield")
    tmux.keys("C-g")
    shown = tmux.wait_for("to play")
    lines = shown.splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    # Column numbers over the board and row numbers down its side.
    assert any(line.strip().startswith("0  1  2  3") for line in lines)
    tmux.keys("d")
    shown = tmux.wait_for("deploys at")
    tmux.keys("q")
    tmux.wait_for("Leave this game?")
    tmux.keys("y")
    tmux.wait_for("Continue")
    tmux.keys("q")
    tmux.wait_for("Quit Skirmish?")
    tmux.keys("y")
    deadline = time.monotonic() + 15
    while "New game" in tmux.screen() and time.monotonic() < deadline:
        time.sleep(0.3)
    assert "New game" not in tmux.screen()
    saves = list((tmp_path / "data" / "saves").glob("*.json"))
    assert len(saves) == 1
