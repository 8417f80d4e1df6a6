"""A joiner's seat held by a line that froze is taken over by the same
account joining again (a tester's frozen SSH client kept Bob out of his own
seat until sshd gave up on it: "The other seat is already taken").

Over real sockets: a join for the player's seat from the account of the
connection holding it takes the seat, with its drafts and the game as it
stands; the old connection is told ``moved`` and let go, and does not come
back.  Another account is refused as before.  The dice check still holds
after a takeover (the joiner's half is the one kept in its data folder,
``net/keep.py``), and a frozen connection never holds the host up."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.game import redact, start
from core.orders import Concede
from core.registry import find_ruleset
from net import client, wire
from net import unix as transport
from net.client import JoinError, RemoteSeat
from saves.library import battlefield_named
from tests.remote.helpers import PLAYERS, RecordingSeat, new_host, wait_until

ROOT = Path(__file__).resolve().parents[2]
BOUND = 1.0  # seconds: an order answered, a takeover made, whatever a frozen peer does


def _started(ruleset: str):
    rules = find_ruleset(ruleset)
    return start(rules, None, battlefield_named(rules.default_battlefield), 7, PLAYERS)


def _player_connections(host) -> list:
    return [c for c in host.connections if c.role == "player"]


def test_the_same_account_joining_again_takes_the_seat_with_its_drafts_and_the_game_as_it_stands():
    host = new_host("spheres_of_war", remote_side=1, game=_started("spheres_of_war"))
    old = RecordingSeat(host.code, name="Bob")
    new = None
    try:
        old.start()
        drafts = [{"kind": "note", "side": 1, "text": "written, not given"}]
        assert old.put_drafts(drafts)
        assert wait_until(lambda: host.table.drafts(1) == drafts)
        mine = host.seat(0)  # the host's side plays until it is Bob's turn, as the tester's was
        while 1 not in host.table.game.to_act:
            assert isinstance(mine.submit(mine.legal_orders()[0]), tuple)
        assert wait_until(lambda: old.host_version == host.table.version)
        held = host.player
        new = RecordingSeat(host.code, name="Bob", retry=False)
        new.start()  # refused before: "The other seat is already taken."
        assert host.player is not held and host.joined and _player_connections(host) == [host.player]
        game = host.table.game
        assert new.side == 1 and new.host_version == host.table.version
        assert new.view() == redact(game.ruleset, game.state, 1) and new.events() == game.log_for(1)
        assert new.drafts() == drafts
        # The old terminal is told why, gives no more orders and is let go.
        assert wait_until(lambda: old.status == "moved"), (old.status, old.reason)
        assert "Another terminal of yours took this seat" in old.reason and old.legal_orders() == []
        assert any(json.loads(line)["type"] == "moved" for line in old.received)
        assert wait_until(lambda: not held.alive)
        # It does not come back to take the seat again (a joiner tries again every second).
        time.sleep(client.RETRY_EVERY * 2.5)
        assert old.status == "moved" and _player_connections(host) == [host.player]
        assert host.player.alive and new.status == "playing"
        # The new terminal plays.
        assert new.may_act() and isinstance(new.submit(new.legal_orders()[0]), tuple)
    finally:
        old.stop()
        if new is not None:
            new.stop()
        host.close()


def test_another_account_is_still_refused_and_the_seat_keeps_its_player(monkeypatch):
    host = new_host("spheres_of_war", remote_side=1, game=_started("spheres_of_war"))
    bob = RecordingSeat(host.code, name="Bob")
    try:
        bob.start()
        held = host.player
        # Whoever connects from now on is of another account (SO_PEERCRED, as the transport reads it).
        monkeypatch.setattr(transport, "peer_account", lambda sock: os.getuid() + 1)
        with pytest.raises(JoinError, match="already taken"):
            RemoteSeat(host.code, name="Eve", retry=False).start()
        assert host.player is held and held.alive and bob.status == "playing"
        assert not any(json.loads(line)["type"] == "moved" for line in bob.received)
    finally:
        bob.stop()
        host.close()


def test_after_a_takeover_the_joiners_kept_half_checks_the_dice():
    host = new_host("spheres_of_war", remote_side=1)  # a new game: its seed waits for the joiner's half
    old = RemoteSeat(host.code, name="Bob")
    new = RemoteSeat(host.code, name="Bob", retry=False)
    try:
        old.start()
        assert wait_until(lambda: host.table is not None) and host.hosting["joiner"] == old._half
        new.start()
        assert new._half is None  # this process never gave a half: it checks with the one kept for it
        assert isinstance(new.submit(Concede(1)), tuple)
        assert wait_until(lambda: new.fairness != "")
        assert new.fairness.startswith("Dice checked"), new.fairness
        assert new.whole is not None and new.whole.outcome == host.table.game.outcome
    finally:
        old.stop()
        new.stop()
        host.close()


def test_a_joiner_that_does_not_know_moved_stops_rather_than_taking_the_seat_back(monkeypatch):
    """An older joiner (no ``moved`` in its protocol) taken over stops
    listening, as on anything it cannot read: it never comes back to take
    the seat from the new terminal."""
    host = new_host("spheres_of_war", remote_side=1, game=_started("spheres_of_war"))
    older = RemoteSeat(host.code, name="Bob")
    new = RemoteSeat(host.code, name="Bob", retry=False)
    try:
        older.start()
        known = {k: v for k, v in wire.HOST_MESSAGES.items() if k != "moved"}
        monkeypatch.setattr(wire, "HOST_MESSAGES", known)
        new.start()
        assert wait_until(lambda: older.status == "broken"), older.status
        time.sleep(client.RETRY_EVERY * 2.5)
        assert new.status == "playing" and _player_connections(host) == [host.player] and host.player.alive
    finally:
        older.stop()
        new.stop()
        host.close()


FROZEN = """
import json, sys, time
from net.client import RemoteSeat
seat = RemoteSeat(sys.argv[1], name="Bob")
seat.start()
print("joined", flush=True)
sys.stdin.readline()  # after SIGCONT
end = time.monotonic() + 5
while seat.status == "playing" and time.monotonic() < end:
    time.sleep(0.05)
