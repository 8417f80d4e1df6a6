"""A run of the key that hurried a playback gives no order:
in Waylights, Space pressed once a second to hurry the computer's moves
went on past their end and accepted the split dialog's highlighted 2/2,
then moved a figure.  Presses of that key, each soon after the last, are
kept from every screen once the playback is over, until a pause or
another key (tui/hurry.py)."""

from __future__ import annotations

import re

from tests.tui.test_computer import log_text, start_with, wait_for
from tui.app import SkirmishApp
from tui.hurry import HURRY_GAP, HurryRun

SIZE = (80, 24)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_run_goes_on_while_presses_come_soon_and_ends_at_a_pause_or_another_key():
    clock = Clock()
    run = HurryRun(clock)
    assert not run.swallows("space")  # no playback hurried: every key does what it does
    run.hurried("space")
    for _ in range(5):  # once a second, as the tester pressed it
        clock.now += 1.0
        assert run.swallows("space")
    clock.now += HURRY_GAP + 0.1  # a pause: the run is over
    assert not run.swallows("space")
    assert not run.swallows("space")
    run.hurried("space")
    clock.now += 0.5
    assert not run.swallows("enter")  # another key ends it, and acts
    clock.now += 0.5
    assert not run.swallows("space")


async def test_space_that_hurried_the_computers_moves_never_splits_the_dice():
    """The tester's game: Waylights, a person against the computer (easy),
    ``d`` then ``r``, and Space pressed again and again while the
    computer's moves are shown, on into the person's own turn."""
    app = SkirmishApp()
    app.narration_pace = "normal"
    clock = Clock()  # the run's time: a press a second, as the tester's, however slow the machine
    app.hurry = HurryRun(clock)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (0, 1), ruleset_steps=4)  # Waylights: a person v the computer (easy)
        assert screen.game.ruleset_name == "waylights"
        await pilot.press("d", "r")
        assert await wait_for(pilot, lambda: screen.narrator.busy)  # the computer's deployment, shown
        mine = sum(o.side == 0 for o in screen.game.orders)
        after_the_end = 0
        for _ in range(200):  # Space once a second, through the playback and on into the person's turn
            await pilot.press("space")
            clock.now += 1.0
            await pilot.pause(0.5)
            if type(app.screen).__name__ == "SplitPicker" and not screen.narrator.busy:
                after_the_end += 1
                if after_the_end == 6:
                    break
        assert after_the_end == 6, "the person's turn never came"
        assert sum(o.side == 0 for o in screen.game.orders) == mine, screen.game.log[-3:]
        assert not re.search(r"\ba\d splits its dice", log_text(screen))  # the person's figures (b: the computer's)
        assert "▷ All shown. space hurried it, and gives no order until you pause a moment." in log_text(screen)
        clock.now += HURRY_GAP + 0.3  # a pause: Space is the player's again
        await pilot.press("space")
        assert await wait_for(pilot, lambda: sum(o.side == 0 for o in screen.game.orders) > mine)
        assert re.search(r"\ba\d splits its dice", log_text(screen))


def test_the_log_names_a_hurry_key_as_it_is_printed_on_the_keyboard():
    """A tester read "left_square_bracket hurried it": the words name the
    key a player pressed, not Textual's name for it."""
    from tui.hurry import key_name

    assert key_name("left_square_bracket") == "["
    assert key_name("question_mark") == "?"
    assert key_name("space") == "space" and key_name("enter") == "enter" and key_name("a") == "a"


def test_a_control_key_is_named_not_written_as_its_control_byte():
    """A tester read "All shown. urried it": Escape had been written as the
    ESC byte, and the terminal ate what followed it as a sequence."""
    from tui.hurry import key_name

    assert key_name("escape") == "escape" and key_name("backspace") == "backspace"
    assert key_name("ctrl_a") == "ctrl a" and key_name("f1") == "f1"
