"""A game whose stored save is damaged (cut short in the store, the server
restarted): its players' lobbies show it marked damaged and others' do not
list it; opening it says what is wrong with it, not "no such game"; a
player of it may withdraw it, which takes it off the lists and keeps its
row, unchanged but for its state, for the server's administrator
(net/damaged.py, docs/server.md)."""

from __future__ import annotations

import sqlite3

import pytest

from net.serverclient import ServerError
from saves.gamedb import DB_NAME
from tests.server.helpers import play_random


def stored(server, gid: str) -> tuple[str, str]:
    db = sqlite3.connect(server.data / DB_NAME)
    try:
        return db.execute("SELECT state, save FROM games WHERE id = ?", (gid,)).fetchone()
    finally:
        db.close()


def cut_save(server, gid: str, keep: int = 500) -> str:
    """The game's stored save cut to ``keep`` characters, the server stopped
    meanwhile and started again: the save as cut."""
    server.stop()
    db = sqlite3.connect(server.data / DB_NAME)
    with db:
        db.execute("UPDATE games SET save = substr(save, 1, ?) WHERE id = ?", (keep, gid))
    db.close()
    server.start()
    return stored(server, gid)[1]


def refusal_of(call) -> str:
    with pytest.raises(Exception) as refused:  # noqa: PT011 - a seat's refusal comes as the client's own error
        call()
    return str(refused.value)


def damage_a_game(server, names: tuple[str, str] = ("Ann", "Bob")) -> tuple[str, str]:
    """A game of the two named under way (two orders given), its stored
    save then cut short and the server started again: its id and the
    save as cut."""
    import random

    ann, bob = server.client(names[0]), server.client(names[1])
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    seats = [ann.resume(gid), bob.join(gid)]
    play_random(seats, random.Random(2), until=lambda: len(seats[0].known_orders()) >= 2)
    for seat in seats:
        seat.stop()
    ann.close()
    bob.close()
    return gid, cut_save(server, gid)


@pytest.fixture
def damaged(server):
    gid, cut = damage_a_game(server)
    assert len(cut) == 500
    return gid, cut


def test_the_console_says_what_is_wrong_with_the_stored_game(server, damaged):
    gid, _cut = damaged
    assert len(server.referee.problems) == 1
    problem = server.referee.problems[0]
    assert problem.startswith(f"game {gid}: ") and "the stored game looks truncated" in problem
    assert "the file" not in problem


def test_its_players_see_it_marked_and_others_do_not_see_it(server, damaged):
    gid, _cut = damaged
    for name in ("Ann", "Bob"):
        lobby = server.client(name).lobby()
        [entry] = [e for e in lobby.mine if e.id == gid]
        assert entry.state == "damaged" and "cannot be loaded" in entry.turn
    other = server.client("Cy").lobby()
    assert gid not in {e.id for section in (other.open, other.mine, other.live, other.finished) for e in section}


def test_opening_it_says_what_is_wrong_and_not_that_there_is_no_such_game(server, damaged):
    gid, _cut = damaged
    for name, how in (("Ann", "resume"), ("Cy", "watch")):
        said = refusal_of(lambda: getattr(server.client(name), how)(gid, timeout=5))
        assert "cannot be opened" in said and "the stored game looks truncated" in said
        assert "no such game" not in said


def test_a_player_withdraws_it_and_the_row_stays_for_the_administrator(server, damaged):
    gid, cut = damaged
    with pytest.raises(ServerError) as refused:
        server.client("Cy").withdraw(gid)
    assert refused.value.code == "not-yours"
    lobby = server.client("Bob").withdraw(gid)
    assert gid not in {e.id for e in lobby.mine}
    assert gid not in {e.id for e in server.client("Ann").lobby().mine}
    assert stored(server, gid) == ("damaged", cut)  # the save as it was
    server.stop()
    server.start()  # withdrawn: no longer tried, nor listed
    assert server.referee.problems == []
    assert gid not in {e.id for e in server.client("Ann").lobby().mine}


def test_a_finished_game_cut_short_is_refused_with_what_is_wrong(server):
    import random

    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    seats = [ann.resume(gid), bob.join(gid)]
    seats[0].submit("concede side=0", wait=5)
    assert seats[0].outcome() is not None or play_random(seats, random.Random(1)) >= 0
    for seat in seats:
        seat.stop()
    cut_save(server, gid)
    said = refusal_of(lambda: server.client("Cy").watch(gid, timeout=5))
    assert "the stored game looks truncated" in said and "could not do that" not in said
