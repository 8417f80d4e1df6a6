"""The Actions of a Match (rules 14-17, 23-37): Wait, Move and Fight.

Each of the pair has five Actions; the Instigator acts first and then the
two alternate.  Moves, Waits, defence rolls and a strike made in place each
use the actor's Action; the strike that follows a move into contact or a
successful defence is part of that Action and is not counted (rule 36).
"""

from __future__ import annotations

from core.dice import roll
from core.events import Defeated, Event, Moved, Removed, Struck
from core.memo import Table
from core.ruleset import Forced, Rejection
from core.values import evolve

from . import movement
from .events import Waited
from .orders import Fight, Move, Wait
from .state import ACTIONS_EACH, Combatant, Match, Phase, SowState
from .turns import end_match

DEFEAT_FACES = (5, 6)  # rules 33a/34a: a defence of 5-6 fails


def actor(state: SowState) -> str | None:
    m = state.match
    if state.phase is not Phase.MATCH or m is None:
        return None
    return m.instigator if m.step % 2 == 0 else m.retaliator


def opponent_of(m: Match, uid: str) -> str:
    return m.retaliator if uid == m.instigator else m.instigator


def action_number(m: Match) -> int:
    return m.step // 2 + 1


def in_contact(state: SowState, a: str, b: str) -> bool:
    return touching(state.get(a), state.get(b))


def touching(ua: Combatant, ub: Combatant) -> bool:
    """Both on the battlefield, in base-to-base contact (``adjacent``, and
    ``on_board``, read directly: asked several times an order)."""
    a, b = ua.pos, ub.pos
    if a is None or b is None or ua.removed or ub.removed:
        return False
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def acting(state: SowState) -> tuple[str, Combatant, str, Combatant] | None:
    """(actor id, its figure, opponent id, the opponent's figure) in the
    Match, or None (no actor): kept in the state's memo, since listing,
    checking and applying an Action all ask."""
    return state.memo.get("spheres_of_war.acting", _acting, state)


def _acting(state: SowState) -> tuple[str, Combatant, str, Combatant] | None:
    uid = actor(state)
    if uid is None:
        return None
    other = opponent_of(state.current, uid)  # an actor acts in the Match
    return uid, state.get(uid), other, state.get(other)


def check_action(state: SowState, order: Wait | Move | Fight) -> Rejection | None:
    pair = acting(state)
    if pair is None:
        return Rejection("no-match", "No Match is being played: only Matched combatants act (rule 14).")
    uid, unit, other, them = pair
    if order.side != unit.side:
        return Rejection("not-your-turn", f"It is {uid}'s Action, and {uid} is not yours.")
    if order.unit != uid:
        named = state.unit(order.unit)
        if named is None:
            return Rejection("unknown-unit", f"There is no combatant called {order.unit}.")
        if named.side != order.side:
            return Rejection("not-your-unit", f"{order.unit} is not one of your combatants.")
        return Rejection("not-acting", f"It is {uid}'s Action in this Match, not {order.unit}'s.")
    m = state.current
    contact = touching(unit, them)  # in_contact(state, uid, other)
    if isinstance(order, Fight):
        if not contact:
            return Rejection("not-in-contact", f"{uid} is not in base-to-base contact with {other}, so cannot Fight (rule 23).")
        return None
    if m.struck == uid:
        return Rejection("must-defend", f"{uid} has been struck and must defend with a Fight (rule 33).")
    if contact:
        return Rejection("locked", f"{uid} is locked in combat with {other}: only Fight is allowed (rule 30).")
    if isinstance(order, Move):
        return movement.move_problem(state, uid, other, order.to)
    return None


def legal_actions(state: SowState, side: int) -> list:
    pair = acting(state)
    if pair is None:
        return []
    uid, unit, other, them = pair
    if unit.side != side:
        return []
    orders = _orders(state)
    if touching(unit, them):
        return [_order(orders, Fight, side, uid)]
    key = (side, uid)
    out: list[Wait | Move | Fight] = [_order(orders, Wait, side, uid)]
    for c in movement.destination_cells(state, uid, other):
        order = orders.get(key + (c,))
        out.append(order if order is not None else orders.put(key + (c,), Move(side, uid, c)))
    return out


