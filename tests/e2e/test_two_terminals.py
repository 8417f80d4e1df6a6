"""Two terminals, one game: the host in one tmux session at 80x24, the
joiner in another through a real OpenSSH server on loopback (``ssh -tt``).

Both write Platemail orders at the same time, and no capture of either
screen shows the other side's written orders before the Round resolves;
the joiner is killed and rejoins with the same code at the same point; the
host gets SIGHUP, saves, tells the joiner, and ``skirmish host FILE``
resumes the game, which the waiting joiner rejoins by itself.  After a
hosted game ends, the host's rematch reaches the joiner's screen without a
new code, and a joiner's ``--name`` takes the place of "Player 2".
"""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import shutil
import signal
import tempfile
import time
from pathlib import Path

import pytest

from saves.store import load_game
from tests.e2e.sshd import write_wrapper
from tests.e2e.terminal import ROOT, Tmux, instant_pace, pid_alive, skirmish_command, wait_until
from tests.e2e.test_ssh import sshd  # noqa: F401 - the fixture

pytestmark = pytest.mark.e2e

# Keys that write one order in the Platemail writer: Move to the closest
# hostile; IF I reached my target THEN Full Attack it ELSE Move on.
ONE_ORDER = ["w", "Enter", "m", "c", "r", "a", "c", "m", "c"]


def _host_command(data: Path, meet: str, *args: str) -> str:
    env = f"SKIRMISH_DATA_DIR={shlex.quote(str(data))} SKIRMISH_RENDEZVOUS={shlex.quote(meet)} " \
          f"PYTHONPATH={shlex.quote(str(ROOT))}"
    inner = f"cd {shlex.quote(str(ROOT))} && exec env {env} {skirmish_command()} " + " ".join(map(shlex.quote, args))
    return "sh -c " + shlex.quote(inner)


def _join_wrapper(path: Path, data: Path, meet: str) -> Path:
    wrapper = write_wrapper(path, data, {"SKIRMISH_RENDEZVOUS": meet})
    lines = wrapper.read_text().splitlines()
    lines[-1] += ' "$@"'  # skirmish join CODE, over ssh
    wrapper.write_text("\n".join(lines) + "\n")
    return wrapper


def _secret_free(screen: str, enemy_unit: str) -> bool:
    """No line shows ``enemy_unit``'s written order ("a1: Move ...", "a1 Move ...")."""
    return re.search(rf"\b{enemy_unit}:? (Move|Full Attack)", screen) is None


def _both_keys(host: Tmux, joiner: Tmux, keys: list[str], watch: list) -> None:
    """Each key to both terminals, the next only once each screen has
    answered the last (every key here opens or fills a menu): under load a
    key sent before its menu was up went to the screen behind it."""
    for key in keys:
        before = (host.screen(), joiner.screen())
        host.keys(key, pause=0)
        joiner.keys(key, pause=0)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (host.screen() == before[0] or joiner.screen() == before[1]):
            time.sleep(0.1)
        time.sleep(0.3)  # the rest of the menu drawn
        watch.append((host.screen(), joiner.screen()))


