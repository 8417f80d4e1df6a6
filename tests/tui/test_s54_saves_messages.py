"""What the game says about its saves folder and files (a tester's report):

* a file where the saves folder belongs: Load listed nothing and said
  nothing, Continue said there was no saved game yet, a new game said
  "cannot lock the game (File exists)";
* whole paths where the README promises ``~`` for the home folder (a
  refused delete, a failed save);
* ``d`` offered to delete a folder listed among the saves;
* the leave question of a game at one keyboard gave no ``FILE:`` line
  (only a hosted game's did), though the README sends players to it;
* with a read-only data folder the leave question closed its parenthesis
  twice."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from core.registry import find_ruleset
from saves.session import GameSession
from saves.store import save_game, saves_dir
from tests.robustness.hostile import settled
from tests.saves.helpers import play
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import LoadScreen

SIZE = (80, 24)
SHOWN = "~/data/saves"  # the saves folder as the game shows it (HOME is the test's folder)


def notices(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The test's folder is the home folder: the data folder (tmp_path/data) lies inside it."""
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def saves_is_a_file(home, data_dir):
    data_dir.mkdir()
    (data_dir / "saves").write_text("not a folder")
    return data_dir / "saves"


async def test_load_says_the_saves_folder_is_a_file_and_where(saves_is_a_file, home):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await settled(pilot)
        assert isinstance(app.screen, LoadScreen)
        listing = app.screen.query_one(OptionList)
        rows = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert rows == [f"Cannot list saves: {SHOWN}: it is a file, not a folder, so no game can be saved or "
                        "found there (move that file away and Skirmish makes the folder)"], rows
        assert str(app.screen.query_one("#scan-status", Static).render()) == ""  # not still "Checking…"


async def test_continue_says_the_saves_folder_is_a_file_not_that_there_is_no_game(saves_is_a_file):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await settled(pilot)
        await pilot.pause()
        said = notices(app)
        assert any(n.startswith(f"Cannot continue: {SHOWN}: it is a file, not a folder") for n in said), said
        assert not any("no saved game" in n for n in said), said


async def test_a_new_game_says_the_saves_folder_is_a_file_not_file_exists(saves_is_a_file):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        said = [n for n in notices(app) if n.startswith("This game has no save file")]
        assert said and f"in {SHOWN}: cannot lock the game: its folder is a file, not a folder" in said[0], \
            notices(app)
        assert "File exists" not in said[0] and str(saves_is_a_file) not in said[0], said


def _two_saves():
    folder = saves_dir()
    folder.mkdir(parents=True)
    save_game(play(find_ruleset("spheres_of_war"), seed=4, count=4), folder / "kept.json")
    return folder


async def test_a_refused_delete_names_the_save_with_a_tilde(home):
    folder = _two_saves()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await settled(pilot)
        with GameSession.open(folder / "kept.json"):  # open in some process: not deleted
            await pilot.press("d", "y")
            await pilot.pause()
        said = [n for n in notices(app) if "Not deleted" in n]
        assert said and f"Not deleted: kept.json in {SHOWN}: this game is already open" in said[-1], said
        assert str(folder) not in said[-1]
        assert (folder / "kept.json").is_file()


async def test_a_folder_listed_among_the_saves_is_not_offered_for_deletion(home):
    folder = _two_saves()
    (folder / "39_dir.json").mkdir()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await settled(pilot)
        listing = app.screen.query_one(OptionList)
        rows = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        listing.highlighted = next(i for i, row in enumerate(rows) if "39_dir" in row)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen), type(app.screen).__name__  # no question to say yes to
        assert any("39_dir.json is a folder, not a save file: it cannot be deleted here" in n
                   for n in notices(app)), notices(app)
        assert (folder / "39_dir.json").is_dir()


async def test_a_failed_save_names_the_file_with_a_tilde(home):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g")
        await pilot.pause()
        path = app.session.path
        path.unlink()
        path.mkdir()  # the save's name is now a folder: writing it fails
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = [n for n in notices(app) if n.startswith("Saving failed")]
        assert said and f"{path.name} in {SHOWN}: could not write the save" in said[-1], notices(app)
        assert str(path.parent) not in said[-1]
        path.rmdir()


async def test_the_leave_question_at_one_keyboard_names_the_save_file(home):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.session is not None
        await pilot.press("q")
        await pilot.pause()
        question = str(getattr(app.screen, "question", ""))
        # The file's name, which skirmish load takes alone from the saves folder.
        assert f"\nFILE: {app.session.path.name}\nin the saves folder" in question, question


async def test_the_leave_question_names_the_folder_of_a_save_kept_elsewhere(home):
    elsewhere = home / "kept"
    elsewhere.mkdir()
    save_game(play(find_ruleset("spheres_of_war"), seed=4, count=4), elsewhere / "mine.json")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_saved(elsewhere / "mine.json")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        await pilot.pause()
        question = str(getattr(app.screen, "question", ""))
        assert "\nFILE: mine.json\nin ~/kept" in question, question


@pytest.fixture
def read_only_data(monkeypatch, tmp_path):
    """A read-only tmpfs as the data folder (root ignores file modes),
    holding a save made before it was mounted read-only."""
    from tests.tmpfs import mounted_tmpfs, remount_read_only

    with mounted_tmpfs("skmro", "256k") as folder:
        monkeypatch.setenv("SKIRMISH_DATA_DIR", folder)
        saves_dir().mkdir()
        save_game(play(find_ruleset("spheres_of_war"), seed=4, count=4), saves_dir() / "old.json")
        remount_read_only(folder)
        yield saves_dir()


async def test_a_read_only_data_folder_is_said_once_in_the_leave_question(read_only_data):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g")
        await pilot.pause()
        assert app.session is None
        await pilot.press("q")
        await pilot.pause()
        title = str(getattr(app.screen, "menu_title", ""))
        assert "(Read-only file system)" in title and "))" not in title, title
        assert "skirmish watch" not in title  # a new game has no file to watch


async def test_opening_a_save_in_a_read_only_folder_offers_to_watch_it(read_only_data):
    from tui.modals import ChoiceMenu
    from tui.watch import WatchScreen

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_saved(read_only_data / "old.json")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu), notices(app)
        assert "its folder cannot be written (Read-only file system)" in str(app.screen.menu_title)
        await pilot.press("enter")  # Watch it from the start
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
