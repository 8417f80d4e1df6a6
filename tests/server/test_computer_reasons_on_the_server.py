"""The server's computer says why it gives each order, as a local game's
does (README: a reason for every computer order): a tester played
Waylights against the server's computer to its end and the log had not
one "» Computer (normal): …" line.  The referee now stores the reasons
with the game and sends them to its seats (a ``reasons`` message before
the update with the order they were for); in a ruleset with secrets
(Platemail's written orders) no seat gets one before the game is over,
as a local game holds them back from the person the computer plays; a
finished game watched again, after a restart too, has them all."""

from __future__ import annotations

import random

from core.orders import Concede
from core.ruleset import Rejection
from tests.server.helpers import play_random, wait_until


def computer_orders(game, side: int = 1) -> list[int]:
    return [index for index, order in enumerate(game.orders) if getattr(order, "side", None) == side]


def check_placed(seat, game, reasons) -> None:
    """Each reason the seat has is the server's for one of the computer's
    orders, in order, and stands just before that order's first event in
    the whole game's log (``at``) and in the seat's own (``seen``)."""
    own_log = seat.events()
    assert [(r.side, r.at, r.text) for r in seat.reasons] == [(r.side, r.at, r.text) for r in reasons]
    for mine, kept in zip(seat.reasons, reasons, strict=True):
        first = game.log[kept.at]
        assert own_log[mine.seen] == first, (mine, first)
        assert game.orders[kept.order].side == 1


def caught_up(match, *seats) -> bool:
    """Every seat has been sent all of the game there is (the computer
    waits for the person: its side does not act)."""
    from core.events import visible_to

    with match.lock:
        game = match.game
        if 1 in game.to_act and game.outcome is None:
            return False
        logs = [sum(visible_to(e, seat.side) for e in game.log) for seat in seats]
    return all(len(seat.events()) == count for seat, count in zip(seats, logs, strict=True))


def test_a_waylights_player_and_an_onlooker_read_the_computers_reasons_as_it_plays(server):
    ann, cat = server.client("Ann"), server.client("Cat")
    gid, _ = ann.create("waylights", None, ("me", "normal"))
    mine = ann.resume(gid)
    onlooker = cat.watch(gid)
    match = server.referee.live[gid].match
    play_random([mine], random.Random(5), until=lambda: len(computer_orders(match.game)) >= 4)
    assert wait_until(lambda: caught_up(match, mine, onlooker))
    with match.lock:
        game, reasons = match.game, match.reasons()
    assert game.outcome is None
    # One reason for every order the computer gave, each sent while the game goes on.
    assert [r.order for r in reasons] == computer_orders(game)
    check_placed(mine, game, reasons)
    check_placed(onlooker, game, reasons)
    assert all(r.text and "\n" not in r.text for r in mine.reasons)


def test_a_finished_games_reasons_are_stored_and_shown_to_whoever_watches_it_again(server):
    ann, cat = server.client("Ann"), server.client("Cat")
    gid, _ = ann.create("waylights", None, ("me", "normal"))
    mine = ann.resume(gid)
    match = server.referee.live[gid].match
    play_random([mine], random.Random(6), until=lambda: len(computer_orders(match.game)) >= 3)
    assert wait_until(lambda: caught_up(match, mine) and mine.may_act())
    assert not isinstance(mine.submit(Concede(0), wait=5), Rejection)
    with match.lock:
        game, reasons = match.game, match.reasons()
    assert game.outcome is not None and len(reasons) >= 3
    mine.stop()
    server.stop()
    server.start()  # the finished game is loaded from the store when it is opened
    again = server.client("Cat").watch(gid)
    assert wait_until(lambda: len(again.reasons) == len(reasons))
    check_placed(again, game, reasons)
    again.stop()
    del cat


def test_no_reason_of_a_platemail_computer_is_sent_before_the_game_is_over(server):
    ann, cat = server.client("Ann"), server.client("Cat")
    gid, _ = ann.create("platemail", None, ("me", "normal"))
    mine = ann.resume(gid)
    onlooker = cat.watch(gid)
    match = server.referee.live[gid].match
    heard: list[str] = []
    for seat in (mine, onlooker):  # every message either seat reads
        read = seat._read
        seat._read = lambda read=read: (lambda m: (heard.append(m["type"]) if m else None, m)[1])(read())
    play_random([mine], random.Random(7), until=lambda: len(match.reasons()) >= 3, limit=120)
    assert wait_until(lambda: caught_up(match, mine, onlooker))
    assert match.game.outcome is None
    assert mine.reasons == () and onlooker.reasons == ()
    assert "reasons" not in heard and "update" in heard
    assert wait_until(lambda: mine.may_act() or mine.outcome() is not None)
    assert not isinstance(mine.submit(Concede(0), wait=5), Rejection)
    with match.lock:
        game, reasons = match.game, match.reasons()
    assert wait_until(lambda: len(mine.reasons) == len(onlooker.reasons) == len(reasons))
    assert [r.order for r in reasons] == computer_orders(game)
    for seat in (mine, onlooker):
        assert [(r.side, r.at, r.text) for r in seat.reasons] == [(r.side, r.at, r.text) for r in reasons]
