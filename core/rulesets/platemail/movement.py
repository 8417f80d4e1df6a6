"""Simultaneous movement within an Action Phase (seed: Moving, Crash, Clash,
Attacks of Opportunity).  The algorithm, step by step, is in docs/rulings.md:
six ticks; each tick every mover proposes one step along its current
shortest path (the searches are in paths.py), allies making for the same
character taking cells side by side; Clashes, then Crashes, then cell
conflicts are settled (meetings.py: no two characters ever share a cell);
the steps happen together; then Attacks of Opportunity for anyone who
stepped out of a Ready enemy's reach."""

from __future__ import annotations

from types import MappingProxyType

from core.board import Cell, chebyshev, distance_squared
from core.events import Moved

from .combat import attack, can_make_aoo
from .grid import grid
from .meetings import clashes, crashes, crossing, occupancy
from .paths import (
    _NONE,
    _field,
    _reaches_frozen,
    _reaches_grid,
    _reaches_kept,  # noqa: F401  (the tests read it here)
    _search,
    costs_on,
    goals_beside,
    path_steps,
)
from .senses import Work, effective_battlefield
from .state import MOVES, Action, Status

# Enum members as module names: read from their class each costs ~90 ns in
# Python 3.11 (the Round reads them at every step); the same objects.
(A_CHARGE, A_FALL_BACK, A_GUARD, A_RESCUE, A_SKULK, A_TERROR, S_FIGHTING) = (
    Action.CHARGE, Action.FALL_BACK, Action.GUARD, Action.RESCUE, Action.SKULK, Action.TERROR, Status.FIGHTING)

TICKS = 6
_HOW = MappingProxyType({Action.SPRINT: "sprints", Action.CHARGE: "charges", Action.FALL_BACK: "falls back",
                         A_SKULK: "skulks", A_TERROR: "flees"})  # the word for a step in the log


def _costs(work: Work, start, blocked, limit=None) -> dict:
    """Dijkstra from ``start``: {cell: cost of the cheapest way there}."""
    return costs_on(work.grid, start, blocked, limit)


def reachable(state, start, limit: int) -> dict:
    """Where a mover at ``start`` can get on ``state``'s battlefield with
    ``limit`` movement, closed doors shut and figures ignored (they move at
    the same time): {cell: cost}.  For the order writer's hint."""
    return costs_on(grid(effective_battlefield(state)), start, frozenset(), limit)


def _reaches(work: Work, start, dest, blocked) -> bool:
    """Whether some path of allowed steps avoiding ``blocked`` leads to ``dest``."""
    return _reaches_grid(work.grid, start, dest, blocked)


def _hostile_cells(work: Work, uid):
    """Where ``uid``'s side knows its fighting enemies to be (not unseen skulkers)."""
    me = work.chars[uid]
    return [c.pos for c in work.known_to(uid) if c.side != me.side and c.fighting]


def retreat_cell(work: Work, uid, budget, blocked):
    """The reachable cell furthest from the nearest hostile (Fall Back, Terror)."""
    me = work.chars[uid]
    foes = _hostile_cells(work, uid)
    if not foes:
        return None
    def safety(cell):
        return min(distance_squared(cell, f) for f in foes)
    reach = _costs(work, me.pos, blocked, budget)
    here = safety(me.pos)
    best = max(reach, key=lambda c: (safety(c), -reach[c], -c[1], -c[0]))
    return best if safety(best) > here else None


def fall_back_kept(here, to, foes) -> bool:
    """Whether a Fall Back written to ``to`` from ``here`` keeps its cell:
    it is further from the nearest of ``foes`` (hostile cells) than
    ``here`` is, or there is nobody to fall back from (docs/rulings.md,
    Movement: otherwise the reachable cell furthest from them is taken)."""
    foes = list(foes)
    return not foes or min(distance_squared(to, f) for f in foes) > min(distance_squared(here, f) for f in foes)


