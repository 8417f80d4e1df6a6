"""A bounded, varied sample of legal write orders for menus and random play.
``check`` accepts any well-formed order; this lists representative ones."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from core.board import distance_squared

from .checks import check_act
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


def _stock(s: int) -> Mapping[str, tuple[Act, ...]]:
    """The Actions that do not depend on the position, built once per side
    at import (they are frozen values, shared by every order that lists
    them, and their ids key the verdicts below)."""
    return _STOCKS[s]


def _make_stock(s: int) -> dict[str, tuple[Act, ...]]:
    A = Action
    return {
        "firsts": (Act(s, A.CHARGE, "closest"), Act(s, A.MOVE, "closest"), Act(s, A.DEFEND),
                   Act(s, A.FULL_ATTACK, "closest"), Act(s, A.COUNTER, "closest"), Act(s, A.SPRINT, "closest"),
                   Act(s, A.FALL_BACK), Act(s, A.SKULK), Act(s, A.AIM, "closest"), Act(s, A.CHARGE, "injured")),
        "ranged": (Act(s, A.RANGED, "closest"), Act(s, A.RANGED, "biggest")),
        "rapid": (Act(s, A.RAPID_FIRE, "closest"),),
        "guard": (Act(s, A.GUARD, "ally"),),
        "release-ally": (Act(s, A.RELEASE, "ally"),),
        "release": (Act(s, A.RELEASE, "closest"),),
        "focus": (Act(s, A.FOCUS),),
        "reload": (Act(s, A.USE_ITEM, item="reload"),),
        "potion": (Act(s, A.USE_ITEM, item="potion"),),
        "free": (Act(s, A.USE_ITEM, "self", item="free"),),
        "door": (Act(s, A.USE_ITEM, item="door"),),
        "stabilize": (Act(s, A.STABILIZE, "ally-down"),),
        "seconds": (Act(s, A.FULL_ATTACK, "closest"), Act(s, A.CHARGE, "closest"), Act(s, A.DEFEND),
                    Act(s, A.MOVE, "closest"), Act(s, A.FALL_BACK), Act(s, A.COUNTER, "closest")),
    }


_STOCKS = tuple(MappingProxyType(_make_stock(s)) for s in (0, 1))
# The ids of the stock Actions: they live as long as the module, so an id
# names one of them for good.
_STOCK_IDS = tuple(frozenset(id(a) for acts in stock.values() for a in acts) for stock in _STOCKS)


def _shoots(me: Character) -> bool:
    return weapon(me).shoots or any(WEAPONS[k].kind == "thrown" or WEAPONS[k].also_thrown for k in me.carried)


def _firsts(state: PlatemailState, me: Character) -> list[Act]:
    s = me.side
    A = Action
    stock = _stock(s)
    out = list(stock["firsts"])
    step = _toward(state, me, 3)
    if step:
        out.append(Act(s, A.MOVE, to=step))
    if _shoots(me):
        out += stock["ranged"]
        if not weapon(me).reload:
            out += stock["rapid"]
    foes = [c for c in state.characters if c.side != me.side and c.fighting and c.pos]
    if foes:
        out.append(Act(s, A.CHARGE, foes[0].id))
    allies = [c for c in state.characters if c.side == me.side and c.fighting and c.id != me.id]
    if allies:
        out += stock["guard"]
        out.append(Act(s, A.GUARD, allies[0].id))
    out += [Act(s, A.PREPARE, spell=sp) for sp in me.spells]
    if me.prepared:
        out += stock["release-ally" if me.prepared == "mend" and allies else "release"]
    if me.focus:
        out += stock["focus"]
    if weapon(me).reload:
        out += stock["reload"]
    out += [Act(s, A.USE_ITEM, item=f"swap:{k}") for k in dict.fromkeys(me.carried)]
    if me.potions and me.wounds:
        out += stock["potion"]
    if me.entrapped:
        out += stock["free"]
    if me.pos and any(max(abs(f.cell[0] - me.pos[0]), abs(f.cell[1] - me.pos[1])) == 1
                      for f in door_features(state)):
        out += stock["door"]
    down = [c for c in state.characters if c.side == me.side and c.status is Status.DYING and c.pos]
    if down:
        out += stock["stabilize"]
        back = _toward(state, me, 3, way=-1)
        if back:
            out.append(Act(s, A.RESCUE, "ally-down", to=back))
    return out


def _seconds(me: Character, shoots: bool) -> list[Act]:
    stock = _stock(me.side)
    out = list(stock["seconds"])
    if shoots:  # the same test that put Ranged Attacks among the first Actions
        out += stock["ranged"][:1]
    if me.spells:
        out += stock["release"]
    if weapon(me).reload:
        out += stock["reload"]
    return out


def _stock_verdicts(state: PlatemailState, me: Character) -> dict[tuple[int, bool], bool]:
    """Verdicts on the stock Actions for a character equal to ``me`` (they
    read nothing else), kept in the battlefield's memo."""
    table = state.battlefield.memo.table("platemail.verdicts", 512)
    known = table.get(me)
    if known is None:
        known = table.put(me, {})
    return known


