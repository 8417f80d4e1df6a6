"""Spheres of War's ``d`` ("place the rest for me") at 80x24: a newcomer
playing the Retaliator who pressed it had every figure put on the front
row, within one Move of the Instigator's zone, and lost three figures to
first strikes as turn 1 began (rules 16, 25-29), while the side panel said
which rows were out of reach.  Now the Retaliator's figures go where no
Instigator's figure can reach them, whichever side deploys first."""

from __future__ import annotations

import pytest

from core.game import start
from core.registry import find_ruleset
from core.rulesets.spheres_of_war import cache
from core.rulesets.spheres_of_war.reach import reaches
from saves.library import battlefield_named
from tui.app import SkirmishApp
from tui.game_screen import GameScreen

SIZE = (80, 24)
RULES = find_ruleset("spheres_of_war")


def figures(state, side: int) -> list:
    return [u.pos for u in state.side_units(side) if u.pos is not None]


def struck_first(state, instigators: list, retaliators: list) -> list:
    """The pairs (an Instigator's cell, a Retaliator's) where the first can
    Move into contact, with every figure placed in the way."""
    bf, placed = state.battlefield, [*instigators, *retaliators]
    return [(i, r) for i in instigators for r in retaliators if reaches(bf, i, r, placed)]


@pytest.mark.parametrize("seed, retaliator_deploys", [(5, "first"), (1, "second")])
async def test_d_puts_the_retaliators_figures_out_of_the_instigators_reach(data_dir, seed, retaliator_deploys):
    game = start(RULES, RULES.default_options(), battlefield_named(RULES.default_battlefield), seed, ("Ann", "Bob"))
    retaliator = 1 - game.state.instigator
    assert (retaliator == 0) == (retaliator_deploys == "first")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.seat_kinds = ("human", "human")
        app.show_game(game, None)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in (0, 1):
            side = screen.game.state.deploying
            await pilot.press("d")
            await pilot.pause()
            state = screen.game.state
            assert len(figures(state, side)) == 5, "every figure placed"
            if side == retaliator and retaliator_deploys == "first":
                # No cell the Instigator may still deploy on reaches any of them.
                zone = list(cache.deploy_cells(state.battlefield, 1 - side))
                assert not struck_first(state, zone, figures(state, side))
            await pilot.press("r")
            await pilot.pause()
        state = screen.game.state
        assert state.phase.value != "deploy"
        assert not struck_first(state, figures(state, state.instigator), figures(state, retaliator))
        # The Instigator's d is still the line along the front of its zone.
        front = max if state.instigator == 0 else min
        rows = {c[1] for c in figures(state, state.instigator)}
        zone_rows = {c[1] for c in cache.deploy_cells(state.battlefield, state.instigator)}
        assert rows == {front(zone_rows)}
