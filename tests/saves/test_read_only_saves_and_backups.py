"""A read-only save is never written over, and a broken save's working
backup is found and can be put back (saves/store.py, saves/session.py,
saves/listing.py).

A read-only bit is how a player keeps a game as it is: saving used to
replace the file (a new file moved over it, which its mode does not stop)
and leave the old one as ``.bak``.  A broken save's ``.bak`` that opened
was never offered, and deleting took it along unsaid."""

from __future__ import annotations

import os
import stat

import pytest

from core.registry import find_ruleset
from saves.listing import summarise
from saves.session import GameSession, delete_save, lock_path, owner_path, restore_backup
from saves.store import SaveReadOnly, load_game, read_only, save_game, saves_dir
from tests.saves.helpers import play

RULES = "spheres_of_war"


def two_versions(path):
    """A save written twice: its ``.bak`` holds the first game."""
    first = play(find_ruleset(RULES), seed=4, count=4)
    save_game(first, path)
    save_game(play(find_ruleset(RULES), seed=4, count=7), path)
    return first


def test_a_read_only_save_is_never_written_over(data_dir):
    path = saves_dir() / "kept.json"
    save_game(play(find_ruleset(RULES), seed=4, count=4), path)
    os.chmod(path, 0o444)
    before = path.read_bytes()
    with pytest.raises(SaveReadOnly) as refused:
        save_game(play(find_ruleset(RULES), seed=4, count=8), path)
    assert "read-only" in str(refused.value)
    assert path.read_bytes() == before
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444
    assert not path.with_name("kept.json.bak").exists()


def test_a_read_only_save_cannot_be_opened_for_play_and_nothing_is_written_beside_it(data_dir):
    path = saves_dir() / "kept.json"
    save_game(play(find_ruleset(RULES), seed=4, count=4), path)
    os.chmod(path, 0o400)
    assert read_only(path)
    with pytest.raises(SaveReadOnly):
        GameSession.open(path)
    assert not lock_path(path).exists() and not owner_path(path).exists()


def test_a_writable_save_is_not_read_only(data_dir):
    path = saves_dir() / "open.json"
    save_game(play(find_ruleset(RULES), seed=4, count=4), path)
    assert not read_only(path)
    assert not read_only(saves_dir() / "none.json")  # no file: a new save may be written there


def test_a_read_only_save_can_still_be_deleted_at_its_players_asking(data_dir):
    path = saves_dir() / "kept.json"
    save_game(play(find_ruleset(RULES), seed=4, count=4), path)
    os.chmod(path, 0o444)
    delete_save(path)
    assert not path.exists()


def test_a_broken_saves_working_backup_is_listed_with_it(data_dir):
    path = saves_dir() / "cut.json"
    two_versions(path)
    path.write_bytes(path.read_bytes()[:300])  # cut short, as by a full disk
    summary = summarise(path)
    assert summary.problem and "stops short" in summary.problem
    assert summary.backup is not None and summary.backup.problem is None
    assert summary.backup.name == "cut.json.bak" and summary.backup.ruleset == RULES


def test_a_broken_save_without_a_backup_has_none(data_dir):
    path = saves_dir() / "cut.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    assert summarise(path).backup is None


def test_putting_the_backup_back_keeps_the_broken_file_and_the_backup(data_dir):
    path = saves_dir() / "cut.json"
    first = two_versions(path)
    backup = path.with_name("cut.json.bak").read_bytes()
    broken = path.read_bytes()[:300]
    path.write_bytes(broken)
    aside = restore_backup(path)
    assert aside.name == "cut.json.broken" and aside.read_bytes() == broken
    assert load_game(path).orders == first.orders
    assert path.with_name("cut.json.bak").read_bytes() == backup
    assert not lock_path(path).exists()
    # a second time: the first broken file kept is not written over
    path.write_bytes(b"{")
    assert restore_backup(path).name == "cut.json.broken-2"
    assert aside.read_bytes() == broken


def test_a_backup_that_does_not_open_is_not_put_back(data_dir):
    path = saves_dir() / "cut.json"
    two_versions(path)
    path.with_name("cut.json.bak").write_text("{")
    path.write_text("{not json")
    from saves.store import SaveError

    with pytest.raises(SaveError):
        restore_backup(path)
    assert path.read_text() == "{not json"
    assert not path.with_name("cut.json.broken").exists()
