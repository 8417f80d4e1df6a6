"""Waylights at 80x24: a dead figure's square (docs/rulings.md, Waylights,
"The dead do not block"): a Move may end on it, so the board draws it as a
move cell (never the ``*`` of "an order points at this figure"), and Enter
there says first that the move ends on the body's square."""

from __future__ import annotations

import attrs

from core.deployment import Deploy, Ready
from core.game import start, submit
from core.rulesets.waylights.orders import Move, Split
from core.rulesets.waylights.state import DEAD, WaylightsOptions
from saves.library import battlefield_named
from tests.tui.test_waylights import RULES, SIZE, open_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.rulesets.waylights_modals import PickList


def body_beside_a1(seed: int = 2):
    """a1 (an Elite) at 5,4 to act, its split declared; b1 dead at 2,4
    (three cells left); b2 alive far off."""
    options = WaylightsOptions(roster_0="elite", roster_1="spear,mook")
    game = start(RULES, options, battlefield_named("open-12"), seed=seed, players=("Ann", "Bo"))
    for order in (Deploy(0, "a1", (5, 4)), Ready(0), Deploy(1, "b1", (2, 8)), Deploy(1, "b2", (9, 9)), Ready(1)):
        game = submit(game, order).game
    state = game.state
    state = state.put(attrs.evolve(state.get("b1"), pos=(2, 4), status=DEAD, wounds=4))
    game = attrs.evolve(game, state=state)
    while game.state.active != "a1" or game.state.pending != "split":
        side = next(iter(RULES.to_act(game.state)))
        uid = game.state.active
        order = Split(side, uid, 2) if game.state.pending == "split" else RULES.parse_order(f"end side={side} unit={uid}")
        game = submit(game, order).game
    return submit(game, Split(0, "a1", 3)).game


def test_the_dead_do_not_block_a_move_but_the_knocked_out_do():
    game = body_beside_a1()
    assert Move(0, "a1", (2, 4)) in RULES.legal_orders(game.state, 0)
    ko = game.state.put(attrs.evolve(game.state.get("b1"), status="ko"))
    assert Move(0, "a1", (2, 4)) not in RULES.legal_orders(ko, 0)


async def test_a_body_on_a_move_cell_is_drawn_as_a_move_cell_and_enter_says_so():
    game = body_beside_a1()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        for _ in range(4):
            if app.screen is screen:
                break
            await pilot.press("escape")
            await pilot.pause()
        screen.selected = "a1"
        screen.redraw()
        await pilot.pause()
        board = screen.query_one(BoardView)
        assert (2, 4) in board.picture.highlights
        # not drawn as a figure an order points at: the body is not the order's object
        assert "*" not in board.labels.get("b1", "")
        assert (2, 4) not in board.picture.units  # drawn as the lit move cell: "[.]" or the shot it gives
        board.move_cursor((2, 4))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        ask = app.screen
        assert isinstance(ask, PickList), ask
        assert "b1" in ask.pick_title and "body" in ask.pick_title
        assert screen.game.state.get("a1").pos == (5, 4)  # nothing moved yet
        row = next(line for line in ask.lines() if "Move to 2,4" in line)
        await pilot.press(row[0])
        await pilot.pause()
        assert screen.game.state.get("a1").pos == (2, 4)