def _say_fall_back_replaced(work: Work, uid, written, cell) -> None:
    """The log's word when a Fall Back's written cell is not further from
    the nearest hostile than where ``uid`` stands (docs/rulings.md,
    Movement: the Arbiter picks the reachable cell furthest from them)."""
    me = work.chars[uid]
    foes = [o for o in work.known_to(uid) if o.side != me.side and o.fighting]
    nearest = min(foes, key=lambda o: (distance_squared(me.cell, o.cell), o.id))
    instead = f"it falls back to {cell[0]},{cell[1]} instead, the reachable cell furthest from them" if cell \
        else "no reachable cell is further, so it stays"
    work.note(f"{uid}'s Fall Back cell {written[0]},{written[1]} is no further from the nearest hostile "
              f"({nearest.id} at {nearest.cell[0]},{nearest.cell[1]}) than {me.cell[0]},{me.cell[1]}: {instead}")


def goal_of(work: Work, uid):
    """('cell', xy) or ('near', unit id) or None for a mover this Phase."""
    c = work.chars[uid]
    act = work.acts[uid]
    kind = act.kind
    # no target in sight: a Move, Sprint or Charge heads for the enemy it would pick
    tid = work.targets.get(uid) or work.headings.get(uid)
    if kind in (A_CHARGE, A_GUARD):
        return ("near", tid) if tid and tid != uid else None
    if kind == A_RESCUE:
        if uid in work.carrying and act.to is not None:
            return ("cell", act.to)
        return ("near", tid) if tid and tid != uid else None
    if kind in (A_FALL_BACK, A_TERROR):
        blocked = {o.pos for o in work.known_to(uid) if o.id != uid}
        replaced = None
        if act.to is not None and kind == A_FALL_BACK:
            if fall_back_kept(c.cell, act.to, _hostile_cells(work, uid)):
                return ("cell", act.to)
            replaced = act.to
        cell = retreat_cell(work, uid, work.allowance[uid], blocked)
        if replaced is not None:
            _say_fall_back_replaced(work, uid, replaced, cell)
        return ("cell", cell) if cell else None
    if act.to is not None:
        return ("cell", act.to)
    if tid and tid != uid:
        return ("near", tid)
    return None


def allowance(work: Work, uid, held_ids=None) -> int:
    """Cells ``uid`` may move this Phase; ``held_ids`` is ``work.held_ids()``
    when the caller has it."""
    c = work.chars[uid]
    kind = work.acts[uid].kind
    cells = MOVES.get(kind, 0)
    if c.entrapped or (held(work, uid) if held_ids is None else uid in held_ids):
        return 0
    if any("leg" in limb for limb in c.lost_limbs):
        cells //= 2
    if work.stood_up.get(uid):
        cells //= 2
    return cells


def held(work: Work, uid) -> bool:
    for o in work.chars.values():
        if o.focus == "binding" and o.focus_target == uid and o.fighting:
            return True
    return False


def _to_goal(work: Work, goals, blocked, origin=None):
    """Cost of reaching any of ``goals`` (reverse Dijkstra).  With an
    ``origin`` it is an A* search towards the origin (Chebyshev distance
    times the cheapest move cost: never more than the true cost, and it
    changes by at most one step's cost per step) that stops once no open
    cell can lie on a path through the origin no dearer than the origin's
    own cost.  The caller compares only the origin's cost and those of its
    neighbours on a cheapest path from it, and those are final by then."""
    g = work.grid
    best = _search(g, goals, blocked, origin)[0]
    return {cell: cost for cell, cost in zip(g.cost, best) if 0 <= cost < _NONE}


def _proposal(work: Work, uid, goal, budget, blocked, fields=None):
    """The next step along a shortest path, preferring the straightest one
    (the first of ``_choices``), or None.  ``blocked`` may be a frozenset
    (made once for every mover that plans around the same cells: it is the
    key of the kept searches too)."""
    steps = _choices(work, uid, goal, blocked, fields)
    if not steps or work.grid.cost[steps[0]] > budget:
        return None
    return steps[0]


def _choices(work: Work, uid, goal, blocked, fields=None) -> list:
    """Every step ``uid`` may take this tick along a shortest path to its
    ``goal`` (``paths.path_steps``: each makes the same progress), the
    straightest first."""
    c = work.chars[uid]
    pos = c.cell  # a mover stands on the battlefield
    g = work.grid
    frozen = blocked if type(blocked) is frozenset else frozenset(blocked)
    goals: tuple[Cell, ...]
    if fields is None:
        fields = {}
    if goal[0] == "cell":
        dest = goal[1]
        if pos == dest:
            return []
        if _reaches_frozen(g, pos, dest, blocked, frozen, fields):
            end = dest  # the destination itself is the reachable cell nearest to it
        else:
            reach = _costs(work, pos, blocked)
            end = min(reach, key=lambda k: (distance_squared(k, dest), reach[k], k))
        if end == pos:
            return []
        goals, aim = (end,), dest
    else:
        other = work.chars.get(goal[1])
        if other is None or other.pos is None or chebyshev(pos, other.pos) <= 1:
            return []
        goals, aim = goals_beside(g, other.pos, blocked), other.pos
    field = _field(g, goals, frozen - {pos} if pos in frozen else frozen, pos, fields)
    return path_steps(g, field, pos, blocked, aim)


