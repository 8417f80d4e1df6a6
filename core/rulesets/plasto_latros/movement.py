"""Where a mini may go with one Movement ("Movement" and "Climbing
Movement On Terrain" in the seed), as checks that explain a refusal and as
lists of destinations for menus."""

from __future__ import annotations

from core.board import Cell, Facing, adjacent, distance_squared, in_front_arc, supercover

from .orders import Climb, Jump, JumpAttack, Move, Movement, Stand, Turn
from .state import Mini, PlastoState

CLEAR, GAP, BLOCKED = "clear", "gap", "blocked"


def blocked_cells(state: PlastoState) -> set[Cell]:
    """Cells nobody may enter: other figures and standing artifacts."""
    cells = {m.pos for m in state.on_board()}
    cells |= {f.cell for f in state.features}
    return cells


def standable(state: PlastoState, cell: Cell, taken: set[Cell]) -> bool:
    bf = state.battlefield
    return bf.in_bounds(cell) and not bf.terrain(cell).blocks_move and cell not in taken


def _cell_kind(state: PlastoState, cell: Cell, level: int, taken: set[Cell]) -> str:
    bf = state.battlefield
    if not bf.in_bounds(cell):
        return BLOCKED
    elevation = bf.elevation(cell)
    if elevation < level:
        return GAP  # lower ground (with whatever stands on it) can be hopped
    if elevation > level or bf.terrain(cell).blocks_move or cell in taken:
        return BLOCKED
    return CLEAR


def straight_path_problem(state: PlastoState, start: Cell, end: Cell, taken: set[Cell]) -> str | None:
    """Why a straight Movement from ``start`` to ``end`` is not possible, or None.

    The path is the supercover of the segment.  It stays on the level the
    mini stands on; a cell lower than that level is a gap, and a gap may be
    hopped when it is one cell wide (corner touches do not widen it).  At a
    corner the line is blocked only when both cells beside it are blocked.
    """
    bf = state.battlefield
    level = bf.elevation(start)
    if bf.elevation(end) != level:
        return "A straight Movement ends at the same height it starts (climb or jump to change level)."
    if bf.terrain(end).blocks_move or end in taken:
        return f"{end[0]},{end[1]} is not free to stand on."
    run = 0
    for step in supercover(start, end):
        kinds = [_cell_kind(state, c, level, taken) for c in step]
        if len(step) == 2:
            if all(k == BLOCKED for k in kinds):
                return "The straight line squeezes between two obstacles."
            if CLEAR in kinds:
                run = 0
            continue
        kind = kinds[0]
        if kind == BLOCKED:
            cell = step[0]
            return f"The straight line is blocked at {cell[0]},{cell[1]}."
        if kind == GAP:
            run += 1
            if run > 1:
                return "The gap is wider than one cell: no mini can hop it."
        else:
            run = 0
    return None


def move_destinations(state: PlastoState, mini: Mini) -> list[Cell]:
    reach = state.options.move_length
    x, y = mini.pos
    taken = blocked_cells(state) - {mini.pos}
    out = []
    for ty in range(y - reach, y + reach + 1):
        for tx in range(x - reach, x + reach + 1):
            cell = (tx, ty)
            if cell == mini.pos or distance_squared(mini.pos, cell) > reach * reach:
                continue
            if not state.battlefield.in_bounds(cell):
                continue
            if straight_path_problem(state, mini.pos, cell, taken) is None:
                out.append(cell)
    return out


def climb_destinations(state: PlastoState, mini: Mini) -> list[Cell]:
    bf = state.battlefield
    taken = blocked_cells(state)
    level = bf.elevation(mini.pos)
    return [c for c in _around(mini.pos) if standable(state, c, taken) and abs(bf.elevation(c) - level) == 1]


def jump_destinations(state: PlastoState, mini: Mini) -> list[Cell]:
    bf = state.battlefield
    taken = blocked_cells(state)
    level = bf.elevation(mini.pos)
    return [c for c in _around(mini.pos) if standable(state, c, taken) and bf.elevation(c) < level]


def jump_targets(state: PlastoState, mini: Mini) -> list[Mini]:
    bf = state.battlefield
    level = bf.elevation(mini.pos)
    return [
        m for m in state.on_board()
        if m.side != mini.side and adjacent(m.pos, mini.pos)
        and bf.elevation(m.pos) <= level - 1 and in_front_arc(mini.pos, mini.facing, m.pos)
    ]


def _around(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


def movement_problem(state: PlastoState, mini: Mini, order: Movement) -> str | None:
    """Why this Movement cannot be made by ``mini`` (ownership and statuses
    are checked by the caller), or None."""
    bf = state.battlefield
    if isinstance(order, Stand):
        return None if mini.prone else f"{mini.id} is already standing."
    if mini.prone:
        return f"{mini.id} lies prone: its next Movement must stand it up."
    if isinstance(order, Turn):
        return f"{mini.id} already faces {order.facing.value}." if order.facing is mini.facing else None
    if isinstance(order, Move):
        if order.to == mini.pos:
            return "Turning in place is the turn order."
        if not bf.in_bounds(order.to):
            return "That cell is off the battlefield."
        reach = state.options.move_length
        if distance_squared(mini.pos, order.to) > reach * reach:
            return f"One Standard Movement reaches {reach} cells."
        return straight_path_problem(state, mini.pos, order.to, blocked_cells(state) - {mini.pos})
    if isinstance(order, Climb):
        if order.to not in climb_destinations(state, mini):
            return "Climbing needs a free adjacent cell exactly one level up or down."
        return None
    if isinstance(order, Jump):
        if order.to not in jump_destinations(state, mini):
            return "Jumping down needs a free adjacent cell lower than this one."
        return None
    if isinstance(order, JumpAttack):
        target = state.mini(order.target)
        if target is None or target.pos is None or target.side == mini.side:
            return f"{order.target} is not an enemy on the battlefield."
        if target not in jump_targets(state, mini):
            return "A jump attack needs an enemy in an adjacent cell at least one level below, in the front arc."
        return None
    return "That is not a Movement."


def movements_for(state: PlastoState, mini: Mini, side: int, attacks: bool = True) -> list[Movement]:
    """Every Movement ``mini`` could make (statuses are the caller's business)."""
    if mini.prone:
        return [Stand(side, mini.id, f) for f in Facing]
    out: list[Movement] = [Turn(side, mini.id, f) for f in Facing if f is not mini.facing]
    for cell in move_destinations(state, mini):
        out += [Move(side, mini.id, cell, f) for f in Facing]
    for cell in climb_destinations(state, mini):
        out += [Climb(side, mini.id, cell, f) for f in Facing]
    for cell in jump_destinations(state, mini):
        out += [Jump(side, mini.id, cell, f) for f in Facing]
    if attacks:
        out += [JumpAttack(side, mini.id, t.id) for t in jump_targets(state, mini)]
    return out
