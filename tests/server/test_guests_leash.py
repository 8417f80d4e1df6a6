"""Guests (a browser tab of `skirmish web` is one) are free to make up: they
must not lock anyone out of making games, nor fill the store with rows of
tabs that never named themselves (net/guests.py, docs/server.md *Limits*)."""

from __future__ import annotations

import secrets
import time

import pytest

from net import caps
from net.serverclient import ServerClient, ServerError
from tests.server.helpers import wait_until


def tab(server) -> ServerClient:
    """What one fresh browser tab says to the server: a guest of its own."""
    return ServerClient.connect(server.socket, f"guest:web-{secrets.token_hex(12)}")


def guest_waiting(server) -> list:
    return [g for g in server.referee.live.values() if g.match is None and g.creator.startswith("guest:")]


def test_tabs_that_never_name_themselves_leave_no_row_in_the_store(server):
    before = len(server.db.names())
    for _ in range(20):
        client = tab(server)
        client.lobby()
        client.close()
    assert wait_until(lambda: not server.transport.connections)
    assert len(server.db.names()) == before  # nothing stored for 20 tabs
    assert not server.referee.guests.unstored  # nor kept in memory once they went

    named = tab(server)
    named.set_name("Zoe")
    player = tab(server)  # never named, but it makes a game: it plays, so it is stored
    player.create("spheres_of_war", None, ("me", "open"))
    names = server.db.names()
    assert len(names) == before + 2
    assert names[named.me.player] == "Zoe" and player.me.player in names
    assert server.referee.lobby(named.me.player)  # and the lobby still reads


def test_many_guests_whose_tabs_closed_never_lock_anyone_out(server):
    """The tester's script: fresh guests, three waiting games each, tab
    closed; past the guests' cap, the game of the guest away longest gives
    way, and a player with an account is never refused."""
    makers, cap = [], getattr(caps, "MAX_GUEST_WAITING", 50)
    for _ in range(cap // caps.MAX_WAITING_PER_PLAYER + 3):
        client = tab(server)
        for _ in range(caps.MAX_WAITING_PER_PLAYER):
            client.create("spheres_of_war", None, ("me", "open"))
        makers.append(client.me.player)
        client.close()
        assert len(guest_waiting(server)) <= cap
    assert len(guest_waiting(server)) == cap
    # the first makers' games gave way to the last ones'
    kept = {g.creator for g in guest_waiting(server)}
    assert makers[0] not in kept and makers[-1] in kept

    fresh = tab(server)  # a guest still gets a game made
    gid, _ = fresh.create("spheres_of_war", None, ("me", "open"))
    assert gid in server.referee.live
    referee = server.referee
    referee.me("uid:carol", "uid", "carol", "carol", True)
    assert referee.create("uid:carol", "spheres_of_war", None, None, ["me", "open"])[0] in referee.live


def test_guests_at_their_cap_with_every_maker_connected_are_refused_but_players_are_not(server, monkeypatch):
    monkeypatch.setattr(caps, "MAX_GUEST_WAITING", 4)
    first, second = tab(server), tab(server)
    for client in (first, first, first, second):
        client.create("spheres_of_war", None, ("me", "open"))
    third = tab(server)
    with pytest.raises(ServerError) as refused:
        third.create("spheres_of_war", None, ("me", "invite"))
    assert refused.value.code == "too-many" and "guests' games waiting" in str(refused.value)
    third.create("spheres_of_war", None, ("me", "easy"))  # a game with the computer waits for nobody
    referee = server.referee
    referee.me("uid:carol", "uid", "carol", "carol", True)
    referee.create("uid:carol", "spheres_of_war", None, None, ["me", "open"])
    assert len(guest_waiting(server)) == 4


def test_a_guests_waiting_game_is_withdrawn_once_its_maker_has_been_gone_a_while(server):
    gone, here = tab(server), tab(server)
    gone_game, _ = gone.create("spheres_of_war", None, ("me", "open"))
    here_game, _ = here.create("spheres_of_war", None, ("me", "open"))
    referee = server.referee
    referee.me("uid:carol", "uid", "carol", "carol", True)
    carols, _ = referee.create("uid:carol", "spheres_of_war", None, None, ["me", "open"])  # no connection at all
    gone.close()
    assert wait_until(lambda: gone.me.player not in referee.guests.connections)
    referee.guests.withdraw_absent(referee, time.monotonic() + caps.GUEST_GONE_AFTER - 5)
    assert gone_game in referee.live  # a reload, a short loss of the network: kept
    referee.guests.withdraw_absent(referee, time.monotonic() + caps.GUEST_GONE_AFTER + 1)
    assert gone_game not in referee.live and server.db.game(gone_game) is None
    assert here_game in referee.live and carols in referee.live
    assert not referee.guests.gone_since  # nothing more to remember of who went
