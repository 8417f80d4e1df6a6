"""The new-game form's Optio map seed at 80x24: a seed the form refuses
draws no map in the Battlefield row (it said "the map drawn from seed -9"
over the line "Map generator seed: -9 is below 0"), and a blank seed field
stays one row (it drew as a tall red box)."""

from __future__ import annotations

from textual.widgets import Input

from tests.tui.test_optio import new_game_form
from tui.app import SkirmishApp
from tui.widgets import Cycler

SIZE = (80, 24)


async def type_seed(pilot, text: str):
    form = pilot.app.screen
    seed = next(field for field in form.query(Input) if (field.id or "").endswith("-map_seed"))
    seed.focus()
    seed.value = text
    await pilot.pause()
    await pilot.pause()
    return form, seed


async def test_a_refused_or_blank_seed_draws_no_map_and_the_blank_field_is_one_row():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await new_game_form(pilot, "optio")
        for text, problem in (("-9", "-9 is below 0"), ("", "must be a whole number")):
            form, seed = await type_seed(pilot, text)
            battlefield = form.query_one("#battlefield", Cycler)
            label = battlefield.labels[battlefield.index]
            assert "drawn from seed" not in label and "refused" in label, label
            assert problem in str(form.query_one("#problem").render())
            assert seed.region.height == 1, (text, seed.region)
        form, _seed = await type_seed(pilot, "7")
        battlefield = form.query_one("#battlefield", Cycler)
        assert battlefield.labels[battlefield.index] == "the map drawn from seed 7 (40x40)"
