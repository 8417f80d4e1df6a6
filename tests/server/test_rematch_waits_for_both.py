"""A game that follows a finished server game (a rematch, or the battle
after an Optio pre-game) begins only once both its players have come to
it (docs/rulings.md, *Leaving a server game*).  A tester's rematch began
the moment Ann asked for it, with Bob's seat filled but Bob elsewhere: two
minutes later Ann claimed it and won a game Bob never agreed to.  Now the
first to ask makes it and waits at it, as an open game's maker does;
nobody can claim it before it begins; the other player begins it by
coming to it (asking too, or opening it from the lobby); its maker may
withdraw it meanwhile; the waiting outlasts a restart of the server.
Real server, real sockets, real seats."""

from __future__ import annotations

import random
import time

import pytest

from core.orders import Concede
from core.ruleset import Rejection
from net.serverclient import ServerError
from tests.server.helpers import play_random, wait_until


def _finished_game(server, claim_after: float = 300.0, ruleset: str = "spheres_of_war", seed: int = 3):
    """Ann (side 0) and Bob (side 1) end a game; both stay on its result screen."""
    server.referee.claim_after = claim_after
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create(ruleset, None, ("me", "open"))
    hers, his = ann.resume(gid), bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and his.status == "playing")
    if ruleset == "spheres_of_war":
        play_random([hers], random.Random(seed), until=lambda: hers.to_act() == frozenset({1}))
        assert not isinstance(his.submit(Concede(1), wait=5), Rejection)
    else:
        play_random([hers, his], random.Random(seed))
    assert wait_until(lambda: hers.outcome() is not None and his.outcome() is not None)
    return gid, ann, bob, hers, his


def _claim_refused_by_the_referee(server, gid: str, side: int) -> str:
    """The referee's answer to a claim from ``side``'s connection at ``gid``
    (a client sends none while its game waits; a hostile one might): the
    refusal's code."""
    from net.referee import Refusal

    live = server.referee.live[gid]
    peer = next(p for p in live.peers if p.role == "player" and p.side == side)
    with pytest.raises(Refusal) as refused:
        server.referee.claim(peer)
    return refused.value.code


def test_the_testers_rematch_waits_for_bob_and_cannot_be_claimed(server):
    gid, ann, bob, hers, his = _finished_game(server, claim_after=1.0)
    his.stop()  # Bob went off (another game, or offline)
    again = ann.rematch(gid)
    mine = ann.resume(again)
    # Ann's screen is the waiting screen an open game's maker sees: nothing begun, nothing to claim.
    assert mine.status == "waiting" and not mine.started
    assert server.db.game(again)["state"] == "open"
    time.sleep(1.5)  # past the claim time
    assert isinstance(mine.claim(), Rejection)  # Ann's own Skirmish offers no claim at a waiting game
    assert _claim_refused_by_the_referee(server, again, mine.side) == "not-started"
    assert server.db.game(again)["state"] == "open" and server.referee.live[again].match is None
    # The lobby lists it with both players' games, saying who waits for whom.
    assert [(e.id, e.state, e.turn) for e in ann.lobby().mine] == [(again, "open", "rematch: waiting for Bob")]
    assert [(e.id, e.state, e.turn) for e in bob.lobby().mine] == [(again, "open", "rematch: Ann waits for you")]
    mine.stop()


def test_the_lobby_says_who_waits_for_whom(server):
    gid, ann, bob, hers, his = _finished_game(server)
    again = ann.rematch(gid)
    assert [e.turn for e in bob.lobby().mine if e.id == again] == ["rematch: Ann waits for you"]
    assert [e.turn for e in ann.lobby().mine if e.id == again] == ["rematch: waiting for Bob"]
    assert all(e.id != again for e in server.client("Cat").lobby().open)  # nobody else's to join


def test_the_other_player_hears_of_it_without_any_claim_clock_and_asking_too_begins_it(server):
    gid, ann, bob, hers, his = _finished_game(server)
    again = ann.rematch(gid)
    assert wait_until(lambda: his.next_game == again)
    assert his.notice.startswith("Ann asks for a rematch (sides swapped) and waits for you: r here takes your seat")
    assert "claim" not in his.notice and "minute" not in his.notice
    mine = ann.resume(again)
    assert mine.status == "waiting"
    assert bob.rematch(gid) == again  # Bob presses r on his result screen: the same game
    theirs = bob.resume(again)
    assert wait_until(lambda: mine.status == "playing" and theirs.status == "playing")
    assert (mine.side, theirs.side) == (1, 0) and mine.facts.players == ("Bob", "Ann")
    assert mine.opponent_present and theirs.opponent_present
    assert server.db.game(again)["state"] == "playing"
    # Begun: now it is a game like any other, which its maker no longer withdraws.
    with pytest.raises(ServerError) as refused:
        ann.withdraw(again)
    assert refused.value.code == "begun"
    assert bob.lobby().mine[0].turn == "your move"  # Bob (side 0) deploys first; never "began without you"
    mine.stop()
    theirs.stop()


def test_opening_it_from_the_lobby_begins_it_too(server):
    gid, ann, bob, hers, his = _finished_game(server)
    his.stop()
    again = ann.rematch(gid)
    mine = ann.resume(again)
    theirs = bob.resume(again)  # Enter on "rematch: Ann waits for you" in Bob's lobby
    assert wait_until(lambda: mine.status == "playing" and theirs.status == "playing")
    mine.stop()
    theirs.stop()


