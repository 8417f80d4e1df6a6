"""The new-game form's remembered choices (saves/settings.py): a file of
mode 0600 in a folder of mode 0700, written by rename, never through a
planted link; anything broken in it is left out, never raised."""

from __future__ import annotations

import json
import os
import stat

import attrs
import pytest

from core.registry import find_ruleset
from saves.settings import Remembered, load_settings, remember, settings_path


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_written_private_and_read_back():
    rules = find_ruleset("waylights")
    options = attrs.evolve(rules.default_options(), roster_1="elite,elite", round_limit=9)
    assert remember(rules, options, ("Ann", "Bo"), ("hard", "human")) is None
    path = settings_path()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert load_settings() == Remembered("waylights", ("Ann", "Bo"), ("hard", "human"), {"waylights": options})
    # Another ruleset's game keeps this one's options for next time.
    other = find_ruleset("platemail")
    remember(other, other.default_options(), ("Ann", "Bo"), ("human", "human"))
    assert load_settings().options == {"waylights": options, "platemail": other.default_options()}
    assert not [p for p in path.parent.iterdir() if p.name != path.name]  # no temporary file left


def test_a_planted_link_is_neither_read_nor_written_through(tmp_path):
    target = tmp_path / "elsewhere.json"
    target.write_text(json.dumps({"version": 1, "ruleset": "platemail", "players": ["Eve", "Mal"]}))
    path = settings_path()
    path.parent.mkdir(parents=True)
    os.symlink(target, path)
    assert load_settings() == Remembered()
    rules = find_ruleset("platemail")
    assert remember(rules, rules.default_options(), ("Ann", "Bo"), ("human", "human")) is None
    assert not path.is_symlink() and "Eve" in target.read_text()


@pytest.mark.parametrize("blob", [b"", b"[]", b"{\"version\": 1, \"players\": [\"A\", 2]}", b"\x00" * 10,
                                  b"{\"version\": 1, \"options\": {\"optio\": {\"kudos\": \"many\"}}}",
                                  b"{\"version\": 1, \"options\": {\"optio\": {\"kudos\": 1e999}}}",
                                  b"[" * 100_000])
def test_broken_files_give_nothing_remembered(blob):
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(blob)
    got = load_settings()
    assert got.players is None and got.options == {}


def test_each_ruleset_s_last_battlefield_is_kept_by_name_and_another_ground_leaves_it():
    plasto, wl = find_ruleset("plasto_latros"), find_ruleset("waylights")
    remember(plasto, plasto.default_options(), ("Ann", "Bo"), ("human", "human"), "pl-ruins")
    remember(wl, wl.default_options(), ("Ann", "Bo"), ("human", "human"), "wl-yard")
    assert load_settings().battlefields == {"plasto_latros": "pl-ruins", "waylights": "wl-yard"}
    # A game on an Optio map's ground (no library name) keeps the last named one.
    remember(plasto, plasto.default_options(), ("Ann", "Bo"), ("human", "human"), None)
    assert load_settings().battlefields == {"plasto_latros": "pl-ruins", "waylights": "wl-yard"}


def test_a_broken_battlefields_entry_is_left_out():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "battlefields": {"plasto_latros": 3, "waylights": "wl-yard"}}))
    assert load_settings().battlefields == {"waylights": "wl-yard"}
    path.write_text(json.dumps({"version": 1, "battlefields": ["pl-ruins"]}))
    assert load_settings().battlefields == {}
