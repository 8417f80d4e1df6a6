"""A form that remembers: the last ruleset, its options, who played each
side and the names are the defaults of the next run (a settings file of
mode 0600 in a folder of mode 0700 under SKIRMISH_DATA_DIR); a broken or
old settings file is ignored.  And the battle after an Optio pre-game
opens in the form, pre-filled."""

from __future__ import annotations

import json
import stat

from textual.widgets import Input

from saves.settings import settings_path
from tests.tui.test_computer_seats import finished
from tests.tui.test_newgame import open_form, open_warband, started
from tests.tui.test_optio import game_screen, pre_game
from tui.app import SkirmishApp
from tui.newgame import NewGameScreen
from tui.result import ResultScreen
from tui.rulesets.optio_fight import FightScreen
from tui.widgets import Cycler

SIZE = (80, 24)


def seen(form) -> dict:
    return {
        "ruleset": form.query_one("#ruleset", Cycler).value,
        "names": tuple(form.query_one(f"#p{i}", Input).value for i in (0, 1)),
        "seats": tuple(form.query_one(f"#seat{i}", Cycler).value for i in (0, 1)),
        "options": form.options(),
    }


async def test_the_last_choices_are_the_next_run_s_defaults_and_a_broken_file_is_ignored(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "platemail")
        fresh = form.options()
        await open_warband(pilot, 0)
        await pilot.press("d", "w", "1", "escape")  # no Footman; the Archer wields an Axe
        await pilot.pause()
        form.query_one("#p0", Input).focus()
        form.query_one("#p0", Input).value = ""
        await pilot.press(*"Ann")
        form.query_one("#seat1", Cycler).focus()
        await pilot.press("right")  # the computer (easy)
        max_wounds = form.query_one(f"#opt-{form.generation}-max_wounds", Cycler)
        max_wounds.focus()
        await pilot.press("right")  # 4
        chosen = seen(form)
        assert chosen["options"] != fresh and chosen["options"].roster_0 == "archer:axe,knight"
        assert chosen["options"].max_wounds == 4 and chosen["seats"] == ("human", "easy")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert started(app) is not None
        app.close_session()
    path = settings_path()
    assert path.parent == data_dir / "settings"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert seen(form) == {**chosen, "names": ("Ann", "Player 2")}
        # Another ruleset opens with its own defaults and its own battlefield.
        form.query_one("#ruleset", Cycler).focus()
        await pilot.press("right")
        await pilot.pause()
        assert form.options() == form.ruleset().default_options()
    for broken in (b"{not json", b"\xff\xfe", json.dumps({"version": 0, "ruleset": "platemail"}).encode(),
                   json.dumps({"version": 1, "ruleset": "platemail", "players": ["Ann"], "seats": ["robot", "x"],
                               "options": {"platemail": {"max_wounds": 99}, "nope": {}}}).encode()):
        path.write_bytes(broken)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, NewGameScreen)
            got = seen(form)
            assert got["names"] == ("Player 1", "Player 2") and got["seats"] == ("human", "human")
            assert got["options"] == form.ruleset().default_options()


async def test_the_battle_after_an_optio_pre_game_opens_the_form_pre_filled(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        done = finished(pre_game())
        app.start_game(done, seats=("human", "hard"))
        await pilot.pause()
        screen = game_screen(app)
        screen.redraw()
        for _ in range(10):
            if isinstance(app.screen, ResultScreen):
                break
            await pilot.pause(0.1)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("e")  # fight the battle on this ground
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)
        choices = app.screen.choices
        platemail = next(i for i, r in enumerate(choices) if r.name == "platemail")
        await pilot.press(str(platemail + 1))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        bf = form.query_one("#battlefield", Cycler)
        assert form.query_one("#ruleset", Cycler).value == "platemail"
        assert bf.labels[bf.index].startswith("The Optio pre-game's ground")
        assert seen(form)["seats"] == ("human", "hard") and seen(form)["names"] == tuple(done.players)
        await pilot.press("escape")  # not now: back to the pre-game's result
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press(str(platemail + 1))
        await pilot.pause()
        form = app.screen
        await open_warband(pilot, 0)
        await pilot.press("d", "escape")  # the Footman stays home
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        battle = started(app)
        assert battle is not None and battle.game.ruleset_name == "platemail"
        assert battle.game.battlefield == bf.values[0]
        assert [c.archetype for c in battle.game.state.characters if c.side == 0] == ["archer", "knight"]
        app.close_session()


async def test_remembered_options_no_battlefield_takes_still_list_the_battlefields_and_say_why(data_dir):
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "ruleset": "platemail",
                                "options": {"platemail": {"roster_0": "footman,dragon"}}}))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert form.options().roster_0 == "footman,dragon"
        bf = form.query_one("#battlefield", Cycler)
        assert bf.labels[bf.index] == "Walled farmyard (Platemail) (16x12)"
        assert "dragon" in str(form.query_one("#problem").render())
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is form and started(app) is None


async def test_the_battlefield_last_started_on_is_the_next_run_s_default(data_dir):
    """A player who picked Rooftops for Plasto Latros finds it picked again
    next time (the form used to go back to the ruleset's own ground)."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "plasto_latros")
        ground = form.query_one("#battlefield", Cycler)
        assert ground.value.name == "Open field (Plasto Latros)"
        ground.focus()
        for _ in range(len(ground.values)):
            if ground.value.name == "Rooftops (Plasto Latros)":
                break
            await pilot.press("right")
        assert ground.value.name == "Rooftops (Plasto Latros)"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert started(app) is not None
        app.close_session()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.query_one("#ruleset", Cycler).value == "plasto_latros"
        await pilot.pause()
        assert form.query_one("#battlefield", Cycler).value.name == "Rooftops (Plasto Latros)"
        # Another ruleset still opens on its own ground.
        chooser = form.query_one("#ruleset", Cycler)
        chooser.focus()
        while chooser.value != "waylights":
            await pilot.press("right")
        await pilot.pause()
        assert form.query_one("#battlefield", Cycler).value.name == "Waylights Crossroads"
