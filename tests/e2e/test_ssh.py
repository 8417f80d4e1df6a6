"""Skirmish over a real OpenSSH connection on loopback: the connection
drops mid-game (the ssh client is killed), the remote app gets SIGHUP,
autosaves and exits cleanly; reconnecting and choosing Continue brings back
the very same game."""

from __future__ import annotations

import json
import os
import shutil
import signal
import time
from pathlib import Path

import pytest

from saves.store import GameSession, load_game
from tests.e2e.sshd import SSHD, Sshd, write_wrapper
from tests.e2e.terminal import Tmux, pid_alive, wait_until

pytestmark = pytest.mark.e2e


def _needs() -> str | None:
    if not os.path.exists(SSHD):
        return "sshd (openssh-server) is not installed"
    for tool in ("tmux", "ssh", "ssh-keygen"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    return None


@pytest.fixture
def sshd(tmp_path):
    why = _needs()
    if why:
        pytest.skip(why)
    server = Sshd(tmp_path / "ssh")
    yield server
    server.close()


def only_save(folder: Path) -> Path:
    saves = list(folder.glob("*.json"))
    assert len(saves) == 1, saves
    return saves[0]


def order_count(folder: Path) -> int:
    try:
        return len(json.loads(only_save(folder).read_text())["orders"])
    except (AssertionError, OSError, ValueError, KeyError):
        return -1


def test_a_dropped_ssh_connection_saves_the_game_and_continue_brings_it_back(sshd, tmp_path):
    data = tmp_path / "data"
    saves = data / "saves"
    wrapper = write_wrapper(tmp_path / "skirmish.sh", data)
    first = Tmux(sshd.ssh_command(str(wrapper)), env={"TERM": "xterm-256color"})
    try:
        first.wait_for("New game")
        first.keys("n")
        first.wait_for("Battlefield")
        first.keys("C-g")
        first.wait_for("to play")
        first.keys("d")
        first.wait_for("deploys at")
        first.keys("r")
        assert wait_until(lambda: order_count(saves) == 2)
        first.keys("d")
        assert wait_until(lambda: order_count(saves) == 3)
        first.keys("r")
        assert wait_until(lambda: order_count(saves) == 4)
        # Rule 13: the Instigator now has a choice of Match open on screen.
        first.wait_for("Instigator, choose the")
        path = only_save(saves)
        before = load_game(path)
        saved = path.read_bytes()
        owner = path.with_name(path.name + ".owner")
        remote_pid = json.loads(owner.read_text())["pid"]
        assert pid_alive(remote_pid)
        time.sleep(1.2)  # a rewrite on the hangup would carry a later saved_at
        os.kill(first.pid, signal.SIGTERM)  # the ssh client dies: the line drops
        # The remote app gets SIGHUP, saves what its file does not hold yet
        # (here nothing: every order was saved as it was given, so the file
        # is left as it is), lets go of the game and exits.
        assert wait_until(lambda: not pid_alive(remote_pid), timeout=30), "the remote app kept running"
        assert not owner.exists(), "the app did not close the game cleanly (its owner file is left)"
        assert path.read_bytes() == saved, "the save was rewritten with nothing new"
        hung_up = load_game(path)
        assert hung_up.orders == before.orders and hung_up.state == before.state
        with GameSession.open(path):
            pass  # the lock was released
    finally:
        first.close()

    second = Tmux(sshd.ssh_command(str(wrapper)), env={"TERM": "xterm-256color"})
    try:
        second.wait_for("New game")
        second.keys("c")
        # Continue opens the game at the same point: the choice is asked again.
        shown = second.wait_for("Instigator, choose the")
        assert "choosing a Match" in shown
        assert wait_until(lambda: path.with_name(path.name + ".owner").exists())
        assert load_game(path).orders == before.orders
        second.keys("2")  # and play on from there
        # (>= 5: a Fight with no alternative may follow the choice at once)
        assert wait_until(lambda: order_count(saves) >= 5)
        played = load_game(path)
        assert played.orders[:4] == before.orders
        assert played.orders[4].verb == "match"
        second.keys("C-q")
        second.wait_for("Quit Skirmish?")
        second.keys("y")
        assert wait_until(lambda: not pid_alive(second.pid), timeout=20)
        # Quitting kept every order (Fights with no alternative may have followed).
        assert load_game(path).orders[:5] == played.orders[:5]
    finally:
        second.close()
