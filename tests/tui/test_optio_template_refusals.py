"""A shift past the template's limit, or Enter on a shift that is not
allowed, is said in the template screen's own keys row, whole at 80x24
(a tester: each one popped up a toast that stacked over the map and the
side panel, cut off; README: news never pops up over the board)."""

from __future__ import annotations

from core.rulesets.optio import template as tpl
from tests.tui.fit import settled_cuts
from tests.tui.test_optio import play_to_template, pre_game
from tests.tui.test_optio_template_words import _template_screen
from tui.app import SkirmishApp
from tui.rulesets.optio_template import TemplateScreen

SIZE = (80, 24)
KEYS = "arrows: shift the template · Enter: place · Esc: back to the map"
PAST_THE_LIMIT = "The template moves at most one small square each way from the centre."
NOT_ALLOWED = "Not allowed: that takes in more impassable ground or map edge than centred; shift it back."


def keys_row(screen) -> str:
    return " ".join(str(screen.query_one("#tpl-keys").render()).split())


async def test_a_shift_past_the_limit_is_said_in_the_keys_row_not_in_a_pop_up():
    game = play_to_template(pre_game(), seed=1)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _template_screen(pilot, app, game)
        assert keys_row(screen) == KEYS
        for _ in range(4):  # one small square is the most: the second, third and fourth are refused
            await pilot.press("left")
            await pilot.pause()
        assert abs(screen.forward) + abs(screen.right) == 1
        assert list(app._notifications) == []  # no toast over the map and the panel
        assert keys_row(screen) == f"✗ {PAST_THE_LIMIT}"
        assert await settled_cuts(pilot, lambda: app.screen) == []
        await pilot.press("right")  # a shift taken: the keys are back
        await pilot.pause()
        assert keys_row(screen) == KEYS and screen.forward == screen.right == 0


async def test_enter_on_a_shift_not_allowed_is_refused_in_the_keys_row():
    game = play_to_template(pre_game(), seed=4)  # most shifts take in more rock, water or edge there
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _template_screen(pilot, app, game)
        state = screen.view_state
        shift = next((f, r) for f in tpl.SHIFTS for r in tpl.SHIFTS
                     if not tpl.shift_allowed(state.map, state.meeting, state.second_edge, f, r))
        screen.forward, screen.right = shift
        screen._draw()
        assert not screen.allowed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TemplateScreen)
        assert list(app._notifications) == []
        assert keys_row(screen) == f"✗ {NOT_ALLOWED}"
        assert await settled_cuts(pilot, lambda: app.screen) == []
