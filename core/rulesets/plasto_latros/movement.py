"""Where a mini may go with one Movement ("Movement" and "Climbing
Movement On Terrain" in the seed), as checks that explain a refusal and as
lists of destinations for menus."""

from __future__ import annotations

from collections.abc import Set

from core.board import FIGURE_HEIGHT, Cell, distance_squared

from .grid import FACINGS, Grid, grid, in_front, relative_steps, remember, step_cells
from .orders import Climb, FreeMove, Jump, JumpAttack, Move, Movement, Relocate, Stand, Turn
from .state import Mini, PlastoState

# The height scale (rulings, "Height scale"), the one place it is written:
# a level of elevation is as tall as a cell is wide, and a mini stands one
# level tall (core.board.FIGURE_HEIGHT, which line of sight uses too, with
# cells and levels in the same unit).  So one Standard Movement of L cells
# climbs up to L levels, a mini hops a gap as wide as it is tall (one cell),
# and a jump down has no limit.
CELLS_PER_LEVEL = 1
MINI_HEIGHT_LEVELS = FIGURE_HEIGHT
GAP_CELLS = int(MINI_HEIGHT_LEVELS * CELLS_PER_LEVEL)


def climb_limit(state: PlastoState) -> int:
    """The most levels one climbing Movement rises or drops: one Standard
    Movement ("Climbing Movement On Terrain")."""
    return state.options.move_length // CELLS_PER_LEVEL


def blocked_cells(state: PlastoState) -> frozenset[Cell]:
    """Cells nobody may enter: other figures and standing artifacts (worked
    out once per state)."""
    memo = state.memo.entries
    found = memo.get("blocked")
    if found is None:
        cells = {m.pos for m in state.minis if m.pos is not None}
        cells.update(f.cell for f in state.features)
        found = memo["blocked"] = frozenset(cells)
    return found


def standable(state: PlastoState, cell: Cell, taken: Set[Cell]) -> bool:
    bf = state.battlefield
    return bf.in_bounds(cell) and not bf.terrain(cell).blocks_move and cell not in taken


def straight_path_problem(state: PlastoState, start: Cell, end: Cell, taken: Set[Cell]) -> str | None:
    """Why a straight Movement from ``start`` to ``end`` is not possible, or None.

    The path is the supercover of the segment.  It stays on the level the
    mini stands on; a cell lower than that level is a gap, and a gap may be
    hopped when it is one cell wide (corner touches do not widen it).  At a
    corner the line is blocked only when both cells beside it are blocked.
    """
    bf = state.battlefield
    g = grid(bf)
    level, there = g.elev.get(start), g.elev.get(end)
    if level is None or there is None:  # off the battlefield: as the battlefield words it
        level, there = bf.elevation(start), bf.elevation(end)
    if there != level:
        return _other_level_words(start, end, level, there)
    if end in g.nomove:
        return wall_words(state, end)
    if end in taken:
        return f"{end[0]},{end[1]} is not free to stand on."
    found = _walk(g, taken, level, start, end)
    if found is None:
        return None
    if found is SQUEEZE:
        return "The straight line squeezes between two obstacles."
    if found is WIDE_GAP:
        return "The gap is wider than one cell: no mini can hop it."
    return f"The straight line is blocked at {found[0]},{found[1]}."


def _other_level_words(start: Cell, end: Cell, level: int, there: int) -> str:
    """Why a straight Movement to a cell of another height is refused; when
    that cell does not touch the mini's, why a climb or a jump (which only
    reach a touching cell: *Climbing Movement On Terrain*) cannot go there either."""
    if max(abs(end[0] - start[0]), abs(end[1] - start[1])) <= 1:
        return "A straight Movement ends at the same height it starts (climb or jump to change level)."
    levels = abs(there - level)
    how = f"{levels} level{'s' if levels > 1 else ''} {'higher' if there > level else 'lower'}"
    others = "a climb" if there > level else "a climb or a jump"
    return (f"{end[0]},{end[1]} is {how}: a straight Movement keeps its height, and {others} "
            "reaches only a cell beside it.")


SQUEEZE, WIDE_GAP = "squeeze", "wide gap"


