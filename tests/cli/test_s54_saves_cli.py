"""``skirmish host FILE`` on a finished game, and one wording for a folder.

A tester hosted a finished game's save: the app rewrote it (a new date, a
join code in ``pending``), so it jumped to the top of Load, and the screen
offered a join code with nothing left to play.  It is refused before the
app starts, the file left byte for byte as it was."""

from __future__ import annotations

import hashlib

import pytest

import tui.__main__ as cli_main
from core.game import submit
from core.orders import Concede
from core.registry import find_ruleset
from saves.store import save_game
from tests.saves.helpers import play


@pytest.fixture
def started(monkeypatch):
    """What the app would have been started with (nothing is started)."""
    calls: list[dict] = []
    monkeypatch.setattr(cli_main, "_run_app", lambda **kwargs: calls.append(kwargs) or 0)
    return calls


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("computer", [[], ["--computer", "easy"]], ids=["host", "host-computer"])
def test_hosting_a_finished_game_is_refused_and_leaves_the_file_alone(tmp_path, started, capsys, computer):
    game = submit(play(find_ruleset("spheres_of_war"), seed=5, count=6), Concede(1)).game
    assert game.outcome is not None and game.outcome.winner == 0  # the concession ended it
    path = tmp_path / "over.json"
    save_game(game, path)
    before = _digest(path)
    assert cli_main.main(["host", str(path), *computer]) == 1
    assert started == []  # no app: nothing could rewrite the file
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"skirmish: cannot host {path}: its game is finished"), err
    assert "skirmish load FILE" in err and len(err.splitlines()) == 1
    assert _digest(path) == before


def test_a_finished_hosted_game_is_hosted_again_for_the_rematch(tmp_path, started):
    """A game that was hosted keeps its code: hosting its finished save
    again is how the host offers the same joiner a rematch (README, *After
    the end*; tests/e2e/test_two_terminals.py plays it)."""
    from net import fairdice

    game = submit(play(find_ruleset("spheres_of_war"), seed=5, count=6), Concede(1)).game
    path = tmp_path / "hosted-over.json"
    half = fairdice.new_half()
    save_game(game, path, {"hosting": {"code": "abcde-fghij-klmno-pqrst", "host": half,
                                       "commit": fairdice.commitment(half), "side": 0}})
    assert cli_main.main(["host", str(path)]) == 0
    assert started == [{"host_path": path}]


def test_a_game_still_going_on_is_hosted_as_before(tmp_path, started):
    path = tmp_path / "going.json"
    save_game(play(find_ruleset("spheres_of_war"), seed=5, count=6), path)
    assert cli_main.main(["host", str(path)]) == 0
    assert started == [{"host_path": path}]


@pytest.mark.parametrize("command", ["replay", "load", "watch", "host"])
def test_every_command_calls_a_folder_a_folder_in_the_same_words(tmp_path, started, capsys, command):
    folder = tmp_path / "a-folder.json"
    folder.mkdir()
    assert cli_main.main([command, str(folder)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith(": it is a folder, not a save file"), err


@pytest.mark.parametrize("command", ["replay", "load", "watch", "host"])
def test_a_folder_named_alone_in_the_saves_folder_is_said_to_be_a_folder(tmp_path, monkeypatch, started, capsys,
                                                                        command):
    """Not "there is no such file … nor in the saves folder": it is there, and is a folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data" / "saves" / "39_dir.json").mkdir(parents=True)
    assert cli_main.main([command, "39_dir.json"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"skirmish: cannot {command} 39_dir.json: it is a folder, not a save file", err
