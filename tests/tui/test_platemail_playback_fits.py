"""Platemail's Round playback at 80x24, beside the board in 36 columns:
its title and its keys are read whole at every step (a tester saw
"Round 1 resolved — step 13/13 (the" and nothing after it, and the keys
ended before "Esc close")."""

from __future__ import annotations

from tests.tui.fit import cut_texts
from tests.tui.test_glance import screen_text
from tests.tui.test_platemail import SIZE, open_game
from tests.tui.test_platemail_playback_board import a1_moved_game
from tui.app import SkirmishApp
from tui.rulesets.platemail_playback import Playback


def shown(app, widget) -> str:
    """The words the screen shows in ``widget``'s place, row after row."""
    area = widget.region
    rows = screen_text(app).splitlines()[area.y:area.bottom]
    return " ".join(" ".join(row[area.x:area.right] for row in rows).split())


async def test_the_playbacks_title_and_keys_are_read_whole_at_every_step():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, a1_moved_game())
        await pilot.press("enter")  # Ann's handover: the playback comes first
        await pilot.pause()
        playback = app.screen
        assert isinstance(playback, Playback) and playback.has_class("beside-board")
        seen = []
        while True:
            await pilot.pause()
            title = str(playback.query_one("#pb-title").render())
            hint = str(playback.query_one("#pb-hint").render())
            seen.append(title)
            for name, text in (("#pb-title", title), ("#pb-hint", hint)):
                on_screen = shown(app, playback.query_one(name))
                assert on_screen == " ".join(text.split()), (name, text, on_screen)
            assert [p for p in cut_texts(playback) if "#pb-" in p] == []
            if playback.shown >= len(playback.steps):
                break
            await pilot.press("enter")
        steps = len(playback.steps)
        assert seen[-1] == f"Round 1 resolved — step {steps}/{steps}"
        assert "Enter" in hint and "close" in hint  # the last step says how it closes
        await pilot.press("enter")  # Enter on the last step closes
        await pilot.pause()
        assert not isinstance(app.screen, Playback)