def _walk(g: Grid, taken, level: int, start: Cell, end: Cell):
    """The steps of :func:`straight_path_problem` after its checks of the
    end cell: None when the line is open, else SQUEEZE, WIDE_GAP or the
    blocking cell.  A cell is blocked when off the battlefield, or on the
    level (or above it) and higher, impassable or taken; lower is a gap.
    ``run`` counts the lower cells crossed in a row; the two cells beside a
    corner the line passes through leave it as it is (rulings, *Gaps*: a
    corner touch neither widens nor closes a gap), so a roof touched only
    at its corner is no stepping stone."""
    elev, nomove = g.elev, g.nomove
    x, y = start
    run = 0
    for step in relative_steps(end[0] - x, end[1] - y):
        if len(step) == 2:
            blocked = 0
            for ax, ay in step:
                cell = (x + ax, y + ay)
                e = elev.get(cell)
                if e is None or (e >= level and (e > level or cell in nomove or cell in taken)):
                    blocked += 1
            if blocked == 2:
                return SQUEEZE
            continue
        ax, ay = step[0]
        cell = (x + ax, y + ay)
        e = elev.get(cell)
        if e is None:
            return cell
        if e < level:
            run += 1
            if run > GAP_CELLS:
                return WIDE_GAP
        elif e > level or cell in nomove or cell in taken:
            return cell
        else:
            run = 0
    return None


def _destination_key(state: PlastoState, mini: Mini, blocked: Set[Cell]) -> tuple:
    """What a mini's straight destinations depend on: where it stands, the
    reach, and the blocked cells within reach (no line leaves that square)."""
    reach = state.options.move_length
    pos = mini.pos
    assert pos is not None  # a mini that moves stands on the battlefield
    return (pos, reach, near_bits(pos, reach, blocked))


def near_bits(pos: Cell, reach: int, cells) -> int:
    """``cells`` within ``reach`` cells of ``pos`` (square), ``pos`` itself
    left out, as the bits of an int: bit ``(dx + reach) * (2 * reach + 1) +
    dy + reach`` for the offset (dx, dy).  The same bits as the cells a line
    looks at (see :func:`_open_lines`), and a plain int where a frozenset
    would be one more object kept for every full collection to walk."""
    x, y = pos
    width = 2 * reach + 1
    low_x, high_x, low_y, high_y = x - reach, x + reach, y - reach, y + reach
    near = 0
    for cell in cells:
        cx, cy = cell
        if low_x <= cx <= high_x and low_y <= cy <= high_y and cell != pos:
            near |= 1 << ((cx - low_x) * width + cy - low_y)
    return near


def _near_cells(pos: Cell, reach: int, near: int) -> frozenset[Cell]:
    """The blocked cells of a :func:`_destination_key`."""
    x, y = pos
    width = 2 * reach + 1
    cells = set()
    while near:
        low = near & -near  # the lowest bit set
        near ^= low
        dx, dy = divmod(low.bit_length() - 1, width)
        cells.add((x + dx - reach, y + dy - reach))
    return frozenset(cells)


def _open_lines(g: Grid, pos: Cell, reach: int) -> tuple:
    """The straight destinations from ``pos`` on the bare battlefield (no
    figure or artifact anywhere), in row order, each with every cell its
    line looks at (as :func:`near_bits`, so that no object of its own is
    kept for the collector: a line is clear of the blocked cells of a
    :func:`_destination_key` when the two ints share no bit).  A blocked cell only ever closes a line (it turns a free
    cell on the level into a blocked one, never the other way), so with
    figures about, a destination stays open when none of them is on its
    line and has to be walked again otherwise."""
    found = g.lines.get((pos, reach))
    if found is not None:
        return found
    x, y = pos
    elev, nomove = g.elev, g.nomove
    level = elev[pos]
    # the cells of the square that are no free cell on this level, as bits:
    # a line none of whose cells is one of them is open without a walk
    if g.even:
        bad = _bad_cells(g, pos, reach)
    else:
        bad, bit = 0, 1
        for tx in range(x - reach, x + reach + 1):
            for ty in range(y - reach, y + reach + 1):
                cell = (tx, ty)
                if elev.get(cell) != level or cell in nomove:
                    bad |= bit
                bit <<= 1
    out = []
    for dx, dy, seen, end in _line_offsets(g, reach):
        if bad & end:
            continue  # off the battlefield, or not a free cell on this level
        cell = (x + dx, y + dy)
        if not bad & seen or _walk(g, (), level, pos, cell) is None:
            out.append((cell, seen))
    return remember(g.lines, (pos, reach), tuple(out))


