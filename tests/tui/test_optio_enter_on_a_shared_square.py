"""Enter on an Optio square that holds blocks of both sides (as scouting
makes it do all the time): a tester pressed Enter on 2,2, where Bob's r4
stood with Ann's g2, and read "g2 has no order to give now: it is one of
Green's blocks" every time; after Tab selected r4 the card still told of
g2.  Enter now selects the player's own block there (the next one of
theirs on each Enter), and the card tells of the selected block.  A
stacking refusal no longer adds "(g1 has moved this turn too.)", which
has nothing to do with it."""

from __future__ import annotations

import attrs

from core.rulesets.optio.state import Edge
from tests.rulesets.optio.helpers import place
from tests.tui.test_flow import log_text
from tests.tui.test_optio import game_screen, pre_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.modals import Handover
from tui.widgets import PatchedText

SIZE = (80, 24)


def bobs_turn_at_a_shared_square():
    """Bob (Red) to move in the scouting: his r1 and r2 stand in 2,2 with
    Ann's g1 (which came in first, so it is listed first)."""
    game = pre_game()
    state = place(game.state, "g1", (2, 2), edge=Edge.N, arrived=1)
    state = place(state, "r1", (2, 2), edge=Edge.S, arrived=2)
    state = place(state, "r2", (2, 2), edge=Edge.E, arrived=3)
    return attrs.evolve(game, state=attrs.evolve(state, clock=4, active=1, first=0))


async def _at_the_board(pilot, app, game, side):
    app.start_game(game)
    await pilot.pause()
    if isinstance(app.screen, Handover):
        await pilot.press("enter")
        await pilot.pause()
    screen = game_screen(app)
    assert screen.keyboard_side == side
    return screen


def card(screen) -> str:
    return " ".join(screen.query_one("#cursor-unit", PatchedText).text.split())


async def test_enter_on_a_square_shared_with_the_enemy_selects_your_blocks_in_turn():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _at_the_board(pilot, app, bobs_turn_at_a_shared_square(), 1)
        assert [u.id for u in screen.units if u.pos == (2, 2)][0] == "g1"  # the enemy's listed first
        screen.selected = None
        screen.query_one(BoardView).move_cursor((2, 2))
        await pilot.pause()
        seen = []
        for _ in range(3):
            before = len(log_text(screen))
            await pilot.press("enter")
            await pilot.pause()
            assert "no order to give now" not in log_text(screen)[before:], log_text(screen)[before:]
            seen.append(screen.selected)
            # The card under the panel tells of the block selected, not of g1.
            assert f"{screen.selected} Red" in card(screen) and "g1" not in card(screen), card(screen)
        assert seen == ["r1", "r2", "r1"]


async def test_the_card_tells_of_the_block_tab_selected_in_a_shared_square():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _at_the_board(pilot, app, bobs_turn_at_a_shared_square(), 1)
        screen.selected = None
        screen.redraw()
        await pilot.press("tab")
        await pilot.pause()
        assert screen.query_one(BoardView).cursor == (2, 2)
        assert f"{screen.selected} Red" in card(screen) and "g1" not in card(screen), card(screen)


async def test_a_stacking_refusal_says_nothing_of_another_block_having_moved():
    """Bob (first to move in this game) brings r1 and r3 on at 0,4; r5,
    still off the map, may not come on there (at most two of a side a
    square)."""
    game = pre_game()
    state = game.state
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _at_the_board(pilot, app, game, 1)
        for text in ("move side=1 unit=r1 to=0,4", "move side=1 unit=r3 to=0,4"):
            assert screen.submit(next(o for o in screen.orders if o.to_text() == text))
            await pilot.pause()
        assert state is not screen.game.state
        screen.selected = "r5"
        screen.redraw()
        screen.query_one(BoardView).move_cursor((0, 4))
        await pilot.pause()
        before = len(log_text(screen))
        await pilot.press("enter")
        await pilot.pause()
        said = log_text(screen)[before:]
        assert "r5 cannot come on at 0,4: two of your blocks are there already" in said, said
        assert "has moved this turn too" not in said, said
