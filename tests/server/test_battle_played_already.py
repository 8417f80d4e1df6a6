"""One pre-game, one battle (docs/server.md, *Protocol*: ``battle`` gives
both players the same game).  A tester played the battle after an Optio
pre-game, then asked for a battle again from the pre-game's result: the
server gave back the finished battle, and her screen showed its result
with a pop-up about drafts.  Asked once the battle is over, the server
refuses, saying the battle on that ground was played and which game it
is; a rematch asked of a pre-game whose battle was made is refused the
same way (it gave back the battle as if it were the rematch)."""

from __future__ import annotations

import random

import pytest

from core.orders import Concede
from net.serverclient import ServerError
from tests.server.helpers import play_random, wait_until


def test_a_battle_asked_again_after_it_was_played_is_refused_naming_it(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("optio", None, ("me", "open"))
    play_random([ann.resume(gid), bob.join(gid)], random.Random(11))
    battle = ann.battle(gid, "spheres_of_war")
    assert bob.battle(gid, "plasto_latros") == battle  # under way (waiting for Bob): the same game to sit at
    seats = [ann.resume(battle), bob.resume(battle)]
    seats[1].submit(Concede(1), wait=5)
    assert wait_until(lambda: seats[0].outcome() is not None)
    for asker in (ann, bob):
        with pytest.raises(ServerError) as refused:
            asker.battle(gid, "plasto_latros")
        assert refused.value.code == "played"
        words = str(refused.value)
        assert f"#{battle}" in words and f"#{gid}" in words and "played already" in words
        assert "Spheres of War" in words
    with pytest.raises(ServerError) as refused:
        ann.rematch(gid)
    assert refused.value.code == "followed" and f"#{battle}" in str(refused.value)


def test_a_battle_asked_of_a_pre_game_followed_by_its_rematch_is_refused(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("optio", None, ("me", "open"))
    play_random([ann.resume(gid), bob.join(gid)], random.Random(11))
    again = ann.rematch(gid)
    with pytest.raises(ServerError) as refused:
        bob.battle(gid, "spheres_of_war")
    assert refused.value.code == "followed" and f"#{again}" in str(refused.value)


def test_the_player_told_of_the_battle_hears_its_ruleset_and_the_options_chosen(server):
    """The other player was told only that a battle waits ("Bob asks for the
    battle after the pre-game and waits for you: e here takes your seat"),
    not which: the notice names the ruleset and the options chosen that
    differ from its rules' (the warbands among them)."""
    import attrs

    from core.registry import find_ruleset
    from tests.server.test_rematch_waits_for_both import _finished_game

    gid, ann, bob, hers, his = _finished_game(server, ruleset="optio", seed=11)
    rules = find_ruleset("waylights")
    options = attrs.evolve(rules.default_options(), team_0="hunters", team_1="elites", surprise="both")
    battle = bob.battle(gid, "waylights", options)
    assert wait_until(lambda: hers.next_game == battle)
    words = hers.next_reason
    assert words.startswith("Bob asks for the battle after the pre-game and waits for you: e here takes your seat")
    assert "It is Waylights: " in words and len(words) <= 300
    for chosen in ("hunters", "elites", "both"):
        assert chosen in words.split("It is Waylights: ")[1], words
