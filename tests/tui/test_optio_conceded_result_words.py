"""A conceded Optio pre-game's result screen says each side's coins and
blocks (``Optio.side_summaries``), not "Bob: 6 left, 0 lost / left: g1 …
g6", battle words that mean nothing for blocks (a tester's report)."""

from __future__ import annotations

from core.game import start, submit
from core.orders import Concede
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import FirstPlayer, OptioOptions
from tui.result import result_lines, summarise
from tui.rulesets import adapter_for


def test_the_result_of_a_conceded_pre_game_has_no_figures_left_or_lost():
    rules = find_ruleset("optio")
    options = OptioOptions(map_seed=3, first_player=FirstPlayer.PLAYER_1)
    game = start(rules, options, map_battlefield(generate_map(3)), 3, ("Ann", "Bob"))
    game = submit(game, rules.parse_order("move side=0 unit=g1 to=2,0")).game
    game = submit(game, Concede(1)).game
    text = "\n".join(result_lines(summarise(game), adapter_for(game.ruleset).result_sides(game)))
    assert "kudo coins left" in text, text
    assert " left, " not in text and "lost:" not in text and "left: g" not in text, text


async def test_after_a_concession_the_board_shows_the_final_position_whole(data_dir):
    """A tester conceded against hard, then b for the board: it still drew
    Bob's blocks as unknown ("?g6") and the panel said "Ann to move
    (scouting turn 1 of 2)".  Once the game is over nothing is secret."""
    from tests.tui.drawn import screen_rows
    from tui.app import SkirmishApp
    from tui.board import BoardView
    from tui.modals import Handover
    from tui.result import ResultScreen

    rules = find_ruleset("optio")
    options = OptioOptions(map_seed=3, first_player=FirstPlayer.PLAYER_1)
    game = start(rules, options, map_battlefield(generate_map(3)), 3, ("Ann", "Bob"))
    for text in ("move side=0 unit=g1 to=2,0", "end-turn side=0"):
        game = submit(game, rules.parse_order(text)).game
    entry = next(o for o in game.legal_orders(1) if o.verb == "move")
    game = submit(game, entry).game
    game = submit(game, rules.parse_order("end-turn side=1")).game  # Ann to move, Bob's block hidden from her
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        for _ in range(3):
            await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        for key in ("q", "c", "y"):  # each once the window it answers is up (a loaded machine is slow)
            await pilot.press(key)
            for _ in range(3):
                await pilot.pause()
        for _ in range(50):
            if isinstance(app.screen, ResultScreen):
                break
            await pilot.pause(0.1)
        assert isinstance(app.screen, ResultScreen), app.screen
        await pilot.press("b")
        for _ in range(3):
            await pilot.pause()
        region = app.screen.query_one(BoardView).region
        board = "\n".join(row[region.x:region.right] for row in screen_rows(app)[region.y:region.bottom])
        assert f"?{entry.unit}" not in board and entry.unit in board, board
        assert "Game over" in "\n".join(screen_rows(app)), "\n".join(screen_rows(app))


def test_the_panel_never_calls_a_pre_games_end_a_draw():
    """The side panel after the armies met read "Game over: a draw (Player
    2's army held square 1,1 first …)": Optio names no winner, and its end
    is no draw."""
    from tui.side_panel import game_over_words

    rules = find_ruleset("optio")
    game = start(rules, OptioOptions(map_seed=3, first_player=FirstPlayer.PLAYER_1),
                 map_battlefield(generate_map(3)), 3, ("Ann", "Bob"))
    game = submit(game, Concede(1)).game
    assert game.outcome is not None and game.outcome.winner is None
    assert "draw" not in game_over_words(game) and game.outcome.reason in game_over_words(game)
