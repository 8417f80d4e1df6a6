"""The real ``skirmish`` command in tmux at 80x24, driven by keys."""

from __future__ import annotations

import shutil
import time

import pytest

from tests.e2e.terminal import Tmux, local_command

pytestmark = pytest.mark.e2e


@pytest.fixture
def tmux(tmp_path):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    session = Tmux(local_command(), env={"SKIRMISH_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm-256color"})
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
