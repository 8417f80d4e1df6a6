"""Hot-seat: where a player leaves the cursor is their own.  A tester's
Optio game: Ann ended her turn with the cursor on her army, hidden to Bo;
Bo's board opened with the cursor there, and the side card named the
square of her army.  Each side now has its own cursor, the first time on
one of its own figures."""

from __future__ import annotations

import attrs

from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.orders import Move
from core.rulesets.optio.state import FirstPlayer, Kind
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.modals import Handover

SIZE = (80, 24)
OPTIO = find_ruleset("optio")


async def settle(pilot, times: int = 3) -> None:
    for _ in range(times):
        await pilot.pause()


async def test_the_next_player_does_not_find_the_cursor_on_the_hidden_army(data_dir):
    options = attrs.evolve(OPTIO.default_options(), map_seed=1, first_player=FirstPlayer.PLAYER_1)
    game = start(OPTIO, options, map_battlefield(generate_map(1)), seed=4, players=("Ann", "Bo"))
    army = next(b for b in game.state.blocks if b.side == 0 and b.kind is Kind.ARMY)
    entry = next(o for o in game.legal_orders(0) if isinstance(o, Move) and o.unit == army.id and o.to != (0, 0))
    game = submit(game, entry).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await settle(pilot)
        assert isinstance(app.screen, Handover)
        await pilot.press("enter")
        await settle(pilot)
        board = app.screen.query_one(BoardView)
        board.move_cursor(entry.to)  # Ann looks at her army
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, Handover) and "Bo" in app.screen.player
        await pilot.press("enter")
        await settle(pilot)
        board = app.screen.query_one(BoardView)
        assert board.cursor == (0, 0)  # Bo has no block on the map yet: the corner, not Ann's army