def test_platemail_on_two_terminals_over_ssh_with_a_dropped_joiner_and_a_hung_up_host(sshd, tmp_path):  # noqa: F811
    meet = tempfile.mkdtemp(prefix="skm", dir="/tmp") + "/m"
    host_data, join_data = tmp_path / "host", tmp_path / "join"
    instant_pace(host_data, join_data)
    wrapper = _join_wrapper(tmp_path / "join.sh", join_data, meet)
    env = {"TERM": "xterm-256color"}
    host = Tmux(_host_command(host_data, meet, "host"), env=env)
    joiner = resumed = None
    try:
        host.keys("Right", "Right", "Right")  # the ruleset: Platemail
        host.wait_for("Platemail")
        host.keys("C-g")
        code = re.search(r"Join code: ([a-z0-9]{5}(?:-[a-z0-9]{5}){3})", host.wait_for("Join code")).group(1)
        joiner = Tmux(sshd.ssh_command(f"{wrapper} join {code}"), env=env)
        joiner.wait_for("Waiting for Player 1")
        host.wait_for("Player 1 to play")
        host.keys("d", "r")
        joiner.wait_for("Player 2 to play")
        joiner.keys("d", "r")
        host.wait_for("write orders for Round 1")
        joiner.wait_for("write orders for Round 1")

        # Both write at once; the joiner commits first and waits for the host.
        seen: list = []
        _both_keys(host, joiner, ONE_ORDER, seen)
        host.wait_for("1/3 characters have orders")
        joiner.wait_for("1/3 characters have orders")
        joiner.keys("p", "y")  # p commits, after asking
        seen.append((host.screen(), joiner.wait_for("Waiting for Player 1")))
        assert "Player 2 commits their orders" in host.wait_for("Player 2 commits")
        seen.append((host.screen(), joiner.screen()))
        for host_screen, joiner_screen in seen:
            assert _secret_free(joiner_screen, "a1"), joiner_screen
            assert _secret_free(host_screen, "b1"), host_screen
        host.keys("p", "y")
        joiner.wait_for("Round 1 resolved")
        host.wait_for("Round 1 resolved")
        saves = list((host_data / "saves").glob("*.json"))
        assert len(saves) == 1
        path = saves[0]
        # deployed and ready, one written order and a commit each: all saved
        assert wait_until(lambda: len(json.loads(path.read_text())["orders"]) == 8)
        joiner.keys("Escape")
        host.keys("Escape")

        # The joiner's line drops (its ssh client killed); it rejoins with the same code.
        os.kill(joiner.pid, signal.SIGKILL)
        host.wait_for("not connected")
        joiner.close()
        joiner = Tmux(sshd.ssh_command(f"{wrapper} join {code}"), env=env)
        shown = joiner.wait_for("Player 2 to play")
        assert "Round 2" in shown and "Round 1" in shown
        joiner.keys("Escape")

        # The host hangs up: it saves, tells the joiner, and resumes from its save.
        host_pid = json.loads(path.with_name(path.name + ".owner").read_text())["pid"]
        os.kill(host_pid, signal.SIGHUP)
        joiner.wait_for("Host stopped")
        assert wait_until(lambda: not pid_alive(host_pid), timeout=30)
        after = load_game(path)
        assert len(after.orders) == 8
        assert json.loads(path.read_text())["pending"]["hosting"]["code"] == code
        resumed = Tmux(_host_command(host_data, meet, "host", str(path)), env=env)
        resumed.wait_for("Player 1 to play")
        shown = joiner.wait_for("Player 2 to play", timeout=30)  # it came back by itself
        assert "Round 2" in shown
        joiner.keys("w")
        joiner.wait_for("orders for Round 2")
        joiner.keys("Escape")
        resumed.keys("C-q")
        resumed.wait_for("Quit Skirmish?")
        resumed.keys("y")
        joiner.wait_for("Host stopped")
        assert load_game(path).orders == after.orders
    finally:
        for term in (host, joiner, resumed):
            if term is not None:
                term.close()
        shutil.rmtree(os.path.dirname(meet), ignore_errors=True)


KINDS = ("army", "scout", "dummy")


def _kinds_shown(screen: str, block: str) -> list[str]:
    """Kinds the screen names for ``block`` ("g1 army", "army g1", ...)."""
    return [k for k in KINDS if re.search(rf"\b{block} {k}\b|\b{k} {block}\b", screen)]


