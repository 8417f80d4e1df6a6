"""The host's form (h in the menu) hosts whenever its Start is pressed: the
wait screen cancelled with Esc goes back to the form, which still says
Player 2 is whoever joins with the code, so Start hosts again with a new
code; it never opens the board as a game at one keyboard (both sides'
secret orders on one screen).  The same after a joiner came and left
without beginning, and after hosting failed.  And a host's form left with
Esc leaves nothing behind that hosts a later game at one keyboard.
Pilot at 80x24, real sockets (the meeting place is the test run's own)."""

from __future__ import annotations

import asyncio
import socket

import pytest

from tests.remote.helpers import raw_hello, showing, until
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import MainMenu
from tui.newgame import NewGameScreen
from tui.remote.play import HostWaitScreen
from tui.widgets import Cycler

SIZE = (80, 24)


async def _host_from_the_form(app, pilot) -> str:
    """ctrl+g on the host's form: the wait screen shows a join code, and
    the app hosts; returns the code."""
    await pilot.press("ctrl+g")
    assert await until(pilot, lambda: showing(app, HostWaitScreen)), app.screens_named()
    assert app.host is not None and app.host.table is None
    code = app.screen.code
    assert code and code in str(app.screen.query_one("#code").render())
    return code


async def _cancel_back_to_the_form(app, pilot) -> None:
    await pilot.press("escape")
    assert await until(pilot, lambda: showing(app, NewGameScreen)), app.screens_named()
    assert app.host is None
    joiner_seat = str(app.screen.query_one("#seat1", Cycler).render())
    assert "joins with the code" in joiner_seat, joiner_seat


def _came_and_left(host) -> None:
    """A joiner connects, is welcomed (the seat is theirs), and hangs up
    before giving its half of the seed: the game never began."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(host.path))
        sock.settimeout(10)
        assert raw_hello(sock, host.code)["type"] == "welcome"
    finally:
        sock.close()


@pytest.mark.parametrize("ruleset", ["platemail", "waylights"])
async def test_start_hosts_again_after_the_wait_screen_is_cancelled(ruleset):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert await until(pilot, lambda: showing(app, NewGameScreen))
        rulesets = app.screen.query_one("#ruleset", Cycler)
        while rulesets.value != ruleset:  # the ruleset the tester left the form on
            rulesets.focus()
            await pilot.press("right")
        first = await _host_from_the_form(app, pilot)
        await _cancel_back_to_the_form(app, pilot)
        try:
            second = await _host_from_the_form(app, pilot)
            assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
            assert app.session is None  # no game at this keyboard was opened (nor saved)
            assert second != first  # the first code was given up on Cancel
            # And once more, as many times as the host changes their mind.
            await _cancel_back_to_the_form(app, pilot)
            await _host_from_the_form(app, pilot)
        finally:
            app.stop_hosting()
            app.close_session()


async def test_start_hosts_again_after_a_joiner_came_and_left_and_the_wait_was_cancelled():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert await until(pilot, lambda: showing(app, NewGameScreen))
        await _host_from_the_form(app, pilot)
        host = app.host
        await asyncio.to_thread(_came_and_left, host)
        assert await until(pilot, lambda: not host.joined and not host.connections)
        assert showing(app, HostWaitScreen)  # nobody began: the code is still waited on
        await _cancel_back_to_the_form(app, pilot)
        try:
            await _host_from_the_form(app, pilot)
            assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        finally:
            app.stop_hosting()
            app.close_session()


async def test_start_hosts_after_hosting_failed_once(monkeypatch):
    """Hosting that cannot begin (its socket refused) leaves the form as it
    was, saying why; Start tries to host again, never starts at one keyboard."""
    import tui.remote.hosting as hosting_module

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert await until(pilot, lambda: showing(app, NewGameScreen))
        real = hosting_module.Hosting._new_host

        def refused(self, *args, **kwargs):
            raise OSError("no room for the socket")

        monkeypatch.setattr(hosting_module.Hosting, "_new_host", refused)
        await pilot.press("ctrl+g")
        await pilot.pause(0.2)
        assert showing(app, NewGameScreen) and app.host is None and app.session is None
        monkeypatch.setattr(hosting_module.Hosting, "_new_host", real)
        try:
            await _host_from_the_form(app, pilot)
            assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        finally:
            app.stop_hosting()
            app.close_session()


async def test_a_hosts_form_left_with_esc_does_not_host_a_rematch_at_one_keyboard():
    """The host's form left unstarted: a game at one keyboard begun later
    other than from New game (here the rematch after one) is not hosted."""
    from core.game import start
    from core.registry import find_ruleset
    from saves.library import battlefield_named

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert await until(pilot, lambda: showing(app, NewGameScreen))
        await pilot.press("escape")
        assert await until(pilot, lambda: isinstance(app.screen, MainMenu))
        rules = find_ruleset("waylights")
        game = start(rules, None, battlefield_named(rules.default_battlefield), 7, ("Ann", "Bob"))
        try:
            app.start_game(game)  # as the result screen's rematch does (tui/result_flow.py)
            assert await until(pilot, lambda: showing(app, GameScreen))
            assert app.host is None and not any(isinstance(s, HostWaitScreen) for s in app.screen_stack)
        finally:
            app.stop_hosting()
            app.close_session()
