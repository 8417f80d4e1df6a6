"""A seat resumed in a second terminal: the first terminal's seat answers
every order (a concession, a claim) saying the seat moved to another
terminal, not "Not connected to the server just now" (a tester's old
terminal offered c and d and refused them so); and the server warns the
terminal that plays the seat now, once, of a quiet spell (a tester saw
the warning twice in the terminal that had taken the seat over).  Real
server, real sockets, real seats."""

from __future__ import annotations

import time

from core.orders import Concede
from core.ruleset import Rejection
from net.serverwire import SEAT_MOVED
from tests.server.helpers import wait_until


def _taken_over(server):
    """Ann's game with Bob, resumed by Ann in a second terminal."""
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    first = ann.resume(gid)
    his = bob.join(gid)
    assert wait_until(lambda: first.status == "playing" and first.may_act())
    second = server.client("Ann").resume(gid)
    assert wait_until(lambda: first.status == "moved")
    return gid, first, second, his


def test_every_order_from_a_seat_that_moved_says_it_moved_to_another_terminal(server):
    gid, first, second, his = _taken_over(server)
    for refused in (first.submit(Concede(first.side), wait=2), first.claim(),
                    first.submit(second.legal_orders()[0], wait=2)):
        assert isinstance(refused, Rejection)
        assert refused.code == "moved" and refused.message == SEAT_MOVED
        assert "moved to another terminal" in refused.message and "Not connected" not in refused.message
    assert server.referee.live[gid].match.game.outcome is None  # nothing of it reached the game
    assert second.status == "playing" and second.legal_orders()
    second.stop()
    his.stop()


def test_a_withdrawn_games_seat_says_why_it_was_let_go(server):
    ann = server.client("Ann")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    waiting = ann.resume(gid)
    server.client("Ann").withdraw(gid)
    assert wait_until(lambda: waiting.status == "moved")
    refused = waiting.claim()
    assert isinstance(refused, Rejection) and refused.code == "moved"
    assert refused.message == "Not sent: The player who made this game withdrew it."


def test_the_quiet_spells_warning_goes_once_to_the_terminal_that_plays_the_seat_now(server, monkeypatch):
    gid, first, second, his = _taken_over(server)
    sent: list[tuple[object, str]] = []
    live = server.referee.live[gid]
    quiet = min(live.match.game.to_act)
    assert quiet == second.side
    for peer in live.peers:  # every message the server sends this game's seats from now on
        original = peer.send_message

        def recording(kind, _peer=peer, _original=original, **fields):
            sent.append((_peer, kind))
            return _original(kind, **fields)

        monkeypatch.setattr(peer, "send_message", recording)
    spell = max(live.changed_at, live.active_at.get(quiet, live.changed_at))
    referee = server.referee
    for late in (1.0, 2.0, 3.0):  # the server looks every second
        referee.warn_idle(spell + referee.idle_after - 10 + late)
    assert wait_until(lambda: second.notice != "")
    time.sleep(0.3)
    notices = [peer for peer, kind in sent if kind == "notice"]
    assert len(notices) == 1 and notices[0].side == quiet
    assert first.notice == "" and his.notice == ""
    assert [p for p in live.peers if p.role == "player" and p.side == quiet] == notices
    second.stop()
    his.stop()
