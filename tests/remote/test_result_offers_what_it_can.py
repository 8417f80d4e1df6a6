"""A hosted game's result screen offers each terminal only what it can do
(a tester's onlooker was offered `r Rematch`, which only logged "The host
chooses what comes next…").  Only the host begins what follows the game:
the joiner's and the onlookers' result screens offer neither the rematch
nor the ruleset's next step (Optio's battle), and their keys say who
chooses; the host's offers both.  Under Pilot at 80x24, real sockets."""

from __future__ import annotations

import asyncio

import pytest

from saves.store import new_save_path, save_game
from tests.remote.helpers import RecordingSeat, showing, until
from tests.remote.test_next_game import _facts, _finished, _host
from tui.app import SkirmishApp
from tui.result import ResultScreen

SIZE = (80, 24)


def _offered(app) -> list[str]:
    return [value for _label, value in app.screen.choices]


def _hint(app) -> str:
    return str(app.screen.query_one("#result-hint").render())


@pytest.mark.parametrize("role", ["watch", "player"])
async def test_a_joiners_or_onlookers_result_offers_no_rematch_and_its_keys_say_who_chooses(role):
    ended = _finished("optio", ("Ann", "Bob"), seed=4)  # a pre-game: the host may fight its battle next
    host = _host(_facts(ended), remote_side=1, game=ended)
    try:
        app = SkirmishApp(join_code=host.code, join_watch=role == "watch", join_name="Bob")
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: showing(app, ResultScreen))
            assert app.remote_seat.role == role
            offered = _offered(app)
            assert "rematch" not in offered and "extra" not in offered, offered
            assert {"new", "menu", "board"} <= set(offered)
            screen = app.screen
            for key in ("r", "e"):
                await pilot.press(key)
                await pilot.pause()
                assert app.screen is screen  # nothing chosen: the key says why instead
                assert "Only the host chooses what follows this game" in _hint(app), _hint(app)
            app.stop_joined()
    finally:
        host.close()


async def test_the_hosts_result_still_offers_the_rematch_and_the_battle(data_dir):
    ended = _finished("optio", ("Ann", "Bob"), seed=4)
    path = new_save_path(ended)
    save_game(ended, path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: showing(app, ResultScreen))
        joiner = RecordingSeat(app.host.code, name="Bob")
        await asyncio.to_thread(joiner.start)
        assert {"rematch", "extra", "new", "menu"} <= set(_offered(app))
        joiner.stop()
        app.stop_hosting()
