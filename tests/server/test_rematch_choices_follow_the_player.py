"""A server's rematch swaps the players' sides; an option that names a
side follows its player, as a rematch at one keyboard or hosted does
(tests/tui/test_rematch_choices_follow_the_player.py): the players chose
Ann as the Instigator (Spheres of War rule 7), and Ann is the Instigator
of the rematch too, now at side 1.  Real server, real sockets."""

from __future__ import annotations

import random

from core.orders import Concede
from core.ruleset import Rejection
from tests.server.helpers import play_random, wait_until


def test_the_instigator_chosen_for_the_first_game_is_the_instigator_of_the_rematch(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", {"instigator": "first", "turn_limit": 7}, ("me", "open"))
    hers, his = ann.resume(gid), bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and his.status == "playing")
    first = server.referee.live[gid].match.game
    assert first.players[first.state.instigator] == "Ann"
    play_random([hers], random.Random(3), until=lambda: hers.to_act() == frozenset({1}))
    assert not isinstance(his.submit(Concede(1), wait=5), Rejection)
    assert wait_until(lambda: hers.outcome() is not None)
    again = ann.rematch(gid)
    mine, theirs = ann.resume(again), bob.resume(again)
    assert wait_until(lambda: mine.status == "playing" and theirs.status == "playing")
    game = server.referee.live[again].match.game
    assert game.players == ("Bob", "Ann")  # sides swapped
    assert game.players[game.state.instigator] == "Ann" and game.options.instigator == "second"
    assert game.options.turn_limit == 7  # the rest as chosen
    for seat in (hers, his, mine, theirs):
        seat.stop()
