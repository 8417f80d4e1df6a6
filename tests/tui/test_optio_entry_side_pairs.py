"""Two Optio blocks that came into one large square by the same side stand
at both ends of that side (seed 003, RULES: a block stays near the side it
came in by, so the side it entered from is plain).  A tester at 80x24: g3
came into 4,3 from the west where r2 already stood at the middle of the
west side; g3 went to the top-left corner and read as "came in from the
north"."""

from __future__ import annotations

import attrs
import pytest

from core.game import start
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import Block, Edge, Kind
from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.modals import Handover
from tui.rulesets.optio import block_slots

SIZE = (80, 24)
OPTIO = find_ruleset("optio")
# Both ends of each side: the corners; the middle row's places are the west's and the east's alone.
ENDS = {Edge.W: {(0, 0), (2, 0)}, Edge.E: {(0, 4), (2, 4)}, Edge.N: {(0, 0), (0, 4)}, Edge.S: {(2, 0), (2, 4)}}


def placed(*entries: tuple[str, int, Edge]) -> dict[str, tuple[int, int]]:
    blocks = [Block(bid, side, Kind.DUMMY, pos=(4, 3), entered_from=edge) for bid, side, edge in entries]
    return {b.id: (row, col) for row, col, b in block_slots(blocks)}


@pytest.mark.parametrize("edge", list(Edge))
@pytest.mark.parametrize("sides", [(0, 1), (1, 1), (0, 0)])
def test_two_in_by_one_side_stand_at_both_its_ends(edge, sides):
    at = placed(("a", sides[0], edge), ("b", sides[1], edge))
    assert set(at.values()) == ENDS[edge], at


def test_one_in_from_the_west_stands_in_the_middle_of_the_west_side():
    assert placed(("g3", 0, Edge.W)) == {"g3": (1, 0)}


def test_a_west_pair_beside_a_north_block_keeps_the_top_left_corner_from_reading_as_north():
    at = placed(("g1", 0, Edge.N), ("r1", 1, Edge.W), ("r2", 1, Edge.W))
    assert at["g1"][0] == 0 and {at["r1"], at["r2"]} == {(1, 0), (2, 0)}, at


def the_testers_square():
    """r2 in 4,3 from the west, then g3 from the west too (both face down)."""
    options = attrs.evolve(OPTIO.default_options(), map_seed=1)
    game = start(OPTIO, options, map_battlefield(generate_map(1)), seed=4, players=("Ann", "Bo"))
    blocks = tuple(attrs.evolve(b, pos=(4, 3), entered_from=Edge.W) if b.id in ("g3", "r2") else b
                   for b in game.state.blocks)
    return attrs.evolve(game, state=attrs.evolve(game.state, blocks=blocks))


async def test_the_testers_two_west_blocks_are_drawn_at_the_top_and_bottom_of_the_west_side():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(the_testers_square())
        await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        region = app.screen.query_one(BoardView).region
        board = [row[region.x:region.right] for row in screen_rows(app)[region.y:region.bottom]]
        at = {bid: [(y, row.index(bid)) for y, row in enumerate(board) if bid in row] for bid in ("g3", "r2")}
        assert len(at["g3"]) == 1 and len(at["r2"]) == 1, "\n".join(board)
        (yg, xg), (yr, xr) = at["g3"][0], at["r2"][0]
        assert xg == xr and abs(yg - yr) == 2, "\n".join(board)  # the square's top and bottom rows
        # The left half of the square: the label's kind letter follows the grid line.
        assert board[yg][xg - 2] in "▏»" and board[yr][xr - 2] in "▏»", "\n".join(board)
