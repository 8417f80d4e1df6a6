"""The host's notice that the joiner is not connected is taken back as soon
as it stops being true: when Bob joins a resumed game or rejoins after
his line dropped, when the rematch's game begins with him there, and when
the host leaves the game (nothing of it is left over the main menu).
Real sockets, Pilot at 80x24; asserts on the notices the app holds (what
its toasts show), never on how long they last."""

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
from tui.menu import MainMenu
from tui.modals import Confirm
from tui.result import ResultScreen

SIZE = (80, 24)


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def absent(app) -> list[str]:
    """The notices that say the joiner is not here (or give the code to join with)."""
    return [text for text in notices(app) if "not connected" in text or "Join code" in text]


async def _told_here(app, pilot) -> None:
    """Bob's arrival is told; then (one more turn of the app) what said
    he was away is gone."""
    assert await until(pilot, lambda: "Bob is here." in notices(app)), notices(app)
    await pilot.pause()
    assert absent(app) == [], notices(app)


async def test_not_connected_goes_once_bob_joins_or_rejoins_and_when_the_host_leaves(data_dir):
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
        assert await until(pilot, lambda: any(f"skirmish join {code}" in t for t in notices(app))), notices(app)
        assert any("Bob is not connected" in t for t in notices(app)), notices(app)
        assert "not connected" in banner(app), banner(app)
        joiner = RecordingSeat(code, name="Bob")
        await asyncio.to_thread(joiner.start)
        await _told_here(app, pilot)
        assert "Waiting for Bob" in banner(app) and "not connected" not in banner(app), banner(app)
        # Bob's line drops: said; he rejoins: taken back.
        joiner.stop()
        assert await until(pilot, lambda: any("Bob is not connected" in t for t in notices(app))), notices(app)
        app.clear_notifications()  # the first "is here" too: the next one is the rejoin's
        await pilot.pause()
        again = RecordingSeat(code, name="Bob")
        await asyncio.to_thread(again.start)
        await _told_here(app, pilot)
        # Bob goes again, and the host leaves the game: nothing about Bob is left over the menu.
        again.stop()
        assert await until(pilot, lambda: any("Bob is not connected" in t for t in notices(app))), notices(app)
        await pilot.press("q")
        assert await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        assert await until(pilot, lambda: isinstance(app.screen, MainMenu))
        await pilot.pause()
        assert absent(app) == [], notices(app)
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
        app.clear_notifications()  # what the resume said: only the rematch's notices are looked at
        await pilot.pause()
        await pilot.press("r")  # a rematch: Bob's seat follows into it by itself
        assert await until(pilot, lambda: joiner.status == "next")
        follow = RecordingSeat(code, name="Bob")
        follow.follow()
        try:
            assert await until(pilot, lambda: showing(app, GameScreen) and app.host.joined)
            await _told_here(app, pilot)
        finally:
            follow.stop()
            joiner.stop()
            app.stop_hosting()
            app.close_session()
