"""Platemail's Round playback moves the figures on the board as you step
(issue 29), beside the board rather than a text list over it; closing it
puts the board back as the game stands."""

from __future__ import annotations

from core.events import Moved
from core.game import submit
from core.rulesets.platemail.state import Act, Action, Commit, Condition, Write
from tests.tui.test_platemail import SIZE, deployed_game, open_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.rulesets.platemail_playback import Playback


def a1_moved_game():
    """Round 1: Ann's a1 moves from 2,1 to 2,4; everyone else Defends."""
    game = deployed_game()
    stay = Act(0, Action.DEFEND)
    for order in (Write(0, "a1", Act(0, Action.MOVE, to=(2, 4)), Condition.REACHED, stay, stay),
                  Commit(0), Commit(1)):
        result = submit(game, order)
        assert not hasattr(result, "message"), result
        game = result.game
    assert game.state.round == 2 and game.state.char("a1").pos == (2, 4)
    return game


def where(board: BoardView, uid: str):
    return next((cell for cell, unit in board.picture.units.items() if unit.id == uid), None)


async def test_stepping_the_playback_moves_the_figures_on_the_board():
    game = a1_moved_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")  # Ann's handover: the playback comes first
        await pilot.pause()
        playback = app.screen
        assert isinstance(playback, Playback)
        board = screen.query_one(BoardView)
        assert playback.board is board and playback.has_class("beside-board")
        assert where(board, "a1") == (2, 1)  # as the Round began
        moves = []
        while playback.shown < len(playback.steps):
            await pilot.press("enter")
            steps = [e.to for e in playback.groups[playback.shown - 1] if isinstance(e, Moved) and e.unit == "a1"]
            if steps:  # the board follows the step: a1 where its last move of the step took it
                moves.append(steps[-1])
                assert where(board, "a1") == steps[-1]
                assert steps[-1] in board.spotlight  # the figure that moved is marked
            elif moves:
                assert where(board, "a1") == moves[-1]
        assert moves and moves[-1] == (2, 4)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert where(board, "a1") == (2, 4) and not board.spotlight  # the board as the game stands