def test_the_maker_coming_back_to_it_does_not_begin_it(server):
    gid, ann, bob, hers, his = _finished_game(server)
    again = ann.rematch(gid)
    first = ann.resume(again)
    first.stop()
    assert ann.rematch(gid) == again  # asking again: the same game, still waiting
    second = ann.resume(again)
    time.sleep(0.3)
    assert second.status == "waiting" and server.referee.live[again].match is None
    second.stop()


def test_its_maker_withdraws_it_and_then_either_may_ask_again(server):
    gid, ann, bob, hers, his = _finished_game(server)
    again = ann.rematch(gid)
    mine = ann.resume(again)
    with pytest.raises(ServerError) as refused:
        bob.withdraw(again)  # not his to withdraw
    assert refused.value.code == "not-yours"
    ann.withdraw(again)
    assert wait_until(lambda: mine.status == "moved")
    assert server.db.game(again) is None and all(e.id != again for e in bob.lobby().mine)
    other = bob.rematch(gid)  # Bob asks now: a game of his, waiting for Ann
    assert other != again
    assert [e.turn for e in ann.lobby().mine if e.id == other] == ["rematch: Bob waits for you"]
    assert wait_until(lambda: hers.next_game == other)


def test_the_waiting_outlasts_a_restart_of_the_server(server):
    gid, ann, bob, hers, his = _finished_game(server, claim_after=0.5)
    again = ann.rematch(gid)
    for seat in (hers, his):
        seat.stop()
    server.stop()
    server.start()
    server.referee.claim_after = 0.5
    ann, bob = server.client("Ann"), server.client("Bob")
    assert server.referee.live[again].match is None
    mine = ann.resume(again)
    assert mine.status == "waiting"
    time.sleep(0.8)
    assert _claim_refused_by_the_referee(server, again, mine.side) == "not-started"
    assert [e.turn for e in bob.lobby().mine if e.id == again] == ["rematch: Ann waits for you"]
    theirs = bob.resume(again)
    assert wait_until(lambda: mine.status == "playing" and theirs.status == "playing")
    mine.stop()
    theirs.stop()


def test_the_battle_after_an_optio_pre_game_waits_for_both_too(server):
    gid, ann, bob, hers, his = _finished_game(server, ruleset="optio", seed=11)
    assert server.referee.live[gid].match.game.state.result is not None  # the pre-game chose its ground
    battle = bob.battle(gid, "spheres_of_war")
    assert wait_until(lambda: hers.next_game == battle)
    assert "Bob asks for the battle after the pre-game and waits for you: e here" in hers.notice
    assert [e.turn for e in ann.lobby().mine if e.id == battle] == ["battle: Bob waits for you"]
    his_seat = bob.resume(battle)
    assert his_seat.status == "waiting"
    assert _claim_refused_by_the_referee(server, battle, his_seat.side) == "not-started"
    her_seat = ann.resume(battle)
    assert wait_until(lambda: his_seat.status == "playing" and her_seat.status == "playing")
    his_seat.stop()
    her_seat.stop()


def test_a_rematch_against_the_computer_begins_at_once(server):
    ann = server.client("Ann")
    gid, _ = ann.create("spheres_of_war", None, ("me", "normal"))
    seat = ann.resume(gid)
    assert wait_until(lambda: seat.status == "playing" and 0 in seat.to_act())
    assert not isinstance(seat.submit(Concede(0), wait=5), Rejection)
    again = ann.rematch(gid)
    assert server.referee.live[again].match is not None  # nobody else to wait for


def test_a_waiting_rematch_takes_none_of_its_makers_open_game_places(server, monkeypatch):
    gid, ann, bob, hers, his = _finished_game(server)
    monkeypatch.setattr("net.caps.MAX_WAITING_PER_PLAYER", 1)
    ann.rematch(gid)  # waits for Bob alone: in nobody else's lobby
    made, _ = ann.create("spheres_of_war", None, ("me", "open"))  # her one open game may still be made
    with pytest.raises(ServerError) as refused:
        ann.create("spheres_of_war", None, ("me", "open"))
    assert refused.value.code == "too-many"
    # It is an unfinished game of each of its players all the same.
    monkeypatch.setattr("net.caps.MAX_GAMES_PER_PLAYER", 1)
    with pytest.raises(ServerError) as refused:
        bob.create("spheres_of_war", None, ("me", "open"))
    assert refused.value.code == "too-many"
    assert made


def test_a_hostile_askers_own_claim_over_the_wire_is_refused(server):
    """Not Ann's Skirmish, which offers no claim at a waiting game, but a
    socket of her own: sat at the waiting rematch past the claim time, it
    sends "claim" (and a concession) itself.  Both are refused in words, and
    the rematch still waits for Bob."""
    import json

    from net import serverwire
    from tests.server.test_hostile import _raw

    gid, ann, bob, hers, his = _finished_game(server, claim_after=1.0)
    his.stop()
    again = ann.rematch(gid)
    sock, reader = _raw(server, "guest:Ann")

    def told(kind: str, **fields) -> dict:
        sock.sendall(serverwire.encode(kind, **fields))
        while True:  # what the seat is sent as it sits (welcome, news) comes first
            line = json.loads(reader.readline())
            if line["type"] in ("refused", "result"):
                return line

    sock.sendall(serverwire.encode("sit", game=again, role="player"))
    time.sleep(1.5)  # past the claim time, counted from anything
    claim = told("claim")
    assert claim["type"] == "refused" and claim["code"] == "not-started", claim
    order = told("order", text=Concede(1).to_text())  # nor can a concession end what has not begun
    assert order["type"] == "result" and not order["ok"] and order["code"] == "not-started", order
    assert server.db.game(again)["state"] == "open" and server.referee.live[again].match is None
    sock.close()
