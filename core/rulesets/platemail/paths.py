"""Searches on a Platemail battlefield's movement grid (``grid.py``), the
ones the simultaneous movement plans with (``movement.py``, docs/rulings.md,
Platemail, Movement): the cheapest cost to every cell, whether a cell can
be reached at all, the cost of reaching any of a set of goal cells (kept
between the ticks of a Phase), the steps along a cheapest path, and the
run a mover makes to a free cell beside a character.  The computer's
forecasts read the same ones (``core.ai.platemail_chances.charge_run``)."""

from __future__ import annotations

import heapq

from core.board import chebyshev, neighbours


def costs_on(g, start, blocked, limit=None) -> dict:
    """Dijkstra on the grid ``g`` from ``start``: {cell: cheapest cost}."""
    steps = g.steps
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if best[cell] < cost:
            continue
        for nxt, step_cost in steps.get(cell, ()):
            if nxt in blocked:
                continue
            ncost = cost + (step_cost if g.nonnegative else max(0, step_cost))
            if limit is not None and ncost > limit:
                continue
            if ncost < best.get(nxt, ncost + 1):
                best[nxt] = ncost
                heapq.heappush(heap, (ncost, nxt))
    return best

def _reaches_grid(g, start, dest, blocked, seen=None) -> bool:
    """``_reaches`` on ``g``; ``seen`` (holding ``start``) ends with the
    cells the search met."""
    steps = g.steps
    if seen is None:
        seen = {start}
    todo = [start]
    while todo:
        for nxt, _ in steps.get(todo.pop(), ()):
            if nxt == dest:
                return nxt not in blocked
            if nxt not in seen and nxt not in blocked:
                seen.add(nxt)
                todo.append(nxt)
    return False

def _reaches_kept(g, start, dest, blocked, fields) -> bool:
    """``_reaches``, reusing this Phase's last search towards ``dest`` past
    the same blocked cells (kept in ``fields``) when it passed ``start``:
    steps between passable cells go both ways (the corner rule is
    symmetric), so every cell that search met lies in one region with its
    start, and that region holds ``dest`` or not for all of them alike."""
    return _reaches_frozen(g, start, dest, blocked, frozenset(blocked), fields)


def _reaches_frozen(g, start, dest, blocked, frozen, fields) -> bool:
    """``_reaches_kept`` with ``frozen`` = ``frozenset(blocked)`` given."""
    key = ("reach", dest, frozen)
    known = fields.get(key)
    if known is not None and start in known[0]:
        return known[1]
    seen = {start}
    found = _reaches_grid(g, start, dest, blocked, seen)
    if start in g.passable:
        fields[key] = (seen, found)
    return found

_NONE = 1 << 60  # the cost of a cell the search has not reached


def _search(g, goals, blocked, origin):
    """``_to_goal``'s search on cell numbers: (costs, origin, stop,
    complete).  ``costs`` is a list by cell number, ``_NONE`` where not
    reached and -1 for each blocked cell (never a cost: the caller skips
    blocked cells); ``stop`` is the origin's cost when the search stopped
    early, ``complete`` says every value in ``costs`` is final."""
    index, into, move_cost = g.index, g.into_i, g.cost_i
    if not g.nonnegative:
        # Loaded battlefields never have negative costs (battlefield_problem);
        # one built in code that does would send Dijkstra round a negative
        # loop for ever.  Counted as free steps, every search ends.
        origin = None
        move_cost = [max(0, cost) for cost in move_cost]
    near = g.heuristic(origin) if origin is not None else [0] * len(move_cost)
    target = index[origin] if origin is not None else -1
    best = [_NONE] * len(move_cost)
    for cell in blocked:
        i = index.get(cell)
        if i is not None:
            best[i] = -1
    heap = []
    for goal in goals:
        i = index[goal]
        best[i] = 0
        heap.append((near[i], 0, i))
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    stop = None
    # Two loops, the same search: until the origin is popped (``stop`` then
    # its cost), and after it, where a pop beyond ``stop`` ends the search
    # (the origin, popped once with its final cost, is not met again).
    while heap:
        f, cost, cell = pop(heap)
        if best[cell] < cost:
            continue
        prevs = into[cell]
        if cell == target:
            stop = cost
            if prevs:
                ncost = cost + move_cost[cell]
                for prev in prevs:
                    if ncost < best[prev]:
                        best[prev] = ncost
                        push(heap, (ncost + near[prev], ncost, prev))
            break
        if not prevs:
            continue
        ncost = cost + move_cost[cell]
        for prev in prevs:
            if ncost < best[prev]:
                best[prev] = ncost
                push(heap, (ncost + near[prev], ncost, prev))
    while heap:
        f, cost, cell = pop(heap)
        if f > stop:
            return best, origin, stop, False
        if best[cell] < cost:
            continue
        prevs = into[cell]
        if not prevs:
            continue
        ncost = cost + move_cost[cell]
        for prev in prevs:
            if ncost < best[prev]:
                best[prev] = ncost
                push(heap, (ncost + near[prev], ncost, prev))
    return best, origin, stop, True


