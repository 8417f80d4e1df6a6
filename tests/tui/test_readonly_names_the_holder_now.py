"""A game watched read-only names the Skirmish that holds it now, not the
one that held it when the view opened: a tester's watcher kept saying
"held by process 9670 on vm" after 9670 had left and another terminal
had opened the game, and ctrl+s named 9670 too.  When nobody holds it the
banner says so, and ctrl+s says how to play it."""

from __future__ import annotations

import json

from core.game import start
from core.registry import find_ruleset
from saves.session import GameSession, owner_path
from saves.store import save_game
from tui.app import SkirmishApp
from tui.readonly import ReadOnlyGameScreen

SIZE = (80, 24)


def banner_of(screen) -> str:
    return str(screen.query_one("#banner").content)


async def test_the_banner_and_ctrl_s_follow_who_holds_the_game(data_dir, tmp_path):
    from saves.library import battlefield_named

    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 1, ("Ann", "Bo"))
    path = tmp_path / "held.json"
    save_game(game, path)
    first = GameSession.open(path)  # the Skirmish holding it when the view opens
    said: list[str] = []
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = ReadOnlyGameScreen(game, "process 9670 on vm, since 2026-12-01T00:00:00+00:00", path)
        app.show_game(game, None, screen)
        await pilot.pause()
        screen.say = said.append  # what ctrl+s writes in the log
        assert "held by process 9670 on vm" in banner_of(screen)

        first.close()  # it leaves the game: nobody holds it now
        screen.follow()
        await pilot.pause()
        assert "9670" not in banner_of(screen) and "nobody" in banner_of(screen), banner_of(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert said and "nobody has this game open" in said[-1] and "9670" not in said[-1], said

        # Another terminal opens it (its owner file, as saves/session.py writes one).
        owner_path(path).write_text(json.dumps({"pid": 4242, "host": "vmC", "started": "2026-12-01T01:00:00"}))
        screen.follow()
        await pilot.pause()
        assert "held by process 4242 on vmC" in banner_of(screen), banner_of(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "process 4242 on vmC" in said[-1] and "9670" not in said[-1], said
