"""Plasto Latros: what the enemy's two Movements of its next turn, with the
free shots that follow them, can Doom -- hard's deeper look at the few
orders its shortlist keeps (:class:`core.ai.plasto_latros.PlastoKnowledge`).

A side has two Movements a turn, by two minis or the same one twice, and
its shooters' shots cost none (*Movement*, *Long Range Attacks*).  The
shortlist answers an order with the enemy's best very next order and its
free shots; a Doom that needs a setting-up Movement first (a climb onto a
roof beside a mini, then a jump attack from it; a step within reach, then
one into a mini's back quarter; a shooter stepping into line, then a
second one) it does not see.  Here each such first Movement is played,
pruned hard, then the second:

- a first Movement that attacks one of this side's minis is left out (the
  one-Movement answer, and hard's attack-and-second-attacker, cover it);
- the mover's own second Movement, when the first ends within one
  Standard Movement of a cell where one contact Dooms a mini of this side
  (beside it at its height: in its back arc, or anywhere when one more
  attacker Dooms it, the enemy's shots counted) that the mover could not
  reach in one Movement, or ends above a mini (a jump attack next): only
  second Movements into contact from such a cell, and jump attacks; one
  first Movement per mini and end cell (and facing, where a jump attack
  could follow);
- any second Movement (the shortlist's own answer) when the first brings a
  shooter to bear on a mini of this side it could not shoot before: one
  first Movement per shooter and minis newly in its sight.

A Movement that only clears another's path or line of sight is not tried.
"""

from __future__ import annotations

from core.ai.plasto_threats import one_short
from core.board import RAY_COUNT, distance_squared
from core.rulesets.plasto_latros.combat import can_shoot, can_target, sight_figures
from core.rulesets.plasto_latros.events import Attacked, JumpedOn, ShotAt
from core.rulesets.plasto_latros.grid import grid, in_back, in_front, open_ray_count, step_cells
from core.rulesets.plasto_latros.movement import blocked_cells, movements_for
from core.rulesets.plasto_latros.orders import Decline
from core.rulesets.plasto_latros.state import Phase
from core.rulesets.plasto_latros.status import doomed_ids, movable


def enemy_turn(know, after, side: int):
    """The position where the enemy gives the first order of its next turn
    after ``after`` (its Defending Free Movement, if owed, let go; this
    side's turn taken to end), with both its Movements; else None."""
    rules = know.rules
    if rules.outcome(after) is not None:
        return None
    if after.pending_free and after.pending_free[0] == 1 - side and after.active == side:
        know.spend("apply")
        after = rules.apply(after, Decline(1 - side))[0]
    after = know._turn_ended(after, side)
    if (rules.outcome(after) is not None or after.phase is not Phase.PLAY or after.active != 1 - side
            or after.pending_free or after.movements_left < 2 or 1 - side not in rules.to_act(after)):
        return None
    return after


def two_movements(know, after, side: int) -> tuple[float, frozenset]:
    """The balance for ``side`` once the enemy has given the best two
    Movements of its next turn (pruned: see the module's note) and its free
    shots, from ``after`` (this side's order applied), and the minis of
    ``side`` some such line Dooms or takes; ``(inf, {})`` when the enemy
    has no such turn."""
    start = enemy_turn(know, after, side)
    if start is None:
        return float("inf"), frozenset()
    rules, enemy = know.rules, 1 - side
    already = frozenset(u for u in start.doomed if start.get(u).side == side)
    doomed_now = set(doomed_ids(start))
    mine = [m for m in start.minis if m.side == side and m.pos is not None and m.id not in start.destroyed]
    if not mine:
        return float("inf"), frozenset()
    near = _beside(m.pos for m in mine)
    # The cells where one enemy's contact Dooms a mini of this side: in its
    # back arc, or anywhere beside it at its height when one more attacker
    # Dooms it (the enemy's shots counted: ``one_short``).
    soft = one_short(start, side)
    g = grid(start.battlefield)
    blocked = blocked_cells(start)
    contacts = {(m.pos[0] + dx, m.pos[1] + dy) for m in mine for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if (dx or dy) and g.elev.get((m.pos[0] + dx, m.pos[1] + dy)) == g.elev[m.pos]
                and (m.id in soft or in_back(m.pos, m.facing, (m.pos[0] + dx, m.pos[1] + dy)))} - blocked
    length = start.options.move_length ** 2
    far = (2 * start.options.move_length + 1.5) ** 2
    figures = sight_figures(start)
    worst, doomable = float("inf"), set[str]()
    tried: set = set()
    for mover in start.minis:
        if mover.side != enemy or mover.pos is None or not movable(start, mover):
            continue
        shooter = mover.shooter and can_shoot(start, mover)
        if not shooter and not any(distance_squared(mover.pos, m.pos) <= far for m in mine):
            continue  # two Movements cannot bring it beside one of this side's minis
        seen = _in_sight(start, mover, mine, doomed_now) if shooter else frozenset()
        firsts = movements_for(start, mover, enemy, attacks=False, blocked=blocked)
        know.spend("list", len(firsts))
        # Cells beside this side's minis the mover cannot reach in one
        # Movement (those the one-Movement answer tried already).
        direct = {getattr(o, "to", None) or mover.pos for o in firsts} | {mover.pos}
        goals = [c for c in contacts if c not in direct]
        view: dict = {}
        for first in firsts:
            cell = getattr(first, "to", None) or mover.pos
            close = any(distance_squared(cell, c) <= length for c in goals) or (
                step_cells(g, cell, 1)[2] and any(distance_squared(cell, m.pos) <= 2 for m in mine))
            gained: frozenset[str] = frozenset()
            facing = getattr(first, "facing", None)
            if shooter:  # the minis it could shoot from there and could not before
                gained = frozenset(m.id for m in mine if m.id not in doomed_now and m.id not in seen
                                   and facing is not None and in_front(cell, facing, m.pos)
                                   and _opens(g, figures, mover.pos, cell, m.pos, view))
            keys = []
            if close:
                keys.append((mover.id, cell, facing if step_cells(g, cell, 1)[2] else None))
            if gained:
                keys.append((mover.id, "sight", gained))
            keys = [k for k in keys if k not in tried]
            if not keys:
                continue
            tried.update(keys)
            know.spend("apply", order=first, state=start)
            mid, events = rules.apply(start, first)
            if any(isinstance(e, (Attacked, ShotAt, JumpedOn)) and start.get(e.target).side == side for e in events):
                continue  # an attack: the one-Movement answer's
            if keys[-1][1] == "sight":  # any second Movement: the shortlist's own answer
                balance, doomed = know._answered(mid, side)
                worst = min(worst, balance)
                doomable.update(doomed)
            if keys[0][1] != "sight":
                balance, doomed = _own_second(know, mid, side, mover.id, near, direct, contacts)
                worst = min(worst, balance)
                doomable.update(doomed)
    return worst, frozenset(doomable) - already


