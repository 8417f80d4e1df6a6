"""The Load list and Continue go by a save's date, the one the list shows:
the time of last play the save records (its ``saved_at``), else its
file's time, never later than its file's time; and the list shows it in
this computer's local time (saves/listing.py).

They went by the file's time (a copied or touched file jumped to the top,
and Continue opened an older game), and the time shown was UTC."""

from __future__ import annotations

import json
import os
import time

import pytest

from core.registry import find_ruleset
from saves.listing import latest_save, list_saves, local_time, save_paths
from saves.store import save_game, saves_dir
from tests.saves.helpers import play

RULES = "spheres_of_war"
NOW = time.time()


def saved(name: str, saved_at: str, file_time: float, seed: int = 4):
    """A save of a game still going on, recording ``saved_at``, whose file
    is dated ``file_time``."""
    path = saves_dir() / f"{name}.json"
    save_game(play(find_ruleset(RULES), seed=seed, count=4), path)
    data = json.loads(path.read_text())
    data["saved_at"] = saved_at  # not part of what is replayed: a save may say any time
    path.write_text(json.dumps(data))
    os.utime(path, (file_time, file_time))
    return path


def test_a_touched_older_save_stays_below_the_one_played_last(data_dir):
    older = saved("older", "2026-11-01T10:00:00+00:00", NOW)  # copied or touched just now
    newer = saved("newer", "2026-11-02T10:00:00+00:00", NOW - 60, seed=5)
    assert save_paths() == [newer, older]
    assert [s.path for s in list_saves()] == [newer, older]
    assert [s.saved_at for s in list_saves()] == ["2026-11-02T10:00:00+00:00", "2026-11-01T10:00:00+00:00"]
    assert latest_save() == newer  # Continue: the game played last, not the file touched last


def test_a_recorded_time_later_than_the_file_is_the_files_time(data_dir):
    """A file cannot have been written before its game was saved: a stamp
    later than the file's time (a clock set wrong, an edit) is not believed."""
    future = saved("future", "2099-01-01T00:00:00+00:00", NOW - 3600)  # believed, it would be first
    minute_ago = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(NOW - 60))
    plain = saved("plain", minute_ago, NOW, seed=5)
    summaries = list_saves()
    assert [s.path for s in summaries] == [plain, future]
    shown = summaries[1].saved_at
    assert shown.startswith(time.strftime("%Y-%m-%dT%H:%M", time.gmtime(NOW - 3600))), shown


def test_a_save_with_no_readable_time_goes_by_its_file(data_dir):
    stamped = saved("stamped", "2026-11-02T10:00:00+00:00", NOW)
    unstamped = saved("unstamped", "yesterday", 1_700_000_000)  # 2023-11-14: older than the stamp
    assert save_paths() == [stamped, unstamped]
    assert list_saves()[1].saved_at == "2023-11-14T22:13:20+00:00"


@pytest.fixture
def tokyo(monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_time_shown_is_local(tokyo):
    assert local_time("2026-11-30T12:04:00+00:00") == "2026-11-30 21:04"
    assert local_time("2026-11-30T12:04:00") == "2026-11-30 21:04"  # no zone: UTC, as Skirmish writes it
    assert local_time("") == ""


def test_the_load_list_row_shows_the_local_time(tokyo, data_dir):
    from tui.menu import LoadScreen

    saved("game", "2026-11-30T12:04:00+00:00", NOW)
    row = LoadScreen._text(list_saves()[0])
    assert "2026-11-30 21:04" in row and "12:04" not in row, row
