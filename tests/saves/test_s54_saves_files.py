"""Damaged saves and a saves folder that is not a folder, said in the
project's words (a tester's report):

* a seed of 5001 digits was refused with Python's own advice
  (``sys.set_int_max_str_digits``);
* a seed edited to another number was refused by blaming an order the
  player never touched, though the snapshot records the seed the game was
  played with;
* a file where the saves folder belongs listed nothing, and a new game
  said "cannot lock the game (File exists)"."""

from __future__ import annotations

import json

import pytest

from core.registry import find_ruleset
from saves.listing import list_saves, save_paths
from saves.session import GameSession
from saves.store import SaveError, game_to_data, load_game, save_game, saves_dir
from tests.saves.helpers import play


def _saved(tmp_path, name="game.json", count=30):
    game = play(find_ruleset("spheres_of_war"), seed=11, count=count)
    path = tmp_path / name
    save_game(game, path)
    return game, path


def _edited(path, **changes):
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))
    return path


def _refusal(path) -> str:
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert path.read_bytes() == before  # a failed load never touches the file
    return caught.value.problem


def test_a_seed_of_5001_digits_is_refused_in_the_projects_words(tmp_path):
    _game, path = _saved(tmp_path)
    text = path.read_text()
    data = json.loads(text)
    path.write_text(text.replace(f'"seed": {data["seed"]}', '"seed": ' + "9" * 5001, 1))
    problem = _refusal(path)
    assert "set_int_max_str_digits" not in problem and "integer string conversion" not in problem, problem
    assert "digits" in problem and "whole number" in problem, problem


def test_a_seed_edited_to_another_number_is_said_not_to_match_the_recorded_game(tmp_path):
    game, path = _saved(tmp_path)
    assert game.state.dice.draws > 0  # dice were rolled: another seed rolls otherwise
    problem = _refusal(_edited(path, seed=game.seed + 1))
    assert "seed does not match the recorded game" in problem, problem
    assert "order" not in problem, problem  # no order was edited


def test_without_a_snapshot_an_edited_seed_is_still_refused_by_its_replay(tmp_path):
    """Nothing records the seed then: the replay's own refusal stands."""
    game, path = _saved(tmp_path)
    data = game_to_data(game, snapshot=False)
    data["seed"] = game.seed + 1
    path.write_text(json.dumps(data))
    try:
        load_game(path)
    except SaveError as exc:
        assert "seed does not match" not in exc.problem
    # (a replay that happens to succeed with the other seed is a game like any other)


def test_the_untouched_save_still_loads(tmp_path):
    game, path = _saved(tmp_path)
    assert load_game(path).orders == game.orders


@pytest.fixture
def saves_is_a_file(data_dir):
    data_dir.mkdir()
    (data_dir / "saves").write_text("not a folder")
    return data_dir / "saves"


def test_the_lists_that_say_why_are_told_the_saves_folder_is_a_file(saves_is_a_file):
    assert save_paths() == [] and list_saves() == []  # the quiet callers, as before
    with pytest.raises(SaveError) as caught:
        save_paths(strict=True)
    assert caught.value.path == saves_is_a_file
    assert caught.value.problem.startswith("it is a file, not a folder"), caught.value.problem


def test_a_new_games_file_in_a_saves_folder_that_is_a_file_says_so(saves_is_a_file):
    with pytest.raises(SaveError) as caught:
        GameSession.open(saves_dir() / "new.json")
    problem = caught.value.problem
    assert "File exists" not in problem and "its folder is a file, not a folder" in problem, problem
    game = play(find_ruleset("spheres_of_war"), seed=2, count=2)
    with pytest.raises(SaveError) as caught:
        save_game(game, saves_dir() / "new.json")
    assert "its folder is a file, not a folder" in caught.value.problem, caught.value.problem
    assert saves_is_a_file.read_text() == "not a folder"


def test_a_file_on_the_way_to_the_saves_folder_is_named(data_dir):
    data_dir.parent.mkdir(exist_ok=True)
    data_dir.write_text("the data folder is a file")
    with pytest.raises(SaveError) as caught:
        save_paths(strict=True)
    assert "it is out of reach: 'data', on the way to it, is a file" in caught.value.problem, caught.value.problem
    with pytest.raises(SaveError) as caught:
        GameSession.open(saves_dir() / "new.json")
    assert "its folder is out of reach: 'data', on the way to it, is a file" in caught.value.problem, \
        caught.value.problem
