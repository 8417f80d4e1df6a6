"""A tester's attack on saves, as the screens show them:

* the Load list listed a link to a good save as a game, which Enter then
  refused: it is flagged in the list, in the words Enter says;
* "Cannot open that save" named a file in the home folder by its whole path;
* with no save file (a saves folder that cannot be written) the file the
  game kept trying was a new name every few seconds (the notice, the leave
  question and the "Write this game to" box each named another): one name;
* emptying the "Write this game to" box and pressing Enter went back
  without a word: it says nothing was written and the game is still open.
"""

from __future__ import annotations

import time

import pytest
from textual.widgets import Input, OptionList

from core.registry import find_ruleset
from saves.store import save_game, saves_dir
from tests.robustness.hostile import settled
from tests.saves.helpers import play
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import LoadScreen
from tui.modals import AskPath, LeaveUnsaved

SIZE = (100, 30)


def notices(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The test's folder is the home folder: the data folder (tmp_path/data) lies inside it."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


async def test_the_load_list_flags_a_link_to_a_good_save_as_enter_would_refuse_it(home):
    outside = home / "elsewhere" / "outside.json"
    outside.parent.mkdir()
    save_game(play(find_ruleset("spheres_of_war"), seed=4, count=4), outside)
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "linked.json").symlink_to(outside)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await settled(pilot)
        assert isinstance(app.screen, LoadScreen)
        listing = app.screen.query_one(OptionList)
        rows = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert rows == ["⚠ linked: NOT OPENED HERE — it is a link to ~/elsewhere/outside.json: open that file "
                        "itself (under two names one game could be played twice at once)"], rows


async def test_cannot_open_that_save_names_a_file_in_home_with_a_tilde(home):
    path = home / "games" / "cut.json"
    path.parent.mkdir()
    path.write_text('{"format_version": 2, "orders": [', encoding="utf-8")
    app = SkirmishApp(load_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        said = [n for n in notices(app) if n.startswith("Cannot open that save")]
        assert said == ["Cannot open that save: ~/games/cut.json: the JSON stops short (line 1, column 34); the "
                        "file looks truncated"], notices(app)


@pytest.fixture
def no_save_file(home):
    """A saves folder no game can be saved in (a file in its place)."""
    (home / "data").mkdir()
    (home / "data" / "saves").write_text("not a folder")
    return home


def _file_named(text: str) -> str:
    """The save file a message names ("NAME in FOLDER: ...")."""
    return text.split(".json", 1)[0].rsplit(" ", 1)[-1].rsplit("/", 1)[-1] + ".json"


async def test_a_game_with_no_save_file_keeps_one_name_for_it(no_save_file):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        first = [n for n in notices(app) if n.startswith("This game has no save file")]
        assert first, notices(app)
        name = _file_named(first[0].split(": ", 1)[1])
        assert name.startswith("spheres-of-war-") and name.endswith(".json"), name
        time.sleep(1.1)  # a name made now would hold another second
        assert not app.saves.save_anew(quiet=True)  # the retry timer's try
        assert _file_named(app.saves.no_file_reason) == name
        assert app.saves.no_file_reason.startswith(f"{name} in ~/data/saves")
        assert app.saves._export_default() == str(no_save_file / name)


async def test_an_emptied_write_to_box_says_nothing_was_written(no_save_file):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveUnsaved), app.screen
        await pilot.press("2")  # write the game to a file I name
        await pilot.pause()
        assert isinstance(app.screen, AskPath), app.screen
        app.screen.query_one(Input).value = "   "
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AskPath), app.screen  # still asking: nothing was taken as Esc
        said = notices(app)[-1]
        assert said.endswith("No file named, so nothing was written and the game is still open: type where to "
                             "write it, or Esc to go back."), notices(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LeaveUnsaved)
        await pilot.press("2")  # a name typed is written there, as before
        await pilot.pause()
        app.screen.query_one(Input).value = str(no_save_file / "kept.json")
        await pilot.press("enter")
        await pilot.pause()
        assert (no_save_file / "kept.json").is_file()
        assert not isinstance(app.screen, (AskPath, LeaveUnsaved)), app.screen


async def test_the_app_asked_to_host_a_game_against_the_computer_refuses_and_keeps_the_file(home):
    folder = saves_dir()
    folder.mkdir(parents=True)
    path = folder / "against-the-computer.json"
    game = play(find_ruleset("plasto_latros"), seed=4, count=6, players=("Ann", "Bob the great"))
    save_game(game, path, None, ("human", "easy"))
    before = path.read_bytes()
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        said = [n for n in notices(app) if n.startswith("Cannot host that save")]
        assert said and "Bob the great is played by the computer (easy)" in said[0], notices(app)
        assert app.hosting.host is None
        assert not isinstance(app.screen, GameScreen)
    assert path.read_bytes() == before
    assert not (folder / "against-the-computer.json.lock").exists()