def _opens(g, figures, old, cell, there, memo: dict) -> bool:
    """Whether half or more of the mini on ``there`` is in view from
    ``cell`` once the shooter has left ``old`` for it (*Long Range
    Attacks*, the rules' own ray count)."""
    key = (cell, there)
    if key not in memo:
        memo[key] = open_ray_count(g, cell, there, (figures - {old}) | {cell}) * 2 >= RAY_COUNT
    return memo[key]


def _beside(cells) -> frozenset:
    """The cells within one step of any of ``cells``, and they themselves."""
    return frozenset((x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def _in_sight(state, shooter, mine, doomed) -> frozenset:
    """The minis of ``mine`` not ``doomed`` that ``shooter`` could shoot
    from where it stands (front arc, half in view)."""
    return frozenset(m.id for m in mine if m.id not in doomed and can_target(state, shooter, state.get(m.id)))


def _own_second(know, mid, side: int, unit: str, near, direct, contacts) -> tuple[float, set]:
    """The enemy's second Movement by ``unit`` (the mini that made the
    first) that attacks a mini of ``side`` (a contact: ending beside it
    with it in the front arc; or a jump attack), then its free shots: the
    worst balance and the minis Doomed or taken.  (The first Movement and
    the free shots alone are the one-Movement answer's, and so is a
    contact from a cell of ``direct``, the cells it reaches in one; only
    contacts from ``contacts`` can Doom.)"""
    from core.ai.plasto_latros import _lost
    from core.ai.plasto_threats import shot_dooms

    rules = know.rules
    mover = mid.get(unit)
    worst, doomable = float("inf"), set[str]()
    if mid.movements_left < 1 or not movable(mid, mover):
        return worst, doomable
    seconds = movements_for(mid, mover, 1 - side)
    know.spend("list", len(seconds))
    mine = [m for m in mid.minis if m.side == side and m.pos is not None]
    cells: set = set()
    for second in seconds:
        if second.verb != "jump-attack":
            if not know._reaches(mid, second, near):
                continue
            cell = getattr(second, "to", None) or mover.pos
            if cell in direct or cell not in contacts:
                continue
            faced = frozenset(m.id for m in mine if abs(m.pos[0] - cell[0]) <= 1 and abs(m.pos[1] - cell[1]) <= 1
                              and m.pos != cell and in_front(cell, getattr(second, "facing", None) or mover.facing, m.pos))
            if not faced or (cell, faced) in cells:
                continue  # no contact; or one like it tried (its effect is the cell's and minis')
            cells.add((cell, faced))
        know.spend("apply", order=second, state=mid)
        answered, events = rules.apply(mid, second)
        if not any(isinstance(e, (Attacked, JumpedOn)) for e in events):
            continue
        more = shot_dooms(answered, side)
        worst = min(worst, know.balance(answered, side) - 0.5 * len(more))
        doomable.update(more, _lost(answered, events, side))
    return worst, doomable
