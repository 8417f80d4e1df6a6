"""The lobby's ``r`` against a real server (in this process) on a finished
game whose rematch was made and played already: the server gives back that
rematch (net/following.py); the lobby opens nothing, says which game it is
and highlights it, and no word about drafts comes (it had resumed the
finished rematch as if under way, and the server refused its drafts)."""

from __future__ import annotations

from textual.widgets import OptionList

from core.orders import Concede
from net.serverclient import ServerClient
from tests.server.helpers import wait_until
from tests.tui.test_lobby import SIZE, real_server, settle
from tui.app import SkirmishApp
from tui.lobby import LobbyScreen
from tui.modals import Confirm


def finished_game(client_of, who: str, other: str) -> str:
    """A game ``who`` made and conceded against ``other``: over."""
    gid, _ = client_of(who).create("spheres_of_war", None, ("me", "open"))
    theirs = client_of(other).join(gid)
    mine = client_of(who).resume(gid)
    mine.submit(Concede(0), wait=10)
    assert wait_until(lambda: mine.outcome() is not None, 10)
    mine.stop()
    theirs.stop()
    return gid


async def test_r_on_a_game_whose_rematch_is_over_opens_nothing_and_says_so():
    with real_server() as server:
        gid = finished_game(server.client, "ann", "bob")
        again = server.client("bob").rematch(gid)  # Bob asked first; both sat down, and it ended too
        bobs, anns = server.client("bob").resume(again), server.client("ann").resume(again)
        assert wait_until(lambda: bobs.started, 10)  # it begins once both have come to it
        bobs.submit(Concede(bobs.side), wait=10)
        assert wait_until(lambda: bobs.outcome() is not None, 10)
        bobs.stop()
        anns.stop()
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, "guest:ann"))
            app.push_screen(lobby)
            await settle(pilot, lambda: lobby.lobby is not None and len(lobby.lobby.finished) == 2, 15)
            listing = lobby.query_one(OptionList)
            listing.highlighted = next(i for i in range(listing.option_count)
                                       if listing.get_option_at_index(i).id == f"finished-{gid}")
            await pilot.press("r")
            await settle(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            status = lobby.query_one("#status")
            await settle(pilot, lambda: f"#{again}" in str(status.render()), 15)
            await pilot.pause(1.0)
            assert app.screen is lobby and app.remote_seat is None  # nothing opened
            assert f"rematch of #{gid} was played already" in str(status.render())
            assert lobby._chosen()[1].id == again
            assert not any("drafts" in str(n.message) for n in app._notifications)
