"""The new-game form with "Play an Optio pre-game first": options that no
battlefield can take are refused before the pre-game, not silently played."""

from __future__ import annotations

from textual.widgets import Input, Static

from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.newgame import NewGameScreen
from tui.rulesets.optio_handoff import PlayOptioFirst
from tui.widgets import Cycler

SIZE = (80, 24)


async def test_a_platemail_roster_naming_no_archetype_is_refused_not_sent_to_an_optio_pre_game(data_dir):
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
        roster = form.query_one(f"#opt-{form.generation}-roster_0", Input)
        roster.value = "footman,dragon"
        await pilot.pause()
        # No shipped battlefield takes that roster: the pre-game is all the list holds.
        assert isinstance(form.query_one("#battlefield", Cycler).value, PlayOptioFirst)
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is form and not any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert "dragon" in str(form.query_one("#problem", Static).render())
