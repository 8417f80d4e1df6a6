"""Claiming a server game the opponent left (docs/rulings.md, *Leaving a
server game*): each player hears whether the other is connected (and the
lobby says whose move each game of theirs waits for); once
the game has waited for a player with no connection at it for the
server's time, the opponent may claim it and the referee records that
player's forfeit.  Real server, real sockets, real seats."""

from __future__ import annotations

import json
import random
import socket

from core.events import Forfeited
from core.orders import Forfeit
from core.ruleset import Rejection
from net import serverwire
from net.dicecheck import CHECKED_SERVER
from tests.server.helpers import play_random, wait_until


def _waiting_for_bob(server, claim_after: float = 3600.0, idle_after: float = 3600.0):
    """Ann (side 0) and Bob (side 1) in a Spheres of War game that now
    waits for Bob alone (Ann has deployed)."""
    server.referee.claim_after = claim_after
    server.referee.idle_after = idle_after
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    mine = ann.resume(gid)
    theirs = bob.join(gid)
    assert wait_until(lambda: mine.status == "playing" and mine.version >= 0)
    play_random([mine], random.Random(1), until=lambda: mine.to_act() == frozenset({1}))
    assert wait_until(lambda: theirs.to_act() == frozenset({1}))
    return gid, ann, bob, mine, theirs


def test_a_player_hears_the_opponent_go_and_come_back(server):
    gid, ann, bob, mine, theirs = _waiting_for_bob(server)
    assert wait_until(lambda: mine.opponent_present and theirs.opponent_present)
    # Each player's lobby says whom the game waits for.
    assert [(e.id, e.turn) for e in ann.lobby().mine] == [(gid, "Bob's move")]
    assert [(e.id, e.turn) for e in bob.lobby().mine] == [(gid, "your move")]
    theirs.stop()
    assert wait_until(lambda: not mine.opponent_present)
    assert ann.lobby().mine[0].turn == "Bob's move (away)"
    again = bob.resume(gid)
    assert wait_until(lambda: mine.opponent_present)
    assert again.opponent_present  # Ann is still here
    assert ann.lobby().mine[0].turn == "Bob's move"


def test_the_game_is_claimed_only_once_the_opponent_has_been_away_long_enough(server):
    gid, ann, bob, mine, theirs = _waiting_for_bob(server, claim_after=3600.0)
    present = mine.claim()
    assert isinstance(present, Rejection) and present.code == "present" and "Bob is connected" in present.message
    theirs.stop()
    assert wait_until(lambda: not mine.opponent_present)
    early = mine.claim()
    assert isinstance(early, Rejection) and early.code == "too-soon"
    assert "Bob has been away for" in early.message and "60 minutes" in early.message
    assert mine.outcome() is None and server.db.game(gid)["state"] == "playing"
    server.referee.claim_after = 0.2
    assert wait_until(lambda: not isinstance(mine.claim(), Rejection), timeout=5)
    assert wait_until(lambda: mine.outcome() is not None)
    assert mine.outcome().winner == 0 and mine.outcome().reason == "Bob left the game"
    assert Forfeited(1, "Bob") in mine.events()
    assert mine.known_orders()[-1] == Forfeit(1)
    # The forfeit is an order of the game like any other: the dice check replays it.
    assert wait_until(lambda: mine.fairness)
    assert mine.fairness == CHECKED_SERVER and mine.whole == server.referee.live[gid].match.game
    row = server.db.game(gid)
    assert row["state"] == "over" and row["result"] == "Ann won: Bob left the game"
    # Bob, coming back, reads the result.
    back = bob.resume(gid)
    assert back.outcome() == mine.outcome()
    again = mine.claim()
    assert isinstance(again, Rejection) and again.code == "game-over"


def test_no_claim_while_the_game_waits_for_the_claimer(server):
    gid, ann, bob, mine, theirs = _waiting_for_bob(server, claim_after=0.0)
    # Bob deploys too: now the game waits for Ann (the first Match of turn 1 is hers to play).
    play_random([theirs], random.Random(2), until=lambda: 1 not in theirs.to_act())
    assert wait_until(lambda: 0 in mine.to_act() and 1 not in mine.to_act())
    theirs.stop()
    assert wait_until(lambda: not mine.opponent_present)
    refused = mine.claim()
    assert isinstance(refused, Rejection) and refused.code == "your-move"
    assert mine.outcome() is None


