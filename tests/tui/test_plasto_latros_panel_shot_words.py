"""Plasto Latros: the side panel says why a selected shooter has no shot
as ``s`` does.  A tester's panel read "a2: no target in its front arc"
while enemies stood in that arc, in cover: a shot needs at least half of
the target in view (seed 000, *Long Range Attacks*; docs/rulings.md,
Long range), which ``s`` said and the panel did not."""

from __future__ import annotations

from pathlib import Path

from core.battlefield_text import parse_battlefield
from core.deployment import Deploy, Ready
from core.game import Game, start
from core.rulesets.plasto_latros.combat import shot_fraction
from core.rulesets.plasto_latros.grid import in_front
from core.rulesets.plasto_latros.options import PlastoOptions
from tests.tui.test_plasto_latros import SIZE, open_game, play
from tui.app import SkirmishApp
from tui.log_pane import LogPane

# A row of tall scatter (blocks sight, not movement) across the middle.
SCREENED = """name: Screened
terrain . ground
terrain * scatter blocks_sight
zone 0 0,0 9,1
zone 1 0,8 9,9
map
..........
..........
..........
..........
**********
..........
..........
..........
..........
..........
"""
WORDS = "a1 has no enemy in its front arc with at least half of it in view."


def screened() -> Game:
    """Ann's shooter a1 at 5,1 facing S; Bo's b1 at 5,8, in a1's front arc
    behind the scatter; Ann's turn 1."""
    options = PlastoOptions(minis=1, shooters_0=1, shooters_1=0)
    game = start("plasto_latros", options, parse_battlefield(SCREENED), seed=1, players=("Ann", "Bo"))
    return play(game, Deploy(0, "a1", (5, 1)), Ready(0), Deploy(1, "b1", (5, 8)), Ready(1))


async def test_the_panel_says_the_enemy_in_the_arc_is_not_half_in_view(tmp_path: Path):
    game = screened()
    state = game.state
    a1, b1 = state.mini("a1"), state.mini("b1")
    assert in_front(a1.pos, a1.facing, b1.pos) and shot_fraction(state, a1, b1) < 0.5  # in the arc, in cover
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game, tmp_path)
        assert screen.selected == "a1"  # Ann's only mini, picked for her
        panel = " ".join(str(screen.query_one("#panel").render()).split())
        assert WORDS in panel
        assert "no target in its front arc" not in panel
        await pilot.press("s")
        await pilot.pause()
        said = " ".join(" ".join(line.text for line in screen.query_one(LogPane).lines).split())
        assert WORDS in said  # the same words as s
