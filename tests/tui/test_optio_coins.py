"""Kudo coins in the Optio closing are never spent by a default (a
newcomer's report: Enter, Enter on the selected army paid a coin at once).
The order menu lists the free moves first, the highlighted item a free
one, and every order that pays a coin asks once first: Enter on its lit
square, its menu entry (by Enter or by its digit), and Hold in ``o``."""

from __future__ import annotations

import attrs

from tests.rulesets.optio.helpers import closing
from tests.tui.fit import settled_cuts
from tests.tui.test_optio import game_screen, pre_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.modals import ChoiceMenu, Confirm, Handover

SIZE = (80, 24)


def closing_game(kudos=(5, 5)):
    """Green's army at 1,1, Red's at 3,3: north (1,0) and west (0,1) pay a
    coin, east (2,1) and south (1,2) close in for free."""
    game = pre_game()
    return attrs.evolve(game, state=closing(game.state, (1, 1), (3, 3), active=0, kudos=kudos))


async def _started(pilot, app):
    app.start_game(closing_game())
    await pilot.pause()
    if isinstance(app.screen, Handover):
        await pilot.press("enter")
        await pilot.pause()
    screen = game_screen(app)
    assert screen.keyboard_side == 0
    return screen


async def test_enter_enter_on_the_selected_army_closes_in_for_free():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _started(pilot, app)
        board = screen.query_one(BoardView)
        board.move_cursor((1, 1))
        screen.selected = "g-army"
        await pilot.pause()
        await pilot.press("enter")  # on the selected army: its orders
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceMenu)
        labels = [label for label, _ in menu.choices]
        paying = [i for i, label in enumerate(labels) if "kudo coin" in label]
        free = [i for i, label in enumerate(labels) if "kudo coin" not in label]
        assert paying and free and max(free) < min(paying), labels  # the free moves first
        await pilot.press("enter")  # the highlighted item
        await pilot.pause()
        state = screen.game.state
        assert state.kudos == (5, 5), "a default spent a coin"
        assert state.block("g-army").pos in {(2, 1), (1, 2)}


async def test_a_move_that_pays_from_the_menu_asks_first():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _started(pilot, app)
        screen.query_one(BoardView).move_cursor((1, 1))
        screen.selected = "g-army"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        menu = app.screen
        labels = [label for label, _ in menu.choices]
        north = next(i for i, label in enumerate(labels) if "north" in label)
        await pilot.press(str(north + 1))  # its digit
        await pilot.pause()
        ask = app.screen
        assert isinstance(ask, Confirm)
        question = str(ask.query_one("Static").render())
        assert "pay a kudo coin to move g-army north" in question and "4 kudo coins left after" in question, question
        assert await settled_cuts(pilot, lambda: app.screen) == []  # the question whole at 80x24
        await pilot.press("n")  # not given: back to the menu
        await pilot.pause()
        assert app.screen is menu and screen.game.state.kudos == (5, 5)
        await pilot.press(str(north + 1), "y")
        await pilot.pause()
        state = screen.game.state
        assert state.kudos == (4, 5) and state.block("g-army").pos == (1, 0)


async def test_enter_on_a_lit_square_that_pays_asks_first():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _started(pilot, app)
        board = screen.query_one(BoardView)
        screen.selected = "g-army"
        board.move_cursor((0, 1))  # west: away from Red's army
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Confirm), "a coin was spent without asking"
        await pilot.press("escape")
        await pilot.pause()
        assert screen.game.state.kudos == (5, 5) and screen.game.state.block("g-army").pos == (1, 1)
        board.move_cursor((2, 1))  # east: closer, free: given at once
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, Confirm)
        state = screen.game.state
        assert state.kudos == (5, 5) and state.block("g-army").pos == (2, 1)


async def test_hold_from_the_orders_menu_asks_first():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _started(pilot, app)
        screen.selected = "g-army"
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceMenu)
        labels = [label for label, _ in menu.choices]
        assert "kudo coin" not in labels[0] and labels[-1].startswith("Hold"), labels
        await pilot.press(str(len(labels)))
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        assert screen.game.state.kudos == (4, 5)
