"""Optio's scouting in a newcomer's terms (a tester at 80x24): ``p`` asks
how many blocks could still move, not how many orders remain, and Tab to
a block still off the map shows that block under the cursor line without
throwing the cursor back to the map's corner."""

from __future__ import annotations

from core.game import submit
from core.rulesets.optio.orders import EndTurn, Move
from core.rulesets.optio.state import Phase
from tests.tui.test_optio import OPTIO, game_screen, pre_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.modals import Confirm, Handover
from tui.rulesets import adapter_for
from tui.widgets import PatchedText

SIZE = (80, 24)


def one_block_moved():
    """Bo (Red, from the bottom edge) to move first, one block already in."""
    game = pre_game()
    side = min(game.to_act)
    moves = [o for o in game.legal_orders(side) if isinstance(o, Move)]
    first = moves[0]
    game = submit(game, first).game
    return game, side, first.unit


def test_p_counts_the_blocks_that_could_still_move():
    game, side, moved = one_block_moved()
    legal = game.legal_orders(side)
    # Seed 003: at least one block moves, up to all, one square each a turn.
    could = sorted({o.unit for o in legal if isinstance(o, Move)})
    assert moved not in could and len(could) == 5  # six blocks, one has moved
    assert len([o for o in legal if isinstance(o, Move)]) > len(could)  # several squares each
    order, question = adapter_for(OPTIO).end_turn(game, side, legal)
    assert isinstance(order, EndTurn)
    assert f"5 blocks could still move ({' '.join(could)})" in question
    assert "order(s)" not in question


async def test_p_asks_in_blocks_on_the_screen():
    game, side, _ = one_block_moved()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        words = " ".join(str(w.render()) for w in app.screen.query("Static, Label"))
        assert "blocks could still move" in words and "order(s)" not in words


async def test_tab_to_an_off_map_block_shows_it_and_keeps_the_cursor_on_the_edge():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(pre_game())
        await pilot.pause()
        screen = game_screen(app)
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        assert screen.game.state.phase is Phase.SCOUTING
        board = screen.query_one(BoardView)
        card = screen.query_one("#cursor-unit", PatchedText)
        await pilot.press("tab")
        await pilot.pause()
        first = screen.selected
        assert screen.unit_view(first).pos is None  # still off the map
        assert f"{first} Red" in card.text and "off the map" in card.text
        edge = sorted(board.picture.highlights)
        assert board.cursor in edge  # on the squares it may enter by
        board.move_cursor((2, 4))  # the player looks at the middle of the edge
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        second = screen.selected
        assert second != first and screen.unit_view(second).pos is None
        assert board.cursor == (2, 4)  # stays: it is a square this block may enter by too
        assert f"{second} Red" in card.text and "off the map" in card.text
