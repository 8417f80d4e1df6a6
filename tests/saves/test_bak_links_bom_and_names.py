"""A tester's attack on save files:

* a save beginning with a UTF-8 byte-order mark was refused in Python's
  words: it loads, and loading leaves the file as it was;
* the Load list listed a link to a good save as a game (Enter refused it)
  and a link to nothing as "there is no such file", where ``skirmish
  replay`` says "a link to a file that is not there";
* refusals named a file in the home folder by its whole path (README:
  ``~`` for the home folder);
* hand-edited names: empty ones loaded as "Player" on both sides, and a
  name of thousands of characters was cut to 40 on screen.
"""

from __future__ import annotations

import json
import os

import pytest

from core.registry import find_ruleset
from saves.listing import summarise
from saves.session import GameSession
from saves.store import SaveError, load_for_play, load_game, save_game
from tests.saves.helpers import play

RULES = "spheres_of_war"


def _saved(path, players=("Ann", "Bob")):
    game = play(find_ruleset(RULES), seed=5, count=6, players=players)
    save_game(game, path)
    return game


def _edited(path, change):
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path.read_bytes()


def test_a_byte_order_mark_is_read_past_and_the_file_left_as_it_is(tmp_path):
    path = tmp_path / "bom.json"
    game = _saved(path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    before = path.read_bytes()
    assert load_game(path).orders == game.orders
    assert summarise(path).problem is None
    assert path.read_bytes() == before


def test_a_link_to_a_good_save_is_listed_as_a_link_in_the_words_opening_it_says(tmp_path):
    outside = tmp_path / "outside.json"
    _saved(outside)
    link = tmp_path / "saves" / "link.json"
    link.parent.mkdir()
    link.symlink_to(outside)
    problem = summarise(link).problem
    assert problem == f"it is a link to {outside}: open that file itself (under two names one game could be " \
                      "played twice at once)"
    with pytest.raises(SaveError) as refused:
        GameSession.open(link)
    assert refused.value.problem == problem


def test_a_link_to_nothing_is_said_one_way_in_the_list_and_on_loading(tmp_path):
    link = tmp_path / "gone.json"
    link.symlink_to(tmp_path / "nothing-here.json")
    assert summarise(link).problem == "it is a link to a file that is not there"
    with pytest.raises(SaveError) as refused:
        load_for_play(link)
    assert refused.value.problem == "it is a link to a file that is not there"


def test_refusals_name_a_file_in_the_home_folder_with_a_tilde(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    path = tmp_path / "games" / "cut.json"
    path.parent.mkdir()
    path.write_text('{"format_version": 2, "orders": [', encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        load_for_play(path)
    assert str(refused.value).startswith("~/games/cut.json: the JSON stops short")
    assert str(tmp_path) not in str(refused.value)
    outside = tmp_path / "kept" / "outside.json"
    outside.parent.mkdir()
    _saved(outside)
    link = tmp_path / "games" / "link.json"
    link.symlink_to(outside)
    with pytest.raises(SaveError) as refused:
        GameSession.open(link)
    assert str(refused.value).startswith("~/games/link.json: it is a link to ~/kept/outside.json: ")


def test_a_path_outside_the_home_folder_is_named_whole(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    path = tmp_path / "cut.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        load_for_play(path)
    assert str(refused.value).startswith(f"{path}: ")


@pytest.mark.parametrize("length", [41, 5_000, 3_000_000])
def test_a_name_longer_than_any_way_of_naming_a_player_makes_is_refused(tmp_path, length):
    path = tmp_path / "long.json"
    _saved(path)

    def longer(data):
        data["players"][1] = "B" * length
        data["snapshot"]["players"][1] = "B" * length

    before = _edited(path, longer)
    with pytest.raises(SaveError) as refused:
        load_for_play(path)
    assert refused.value.problem == (f"Player 2's name is {length} characters long, more than the 40 a name "
                                     "may have (the new-game form takes 24)")
    assert summarise(path).problem == refused.value.problem
    assert path.read_bytes() == before


def test_a_name_of_forty_characters_loads_whole(tmp_path):
    path = tmp_path / "forty.json"
    name = "N" * 40  # a joiner's --name may be this long (net.authority.MAX_NAME)
    _saved(path, players=("Ann", name))
    assert load_game(path).players == ("Ann", name)


@pytest.mark.parametrize("empty", ["", "   ", "\x1b"])
def test_sides_with_no_name_are_named_as_a_new_game_names_them(tmp_path, empty):
    path = tmp_path / "empty.json"
    _saved(path)

    def emptied(data):
        data["players"] = [empty, empty]
        data["snapshot"]["players"] = [empty, empty]

    before = _edited(path, emptied)
    game = load_game(path)
    assert game.players == ("Player 1", "Player 2")
    assert summarise(path).players == ("Player 1", "Player 2")
    assert path.read_bytes() == before
    assert os.path.getsize(path) == len(before)
