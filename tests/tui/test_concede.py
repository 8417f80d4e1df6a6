"""Conceding from the game screen: ``q`` asks whether to leave, and ``c``
there concedes (asked once more), in a hot-seat game and against the
computer; nothing is offered to whoever only watches.  Pilot at 80x24,
asserting on the games, the saves and the screens shown."""

from __future__ import annotations

from textual.widgets import Static

from core.game import start
from core.orders import Concede
from core.registry import find_ruleset
from saves.store import list_saves, load_game
from tests.tui.test_computer import wait_for
from tests.tui.test_every_ruleset import battlefield_for
from tests.tui.test_play import new_game
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Confirm, LeaveOrConcede
from tui.result import ResultScreen

SIZE = (80, 24)


def words(modal) -> str:
    return " ".join(str(s.render()) for s in modal.query(Static))


async def test_hot_seat_the_side_at_the_keyboard_concedes_and_the_result_follows(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await pilot.press("d")  # an order given: the game is under way
        side = screen.conceding_side()
        assert side == screen.acting_side()
        winner = screen.game.players[1 - side]
        await pilot.press("q")
        ask = app.screen
        assert isinstance(ask, LeaveOrConcede)
        assert f"{screen.game.players[side]} concedes and {winner} wins" in words(ask)
        await pilot.press("c")
        sure = app.screen
        assert isinstance(sure, Confirm) and not isinstance(sure, LeaveOrConcede)
        assert "cannot be taken back" in words(sure)
        await pilot.press("n")  # not after all: the game goes on
        assert app.screen is screen and screen.game.outcome is None
        await pilot.press("q", "c", "y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        game = screen.local_game()
        assert game.orders[-1] == Concede(side)
        assert game.outcome.winner == 1 - side
        assert f"{winner} wins" in words(app.screen) and "conceded" in words(app.screen)
        assert load_game(list_saves()[0].path).outcome == game.outcome


async def started(pilot, ruleset: str, seats: tuple[str, str]) -> GameScreen:
    rules = find_ruleset(ruleset)
    pilot.app.start_game(start(rules, None, battlefield_for(rules), seed=5, players=("Ann", "Bo")), seats=seats)
    assert await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
    return pilot.app.screen


async def test_against_the_computer_the_person_concedes_even_while_the_computer_plays(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot, "waylights", ("normal", "human"))
        assert screen.conceding_side() == 1
        await pilot.press("q")
        assert isinstance(app.screen, LeaveOrConcede)
        await pilot.press("c", "y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        game = screen.local_game()
        assert game.orders[-1] == Concede(1) and game.outcome.winner == 0


async def test_whoever_only_watches_is_asked_only_whether_to_leave(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot, "spheres_of_war", ("easy", "easy"))
        assert screen.conceding_side() is None
        await pilot.press("q")
        assert isinstance(app.screen, Confirm) and not isinstance(app.screen, LeaveOrConcede)
        await pilot.press("c")  # no such choice here: nothing happens
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        assert not any(isinstance(o, Concede) for o in screen.local_game().orders)
