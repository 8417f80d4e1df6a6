"""A hot-seat tester's Optio defects at 80x24.

* ``o`` with a block selected lists that block's orders only (as in every
  ruleset: tui/flow.py), while the help said "every legal order": the menu's
  title and the help now say whose orders it lists and how to see them all.
* Enter on a square the selected block cannot reach named the enemy block
  standing there ("g1 has no order to give now") or gave no reason at all:
  it now names the selected block and why (seed 003: a block moves one
  large square, up, down, left or right, once a turn).
* The handover said "Only you may see your blocks' identities" in the
  closing and the template phases, when both armies are face up and every
  other block has left the map.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from core.rulesets.optio.state import Edge, Phase
from tests.rulesets.optio.helpers import closing, place
from tests.tui.fit import settled_cuts
from tests.tui.test_flow import log_text
from tests.tui.test_optio import OPTIO, game_screen, pre_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.modals import ChoiceMenu, Handover
from tui.rulesets.optio import OptioAdapter

SIZE = (80, 24)
HELP = Path(__file__).resolve().parents[2] / "tui" / "help" / "optio.md"


def scouting_game():
    """Ann (Green) to move in the scouting: g1 at 1,1, g2..g4 on the row
    below her edge, g5 and g6 still off the map; Bob's hidden r1 at 2,2."""
    game = pre_game()
    state = game.state
    for block, square in (("g1", (1, 1)), ("g2", (0, 1)), ("g3", (3, 1)), ("g4", (2, 1))):
        state = place(state, block, square, arrived=1)
    state = place(state, "r1", (2, 2), edge=Edge.S, arrived=2)
    state = attrs.evolve(state, clock=2, active=0, first=0)
    return attrs.evolve(game, state=state)


async def _at_the_board(pilot, app, game):
    app.start_game(game)
    await pilot.pause()
    if isinstance(app.screen, Handover):
        await pilot.press("enter")
        await pilot.pause()
    screen = game_screen(app)
    assert screen.keyboard_side == 0
    return screen


async def _enter_at(pilot, screen, square) -> str:
    """Enter with the cursor on ``square``: the log pane's newest words."""
    before = len(log_text(screen))
    screen.query_one(BoardView).move_cursor(square)
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    return log_text(screen)[before:]


async def test_o_with_a_block_selected_says_it_lists_that_blocks_orders_and_esc_then_o_lists_all():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _at_the_board(pilot, app, scouting_game())
        move = next(o for o in screen.orders if o.to_text() == "move side=0 unit=g4 to=2,2")
        assert screen.submit(move)  # into Bob's square: g4 may scout r1
        await pilot.pause()
        screen.selected = "g4"
        screen.redraw()
        await pilot.press("o")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceMenu)
        listed = {value.to_text() for _label, value in menu.choices}
        assert listed == {"scout side=0 unit=g4 target=r1", "end-turn side=0"}
        # g1, g2, g3, g5 and g6 may still move: the title says this is g4's
        # list alone and how to see every order.
        title = menu.menu_title
        assert "g4 only" in title and "no block selected" in title and "every order" in title, title
        assert await settled_cuts(pilot, lambda: app.screen) == []  # the title whole at 80x24
        await pilot.press("escape")  # the menu
        await pilot.pause()
        await pilot.press("escape")  # deselect
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceMenu)
        units = {getattr(value, "unit", None) for _label, value in menu.choices}
        assert {"g1", "g2", "g3", "g4", "g5", "g6"} <= units


def test_the_help_says_what_o_lists_with_a_block_selected_and_without():
    lines = HELP.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("- `o`"))
    rest = lines[first + 1:]
    bullet = [lines[first], *rest[:next(i for i, line in enumerate(rest) if not line.startswith("  "))]]
    line = " ".join(" ".join(bullet).split())
    assert "selected block" in line and "Esc" in line, line


