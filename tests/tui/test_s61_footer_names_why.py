"""Testers' report: the board's footer never named the Why? key (x worked
and the help said so; the watch footer shows "x Why?").  It is named last,
after Help and Quit, so that a full footer at 80 columns cuts it first."""

from __future__ import annotations

from tests.tui.test_keys import game_screen, played
from tests.tui.test_pass_key import SIZE, footer_keys, spheres_at_a_wait
from tui.app import SkirmishApp


async def test_the_spheres_of_war_footer_names_x_why():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, spheres_at_a_wait())
        await pilot.pause()
        keys = footer_keys(screen)  # only the keys drawn whole within 80 columns
        assert keys.get("x") == "Why?", keys
        assert keys.get("q") == "Quit" and "f1" in keys


async def test_the_fullest_plasto_latros_footer_still_fits_why():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, played("plasto_latros", 30))
        await pilot.pause()
        keys = footer_keys(screen)
        assert keys.get("x") == "Why?" and keys.get("q") == "Quit", keys
