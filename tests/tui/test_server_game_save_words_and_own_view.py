"""A server's game at 80x24, against a real server in this process:

- ctrl+s says the server keeps the game (there is no host to save it);
- a finished game of yours opened from the lobby is watched again (w on
  its result screen) from your own side's view, as the README says, not
  from the first side's."""

from __future__ import annotations

from core.orders import Concede
from core.ruleset import Rejection
from tests.tui.test_lobby import SIZE, ann_at_her_game, log_lines, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.lobby import LobbyScreen
from tui.watch import WatchScreen


async def test_ctrl_s_in_a_server_game_says_the_server_keeps_it():
    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        server.client("bob").join(gid)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await ann_at_her_game(pilot, server, gid)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            await pilot.pause(0.3)
            await pilot.press("ctrl+s")
            await pilot.pause(0.3)
            said = " ".join(log_lines(app.screen))
            assert "The server keeps this game" in said
            assert "host" not in said.lower()


async def test_watching_your_finished_game_again_starts_from_your_side():
    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        assert bobs.side == 1
        assert not isinstance(bobs.submit(Concede(1), wait=5), Rejection)
        bobs.stop()
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            from net.serverclient import ServerClient

            lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, "guest:bob"))
            app.push_screen(lobby)
            await settle(pilot, lambda: f"finished-{gid}" in lobby.entries, 15)
            listing = lobby.query_one("OptionList")
            listing.highlighted = next(i for i in range(listing.option_count)
                                       if listing.get_option_at_index(i).id == f"finished-{gid}")
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, GameScreen)
                         or type(app.screen).__name__ == "ResultScreen", 15)
            await pilot.pause(0.5)
            await pilot.press("w")
            await settle(pilot, lambda: isinstance(app.screen, WatchScreen), 15)
            watch = app.screen
            assert watch.viewer == 1  # Bob's side
            assert watch.view_name() == "bob's view"
