"""Keys that arrive faster than screens open and close (typed fast, pasted,
or sent in one packet over SSH) reach a menu that is already closing.  One
choice must close it once: never twice, never the screen under it, never
the last screen, and the game's lock stays with the game on screen."""

from __future__ import annotations

import pytest
from textual import events

from saves.store import GameLocked, GameSession
from tests.e2e.test_signals import only_save, spheres_at_match_choice
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import MainMenu
from tui.modals import ChoiceMenu, Confirm, Message


async def burst(pilot, *keys: str) -> None:
    """Send ``keys`` in one go, as a terminal delivers one read of input:
    no waiting for the app between them."""
    app = pilot.app
    for key in keys:
        char = key if len(key) == 1 else {"enter": "\r", "space": " ", "escape": "\x1b"}.get(key)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()
    await pilot.pause()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(folder))
    return folder


@pytest.mark.parametrize("keys", [("enter", "enter"), ("1", "2"), ("1", "2", "enter", "escape"),
                                  ("enter",) * 6], ids=["enter-enter", "12", "four", "six-enters"])
async def test_a_burst_at_a_numbered_menu_chooses_once_and_stays_in_the_game(keys, data_dir):
    game = spheres_at_match_choice()
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu)
        await burst(pilot, *keys)
        assert app.is_running
        screens = [type(s) for s in app.screen_stack]
        assert GameScreen in screens, f"a burst of {keys} left the game: {screens}"
        played = next(s for s in app.screen_stack if isinstance(s, GameScreen)).game
        added = played.orders[len(game.orders):]
        # One choice, one order; the Fights with no alternative that follow
        # a Match in contact are given by the screen itself (issue 12).
        assert [o.verb for o in added][:1] == ["match"], "one choice, one order"
        assert all(o.verb == "fight" for o in added[1:])
        path = only_save(data_dir / "saves")
        with pytest.raises(GameLocked):  # still held, by this game
            GameSession.open(path).close()


async def test_bursts_at_yes_no_and_messages_never_pop_the_main_menu(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        # Keys the main menu itself ignores: any change of screen is the
        # burst closing again a screen that was already closed.
        for screen, keys in ((Confirm("Sure?"), ("escape",) * 5),
                             (Message("Hello", "text"), ("space", "escape", "space", "escape")),
                             (ChoiceMenu("Pick", [("a", 1), ("b", 2)]), ("1", "1", "2", "escape", "escape"))):
            app.push_screen(screen)
            await pilot.pause()
            await burst(pilot, *keys)
            assert app.is_running
            assert isinstance(app.screen, MainMenu), [type(s).__name__ for s in app.screen_stack]


async def test_continue_on_the_game_already_open_shows_it_instead_of_refusing(data_dir):
    game = spheres_at_match_choice()
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        await burst(pilot, "escape")
        app.action_continue_game()
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceMenu) or "another Skirmish" not in app.screen.menu_title
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert app.session is not None and app.session.is_open