time.sleep(2.5)  # long enough to rejoin, if it would
print(json.dumps({"status": seat.status, "reason": seat.reason, "legal": len(seat.legal_orders())}), flush=True)
seat.stop()
"""


def _state(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def test_a_frozen_joiner_holds_up_nobody_and_its_seat_is_taken_over():
    """The joiner's process stopped (SIGSTOP: it reads nothing, says
    nothing, and never hangs up): the host's orders are taken at once, the
    same account's new terminal takes the seat at once, and the frozen one,
    once it runs again, says it was moved and does not come back."""
    host = new_host("spheres_of_war", remote_side=1, game=_started("spheres_of_war"))
    env = dict(os.environ, PYTHONPATH=str(ROOT))  # the same meeting place and data folder: the same account
    proc = subprocess.Popen([sys.executable, "-c", FROZEN, host.code], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    new = RemoteSeat(host.code, name="Bob", retry=False)
    try:
        assert proc.stdout.readline().strip() == "joined"
        frozen = host.player
        os.kill(proc.pid, signal.SIGSTOP)
        assert wait_until(lambda: _state(proc.pid) == "T")
        mine = host.seat(0)
        for _ in range(5):
            if not (mine.may_act() and mine.legal_orders()):
                break
            began = time.monotonic()
            assert isinstance(mine.submit(mine.legal_orders()[0]), tuple)
            assert time.monotonic() - began < BOUND
        began = time.monotonic()
        new.start()
        assert time.monotonic() - began < BOUND + 1, "the takeover waited on the frozen connection"
        assert host.player is not frozen and new.side == 1 and new.host_version == host.table.version
        os.kill(proc.pid, signal.SIGCONT)
        proc.stdin.write("go\n")
        proc.stdin.flush()
        told = json.loads(proc.stdout.readline())
        assert told["status"] == "moved" and "Another terminal of yours" in told["reason"], told
        assert told["legal"] == 0
        assert _player_connections(host) == [host.player] and new.status == "playing" and not frozen.alive
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        new.stop()
        proc.kill()
        proc.wait()
        host.close()


async def test_the_hosts_board_says_the_joiner_came_back_from_another_terminal(data_dir):
    from saves.store import new_save_path, save_game
    from tests.remote.helpers import showing, until
    from tests.remote.test_onlooker_screen import log_text
    from tui.app import SkirmishApp
    from tui.game_screen import GameScreen

    game = _started("spheres_of_war")
    path = new_save_path(game)
    save_game(game, path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: showing(app, GameScreen))
        old = RemoteSeat(app.host.code, name="Bob")
        new = RemoteSeat(app.host.code, name="Bob", retry=False)
        try:
            await asyncio.to_thread(old.start)
            assert await until(pilot, lambda: app.host.joined)
            await asyncio.to_thread(new.start)
            said = "Bob joined again from another terminal, which now plays; the old one was let go."
            assert await until(pilot, lambda: said in " ".join(log_text(app.screen).split())), log_text(app.screen)
        finally:
            old.stop()
            new.stop()
            app.stop_hosting()