def test_optio_pre_game_on_two_terminals_never_shows_an_unrevealed_enemy_block(tmp_path):
    meet = tempfile.mkdtemp(prefix="skm", dir="/tmp") + "/m"
    host_data, join_data = tmp_path / "host", tmp_path / "join"
    instant_pace(host_data, join_data)
    env = {"TERM": "xterm-256color"}
    host = Tmux(_host_command(host_data, meet, "host"), env=env)
    joiner = None
    try:
        host.keys("Right", "Right")  # the ruleset: Optio
        host.wait_for("Optio")
        host.keys("C-g")
        code = re.search(r"Join code: ([a-z0-9]{5}(?:-[a-z0-9]{5}){3})", host.wait_for("Join code")).group(1)
        joiner = Tmux(_host_command(join_data, meet, "join", code), env=env)
        joiner.wait_for("Theirs:")
        host.wait_for("Theirs:")
        path = next((host_data / "saves").glob("*.json"))
        for step in range(10):
            screens = {0: host.screen(), 1: joiner.screen()}
            game = load_game(path)
            for block in game.state.blocks:  # once revealed, the other side's screen may name it
                if not block.revealed:
                    assert _kinds_shown(screens[1 - block.side], block.id) == [], (block, screens[1 - block.side])
            own = [b for b in game.state.blocks if b.side == 1]
            assert any(_kinds_shown(screens[1], b.id) for b in own), "the joiner's own kinds are shown"
            mover = host if screens[0].lstrip().startswith("▶") else joiner if screens[1].lstrip().startswith("▶") else None
            if mover is None or game.outcome is not None:
                break
            count = len(game.orders)
            mover.keys("o", pause=0.6)
            mover.keys("End" if step % 3 == 2 else "Enter", pause=0.2)
            mover.keys("Enter", pause=0.2)
            wait_until(lambda: len(load_game(path).orders) > count, timeout=5)
            mover.keys("Escape", pause=0.2)  # a follow-up question (scouting), if any, left for later
        assert len(load_game(path).orders) >= 4, "the pre-game did not move on"
    finally:
        for term in (host, joiner):
            if term is not None:
                term.close()
        shutil.rmtree(os.path.dirname(meet), ignore_errors=True)


def test_a_rematch_on_two_terminals_follows_without_a_new_code_and_the_joiner_names_itself(tmp_path):
    from core.game import start, submit
    from core.registry import find_ruleset
    from net import fairdice
    from net.rendezvous import new_code
    from saves.library import battlefield_named
    from saves.store import new_save_path, save_game

    meet = tempfile.mkdtemp(prefix="skm", dir="/tmp") + "/m"
    host_data, join_data = tmp_path / "host", tmp_path / "join"
    instant_pace(host_data, join_data)
    env = {"TERM": "xterm-256color"}
    # A hosted game of Spheres of War that has just ended.
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 7, ("Ann", "Bob"))
    rng = random.Random(7)
    while game.outcome is None:
        game = submit(game, game.random_order(min(game.to_act), rng)).game
    code, half = new_code(), fairdice.new_half()
    (host_data / "saves").mkdir(parents=True)
    path = new_save_path(game, host_data / "saves")
    save_game(game, path, {"hosting": {"code": code, "host": half, "commit": fairdice.commitment(half), "side": 0}})
    host = joiner = None
    try:
        host = Tmux(_host_command(host_data, meet, "host", str(path)), env=env)
        host.wait_for("Rematch")
        joiner = Tmux(_host_command(join_data, meet, "join", code), env=env)
        joiner.wait_for("Game over")
        host.keys("r")
        # The joiner's screen follows into the rematch by itself, at the other side.
        joiner.wait_for("You play Bob")
        assert wait_until(lambda: len(list((host_data / "saves").glob("*.json"))) == 2)
        new = next(p for p in (host_data / "saves").glob("*.json") if p != path)
        saved = json.loads(new.read_text())
        assert saved["pending"]["hosting"]["code"] == code and saved["pending"]["hosting"]["side"] == 1
        assert load_game(new).players == ("Bob", "Ann") and load_game(path).orders == game.orders
        assert "Game over" not in host.wait_for("Bob")
        host.keys("C-q")
        host.wait_for("Quit Skirmish?")
        host.keys("y")
        joiner.wait_for("Host stopped")
        joiner.close()
        host.close()

        # A new hosted game: the joiner's name takes the place of "Player 2".
        host = Tmux(_host_command(host_data, meet, "host"), env=env)
        host.keys("C-g")
        code = re.search(r"Join code: ([a-z0-9]{5}(?:-[a-z0-9]{5}){3})", host.wait_for("Join code")).group(1)
        joiner = Tmux(_host_command(join_data, meet, "join", "--name", "Zoë", code), env=env)
        host.wait_for("Zoë is here")
        joiner.wait_for("Waiting for Player 1")
        newest = max((host_data / "saves").glob("*.json"), key=lambda p: p.stat().st_mtime)
        assert load_game(newest).players == ("Player 1", "Zoë")
    finally:
        for term in (host, joiner):
            if term is not None:
                term.close()
        shutil.rmtree(os.path.dirname(meet), ignore_errors=True)
