"""A hang-up (SIGHUP, SIGTERM) right after a save is opened, with nothing
played, leaves the file byte for byte as it was and makes no ``.bak``, as
leaving with q does.  It used to rewrite it, and with it the players'
names as loading cleans them for the screen ("Ann [GM]" became
"Ann (GM)").  Cleaning a name belongs to loading: the game shows the
cleaned name, and the file gets it only when the game is saved because
something changed."""

from __future__ import annotations

import signal

import pytest

from core.game import start
from core.registry import find_ruleset
from saves.store import save_game
from tests.robustness.hostile import settled
from tui.app import SkirmishApp
from tui.game_screen import GameScreen

RAW_NAMES = ("Ann [GM]", "Ann\x1b[31mRED\u202eX")


def saved_with_raw_names(folder):
    from saves.library import battlefield_named

    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, RAW_NAMES)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "names.json"
    save_game(game, path)
    return path


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
async def test_a_signal_with_nothing_new_leaves_the_file_as_it_was(sig, data_dir):
    path = saved_with_raw_names(data_dir / "saves")
    before = path.read_bytes()
    app = SkirmishApp(load_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert any(isinstance(s, GameScreen) for s in app.screen_stack), app.screen_stack
        shown = app.game.players
        assert shown != RAW_NAMES and "[" not in shown[0] and "\x1b" not in shown[1], "loading cleans the names"
        app.signals.on_signal(sig)  # what the handler calls (headless: no exit timer)
        await pilot.pause()
    assert path.read_bytes() == before, "the hang-up rewrote a save with nothing new in it"
    assert not path.with_name(path.name + ".bak").exists()
