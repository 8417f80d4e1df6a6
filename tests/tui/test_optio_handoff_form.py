"""The new-game form after an Optio pre-game (a tester at 80x24): the
battle is fought on the ground the pre-game chose, so the form shows that
ground as fixed, says why, and left/right cannot leave it; the ruleset can
still change (the ground is cut for it).  And the ordinary form's hint says
what its battlefield list really holds."""

from __future__ import annotations

from textual.widgets import Static

from core.rulesets.optio.terrain import battlefield_for
from tests.tui.test_computer_seats import finished
from tests.tui.test_newgame import open_form, started
from tests.tui.test_optio import game_screen, pre_game
from tui.app import SkirmishApp
from tui.newgame import NewGameScreen
from tui.result import ResultScreen
from tui.rulesets.optio_fight import FightScreen
from tui.widgets import Cycler

SIZE = (80, 24)


def shown(widget) -> str:
    return " ".join(str(widget.render()).split())


async def handoff_form(pilot, ruleset: str):
    """The tester's path: the finished pre-game's result, ``e``, the ruleset
    picked on the fight screen: the battle's form."""
    app = pilot.app
    done = finished(pre_game())
    app.start_game(done)
    await pilot.pause()
    game_screen(app).redraw()
    for _ in range(10):
        if isinstance(app.screen, ResultScreen):
            break
        await pilot.pause(0.1)
    await pilot.press("e")
    await pilot.pause()
    assert isinstance(app.screen, FightScreen)
    index = next(i for i, r in enumerate(app.screen.choices) if r.name == ruleset)
    await pilot.press(str(index + 1))
    await pilot.pause()
    form = app.screen
    assert isinstance(form, NewGameScreen)
    return form, done.state.result


async def test_the_handoff_form_keeps_the_pre_game_ground_fixed_and_says_why(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form, result = await handoff_form(pilot, "waylights")
        bf = form.query_one("#battlefield", Cycler)
        ground = battlefield_for(result, "waylights")
        assert bf.values == [ground]  # the pre-game's ground and nothing else
        assert bf.fixed and "◀" not in shown(bf) and "fixed" in shown(bf)
        assert shown(bf).startswith("The Optio pre-game's ground") and "generated" not in shown(bf)
        assert "Chosen by the Optio pre-game" in shown(form.query_one("#bf-about", Static))
        bf.focus()
        for _ in range(100):  # the field's help follows the focus a moment later (slower under load)
            await pilot.pause(0.05)
            if "The Optio pre-game chose this ground" in shown(form.query_one("#field-help", Static)):
                break
        assert "The Optio pre-game chose this ground" in shown(form.query_one("#field-help", Static))
        for key in ("right", "left", "space", "pagedown"):
            await pilot.press(key)
            await pilot.pause()
            assert bf.value == ground
        # The ruleset still changes, and the ground is cut for the new one, still fixed.
        rules = form.query_one("#ruleset", Cycler)
        rules.focus()
        while rules.value != "spheres_of_war":
            await pilot.press("right")
            await pilot.pause()
        await pilot.pause()
        assert bf.values == [battlefield_for(result, "spheres_of_war")] and bf.fixed
        await pilot.press("ctrl+g")
        await pilot.pause()
        battle = started(app)
        assert battle is not None and battle.game.battlefield == battlefield_for(result, "spheres_of_war")
        app.close_session()


async def test_after_the_handoff_the_ordinary_form_is_not_fixed_and_its_hint_is_true(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "waylights")
        bf = form.query_one("#battlefield", Cycler)
        assert not bf.fixed and "◀" in shown(bf)
        # Battlefields drawn for another ruleset are offered when the options
        # play on them, and the hint says so rather than "only those that suit".
        others = [label for label in bf.labels if "(Plasto Latros)" in label]
        assert others
        bf.focus()
        await pilot.pause()
        hint = shown(form.query_one("#field-help", Static))
        assert "only battlefields that suit" not in hint
        assert "can be played on" in hint and "another ruleset" in hint
        before = bf.value
        await pilot.press("right")
        assert bf.value != before