def _bad_cells(g: Grid, pos: Cell, reach: int) -> int:
    """On an even battlefield (``g.even``: every cell on one level, none
    blocking movement) the cells of the square of :func:`_open_lines` that
    are no free cell on the level are those off the battlefield: whole
    columns, and in the others the same rows (bits as :func:`near_bits`)."""
    x, y = pos
    width = 2 * reach + 1
    height, across = g.battlefield.height, g.battlefield.width
    rows = 0
    for i in range(width):
        if not 0 <= y - reach + i < height:
            rows |= 1 << i
    column = (1 << width) - 1
    bad = 0
    for i in range(width):
        bad |= (rows if 0 <= x - reach + i < across else column) << (i * width)
    return bad


def _line_offsets(g: Grid, reach: int) -> tuple:
    """The offsets a straight Movement of ``reach`` cells may end at, in row
    order, each with the cells its line looks at and its own cell (bits as
    :func:`near_bits`)."""
    key = ("offsets", reach)
    found = g.lines.get(key)
    if found is not None:
        return found
    width = 2 * reach + 1
    out = []
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            if (dx or dy) and dx * dx + dy * dy <= reach * reach:
                seen = 0
                for step in relative_steps(dx, dy):
                    for ax, ay in step:
                        seen |= 1 << ((ax + reach) * width + ay + reach)
                out.append((dx, dy, seen, 1 << ((dx + reach) * width + dy + reach)))
    return remember(g.lines, key, tuple(out))


def open_line_map(g: Grid, pos: Cell, reach: int) -> dict:
    """:func:`_open_lines` as a dict: destination -> the cells its line looks at (bits)."""
    key = ("map", pos, reach)
    found = g.lines.get(key)
    return found if found is not None else remember(g.lines, key, dict(_open_lines(g, pos, reach)))


def _destinations(g: Grid, key: tuple) -> tuple[Cell, ...]:
    found = g.dests.get(key)
    if found is not None:
        return found
    pos, reach, near = key
    taken = _near_cells(pos, reach, near)
    level = g.elev[pos]
    out = []
    for cell, seen in _open_lines(g, pos, reach):
        if not near & seen or (cell not in taken and _walk(g, taken, level, pos, cell) is None):
            out.append(cell)
    return remember(g.dests, key, tuple(out))


def move_destinations(state: PlastoState, mini: Mini, blocked: frozenset[Cell] | None = None) -> list[Cell]:
    """Where one straight Movement takes ``mini``; ``blocked``: the cells
    nobody may enter, when not the state's own (a figure supposed elsewhere)."""
    key = _destination_key(state, mini, blocked_cells(state) if blocked is None else blocked)
    return list(_destinations(grid(state.battlefield), key))


def _step_destinations(state: PlastoState, mini: Mini, blocked: Set[Cell] | None, climb: bool) -> list[Cell]:
    """Free adjacent cells (on the battlefield, passable, not taken) up or
    down by one level to :func:`climb_limit` levels (``climb``), or lower
    than the mini by any height (a jump)."""
    taken = blocked_cells(state) if blocked is None else blocked
    climbs, jumps, _ = step_cells(grid(state.battlefield), mini.cell, climb_limit(state))
    return [c for c in (climbs if climb else jumps) if c not in taken]


def climb_destinations(state: PlastoState, mini: Mini, blocked: Set[Cell] | None = None) -> list[Cell]:
    return _step_destinations(state, mini, blocked, climb=True)


def jump_destinations(state: PlastoState, mini: Mini, blocked: Set[Cell] | None = None) -> list[Cell]:
    return _step_destinations(state, mini, blocked, climb=False)


