"""Plasto Latros: where hard deploys when the other side has deployed first.

A shot costs no Movement and two counting shooters Doom a mini (the seed's
*Long Range Attacks* and *Attacking And Defending*), so the side that moves
first opens by pinning, twice, any mini that both its shooters can target as
they stand, and from across the battlefield that Doom cannot be lifted.
Replayed games of hard against normal showed the second side losing a mini
so in most of them.  The side deploying second sees the shooters (the
deployment is open), so hard places its minis where as few as it can manage
stand in two shooters' front arcs in plain view: the other figures block
sight, so the back row behind the front one, and the corners a shooter's
arc misses, are the places to look.

A placement is searched by climbing from a few random starts (a seeded
generator, so the same view gives the same deployment), moving one mini at
a time to the cell that lowers the count, and stops at the first with none
exposed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from core.deployment import Deploy
from core.rulesets.plasto_latros.combat import shot_fraction, sight_figures
from core.rulesets.plasto_latros.grid import in_front

STARTS = 20  # random starting placements climbed from, at most


def exposed(state, side: int, cells: dict[str, tuple[int, int]]) -> int:
    """How many of ``side``'s minis, those placed and those at ``cells``
    (unit -> cell), two or more enemy shooters can target as they stand."""
    planned = {m.id: (attrs.evolve(m, pos=cells[m.id]) if m.id in cells else m)
               for m in state.minis if m.side == side}
    figures = set(sight_figures(state)) | set(cells.values())
    shooters = [m for m in state.minis if m.side != side and m.shooter and m.pos is not None and not m.prone]
    count = 0
    for mini in planned.values():
        if mini.pos is None:
            continue
        seen = sum(1 for s in shooters if in_front(s.pos, s.facing, mini.pos)
                   and shot_fraction(state, s, mini, figures) >= 0.5)
        count += seen >= 2
    return count


def hidden_deployment(state, side: int, legal: Sequence) -> tuple[dict[str, tuple[int, int]], int] | None:
    """A cell for each of ``side``'s minis not yet placed, with as few of
    its minis exposed to two shooters as the climb finds, and that count;
    None when no enemy shooter stands on the battlefield (nothing to hide
    from) or nothing is left to place."""
    if not any(m.side != side and m.shooter and m.pos is not None for m in state.minis):
        return None
    units = sorted({o.unit for o in legal if isinstance(o, Deploy)
                    and state.mini(o.unit) is not None and state.mini(o.unit).pos is None})
    cells = sorted({o.at for o in legal if isinstance(o, Deploy)})
    if not units or len(cells) < len(units):
        return None
    rng = random.Random(len(cells) * 1009 + len(units))
    best: tuple[int, dict[str, tuple[int, int]]] | None = None
    for _ in range(STARTS):
        plan = dict(zip(units, rng.sample(cells, len(units))))
        score = exposed(state, side, plan)
        while score:
            better = _better(state, side, plan, cells, score)
            if better is None:
                break
            plan, score = better
        if best is None or score < best[0]:
            best = (score, plan)
        if score == 0:
            break
    assert best is not None
    return best[1], best[0]


def _better(state, side: int, plan: dict, cells: list, score: int):
    """The first move of one mini to a free cell that exposes fewer."""
    taken = set(plan.values())
    for unit in sorted(plan):
        for cell in cells:
            if cell in taken:
                continue
            moved = dict(plan)
            moved[unit] = cell
            now = exposed(state, side, moved)
            if now < score:
                return moved, now
    return None
