"""Optio blocks stand at the side of the large square they came in by
(seed 003, RULES: a block that moves into a square stays near the side it
came from, to show which way it entered).  A tester at 80x24: two Red blocks
that came into one square from the east were drawn one at the right of the
middle row, the other in the top-left corner, as if it came from the north."""

from __future__ import annotations

import attrs
import pytest

from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.orders import EndTurn, Move
from core.rulesets.optio.state import Block, Edge, FirstPlayer, Kind
from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.modals import Handover
from tui.rulesets.optio import block_slots

SIZE = (80, 24)
OPTIO = find_ruleset("optio")


# A block's label goes in one of six places of its square's picture, (row,
# column): three rows, the left or the right half.  The sides of the square
# each place is next to (a corner is next to two).
NEXT_TO = {(0, 0): {Edge.N, Edge.W}, (0, 4): {Edge.N, Edge.E}, (1, 0): {Edge.W}, (1, 4): {Edge.E},
           (2, 0): {Edge.S, Edge.W}, (2, 4): {Edge.S, Edge.E}}


def block(bid: str, side: int, edge: Edge) -> Block:
    return Block(bid, side, Kind.DUMMY, pos=(1, 1), entered_from=edge)


def placed(*entries: tuple[str, int, Edge]) -> dict[str, tuple[int, int]]:
    return {b.id: (row, col) for row, col, b in block_slots([block(*e) for e in entries])}


# Up to two blocks of each side share a square (seed 003: two may join two).
@pytest.mark.parametrize("entries", [
    [("r2", 1, Edge.E), ("r5", 1, Edge.E)],  # the tester's square 1,4
    [("r3", 1, Edge.W), ("r5", 1, Edge.W)],  # and its square 3,4
    [("g1", 0, Edge.N), ("g2", 0, Edge.N), ("r2", 1, Edge.E), ("r5", 1, Edge.E)],
    [("g1", 0, Edge.W), ("g2", 0, Edge.W), ("r1", 1, Edge.S), ("r2", 1, Edge.S)],
    [("g1", 0, Edge.E), ("g2", 0, Edge.W), ("r1", 1, Edge.E), ("r2", 1, Edge.W)],
    [("g1", 0, Edge.N), ("r1", 1, Edge.W), ("r2", 1, Edge.W)],
    [("g1", 0, Edge.S), ("r1", 1, Edge.E)],
])
def test_every_block_stands_at_the_side_it_came_in_by(entries):
    at = placed(*entries)
    assert len(set(at.values())) == len(entries)  # one place each
    for bid, _side, edge in entries:
        assert edge in NEXT_TO[at[bid]], f"{bid} came in by {edge.value} but stands at {at[bid]}"


def test_a_corner_is_not_shared_with_another_blocks_way_in():
    """A west block beside a north one: the north block takes the corner
    that is not also the west side."""
    at = placed(("g1", 0, Edge.N), ("r1", 1, Edge.W))
    assert at["r1"] == (1, 0)
    assert Edge.W not in NEXT_TO[at["g1"]]


def two_in_from_the_east():
    """The tester's game 2: Red's r2 and r5 come into square 1,4 from 2,4."""
    options = attrs.evolve(OPTIO.default_options(), map_seed=1, first_player=FirstPlayer.PLAYER_2)
    game = start(OPTIO, options, map_battlefield(generate_map(1)), seed=4, players=("Ann", "Bo"))
    for order in (Move(1, "r2", (2, 4)), Move(1, "r5", (2, 4)), EndTurn(1),
                  Move(0, "g1", (0, 0)), EndTurn(0),
                  Move(1, "r2", (1, 4)), Move(1, "r5", (1, 4))):
        game = submit(game, order).game
    assert {b.id: b.entered_from for b in game.state.blocks if b.pos == (1, 4)} == {"r2": Edge.E, "r5": Edge.E}
    return game


def label_columns(rows: list[str], bid: str) -> list[tuple[int, int]]:
    return [(y, row.index(bid)) for y, row in enumerate(rows) if bid in row]


async def test_two_blocks_in_from_the_east_are_both_drawn_at_the_east_side():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(two_in_from_the_east())
        await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        region = app.screen.query_one(BoardView).region  # the board, not the panel or the log
        board = [row[region.x:region.right] for row in screen_rows(app)[region.y:region.bottom]]
        r2, r5 = label_columns(board, "r2"), label_columns(board, "r5")
        assert len(r2) == 1 and len(r5) == 1, "\n".join(board)
        (y2, x2), (y5, x5) = r2[0], r5[0]
        assert x2 == x5 and y2 != y5, "\n".join(board)  # one above the other, in the same column
        # That column is the square's right one: the square's grid line is
        # the last "▏" or "»" left of the label, the art seven columns wide.
        left = max(board[y2].rfind("▏", 0, x2), board[y2].rfind("»", 0, x2))
        assert x2 - 1 - left >= 4, "\n".join(board)
