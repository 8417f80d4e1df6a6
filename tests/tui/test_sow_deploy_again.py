"""Spheres of War at 80x24 (pilot): a figure already placed may be placed
again until Ready (docs/rulings.md, Spheres of War, *Random play*: the
core accepts it).  A tester playing the Retaliator pressed Enter on a
placed figure and read "r1 has no order to give now", and ``o`` listed
only Ready: only ctrl+z could move it."""

from __future__ import annotations

from core.game import start
from core.registry import find_ruleset
from core.rulesets.spheres_of_war import cache
from saves.library import battlefield_named
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen

SIZE = (80, 24)
RULES = find_ruleset("spheres_of_war")


def log_lines(screen) -> list[str]:
    return [str(line.text) for line in screen.query_one("#log").lines]


async def test_the_retaliator_places_a_placed_figure_again_before_ready(data_dir):
    game = start(RULES, RULES.default_options(), battlefield_named(RULES.default_battlefield), 1, ("Ann", "Bob"))
    retaliator = 1 - game.state.instigator
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.seat_kinds = ("human", "human")
        app.show_game(game, None)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        while screen.game.state.deploying != retaliator:
            await pilot.press("d", "r")  # the Instigator deploys first
            await pilot.pause()
        await pilot.press("d")  # every figure placed: Ready is all the engine lists
        await pilot.pause()
        state = screen.game.state
        mine = {u.id: u.pos for u in state.side_units(retaliator)}
        assert None not in mine.values() and screen.game.legal_orders(retaliator) != []
        uid = sorted(mine)[0]
        taken = {u.pos for u in state.units if u.pos is not None}
        target = next(c for c in cache.deploy_cells(state.battlefield, retaliator) if c not in taken)
        board = screen.query_one(BoardView)
        screen.selected = None
        board.move_cursor(mine[uid])
        await pilot.press("enter")  # on the placed figure: it is selected
        await pilot.pause()
        assert screen.selected == uid, log_lines(screen)[-1]
        assert f"{uid} has no order to give now." not in log_lines(screen)
        board.move_cursor(target)
        await pilot.press("enter")  # on a free cell of the zone: placed there
        await pilot.pause()
        assert screen.game.state.unit(uid).pos == target
        assert screen.game.state.phase.value == "deploy"  # still deploying: Ready is the player's
        await pilot.press("r")
        await pilot.pause()
        assert screen.game.state.phase.value != "deploy"
        assert screen.game.state.unit(uid).pos == target


async def test_enter_on_the_selected_figure_while_placing_says_to_pick_a_cell_and_o_lists_no_cells(data_dir):
    """Enter on a selected figure's own cell while it is being placed opened
    "Orders for r1", a list of about seventy cells of the zone (a tester
    expected to pick the cell on the board).  Placing is chosen on the
    board: Enter there says so, and ``o`` lists what is not a cell
    (deploy for me, Ready)."""
    from tui.modals import ChoiceMenu

    game = start(RULES, RULES.default_options(), battlefield_named(RULES.default_battlefield), 1, ("Ann", "Bob"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.seat_kinds = ("human", "human")
        app.show_game(game, None)
        await pilot.pause()
        screen = app.screen
        side = screen.game.state.deploying
        await pilot.press("d")  # every figure placed; the side may still place them again
        await pilot.pause()
        state = screen.game.state
        uid = sorted(u.id for u in state.side_units(side))[0]
        board = screen.query_one(BoardView)
        screen.selected = None
        board.move_cursor(state.unit(uid).pos)
        await pilot.press("enter")  # selects it
        await pilot.pause()
        assert screen.selected == uid
        from tests.tui.drawn import screen_text

        shown = screen_text(app)  # the panel promises no list o does not show
        assert "cells: Enter on [.] places it" in shown and "o: list" not in shown, shown
        await pilot.press("enter")  # on its own cell again
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceMenu), app.screen
        assert app.screen is screen
        assert "move the cursor to a lit cell" in log_lines(screen)[-1]
        await pilot.press("o")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceMenu)
        words = [label for label, _ in menu.choices]
        assert any(w.startswith("Ready") for w in words), words
        assert not any(w.startswith("Deploy " + uid) or " at " in w for w in words), words
        assert len(words) < 10, words
