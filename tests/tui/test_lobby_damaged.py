"""The lobby at 80x24 against a real server (in this process): ``x`` on a
game of yours the server cannot load (its stored save damaged: it is
listed with the state "damaged", net/damaged.py) asks, saying what
withdrawing it does, and withdraws it; before, ``x`` said the game had
begun and could not be withdrawn, although the server accepts it."""

from __future__ import annotations

from tests.server.test_damaged_game import damage_a_game
from tests.tui.test_lobby import ann_at_her_game, listed, real_server, settle
from tui.app import SkirmishApp
from tui.modals import Confirm

SIZE = (80, 24)


def damaged_game(server) -> str:
    """A game of Ann and Bob under way, its stored save cut short and the
    server started again: listed to them as damaged."""
    gid, _ = damage_a_game(server, ("ann", "bob"))
    assert gid in server.referee.damaged
    return gid


async def test_x_withdraws_a_damaged_game_of_mine_after_saying_what_that_does(tmp_path):
    with real_server() as server:
        gid = damaged_game(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await ann_at_her_game(pilot, server, gid)
            assert any(f"#{gid}" in line and "cannot be loaded" in line for line in listed(lobby))
            await pilot.press("x")
            await pilot.pause()
            ask = app.screen
            assert isinstance(ask, Confirm), "x refused a damaged game"
            question = str(ask.question)
            assert "damaged" in question and "administrator" in question and "your opponent's" in question
            assert "for good" not in question and "Nobody has joined" not in question
            await pilot.press("n")
            await pilot.pause()
            assert server.db.game(gid)["state"] == "playing"  # not asked: nothing done
            await pilot.press("x", "y")
            await settle(pilot, lambda: not any(e.id == gid for e in lobby.lobby.mine), 15)
            assert not any(f"#{gid}" in line for line in listed(lobby))
            assert server.db.game(gid)["state"] == "damaged"  # the row stays for the administrator
            assert gid not in {e.id for e in server.client("bob").lobby().mine}
