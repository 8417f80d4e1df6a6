"""A read-only broken save is never put back over, in words that say what
works; and a save's time of last play survives a save that adds no order
(opening and leaving a game, or one restored from its backup) and a copy
(saves/session.py, saves/store.py)."""

from __future__ import annotations

import json
import os

import pytest

from core.registry import find_ruleset
from saves.listing import summarise
from saves.session import GameSession, restore_backup
from saves.store import SaveError, load_game, save_game, saves_dir
from tests.saves.helpers import play

RULES = "spheres_of_war"
PLAYED = "2020-01-02T03:04:05+00:00"


def dated(path, when: str = PLAYED) -> None:
    data = json.loads(path.read_text())
    data["saved_at"] = when
    path.write_text(json.dumps(data))


def test_restoring_over_a_read_only_save_is_refused_saying_what_works(data_dir):
    path = saves_dir() / "cut.json"
    save_game(play(find_ruleset(RULES), seed=4, count=4), path)
    save_game(play(find_ruleset(RULES), seed=4, count=7), path)
    path.write_bytes(path.read_bytes()[:300])
    os.chmod(path, 0o444)
    with pytest.raises(SaveError) as refused:
        restore_backup(path)
    said = str(refused.value)
    assert "read-only" in said and "from the backup in a copy" in said
    assert "skirmish load FILE offers" not in said  # that led back to the same dialog
    assert sorted(p.name for p in path.parent.iterdir()) == ["cut.json", "cut.json.bak"]


def test_a_save_that_adds_no_order_keeps_the_time_of_last_play(data_dir):
    path = saves_dir() / "game.json"
    game = play(find_ruleset(RULES), seed=4, count=4)
    save_game(game, path)
    dated(path)
    with GameSession.open(path) as session:
        session.save(load_game(path))  # opened and left: nothing played
    assert summarise(path).saved_at == PLAYED
    with GameSession.open(path) as session:
        session.save(play(find_ruleset(RULES), seed=4, count=5))  # an order more: played now
    assert summarise(path).saved_at > PLAYED


def test_a_restored_backup_keeps_its_games_time_when_opened_and_left(data_dir):
    path = saves_dir() / "cut.json"
    save_game(play(find_ruleset(RULES), seed=4, count=4), path)
    save_game(play(find_ruleset(RULES), seed=4, count=7), path)
    dated(path.with_name("cut.json.bak"))
    path.write_bytes(path.read_bytes()[:300])
    restore_backup(path)
    assert summarise(path).saved_at == PLAYED
    with GameSession.open(path) as session:
        session.save(load_game(path))
    assert summarise(path).saved_at == PLAYED


def test_a_copy_keeps_the_time_it_is_given(data_dir):
    path = saves_dir() / "copy.json"
    game = play(find_ruleset(RULES), seed=4, count=4)
    with GameSession.open(path) as session:
        session.save(game, saved_at=PLAYED)
        session.save(game)  # no order since: still the copied game's time
    assert summarise(path).saved_at == PLAYED


def test_once_an_order_is_played_every_save_is_stamped_anew(data_dir):
    """A save on leaving (a hang-up's) after play proves itself by a later
    time (tests/e2e/test_signals.py): only a game opened and left unplayed
    keeps its time."""
    path = saves_dir() / "game.json"
    save_game(play(find_ruleset(RULES), seed=4, count=4), path)
    dated(path)
    with GameSession.open(path) as session:
        session.save(play(find_ruleset(RULES), seed=4, count=5))
        stamped = summarise(path).saved_at
        session.save(play(find_ruleset(RULES), seed=4, count=5))  # the same orders, saved again
    assert stamped > PLAYED and summarise(path).saved_at >= stamped
    assert json.loads(path.read_text())["saved_at"] != PLAYED
