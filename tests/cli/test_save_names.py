"""A save named the way the game names it: ``skirmish host NAME``.

The leave question of a hosted game gives the save's name on a line of its
own and its folder below ("FILE: NAME" / "in FOLDER"); a tester typed
``skirmish host NAME`` from the home folder and was told there is no such
file.  A bare name (no folder in it) that is no file in the current folder
is looked for in the saves folder; one found in neither is refused with
both places named.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tui.__main__ as cli_main
from core.registry import find_ruleset
from saves.store import save_game, saves_dir
from tests.saves.helpers import play

ROOT = Path(__file__).resolve().parents[2]
NAME = "spheres-of-war-ann-vs-bob-20261130-034917.json"  # as new_save_path makes them


@pytest.fixture
def places(tmp_path, monkeypatch):
    """An empty current folder, and a data folder whose saves folder holds NAME."""
    here = tmp_path / "elsewhere"
    here.mkdir()
    monkeypatch.chdir(here)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # neither place is inside it: both shown whole
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    folder = saves_dir()
    folder.mkdir(parents=True)
    save_game(play(find_ruleset("spheres_of_war"), seed=5, count=6), folder / NAME)
    return here, folder


@pytest.fixture
def started(monkeypatch):
    """What the app would have been started with (nothing is started)."""
    calls: list[dict] = []
    monkeypatch.setattr(cli_main, "_run_app", lambda **kwargs: calls.append(kwargs) or 0)
    return calls


@pytest.mark.parametrize("command, key", [("host", "host_path"), ("watch", "watch_path"), ("load", "load_path")])
def test_a_bare_save_name_is_found_in_the_saves_folder(places, started, command, key):
    _here, folder = places
    assert cli_main.main([command, NAME]) == 0
    assert started == [{key: folder / NAME}]


def test_host_of_a_bare_name_keeps_the_computer_level(places, started):
    _here, folder = places
    assert cli_main.main(["host", NAME, "--computer", "hard"]) == 0
    assert started == [{"host_path": folder / NAME, "host_computer": "hard"}]


def test_a_file_of_that_name_in_the_current_folder_comes_first(places, started):
    here, _folder = places
    (here / NAME).write_text("{}")  # not checked here: the app's load says what is wrong with it
    assert cli_main.main(["host", NAME]) == 0
    assert started == [{"host_path": Path(NAME)}]


def test_a_name_with_a_folder_in_it_is_not_looked_for_elsewhere(places, started, capsys):
    _here, folder = places
    (folder / "sub").mkdir()
    save_game(play(find_ruleset("spheres_of_war"), seed=5, count=6), folder / "sub" / NAME)
    assert cli_main.main(["load", f"sub/{NAME}"]) == 1
    assert started == []
    assert capsys.readouterr().err.strip().endswith(": there is no such file")


@pytest.mark.parametrize("command", ["host", "watch", "load", "replay"])
def test_a_name_found_in_neither_place_names_both(places, started, capsys, command):
    here, folder = places
    assert cli_main.main([command, "nobody-vs-nobody.json"]) == 1
    assert started == []
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"skirmish: cannot {command} nobody-vs-nobody.json: there is no such file"), err
    assert f"current folder ({here})" in err and f"saves folder ({folder})" in err, err
    assert len(err.splitlines()) == 1


def test_a_folder_of_that_name_here_is_still_said_to_be_a_folder(places, started, capsys):
    here, _folder = places
    (here / "mine.json").mkdir()
    assert cli_main.main(["watch", "mine.json"]) == 1
    assert "it is a folder, not a save file" in capsys.readouterr().err


def _skirmish(cwd: Path, data: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    env |= {"PYTHONPATH": str(ROOT), "SKIRMISH_DATA_DIR": str(data)}
    return subprocess.run([sys.executable, "-m", "tui", *args], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)


def test_the_real_command_takes_the_name_the_leave_question_gives(places, tmp_path):
    """As the tester ran it: from another folder, the name alone."""
    here, _folder = places
    replayed = _skirmish(here, tmp_path / "data", "replay", NAME)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith("ruleset: spheres_of_war")
    # Without a terminal the app cannot start: it gets that far only once the file is found.
    hosted = _skirmish(here, tmp_path / "data", "host", NAME)
    assert hosted.returncode == 2 and "needs a terminal" in hosted.stderr, hosted.stderr
