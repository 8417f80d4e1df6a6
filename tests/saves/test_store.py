import json
import os
import re
from pathlib import Path

import attrs
import pytest

import core
from core import registry
from core.game import replay
from saves import checks, store
from saves.store import (
    FORMAT_VERSION,
    MAX_BYTES,
    SaveError,
    data_dir,
    latest_save,
    list_saves,
    load_game,
    load_pending,
    new_save_path,
    save_game,
    saves_dir,
)
from tests.saves.helpers import play
from tests.saves.tiny_rules import TINY


def _every_ruleset():
    return [pytest.param(r, id=r.name) for r in registry.rulesets()] + [pytest.param(TINY, id="tiny")]


@pytest.mark.parametrize("ruleset", _every_ruleset())
def test_round_trip_gives_the_same_game(ruleset, tiny, tmp_path):
    game = play(ruleset, seed=11, count=25)
    path = tmp_path / "g.json"
    save_game(game, path, pending={"draft": ["move a"], "n": 2})
    loaded = load_game(path)
    assert loaded.state == game.state
    assert loaded.orders == game.orders
    assert [e.sentence for e in loaded.log] == [e.sentence for e in game.log]
    assert loaded == game
    assert load_pending(path) == {"draft": ["move a"], "n": 2}


def test_the_file_holds_every_field_the_format_names(tiny, tmp_path):
    game = play(TINY, count=4)
    path = tmp_path / "g.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    assert list(data) == ["format_version", "game_version", "ruleset", "options", "battlefield", "seed",
                          "players", "orders", "snapshot", "saved_at", "pending", "seats"]
    assert data["format_version"] == FORMAT_VERSION == 2
    assert data["seats"] == ["human", "human"]
    assert data["game_version"] == core.__version__
    assert data["ruleset"] == "tiny"
    assert data["orders"] == [o.to_text() for o in game.orders]
    assert data["players"] == ["Ann", "Bob"]
    assert data["pending"] == {}
    assert data["options"] == {"turn_limit": 6, "figures": 2}


def test_data_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"
    assert saves_dir() == tmp_path / "here" / "saves"
    monkeypatch.delenv("SKIRMISH_DATA_DIR")
    assert data_dir().name.lower() == "skirmish"


def test_new_save_paths_use_only_safe_characters_and_never_clash(tiny, data_dir):
    game = play(TINY, count=0, players=("../../etc/passwd", "Bob <script>"))
    first = new_save_path(game)
    assert first.parent == saves_dir()
    assert re.fullmatch(r"[a-z0-9-]+\.json", first.name)
    save_game(game, first)
    second = new_save_path(game)
    assert second != first and re.fullmatch(r"[a-z0-9-]+\.json", second.name)


def test_saving_again_keeps_the_previous_file_as_bak(tiny, tmp_path):
    path = tmp_path / "g.json"
    early = play(TINY, count=2)
    later = play(TINY, count=6)
    save_game(early, path)
    before = path.read_bytes()
    save_game(later, path)
    assert (tmp_path / "g.json.bak").read_bytes() == before
    assert load_game(path).orders == later.orders
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "g.json.bak"]


def test_a_crash_before_the_replace_leaves_the_old_save_loadable(tiny, tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    old = play(TINY, count=3)
    save_game(old, path)
    before = path.read_bytes()

    real_replace = os.replace

    class Crash(BaseException):
        pass

    def crash_on_the_save(src, dst):
        if Path(dst) == path:
            raise Crash()  # the process dies after writing the temp file
        real_replace(src, dst)

    monkeypatch.setattr(store.os, "replace", crash_on_the_save)
    with pytest.raises(Crash):
        save_game(play(TINY, count=9), path)
    monkeypatch.setattr(store.os, "replace", real_replace)
    assert path.read_bytes() == before
    assert load_game(path).orders == old.orders
    # the half-finished temp file is not mistaken for a save
    assert [s.path for s in list_saves(tmp_path)] == [path]


def test_list_saves_is_newest_first_and_includes_broken_files(tiny, data_dir):
    folder = saves_dir()
    older, newer, broken = folder / "older.json", folder / "newer.json", folder / "broken.json"
    save_game(play(TINY, count=2), older)
    save_game(play(TINY, count=5, players=("Cy", "Di")), newer)
    folder.joinpath("broken.json").write_text("{not json")
    os.utime(older, (1_000_000, 1_000_000))
    os.utime(newer, (2_000_000, 2_000_000))
    os.utime(broken, (3_000_000, 3_000_000))
    summaries = list_saves()
    assert [s.name for s in summaries] == ["broken", "newer", "older"]
    assert summaries[0].problem and "not valid JSON" in summaries[0].problem
    assert summaries[1].problem is None
    assert summaries[1].players == ("Cy", "Di")
    assert summaries[1].ruleset == "tiny" and summaries[1].ruleset_title == "Tiny Test Rules"
    assert summaries[1].turn == 1 and summaries[1].over is False
    assert latest_save() == newer


def test_latest_save_skips_finished_games_and_is_none_when_empty(tiny, data_dir):
    assert latest_save() is None
    finished = play(TINY, count=500)
    assert finished.outcome is not None
    save_game(finished, saves_dir() / "done.json")
    assert latest_save() is None


def test_migrations_run_on_the_raw_data_before_anything_else(tiny, tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    game = play(TINY, count=3)
    save_game(game, path)
    data = json.loads(path.read_text())
    data["format_version"] = 1
    data["who"] = data.pop("players")  # pretend format 1 called it "who"
    path.write_text(json.dumps(data))

    def one_to_two(raw):
        raw["players"] = raw.pop("who")
        return raw

    monkeypatch.setattr(store, "FORMAT_VERSION", 2)
    monkeypatch.setitem(store.MIGRATIONS, 1, one_to_two)
    assert load_game(path) == game


def test_a_hand_written_save_may_name_a_shipped_battlefield_and_leave_out_the_snapshot(tiny, tmp_path):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({
        "format_version": 1, "game_version": "0.1.0", "ruleset": "tiny", "options": {"figures": 1},
        "battlefield": "open-12", "seed": 4, "players": ["Ann", "Bob"],
        "orders": ["step side=0 unit=a1 to=1,1", "end side=0"], "snapshot": None,
    }))
    game = load_game(path)
    expected = replay(TINY, TINY.options_type(figures=1), game.battlefield, 4, ("Ann", "Bob"),
                      ["step side=0 unit=a1 to=1,1", "end side=0"])
    assert game == expected
    assert game.battlefield.name == "open-12"
    assert attrs.evolve(game.options) == TINY.options_type(turn_limit=6, figures=1)


def test_a_game_too_big_to_load_is_not_written(tiny, tmp_path, monkeypatch):
    monkeypatch.setattr(checks, "MAX_BYTES", 200)
    path = tmp_path / "g.json"
    with pytest.raises(SaveError, match="more than the 200"):
        save_game(play(TINY, count=1), path)
    assert not path.exists()
    assert MAX_BYTES == 8 * 1024 * 1024
