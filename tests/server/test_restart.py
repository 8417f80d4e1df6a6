"""A server killed at any moment restarts with every game where it stood
and every draft of every seat; a client that hangs up loses nothing
(issue 28)."""

from __future__ import annotations

import random

from tests.server.helpers import play_random, wait_until


def _both_writing(a, b, rng) -> None:
    """Play at random until both sides write orders at once (a Round)."""
    play_random([a, b], rng, until=lambda: a.may_act() and b.may_act())
    assert a.may_act() and b.may_act()


def test_a_server_killed_mid_round_comes_back_with_the_game_and_both_sides_drafts(server_process):
    ann, bob = server_process.client("Ann"), server_process.client("Bob")
    gid, _ = ann.create("platemail", None, ("me", "open"))
    b = bob.join(gid)
    a = ann.resume(gid)
    rng = random.Random(4)
    _both_writing(a, b, rng)
    a.put_drafts([{"kind": "platemail-orders", "side": 0, "round": 1, "written": ["ann-draft"], "writer": None}])
    b.put_drafts([{"kind": "platemail-orders", "side": 1, "round": 1, "written": ["bob-draft"], "writer": None}])
    given = a.legal_orders()[0]
    assert not hasattr(a.submit(given, wait=5), "code")  # taken
    known = a.known_orders()
    assert known[-1] == given
    # The drafts went out on the seats' writer threads: wait until the server has stored them.
    import sqlite3

    def stored() -> int:
        db = sqlite3.connect(server_process.data / "skirmish-server.sqlite3")
        try:
            return db.execute("SELECT count(*) FROM drafts WHERE game = ?", (gid,)).fetchone()[0]
        finally:
            db.close()

    assert wait_until(lambda: stored() == 2)
    server_process.kill()
    assert wait_until(lambda: a.status == "lost" and b.status == "lost")
    server_process.start()
    # Each seat comes back by itself; the drafts and the order given are there.
    assert wait_until(lambda: a.status == "playing" and b.status == "playing", 20)
    assert wait_until(lambda: a.drafts() and b.drafts(), 10)
    assert a.drafts()[0]["written"] == ["ann-draft"] and b.drafts()[0]["written"] == ["bob-draft"]
    assert a.known_orders() == known
    # A fresh process of each player (a new login) finds the same.
    again = server_process.client("Bob").resume(gid)
    assert wait_until(lambda: again.drafts() == b.drafts())
    assert again.known_orders() == b.known_orders()
    # The seat opened again is the one that plays; the older one stops, and does not take it back.
    assert wait_until(lambda: b.status == "moved" and "another terminal" in b.reason)
    b = again
    import time

    time.sleep(1.5)
    assert again.status == "playing"
    play_random([a, b], rng)
    assert wait_until(lambda: a.fairness != "" and b.fairness != "")
    assert "Dice checked" in a.fairness and "Dice checked" in b.fairness


def test_a_client_that_hangs_up_loses_nothing(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("platemail", None, ("me", "open"))
    b = bob.join(gid)
    a = ann.resume(gid)
    _both_writing(a, b, random.Random(8))
    b.put_drafts([{"kind": "platemail-orders", "side": 1, "round": 1, "written": ["mine"], "writer": None}])
    assert wait_until(lambda: server.referee.live[gid].match.table.drafts(1) != [])
    b.stop()
    bob.close()
    back = server.client("Bob").resume(gid)
    assert wait_until(lambda: back.drafts() != [])
    assert back.drafts()[0]["written"] == ["mine"] and back.may_act()
    assert a.drafts() == []  # never Ann's to see


def test_every_order_answered_before_a_sigkill_in_the_middle_of_play_is_there_after(server_process):
    """Killed while both play as fast as they can: every order the server
    said it took is in the game it comes back with, in the same place."""
    import threading

    ann, bob = server_process.client("Ann"), server_process.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    b, a = bob.join(gid), ann.resume(gid)
    taken: list = []
    stop = threading.Event()

    def play() -> None:
        rng = random.Random(9)
        while not stop.is_set() and a.outcome() is None:
            for seat in (a, b):
                if seat.status == "playing" and seat.may_act() and seat.legal_orders():
                    order = rng.choice(seat.legal_orders())
                    if not hasattr(seat.submit(order, wait=5), "code"):
                        taken.append(order)
            stop.wait(0.001)

    player = threading.Thread(target=play, daemon=True)
    player.start()
    assert wait_until(lambda: len(taken) >= 15, 60)
    server_process.kill()
    stop.set()
    player.join(10)
    server_process.start()
    assert wait_until(lambda: a.status == "playing" and len(a.known_orders()) >= len(taken), 20)
    assert list(a.known_orders()[:len(taken)]) == taken
