"""Against the computer, the Round's playback that opens right after the
person's commit starts from where the figures stood as the Round began and
moves them on the board as you step (as the other ways of opening it do)."""

from __future__ import annotations

from core.events import Moved
from tests.tui.test_computer import wait_for
from tests.tui.test_platemail import SIZE, deployed_game, write_side_zero
from tests.tui.test_platemail_playback_board import where
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.modals import Confirm
from tui.rulesets.platemail_playback import Playback


async def test_the_playback_opened_by_the_commit_against_the_computer_moves_the_figures():
    game = deployed_game()
    began = {c.id: c.pos for c in game.state.characters}
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game, seats=("human", "hard"))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert await wait_for(pilot, lambda: screen.game.state.committed[1])  # the computer commits first
        await pilot.pause()
        await write_side_zero(pilot)  # a1 moves from 2,1 to 2,4
        await pilot.press("p")
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, Playback))
        playback = app.screen
        assert screen.game.state.round == 2
        # let the computer write (and commit) its Round 2 orders meanwhile
        assert await wait_for(pilot, lambda: screen.game.state.committed[1])
        await pilot.pause(0.2)
        assert app.screen is playback and playback.shown == 1
        board = screen.query_one(BoardView)
        assert playback.board is board
        at_start = {uid: where(board, uid) for uid in began}
        assert at_start == began  # as the Round began, not as it ended
        seen = [at_start]
        while playback.shown < len(playback.steps):
            await pilot.press("enter")
            await pilot.pause()
            now = {uid: where(board, uid) for uid in began}
            moved = {e.unit: e.to for e in playback.groups[playback.shown - 1] if isinstance(e, Moved)}
            for uid, cell in moved.items():
                if uid in now:
                    assert now[uid] == cell
            seen.append(now)
        assert seen[-1] != seen[0]  # the figures did move as the steps went
        assert seen[-1]["a1"] == (2, 4) == screen.game.state.char("a1").pos
        assert len({tuple(sorted(now.items())) for now in seen}) > 2  # step by step, not all at once
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert "show" not in vars(board)  # the board is the game screen's again
        assert {uid: where(board, uid) for uid in began} == {
            c.id: c.pos for c in screen.game.view(0).characters if c.pos is not None}
        assert not board.spotlight


async def test_log_lines_written_under_the_playback_keep_the_pane_s_width():
    """The log pane under a playback is kept from showing the Round's
    results until the last step; the computer's "Player 2 commits their
    orders", written meanwhile, came out wrapped at 20 columns
    ("Player 2 commits" / "their orders") as if the pane had no width."""
    game = deployed_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game, seats=("human", "easy"))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert await wait_for(pilot, lambda: screen.game.state.committed[1])
        await pilot.pause()
        await pilot.press("p")
        await pilot.press("y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, Playback))
        assert await wait_for(pilot, lambda: screen.game.state.committed[1])  # Round 2's, under the playback
        await pilot.pause(0.2)
        await pilot.press("escape")
        await pilot.pause()
        lines = [strip.text.rstrip() for strip in screen.query_one("#log").lines]
        assert lines[-1].endswith("commits their orders"), lines[-6:]
        assert "their orders" not in lines
