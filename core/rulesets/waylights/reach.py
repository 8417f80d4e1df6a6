"""Speed only, no rules: the movement search of ``movement.reachable`` on
bit sets (``int``), one set per cost instead of one step at a time.

A battlefield's cells are bits ``x * (height + 1) + y``: bit order is cell
order, and each column ends with a bit no cell owns, so a step off the top
or bottom edge lands on a bit that is never open.  ``within[k]`` is the set
of cells the figure reaches for at most ``k`` movement (its own cell
included); a cell of move cost ``m`` is within ``k`` when a neighbour is
within ``k - m`` (a straight step) or, for a diagonal whose two side cells
are not both closed, within ``k - 2m``.  That is the least-cost rule the
plain search in the tests writes out; ``tests/rulesets/waylights`` compare
the two on random positions and played games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from core.board import Battlefield, Cell

# Bit offsets and counts of each byte value (module constants, immutable).
OFFSETS = tuple(tuple(i for i in range(8) if v >> i & 1) for v in range(256))
COUNTS = tuple(len(o) for o in OFFSETS)


class Grid:
    """What the bit search needs of one battlefield (kept in its memo)."""

    __slots__ = ("width", "height", "stride", "nbytes", "cells", "open", "by_cost", "chunks")

    def __init__(self, bf: Battlefield, costs: dict[Cell, int]) -> None:
        self.width, self.height = bf.width, bf.height
        self.stride = s = bf.height + 1
        self.nbytes = (bf.width * s + 7) // 8 + 1
        cells: list[Cell | None] = [None] * (self.nbytes * 8)
        for x in range(bf.width):
            for y in range(bf.height):
                cells[x * s + y] = (x, y)
        self.cells = tuple(cells)
        self.open = 0
        by_cost: dict[int, int] = {}
        for (x, y), m in costs.items():
            bit = 1 << (x * s + y)
            self.open |= bit
            by_cost[m] = by_cost.get(m, 0) | bit
        self.by_cost = tuple(sorted(by_cost.items()))
        # the cells of byte j holding value v (key j << 8 | v), made when first asked for
        self.chunks: dict[int, tuple[Cell, ...]] = {}

    def bit(self, cell: Cell) -> int:
        """The cell's bit number, or -1 off the battlefield."""
        x, y = cell
        if 0 <= x < self.width and 0 <= y < self.height:
            return x * self.stride + y
        return -1

    def chunk(self, key: int) -> tuple[Cell, ...]:
        got = self.chunks.get(key)
        if got is None:
            base = (key >> 8) * 8
            # the offsets are of set bits, whose cells are all filled in
            got = self.chunks[key] = tuple(self.cells[base + o] for o in OFFSETS[key & 255])  # type: ignore[misc]
        return got

    def gather(self, bits: int, table: dict, make: Callable[[tuple[Cell, ...]], tuple]) -> list:
        """What ``table`` holds for each byte of ``bits`` (its cells made
        into a tuple of items by ``make`` when first asked), in cell order:
        for the cells themselves, or the Move orders to them."""
        out: list = []
        for j, v in enumerate(bits.to_bytes(self.nbytes, "little")):
            if v:
                key = j << 8 | v
                got = table.get(key)
                if got is None:
                    got = table[key] = make(self.chunk(key))
                out += got
        return out

    def nth(self, bits: int, i: int, table: dict, make: Callable[[tuple[Cell, ...]], tuple]):
        """Item ``i`` of ``gather(bits, table, make)``, without the others."""
        for j, v in enumerate(bits.to_bytes(self.nbytes, "little")):
            n = COUNTS[v]
            if i < n:
                key = j << 8 | v
                got = table.get(key)
                if got is None:
                    got = table[key] = make(self.chunk(key))
                return got[i]
            i -= n
        raise IndexError(i)

    def cells_of(self, bits: int) -> tuple[Cell, ...]:
        """The cells of ``bits`` in cell order."""
        return tuple(self.gather(bits, self.chunks, tuple))


class Reach:
    """One figure's movement where every figure stands: ``within[k]`` for
    the budgets asked so far, and ``derived``, a dict its users fill with
    what they make of it (the Move orders of a budget)."""

    __slots__ = ("grid", "start", "open", "within", "near", "near_diag", "costs", "cells", "derived")

    def __init__(self, grid: Grid, start: Cell, closed: int) -> None:
        """``closed``: the bits of the cells other figures stand on."""
        self.grid = grid
        s = grid.stride
        self.start = 1 << (start[0] * s + start[1])
        self.open = grid.open & ~closed
        self.within = [self.start]
        self.near: list[int] = []  # cells one straight step from within[k]
        self.near_diag: list[int] = []  # cells one allowed diagonal step from within[k]
        self.costs: dict[int, Mapping[Cell, int]] = {}
        self.cells: dict[int, tuple[Cell, ...]] = {}
        self.derived: dict = {}

    def reached(self, budget: int) -> int:
        """The bits of the cells within ``budget`` (the figure's own cell not
        among them)."""
        within = self.within
        if budget >= len(within):
            self._grow(budget)
        return within[budget] & ~self.start

    def _grow(self, budget: int) -> None:
        within, near, near_diag = self.within, self.near, self.near_diag
        s, o, by_cost = self.grid.stride, self.open, self.grid.by_cost
        for k in range(len(within), budget + 1):
            last = within[k - 1]
            across = (last << s) | (last >> s)  # one step in x
            along = (last << 1) | (last >> 1)  # one step in y
            near.append(across | along)
            # a diagonal step: one step in x onto an open cell then one in
            # y, or the other way round (the two cells beside it not both
            # closed); off the battlefield is a bit no cell owns
            ax, ay = across & o, along & o
            near_diag.append((ax << 1) | (ax >> 1) | (ay << s) | (ay >> s))
            new = 0
            for m, cells in by_cost:
                if m > k:
                    break
                got = near[k - m]
                if 2 * m <= k:
                    got |= near_diag[k - 2 * m]
                new |= got & cells
            within.append(last | (new & o))

    def has(self, budget: int, cell: Cell) -> bool:
        bit = self.grid.bit(cell)
        return bit >= 0 and bool(self.reached(budget) >> bit & 1)

    def cells_within(self, budget: int) -> tuple[Cell, ...]:
        """The cells within ``budget``, in cell order."""
        got = self.cells.get(budget)
        if got is None:
            got = self.cells[budget] = self.grid.cells_of(self.reached(budget))
        return got

    def cost_map(self, budget: int) -> Mapping[Cell, int]:
        """Every cell within ``budget`` with its least cost, in cell order."""
        got = self.costs.get(budget)
        if got is None:
            bits = self.reached(budget)
            cost: dict[Cell, int] = {}
            seen = self.start
            for k in range(1, budget + 1):
                for c in self.grid.cells_of(self.within[k] & ~seen):
                    cost[c] = k
                seen = self.within[k]
            got = self.costs[budget] = MappingProxyType({c: cost[c] for c in self.grid.cells_of(bits)})
        return got
