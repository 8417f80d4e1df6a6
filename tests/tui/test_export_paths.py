"""Leaving a game that is not safely saved offers to write it to a file
the player names (tui/saving.py ``SaveFiles.export``): the notice names
the file as the game shows paths (``~`` for the home folder, never the
whole path) and gives a ``skirmish load`` command that a shell takes as
it is, even with a space in a folder's name."""

from __future__ import annotations

import subprocess

import pytest

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from saves.store import load_game
from tui.app import SkirmishApp
from tui.save_words import shell_path

SIZE = (80, 24)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def expanded_by_a_shell(words: str, home) -> str:
    """What ``sh`` makes of ``words`` (one argument), with ``home`` as its ``~``."""
    done = subprocess.run(["sh", "-c", f"printf %s {words}"], env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, check=True)
    return done.stdout


@pytest.mark.parametrize("folder", ["games", "my games"])
async def test_written_elsewhere_says_where_with_tilde_and_a_load_command_a_shell_takes(home, folder):
    rules = find_ruleset("spheres_of_war")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo")))
        await pilot.pause()
        target = home / folder / "kept.json"
        target.parent.mkdir()
        assert app.saves.export(str(target))
        await pilot.pause()
        told = [str(n.message) for n in app._notifications if str(n.message).startswith("Written to")]
        assert told == [f"Written to kept.json in ~/{folder}. Load it with: skirmish load {shell_path(target)}"]
        assert str(home) not in told[0]
        command = told[0].split("skirmish load ", 1)[1]
        assert command.startswith("~/")
        assert expanded_by_a_shell(command, home) == str(target)  # copied into a shell: this very file
        assert load_game(target).ruleset_name == "spheres_of_war"


def test_a_path_outside_home_is_whole_and_quoted_where_it_needs_to_be(home, tmp_path):
    plain, spaced = tmp_path / "out" / "a.json", tmp_path / "out side" / "a.json"
    assert shell_path(plain) == str(plain)
    assert expanded_by_a_shell(shell_path(spaced), home) == str(spaced)
    assert expanded_by_a_shell(shell_path(home / "it's here.json"), home) == str(home / "it's here.json")
