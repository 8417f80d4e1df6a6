"""Plasto Latros' deployment on the board: a mini already placed may be
placed again on a free cell of its zone until its side says Ready.  The
rules' deploy check accepts it (core.deployment.check_deploy: a placement
is not final until Ready, as in Spheres of War); the engine's listing names
only minis not yet placed, so random play and the computer finish
deploying (docs/rulings.md, Plasto Latros, *Deployment*).  A tester
pressed Enter on a placed mini and read "a3 has no order to give now"."""

from __future__ import annotations

from core.deployment import Deploy, open_cells
from core.rulesets.plasto_latros.rules import own_ids
from core.rulesets.plasto_latros.state import Phase, PlastoState


def placed_again(state: PlastoState, side: int) -> list[Deploy]:
    """While ``side`` deploys: a Deploy of each mini it has placed onto
    each open cell of its zone (none once deployment is over)."""
    if state.phase is not Phase.DEPLOY or state.active != side:
        return []
    positions = {m.id: m.pos for m in state.minis}
    free = open_cells(state.battlefield, side, positions)
    return [Deploy(side, u, c) for u in own_ids(state, side) if positions[u] is not None for c in free]
