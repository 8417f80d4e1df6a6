"""A tester's attack on saves from the command line:

* ``skirmish host FILE`` on a game against the computer handed the
  computer's side to whoever joined, for good, without a word: refused,
  the file untouched, with what to do instead;
* ``skirmish load X.json.bak`` opened the backup as a game of its own
  (its saves wrote ``X.json.bak.bak``, and ``X.json``'s next save replaced
  the file being played): a backup is refused for play and hosting, and
  watching it still works;
* a save's name as the Load list shows it (no ``.json``) was "no such file".
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tui.__main__ as cli_main
from core.registry import find_ruleset
from saves.session import GameSession
from saves.store import SaveError, save_game, saves_dir
from tests.saves.helpers import play

NAME = "plasto-latros-ann-vs-bob-20261130-175604.json"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """An empty current folder, and a saves folder outside the home folder."""
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    saves = saves_dir()
    saves.mkdir(parents=True)
    return saves


@pytest.fixture
def started(monkeypatch):
    """What the app would have been started with (nothing is started)."""
    calls: list[dict] = []
    monkeypatch.setattr(cli_main, "_run_app", lambda **kwargs: calls.append(kwargs) or 0)
    return calls


def _save(path: Path, seats=("human", "human"), pending=None) -> bytes:
    game = play(find_ruleset("plasto_latros"), seed=4, count=6, players=("Ann", "Bob the great"))
    assert game.outcome is None
    save_game(game, path, pending, seats)
    return path.read_bytes()


@pytest.mark.parametrize("extra", [[], ["--computer", "hard"]])
def test_hosting_a_game_whose_other_side_is_the_computer_is_refused_and_the_file_kept(
        folder, started, capsys, extra):
    path = folder / NAME
    before = _save(path, seats=("human", "easy"))
    assert cli_main.main(["host", str(path), *extra]) == 1
    said = capsys.readouterr().err
    assert started == []
    assert "Bob the great is played by the computer (easy)" in said
    assert "skirmish load FILE plays it on against the computer" in said
    assert path.read_bytes() == before


def test_a_computer_on_the_hosts_own_side_stays_and_the_game_is_hosted(folder, started):
    path = folder / NAME
    _save(path, seats=("normal", "human"))
    assert cli_main.main(["host", str(path)]) == 0
    assert started == [{"host_path": path}]


def test_the_joiners_side_is_the_one_other_than_the_hosting_side_the_save_records():
    from tui.remote.hosting import computer_seat_problem

    game = play(find_ruleset("plasto_latros"), seed=4, count=2, players=("Ann", "Bo"))
    swapped = {"hosting": {"code": "x", "side": 1}}  # a rematch: the host plays side 1
    assert computer_seat_problem(game, swapped, ("hard", "human")).startswith("Ann is played by the computer")
    assert computer_seat_problem(game, swapped, ("human", "hard")) is None
    assert computer_seat_problem(game, {}, ("hard", "human")) is None
    assert computer_seat_problem(game, {}, ("human", "human")) is None


@pytest.mark.parametrize("command", ["load", "host"])
def test_a_backup_is_not_opened_as_a_game_of_its_own(folder, started, capsys, command):
    path = folder / NAME
    _save(path)
    _save(path)  # the second save keeps the first as the backup
    backup = folder / (NAME + ".bak")
    before = sorted(p.name for p in folder.iterdir())
    assert cli_main.main([command, str(backup)]) == 1
    said = capsys.readouterr().err
    assert started == []
    assert f"it is the backup of {NAME} (that game as it was one save before), so it is that game" in said
    assert f"open {NAME} itself" in said
    assert sorted(p.name for p in folder.iterdir()) == before  # no .bak.bak, no .bak.lock


def test_a_backup_is_refused_by_the_lock_too_but_may_be_watched(folder, started):
    path = folder / NAME
    _save(path)
    _save(path)
    backup = folder / (NAME + ".bak")
    with pytest.raises(SaveError, match="it is the backup of"):
        GameSession.open(backup)
    assert not (folder / (NAME + ".bak.lock")).exists()
    assert cli_main.main(["watch", str(backup)]) == 0  # watching writes nothing
    assert started == [{"watch_path": backup}]


@pytest.mark.parametrize("command, key", [("load", "load_path"), ("watch", "watch_path"), ("host", "host_path")])
def test_a_save_named_as_the_load_list_shows_it_without_json(folder, started, command, key):
    path = folder / NAME
    _save(path)
    assert cli_main.main([command, NAME.removesuffix(".json")]) == 0
    assert started == [{key: path}]


def test_a_name_without_json_found_nowhere_still_names_both_places(folder, started, capsys):
    assert cli_main.main(["load", "no-such-game"]) == 1
    said = capsys.readouterr().err
    assert "there is no such file in the current folder" in said and "nor in the saves folder" in said


def test_help_says_a_name_without_json_is_taken(capsys):
    with pytest.raises(SystemExit):
        cli_main.main(["load", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "or a save's name as Load lists it (with or without .json" in said


def test_a_refusal_names_a_save_found_in_the_saves_folder_with_a_tilde(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "cut.json").write_text('{"format_version": 2, "orders": [', encoding="utf-8")
    monkeypatch.chdir(tmp_path / "data")  # elsewhere: the bare name is the saves folder's
    assert cli_main.main(["load", "cut"]) == 1  # no terminal here: refused before the app would start
    said = capsys.readouterr().err
    assert said.startswith("skirmish: cannot load ~/data/saves/cut.json: the JSON stops short"), said
    assert str(tmp_path) not in said