def resolve_movement(work: Work) -> None:
    movers = {}
    held_ids = work.held_ids()
    chars = work.chars
    for uid in work.acting:
        if uid not in chars or not chars[uid].fighting:
            continue
        if work.acts[uid].kind not in MOVES:  # no movement allowance at all
            work.allowance[uid] = 0
            continue
        work.allowance[uid] = allowance(work, uid, held_ids)
        if work.allowance[uid] <= 0:
            continue
        goal = goal_of(work, uid)
        if goal is not None:
            movers[uid] = goal
    budget = {u: work.allowance[u] for u in movers}
    active = set(movers)
    fields: dict = {}  # the goal searches of this Phase (_field)
    chars = work.chars
    cost = work.grid.cost
    ids = work.ids  # the characters by id (never changes within a Round)
    for _tick in range(TICKS):
        if not active:
            break
        before = {u: c.pos for u, c in chars.items() if c.pos is not None}
        proposals, dropped = _plan_tick(work, movers, active, budget, before, fields)
        if not proposals and not dropped:
            break  # nothing moves and nobody stops: every tick left would ask the same and get the same
        if not proposals:
            continue
        forced: dict[str, tuple] = {}  # the steps Clashes still let happen
        if len(proposals) > 1:
            clashes(work, proposals, before, budget, active, forced)
            crashes(work, proposals, before, active)
        # one character a cell, the steps a Clash lets happen too
        accepted = occupancy(proposals, before, budget, forced, work.carrying)
        tried = {**proposals, **forced} if forced else proposals
        for uid, cell in sorted(accepted.items()):
            how = _HOW.get(work.acts[uid].kind, "moves")
            frm = before[uid]
            work.update(uid, pos=cell)
            budget[uid] -= cost[cell]
            work.moved[uid] = work.moved.get(uid, 0) + 1
            work.events.append(Moved(uid, frm, cell, how))
            carried = work.carrying.get(uid)
            if carried:
                work.update(carried, pos=frm)
                work.events.append(Moved(carried, before[carried], frm, "is carried"))
        if any(u not in accepted for u in tried):
            _bumps(work, tried, accepted, active)
        for uid in sorted(accepted):
            _aoo_on_leaving(work, uid, before, ids)


def _arrived(work: Work, uid, goal) -> bool:
    """Whether ``uid`` is beside the character it makes for (or that one is
    gone), or on the cell it makes for: it proposes nothing this tick."""
    me = work.chars[uid]
    if goal[0] == "near":
        other = work.chars.get(goal[1])
        if other is None or other.pos is None:
            return True
        (ax, ay), (bx, by) = me.cell, other.pos
        return -1 <= ax - bx <= 1 and -1 <= ay - by <= 1  # chebyshev(...) <= 1
    return me.pos == goal[1]


def _plan_tick(work: Work, movers, active, budget, before, fields):
    """Each active mover's step this tick: ({uid: cell}, whether one ran
    out of movement and stopped).  Paths are planned around everyone who
    stays where they are this tick: those not moving, movers already beside
    their target or on their cell, and movers with no step to make (planned
    again around them until none is found).  A friend standing beside the
    target is then in the way like anyone standing still, and a mover heads
    for another free cell beside it (docs/rulings.md, Platemail, Movement)
    instead of waiting behind the friend for ever."""
    chars = work.chars
    staying = {u for u in before if u not in active}
    planning = []
    for uid in sorted(active):
        if _arrived(work, uid, movers[uid]):
            staying.add(uid)
        else:
            planning.append(uid)
    while True:
        # The cells in the way per side, frozen (the key of the kept searches
        # too).  Paths are planned around what the mover's side knows: an
        # unseen skulker is found only by bumping into it.
        in_way: dict[int, frozenset] = {}
        proposals = {}
        stuck = []
        for uid in planning:
            side = chars[uid].side
            blocked = in_way.get(side)
            if blocked is None:
                blocked = in_way[side] = frozenset(
                    [before[u] for u in staying if not (chars[u].hidden and work.unseen(chars[u], side))])
            step = _proposal(work, uid, movers[uid], budget[uid], blocked, fields)
            if step is None:
                stuck.append(uid)
            else:
                proposals[uid] = step
        if not stuck:
            break
        staying.update(stuck)
        planning = [u for u in planning if u not in staying]
    if len(proposals) > 1 and len(set(proposals.values())) < len(proposals):
        _make_way(work, proposals, movers, budget, in_way, before, fields)
    dropped = False
    for uid in sorted(staying & active):
        if budget[uid] <= 0:
            active.discard(uid)
            dropped = True
    return proposals, dropped


