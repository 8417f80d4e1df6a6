"""A bounded, varied sample of legal write orders for menus and random play.
``check`` accepts any well-formed order; this lists representative ones."""

from __future__ import annotations

from core.board import distance_squared

from .checks import check_write
from .equipment import WEAPONS
from .senses import door_features, weapon
from .state import Act, Action, Character, Condition, PlatemailState, Status, Write

CONDITIONS = list(Condition)


def _toward(state: PlatemailState, me: Character, steps: int, way: int = 1):
    foes = [c.pos for c in state.characters if c.side != me.side and c.fighting and c.pos]
    if not foes or me.pos is None:
        return None
    goal = min(foes, key=lambda p: distance_squared(p, me.pos))
    x, y = me.pos
    for _ in range(steps):
        x += way * ((goal[0] > me.pos[0]) - (goal[0] < me.pos[0]))
        y += way * ((goal[1] > me.pos[1]) - (goal[1] < me.pos[1]))
    cell = (x, y)
    return cell if state.battlefield.in_bounds(cell) and cell != me.pos else None


def _firsts(state: PlatemailState, me: Character) -> list[Act]:
    s = me.side
    A = Action
    out = [Act(s, A.CHARGE, "closest"), Act(s, A.MOVE, "closest"), Act(s, A.DEFEND),
           Act(s, A.FULL_ATTACK, "closest"), Act(s, A.COUNTER, "closest"), Act(s, A.SPRINT, "closest"),
           Act(s, A.FALL_BACK), Act(s, A.SKULK), Act(s, A.AIM, "closest"), Act(s, A.CHARGE, "injured")]
    step = _toward(state, me, 3)
    if step:
        out.append(Act(s, A.MOVE, to=step))
    if weapon(me).shoots or any(WEAPONS[k].kind == "thrown" or WEAPONS[k].also_thrown for k in me.carried):
        out += [Act(s, A.RANGED, "closest"), Act(s, A.RANGED, "biggest")]
        if not weapon(me).reload:
            out.append(Act(s, A.RAPID_FIRE, "closest"))
    foes = [c for c in state.characters if c.side != me.side and c.fighting]
    if foes:
        out.append(Act(s, A.CHARGE, foes[0].id))
    allies = [c for c in state.characters if c.side == me.side and c.fighting and c.id != me.id]
    if allies:
        out.append(Act(s, A.GUARD, "ally"))
        out.append(Act(s, A.GUARD, allies[0].id))
    out += [Act(s, A.PREPARE, spell=sp) for sp in me.spells]
    if me.prepared:
        out.append(Act(s, A.RELEASE, "ally" if me.prepared == "mend" and allies else "closest"))
    if me.focus:
        out.append(Act(s, A.FOCUS))
    if weapon(me).reload:
        out.append(Act(s, A.USE_ITEM, item="reload"))
    out += [Act(s, A.USE_ITEM, item=f"swap:{k}") for k in dict.fromkeys(me.carried)]
    if me.potions and me.wounds:
        out.append(Act(s, A.USE_ITEM, item="potion"))
    if me.entrapped:
        out.append(Act(s, A.USE_ITEM, "self", item="free"))
    if me.pos and any(max(abs(f.cell[0] - me.pos[0]), abs(f.cell[1] - me.pos[1])) == 1
                      for f in door_features(state)):
        out.append(Act(s, A.USE_ITEM, item="door"))
    down = [c for c in state.characters if c.side == me.side and c.status is Status.DYING and c.pos]
    if down:
        out.append(Act(s, A.STABILIZE, "ally-down"))
        back = _toward(state, me, 3, way=-1)
        if back:
            out.append(Act(s, A.RESCUE, "ally-down", to=back))
    return out


def _seconds(me: Character, firsts: list[Act]) -> list[Act]:
    s = me.side
    A = Action
    out = [Act(s, A.FULL_ATTACK, "closest"), Act(s, A.CHARGE, "closest"), Act(s, A.DEFEND),
           Act(s, A.MOVE, "closest"), Act(s, A.FALL_BACK), Act(s, A.COUNTER, "closest")]
    if any(a.kind == A.RANGED for a in firsts):
        out.append(Act(s, A.RANGED, "closest"))
    if me.spells:
        out.append(Act(s, A.RELEASE, "closest"))
    if weapon(me).reload:
        out.append(Act(s, A.USE_ITEM, item="reload"))
    return out


def sample_writes(state: PlatemailState, side: int) -> list[Write]:
    out: list[Write] = []
    for me in state.characters:
        if me.side != side or not me.fighting or me.pos is None:
            continue
        firsts = _firsts(state, me)
        seconds = _seconds(me, firsts)
        if state.plan(me.id) is not None:
            firsts = firsts[:2]
        s = me.side
        # The seed's own example order comes first.
        example = Write(s, me.id, Act(s, Action.CHARGE, "closest"), Condition.REACHED,
                        Act(s, Action.FULL_ATTACK, "closest"), Act(s, Action.CHARGE, "closest"))
        cands = [example]
        for i, first in enumerate(firsts):
            cond = CONDITIONS[i % len(CONDITIONS)]
            cands.append(Write(s, me.id, first, cond, seconds[i % len(seconds)],
                               seconds[(3 * i + 2) % len(seconds)]))
        out += [w for w in cands if check_write(state, w) is None]
    return out
