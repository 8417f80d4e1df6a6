"""A hosted game left by its host comes back hosted, whichever way it is
reopened: the main menu's Continue, ``skirmish continue`` and Enter on its
save in Load do what ``skirmish host FILE`` does (the same code, the
joiner's seat waiting, the joiner reconnecting by itself), never open it
as a game at one keyboard; the save keeps its hosting data (the code and
the fair-dice commitment) through every order after.  Real sockets,
Pilot at 80x24; asserts on the screens, the seats and the save."""

from __future__ import annotations

import asyncio

from saves.store import list_saves, load_for_play
from tests.remote.helpers import RecordingSeat, showing, until
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import LoadScreen, MainMenu
from tui.modals import Confirm, Handover
from tui.remote.play import HostWaitScreen

SIZE = (80, 24)


async def _host_from_the_menu(app, pilot, steps_to_ruleset: int = 0):
    """``h``, the ruleset ``steps_to_ruleset`` to the right of the first,
    ctrl+g; Bob joins.  The joiner (reconnecting by itself) and the code."""
    await pilot.press("h")
    for _ in range(steps_to_ruleset):
        await pilot.press("right")
    await pilot.press("ctrl+g")
    assert await until(pilot, lambda: isinstance(app.screen, HostWaitScreen))
    code = app.screen.code
    joiner = RecordingSeat(code, name="Bob")
    await asyncio.to_thread(joiner.start)
    assert await until(pilot, lambda: showing(app, GameScreen))
    return joiner, code


def _hosting_saved() -> dict:
    saves = list_saves()
    assert len(saves) == 1
    _, pending, _ = load_for_play(saves[0].path)
    return pending.get("hosting") or {}


async def _leave(app, pilot, code: str) -> str:
    """``q`` and ``y`` on the host's board: back at the main menu.  The
    question the host was asked."""
    await pilot.press("q")
    assert await until(pilot, lambda: isinstance(app.screen, Confirm))
    asked = str(app.screen.question)
    await pilot.press("y")
    assert await until(pilot, lambda: isinstance(app.screen, MainMenu))
    assert app.host is None
    return asked


async def _hosted_again(app, pilot, code: str, joiner, hosting: dict) -> None:
    """The game is hosted with its code, the host's seat only on this
    screen; Bob's seat reconnects by itself; the host's order is saved
    with the hosting data as it was."""
    assert await until(pilot, lambda: app.host is not None and showing(app, GameScreen))
    screen = app.screen
    assert app.host.code == code
    assert screen.single and screen.fixed == 0  # the host's side only: Bob's figures are not this keyboard's
    assert not isinstance(app.screen, Handover)
    assert await until(pilot, lambda: app.host.joined and joiner.status == "playing"), (joiner.status,
                                                                                       joiner.reason)
    played = len(app.host.table.game.orders)
    if 0 in app.host.table.game.to_act:  # the host's order, from its screen
        screen.submit(next(o for o in screen.orders if o.side == 0))
    else:  # Bob's, from his seat
        assert isinstance(await asyncio.to_thread(joiner.submit, joiner.legal_orders()[0]), tuple)
    assert await until(pilot, lambda: len(app.host.table.game.orders) > played)
    saved = _hosting_saved()
    assert saved.get("code") == code and saved.get("commit") == hosting["commit"], saved


async def test_continue_in_the_menu_hosts_the_left_game_again_with_its_code(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        joiner, code = await _host_from_the_menu(app, pilot)
        try:
            hosting = _hosting_saved()
            assert hosting.get("code") == code
            asked = await _leave(app, pilot, code)
            assert await until(pilot, lambda: joiner.status == "host-stopped")
            await pilot.press("c")  # Continue
            await _hosted_again(app, pilot, code, joiner, hosting)
            # The leave question said what is true of a hosted game.
            assert "skirmish host" in asked and code in asked and "Bob can rejoin" in asked, asked
        finally:
            joiner.stop()
            app.stop_hosting()
            app.close_session()


async def test_skirmish_continue_hosts_the_left_game_again_with_its_code(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        joiner, code = await _host_from_the_menu(app, pilot)
        hosting = _hosting_saved()
        await _leave(app, pilot, code)
    try:
        assert await until_thread(lambda: joiner.status == "host-stopped")
        again = SkirmishApp(continue_latest=True)  # ``skirmish continue``
        async with again.run_test(size=SIZE) as pilot:
            await _hosted_again(again, pilot, code, joiner, hosting)
            again.stop_hosting()
            again.close_session()
    finally:
        joiner.stop()


async def test_load_hosts_a_hosted_optio_save_again_without_a_handover(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        joiner, code = await _host_from_the_menu(app, pilot, steps_to_ruleset=2)  # Optio
        try:
            assert app.host.table.game.ruleset_name == "optio"
            hosting = _hosting_saved()
            await _leave(app, pilot, code)
            await pilot.press("l")
            assert await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.done)
            await pilot.press("enter")
            await _hosted_again(app, pilot, code, joiner, hosting)
        finally:
            joiner.stop()
            app.stop_hosting()
            app.close_session()


async def until_thread(test, timeout: float = 10.0) -> bool:
    for _ in range(int(timeout / 0.05)):
        if test():
            return True
        await asyncio.sleep(0.05)
    return bool(test())
