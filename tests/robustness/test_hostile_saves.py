"""Every kind of hostile save: a clear message naming the file, no crash,
the file's bytes unchanged, nothing written anywhere (inside the save
folder or out of it).  Hostile player names load, made safe to show."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from core.registry import find_ruleset
from saves.store import SaveError, list_saves, load_game, new_save_path, save_game, summarise
from tests.robustness.hostile import EVIL_NAMES, REFUSED, RULESET, Case, good_save
from tests.saves.helpers import play


def tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` with its bytes (what a load may not change)."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    return saves


@pytest.mark.parametrize("case", REFUSED, ids=lambda c: c.name)
def test_a_hostile_save_is_refused_with_a_message_and_left_alone(case: Case, folder, tmp_path):
    path = good_save(folder / f"{case.name}.json")
    path.write_bytes(case.damage(path.read_bytes()))
    before = tree(tmp_path)
    with pytest.raises(SaveError) as caught:
        load_game(path)
    message = str(caught.value)
    assert str(path) in message
    for word in case.words:
        assert word in message, message
    assert len(message) < 600, "a message for people, not a dump"
    # The load menu lists it as broken, with the same problem; nothing raises.
    summary = summarise(path)
    assert summary.problem == caught.value.problem
    assert [s.problem for s in list_saves()] == [caught.value.problem]
    assert tree(tmp_path) == before


@pytest.mark.parametrize("cut", range(1, 100, 3))
def test_a_save_cut_short_anywhere_says_it_looks_truncated(cut, folder):
    path = good_save(folder / "cut.json")
    blob = path.read_bytes()
    path.write_bytes(blob[: len(blob) * cut // 100])
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert "truncated" in caught.value.problem or "empty" in caught.value.problem
    assert path.read_bytes() == blob[: len(blob) * cut // 100]


def shown_safely(name: str) -> bool:
    return (bool(name) and len(name) <= 40 and "[" not in name and "]" not in name
            and not any(unicodedata.category(ch) in ("Cc", "Cf") for ch in name))


def test_hostile_player_names_stay_in_the_folder_and_load_made_safe(folder, tmp_path):
    game = play(find_ruleset(RULESET), seed=4, count=6, players=EVIL_NAMES)
    path = new_save_path(game)
    assert path.parent == folder and path.name.endswith(".json")
    assert all(ch.isalnum() or ch in "-." for ch in path.name)
    save_game(game, path)
    before = tree(tmp_path)
    loaded = load_game(path)
    assert all(shown_safely(name) for name in loaded.players), loaded.players
    assert "etc" in loaded.players[0] and "Bob" in loaded.players[1]  # still recognisable
    assert all(shown_safely(name) for name in loaded.state.players)
    assert all(shown_safely(s) for name in loaded.players for s in [name])
    assert tree(tmp_path) == before
    # Everything this process wrote is inside the save folder.
    assert all(p.startswith("data/saves/") for p in before)


def test_a_save_file_with_a_hostile_name_is_listed_and_loads(folder):
    path = good_save(folder / "evil \x1b[31m[b]name[i]\u202e\n.json")
    summary = next(s for s in list_saves() if s.path == path)
    assert summary.problem is None
    assert load_game(path).players == ("Ann", "Bob")
