"""``g`` on the Optio board shows the 8x8 ground of the large square under
the cursor: the board draws each large square as a 7x3 sketch, and a
tester could not see the real ground of the squares fought over until the
template screen at the end.  The help says the board is a sketch and
names the key; the footer offers it."""

from __future__ import annotations

from pathlib import Path

from core.rulesets.optio.maps import SMALL
from tests.tui.test_optio import game_screen, pre_game
from tests.tui.test_pass_key import footer_keys
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.modals import Handover
from tui.rulesets.optio_ground import SquareGround

SIZE = (80, 24)
HELP = Path(__file__).resolve().parents[2] / "tui" / "help" / "optio.md"


async def test_g_shows_the_64_small_squares_of_the_square_under_the_cursor_and_closes():
    game = pre_game()
    op_map = game.state.map
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        screen = game_screen(app)
        assert footer_keys(screen).get("g") == "Ground", footer_keys(screen)
        screen.query_one(BoardView).move_cursor((3, 2))
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        window = app.screen
        assert isinstance(window, SquareGround)
        body = str(window.query_one("#ground-body").render())
        lines = body.splitlines()
        assert "Large square 3,2" in lines[0], body
        # The rows of the map itself, small squares 24..31 across, 16..23 down.
        drawn = [line.split() for line in lines[1:1 + SMALL]]
        expected = [list(op_map.rows[16 + dy][24:32]) for dy in range(SMALL)]
        assert drawn == expected, (drawn, expected)
        assert "T woods" in body and "~ water" in body  # the template screen's key
        region = window.query_one("#ground-body").region
        assert region.right <= SIZE[0] and region.bottom <= SIZE[1]
        await pilot.press("g")
        await pilot.pause()
        assert app.screen is screen


def test_the_help_says_the_board_is_a_sketch_and_names_g():
    text = " ".join(HELP.read_text().split())
    assert "sketch" in text and "- `g`: the ground of the large square under the cursor" in text
