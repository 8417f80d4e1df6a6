"""Deploy all on an open field fills the back of each side's half: a
tester's open-field Deploy all put b4 beside a3 and b3, b1 diagonal to a2,
a1 before round 1 (each half's front row, rows 5 and 6).  Crossroads'
shallow zones (two rows each) are placed as before, on rows 1 and 10."""

from __future__ import annotations

import pytest

from core.board import chebyshev
from core.deployment import DeployAll, Ready
from core.game import start, submit
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.state import WaylightsOptions
from saves.library import battlefield_named


def deployed(field: str):
    game = start(R, WaylightsOptions(), battlefield_named(field), 2, ("Ann", "Bo"))
    for order in (DeployAll(0), Ready(0), DeployAll(1)):
        game = submit(game, order).game
    return game.state


@pytest.mark.parametrize("field, rows", [("open-12", {0: {1}, 1: {10}}), ("wl-crossroads", {0: {1}, 1: {10}})])
def test_deploy_all_fills_the_back_rows_of_each_zone(field, rows):
    state = deployed(field)
    for side in (0, 1):
        placed = [f for f in state.fighters if f.side == side]
        assert placed and all(f.pos is not None for f in placed)
        assert {f.pos[1] for f in placed} == rows[side]
        zone = set(state.battlefield.zone_cells(side))
        assert all(f.pos in zone for f in placed)
    # nobody in contact, nor within one Move of an enemy, before round 1
    for a in state.fighters:
        for b in state.fighters:
            if a.side == 0 and b.side == 1:
                assert chebyshev(a.pos, b.pos) > a.template.move, (a.id, a.pos, b.id, b.pos)
