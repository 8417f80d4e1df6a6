"""``v`` while watching a game that is not over (tui/watch.py): the answer
(only the public view until the end) is the log's last line, never a
pop-up over the watch screen; it stays while the game plays on by itself
and goes once the player moves through the game."""

from __future__ import annotations

from tests.tui.test_watch import open_watch, played, saved
from tui.app import SkirmishApp
from tui.watch import NOT_OVER, PUBLIC

SIZE = (80, 24)
SAID = f"Public view only: {NOT_OVER}"


def log_text(screen) -> str:
    """The watch log's lines as one text (a line the log wrapped is whole again)."""
    return " ".join(" ".join(strip.text.split()) for strip in screen.query_one("#watch-log").lines)


async def test_v_before_the_end_says_so_in_the_log_until_the_player_moves(tmp_path):
    game = played("optio", 40, seed=4)
    assert game.outcome is None
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, saved(tmp_path, game))
        await pilot.press("right", "right", "v")
        await pilot.pause()
        assert screen.viewer is PUBLIC and screen.index == 2
        assert log_text(screen).endswith(SAID), log_text(screen)
        assert [str(n.message) for n in app._notifications] == []
        await pilot.press("v")  # asked again: said once, not twice
        await pilot.pause()
        assert log_text(screen).count(SAID) == 1
        screen._tick()  # the game playing on by itself: still said, under the newest event
        await pilot.pause()
        assert screen.index == 3 and log_text(screen).endswith(SAID)
        await pilot.press("left")  # the player moves: it goes
        await pilot.pause()
        assert screen.index == 2 and SAID not in log_text(screen)
        await pilot.press("v", "home", "home")  # a move that stays put (already at the start) takes it too
        await pilot.pause()
        assert screen.index == 0 and SAID not in log_text(screen)
