"""The template screen says its frame (a newcomer's report: ← showed
"Shift: forward +0, right +1", the rule's words in the placer's frame
with no word of which way that is on screen): the panel names the frame
(the placer facing the other army's edge) and each shift's screen
direction, and nothing of it is cut at 80x24."""

from __future__ import annotations

import attrs

from core.rulesets.optio import template as tpl
from core.rulesets.optio.state import SIDE_NAMES
from tests.tui.fit import settled_cuts
from tests.tui.test_optio import play_to_template, pre_game
from tui.app import SkirmishApp
from tui.modals import Handover
from tui.rulesets.optio_template import TemplateScreen

SIZE = (80, 24)
ARROW = {(0, -1): "↑", (0, 1): "↓", (-1, 0): "←", (1, 0): "→"}


async def _template_screen(pilot, app, game):
    app.start_game(game)
    await pilot.pause()
    for _ in range(3):
        if isinstance(app.screen, TemplateScreen):
            break
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
        await pilot.pause()
    screen = app.screen
    assert isinstance(screen, TemplateScreen)
    return screen


async def test_the_panel_says_which_way_forward_and_right_are_on_screen():
    for seed in (1, 3, 5, 9):  # the second army came in by N, E, S and W
        game = play_to_template(pre_game(), seed=seed)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = await _template_screen(pilot, app, game)
            state = screen.view_state
            assert state.second_edge.name == "NESW"[(1, 3, 5, 9).index(seed)]
            forward = ARROW[state.second_edge.delta]
            right = ARROW[tpl.right_of(state.second_edge).delta]
            back = ARROW[state.second_edge.opposite.delta]
            left = ARROW[tpl.right_of(state.second_edge).opposite.delta]
            status = str(screen.query_one("#tpl-status").render())
            # The frame: who faces whose edge, and the rule's words as screen arrows.
            assert f"{screen.player} faces {SIDE_NAMES[1 - screen.side]}'s edge" in status, status
            assert f"forward {forward}" in status and f"right {right}" in status, status
            assert f"back {back}" in status and f"left {left}" in status, status
            assert "Shift: none (centred)" in status, status
            # Every arrow: the shift in the rule's words with the arrow that made it.
            for key, (dx, dy) in (("left", (-1, 0)), ("up", (0, -1)), ("right", (1, 0)), ("down", (0, 1))):
                screen.forward = screen.right = 0
                await pilot.press(key)
                await pilot.pause()
                status = str(screen.query_one("#tpl-status").render())
                arrow = ARROW[(dx, dy)]
                word = {forward: "forward", back: "back", right: "right", left: "left"}[arrow]
                assert f"Shift: 1 {word} ({arrow})" in status, (key, status)
                assert await settled_cuts(pilot, lambda: app.screen) == []


async def test_nothing_is_cut_in_any_shift_with_long_names():
    game = play_to_template(pre_game(), seed=3)
    game = attrs.evolve(game, players=("Aurelian the Younger", "Boudicca of the Iceni"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _template_screen(pilot, app, game)
        for forward in tpl.SHIFTS:
            for right in tpl.SHIFTS:
                screen.forward, screen.right = forward, right
                screen._draw()
                assert await settled_cuts(pilot, lambda: app.screen) == [], (forward, right)
