"""The grid reading of a Move (rules 25-27).

A Move goes up to 2 inches (cells, centre to centre, Euclidean) straight
toward or straight away from the Matched opponent.  On the grid the
destination is a cell whose centre lies within half a cell of the line
through both combatants' centres, on the opponent's side of the mover (toward,
never beyond the opponent) or on the far side (away).  The path may not
cross movement-blocking terrain or another figure (``line_clear``); a cell
off the battlefield is a legal destination and removes the mover (rule 27).
"""

from __future__ import annotations

import functools

from core.board import Battlefield, Cell, line_clear, supercover
from core.ruleset import Rejection

from .cache import walls
from .state import SowState

MAX_MOVE_SQ = 4  # 2 inches, squared


def _geometry(p: Cell, q: Cell, c: Cell) -> tuple[int, int, int, int]:
    """(squared length of the step, dot with p->q, cross with p->q, |p->q|^2)."""
    vx, vy = q[0] - p[0], q[1] - p[1]
    dx, dy = c[0] - p[0], c[1] - p[1]
    return dx * dx + dy * dy, dx * vx + dy * vy, dx * vy - dy * vx, vx * vx + vy * vy


def _blocked(state: SowState, mover: str):
    bf = state.battlefield
    figures = {cell for cell, uid in state.occupied().items() if uid != mover}

    def blocked(cell: Cell) -> bool:
        if not bf.in_bounds(cell):
            return False  # past the edge there is nothing to stop a figure
        return bf.terrain(cell).blocks_move or cell in figures

    return blocked


def _problem(state: SowState, mover: str, p: Cell, q: Cell, c: Cell) -> Rejection | None:
    """Why ``c`` is not a destination of a Move from ``p`` with the opponent at ``q``."""
    if c == p:
        return Rejection("no-move", "A Move has to go somewhere; choose Wait to stay put.")
    length_sq, dot, cross, v_sq = _geometry(p, q, c)
    if length_sq > MAX_MOVE_SQ:
        return Rejection("too-far", "A Move covers at most 2 inches (rule 25).")
    # Within half a cell of the line: |cross| / |v| <= 1/2, kept exact as integers.
    if dot == 0 or 4 * cross * cross > v_sq:
        return Rejection("not-direct", "A Move goes straight toward or straight away from your Matched opponent (rule 26).")
    if dot > 0 and dot >= v_sq:
        return Rejection("beyond", "Moving toward your opponent stops short of them; you cannot go past.")
    bf = state.battlefield
    if bf.in_bounds(c):
        if c in state.occupied():
            return Rejection("occupied", f"{state.occupied()[c]} already stands at {c[0]},{c[1]}.")
        if bf.terrain(c).blocks_move:
            return Rejection("impassable", f"Nobody can stand on {bf.terrain(c).kind}.")
    if not line_clear(p, c, _blocked(state, mover)):
        return Rejection("blocked", "Terrain or another figure is in the way of that Move.")
    return None


def _paths() -> tuple[tuple[int, int, int, tuple[Cell, ...], tuple[tuple[Cell, Cell], ...]], ...]:
    """Every step (dx, dy) within the reach of a Move, in dy-then-dx order:
    (dx, dy, squared length, then the supercover steps of its path from
    (0, 0): the cells it enters one at a time, and the pairs beside a corner
    it passes exactly through, where only both blocked stop it)."""
    out: list[tuple[int, int, int, tuple[Cell, ...], tuple[tuple[Cell, Cell], ...]]] = []
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            if (dx == 0 and dy == 0) or dx * dx + dy * dy > MAX_MOVE_SQ:
                continue
            steps = supercover((0, 0), (dx, dy))
            # a step of two cells is the pair beside a corner (supercover)
            corners = tuple((step[0], step[1]) for step in steps if len(step) == 2)
            assert len(corners) + sum(len(step) == 1 for step in steps) == len(steps)
            out.append((dx, dy, dx * dx + dy * dy, tuple(step[0] for step in steps if len(step) == 1), corners))
    return tuple(out)


_PATHS = _paths()