def _field(g, goals, blocked, origin, fields):
    """``_search``'s costs for a mover at ``origin``, reusing the last search
    of this Phase for the same goals and blocked cells when it already holds
    every value the caller compares (``fields``: one entry per such key).

    An A* search from ``o1`` that stopped at ``stop`` (the cost of ``o1``)
    has popped, with their final costs, every cell whose cost plus its
    heuristic (the cheapest step cost ``unit`` times its Chebyshev distance
    to ``o1``) is at most ``stop``.  For a new origin ``o2`` whose cost is
    known, each neighbour ``m`` on a cheapest path from ``o2`` costs at most
    ``cost(o2) - unit`` and lies at most ``cheb(o2, o1) + 1`` from ``o1``,
    so if ``cost(o2) + unit * cheb(o2, o1) <= stop`` then ``o2`` and all
    such neighbours were popped: the comparison the caller makes gives the
    same answer as a new search (other neighbours' costs are never below
    their true cost, and the caller uses them only to leave them out)."""
    key = (goals, blocked)
    known = fields.get(key)
    if known is not None:
        best, o1, stop, complete = known
        if complete:
            return best
        here = best[g.index[origin]]
        if 0 <= here < _NONE and here + g.cheapest * max(abs(origin[0] - o1[0]), abs(origin[1] - o1[1])) <= stop:
            return best
    found = _search(g, goals, blocked, origin)
    fields[key] = found
    return found[0]


def goals_beside(g, cell, blocked) -> tuple:
    """The cells a mover making for the character at ``cell`` heads for:
    the passable cells beside it that nobody in ``blocked`` stands on."""
    around = g.around.get(cell)
    if around is None:  # (off the battlefield: no passable cell there)
        around = tuple(k for k in neighbours(cell) if k in g.passable)
    return tuple([k for k in around if k not in blocked])


def path_steps(g, field, pos, blocked, aim) -> list:
    """The steps from ``pos`` that lie on a cheapest path to the goals of
    ``field`` (``_search``'s costs by cell number), none into ``blocked``,
    best first: the least cost left, then the nearest to ``aim`` (the
    straightest way), then the lower cell.  Every one makes the same
    progress: the path through it costs what the cheapest path costs."""
    index = g.index
    here = field[index[pos]]
    if not 0 <= here < _NONE:
        return []
    costs = {}  # the cost of each neighbour on a cheapest path
    for n, step_cost in g.steps[pos]:
        if n not in blocked:
            cost = field[index[n]]
            if cost + step_cost <= here and 0 <= cost < _NONE:  # (the usual refusal first)
                costs[n] = cost
    if len(costs) <= 1:
        return list(costs)
    ax, ay = aim
    return sorted(costs, key=lambda n: (costs[n], (n[0] - ax) ** 2 + (n[1] - ay) ** 2, n))


def run_beside(g, start, cell, blocked, limit: int) -> int | None:
    """The cells a mover at ``start`` with ``limit`` movement covers to
    come beside the character at ``cell``, stepping as the movement does
    (``path_steps`` towards a free cell beside it, ``goals_beside``) while
    everyone in ``blocked`` stands where they are; 0 when it is beside it
    already, None when no free cell beside it is within ``limit`` (walls,
    others in every cell beside it, or too far)."""
    if chebyshev(start, cell) <= 1:
        return 0
    goals = goals_beside(g, cell, blocked)
    if not goals:
        return None
    # An A* search towards ``start`` holds the final cost of every cell on
    # a cheapest path from it, and of their neighbours on one (``_field``).
    field = _search(g, goals, frozenset(blocked) - {start}, start)[0]
    pos, spent = start, 0
    for steps in range(1, len(field) + 1):  # (a bound: free steps could go round)
        ahead = path_steps(g, field, pos, blocked, cell)
        if not ahead:
            return None
        spent += g.cost[ahead[0]]
        if spent > limit:
            return None
        pos = ahead[0]
        if chebyshev(pos, cell) <= 1:
            return steps
    return None
