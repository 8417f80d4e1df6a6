"""The log's "» Player 2 (easy) gives its orders (its reasons are shown when the
game ends)" lines, written in place of the computer's reasons while its
orders are secret, are written again whenever the log pane is filled
afresh: a tester saw them during play and lost them after ctrl+z and after
continuing the save."""

from __future__ import annotations

import attrs

from core.game import start
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import FirstPlayer
from tests.tui.test_computer import log_text, wait_for
from tests.tui.test_reasons_kept import leave_and_continue
from tui.app import SkirmishApp
from tui.game_screen import GameScreen

OPTIO = find_ruleset("optio")
GAVE = "» Player 2 (easy) gives its orders (its reasons are shown when the game ends)"


async def red_first_against_the_computer(pilot) -> GameScreen:
    """Optio, the computer (Red) moving first: its turn one given."""
    options = attrs.evolve(OPTIO.default_options(), map_seed=1, first_player=FirstPlayer.PLAYER_2)
    game = start(OPTIO, options, map_battlefield(generate_map(1)), seed=4, players=("Player 1", "Player 2"))
    pilot.app.start_game(game, seats=("human", "easy"))
    await pilot.pause()
    screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
    assert await wait_for(pilot, lambda: 0 in screen.game.to_act and not screen.narrator.busy)
    await pilot.pause(0.3)
    return screen


async def test_one_line_for_each_of_the_computers_turns(data_dir):
    """A line an order filled the five-line log with nothing else: Red's
    turn of six entries and its end was seven of them."""
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await red_first_against_the_computer(pilot)
        lines = log_text(screen).splitlines()
        assert lines.count(GAVE) == 1
        assert lines.index(GAVE) < min(i for i, line in enumerate(lines) if "enters at" in line)
        for _ in range(10):  # Green's turn: its blocks enter, then it ends
            legal = screen.game.legal_orders(0)
            order = next((o for o in legal if o.verb == "end-turn"), None) or next(o for o in legal if o.verb == "move")
            screen.submit_result(order)
            await pilot.pause(0.1)
            if order.verb == "end-turn" or 0 not in screen.game.to_act:
                break
        assert await wait_for(pilot, lambda: 0 in screen.game.to_act and not screen.narrator.busy
                              and screen.computer.thinking is None)
        await pilot.pause(0.3)
        assert log_text(screen).splitlines().count(GAVE) == 2  # Red's second turn: one more


async def test_they_stay_after_ctrl_z(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await red_first_against_the_computer(pilot)
        said = log_text(screen).count(GAVE)
        assert said == 1  # one for Red's run of orders (its moves and its end of turn)
        order = next(o for o in screen.game.legal_orders(0) if o.verb == "move")
        screen.submit_result(order)
        await pilot.pause(0.3)
        await pilot.press("ctrl+z")
        await pilot.pause(0.3)
        text = log_text(screen)
        assert "takes back" in text
        assert text.count(GAVE) == said, text


async def test_they_are_there_again_after_continue(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await red_first_against_the_computer(pilot)
        before = [line for line in log_text(screen).splitlines() if line.startswith("»") or "enters at" in line]
        assert GAVE in before
        screen = await leave_and_continue(pilot, screen)
        after = [line for line in log_text(screen).splitlines() if line.startswith("»") or "enters at" in line]
        assert after[:len(before)] == before  # each before its order's event, as in play
