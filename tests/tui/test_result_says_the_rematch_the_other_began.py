"""On a server, when the other player of a finished game asks for the
rematch first, this player's result screen says so above its menu (the
server's words: who began it, which key takes the seat, that it counts
from its start) until they pick, and r takes them into that very game.
Before, it was said only in a pop-up that went after 10 seconds.  A real
server in this process, the real client; Pilot at 80x24."""

from __future__ import annotations

from textual.widgets import Static

from tests.tui.test_lobby import SIZE, real_server, settle
from tests.tui.test_lobby_rematch_restart import ann_plays_and_concedes
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.result import ResultScreen


def next_line(result: ResultScreen) -> str:
    line = result.query_one("#result-next", Static)
    return str(line.render()) if line.display else ""


async def test_the_result_screen_says_the_rematch_bob_began_and_r_takes_anns_seat_in_it():
    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            players = (await ann_plays_and_concedes(pilot, app, server, gid)).game.players
            result = app.screen
            assert next_line(result) == ""
            new = server.client("bob").rematch(gid)
            await settle(pilot, lambda: "asks for a rematch" in next_line(result), 15)
            words = " ".join(next_line(result).split())
            assert words.startswith(f"{players[1]} asks for a rematch (sides swapped) and waits for you: r here takes your seat")
            assert "does not begin without you" in words
            # whole on the screen, with the menu under it
            line = result.query_one("#result-next")
            assert line.region.height >= 2 and line.region.bottom <= SIZE[1]
            menu = result.query_one("#result-menu")
            assert menu.region.bottom <= SIZE[1] - 1 and menu.region.y >= line.region.bottom
            await pilot.pause(1.0)
            assert app.screen is result and "asks for a rematch" in next_line(result)  # it stays
            await pilot.press("r")
            await settle(pilot, lambda: getattr(app.remote_seat, "game_id", gid) == new, 30)
            await settle(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.game.outcome is None, 15)
            assert app.remote_seat.side == 1  # sides swapped: Ann plays the other side now
            bobs.stop()


async def test_a_result_screen_opened_after_the_news_says_it_too():
    """b (the final board) then Enter: the result opens again with the line."""
    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = await ann_plays_and_concedes(pilot, app, server, gid)
            await pilot.press("b")
            await settle(pilot, lambda: app.screen is screen)
            server.client("bob").rematch(gid)
            await settle(pilot, lambda: bool(getattr(app.remote_seat, "next_game", "")), 15)
            await pilot.press("enter")  # Enter on the final board: the result again
            await settle(pilot, lambda: isinstance(app.screen, ResultScreen))
            await pilot.pause(0.2)
            await settle(pilot, lambda: "asks for a rematch" in next_line(app.screen))
            bobs.stop()


async def test_with_a_battle_waiting_e_takes_the_seat_and_r_says_whose_game_follows():
    """The battle after an Optio pre-game: the server has one game after
    a finished one, so r (a rematch) is not asked for; it says the line."""
    from tests.tui.test_result import new

    game = new("optio")
    words = "Bo asks for the battle after the pre-game and waits for you: e here takes your seat in it."
    app = SkirmishApp()
    picked: list = []
    async with app.run_test(size=SIZE) as pilot:
        result = ResultScreen(game, extra="The battle on this ground", following=(words, "extra"))
        app.push_screen(result, picked.append)
        await pilot.pause()
        assert next_line(result) == words
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is result
        assert str(result.query_one("#result-hint").render()) == \
            "The game after this one waits for you already (above): e takes your seat in it."
        await pilot.press("e")
        await pilot.pause()
        assert picked == ["extra"]


def test_e_after_a_battle_was_asked_for_asks_the_lobby_for_it_without_the_form():
    """The battle already made: e asks the lobby for the battle after this
    game, and the server gives back the game made (no ruleset to choose)."""
    from types import SimpleNamespace

    from net.following import BATTLE
    from tui.result_flow import after_result

    calls: list = []
    lobby = SimpleNamespace(battle=lambda *args: calls.append(("battle", *args)),
                            rematch=lambda *args: calls.append(("rematch", *args)))
    app = SimpleNamespace(remote_seat=SimpleNamespace(game_id="g1"), server_lobby=lobby,
                          leave_game=lambda game: calls.append(("leave",)))
    seat = SimpleNamespace(side=0, game_id="g1", next_game="g2",
                           next_reason=f"Bo asks for {BATTLE} and waits for you: e here takes your seat in it.")
    screen = SimpleNamespace(single=True, kinds=("human", "human"), seats=SimpleNamespace(any_seat=seat),
                             local_game=lambda: None, app=app,
                             open_modal=lambda *args: calls.append(("form",)))
    after_result(app, screen, "extra")
    assert calls == [("leave",), ("battle", "g1", "", None)]


def test_the_server_gives_back_the_game_made_to_the_second_asking():
    """What the e above relies on (net/following.py): asked again after
    the game that follows was made, the server returns it."""
    from core.orders import Concede

    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        anns = server.client("ann").resume(gid)
        anns.submit(Concede(0), wait=10)
        new = server.client("bob").rematch(gid)
        assert server.client("ann").battle(gid, "", None) == new
        assert server.client("ann").rematch(gid) == new
        bobs.stop()
        anns.stop()