def forced_action(state: SowState, side: int) -> Forced | None:
    """``side``'s Fight when it is its only Action: a combatant in contact
    may only Fight (rule 30), so a struck one rolls its defence (rules
    33-34) and an unstruck one strikes in place (rule 36).  None while
    ``side`` has a choice or does not act."""
    legal = legal_actions(state, side)
    if len(legal) != 1 or not isinstance(legal[0], Fight):
        return None
    uid = legal[0].unit
    if state.current.struck == uid:
        return Forced(legal[0], f"{uid} is struck and must defend: it rolls a d6 (5-6 falls)")
    return Forced(legal[0], f"{uid} is in contact and must strike (its only order)")


def _orders(state: SowState) -> Table:
    """The Wait, Move and Fight orders built so far on this battlefield, by
    (side, unit[, cell]) and kind: orders are frozen values, and a listing
    holds about ten of them."""
    return state.battlefield.memo.table("spheres_of_war.orders", 4096)


def _order(orders: Table, kind: type, side: int, uid: str) -> Wait | Fight:
    order = orders.get((kind, side, uid))
    return order if order is not None else orders.put((kind, side, uid), kind(side, uid))


def _spend(state: SowState, events: list[Event], struck: str | None = None, **changes) -> SowState:
    """Use the actor's Action; the Match ends when both have used all five
    (rule 37).  ``changes`` are the Action's own to the state (figures,
    dice), made in the same rebuild."""
    m = state.current
    m = Match(m.number, m.instigator, m.retaliator, m.step + 1, struck)  # evolve(m, step=..., struck=...)
    state = evolve(state, match=m, **changes)
    if m.step >= 2 * ACTIONS_EACH:
        detail = "all Actions used"
        if struck is not None:
            detail += (f"; the last strike at {struck} goes unanswered: {struck} has no Action left to "
                       f"defend with, and nobody falls")
        return end_match(state, events, detail)
    return state


def apply_action(state: SowState, order: Wait | Move | Fight) -> tuple[SowState, list[Event]]:
    events: list[Event] = []
    m = state.current  # only the Match's actor acts
    uid = order.unit
    other = opponent_of(m, uid)
    if isinstance(order, Wait):
        events.append(Waited(uid))
        return _spend(state, events), events
    if isinstance(order, Move):
        unit, them = state.get(uid), state.get(other)
        how = f"moves {movement.heading(unit.cell, them.cell, order.to)} {other}"
        if not state.battlefield.in_bounds(order.to):
            # Rule 27: off the gaming area, out of the game.  The Match ends with it.
            events.append(Moved(uid, unit.pos, None, how))
            events.append(Removed(uid, "moved off the battlefield (rule 27)"))
            state = state.with_unit(evolve(unit, pos=None, removed=True))
            return end_match(state, events, f"{uid} left the battlefield"), events
        events.append(Moved(uid, unit.pos, order.to, how))
        moved = Combatant(unit.id, unit.side, order.to, unit.removed)  # evolve(unit, pos=order.to)
        units = tuple([moved if u.id == uid else u for u in state.units])  # state.with_unit(moved)
        if touching(moved, them):
            # Rules 28-32: the mover is A and strikes Z at once; the strike is free.
            events.append(Struck(uid, other, "moved into base-to-base contact"))
            return _spend(state, events, struck=other, units=units), events
        return _spend(state, events, units=units), events
    # Fight
    if m.struck != uid:
        # Locked in contact with nobody struck yet (a Match formed in contact):
        # the actor steps in and strikes, a Move & Strike that covers no ground.
        events.append(Struck(uid, other, "strikes first while in contact"))
        return _spend(state, events, struck=other), events
    dice, rolled = roll(state.dice, 1, 6, f"defence against {other} (5-6 fails)", who=uid,
                        low_is_good=True)
    events.append(rolled)
    if rolled.total in DEFEAT_FACES:
        unit = state.get(uid)
        events.append(Defeated(uid, other, f"defence roll of {rolled.total}"))
        events.append(Removed(uid, f"defeated by {other}"))
        gone = evolve(unit, pos=None, removed=True)
        m = evolve(m, step=m.step + 1, struck=None)
        state = evolve(state, dice=dice, units=tuple([gone if u.id == uid else u for u in state.units]), match=m)
        return end_match(state, events, f"{other} is the Winner"), events
    events.append(Struck(uid, other, f"strikes back after a defence of {rolled.total}"))
    return _spend(state, events, struck=other, dice=dice), events
