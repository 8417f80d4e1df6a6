"""The host's news of the joiner goes to the game's log line, never a
pop-up over the board: "Bob is not connected" with the join code and the
command to join (the banner carries the code only while Bob is to act, so
the log keeps it findable while he is away), and "Bob is here." when he
joins a resumed game, rejoins after his line dropped, or is there when the
rematch's game begins.  No pop-up about Bob is ever shown over the game,
and none is left over the menu when the host leaves.  Before a game screen
shows, the notice that he is away is a pop-up, taken back once untrue.
Real sockets, Pilot at 80x24; asserts on the log pane's lines and on the
notices the app holds (what its toasts show), never on how long they last."""

from __future__ import annotations

import asyncio

from core.game import start, submit
from core.registry import find_ruleset
from saves.library import battlefield_named
from saves.store import new_save_path, save_game
from tests.remote.helpers import RecordingSeat, banner, showing, until
from tests.remote.test_next_game import _finished
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.log_pane import LogPane
from tui.menu import MainMenu
from tui.modals import Confirm
from tui.result import ResultScreen

SIZE = (80, 24)


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def about_bob(app) -> list[str]:
    """The pop-ups about the joiner: that he is away (or the code to join with), or here."""
    return [text for text in notices(app) if "not connected" in text or "Join code" in text or "is here" in text]


def log_text(screen) -> str:
    """The log pane's lines as one text (a line the pane wrapped is whole again)."""
    return " ".join(" ".join(strip.text.split()) for strip in screen.query_one(LogPane).lines)


def board(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def said_last(app, text: str) -> bool:
    """``text`` is the newest thing the game's log says (its last line, maybe wrapped)."""
    return log_text(board(app)).endswith(text)


async def _told_here(app, pilot) -> None:
    """Bob's arrival is the log's newest line, the banner no longer says he
    is away, and no pop-up says anything about him."""
    assert await until(pilot, lambda: said_last(app, "Bob is here.")), log_text(board(app))
    await pilot.pause()
    assert "not connected" not in banner(app), banner(app)
    assert about_bob(app) == [], notices(app)


async def test_bob_away_and_back_is_told_in_the_log_with_the_code_and_nothing_is_left_over_the_menu(data_dir):
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    while 1 not in game.to_act:  # Ann deploys and readies: Bob is to act
        game = submit(game, next(o for o in game.legal_orders(0) if o.verb in ("deploy-all", "ready"))).game
    path = new_save_path(game)
    save_game(game, path)
    app = SkirmishApp(host_path=path)  # ``skirmish host FILE``: nobody has joined yet
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: showing(app, GameScreen))
        code = app.host.code
        away = f"Bob is not connected. Join code: {code}"
        assert await until(pilot, lambda: away in log_text(app.screen)), log_text(app.screen)
        assert f"skirmish join {code}" in log_text(app.screen)
        assert "not connected" in banner(app), banner(app)
        assert about_bob(app) == [], notices(app)
        joiner = RecordingSeat(code, name="Bob")
        await asyncio.to_thread(joiner.start)
        await _told_here(app, pilot)
        assert "Waiting for Bob" in banner(app), banner(app)
        # Bob's line drops: said in the log, with the code again; he rejoins: said too.
        joiner.stop()
        assert await until(pilot, lambda: log_text(app.screen).count(away) == 2), log_text(app.screen)
        assert said_last(app, f"skirmish join {code}).")
        assert about_bob(app) == [], notices(app)
        again = RecordingSeat(code, name="Bob")
        await asyncio.to_thread(again.start)
        await _told_here(app, pilot)
        assert log_text(app.screen).count("Bob is here.") == 2
        # Bob goes again, and the host leaves the game: nothing about Bob is left over the menu.
        again.stop()
        assert await until(pilot, lambda: log_text(app.screen).count(away) == 3), log_text(app.screen)
        await pilot.press("q")
        assert await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        assert await until(pilot, lambda: isinstance(app.screen, MainMenu))
        await pilot.pause()
        assert about_bob(app) == [], notices(app)
        app.close_session()


async def test_the_code_stays_in_the_log_while_the_host_is_to_act(data_dir):
    """Ann (the host) to act: the banner names her, not Bob's absence, so
    the log is where the code is found."""
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    assert 0 in game.to_act
    path = new_save_path(game)
    save_game(game, path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: showing(app, GameScreen))
        code = app.host.code
        assert await until(pilot, lambda: f"skirmish join {code}" in log_text(app.screen)), log_text(app.screen)
        assert code not in banner(app), banner(app)
        assert about_bob(app) == [], notices(app)
        app.stop_hosting()
        app.close_session()


async def test_no_stale_not_connected_after_the_hosts_rematch(data_dir):
    ended = _finished("spheres_of_war", ("Ann", "Bob"))
    path = new_save_path(ended)
    save_game(ended, path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        code = app.host.code
        joiner = RecordingSeat(code, name="Bob")
        await asyncio.to_thread(joiner.start)
        assert await until(pilot, lambda: app.host.joined)
        ended_board = board(app)
        await pilot.press("r")  # a rematch: Bob's seat follows into it by itself
        assert await until(pilot, lambda: joiner.status == "next")
        follow = RecordingSeat(code, name="Bob")
        follow.follow()
        try:
            assert await until(pilot, lambda: showing(app, GameScreen) and app.screen is not ended_board
                               and app.host.joined)
            await _told_here(app, pilot)
            assert "not connected" not in log_text(app.screen), log_text(app.screen)
        finally:
            follow.stop()
            joiner.stop()
            app.stop_hosting()
            app.close_session()


async def test_before_a_game_shows_the_absence_is_a_notice_taken_back_once_untrue(data_dir):
    """No game screen (the menu): the notice is a pop-up, and the app's
    tick takes it back once nothing is hosted any more."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, MainMenu))
        app.hosting._tell("Bob is not connected. Join code: x", kept=True)
        assert [str(n.message) for n in app.hosting._absent] == ["Bob is not connected. Join code: x"]
        # shown, or (a loaded machine) already taken back by the app's own tick, which calls tidy too
        assert await until(pilot, lambda: "Bob is not connected. Join code: x" in notices(app)
                           or not app.hosting._absent), notices(app)
        app.hosting.tidy()  # nothing is hosted: the notice is untrue
        assert await until(pilot, lambda: about_bob(app) == []), notices(app)