async def test_enter_on_a_square_the_selected_block_cannot_reach_names_it_and_says_why():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _at_the_board(pilot, app, scouting_game())
        screen.selected = "g1"  # at 1,1
        screen.redraw()
        await pilot.pause()
        # 2,2 holds Bob's hidden r1, diagonally across from 1,1.
        said = await _enter_at(pilot, screen, (2, 2))
        assert "r1 has no order" not in said, said
        assert "g1 cannot go to 2,2" in said and "diagonally across from 1,1 (2 moves away)" in said, said
        screen.selected = "g1"
        said = await _enter_at(pilot, screen, (0, 2))  # empty, diagonal
        assert "No order points here" not in said, said
        assert "g1 cannot go to 0,2" in said and "diagonal" in said, said
        screen.selected = "g1"
        said = await _enter_at(pilot, screen, (1, 3))  # straight down, two squares
        assert "g1 cannot go to 1,3" in said and "2 large squares" in said and "one large square" in said, said


async def test_enter_off_the_own_edge_for_a_block_still_off_the_map_says_where_it_may_come_on():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _at_the_board(pilot, app, scouting_game())
        screen.selected = "g5"  # not on the map yet: Green comes on at the top row (row 0)
        screen.redraw()
        await pilot.pause()
        said = await _enter_at(pilot, screen, (4, 2))
        assert "g5 cannot come on at 4,2" in said and "row 0" in said, said


async def test_enter_after_the_block_moved_says_it_has_moved_this_turn():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _at_the_board(pilot, app, scouting_game())
        move = next(o for o in screen.orders if o.to_text() == "move side=0 unit=g4 to=2,2")
        assert screen.submit(move)
        await pilot.pause()
        screen.selected = "g4"  # it may still scout r1, so it stays selectable
        screen.redraw()
        said = await _enter_at(pilot, screen, (2, 3))  # next to it, but it has moved
        assert "g4 cannot go to 2,3" in said and "moved this turn" in said, said


def _words(game, side):
    return OptioAdapter(OPTIO).handover_detail(game, side)


def test_the_handover_claims_hidden_identities_only_while_something_is_hidden():
    game = scouting_game()
    assert "Only you may see your blocks' identities" in _words(game, 0)
    closing_game = attrs.evolve(game, state=closing(game.state, (1, 1), (3, 3), active=1))
    words = _words(closing_game, 1)
    assert "Only you may see" not in words and "identities" not in words, words
    assert "face up" in words, words
    met = attrs.evolve(closing_game.state, phase=Phase.TEMPLATE, meeting=(3, 3), first_army=1,
                       second_edge=Edge.W, active=1)
    words = _words(attrs.evolve(game, state=met), 1)
    assert "Only you may see" not in words and "identities" not in words, words
    assert "template" in words and "3,3" in words, words


async def test_the_closing_handover_says_what_is_true_whole_at_80x24():
    closing_game = attrs.evolve(pre_game(), state=closing(pre_game().state, (1, 1), (3, 3), active=0))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(closing_game)
        await pilot.pause()
        handover = app.screen
        assert isinstance(handover, Handover)
        text = " ".join(str(widget.render()) for widget in handover.query("Static"))
        assert "board hides nothing" in " ".join(text.split()) and "identities" not in text, text
        assert await settled_cuts(pilot, lambda: app.screen) == []


async def test_enter_on_a_diagonal_square_in_the_closing_names_the_army_and_says_why():
    closing_game = attrs.evolve(pre_game(), state=closing(pre_game().state, (1, 1), (3, 3), active=0, kudos=(3, 3)))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _at_the_board(pilot, app, closing_game)
        screen.selected = "g-army"
        screen.redraw()
        said = await _enter_at(pilot, screen, (2, 2))
        assert "g-army cannot go to 2,2: it is diagonally across from 1,1" in said, said
        screen.selected = "g-army"
        said = await _enter_at(pilot, screen, (3, 3))  # Red's army, four moves away
        assert "r-army has no order" not in said and "g-army cannot go to 3,3: it is 4 large squares" in said, said
