"""The computer's reasons survive leaving a game and continuing it (Pilot
at 80x24): in Spheres of War the log pane shows the same » lines again;
in Platemail the reasons held back stay held (never in the log before the
end) and are released when the game ends."""

from __future__ import annotations

from tests.tui.test_computer import SIZE, log_text, start_with, wait_for
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import LeaveOrConcede
from tui.result import ResultScreen


def reason_lines(screen: GameScreen) -> list[str]:
    return [line for line in log_text(screen).splitlines() if line.startswith("» ")]


def flat(text: str) -> str:
    """Text with its wrapping undone (the log pane wraps long lines)."""
    return " ".join(text.split())


def settled(screen: GameScreen) -> bool:
    """The person's turn, the computer quiet, everything shown (a question
    may be open over the board: which equally close pair to Match, rule 13)."""
    return 0 in screen.game.to_act and screen.computer.thinking is None and not screen.narrator.busy


async def leave_and_continue(pilot, screen: GameScreen) -> GameScreen:
    """``q``, leave; ``c`` on the main menu: the game screen continued."""
    app = pilot.app
    await pilot.press("q")
    assert isinstance(app.screen, LeaveOrConcede)
    await pilot.press("y")
    assert await wait_for(pilot, lambda: not any(isinstance(s, GameScreen) for s in app.screen_stack))
    assert app.match is None
    await pilot.press("c")
    assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not screen)
    await pilot.pause()
    return app.screen


async def test_the_reasons_in_the_log_are_there_again_after_continue(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (0, 1))  # Spheres of War: a person v the computer (easy)
        assert screen.game.ruleset_name == "spheres_of_war"
        for _ in range(40):  # the person deploys, then ends turns; the computer answers each
            assert await wait_for(pilot, lambda: settled(screen) or screen.game.outcome is not None)
            if screen.game.outcome is not None:
                break
            if app.screen is not screen:  # the coin made the person the Instigator: a pair to choose
                await pilot.press("enter")
                await pilot.pause()
                continue
            if screen.game.state.phase.value == "deploy":
                await pilot.press("d", "r")
            elif sum(o.side == 1 for o in screen.game.orders) >= 10:
                break
            else:
                await pilot.press("p")
                if app.screen is not screen:
                    await pilot.press("y")
        assert await wait_for(pilot, lambda: settled(screen) and app.screen is screen)
        before = reason_lines(screen)
        notes = list(screen.computer.notes)  # each reason with how many events came before its order
        assert len(before) >= 6 and all(line.startswith("» Player 2 (easy): ") for line in before), before
        orders = screen.game.orders
        screen = await leave_and_continue(pilot, screen)
        assert screen.game.orders[:len(orders)] == orders
        after = reason_lines(screen)
        assert after[:len(before)] == before, (before, after)
        assert screen.computer.notes[:len(notes)] == notes  # each in its place: before its order's events


async def test_the_reasons_held_back_before_leaving_are_released_at_the_end(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (0, 1), ruleset_steps=3)  # Platemail: a person v the computer (easy)
        assert screen.game.ruleset_name == "platemail"
        for _ in range(4):  # the person deploys whenever it is their turn
            await wait_for(pilot, lambda: 0 in screen.game.to_act or screen.game.state.stage != "deploy")
            if screen.game.state.stage != "deploy":
                break
            await pilot.press("d", "r")
        assert await wait_for(pilot, lambda: screen.game.state.committed[1])
        assert await wait_for(pilot, lambda: screen.computer.thinking is None and not screen.narrator.busy)
        held = [line for _at, line in screen.computer.held_reasons]
        assert held and all(line.startswith("» Player 2 (easy): ") for line in held)
        screen = await leave_and_continue(pilot, screen)
        # Still held: none of them in the log before the end.
        assert [line for _at, line in screen.computer.held_reasons] == held
        text = flat(log_text(screen))
        assert not any(flat(line.split(": ", 1)[1]) in text for line in held)
        # only the line said in their place (once a side: who has orders is secret)
        assert [line for _at, line in screen.reason_notes()] == [
            "» Player 2 (easy) gives its orders (its reasons are shown when the game ends)"]
        await pilot.press("q", "c", "y")  # the person concedes: the game is over
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        words = str(app.screen.query_one("#result-text").render())
        assert f"The computer's reasons for its {len(held)} order{'s' if len(held) != 1 else ''}, kept back" in words
        text = flat(log_text(screen))
        assert all(flat(line) in text for line in held), (held, text)
        assert not screen.computer.held_reasons
