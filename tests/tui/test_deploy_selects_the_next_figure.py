"""Deployment: once the selected figure is placed, the next of the side's
figures still off the board is selected, so that Enter on another lit cell
places it (a tester pressed Enter on three cells and placed one figure
three times: "a1 deploys at 2,1 / 3,1 / 9,1").  The same screen code
places every ruleset's figures."""

from __future__ import annotations

import pytest

from tests.tui.test_flow import SIZE, new, open_at_the_keyboard
from tests.tui.test_not_ready_while_deploying import DEPLOYING, _at_the_board
from tui.app import SkirmishApp
from tui.board import BoardView


def off_board(screen, side: int) -> list[str]:
    return [u.id for u in screen.units if u.side == side and u.pos is None]


@pytest.mark.parametrize("name", DEPLOYING)
async def test_enter_on_a_lit_cell_places_the_selected_figure_then_selects_the_next(name):
    game = new(name)
    side = min(game.to_act)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at_the_keyboard(pilot, game)
        await _at_the_board(pilot, screen)
        assert screen.keyboard_side == side
        await pilot.press("tab")
        await pilot.pause()
        first = screen.selected
        waiting = off_board(screen, side)
        assert first in waiting and len(waiting) >= 2
        orders = [o for o in screen.orders_by_unit()[first] if o.verb == "deploy"]
        cell = next(c for o in orders for c in screen.adapter.order_cells(screen.game, screen.view_state, o))
        screen.query_one(BoardView).move_cursor(cell)
        await pilot.press("enter")
        await pilot.pause()
        while screen.modal_open:  # a ruleset that asks which order (none should for one cell)
            await pilot.press("enter")
            await pilot.pause()
        assert first not in off_board(screen, side)  # placed once
        assert screen.selected != first and screen.selected in off_board(screen, side)
        assert screen.selected == [u for u in waiting if u != first][0]
