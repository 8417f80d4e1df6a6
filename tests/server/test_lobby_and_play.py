"""The lobby and a game through the server's socket (issue 28): two players
find each other, play to the end and check the dice; open and invitation
seats; a player sees only their own games; onlookers; chat; the computer."""

from __future__ import annotations

import random

import pytest

from core.events import DrawDeclined
from core.game import standing_offer
from core.orders import AgreeDraw, Concede, OfferDraw
from core.ruleset import Rejection
from core.seats import SeatGame
from net.client import JoinError
from net.dicecheck import CHECKED_SERVER
from net.serverclient import ServerError
from tests.server.helpers import play_random, wait_until


def test_two_players_find_each_other_and_play_platemail_to_the_end_with_checked_dice(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, code = ann.create("platemail", None, ("me", "open"))
    assert code == ""
    assert [e.id for e in bob.lobby().open] == [gid]
    assert [e.id for e in ann.lobby().mine] == [gid] and ann.lobby().open == ()
    mine = ann.resume(gid)
    assert mine.status == "waiting" and mine.version == -1  # no opponent yet
    theirs = bob.join(gid)
    assert wait_until(lambda: mine.status == "playing" and mine.version >= 0)
    assert mine.facts.players == theirs.facts.players == ("Ann", "Bob")
    assert (mine.side, theirs.side) == (0, 1)
    play_random([mine, theirs], random.Random(3))
    assert wait_until(lambda: mine.fairness and theirs.fairness)
    assert mine.fairness == theirs.fairness == CHECKED_SERVER
    assert mine.outcome() == theirs.outcome() is not None
    # Checking the dice replayed the whole game: each player now has it, the other side's secrets and all.
    stored = server.referee.live[gid].match.game
    assert mine.whole == theirs.whole == stored
    assert mine.whole.log_for(0) == mine.events() and theirs.whole.log_for(1) == theirs.events()
    finished = ann.lobby().finished
    assert finished[0].id == gid and finished[0].state == "over" and finished[0].result
    assert bob.lobby().mine == ()
    # Once both have gone, the server lets the game go; it is watched again from the store.
    mine.stop()
    theirs.stop()
    assert wait_until(lambda: gid not in server.referee.live)
    again = server.client("Cat").watch(gid)
    assert again.outcome() == mine.outcome() and again.known_orders() == mine.known_orders()
    assert len(again.known_orders()) > 20


def test_an_invitation_seat_is_taken_only_with_its_code(server):
    ann, bob, cat = server.client("Ann"), server.client("Bob"), server.client("Cat")
    gid, code = ann.create("spheres_of_war", None, ("me", "invite"))
    assert len(code) == 10
    assert bob.lobby().open == ()  # not offered to anyone
    with pytest.raises(ServerError) as refused:
        bob.join(gid)
    assert refused.value.code == "no-seat"
    assert ann.lobby().mine[0].code == code and bob.lobby().live == ()
    seat = cat.join(code.upper())
    assert seat.side == 1 and seat.status == "playing"
    with pytest.raises(ServerError):
        bob.join(code)  # taken


def test_a_player_sees_and_resumes_only_their_own_games(server):
    ann, bob, cat = server.client("Ann"), server.client("Bob"), server.client("Cat")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    bob.join(gid)
    assert cat.lobby().mine == () and [e.id for e in cat.lobby().live] == [gid]
    with pytest.raises(JoinError, match="no seat"):
        cat.resume(gid)
    with pytest.raises(ServerError) as refused:
        ann.join(gid)
    assert refused.value.code in ("no-game", "own-game")


def test_an_onlooker_has_the_neutral_view_and_gives_no_orders(server):
    ann, bob, cat = server.client("Ann"), server.client("Bob"), server.client("Cat")
    gid, _ = ann.create("platemail", None, ("me", "open"))
    a, b = ann.resume(gid), bob.join(gid)
    assert wait_until(lambda: a.version >= 0)
    play_random([a, b], random.Random(1), until=lambda: len(a.events()) > 10)
    watcher = cat.watch(gid)
    assert watcher.side is None and watcher.legal_orders() == []
    moment = watcher.snapshot()
    assert isinstance(moment, SeatGame) and moment.state is not None
    order = a.legal_orders()[0] if a.legal_orders() else b.legal_orders()[0]
    refused = watcher.submit(order)
    assert refused.code == "onlooker"
    # The onlooker sees what a neutral onlooker may: the seat's own view of side None.
    with server.referee.live[gid].lock:
        game = server.referee.live[gid].match.game
        from net import wire

        neutral = wire.view_in(game.ruleset, wire.view_out(game.ruleset, game.view(None)))
    assert wait_until(lambda: watcher.view() == neutral)


def test_chat_goes_to_both_players_stripped_of_control_characters_and_capped(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    a, b = ann.resume(gid), bob.join(gid)
    a.say("hello \x1b[2J\x1b]0;pwned\x07there\r\n" + "x" * 500)
    assert wait_until(lambda: len(b.chat) == 1 and len(a.chat) == 1)
    line = b.chat[0]
    assert line.who == "Ann"
    assert "\x1b" not in line.text and "\x07" not in line.text and "\n" not in line.text
    assert line.text.startswith("hello [2J]0;pwnedthere") and len(line.text) <= 200
    again = bob.resume(gid)  # kept with the game
    assert wait_until(lambda: len(again.chat) == 1)


def test_a_computer_seat_is_played_by_the_server(server):
    ann = server.client("Ann")
    gid, _ = ann.create("spheres_of_war", None, ("me", "easy"))
    seat = ann.resume(gid)
    assert seat.status == "playing" and seat.facts.players[1] == "Computer (easy)"
    rng = random.Random(5)
    for _ in range(40):
        if seat.outcome() is not None:
            break
        if seat.may_act() and seat.legal_orders():
            seat.submit(rng.choice(seat.legal_orders()), wait=5)
        elif not wait_until(lambda: seat.may_act() or seat.outcome() is not None, 20):
            break
    assert 1 in {o.side for o in seat.known_orders()}  # spheres of war hides nothing: the computer's orders show


def test_a_display_name_is_asked_once_for_a_key_and_refused_empty(server):
    key = "key:SHA256:" + "A" * 43
    from net.serverclient import ServerClient

    first = ServerClient.connect(server.socket, key)
    assert first.me.needs_name and first.me.player == key
    with pytest.raises(ServerError):
        first.set_name("\x1b\x07  ")
    with pytest.raises(ServerError):
        first.set_name("Dora\x1b[31m")  # a terminal code refuses the name, never taken out of it
    assert first.set_name("Dora").name == "Dora"
    again = ServerClient.connect(server.socket, key)
    assert not again.me.needs_name and again.me.name == "Dora"


def test_a_rematch_swaps_the_sides_with_fresh_dice_and_is_one_game_whoever_asks(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    a, b = ann.resume(gid), bob.join(gid)
    with pytest.raises(ServerError) as refused:
        ann.rematch(gid)
    assert refused.value.code == "not-over"
    play_random([a, b], random.Random(6))
    with pytest.raises(ServerError):
        server.client("Cat").rematch(gid)  # not hers
    again = bob.rematch(gid)
    assert ann.rematch(gid) == again != gid
    a2, b2 = ann.resume(again), bob.resume(again)
    assert (a2.side, b2.side) == (1, 0) and a2.facts.players == ("Bob", "Ann")
    assert a2.commit != a.commit


def test_a_game_on_a_battlefield_the_client_gives_as_a_value_and_bad_setups_refused(server):
    """As after an Optio pre-game: the battlefield is a value, not a shipped name."""
    import attrs

    from saves.library import battlefield_named

    field = attrs.evolve(battlefield_named("open-12"), name="the ground the pre-game chose")
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"), battlefield=field)
    assert bob.join(gid).facts.battlefield == field
    from saves.convert import PLAIN, unstructure

    broken = dict(unstructure(PLAIN, field), width=0)  # what a hostile client could send
    with pytest.raises(ServerError) as refused:
        ann.create("spheres_of_war", None, ("me", "open"), battlefield=broken)
    assert refused.value.code == "bad-options"
    for options in ({"no_such_option": 1}, [1, 2], "x", {"round_limit": "many"}):
        with pytest.raises(ServerError) as refused:
            ann.create("platemail", options, ("me", "open"))
        assert refused.value.code == "bad-options", options


def test_the_battle_after_an_optio_pre_game_is_fought_on_its_ground_by_the_same_sides(server):
    """Optio picks the battlefield for another ruleset: on a server the
    battle is asked of the server, which cuts the pre-game's ground (the
    template placed at the meeting square) for the battle's ruleset and
    seats each player at the side they played; asked by both, it is one game."""
    from core.rulesets.optio.terrain import battlefield_for

    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("optio", None, ("me", "open"))
    a, b = ann.resume(gid), bob.join(gid)
    with pytest.raises(ServerError) as refused:
        ann.battle(gid, "spheres_of_war")
    assert refused.value.code == "not-over"
    play_random([a, b], random.Random(11))
    result = server.referee.live[gid].match.game.state.result
    assert result is not None  # the template was placed: the pre-game chose its ground
    with pytest.raises(ServerError):
        server.client("Cat").battle(gid, "spheres_of_war")  # not hers
    with pytest.raises(ServerError) as refused:
        ann.battle(gid, "optio")
    assert refused.value.code == "bad-ruleset"
    with pytest.raises(ServerError) as refused:
        ann.battle(gid, "no-such-ruleset")
    assert refused.value.code == "bad-ruleset"
    for options in ({"turn_limit": "lots"}, {"turn_limit": -3}, {"no_such_field": 1}):  # a peer's own values
        with pytest.raises(ServerError) as refused:
            ann.battle(gid, "spheres_of_war", options)
        assert refused.value.code == "bad-options", options
    battle = bob.battle(gid, "spheres_of_war")
    assert ann.battle(gid, "spheres_of_war") == battle != gid
    a2, b2 = ann.resume(battle), bob.resume(battle)
    assert (a2.side, b2.side) == (0, 1) and a2.facts.players == ("Ann", "Bob")
    assert a2.facts.ruleset.name == "spheres_of_war"
    assert a2.facts.battlefield == battlefield_for(result, "spheres_of_war")


def test_only_an_optio_pre_game_has_a_battle(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    play_random([ann.resume(gid), bob.join(gid)], random.Random(5))
    with pytest.raises(ServerError) as refused:
        ann.battle(gid, "platemail")
    assert refused.value.code == "no-ground"


def test_a_player_concedes_to_the_servers_computer_and_the_lobby_lists_the_result(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("waylights", None, ("me", "normal"))
    seat = ann.resume(gid)
    assert seat.status == "playing" and seat.side == 0
    assert seat.submit(Concede(1), wait=5).code == "not-your-side"  # the computer's side is not Ann's to give up
    taken = seat.submit(Concede(0), wait=5)
    assert not isinstance(taken, Rejection), taken
    assert wait_until(lambda: seat.outcome() is not None)
    assert seat.outcome().winner == 1 and seat.outcome().reason == "Ann conceded"
    finished = ann.lobby().finished
    assert finished[0].id == gid and finished[0].state == "over" and finished[0].result
    seat.stop()
    watched = bob.watch(gid)  # an onlooker, once the game is over, reads it whole
    assert watched.outcome() == seat.outcome() and watched.known_orders()[-1] == Concede(0)


def test_the_servers_computer_answers_an_offer_of_a_draw_and_two_players_agree_one(server):
    """docs/rulings.md, *A draw by agreement*: the server's computer answers
    at once (level at the start: it plays on); between two players the
    offer stands until the other agrees, and the lobby lists the draw."""
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("waylights", None, ("me", "normal"))
    seat = ann.resume(gid)
    assert seat.status == "playing" and seat.side == 0
    assert not isinstance(seat.submit(OfferDraw(0), wait=5), Rejection)
    assert wait_until(lambda: any(isinstance(e, DrawDeclined) for e in seat.events()))
    assert standing_offer(seat.events()) is None and seat.outcome() is None
    seat.stop()
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    mine = ann.resume(gid)
    theirs = bob.join(gid)
    assert wait_until(lambda: mine.status == "playing" and theirs.status == "playing")
    assert not isinstance(theirs.submit(OfferDraw(1), wait=5), Rejection)  # out of turn: Ann deploys first
    assert wait_until(lambda: standing_offer(mine.events()) == 1)
    assert theirs.submit(AgreeDraw(1), wait=5).code == "no-offer"  # not its own offer
    assert not isinstance(mine.submit(AgreeDraw(0), wait=5), Rejection)
    assert wait_until(lambda: mine.outcome() is not None and theirs.outcome() is not None)
    assert mine.outcome() == theirs.outcome() and mine.outcome().winner is None
    assert mine.outcome().reason == "Bob offered a draw and Ann agreed"
    finished = ann.lobby().finished
    assert finished[0].id == gid and finished[0].state == "over"
    mine.stop()
    theirs.stop()


def test_only_its_maker_withdraws_a_game_nobody_has_begun(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    waiting = ann.resume(gid)  # Ann's seat, waiting at the game in its own connection
    assert waiting.status == "waiting"
    # Nothing can be written before the game begins: no drafts go (the server would refuse them).
    assert waiting.put_drafts([]) is False
    assert not wait_until(lambda: waiting.notice, timeout=0.5)
    with pytest.raises(ServerError) as refused:
        bob.withdraw(gid)
    assert refused.value.code == "not-yours"
    lobby = ann.withdraw(gid)
    assert gid not in [e.id for e in lobby.mine + lobby.open]
    assert gid not in [e.id for e in bob.lobby().open]
    assert server.db.game(gid) is None  # gone from the store, seats and all: a restart brings nothing back
    assert [server.db._rows(f"SELECT * FROM {t} WHERE game = ?", (gid,)) for t in ("seats", "drafts", "chat")] \
        == [[], [], []]
    assert wait_until(lambda: waiting.status == "moved" and "withdrew" in waiting.reason)
    with pytest.raises(ServerError) as gone:
        bob.join(gid)
    assert gone.value.code == "no-game"
    # A game under way is conceded, not withdrawn.
    begun, _ = ann.create("spheres_of_war", None, ("me", "open"))
    bob.join(begun)
    with pytest.raises(ServerError) as under_way:
        ann.withdraw(begun)
    assert under_way.value.code == "begun"
    assert server.db.game(begun)["state"] == "playing"


def test_the_lobby_names_only_the_options_that_differ_from_the_rulesets_defaults(server):
    """A lobby line once read "roster 0: footman,archer…" (the options'
    field names, every one of them): it names the options a player chose
    differently, as the new-game form labels them, and nothing for a game
    on the defaults."""
    ann, bob = server.client("Ann"), server.client("Bob")
    plain, _ = ann.create("spheres_of_war", None, ("me", "open"))
    chosen, _ = ann.create("spheres_of_war", {"turn_limit": 5, "version": "v0.2"}, ("me", "open"))
    sided, _ = ann.create("plasto_latros", {"raider": 1, "move_length": 3}, ("me", "open"))
    said = {e.id: e.options for e in bob.lobby().open}
    assert said[plain] == ""
    assert said[chosen] == "Rules version: v0.2, Turn limit: 5"
    assert said[sided] == "Standard Movement: 3, Raiding player: Player 2"


def test_a_chat_line_too_long_from_a_raw_client_is_refused_in_words_not_cut(server):
    """Skirmish's own client refuses a long line before sending it; a raw
    client's went in cut at 200 characters without a word."""
    from net import serverwire

    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    a, b = ann.resume(gid), bob.join(gid)
    assert a._send(serverwire.encode("chat", text="y" * 300))
    assert wait_until(lambda: "holds 200 characters at most, and that one has 300" in (a.notice or ""))
    a.say("short")
    assert wait_until(lambda: [line.text for line in b.chat] == ["short"])
