"""Messages say what is true (issue 30, point 8).

* "Cannot host: the system refused" said neither why nor what to do: the
  refusal now carries the reason, who owns the meeting place, and the
  ``install -d`` line that makes it right.
* With a read-only data folder the game has no save file, yet the quit
  question said "The game is saved; Continue brings it back": it now says
  there is no file and offers to write the game to a file the player
  names (the home folder by default)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from saves.store import load_game
from tests.tmpfs import mounted_tmpfs
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import AskPath, Confirm, LeaveUnsaved
from tui.remote.play import HostWaitScreen

SIZE = (80, 24)


def notices(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


@pytest.fixture
def place(monkeypatch):
    """A meeting place path of our own choosing (short: sockets' paths are capped)."""
    top = tempfile.mkdtemp(prefix="skm", dir="/tmp")
    monkeypatch.setenv("SKIRMISH_RENDEZVOUS", top + "/m")
    monkeypatch.setenv("SKIRMISH_DATA_DIR", top + "/data")
    yield Path(top) / "m"
    shutil.rmtree(top, ignore_errors=True)


@pytest.mark.parametrize(("owner", "mode", "reason"), [
    ("nobody", 0o700, "belongs to another account"),
    ("root", 0o755, "can be listed by others"),
], ids=["owned-by-another-account", "listable"])
async def test_cannot_host_says_why_who_owns_the_meeting_place_and_the_fix(place, owner, mode, reason):
    import pwd

    if os.geteuid() != 0:
        pytest.skip("giving a folder to another account needs root")
    place.mkdir()
    os.chmod(place, mode)
    os.chown(place, pwd.getpwnam(owner).pw_uid, -1)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "ctrl+g")  # Host, the first ruleset
        await pilot.pause()
        assert not isinstance(app.screen, HostWaitScreen)
        said = [n for n in notices(app) if n.startswith("Cannot host")]
        assert said, notices(app)
        text = said[-1]
        assert "the system refused" not in text
        assert reason in text, text
        assert f"belongs to {owner}" in text, text
        assert f"install -d -m 1733 -o root {place}" in text, text


async def test_cannot_host_when_the_place_cannot_be_made_names_the_system_reason(place):
    """The meeting place's folder cannot be made (its parent is a file)."""
    place.parent.joinpath("m").write_text("not a folder")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "ctrl+g")
        await pilot.pause()
        text = next(n for n in notices(app) if n.startswith("Cannot host"))
        assert "the system refused" not in text
        assert "is not a folder" in text and f"install -d -m 1733 -o root {place}" in text, text


@pytest.fixture
def read_only_data(monkeypatch, tmp_path):
    """A read-only tmpfs as the data folder (root ignores file modes), and
    a home folder for the file the player writes instead."""
    with mounted_tmpfs("skmro", "64k", "ro") as folder:
        home = tmp_path / "home"
        home.mkdir()
        monkeypatch.setenv("HOME", str(home))
        monkeypatch.setenv("SKIRMISH_DATA_DIR", folder)
        yield home


def a_game():
    rules = find_ruleset("spheres_of_war")
    return start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo"))


def screen_text(screen) -> str:
    from textual.widgets import Label, Static

    return " ".join(str(w.render()) for w in screen.query("Label, Static") if isinstance(w, (Label, Static)))


@pytest.mark.parametrize("key", ["ctrl+q", "q"], ids=["quit-skirmish", "leave-the-game"])
async def test_with_no_save_file_the_quit_question_offers_a_file_not_a_false_saved(read_only_data, key):
    home = read_only_data
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(a_game())
        await pilot.pause()
        assert app.session is None, "the data folder is read-only: there is no save file"
        await pilot.press("d")  # one order played, in no file
        await pilot.pause()
        played = next(s for s in app.screen_stack if isinstance(s, GameScreen)).local_game()
        assert len(played.orders) == 1
        await pilot.press(key)
        await pilot.pause()
        ask = app.screen
        assert isinstance(ask, LeaveUnsaved) and not isinstance(ask, Confirm), type(ask).__name__
        shown = screen_text(ask)
        assert "is saved" not in shown.lower() and "no save file" in ask.menu_title, shown
        assert "Read-only file system" in ask.menu_title, ask.menu_title
        await pilot.press("2")  # write it to a file I name
        await pilot.pause()
        assert isinstance(app.screen, AskPath)
        default = Path(app.screen.start)
        assert default.parent == home and default.suffix == ".json", default
        await pilot.press("enter")
        await pilot.pause()
        assert default.is_file()
        assert load_game(default).orders == played.orders
        assert not any(isinstance(s, (LeaveUnsaved, AskPath)) for s in app.screen_stack)


async def test_the_palettes_quit_does_not_promise_a_save(read_only_data):
    from tui.palette import SkirmishCommands

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(a_game())
        await pilot.pause()
        quit_help = next(h for name, _, h in SkirmishCommands(app.screen)._commands() if name == "Quit")
        assert "saved" not in quit_help, quit_help


@pytest.mark.parametrize("key", ["ctrl+q", "q"], ids=["quit-skirmish", "leave-the-game"])
async def test_a_joiner_is_not_told_continue_brings_the_game_back(place, key):
    """The joiner holds no save: its way back is the join code, not Continue."""
    from tests.remote.helpers import new_host, showing, until

    host = new_host("spheres_of_war", remote_side=1, game=a_game())
    try:
        app = SkirmishApp(join_code=host.code)
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: showing(app, GameScreen))
            await pilot.press(key)
            await pilot.pause()
            ask = app.screen
            assert isinstance(ask, Confirm), type(ask).__name__
            assert "Continue" not in ask.question and "is saved" not in ask.question, ask.question
            assert f"skirmish join {host.code}" in ask.question, ask.question
    finally:
        host.close()
