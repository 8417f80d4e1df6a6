"""Through the door (``skirmish door``, the web guest) the app is the
server's lobby and nothing else: ctrl+p opens no palette, and no action
that opens this shared account's local games or saves (New game,
Continue, Load, Host, Join) opens anything; from ``skirmish lobby``
(not the door) they still do."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette

from tests.tui.test_lobby import SIZE
from tui.app import SkirmishApp
from tui.lobby import LobbyScreen

LOCAL = ("new_game", "continue_game", "load_game", "host_game", "join_game")


def local_screens(app) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack
            if isinstance(s, CommandPalette) or type(s).__name__ in
            ("LoadScreen", "NewGameScreen", "JoinScreen", "HostWaitScreen", "LeaveUnsaved", "Confirm")]


async def test_ctrl_p_opens_no_palette_at_the_door(tmp_path):
    app = SkirmishApp(lobby=(tmp_path / "no-server", None, True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert not any(isinstance(s, CommandPalette) for s in app.screen_stack)
        assert isinstance(app.screen, LobbyScreen)


@pytest.mark.parametrize("action", LOCAL)
async def test_no_action_reaches_the_accounts_local_games_at_the_door(tmp_path, action):
    app = SkirmishApp(lobby=(tmp_path / "no-server", None, True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lobby = app.screen
        await app.run_action(action)
        await pilot.pause(0.3)
        assert app.screen is lobby and local_screens(app) == []
        assert any("only the server's lobby" in str(n.message) for n in app._notifications)


async def test_from_the_lobby_outside_the_door_load_still_opens(tmp_path):
    app = SkirmishApp(lobby=(tmp_path / "no-server", None, False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.run_action("load_game")
        await pilot.pause(0.3)
        assert type(app.screen).__name__ == "LoadScreen"
