"""The app's side of two terminals, under Pilot at 80x24: hosting from the
menu (the join code shown, the game starting once the joiner has given its
half of the seed) and joining (the joiner's screen follows the host's
moves, and only its own side's orders are offered)."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.remote.helpers import RecordingSeat, new_host
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.remote.play import HostWaitScreen
from tui.remote.wire import hide_dice

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


async def _until(pilot, test, tries: int = 100) -> bool:
    for _ in range(tries):
        if test():
            return True
        await pilot.pause(0.05)
    return bool(test())


def _banner(app) -> str:
    return str(app.screen.query_one("#banner").render())


async def test_hosting_from_the_menu_shows_the_code_and_plays_live(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "ctrl+g")  # Host, the first ruleset
        assert isinstance(app.screen, HostWaitScreen)
        code = app.screen.code
        shown = str(app.screen.query_one("#code").render())
        assert f"skirmish join {code}" in shown
        joiner = RecordingSeat(code)
        await asyncio.to_thread(joiner.start)
        assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert screen.fixed == 0 and joiner.side == 1
        assert app.host.table.game.seed != 0
        assert list(data_dir.glob("saves/*.json")), "the hosted game is saved from the start"
        assert await _until(pilot, lambda: "to play" in _banner(app)), _banner(app)
        await pilot.press("d")  # deploy every figure of side 0
        assert await _until(pilot, lambda: joiner.version >= 2)
        assert any("deploys" in e.sentence for e in joiner.events())
        joiner.stop()
        assert await _until(pilot, lambda: not app.host.joined)


async def test_joining_follows_the_host_and_offers_only_its_own_orders():
    from core.game import start
    from core.registry import find_ruleset
    from saves.library import battlefield_named

    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    host = new_host("spheres_of_war", remote_side=1, game=game)
    try:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            for ch in host.code:
                await pilot.press(ch if ch != "-" else "minus")
            await pilot.press("enter")
            assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
            screen = app.screen
            assert screen.fixed == 1
            assert await _until(pilot, lambda: re.search(r"Waiting for Ann", _banner(app))), _banner(app)
            assert screen.orders == []
            local = host.seat(0)
            order = next(o for o in local.legal_orders() if o.verb == "deploy-all")
            assert isinstance(local.submit(order), tuple)
            assert await _until(pilot, lambda: any("deploys" in e.sentence for e in screen.game.log))
            await pilot.pause(0.1)
            assert all(o.side == 1 for o in screen.orders)
            assert screen.game.state == hide_dice(host.table.game.view(1))  # its view, nothing more
    finally:
        host.close()


async def test_a_third_terminal_watches_as_the_neutral_onlooker_without_a_handover():
    from core.game import start
    from core.registry import find_ruleset
    from saves.library import battlefield_named
    from tui.modals import Handover

    rules = find_ruleset("optio")  # secrets: hot-seat would show a handover screen
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    host = new_host("optio", remote_side=1, game=game)
    try:
        player = RecordingSeat(host.code)
        await asyncio.to_thread(player.start)
        app = SkirmishApp(join_code=host.code, join_watch=True)
        async with app.run_test(size=SIZE) as pilot:
            assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
            screen = app.screen
            assert screen.fixed is None and screen.single
            assert await _until(pilot, lambda: "Waiting for" in _banner(app)), _banner(app)
            assert screen.orders == [] and not isinstance(app.screen, Handover)
            assert screen.game.state == hide_dice(game.view(None))
            assert all(u.name.split()[1] == "block" for u in rules.units(screen.game.state) if not u.markers)
        player.stop()
    finally:
        host.close()
