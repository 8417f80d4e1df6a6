"""Movement on the square grid (Waylights "Sequence": MOVE, SPLIT MOVE and
the free step).  Orthogonal steps cost the entered cell's move cost; a
diagonal step costs twice that.  Figures block movement."""

from __future__ import annotations

import heapq

from core.board import Cell, Facing, visible_fraction
from core.board import distance_squared
from core.rulesets.waylights.state import WaylightsState

ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def passable(state: WaylightsState, cell: Cell, mover: str, occupied: dict | None = None) -> bool:
    bf = state.battlefield
    if not bf.in_bounds(cell) or bf.terrain(cell).blocks_move:
        return False
    who = (state.occupied() if occupied is None else occupied).get(cell)
    return who is None or who == mover


def step_cost(state: WaylightsState, frm: Cell, to: Cell) -> int:
    base = max(1, state.battlefield.terrain(to).move_cost)
    return base * (2 if frm[0] != to[0] and frm[1] != to[1] else 1)


def reachable(state: WaylightsState, uid: str, budget: int) -> dict[Cell, int]:
    """Every cell the figure can end on within ``budget`` movement, with its cost
    (its own cell excluded)."""
    start = state.get(uid).pos
    assert start is not None
    occ = state.occupied()
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if cost > best.get(cell, 1 << 30):
            continue
        for dx, dy in ORTHO + DIAG:
            nxt = (cell[0] + dx, cell[1] + dy)
            if not passable(state, nxt, uid, occ):
                continue
            if dx and dy and not (passable(state, (cell[0] + dx, cell[1]), uid, occ)
                                  or passable(state, (cell[0], cell[1] + dy), uid, occ)):
                continue  # no squeezing diagonally between two blocked cells
            c = cost + step_cost(state, cell, nxt)
            if c <= budget and c < best.get(nxt, 1 << 30):
                best[nxt] = c
                heapq.heappush(heap, (c, nxt))
    best.pop(start)
    return best


def step_cells(state: WaylightsState, uid: str) -> list[Cell]:
    """The free step: one orthogonal cell of move cost 1 (a diagonal costs 2)."""
    pos = state.get(uid).pos
    assert pos is not None
    out = []
    for dx, dy in ORTHO:
        cell = (pos[0] + dx, pos[1] + dy)
        if passable(state, cell, uid) and step_cost(state, pos, cell) <= 1:
            out.append(cell)
    return sorted(out)


def shove_path(state: WaylightsState, uid: str, direction: Facing) -> Cell:
    """Where a shoved figure ends: a split move (half its move value) in a
    straight line, stopping before anything that blocks."""
    f = state.get(uid)
    assert f.pos is not None
    budget = f.template.move // 2
    cell, spent = f.pos, 0
    dx, dy = direction.delta
    while True:
        nxt = (cell[0] + dx, cell[1] + dy)
        if not passable(state, nxt, uid):
            return cell
        c = step_cost(state, cell, nxt)
        if spent + c > budget:
            return cell
        spent += c
        cell = nxt


def sees(state: WaylightsState, a: Cell, b: Cell) -> float:
    return visible_fraction(state.battlefield, a, b)


def within(a: Cell, b: Cell, reach: int) -> bool:
    return distance_squared(a, b) <= reach * reach