def _make_way(work: Work, proposals, movers, budget, in_way, before, fields) -> None:
    """Allies making for the same character (or cell) and stepping into one
    cell this tick: the one that would get it (``meetings.occupancy``'s
    order: more movement left, then the lower id) keeps it, and each other
    takes another step of the same progress (``_choices``: on a cheapest
    path to its goal) into a cell nobody its side knows of holds or steps
    into, and whose step crosses no one else's, the straightest such; with
    none it keeps its step and meets the ally (a Crash if either is Not
    Ready, then it waits a tick).  So two Sprinters at one enemy go side by
    side instead of one losing a cell of its 30 feet (docs/rulings.md,
    Platemail, Movement).  Allies whose ways to different places cross
    meet as before (seed: Crash), and opponents Clash."""
    chars, cost = work.chars, work.grid.cost
    keeper: dict = {}  # cell -> the mover that keeps its step there
    for uid in sorted(proposals, key=lambda u: (-budget[u], u)):
        cell = proposals[uid]
        first = keeper.setdefault(cell, uid)
        side = chars[uid].side
        if first == uid or chars[first].side != side or movers[first] != movers[uid]:
            continue  # (allies whose paths cross on their ways elsewhere meet there)
        here = before[uid]
        taken = set(proposals.values())
        taken.update(p for u, p in before.items() if not (chars[u].hidden and work.unseen(chars[u], side)))
        for alt in _choices(work, uid, movers[uid], in_way[side], fields):
            if alt in taken or cost[alt] > budget[uid] \
                    or any(crossing(here, alt, before[o], p) for o, p in proposals.items() if o != uid):
                continue
            proposals[uid] = alt
            keeper[alt] = uid
            break


def _bumps(work: Work, proposals, accepted, active) -> None:
    """A step refused because an unseen skulker stands there: the mover
    stops where it is, and both sides learn that someone is in that cell."""
    held_by = {c.pos: c for c in work.chars.values() if c.pos is not None}
    for uid, cell in sorted(proposals.items()):
        other = held_by.get(cell)
        if uid in accepted or other is None or not work.unseen(other, work.chars[uid].side):
            continue
        active.discard(uid)
        work.note(f"{uid} bumps into someone unseen at {cell[0]},{cell[1]} and stops")


def _aoo_on_leaving(work: Work, mover: str, before, ids=None) -> None:
    chars = work.chars
    m = chars[mover]
    if work.acts[mover].kind == A_FALL_BACK:
        return  # Fall Back prevents Attacks of Opportunity
    old = before[mover]
    ox, oy = old
    mx, my = m.cell
    for e in [chars[i] for i in (sorted(chars) if ids is None else ids)]:
        eid = e.id
        if e.side == m.side or e.status is not S_FIGHTING or e.pos is None or eid not in before:
            continue
        bx, by = before[eid]
        # chebyshev(old, before[e]) == 1, and m ends beyond reach of where
        # e stood and of where e stands
        if max(abs(ox - bx), abs(oy - by)) == 1 and max(abs(mx - bx), abs(my - by)) > 1 \
                and chebyshev(m.cell, e.pos) > 1 and can_make_aoo(work, eid, mover):
            work.aoo_used.add(eid)
            attack(work, eid, mover, "opportunity")


def clash_attacks(work: Work) -> None:
    for me, other in work.clash_attacks:
        if work.chars[me].status is S_FIGHTING and chebyshev(work.chars[me].cell, work.chars[other].cell) <= 1:
            attack(work, me, other, "opportunity")
