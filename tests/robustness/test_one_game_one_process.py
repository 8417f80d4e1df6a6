"""A second Skirmish opening a game another process holds is told who
holds it and may watch it read-only (nothing submitted, nothing saved) or
choose another game; once the holder dies, the game opens normally."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from core.registry import find_ruleset
from saves.store import save_game
from tests.e2e.sshd import ROOT
from tests.saves.helpers import play
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import LoadScreen
from tui.modals import ChoiceMenu
from tui.readonly import ReadOnlyGameScreen

HOLD = textwrap.dedent("""
    import sys, time
    from saves.store import GameSession
    session = GameSession.open(sys.argv[1])
    print("holding", flush=True)
    time.sleep(120)
""")


def holder(path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "holding"
    return proc


async def test_a_held_game_can_be_watched_read_only_then_opened_when_the_holder_dies(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "saves"
    game = play(find_ruleset("spheres_of_war"), seed=4, count=1)  # one side still deploying
    path = folder / "held.json"
    save_game(game, path)
    blob = path.read_bytes()
    other = holder(path)
    try:
        app = SkirmishApp()
        async with app.run_test(size=(80, 24)) as pilot:
            app.open_saved(path)
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, ChoiceMenu)
            assert f"process {other.pid}" in menu.menu_title
            await pilot.press("2")  # choose another game
            await pilot.pause()
            assert isinstance(app.screen, LoadScreen)
            await pilot.press("escape")
            app.open_saved(path)
            await pilot.pause()
            await pilot.press("1")  # watch read-only
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, ReadOnlyGameScreen))
            banner = str(screen.query_one("#banner").content)
            assert banner.startswith("Watching") and f"read-only: held by process {other.pid}" in banner, banner
            assert app.session is None
            orders = game.legal_orders(min(game.to_act))
            assert orders and screen.orders == [], "the side to act has orders; the viewer is offered none"
            await pilot.press("d", "r", "ctrl+s")
            await pilot.pause()
            assert screen.submit(orders[0]) is False
            assert screen.game.orders == game.orders
            await pilot.press("q")
            await pilot.pause()
            assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert path.read_bytes() == blob  # the viewer wrote nothing
    finally:
        other.kill()
        other.wait()
    # The holder died without cleaning up: the OS dropped its lock.
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_saved(path)
        await pilot.pause()
        screen = app.screen
        assert type(screen) is GameScreen and app.session is not None
        await pilot.press("d")
        await pilot.pause()
        assert len(screen.game.orders) == len(game.orders) + 1
