"""Spheres of War at 80x24: the side panel's key to the board's ``r``
(the cells within reach of the selected figure's opponent) is read whole
where the panel shows it, never split by the fold under the cursor line
(a tester saw "r: within reach of i2 (a strike" and nothing after it, and
a page of ``}`` scrolled past the first half before showing the rest)."""

from __future__ import annotations

import attrs

from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.orders import Wait
from tests.rulesets.spheres_of_war.helpers import play, position
from tests.tui.drawn import screen_rows
from tests.tui.test_glance import SIZE, open_game
from tests.tui.test_overlays import game_of
from tui.app import SkirmishApp
from tui.side_panel import SidePanel


def shown_panel(app, panel: SidePanel) -> list[str]:
    """The rows of the side panel's scrolling text as the screen shows them."""
    area = panel.query_one("#side-scroll").region
    rows = screen_rows(app)
    return [row[area.x:area.right].rstrip(" ▁▂▃▄▅▆▇█") for row in rows[area.y:area.bottom]]


def reach_key(text: str) -> str:
    """The panel's ``r:`` line with the lines that carry it on (indented),
    as one sentence."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("r: "))
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return " ".join(" ".join(lines[start:end]).split())


async def test_the_reach_key_is_read_whole_without_scrolling():
    # Match 2 (i1 already Inert): i2 against r1, and Bob's r1 to act, its
    # reach key under the Match's lines, the Inert line and the heading.
    state, _ = position({"i1": (0, 0), "i2": (5, 5), "r1": (5, 9), "r2": (11, 11)})
    state = attrs.evolve(state, inert=("i1",))
    state, _ = play(state, Wait(0, state.match.instigator))
    assert (state.match.instigator, state.match.retaliator) == ("i2", "r1")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game_of(RULESET, state))
        await pilot.pause()
        assert screen.selected == "r1"
        panel = screen.query_one(SidePanel)
        key = reach_key(str(panel.query_one("#panel").render()))
        assert "i2" in key and "r1" in key, key
        rows = shown_panel(app, panel)
    assert key in " ".join(" ".join(rows).split()), (key, rows)


def test_the_reach_key_keeps_to_one_row_with_every_enemy_it_names():
    from tui.rulesets.spheres_of_war import REACH_KEY_W, reach_key
    from tui.side_panel import SidePanel

    assert REACH_KEY_W <= SidePanel.SIDE_W - 3  # border, padding, scrollbar
    assert reach_key("r1", ["i2"]) == "r: cells where i2 can strike r1"
    assert reach_key("r1", []) == ""
    for foes in (["i1"], ["i1", "i2"], ["i1", "i2", "i3"], ["i1", "i2", "i3", "i4", "i5"]):
        assert len(reach_key("r1", foes)) <= REACH_KEY_W, foes
    # Too many to name: a marked cell is one where any of them reaches (a
    # tester read "cells where 5 enemies reach i5" as all five at once).
    assert reach_key("i5", ["r1", "r2", "r3", "r4", "r5"]) == "r: i5 within an enemy's reach"