def test_the_computer_onlookers_and_seats_cannot_claim_or_forfeit(server):
    server.referee.claim_after = 0.0
    ann, cat = server.client("Ann"), server.client("Cat")
    gid, _ = ann.create("waylights", None, ("me", "normal"))
    seat = ann.resume(gid)
    assert seat.opponent_present  # the server's computer is always at its game
    refused = seat.claim()
    assert isinstance(refused, Rejection) and refused.code == "computer"
    # No seat gives a forfeit itself, for either side: it is the referee's record of a claim.
    for side in (0, 1):
        order = seat.submit(Forfeit(side), wait=5)
        assert isinstance(order, Rejection) and order.code == "referees-order"
    onlooker = cat.watch(gid)
    assert isinstance(onlooker.claim(), Rejection)
    assert seat.outcome() is None


def test_a_raw_forfeit_or_claim_from_a_hostile_client_is_refused(server):
    gid, ann, bob, mine, theirs = _waiting_for_bob(server, claim_after=0.0)
    # Bob's own raw connection: it forfeits Ann's side, and claims while Ann is here.
    raw = socket.socket(socket.AF_UNIX)
    raw.connect(str(server.socket))
    reader = raw.makefile("rb")

    def ask(kind: str, **fields) -> dict:
        raw.sendall(serverwire.encode(kind, **fields))
        while True:
            answer = json.loads(reader.readline())
            if answer["type"] not in ("welcome", "update", "drafts", "chat", "waits"):
                return answer

    assert ask("hello", identity="guest:Bob")["type"] == "me"
    assert ask("claim")["code"] == "not-now"  # not seated yet
    raw.sendall(serverwire.encode("sit", game=gid, role="player"))
    assert ask("ping")["type"] == "pong"  # seated: everything the sit sent has been read
    for text in ("forfeit side=0", "forfeit side=0 idle=yes", "forfeit side=1 idle=yes"):
        answer = ask("order", text=text)
        assert answer["type"] == "result" and not answer["ok"] and answer["code"] == "referees-order", text
    answer = ask("claim")  # against Ann, who is here, and whom the game does not wait for
    assert answer["type"] == "refused" and answer["code"] == "your-move"
    raw.close()
    assert mine.outcome() is None and theirs.outcome() is None


def test_after_a_restart_the_time_away_counts_from_the_restart(server):
    gid, ann, bob, mine, theirs = _waiting_for_bob(server, claim_after=3600.0)
    theirs.stop()
    mine.stop()
    server.stop()
    server.start()
    server.referee.claim_after = 3600.0
    seat = server.client("Ann").resume(gid)
    assert wait_until(lambda: seat.status == "playing" and not seat.opponent_present)
    early = seat.claim()
    assert isinstance(early, Rejection) and early.code == "too-soon"
    # Bob has been away since the server took the game up again: long enough, and Ann may claim it.
    server.referee.claim_after = 0.2
    assert wait_until(lambda: not isinstance(seat.claim(), Rejection), timeout=5)
    assert wait_until(lambda: seat.outcome() is not None and seat.outcome().winner == 0)


def test_a_connected_player_who_does_nothing_for_long_can_be_claimed_against(server):
    """Bob stays connected but gives no order, drafts or chat: once the game
    has waited for him long enough, Ann may claim it; anything Bob does
    starts the wait again."""
    gid, ann, bob, mine, theirs = _waiting_for_bob(server, claim_after=3600.0, idle_after=3600.0)
    present = mine.claim()
    assert isinstance(present, Rejection) and present.code == "present"
    assert "last active" in present.message and "60 minutes" in present.message
    live = server.referee.live[gid]
    assert 1 not in live.active_at
    # Writing orders (drafts handed in) and a chat line are Bob doing something: the wait starts again.
    assert theirs.put_drafts([{"kind": "note", "side": 1}])
    assert wait_until(lambda: 1 in live.active_at)
    written = live.active_at[1]
    assert written > live.changed_at
    assert theirs.say("still thinking")
    assert wait_until(lambda: mine.chat)
    assert live.active_at[1] >= written
    server.referee.idle_after = 0.5
    assert wait_until(lambda: not isinstance(mine.claim(), Rejection), timeout=10)
    assert wait_until(lambda: mine.outcome() is not None)
    # Bob never went: the result says he stopped playing, not that he left.
    assert mine.outcome().winner == 0 and mine.outcome().reason == "Bob stopped playing"
    assert mine.known_orders()[-1] == Forfeit(1, idle=True)
    assert wait_until(lambda: theirs.outcome() is not None)  # Bob, still connected, sees it
