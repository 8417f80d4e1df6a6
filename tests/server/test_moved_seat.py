"""A player who resumes a game in a second terminal plays it there: the
first terminal's seat is told it moved, and offers nothing more to play
(a tester's old terminal went on saying "Ann to play")."""

from __future__ import annotations

from core.ruleset import Rejection
from tests.server.helpers import wait_until


def test_the_older_terminals_seat_moves_and_offers_no_order(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    first = ann.resume(gid)
    his = bob.join(gid)
    assert wait_until(lambda: first.status == "playing" and first.may_act())
    assert first.snapshot().legal
    second = server.client("Ann").resume(gid)
    assert wait_until(lambda: first.status == "moved")
    assert first.reason == "This seat was opened in another terminal or browser tab."
    assert first.snapshot().legal == () and first.legal_orders() == []
    refused = first.submit(second.legal_orders()[0], wait=2)
    # It says the seat moved, not that the connection dropped (tests/server/test_seat_moved_elsewhere.py).
    assert isinstance(refused, Rejection) and refused.code == "moved" and "moved to another terminal" in refused.message
    assert second.status == "playing" and second.legal_orders()
    second.stop()
    his.stop()
