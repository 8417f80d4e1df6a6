"""Spheres of War against the computer at 80x24 (pilot): a key that
reaches the screen after the computer's order has landed in the game, but
before the screen has shown it, wrote "Nobody can act now." between the
computer's reason and its order's events (a tester saw it after almost
every computer order, mid-Match, where it was false)."""

from __future__ import annotations

import time

from tests.tui.test_computer import log_text, wait_for
from tests.tui.test_keys import played
from tui.app import SkirmishApp
from tui.board import BoardView

SIZE = (80, 24)


def person_waits_then_computer_acts():
    """A game where side 0 (the person) acts in a Match, may Wait, and then
    side 1 (the computer) acts."""
    from core.game import submit

    for cap in range(20, 120):
        game = played("spheres_of_war", cap)
        if game.outcome is not None or game.to_act != {0} or game.state.phase.value != "match":
            continue
        waits = [o for o in game.legal_orders(0) if o.verb == "wait"]
        if waits and submit(game, waits[0]).game.to_act == {1}:
            return game
    raise AssertionError("no Match position where side 0 Waits and side 1 answers")


async def test_a_key_while_the_computers_order_is_unshown_says_nothing_false(data_dir):
    game = person_waits_then_computer_acts()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game, seats=("human", "easy"))
        await pilot.pause()
        screen = app.screen
        computer = app.match.computers[1]
        computer.pause()  # it moves when the test says (one step), as if thinking
        await pilot.press("p")  # the person Waits: the computer's Action next
        await pilot.pause()
        assert screen.game.to_act == {1} and not screen.orders
        before = len(app.match.game.log)
        # Enter on the board, queued before the computer's order lands (the
        # computer answers while the key is on its way to the screen).
        screen.post_message(BoardView.CellChosen(screen.query_one(BoardView).cursor))
        computer.step()
        deadline = time.monotonic() + 60
        while len(app.match.game.log) == before and time.monotonic() < deadline:
            time.sleep(0.01)  # the screen's loop is held: the key is handled after the order landed
        assert len(app.match.game.log) > before
        assert await wait_for(pilot, lambda: computer.state == "idle" and 0 in screen.game.to_act and screen.orders)
        await pilot.pause()
        lines = log_text(screen)
        assert "Nobody can act now." not in lines, lines
        # The computer's reason stands just before its order's events.
        rows = lines.splitlines()
        said = max(i for i, line in enumerate(rows) if line.startswith(f"» {game.players[1]} (easy): "))
        assert rows[said + 1] == app.match.game.log[before].sentence, rows[said:]
