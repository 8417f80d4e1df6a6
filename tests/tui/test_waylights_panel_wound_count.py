"""The side panel's figure list counts a figure's wounds as its card and
the log do (a tester read "b4 Mook with pistol w3/3 3/1 KO" while the log
said "4 wounds, 4 in all" and the card "Wounds 4 (KO at 3)"): "w4 KO@3",
never capped at the count that knocks out, whole in the panel at 80x24."""

from __future__ import annotations

import attrs

from core.rulesets.waylights.state import DEAD, KO
from tests.tui.test_waylights import SIZE, open_game
from tests.tui.test_waylights_panel_and_labels import panel_rows, past_the_card, two_a_side
from tui.app import SkirmishApp


async def _rows(game, uid: str) -> list[str]:
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await past_the_card(pilot)
        for _ in range(4):  # scroll the panel down to its figure list
            if any(f" {uid} " in row for row in panel_rows(app, screen)):
                break
            await pilot.press("}")
            await pilot.pause()
        return [row.rstrip() for row in panel_rows(app, screen) if f" {uid} " in row]


def _hurt(game, uid: str, **changes):
    return attrs.evolve(game, state=game.state.put(attrs.evolve(game.state.get(uid), **changes)))


async def test_a_knocked_out_figure_shows_every_wound():
    game = two_a_side()
    ko_at = game.state.get("b2").ko_at
    assert ko_at == 3  # a mook ("Endgame" table)
    rows = await _rows(_hurt(game, "b2", wounds=4, status=KO, split=3), "b2")
    # The card's words for the same figure are "Wounds 4 (KO at 3): knocked out".
    assert rows and rows[0].endswith("b2 Mook with pistol w4 KO@3 KO"), rows


async def test_a_standing_figure_shows_its_wounds_and_its_split():
    game = two_a_side()
    rows = await _rows(_hurt(game, "b2", wounds=1, split=3), "b2")
    assert rows and rows[0].endswith("b2 Mook with pistol w1 KO@3 3/1"), rows


async def test_a_dead_figure_with_many_wounds_stays_on_its_row():
    game = two_a_side()
    rows = await _rows(_hurt(game, "b2", wounds=5, status=DEAD, split=3), "b2")
    assert rows and rows[0].endswith("b2 Mook with pistol w5 KO@3 dead"), rows
