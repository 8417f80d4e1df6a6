"""After a save fails, nothing is lost silently: the board says the game
is unsaved until a save succeeds, the game keeps retrying, and leaving says
what would be lost and offers to write the game to a file the player names."""

from __future__ import annotations

import shutil

import pytest

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from saves.store import load_game
from tests.e2e.test_signals import only_save
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import AskPath, Confirm, LeaveUnsaved


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def break_saving(path):
    """The save's name taken by a folder with a file in it: a real failure
    of ``os.replace`` (chmod would not stop root)."""
    path.unlink()
    path.mkdir()
    (path / "keep").write_text("x")


def banner(app) -> str:
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    return str(screen.query_one("#banner").render())


async def test_a_failed_save_is_shown_retried_and_offered_elsewhere_before_leaving(data_dir, tmp_path):
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo"))
    app = SkirmishApp()
    app.RETRY_SECONDS = 0.2
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        path = only_save(data_dir / "saves")
        break_saving(path)
        await pilot.press("d")  # deploy-all: one order, its autosave fails
        await pilot.pause()
        played = next(s for s in app.screen_stack if isinstance(s, GameScreen)).game
        assert len(played.orders) == 1
        assert "UNSAVED: 1 order" in banner(app)

        await pilot.press("q")  # leave the game
        await pilot.pause()
        ask = app.screen
        assert isinstance(ask, LeaveUnsaved) and not isinstance(ask, Confirm)
        assert "1 order" in ask.menu_title and "is saved" not in ask.menu_title
        await pilot.press("2")  # write it to a file I name
        await pilot.pause()
        assert isinstance(app.screen, AskPath)
        target = tmp_path / "elsewhere" / "rescued.json"
        target.parent.mkdir()
        field = app.screen.query_one("#path")
        field.value = ""
        await pilot.press(*str(target), "enter")
        await pilot.pause()
        assert load_game(target).orders == played.orders
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack), "written: leaving is safe"


async def test_saving_is_retried_until_it_works_again(data_dir):
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo"))
    app = SkirmishApp()
    app.RETRY_SECONDS = 0.1
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        path = only_save(data_dir / "saves")
        break_saving(path)
        await pilot.press("d")
        await pilot.pause()
        assert "UNSAVED" in banner(app)
        shutil.rmtree(path)  # the disk is fine again
        for _ in range(50):
            await pilot.pause(0.05)
            if "UNSAVED" not in banner(app):
                break
        assert "UNSAVED" not in banner(app)
        assert len(load_game(path).orders) == 1
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)  # saved: the plain question again


async def test_a_hang_up_while_saving_fails_writes_the_game_elsewhere_and_says_where(data_dir, tmp_path, monkeypatch):
    """An SSH drop (SIGHUP) while the save folder cannot be written: the
    game is written to the home folder (else a private temporary folder),
    the way out says where, and the exit status is not 0.  It had ended
    with status 0 and the orders since the last good save gone."""
    import signal

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo"))
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        broken = only_save(data_dir / "saves")
        break_saving(broken)
        await pilot.press("d", "r")  # two orders, neither saved
        await pilot.pause()
        played = next(s for s in app.screen_stack if isinstance(s, GameScreen)).game
        assert len(played.orders) == 2 and "UNSAVED: 2 orders" in banner(app)
        app.signals.on_signal(signal.SIGHUP)
        await pilot.pause()
    assert app.return_code == 1
    rescued = list(home.glob("*.json"))
    assert len(rescued) == 1 and load_game(rescued[0]).orders == played.orders
    # named as the game names files (~ for the home folder), with a load command a shell takes as it is
    assert f"{rescued[0].name} in ~ instead: skirmish load ~/{rescued[0].name}" in app.rescue_note
    assert str(home) not in app.rescue_note
    assert "UNSAVED: 2 orders" in app.rescue_note
    assert broken.is_dir()  # the broken save's place is left as it was


async def test_a_hang_up_with_the_game_saved_writes_nothing_else(data_dir, tmp_path, monkeypatch):
    import signal

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    rules = find_ruleset("spheres_of_war")
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo")))
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        app.signals.on_signal(signal.SIGHUP)
        await pilot.pause()
    assert app.return_code in (0, None) and not app.rescue_note and not list(home.glob("*.json"))
    assert len(load_game(only_save(data_dir / "saves")).orders) == 1


async def test_a_game_with_no_save_file_says_so_on_the_board_and_gets_one_when_the_folder_works(data_dir):
    """The save folder cannot be made (a file holds its name): the game goes
    on, the board says it is unsaved, and once the folder can be made the
    game is saved there by itself (it had shown one passing notice, then
    nothing, and never tried again)."""
    data_dir.mkdir(parents=True)
    (data_dir / "saves").write_text("not a folder")
    rules = find_ruleset("spheres_of_war")
    app = SkirmishApp()
    app.RETRY_SECONDS = 0.2
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo")))
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert "UNSAVED: 1 order, no save file yet" in banner(app)
        (data_dir / "saves").unlink()
        for _ in range(100):
            await pilot.pause(0.05)
            if list((data_dir / "saves").glob("*.json")) and "UNSAVED" not in banner(app):
                break
        assert "UNSAVED" not in banner(app)
        assert len(load_game(only_save(data_dir / "saves")).orders) == 1
