"""The claim clock of a server game never runs before the game began
(docs/rulings.md, *Leaving a server game*): a tester's open game, made and
left for the lobby, was claimed by its joiner a second after joining
("Ann left the game", 0 turns played); and a rematch one player asked for
was claimed against the other, who was never told of it (a rematch now
waits for both: tests/server/test_rematch_waits_for_both.py).  The player
who is not at the game as it begins has the full claim time from its
start, and is told: in the lobby, and on the finished game's seat for a
rematch.
Real server, real sockets, real seats."""

from __future__ import annotations

import random
import time

from core.orders import Concede
from core.ruleset import Rejection
from tests.server.helpers import play_random, wait_until


def _open_game_left_by_its_maker(server, claim_after: float, away: float):
    """Ann makes an open Spheres of War game (she is side 0, who deploys
    first), waits at it, and goes back to the lobby ``away`` seconds
    before Bob joins."""
    server.referee.claim_after = claim_after
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    waiting = ann.resume(gid)
    assert waiting.status == "waiting"
    waiting.stop()  # Esc on the waiting screen: the game stays open, Ann is in the lobby
    assert wait_until(lambda: not server.referee.live[gid].seated(0))
    time.sleep(away)
    return gid, ann, bob


def test_the_joiner_cannot_claim_a_game_whose_maker_went_back_to_the_lobby_before_it_began(server):
    # Away for longer than the claim time, all of it before the game began.
    gid, ann, bob = _open_game_left_by_its_maker(server, claim_after=1.5, away=2.0)
    joined = time.monotonic()
    his = bob.join(gid)
    assert wait_until(lambda: his.status == "playing" and his.to_act() == frozenset({0}))
    assert not his.opponent_present
    early = his.claim()  # at once: Ann has been away since the game began, a moment ago
    assert isinstance(early, Rejection) and early.code == "too-soon", early
    assert "Ann has been away for 0 seconds" in early.message
    assert his.outcome() is None and server.db.game(gid)["state"] == "playing"
    # The full claim time from the game's start: then, and not before, Bob may claim it.
    assert wait_until(lambda: not isinstance(his.claim(), Rejection), timeout=10)
    assert time.monotonic() - joined >= 1.5
    assert wait_until(lambda: his.outcome() is not None and his.outcome().reason == "Ann left the game")


def test_the_maker_away_from_a_game_that_began_is_told_so_in_the_lobby(server):
    gid, ann, bob = _open_game_left_by_its_maker(server, claim_after=120.0, away=0.2)
    his = bob.join(gid)
    assert wait_until(lambda: his.status == "playing")
    # Ann's lobby (her client stayed connected in it all along) says the game began without her,
    # and how long she has: the whole claim time, counted from its start.
    turn = ann.lobby().mine[0].turn
    assert turn == "began without you: come within 2 min", turn
    assert len(turn) <= 40  # what the lobby's line shows of it
    assert bob.lobby().mine[0].turn == "Ann's move (away)"
    hers = ann.resume(gid)  # she comes to the game: the usual words from then on
    assert wait_until(lambda: his.opponent_present)
    assert ann.lobby().mine[0].turn == "your move"
    hers.stop()
    assert wait_until(lambda: not his.opponent_present)
    assert ann.lobby().mine[0].turn == "your move"  # she left a game she had come to: nothing more to tell
    his.stop()


def _finished_game(server, claim_after: float):
    """Ann (side 0) and Bob (side 1) end a Spheres of War game (Bob
    concedes); both stay on its result screen (their seats connected)."""
    server.referee.claim_after = claim_after
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    hers, his = ann.resume(gid), bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and his.status == "playing")
    play_random([hers], random.Random(3), until=lambda: hers.to_act() == frozenset({1}))
    assert not isinstance(his.submit(Concede(1), wait=5), Rejection)
    assert wait_until(lambda: hers.outcome() is not None and his.outcome() is not None)
    return gid, ann, bob, hers, his


def test_the_other_player_is_told_of_a_rematch_on_the_finished_games_seat(server):
    gid, ann, bob, hers, his = _finished_game(server, claim_after=300.0)
    again = ann.rematch(gid)
    # Bob's seat of the finished game hears that the rematch waits for him (it begins only when he comes:
    # tests/server/test_rematch_waits_for_both.py), with no claim clock to speak of.
    assert wait_until(lambda: his.next_game == again)
    assert his.notice == his.next_reason
    assert his.notice.startswith("Ann asks for a rematch (sides swapped) and waits for you: r here takes your seat")
    assert "claim" not in his.notice
    assert his.status != "next"  # the seat of the finished game stays as it is (its result stays shown)
    time.sleep(0.3)
    assert hers.next_game == "" and hers.notice == ""  # the one who asked needs no telling
    # Bob asking too sits him at the same game, which begins with both of them at it.
    mine = ann.resume(again)
    assert bob.rematch(gid) == again
    assert bob.lobby().mine[0].turn == "rematch: Ann waits for you"
    theirs = bob.resume(again)
    assert wait_until(lambda: mine.status == "playing" and mine.opponent_present)
    assert bob.lobby().mine[0].turn == "your move"
    mine.stop()
    theirs.stop()


def test_a_rematch_cannot_be_claimed_before_the_full_claim_time_from_its_start(server):
    gid, ann, bob, hers, his = _finished_game(server, claim_after=1.5)
    his.stop()  # Bob leaves the result screen: he is away from the finished game before the rematch exists
    time.sleep(2.0)
    again = ann.rematch(gid)
    mine = ann.resume(again)
    assert mine.status == "waiting"  # it waits for Bob: nothing begun, nothing to claim
    time.sleep(2.0)
    theirs = bob.resume(again)  # Bob comes to it from his lobby, and goes again at once
    begun = time.monotonic()
    assert wait_until(lambda: mine.status == "playing" and mine.to_act() == frozenset({0}))  # Bob's to deploy
    theirs.stop()
    assert wait_until(lambda: not mine.opponent_present)
    early = mine.claim()
    assert isinstance(early, Rejection) and early.code == "too-soon", early
    assert wait_until(lambda: not isinstance(mine.claim(), Rejection), timeout=10)
    assert time.monotonic() - begun >= 1.5
    mine.stop()