def jump_targets(state: PlastoState, mini: Mini) -> list[Mini]:
    elev = grid(state.battlefield).elev
    pos, side, facing = mini.pos, mini.side, mini.facing
    assert pos is not None  # a mini that jumps stands on the battlefield
    x, y = pos
    level = elev[pos]
    return [
        m for m in state.minis
        if m.pos is not None and m.side != side
        and -1 <= m.pos[0] - x <= 1 and -1 <= m.pos[1] - y <= 1 and m.pos != pos  # adjacent
        and elev[m.pos] <= level - 1 and in_front(pos, facing, m.pos)
    ]


def movement_problem(state: PlastoState, mini: Mini, order: Movement) -> str | None:
    """Why this Movement cannot be made by ``mini`` (ownership and statuses
    are checked by the caller), or None."""
    if type(order) is Move and not mini.prone:  # the commonest order (Move has no subclasses)
        return _move_problem(state, mini, order)
    return _plain_movement_problem(state, mini, order)


def _move_problem(state: PlastoState, mini: Mini, order: Move) -> str | None:
    """:func:`_plain_movement_problem` of a straight Movement by a standing
    mini, the same answer found with the tables the listing uses: the line
    is open when it is open on the bare battlefield (:func:`open_line_map`,
    kept with the battlefield's grid) and no figure or artifact stands on a
    cell it looks at.  Any other case (a figure near the line, a refusal)
    goes the plain way, which words the refusal.
    ``tests/rulesets/plasto_latros/test_move_check_fast.py`` holds the two
    to the same answers."""
    to, here = order.to, mini.pos
    reach = state.options.move_length
    assert here is not None  # the caller checked the mini stands on the battlefield
    dx, dy = to[0] - here[0], to[1] - here[1]
    if dx * dx + dy * dy <= reach * reach:
        seen = open_line_map(grid(state.battlefield), here, reach).get(to)
        if seen is not None:
            # (the end cell is one of the cells its line looks at)
            if not near_bits(here, reach, blocked_cells(state)) & seen:
                return None
    return _plain_movement_problem(state, mini, order)


def _plain_movement_problem(state: PlastoState, mini: Mini, order: Movement) -> str | None:
    """:func:`movement_problem` worked out step by step from the rules."""
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
        here = mini.cell  # a mini that moves stands on the battlefield
        if distance_squared(here, order.to) > reach * reach:
            return f"One Standard Movement reaches {reach} cells."
        return straight_path_problem(state, here, order.to, blocked_cells(state) - {here})
    if isinstance(order, Climb):
        if order.to not in climb_destinations(state, mini):
            return _climb_problem(state, mini, order.to)
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


def _climb_problem(state: PlastoState, mini: Mini, to: Cell) -> str:
    """Why ``mini`` cannot climb to ``to``, in plain words: a climb goes to a
    free cell beside it, up or down at most one Standard Movement of height
    (*Climbing Movement On Terrain*), saying how high the cell is."""
    bf, here = state.battlefield, mini.cell
    where = f"{to[0]},{to[1]}"
    if not bf.in_bounds(to):
        return "That cell is off the battlefield."
    if max(abs(to[0] - here[0]), abs(to[1] - here[1])) != 1:
        return f"A climb goes to a cell beside {mini.id}: {where} is not beside it."
    terrain = bf.terrain(to)
    if terrain.blocks_move:
        return wall_words(state, to)
    if to in blocked_cells(state):
        return f"{where} is not free to stand on."
    rise, limit = bf.elevation(to) - bf.elevation(here), climb_limit(state)
    if not rise:
        return f"{where} is on {mini.id}'s level: a straight move goes there, not a climb."
    levels = f"{abs(rise)} level{'s' if abs(rise) != 1 else ''} {'up' if rise > 0 else 'down'}"
    return (f"The {terrain.kind} at {where} is {levels}; {mini.id} climbs at most {limit} "
            "(one Standard Movement of height).")


def wall_words(state: PlastoState, cell: Cell) -> str:
    """Why no Movement ends on ``cell``, whose terrain blocks movement
    (a chimney, a wall): named, as a climb's refusal names the terrain."""
    kind = state.battlefield.terrain(cell).kind
    return f"The {kind} at {cell[0]},{cell[1]} blocks movement: no mini may stand on it."


def _orders(g: Grid, key: tuple, make) -> tuple:
    """The order tuple cached under ``key`` (orders are immutable values,
    so the same objects can be listed again)."""
    found = g.orders.get(key)
    return found if found is not None else remember(g.orders, key, tuple(make()))


