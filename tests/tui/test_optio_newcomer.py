"""The new-game form with "Play an Optio pre-game first": options that no
battlefield can take are refused before the pre-game, not silently played
(and the battlefield list keeps its battlefields meanwhile)."""

from __future__ import annotations

from textual.widgets import Static

from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.newgame import NewGameScreen
from tui.rulesets.optio_handoff import PlayOptioFirst
from tui.warband_picker import WarbandField
from tui.widgets import Cycler

SIZE = (80, 24)


async def test_a_platemail_roster_of_too_many_is_refused_not_sent_to_an_optio_pre_game(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        rules = form.query_one("#ruleset", Cycler)
        rules.focus()
        while rules.value != "platemail":
            await pilot.press("right")
        await pilot.pause()
        form.query_one(WarbandField).focus()  # Player 1's warband: three figures; six more make nine
        await pilot.press("enter")
        for _ in range(6):
            await pilot.press("a", "enter")
        await pilot.press("escape")
        await pilot.pause()
        bf = form.query_one("#battlefield", Cycler)
        bf.focus()
        for _ in range(len(bf.values)):
            if isinstance(bf.value, PlayOptioFirst):
                break
            await pilot.press("right")
        assert isinstance(bf.value, PlayOptioFirst)
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is form and not any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert "between 1 and 8" in str(form.query_one("#problem", Static).render())
