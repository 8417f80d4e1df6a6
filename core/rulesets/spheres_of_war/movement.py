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

from core.board import Cell, line_clear
from core.ruleset import Rejection

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


def destinations(state: SowState, mover: str, opponent: str) -> list[Cell]:
    """Every legal destination of a Move, in a stable order.  Of the cells
    off the battlefield only the nearest one each way is offered (they all
    mean the same thing: the combatant leaves the game)."""
    me, them = state.unit(mover), state.unit(opponent)
    p, q = me.pos, them.pos
    bf = state.battlefield
    out: list[Cell] = []
    off: dict[bool, Cell] = {}
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            c = (p[0] + dx, p[1] + dy)
            if _problem(state, mover, p, q, c) is not None:
                continue
            if bf.in_bounds(c):
                out.append(c)
            else:
                toward = _geometry(p, q, c)[1] > 0
                best = off.get(toward)
                if best is None or (_geometry(p, q, c)[0], c) < (_geometry(p, q, best)[0], best):
                    off[toward] = c
    out.extend(off[k] for k in sorted(off, reverse=True))
    return out


def move_problem(state: SowState, mover: str, opponent: str, to: Cell) -> Rejection | None:
    me, them = state.unit(mover), state.unit(opponent)
    problem = _problem(state, mover, me.pos, them.pos, to)
    if problem is not None:
        return problem
    if to not in destinations(state, mover, opponent):
        nearest = [c for c in destinations(state, mover, opponent) if not state.battlefield.in_bounds(c)]
        hint = f" (use {nearest[0][0]},{nearest[0][1]})" if nearest else ""
        return Rejection("off-board", f"Leaving the battlefield is one Move to the nearest cell past the edge{hint}.")
    return None


def direction(state: SowState, mover: str, opponent: str, to: Cell) -> str:
    p, q = state.unit(mover).pos, state.unit(opponent).pos
    return "toward" if _geometry(p, q, to)[1] > 0 else "away from"
