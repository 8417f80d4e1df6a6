"""The side panel at 80x24 says when it holds more than it shows, and
which key scrolls to the rest: a tester saw four of each side's six Optio
blocks and nothing saying that more lay below ({ } scroll the side panel)."""

from __future__ import annotations

import re

from tests.tui.fit import cut_texts
from tests.tui.test_fits_and_words import optio_at_the_keyboard
from tests.tui.test_glance import screen_text
from tui.app import SkirmishApp
from tui.side_panel import SidePanel

SIZE = (80, 24)


def panel_rows(app, panel: SidePanel) -> list[str]:
    """The rows the screen shows in the side panel, above its cursor line."""
    top = panel.query_one("#side-scroll").region
    cursor = panel.query_one("#cursor").region
    rows = screen_text(app).splitlines()
    return [row[top.x:top.right] for row in rows[top.y:cursor.y]]


def blocks(rows: list[str]) -> set[str]:
    return set(re.findall(r"\b([gr][1-6]) (?:army|scout|dummy|\?) ", "\n".join(rows)))


async def test_every_optio_block_is_on_the_panel_or_it_says_more_lie_below():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await optio_at_the_keyboard(pilot)
        await pilot.pause()
        panel = screen.query_one(SidePanel)
        everyone = {f"{side}{n}" for side in "gr" for n in range(1, 7)}
        rows = panel_rows(app, panel)
        seen = blocks(rows)
        if seen != everyone:  # some lie below: the panel says so, and with which key
            assert any("more below: } scrolls" in row for row in rows), rows
        for _ in range(6):  # } shows the rest, then says where the first ones went
            if any("more above: { scrolls" in row for row in rows):
                break
            await pilot.press("right_curly_bracket")
            await pilot.pause()
            rows = panel_rows(app, panel)
            seen |= blocks(rows)
        assert seen == everyone, (sorted(everyone - seen), rows)
        assert any("more above: { scrolls" in row for row in rows), rows
        assert cut_texts(screen) == []


async def test_a_panel_that_holds_all_it_has_says_nothing_more():
    from core.rulesets.spheres_of_war import RULESET
    from tests.rulesets.spheres_of_war.helpers import position
    from tests.tui.test_glance import open_game
    from tests.tui.test_overlays import game_of

    state, _ = position({"i1": (5, 5), "r1": (5, 9)})
    app = SkirmishApp()
    async with app.run_test(size=(80, 40)) as pilot:  # tall enough for every line
        screen = await open_game(pilot, game_of(RULESET, state))
        await pilot.pause()
        panel = screen.query_one(SidePanel)
        assert screen.query_one("#side-scroll").max_scroll_y == 0
        assert not panel.query_one("#side-more").display
