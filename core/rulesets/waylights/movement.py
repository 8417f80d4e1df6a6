"""Movement on the square grid (Waylights "Sequence": MOVE, SPLIT MOVE and
the free step).  Orthogonal steps cost the entered cell's move cost; a
diagonal step costs twice that.  Figures block movement."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from core.board import Battlefield, Cell, Facing, visible_fraction
from core.board import distance_squared
from core.rulesets.waylights.state import WaylightsState

ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
BIG = 1 << 30

# Derived data lives in the battlefield's memo (core/memo.py): per
# battlefield, the move cost of every open cell and, for each cell, the
# neighbours a step may enter; and reachable() answers keyed by all else they
# depend on (the mover, its cell and where every figure still in the fight
# stands), one answer per budget.  A turn's orders often leave every figure
# where it was (a split, an attack, a weapon change), so the same search
# serves many states.


def _tables(bf: Battlefield) -> tuple[dict[Cell, int], dict[Cell, tuple]]:
    return bf.memo.get("waylights.grid", lambda: _make_tables(bf))


def _make_tables(bf: Battlefield) -> tuple[dict[Cell, int], dict[Cell, tuple]]:
    grid: dict[Cell, int] = {}
    for y in range(bf.height):
        for x in range(bf.width):
            t = bf.terrain((x, y))
            if not t.blocks_move:
                grid[(x, y)] = max(1, t.move_cost)
    steps: dict[Cell, tuple] = {}
    for (x, y) in bf.cells():  # every cell, as a figure's own cell is never tested
        out = []
        for dx, dy in ORTHO + DIAG:
            nxt = (x + dx, y + dy)
            if nxt not in grid:
                continue
            if dx and dy:
                # A diagonal needs one of the two cells beside it open (no
                # squeezing between two blocked cells); figures count later.
                sides = tuple(c for c in ((x + dx, y), (x, y + dy)) if c in grid)
                if not sides:
                    continue
                out.append((nxt, grid[nxt] * 2, sides))
            else:
                out.append((nxt, grid[nxt], None))
        steps[(x, y)] = tuple(out)
    return grid, steps


def cost_grid(bf: Battlefield) -> dict[Cell, int]:
    """The move cost (at least 1) of every cell of ``bf`` a figure may enter
    (computed once per battlefield; do not modify)."""
    return _tables(bf)[0]


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
    (its own cell excluded).  Read-only: the answer is shared."""
    bf = state.battlefield
    start = state.get(uid).pos
    assert start is not None
    occ = state.occupied()
    answers = reach_entry(state, uid, occ)[0]
    found = answers.get(budget)
    if found is None:
        wider = [b for b in answers if b > budget]
        if wider:
            # Costs are positive, so every cell within a smaller budget is
            # found by a wider search with the same (least) cost.
            found = MappingProxyType({c: n for c, n in answers[min(wider)].items() if n <= budget})
        else:
            found = MappingProxyType(_search(bf, start, occ, uid, budget))
        answers[budget] = found
    return found


def reach_entry(state: WaylightsState, uid: str, occ: dict[Cell, str] | None = None) -> tuple[dict[int, Mapping[Cell, int]], dict]:
    """What is known of ``uid``'s movement where every figure stands now:
    reachable() answers per budget, and a dict the caller may fill with
    what it derives from them (the Move orders of an answer)."""
    start = state.get(uid).pos
    if occ is None:
        occ = state.occupied()
    key = (uid, start, tuple(occ.items()))
    table = state.battlefield.memo.table("waylights.reach", 4096)
    entry = table.get(key)
    if entry is None:
        entry = table.put(key, ({}, {}))
    return entry


def _search(bf: Battlefield, start: Cell, occ: dict[Cell, str], uid: str, budget: int) -> dict[Cell, int]:
    """Least costs within ``budget`` (Dijkstra with one bucket per cost, the
    costs being small integers): orthogonal steps cost the entered cell's
    cost, diagonal ones twice that; other figures block."""
    _, steps = _tables(bf)
    blocked = {c for c, who in occ.items() if who != uid}
    best = {start: 0}
    buckets: list[list[Cell]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for cost, bucket in enumerate(buckets):
        for cell in bucket:
            if best[cell] != cost:
                continue  # reached more cheaply since it was queued
            for nxt, step, sides in steps[cell]:
                c = cost + step
                if c > budget or nxt in blocked or c >= best.get(nxt, BIG):
                    continue
                if sides is not None and blocked.issuperset(sides):
                    continue  # both open cells beside the diagonal hold figures
                best[nxt] = c
                buckets[c].append(nxt)
    del best[start]
    return best


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
# (figures do not block sight here): remembered in the battlefield's memo.
def sees(state: WaylightsState, a: Cell, b: Cell) -> float:
    bf = state.battlefield
    known = bf.memo.table("waylights.sight")
    frac = known.get((a, b))
    if frac is None:
        frac = known.put((a, b), visible_fraction(bf, a, b))
    return frac


def within(a: Cell, b: Cell, reach: int) -> bool:
    return distance_squared(a, b) <= reach * reach