@functools.lru_cache(maxsize=4096)
def _offsets(vx: int, vy: int) -> tuple[tuple[int, int, int, bool, tuple[Cell, ...], tuple[tuple[Cell, Cell], ...]], ...]:
    """The steps (dx, dy) that pass the distance and direction tests of
    ``_problem`` with the opponent at offset (vx, vy), in the dy-then-dx
    order ``destinations`` lists them: (dx, dy, squared length, toward the
    opponent?, the path's single cells and corner pairs (``_paths``))."""
    out = []
    v_sq = vx * vx + vy * vy
    for dx, dy, length_sq, singles, corners in _PATHS:
        dot, cross = dx * vx + dy * vy, dx * vy - dy * vx
        if dot == 0 or 4 * cross * cross > v_sq or (dot > 0 and dot >= v_sq):
            continue
        out.append((dx, dy, length_sq, dot > 0, singles, corners))
    return tuple(out)


def destinations(state: SowState, mover: str, opponent: str) -> list[Cell]:
    """Every legal destination of a Move, in a stable order.  Of the cells
    off the battlefield only the nearest one each way is offered (they all
    mean the same thing: the combatant leaves the game).

    Same answer as keeping the cells of the 5x5 square round the mover for
    which ``_problem`` finds nothing wrong, computed in one pass: the
    geometric tests depend only on the offsets (cached), and the path test
    of ``line_clear`` covers the destination too (it is the path's last
    cell), which makes the separate occupied/impassable tests redundant."""
    return list(destination_cells(state, mover, opponent))


def destination_cells(state: SowState, mover: str, opponent: str) -> tuple[Cell, ...]:
    # legal_orders asks, then check asks again for the chosen Move on the
    # same state: the answer is kept in the state's memo.
    return state.memo.get(("destinations", mover, opponent), _destinations, state, mover, opponent)


def _destinations(state: SowState, mover: str, opponent: str) -> tuple[Cell, ...]:
    p = state.get(mover).cell  # both of a Match stand on the battlefield
    q = state.get(opponent).cell
    figures = [u.pos for u in state.units if u.pos is not None and u.id != mover and not u.removed]
    return destinations_near(state.battlefield, p, q, blockers_near(state.battlefield, p, figures))


def blockers_near(bf: Battlefield, p: Cell, figures) -> set[Cell]:
    """What blocks a Move from ``p``, relative to it and within the 5x5
    square a Move can reach (every step of its path lies there): walls, and
    the figures at ``figures`` that stand on the battlefield."""
    width, height = bf.width, bf.height
    px, py = p
    near = set(walls_near(bf, p))
    for x, y in figures:
        if -2 <= x - px <= 2 and -2 <= y - py <= 2 and 0 <= x < width and 0 <= y < height:
            near.add((x - px, y - py))
    return near


def destinations_near(bf: Battlefield, p: Cell, q: Cell, near: set[Cell]) -> tuple[Cell, ...]:
    """The destinations of a Move from ``p`` with the opponent at ``q``,
    given ``near``: what blocks (walls and figures, the opponent's too)
    within two cells of ``p``, relative to it.  Shared by the listing and
    by the computer's Match solver, which tries positions not yet played."""
    width, height = bf.width, bf.height
    px, py = p
    out: list[Cell] = []
    off: dict[bool, tuple[int, Cell]] = {}
    for dx, dy, length_sq, toward, singles, corners in _offsets(q[0] - px, q[1] - py):
        if near and (not near.isdisjoint(singles)
                     or (corners and any(near.issuperset(pair) for pair in corners))):
            continue
        c = (px + dx, py + dy)
        if 0 <= c[0] < width and 0 <= c[1] < height:
            out.append(c)
        else:
            best = off.get(toward)
            if best is None or (length_sq, c) < best:
                off[toward] = (length_sq, c)
    if off:
        out += [off[k][1] for k in sorted(off, reverse=True)]
    return tuple(out)


def walls_near(bf: Battlefield, p: Cell) -> frozenset[Cell]:
    """The walls within two cells of ``p`` each way, relative to ``p``."""
    table = bf.memo.table("spheres_of_war.walls_near", 4096)
    near = table.get(p)
    if near is None:
        blocked = walls(bf)
        near = table.put(p, frozenset((dx, dy) for dy in range(-2, 3) for dx in range(-2, 3)
                                      if (p[0] + dx, p[1] + dy) in blocked) if blocked else frozenset())
    return near


