"""Testers' report: Enter twice quickly on "Player 2's warband" opened two
stacked warband lists (edits in the top one lost when the stale one under
it closed, ctrl+g dead in it), and a key typed straight after Enter
("Enter a") was dropped.  The keys are sent in one burst, as one read
from the terminal brings them (tests/tui/test_s55_newgame_hint_and_start.py)."""

from __future__ import annotations

from textual import events

from tests.tui.test_newgame import open_form, text
from tests.tui.test_s55_newgame_hint_and_start import settle
from tui.app import SkirmishApp
from tui.warband_picker import PickMenu, WarbandField, WarbandScreen

SIZE = (80, 24)


def burst(app, *keys: str) -> None:
    for key in keys:
        app.post_message(events.Key(key, {"enter": "\r", "escape": "\x1b"}.get(key, key)))


async def on_field(pilot, form, side: int) -> WarbandField:
    field = form.query_one(f"#wb-{form.generation}-{side}", WarbandField)
    form.set_focus(field)
    await pilot.pause()
    return field


def lists(app) -> list[WarbandScreen]:
    return [s for s in app.screen_stack if isinstance(s, WarbandScreen)]


async def test_two_quick_enters_open_one_warband_list_and_its_edits_stay():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "platemail")
        field = await on_field(pilot, form, 1)
        burst(app, "enter", "enter")
        await settle(pilot, lambda: isinstance(app.screen, WarbandScreen))
        for _ in range(5):
            await pilot.pause()
        assert len(lists(app)) == 1, app.screen_stack
        screen = app.screen
        before = len(screen.figures)
        await pilot.press("d")  # one figure fewer, then back to the form
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is form)
        assert app.screen is form
        assert text(field).endswith(f"({before - 1}) ▸"), text(field)


async def test_a_key_typed_straight_after_enter_reaches_the_list():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "platemail")
        await on_field(pilot, form, 1)
        burst(app, "enter", "a")  # a: add a figure, in the list
        await settle(pilot, lambda: isinstance(app.screen, PickMenu))
        assert isinstance(app.screen, PickMenu) and app.screen.menu_title == "Add a figure"
        assert len(lists(app)) == 1


async def test_enter_then_escape_in_one_burst_closes_the_list_it_opened():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "platemail")
        await on_field(pilot, form, 0)
        burst(app, "enter", "escape")
        for _ in range(10):
            await pilot.pause()
        assert app.screen is form and not lists(app)
        burst(app, "enter")  # and the field opens again afterwards
        await settle(pilot, lambda: isinstance(app.screen, WarbandScreen))
        assert len(lists(app)) == 1


async def test_ctrl_g_in_the_list_keeps_it_and_starts_the_game():
    from tests.tui.test_newgame import started

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "platemail")
        await on_field(pilot, form, 0)
        burst(app, "enter", "d")  # the list, one figure fewer
        await settle(pilot, lambda: isinstance(app.screen, WarbandScreen) and len(app.screen.figures) == 2)
        kept = list(app.screen.figures)
        await pilot.press("ctrl+g")
        await settle(pilot, lambda: started(app) is not None)
        game = started(app).game
        assert len([c for c in game.state.characters if c.side == 0]) == len(kept) == 2
