"""The load menu and the game screen faced with every hostile save at once:
broken files are listed with their problem and refuse to open with a
message; hostile names show as plain text; nothing crashes, nothing is
written."""

from __future__ import annotations

from core.registry import find_ruleset
from saves.store import new_save_path, save_game
from tests.robustness.hostile import EVIL_NAMES, REFUSED, RULESET, good_save, settled
from tests.robustness.test_hostile_saves import tree
from tests.saves.helpers import play
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import LoadScreen


async def test_the_load_menu_lists_and_refuses_every_hostile_save(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    for case in REFUSED:
        path = good_save(folder / f"{case.name}.json")
        path.write_bytes(case.damage(path.read_bytes()))
    good_save(folder / "odd \x1b[31m[b]name[i]\u202e\n.json", players=EVIL_NAMES)
    evil = play(find_ruleset(RULESET), seed=4, count=6, players=EVIL_NAMES)
    save_game(evil, new_save_path(evil))
    before = tree(tmp_path)
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        assert len(screen.summaries) == len(REFUSED) + 2
        broken = [s for s in screen.summaries if s.problem]
        assert len(broken) == len(REFUSED)
        for index, summary in enumerate(screen.summaries):
            if summary.problem:
                screen.query_one("OptionList").highlighted = index
                await pilot.press("enter")
                await pilot.pause()
                assert app.screen is screen  # refused, still listing
        opened = 0
        for index, summary in enumerate(screen.summaries):
            if not summary.problem:
                if not isinstance(app.screen, LoadScreen):
                    await pilot.press("l")
                    await settled(pilot)
                load = app.screen
                load.query_one("OptionList").highlighted = index
                await pilot.press("enter")
                await pilot.pause()
                game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
                banner = str(game_screen.query_one("#banner").render())
                assert "\x1b" not in banner
                opened += 1
                app.leave_game(game_screen.game)
                await pilot.pause()
        assert opened == 2
    after = tree(tmp_path)
    # Opening the two good games rewrote them (autosave on leaving); the
    # hostile files are byte for byte as they were, and nothing is outside.
    for name, blob in before.items():
        if "evil" not in name and "odd" not in name and "ann-vs" not in name and "etc" not in name:
            assert after[name] == blob, name
    assert all(name.startswith("data/saves/") for name in after)
