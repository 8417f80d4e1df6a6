"""Optio's side panel at 80x24 shows your blocks and the enemy's known ones
without scrolling.  A tester: for most of a game the enemy's list
("Theirs:") sat below "▼ more below: } scrolls", under a two-row "You are
…" line and one entry of your own blocks a half row."""

from __future__ import annotations

import re

import attrs

from core.game import start
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import Edge
from tests.tui.test_side_panel_more import panel_rows
from tui.app import SkirmishApp
from tui.modals import Handover
from tui.side_panel import SidePanel

SIZE = (80, 24)
OPTIO = find_ruleset("optio")
# Where the tester's blocks stood on turn 6: every block on the map but two
# of Green's, Green's g3 and Red's army r2 face up in 4,3.
SQUARES = {"g1": ((4, 2), Edge.W), "g2": ((0, 0), Edge.N), "g3": ((4, 3), Edge.W), "g4": ((1, 1), Edge.N),
           "r1": ((3, 4), Edge.S), "r2": ((4, 3), Edge.W), "r3": ((1, 4), Edge.S), "r4": ((0, 4), Edge.S),
           "r5": ((4, 4), Edge.S), "r6": ((4, 4), Edge.S)}


def turn_six():
    options = attrs.evolve(OPTIO.default_options(), map_seed=1)
    game = start(OPTIO, options, map_battlefield(generate_map(1)), seed=4, players=("Ann", "Bob"))
    red_army = next(b.id for b in game.state.blocks if b.side == 1 and b.kind.value == "army")
    squares = dict(SQUARES)
    squares[red_army], squares["r2"] = squares["r2"], squares[red_army]  # the face-up army stands in 4,3
    blocks = tuple(attrs.evolve(b, pos=squares[b.id][0], entered_from=squares[b.id][1],
                                revealed=b.id in ("g3", red_army)) if b.id in squares else b
                   for b in game.state.blocks)
    return attrs.evolve(game, state=attrs.evolve(game.state, blocks=blocks, active=0)), red_army


async def test_your_blocks_and_the_enemys_known_ones_are_in_sight_without_scrolling():
    game, red_army = turn_six()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        text = "\n".join(panel_rows(app, app.screen.query_one(SidePanel)))
        assert "Theirs:" in text, text
        for block in ("g1", "g2", "g3", "g4", "g5", "g6"):
            assert re.search(rf"\b{block} (army|scout|dummy) ", text), (block, text)
        assert re.search(rf"\b{red_army} army 4,3 ?W\*", text), text  # the enemy's known one, and where
