"""Tester 58's words and footers (Pilot at 80x24):

- the leave question against the computer says the computer answers an
  offer of a draw at once (it said the offer "stands until" it answers);
- ctrl+s on a game watched read-only (another Skirmish holds it) says why
  nothing is saved here (it said nothing at all).

The joined seat's footer: tests/remote/test_footer_while_waiting.py."""

from __future__ import annotations

from core.game import start
from core.registry import find_ruleset
from tests.tui.test_computer import log_text, start_with, wait_for
from tests.tui.test_every_ruleset import battlefield_for
from tui.app import SkirmishApp
from tui.modals import LeaveOrConcede
from tui.readonly import ReadOnlyGameScreen

SIZE = (80, 24)


async def test_the_draw_offer_to_the_computer_says_it_answers_at_once(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (0, 1))  # Spheres of War: a person against the computer (easy)
        assert screen.computer is not None and screen.computer.plays(1)
        screen.action_quit_game()
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
        drawing = app.screen.drawing
        other = screen.game.players[1]
        assert drawing == f"Or offer {other} a draw: d ({other}, the computer, answers at once).", drawing
        assert "stands until" not in drawing


async def test_between_two_people_the_offer_still_stands_until_answered(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (0, 0))
        screen.action_quit_game()
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
        other = screen.game.players[1 - screen.player_side()]
        assert app.screen.drawing == f"Or offer {other} a draw: d (it stands until {other} answers)."


async def test_ctrl_s_on_a_game_held_elsewhere_says_why_it_is_not_saved_here():
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_for(rules), seed=1, players=("Ann", "Bob"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = ReadOnlyGameScreen(game, "process 1974 on vm, since 2026-11-30T12:00:00+00:00")
        app.show_game(game, None, screen)
        await pilot.pause()
        before = log_text(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = log_text(screen)[len(before):]
        assert "another Skirmish (process 1974 on vm)" in said, said
        assert "saves it" in said and "only watches" in said, said
