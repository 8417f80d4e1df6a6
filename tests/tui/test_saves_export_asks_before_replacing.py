""""Write the game to a file I name…" (leaving a game with no save file,
tui/saving.py ``SaveFiles.export``) never replaces a file unasked: it says
what the file holds and asks; no asks for another name, and a read-only
file is refused.  It replaced a Plasto Latros save with a Spheres of War
game in silence (the old one kept only as ``.bak``, unsaid)."""

from __future__ import annotations

import os

import pytest
from textual.widgets import Input

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from saves.store import load_game, save_game
from tests.saves.helpers import play
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import AskPath, Confirm, LeaveUnsaved

SIZE = (100, 30)


@pytest.fixture
def no_save_folder(tmp_path, monkeypatch):
    """A data folder that cannot be made (a file is in its way): every game
    has no save file, and leaving offers to write it elsewhere."""
    (tmp_path / "afile").write_text("in the way")
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "afile" / "data"))
    return tmp_path


def a_game():
    rules = find_ruleset("spheres_of_war")
    return start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo"))


async def name_the_file(pilot, target) -> None:
    """q, then "write it to a file I name", then ``target`` and Enter."""
    app = pilot.app
    if not isinstance(app.screen, LeaveUnsaved):
        await pilot.press("q")
        await pilot.pause()
    assert isinstance(app.screen, LeaveUnsaved), type(app.screen).__name__
    await pilot.press("2")
    await pilot.pause()
    assert isinstance(app.screen, AskPath)
    app.screen.query_one(Input).value = str(target)
    await pilot.press("enter")
    await pilot.pause()


async def test_naming_an_existing_save_says_what_it_holds_and_asks(no_save_folder):
    target = no_save_folder / "mine.json"
    save_game(play(find_ruleset("plasto_latros"), seed=3, count=3, players=("Cy", "Di")), target)
    before = target.read_bytes()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(a_game())
        await pilot.pause()
        assert app.session is None
        await name_the_file(pilot, target)
        ask = app.screen
        assert isinstance(ask, Confirm), type(ask).__name__
        assert "mine.json exists (a Plasto Latros game, Cy v Di" in ask.question, ask.question
        assert "replace it?" in ask.question and "mine.json.bak" in ask.question
        assert target.read_bytes() == before  # nothing written while asking
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, AskPath), type(app.screen).__name__  # another name, then
        assert target.read_bytes() == before and not target.with_name("mine.json.bak").exists()
        await pilot.press("escape")
        await pilot.pause()
        await name_the_file(pilot, target)
        await pilot.press("y")
        await pilot.pause()
        assert load_game(target).ruleset_name == "spheres_of_war"
        assert target.with_name("mine.json.bak").read_bytes() == before
        assert not any(isinstance(s, (LeaveUnsaved, AskPath, Confirm, GameScreen)) for s in app.screen_stack)


async def test_another_name_given_after_no_is_written(no_save_folder):
    target, other = no_save_folder / "mine.json", no_save_folder / "other.json"
    target.write_text("my notes, not a save")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(a_game())
        await pilot.pause()
        await name_the_file(pilot, target)
        assert isinstance(app.screen, Confirm)
        assert "mine.json exists (not a save Skirmish can open)" in app.screen.question, app.screen.question
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one(Input).value = str(other)
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(s, (LeaveUnsaved, AskPath, GameScreen)) for s in app.screen_stack)
    assert target.read_text() == "my notes, not a save"
    assert load_game(other).ruleset_name == "spheres_of_war"


async def test_a_read_only_file_is_never_replaced(no_save_folder):
    target = no_save_folder / "kept.json"
    save_game(play(find_ruleset("plasto_latros"), seed=3, count=3), target)
    os.chmod(target, 0o444)
    before = target.read_bytes()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(a_game())
        await pilot.pause()
        await name_the_file(pilot, target)
        assert isinstance(app.screen, AskPath), type(app.screen).__name__
        said = [str(n.message) for n in app._notifications]
        assert any("kept.json is read-only" in n for n in said), said
    assert target.read_bytes() == before
