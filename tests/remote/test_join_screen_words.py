"""The join screen says its keys, and offers the code of the game last
joined: a joiner who left (or lost) the game and comes back by j finds the
code written in, and Enter rejoins (Pilot at 80x24, a real host)."""

from __future__ import annotations

from textual.widgets import Input, Static

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from tests.remote.helpers import join_from_the_menu, new_host, showing, until
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import MainMenu
from tui.remote.play import JoinScreen


async def test_the_join_screen_says_its_keys_and_offers_the_code_last_joined():
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    host = new_host("spheres_of_war", remote_side=1, game=game)
    try:
        app = SkirmishApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("j")
            assert isinstance(app.screen, JoinScreen)
            assert app.screen.query_one("#code", Input).value == ""  # nothing joined yet
            assert "Enter: join" in str(app.screen.query_one("#join-keys", Static).render())
            await pilot.press("escape")
            await join_from_the_menu(pilot, host.code)
            await pilot.press("q")
            await pilot.press("y")
            assert await until(pilot, lambda: isinstance(app.screen, MainMenu))
            await pilot.press("j")
            assert isinstance(app.screen, JoinScreen)
            assert app.screen.query_one("#code", Input).value == host.code
            await pilot.press("enter")  # rejoins the same game
            assert await until(pilot, lambda: showing(app, GameScreen))
    finally:
        host.close()