def _memo_for(state: PlatemailState) -> dict[tuple[str, bool], tuple[Write, ...]]:
    """Each character's listed writes, per recent characters tuple (compared
    by identity: the list holds it): writing an order leaves the characters
    tuple of the state as it was, so the calls of one Round share an entry.
    Kept in the battlefield's memo; emptied when it holds 8."""
    chars = state.characters
    recent = state.battlefield.memo.get("platemail.recent-writes", list)
    for c, memo in recent:
        if c is chars:
            return memo
    if len(recent) >= 8:
        recent.clear()
    memo = {}
    recent.append((chars, memo))
    return memo


def sample_writes(state: PlatemailState, side: int) -> list[Write]:
    """What ``side`` may write: a function of the characters, the
    battlefield and which characters already have orders this Round.
    Called with ``side``'s view, so unseen skulkers play no part."""
    out: list[Write] = []
    if state.stage != "orders" or state.committed[side]:
        return out  # check_write refuses every write then
    memo = _memo_for(state)
    for me in state.characters:
        if me.side != side or not me.fighting or me.pos is None:
            continue
        key = (me.id, state.plan(me.id) is not None)
        writes = memo.get(key)
        if writes is None:
            writes = memo[key] = _character_writes(state, me, key[1])
        out += writes
    return out


def _character_writes(state: PlatemailState, me: Character, written: bool) -> tuple[Write, ...]:
    firsts = _firsts(state, me)
    seconds = _seconds(me, _shoots(me))
    if written:
        firsts = firsts[:2]
    s = me.side
    stock = _stock(s)
    # check_write on one of this character's writes is check_act on each
    # of its three Actions (the order-level tests pass for ``me``); an
    # Action object shared by several candidates is checked once.  The
    # stock Actions name no character and no cell, so check_act reads
    # nothing of the state for them but ``me``: their verdicts are kept
    # per (equal) character across calls.
    stock_ids = _STOCK_IDS[s]
    known = _stock_verdicts(state, me)
    verdict: dict[tuple[int, bool], bool] = {}

    def ok(act: Act, first: bool) -> bool:
        key = (id(act), first)
        good = known.get(key)
        if good is None:
            good = verdict.get(key)
            if good is None:
                good = check_act(state, me, act, first) is None
                (known if key[0] in stock_ids else verdict)[key] = good
        return good

    # The seed's own example order comes first.
    cands = [(stock["firsts"][0], Condition.REACHED, stock["seconds"][0], stock["firsts"][0])]
    n = len(seconds)
    for i, first in enumerate(firsts):
        cands.append((first, CONDITIONS[i % len(CONDITIONS)], seconds[i % n], seconds[(3 * i + 2) % n]))
    return tuple(Write(s, me.id, first, cond, then, other) for first, cond, then, other in cands
                 if ok(first, True) and ok(then, False) and ok(other, False))
