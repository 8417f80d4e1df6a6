"""The cursor card describes the large square the cursor is on, not one
glyph of it.  A tester at 80x24 on the map drawn from seed 1 read "Cursor
3,1: water" for a square of 17 hill small squares (at three heights), 16
water, 16 open: the hill's heights were counted apart, so water won."""

from __future__ import annotations

from collections import Counter

from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import LARGE, MAP_TERRAIN, SMALL
from tests.tui.test_optio import game_screen, pre_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.modals import Handover
from tui.rulesets.optio import square_battlefield
from tui.widgets import PatchedText

SIZE = (80, 24)


def kinds_in(op_map, square) -> Counter:
    """Every small square of ``square`` counted by its kind of terrain."""
    x, y = square
    return Counter(MAP_TERRAIN[op_map.rows[y * SMALL + dy][x * SMALL + dx]].kind
                   for dy in range(SMALL) for dx in range(SMALL))


def test_a_square_is_drawn_as_the_kind_most_of_it_has():
    for seed in range(1, 9):
        op_map = generate_map(seed)
        field = square_battlefield(op_map)
        for y in range(LARGE):
            for x in range(LARGE):
                counts = kinds_in(op_map, (x, y))
                most = max(counts.values())
                assert counts[field.terrain((x, y)).kind] == most, f"map {seed}, square {x},{y}: {counts}"


def test_the_testers_square_is_a_hill():
    op_map = generate_map(1)
    counts = kinds_in(op_map, (3, 1))
    assert counts["hill"] == 17 and counts["water"] == 16
    assert square_battlefield(op_map).terrain((3, 1)).kind == "hill"


async def test_the_cursor_card_names_what_the_large_square_holds():
    op_map = generate_map(1)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(pre_game(map_seed=1))
        await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        screen = game_screen(app)
        screen.query_one(BoardView).move_cursor((3, 1))
        await pilot.pause()
        line = screen.query_one("#cursor", PatchedText).text
        card = " ".join(screen.query_one("#cursor-unit", PatchedText).text.split())
        assert line.startswith("Cursor 3,1: hill"), line
        counts = kinds_in(op_map, (3, 1))
        for kind, n in counts.items():
            assert f"{kind} {n}" in card, card
        assert f"{SMALL * SMALL} small squares" in card, card
        # the most first
        assert card.index(f"hill {counts['hill']}") < card.index(f"water {counts['water']}") < card.index("marsh")
