"""Format 2 says who played each side (a person or the computer's level);
format 1 saves, written before, still load, as two people."""

from __future__ import annotations

import json

import pytest

from saves.store import SaveError, load_game, load_with_seats, save_game
from tests.saves.helpers import play
from tests.saves.tiny_rules import TINY


def test_seats_round_trip(tiny, tmp_path):
    game = play(TINY, count=3)
    path = tmp_path / "g.json"
    save_game(game, path, seats=("human", "hard"))
    loaded, seats = load_with_seats(path)
    assert loaded == game
    assert seats == ("human", "hard")


def test_a_format_1_save_loads_as_two_people(tiny, tmp_path):
    """A save exactly as format 1 wrote it: no seats key, version 1."""
    game = play(TINY, count=3)
    path = tmp_path / "old.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    del data["seats"]
    data["format_version"] = 1
    path.write_text(json.dumps(data))
    loaded, seats = load_with_seats(path)
    assert loaded == game
    assert seats == ("human", "human")


@pytest.mark.parametrize("bad", [["human", "grandmaster"], ["human"], "normal", [1, 2]])
def test_unknown_seats_are_refused_with_a_reason(tiny, tmp_path, bad):
    path = tmp_path / "g.json"
    save_game(play(TINY, count=2), path)
    data = json.loads(path.read_text())
    data["seats"] = bad
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="seats"):
        load_game(path)


def test_writing_unknown_seats_is_refused(tiny, tmp_path):
    with pytest.raises(SaveError):
        save_game(play(TINY, count=1), tmp_path / "g.json", seats=("human", "cheater"))