def _cell_map(g: Grid, kind: str, side: int, unit: str, free: bool) -> dict:
    """Cell -> the orders of ``kind`` to that cell, one per facing."""
    key = ("cells", kind, side, unit, free)
    found = g.orders.get(key)
    return found if found is not None else remember(g.orders, key, {})


def _movement_tuple(state: PlastoState, mini: Mini, side: int, blocked: Set[Cell] | None, free: bool = False) -> tuple:
    """Every Movement of a standing mini but jump attacks (each wrapped as a
    Defending Free Movement when ``free``), cached on what it depends on:
    side, unit, facing, and the key of its straight lines (the blocked cells
    within reach cover the adjacent cells of climbs and jumps)."""
    g = grid(state.battlefield)
    unit, facing = mini.id, mini.facing
    taken = blocked_cells(state) if blocked is None else blocked
    key = _destination_key(state, mini, taken)
    whole = (side, unit, facing._name_, free, key)  # a name, not the Enum member: no object to walk
    found = g.wholes.get(whole)
    if found is not None:
        return found
    out: list = list(_orders(g, ("turn", side, unit, facing._name_, free),
                             lambda: _wrap(side, free, (Turn(side, unit, f) for f in FACINGS if f is not facing))))
    for kind, cls, cells in (("move", Move, _destinations(g, key)),
                             ("climb", Climb, climb_destinations(state, mini, taken)),
                             ("jump", Jump, jump_destinations(state, mini, taken))):
        per = _cell_map(g, kind, side, unit, free)
        plain = _cell_map(g, kind, side, unit, False) if free else per
        for cell in cells:
            orders = per.get(cell)
            if orders is None:
                # a Free Movement wraps the very Movements listed in turn
                # (one object per value for the collector to walk, not two)
                orders = plain.get(cell)
                if orders is None:
                    orders = plain[cell] = tuple([cls(side, unit, cell, f) for f in FACINGS])
                if free:
                    orders = per[cell] = tuple([FreeMove(side, mv) for mv in orders])
            out += orders
    return remember(g.wholes, whole, tuple(out))


def _wrap(side: int, free: bool, movements):
    return (FreeMove(side, mv) for mv in movements) if free else movements


def _stand_tuple(state: PlastoState, mini: Mini, side: int, free: bool = False) -> tuple:
    unit = mini.id
    return _orders(grid(state.battlefield), ("stand", side, unit, free),
                   lambda: _wrap(side, free, (Stand(side, unit, f) for f in FACINGS)))


def movements_for(state: PlastoState, mini: Mini, side: int, attacks: bool = True,
                  blocked: Set[Cell] | None = None) -> list[Movement]:
    """Every Movement ``mini`` could make (statuses are the caller's business).
    ``blocked`` is :func:`blocked_cells` when the caller already has it."""
    if mini.prone:
        return list(_stand_tuple(state, mini, side))
    out = list(_movement_tuple(state, mini, side, blocked))
    if attacks:
        out += [JumpAttack(side, mini.id, t.id) for t in jump_targets(state, mini)]
    return out


def free_movements(state: PlastoState, mini: Mini, side: int, blocked: Set[Cell] | None = None) -> tuple:
    """``movements_for``, each wrapped as a Defending Free Movement (cached
    like the movements, but for the jump attacks)."""
    if mini.prone:
        return _stand_tuple(state, mini, side, free=True)
    found = _movement_tuple(state, mini, side, blocked, free=True)
    targets = jump_targets(state, mini)
    if targets:
        found += tuple([FreeMove(side, JumpAttack(side, mini.id, t.id)) for t in targets])
    return found


def relocations(state: PlastoState, side: int, unit: str, cells) -> list[Relocate]:
    """The final turn's relocations of ``unit`` to ``cells``, each in every
    facing (the four orders of a cell kept with the battlefield's grid)."""
    g = grid(state.battlefield)
    cache = g.orders
    out: list = []
    for cell in cells:
        key = ("relocate", side, unit, cell)
        orders = cache.get(key)
        if orders is None:
            orders = remember(cache, key, tuple(Relocate(side, unit, cell, f) for f in FACINGS))
        out += orders
    return out
