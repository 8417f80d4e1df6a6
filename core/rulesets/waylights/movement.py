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
        # cheapest first (a stable sort: equal steps keep their order), so
        # that a search stops reading a cell's steps at the first one over
        # its budget
        steps[(x, y)] = tuple(sorted(out, key=lambda s: s[1]))
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
    (its own cell excluded), in cell order.  Read-only: the answer is shared."""
    answers = reach_entry(state, uid)[0]
    found = answers.get(budget)
    if found is None:
        wider = [b for b in answers if b > budget]
        if wider:
            # Costs are positive, so every cell within a smaller budget is
            # found by a wider search with the same (least) cost.
            found = MappingProxyType({c: n for c, n in answers[min(wider)].items() if n <= budget})
        else:
            start = state.get(uid).pos
            assert start is not None
            found = MappingProxyType(_search(state.battlefield, start, state.occupied(), uid, budget))
        answers[budget] = found
    return found


def reach_entry(state: WaylightsState, uid: str) -> tuple[dict[int, Mapping[Cell, int]], dict]:
    """What is known of ``uid``'s movement where every figure stands now:
    reachable() answers per budget, and a dict the caller may fill with
    what it derives from them (the Move orders of an answer).  Kept in the
    battlefield's memo (states where nobody moved share it) and found from
    the state's own memo (the draw, check and the listing ask one state)."""
    return state.memo.get(("waylights.reach", uid), lambda: _reach_entry(state, uid))


def _reach_entry(state: WaylightsState, uid: str) -> tuple[dict, dict]:
    start = state.get(uid).pos
    occ = state.occupied()
    key = (uid, start, tuple(occ.items()))
    table = state.battlefield.memo.table("waylights.reach", 4096)
    entry = table.get(key)
    if entry is None:
        entry = table.put(key, ({}, {}))
    return entry


def _index(bf: Battlefield) -> tuple[tuple[Cell, ...], tuple[tuple, ...], int]:
    """The battlefield's cells numbered ``x * height + y`` (so that number
    order is cell order), and each number's steps as in ``_tables``, with
    numbers for cells: (cells, steps, height)."""
    return bf.memo.get("waylights.grid-index", lambda: _make_index(bf))


def _make_index(bf: Battlefield) -> tuple[tuple[Cell, ...], tuple[tuple, ...], int]:
    _, steps = _tables(bf)
    h = bf.height
    cells = tuple((x, y) for x in range(bf.width) for y in range(h))
    num = {c: i for i, c in enumerate(cells)}
    out = tuple(tuple((num[nxt], cost, None if sides is None else frozenset(num[c] for c in sides))
                      for nxt, cost, sides in steps[c]) for c in cells)
    return cells, out, h


def _search(bf: Battlefield, start: Cell, occ: dict[Cell, str], uid: str, budget: int) -> dict[Cell, int]:
    """Least costs within ``budget`` (Dijkstra with one bucket per cost, the
    costs being small integers), in cell order: orthogonal steps cost the
    entered cell's cost, diagonal ones twice that; other figures block.
    Each cell's steps are listed cheapest first (``_tables``), so a cell's
    scan stops at the first step over the budget.  Cells are numbers here
    (``_index``); a cell holding another figure starts at cost -1, which no
    step improves on."""
    cells, steps, h = _index(bf)
    best = [BIG] * len(cells)
    blocked = set()
    for (x, y), who in occ.items():
        if who != uid:
            i = x * h + y
            best[i] = -1
            blocked.add(i)
    here = start[0] * h + start[1]
    best[here] = 0
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(here)
    for cost in range(budget):  # nothing leaves the last bucket within the budget
        left = budget - cost
        for cell in buckets[cost]:
            if best[cell] != cost:
                continue  # reached more cheaply since it was queued
            for nxt, step, sides in steps[cell]:
                if step > left:
                    break
                c = cost + step
                if c >= best[nxt]:
                    continue  # as cheap already, or another figure stands there
                if sides is not None and sides <= blocked:
                    continue  # both open cells beside the diagonal hold figures
                best[nxt] = c
                buckets[c].append(nxt)
    return {cell: c for cell, c in zip(cells, best) if 0 < c <= budget}


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
