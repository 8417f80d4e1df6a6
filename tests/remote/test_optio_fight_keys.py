"""The Optio result's "Fight this battle with..." menu says what its keys
do (a tester: it said "Enter: choose the warbands, then start", and after
a networked pre-game the digit started the battle at once with no warband
step).  Enter and a digit do the same; at one keyboard the battle's form
follows, where the warbands are chosen; after a hosted pre-game the
battle begins at once, and the keys row says so.  80x24."""

from __future__ import annotations

import asyncio

from saves.store import new_save_path, save_game
from tests.remote.helpers import RecordingSeat, until
from tests.remote.test_next_game import _finished
from tests.tui.fit import settled_cuts
from tests.tui.test_optio_handoff_form import handoff_form
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.result import ResultScreen
from tui.rulesets.optio_fight import FightScreen

SIZE = (80, 24)


def keys_row(screen) -> str:
    return " ".join(str(screen.query_one("#fight-keys").render()).split())


async def test_after_a_hosted_pre_game_the_keys_say_the_battle_begins_at_once(data_dir):
    pre = _finished("optio", ("Ann", "Bob"), seed=4)
    path = new_save_path(pre)
    save_game(pre, path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        joiner = RecordingSeat(app.host.code)
        await asyncio.to_thread(joiner.start)
        await pilot.press("e")
        assert await until(pilot, lambda: isinstance(app.screen, FightScreen))
        fight = app.screen
        keys = keys_row(fight)
        assert "warbands" not in keys.replace("no warband step", "")  # no form to choose them follows
        assert keys == f"↑↓ Enter, or 1-{len(fight.choices)}: start it at once, no warband step · Esc: not now"
        assert await settled_cuts(pilot, lambda: app.screen) == []
        index = next(i for i, r in enumerate(fight.choices) if r.name == "waylights")
        await pilot.press(str(index + 1))  # as the row says: the battle, at once
        assert await until(pilot, lambda: joiner.status == "next")
        follow = RecordingSeat(app.host.code)
        follow.follow()
        assert await until(pilot, lambda: isinstance(app.screen, GameScreen) and follow.version >= 0)
        assert app.host.table.game.ruleset_name == "waylights"
        follow.stop()
        joiner.stop()
        app.stop_hosting()


async def test_at_one_keyboard_the_keys_say_the_warbands_form_follows_and_the_digit_opens_it(data_dir):
    from tui.newgame import NewGameScreen

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form, _ = await handoff_form(pilot, "waylights")  # the digit, as the tester pressed it
        assert isinstance(form, NewGameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.press("e")
        assert await until(pilot, lambda: isinstance(app.screen, FightScreen))
        fight = app.screen
        assert keys_row(fight) == (f"↑↓ Enter, or 1-{len(fight.choices)}: choose, then the warbands in the form "
                                   "· Esc: not now")
        assert await settled_cuts(pilot, lambda: app.screen) == []
        await pilot.press("enter")
        assert await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        app.close_session()
