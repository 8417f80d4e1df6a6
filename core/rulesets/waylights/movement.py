"""Movement on the square grid (Waylights "Sequence": MOVE, SPLIT MOVE and
the free step).  Orthogonal steps cost the entered cell's move cost; a
diagonal step costs twice that.  Figures block movement."""

from __future__ import annotations

from collections.abc import Mapping

from core.board import Battlefield, Cell, Facing, distance_squared
from core.rulesets.waylights.reach import Grid, Reach
from core.rulesets.waylights.sight import sight
from core.rulesets.waylights.state import DEAD, WaylightsState

ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))

# Derived data lives in memos (core/memo.py): per battlefield, the move cost
# of every open cell and its bit-set form (``reach.Grid``); the reach of a
# figure (``reach.Reach``) keyed by all else it depends on (the mover, its
# cell and where every figure still in the fight stands), one for every
# budget asked.  A turn's orders often leave every figure where it was (a
# split, an attack, a weapon change), so the same search serves many
# states; a state finds it again through its own memo.


def cost_grid(bf: Battlefield) -> dict[Cell, int]:
    """The move cost (at least 1) of every cell of ``bf`` a figure may enter
    (computed once per battlefield; do not modify)."""
    return bf.memo.get("waylights.grid", lambda: _make_grid(bf))


def _make_grid(bf: Battlefield) -> dict[Cell, int]:
    grid: dict[Cell, int] = {}
    for y in range(bf.height):
        for x in range(bf.width):
            t = bf.terrain((x, y))
            if not t.blocks_move:
                grid[(x, y)] = max(1, t.move_cost)
    return grid


def passable(state: WaylightsState, cell: Cell, mover: str, occupied: dict | None = None) -> bool:
    if cell not in cost_grid(state.battlefield):
        return False  # off the battlefield or terrain that blocks movement
    who = (state.occupied() if occupied is None else occupied).get(cell)
    return who is None or who == mover


def step_cost(state: WaylightsState, frm: Cell, to: Cell) -> int:
    base = max(1, state.battlefield.terrain(to).move_cost)
    return base * (2 if frm[0] != to[0] and frm[1] != to[1] else 1)


def reachable(state: WaylightsState, uid: str, budget: int) -> Mapping[Cell, int]:
    """Every cell the figure can end on within ``budget`` movement, with its cost
    (its own cell excluded), in cell order.  Read-only: the answer is shared."""
    return reach_entry(state, uid).cost_map(budget)


def can_reach(state: WaylightsState, uid: str, budget: int, cell: Cell) -> bool:
    """Whether ``cell`` is in ``reachable(state, uid, budget)``."""
    return reach_entry(state, uid).has(budget, cell)


def reach_entry(state: WaylightsState, uid: str) -> Reach:
    """What is known of ``uid``'s movement where every figure stands now
    (``reach.Reach``: the cells within each budget asked, and a dict the
    caller may fill with what it derives from them).  Kept in the
    battlefield's memo (states where nobody moved share it) and found from
    the state's own memo (the draw, check and the listing ask one state)."""
    key = ("waylights.reach", uid)
    try:
        return state.memo.entries[key]
    except KeyError:
        return state.memo.get(key, _reach_entry, state, uid)


def _reach_entry(state: WaylightsState, uid: str) -> Reach:
    start = state.get(uid).pos
    assert start is not None
    bf = state.battlefield
    grid = bf.memo.entries.get("waylights.bit-grid") or bf.memo.get("waylights.bit-grid",
                                                                      lambda: Grid(bf, cost_grid(bf)))
    # Where the others stand, as bits: all the search depends on besides
    # the mover and its cell (who stands where makes no difference).
    s = grid.stride
    closed = 0
    for f in state.fighters:  # the cells of state.occupied() but the mover's
        if f.pos is not None and f.status != DEAD and f.id != uid:
            x, y = f.pos
            closed |= 1 << (x * s + y)
    key = (uid, start, closed)
    # 1024: a figure's reach is found again by value mostly close to where
    # it was made (1% of the asks in random play, 15% in the computer's
    # search; 2% of those lost at 1024 rather than 4096), and each entry
    # keeps ~8 objects and its order tuples for every full collection
    table = bf.memo.table("waylights.reach", 1024)
    entry = table.get(key)
    if entry is None:
        entry = table.put(key, Reach(grid, start, closed))
    return entry


def step_cells(state: WaylightsState, uid: str) -> list[Cell]:
    """The free step: one orthogonal cell of move cost 1 (a diagonal costs 2)."""
    pos = state.get(uid).pos
    assert pos is not None
    grid = cost_grid(state.battlefield)
    occ = state.occupied()
    out = []
    for dx, dy in ORTHO:
        cell = (pos[0] + dx, pos[1] + dy)
        if grid.get(cell) == 1:
            who = occ.get(cell)
            if who is None or who == uid:
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


# visible_fraction is a pure function of the battlefield and the two cells
# (figures do not block sight here): remembered in the battlefield's memo,
# and worked out without tracing rays where the terrain allows (``sight``).
def sees(state: WaylightsState, a: Cell, b: Cell) -> float:
    bf = state.battlefield
    known = bf.memo.table("waylights.sight")
    frac = known.get((a, b))
    if frac is None:
        frac = known.put((a, b), sight(bf, a, b))
    return frac


def within(a: Cell, b: Cell, reach: int) -> bool:
    return distance_squared(a, b) <= reach * reach
