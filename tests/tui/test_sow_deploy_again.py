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
