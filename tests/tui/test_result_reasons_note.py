"""Where the computer's reasons went is said on the result screen where a
keyboard player sees it at 80x24, and for a finished game opened from Load
too.  A tester's Platemail games against the computer: the note ("The
computer's reasons for its N orders ... are now in the log") was the last
line of the result's text, below each side's luck lines, out of the box;
it showed only after a concession with few dice rolled.  Opened from Load,
a finished game said nothing of them, though its log holds them.  Now the
note stands under the reason, before the sides' lines (as the dice check
does), and a loaded game counts the reasons its log was filled with."""

from __future__ import annotations

from types import SimpleNamespace

from core.game import start, submit
from match.match import Reason
from saves.store import new_save_path, save_game
from tests.tui.test_computer import wait_for
from tests.tui.test_result_dice_check import long_result_game, visible
from tui.app import SkirmishApp
from tui.computer import ComputerSeats
from tui.result import ResultScreen, result_lines, summarise
from tui.result_flow import show_result
from tui.rulesets import adapter_for

SIZE = (80, 24)
NOTE = "The computer's reasons for its {} orders, kept back while its orders were secret, are now in the log"


def computer_holding(game, count: int) -> ComputerSeats:
    """The computer of side 0 against a person, holding back ``count``
    reasons as play holds them in a game of secret orders."""
    computer = ComputerSeats(("easy", "human"), dict)
    for n in range(count):
        computer.reason_line(game, 0, f"reason {n + 1}", n)
    assert len(computer.held_reasons) == count
    return computer


def finished_screen(app, game, computer):
    """What ``show_result`` reads of the game screen of a game just ended."""
    said: list[str] = []
    return SimpleNamespace(
        adapter=adapter_for(game.ruleset), game=game, whole_over=lambda: game, computer=computer,
        seats=SimpleNamespace(any_seat=SimpleNamespace()), single=False, log_line=said.append,
        local_game=lambda: game, open_modal=lambda modal, then: app.push_screen(modal, then),
        result_chosen=lambda choice: None)


async def test_the_note_is_seen_at_80x24_when_a_game_ends_with_many_dice_rolled():
    game = long_result_game()
    assert len(result_lines(summarise(game))) > 12  # more than the box's rows
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = finished_screen(app, game, computer_holding(game, 7))
        show_result(screen)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert NOTE.format(7) in visible(app), visible(app)
        assert app.screen.query_one("#result-body").scroll_y == 0
        # shown again (back from the final board): the reasons are in the log still, and it says so
        app.pop_screen()
        show_result(screen)
        await pilot.pause()
        await pilot.pause()
        assert NOTE.format(7) in visible(app), visible(app)


def test_the_note_comes_before_each_sides_lines():
    game = long_result_game()
    note = NOTE.format(3) + ": b shows the final board."
    lines = result_lines(summarise(game), note=note)
    names = [lines.index(line) for line in lines if line.startswith(tuple(f"{n}:" for n in game.players))]
    assert lines.index(note) < min(names)
    assert result_lines(summarise(game)) == [line for line in lines if line != note]


def finished_against_the_computer():
    """A finished Platemail game whose side 0 the computer played, with its
    reasons for its first orders, as a save keeps them."""
    over = long_result_game()
    game = start(over.ruleset, over.options, over.battlefield, seed=over.seed, players=over.players)
    reasons = []
    for index, order in enumerate(over.orders):
        if getattr(order, "side", None) == 0 and len(reasons) < 5:
            reasons.append(Reason(index, 0, len(game.log), f"reason {len(reasons) + 1}").to_data())
        game = submit(game, order).game
    assert game.outcome is not None and len(reasons) == 5
    return game, {"reasons": reasons}


async def test_a_finished_game_opened_from_load_says_where_the_reasons_are():
    game, pending = finished_against_the_computer()
    path = new_save_path(game)
    save_game(game, path, pending=pending, seats=("easy", "human"))
    app = SkirmishApp(load_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        assert NOTE.format(5) in visible(app), visible(app)
        # and it is true: the log holds them
        shown = app.screen_stack[-2]
        assert [line for _at, line in shown.computer.notes] == [
            f"» {game.players[0]} (easy): reason {n}" for n in range(1, 6)]
