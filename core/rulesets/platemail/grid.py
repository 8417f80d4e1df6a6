"""Path-finding data of one battlefield, computed once per battlefield
object: which cells can be entered, what entering costs, and which steps
are allowed (a diagonal step may not squeeze between two blocked cells).
Movement searches run on these tables instead of asking the Battlefield
for the terrain of every cell again at every tick (docs/performance.md)."""

from __future__ import annotations

from core.board import Battlefield, neighbours, visible_fraction

Cell = tuple[int, int]


class Grid:
    """``steps[a]``: the (cell, cost to enter it) pairs one may step to from
    ``a``, in sorted order; ``cost[c]``: the move cost of an in-bounds cell;
    ``passable``: in-bounds cells that do not block movement."""

    __slots__ = ("steps", "into", "cost", "passable", "nonnegative", "bf", "seen")

    def __init__(self, bf: Battlefield):
        cost: dict[Cell, int] = {}
        passable: set[Cell] = set()
        for cell in bf.cells():
            t = bf.terrain(cell)
            cost[cell] = t.move_cost
            if not t.blocks_move:
                passable.add(cell)
        steps: dict[Cell, tuple[tuple[Cell, int], ...]] = {}
        for a in cost:
            out = []
            for b in sorted(neighbours(a)):
                if b not in passable:
                    continue
                if a[0] != b[0] and a[1] != b[1] and (b[0], a[1]) not in passable and (a[0], b[1]) not in passable:
                    continue
                out.append((b, cost[b]))
            steps[a] = tuple(out)
        self.steps = steps
        # Cells from which one may step INTO ``c``: the same neighbours as
        # the steps out of ``c`` (the corner rule is symmetric), none for a
        # blocked ``c``.
        self.into = {c: (tuple(b for b, _ in s) if c in passable else ()) for c, s in steps.items()}
        self.cost = cost
        self.passable = frozenset(passable)
        self.nonnegative = all(v >= 0 for v in cost.values())
        self.bf = bf
        self.seen: dict[tuple[Cell, Cell], float] = {}

    def visible(self, observer: Cell, target: Cell) -> float:
        """``visible_fraction`` on this battlefield (terrain only, no figures),
        remembered: it is a pure function of the two cells and is asked again
        for the same pairs in every Phase."""
        key = (observer, target)
        frac = self.seen.get(key)
        if frac is None:
            if len(self.seen) >= 50_000:
                self.seen.clear()
            frac = self.seen[key] = visible_fraction(self.bf, observer, target)
        return frac


# Keyed by the identity of the battlefield, which the entry keeps alive so
# that the id cannot be reused while the entry is here.
_GRIDS: dict[int, tuple[Battlefield, Grid]] = {}


def grid(bf: Battlefield) -> Grid:
    entry = _GRIDS.get(id(bf))
    if entry is not None and entry[0] is bf:
        return entry[1]
    if len(_GRIDS) >= 32:
        _GRIDS.clear()
    g = Grid(bf)
    _GRIDS[id(bf)] = (bf, g)
    return g
