"""``skirmish watch FILE`` on a game another Skirmish is still playing
follows it: when the save changes it is read again (tui/watch_follow.py).
A tester watched a Platemail game being played in another terminal: End
showed `order 9/9`, two Rounds later End still showed `order 9/9`, and
nothing said the view was a snapshot.  Pilot at 80x24; every save here is
written as the game writes it (saves.store.save_game: a temporary file
moved over the old one), the broken one as another program's half-written
copy would be."""

from __future__ import annotations

from core.game import replay, submit
from core.orders import Concede
from saves.store import save_game
from tests.remote.helpers import until
from tests.tui.test_watch import SIZE, open_watch, played
from tui.app import SkirmishApp
from tui.watch import NOT_OVER, PUBLIC

FOLLOWING = "Following the game as it is played"


def first_orders(game, count: int):
    """The same game after only its first ``count`` orders, as its save was then."""
    return replay(game.ruleset, game.options, game.battlefield, game.seed, game.players, game.orders[:count])


def panel(screen) -> str:
    return " ".join(str(screen.query_one("#watch-panel").render()).split())


def banner(screen) -> str:
    return str(screen.query_one("#watch-banner").render())


async def test_the_watcher_at_the_newest_order_follows_the_game_as_it_is_saved(tmp_path):
    whole = played("platemail", 40, seed=2)
    assert whole.outcome is None
    path = tmp_path / "platemail.json"
    save_game(first_orders(whole, 9), path)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end")
        assert screen.index == 9 and "order 9/9" in banner(screen)
        assert FOLLOWING in panel(screen)
        save_game(first_orders(whole, 25), path)  # the other Skirmish plays on
        assert await until(pilot, lambda: screen.last == 25), "the watcher never read the longer save"
        await pilot.pause()
        assert screen.index == 25 and "order 25/25" in banner(screen)
        assert [p.state for p in screen.history] == [first_orders(whole, k).state for k in range(26)]
        # still the public view only while the game is not over (its secrets still matter)
        assert screen.viewer is PUBLIC
        await pilot.press("v")
        assert screen.viewer is PUBLIC and NOT_OVER in screen.note
        assert FOLLOWING in panel(screen)


async def test_a_watcher_who_stepped_back_keeps_their_place_and_is_told_what_came(tmp_path):
    whole = played("plasto_latros", 30)
    assert whole.outcome is None
    path = tmp_path / "plasto.json"
    save_game(first_orders(whole, 10), path)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        screen.go(4)
        await pilot.pause()
        save_game(first_orders(whole, 16), path)
        assert await until(pilot, lambda: screen.last == 16)
        await pilot.pause()
        assert screen.index == 4
        assert "6 new orders: End to catch up" in panel(screen)
        save_game(first_orders(whole, 17), path)
        assert await until(pilot, lambda: screen.last == 17)
        await pilot.pause()
        assert screen.index == 4 and "7 new orders: End to catch up" in panel(screen)
        await pilot.press("end")
        await pilot.pause()
        assert screen.index == 17 and "new order" not in panel(screen)


async def test_a_broken_write_leaves_the_last_good_state_and_says_so(tmp_path):
    whole = played("plasto_latros", 30)
    path = tmp_path / "plasto.json"
    save_game(first_orders(whole, 10), path)
    longer = tmp_path / "longer.json"
    save_game(first_orders(whole, 20), longer)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end")
        blob = longer.read_bytes()
        path.write_bytes(blob[: len(blob) // 2])  # another program's copy, cut half-way
        assert await until(pilot, lambda: "could not be read" in panel(screen)), "nothing said the save was broken"
        assert screen.last == 10 and screen.index == 10
        assert "still showing the last good state" in panel(screen)
        state = screen.history[10].state
        assert state == first_orders(whole, 10).state
        save_game(first_orders(whole, 20), path)  # the game's next save is whole again: followed
        assert await until(pilot, lambda: screen.last == 20)
        await pilot.pause()
        assert screen.index == 20 and "could not be read" not in panel(screen)


async def test_the_end_of_the_game_is_said_and_opens_every_view(tmp_path):
    whole = played("platemail", 30, seed=2)
    assert whole.outcome is None
    path = tmp_path / "platemail.json"
    save_game(first_orders(whole, 12), path)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end")
        ended = submit(whole, Concede(1)).game
        assert ended.outcome is not None
        save_game(ended, path)
        assert await until(pilot, lambda: screen.over)
        await pilot.pause()
        assert screen.index == screen.last == len(ended.orders)
        text = panel(screen)
        assert "The game has ended" in text and FOLLOWING not in text and "Result:" in text
        await pilot.press("v")  # the public view goes on to a side's, now that the game is over
        assert screen.viewer == 0