def move_problem(state: SowState, mover: str, opponent: str, to: Cell) -> Rejection | None:
    if to in destination_cells(state, mover, opponent):
        return None  # every listed destination passes _problem
    me, them = state.get(mover), state.get(opponent)
    problem = _problem(state, mover, me.cell, them.cell, to)
    if problem is not None:
        return problem
    if to not in destinations(state, mover, opponent):
        nearest = [c for c in destinations(state, mover, opponent) if not state.battlefield.in_bounds(c)]
        hint = f" (use {nearest[0][0]},{nearest[0][1]})" if nearest else ""
        return Rejection("off-board", f"Leaving the battlefield is one Move to the nearest cell past the edge{hint}.")
    return None


def direction(state: SowState, mover: str, opponent: str, to: Cell) -> str:
    return heading(state.get(mover).cell, state.get(opponent).cell, to)


def heading(p: Cell, q: Cell, to: Cell) -> str:
    """A step from ``p`` to ``to`` with the opponent at ``q``: toward or away from."""
    return "toward" if _geometry(p, q, to)[1] > 0 else "away from"


def _where(c: Cell) -> str:
    return f"{c[0]},{c[1]}"


def first_blocker(state: SowState, mover: str, p: Cell, to: Cell) -> tuple[Cell, ...] | None:
    """The first thing on the straight way from ``p`` to ``to`` that stops a
    Move of ``mover`` (``line_clear``'s reading): one cell, or the two cells
    beside a corner the way passes exactly through, both blocked; None: clear."""
    blocked = _blocked(state, mover)
    for step in supercover(p, to):
        if all(blocked(c) for c in step):
            return step
    return None


def _what_stands(state: SowState, cell: Cell) -> str:
    """A figure's id, or the terrain's kind, at a blocking cell."""
    who = state.occupied().get(cell)
    return f"{who} at {_where(cell)}" if who is not None else f"{state.battlefield.terrain(cell).kind} at {_where(cell)}"


def why_no_move(state: SowState, mover: str, opponent: str, to: Cell) -> str | None:
    """Why no Move of ``mover`` ends at ``to``, in a player's words and naming
    what is in the way (rules 25-27 on the grid: docs/rulings.md); None when
    a Move may end there.  The same tests as ``_problem``, worded for the
    board's Enter on a cell no order points at."""
    if to in destination_cells(state, mover, opponent):
        return None
    p, q = state.get(mover).cell, state.get(opponent).cell
    if to == p:
        return f"{mover} already stands at {_where(to)}; Wait keeps it there (rule 24)"
    length_sq, dot, cross, v_sq = _geometry(p, q, to)
    if length_sq > MAX_MOVE_SQ:
        return (f"{_where(to)} is {length_sq ** 0.5:.1f} inches from {mover}; "
                "a Move covers at most 2 inches (rule 25)")
    if dot == 0 or 4 * cross * cross > v_sq:
        return (f"{_where(to)} is not straight toward or away from {opponent}, "
                f"and a Move goes only along that line (rule 26)")
    if dot > 0 and dot >= v_sq:
        return f"a Move toward {opponent} stops short of it, never on or past it (rule 26)"
    bf = state.battlefield
    if bf.in_bounds(to):
        if to in state.occupied():
            return f"{state.occupied()[to]} stands at {_where(to)}: a Move ends on an empty cell"
        if bf.terrain(to).blocks_move:
            return f"{_where(to)} is {bf.terrain(to).kind}: no figure can stand there"
    step = first_blocker(state, mover, p, to)
    if step is not None:
        what = " and ".join(_what_stands(state, c) for c in step)
        between = " (both sides of the corner it passes)" if len(step) == 2 else ""
        return f"the straight way from {_where(p)} to {_where(to)} is blocked by {what}{between}"
    # off the battlefield: only the nearest cell past the edge that way is a Move
    nearest = [c for c in destination_cells(state, mover, opponent)
               if not bf.in_bounds(c) and (_geometry(p, q, c)[1] > 0) == (dot > 0)]
    hint = f" ({_where(nearest[0])})" if nearest else ""
    return f"leaving the battlefield is one Move to the nearest cell past the edge{hint} (rule 27)"
