"""One Round: two Action Phases resolved from the committed orders
(seed: Simultaneous Combat, Speculative Planning, IF ELSE Clause)."""

from __future__ import annotations

from core.board import chebyshev
from core.events import TurnEnded, TurnStarted

from .actions import late_effects, missile, perform
from .checks import HOSTILE_GENERAL
from .combat import feet_between, rounds, tally
from .equipment import SPELLS
from .events import ActionTaken, PhaseBegan, StatusChanged
from .movement import held, resolve_movement
from .senses import Work, perceives, resolve_target, sight, weapon
from .state import CONDITION_TEXT, READY, TITLES, Act, Action, Condition, PlatemailState, Status, Write, rebuild

# Enum members as module names: read from their class each costs ~90 ns in
# Python 3.11 (the Round reads them at every step); the same objects.
(A_AIM, A_DAZED, A_DEFEND, A_FOCUS, A_GUARD, A_PREPARE, A_RANGED, A_RAPID_FIRE, A_RELEASE, A_RESCUE, A_SKULK,
 A_STABILIZE, A_TERROR, A_USE_ITEM, C_ALLY_DOWN, C_ENEMY_ADJACENT, C_HIT, C_IN_RANGE, C_REACHED, C_SPELL_READY,
 C_TARGET_DOWN, C_VISIBLE, C_WOUNDED, S_DEAD, S_DYING, S_FIGHTING) = (
    Action.AIM, Action.DAZED, Action.DEFEND, Action.FOCUS, Action.GUARD, Action.PREPARE, Action.RANGED,
    Action.RAPID_FIRE, Action.RELEASE, Action.RESCUE, Action.SKULK, Action.STABILIZE, Action.TERROR,
    Action.USE_ITEM, Condition.ALLY_DOWN, Condition.ENEMY_ADJACENT, Condition.HIT, Condition.IN_RANGE,
    Condition.REACHED, Condition.SPELL_READY, Condition.TARGET_DOWN, Condition.VISIBLE, Condition.WOUNDED,
    Status.DEAD, Status.DYING, Status.FIGHTING)


_HEADING = (Action.MOVE, Action.SPRINT, Action.CHARGE)  # Actions that still head somewhere with no target

_DEFEND = (Act(0, Action.DEFEND), Act(1, Action.DEFEND))  # frozen: the Action of no orders, per side


def my_target(work: Work, uid: str, plan: Write) -> str | None:
    """'My target': the first Action's target, else the THEN Action's."""
    tid = work.first_target.get(uid)
    if tid is None:
        tid = resolve_target(work, work.chars[uid], plan.then.target)
    return tid


def _range_ft(me, plan: Write) -> int:
    """The Range "in range" is measured against: the Prepared spell's when
    THEN releases it, else the Range of what a shot would shoot or throw
    (``missile``: the writer's target list uses it too; the one THEN
    names, if it names one), else melee (5')."""
    then = plan.then
    if then.kind == A_RELEASE and me.prepared:
        return SPELLS[me.prepared].range_ft
    shot = then.kind in (A_RANGED, A_RAPID_FIRE)
    if shot or not weapon(me).melee:
        arms = missile(me, then.item if shot else None)
        return (arms.range_ft if arms is not None else 0) or 5
    return 5


def condition_detail(work: Work, uid: str, plan: Write) -> str:
    """What the character saw, for the log: how far the target is when the
    condition is about Range (a shot beyond Range, with its -2 penalty, is
    possible but not "within Range"); who "my target" was when the
    condition is about it (down, visible, reached with no cell named)."""
    cond = plan.condition
    if cond in (C_TARGET_DOWN, C_VISIBLE) or (cond is C_REACHED and plan.first.to is None):
        tid = my_target(work, uid, plan)
        return f" ({tid})" if tid else " (no target)"
    if cond != C_IN_RANGE:
        return ""
    me = work.chars[uid]
    tid = my_target(work, uid, plan)
    t = work.chars.get(tid) if tid else None
    if not (t and t.fighting and t.pos):
        return " (no target)"
    return f" ({t.id} {feet_between(me.cell, t.pos)}' away, Range {_range_ft(me, plan)}')"


def condition_holds(work: Work, uid: str, plan: Write) -> bool:
    """Judged from what ``uid`` perceives at the start of the 2nd Phase
    (seed: IF ELSE Clause): a target or ally it cannot see (Concealed, or a
    skulker it is Unaware of) tells it nothing, so those conditions fail."""
    me = work.chars[uid]
    cond = plan.condition
    tid = my_target(work, uid, plan)
    t = work.chars.get(tid) if tid else None
    seen = perceives(work, me, t)
    if cond == C_REACHED:
        if plan.first.to is not None:
            return me.pos == plan.first.to
        # (seen: both stand on the battlefield)
        return seen and t is not None and chebyshev(me.cell, t.cell) == 1
    if cond == C_TARGET_DOWN:
        return seen and t is not None and t.status is not S_FIGHTING
    if cond == C_HIT:
        return work.was_hit.get(uid, False)
    if cond == C_ENEMY_ADJACENT:
        return any(c.side != me.side and chebyshev(c.cell, me.cell) == 1 and perceives(work, me, c)
                   for c in work.fighters())
    if cond == C_IN_RANGE:
        if not (seen and t is not None and t.fighting):
            return False
        return feet_between(me.cell, t.cell) <= _range_ft(me, plan)  # (adjacent: 5 ft, within any Range)
    if cond == C_VISIBLE:
        return seen and t is not None and t.fighting
    if cond == C_ALLY_DOWN:
        return any(c.side == me.side and not c.fighting and perceives(work, me, c) for c in work.chars.values())
    if cond == C_WOUNDED:
        return me.wounds > 0
    if cond == C_SPELL_READY:
        return me.prepared is not None
    return False


def _ready_for(work: Work, uid: str, act: Act, held_ids=None) -> bool:
    me = work.chars[uid]
    ready = READY[act.kind]
    if act.kind == A_USE_ITEM and act.item == "reload" and weapon(me).reload == "complex" and not me.loaded:
        ready = False  # a Complex Use Item (a loaded one is not reloaded: nothing done)
    if me.entrapped or (held(work, uid) if held_ids is None else uid in held_ids):
        ready = False
    return ready


def _unready_reasons(work: Work, uid: str, act: Act, held_ids) -> tuple[str, ...]:
    """Why ``_ready_for`` found ``uid`` Not Ready, as Why? tells it (seed:
    Ready/Not Ready, Use Item, the Bolo/Net's Entraps, our Binding)."""
    me = work.chars[uid]
    reasons = []
    if not READY[act.kind]:
        reasons.append(f"its Action is {TITLES[act.kind]} (NR)")
    if act.kind == A_USE_ITEM and act.item == "reload" and weapon(me).reload == "complex" and not me.loaded:
        reasons.append(f"reloading its {weapon(me).name} is a Complex Use Item (NR)")
    if me.entrapped:
        reasons.append("it is entrapped")
    if uid in held_ids:
        reasons.append("it is held by a Binding")
    return tuple(reasons)


def _choose(work: Work, state: PlatemailState, phase: int) -> None:
    chosen = {}
    plans: dict = {}
    for p in state.plans:
        plans.setdefault(p.unit, p)  # state.plan(unit): the first written for it
    for uid in work.ids:
        me = work.chars[uid]
        if not me.fighting or me.pos is None:
            continue
        plan = plans.get(uid)
        branch, condition = "", ""
        if plan is None:  # no orders written: Defend
            act, why, branch = _DEFEND[me.side], "no orders were written: Defends all Round", "none"
        elif phase == 1:
            act, why = plan.first, "1st Action"
        else:
            yes = condition_holds(work, uid, plan)
            act = plan.then if yes else plan.otherwise
            condition = CONDITION_TEXT[plan.condition]
            if plan.then == plan.otherwise:  # the IF decides nothing: say so (describe_order: "either way")
                why, branch = f"THEN and ELSE alike, whatever IF {condition} found", "either"
            else:
                condition += condition_detail(work, uid, plan)  # the target it judged, how far
                branch = "then" if yes else "else"
                why = f"IF {condition}: {'true, THEN' if yes else 'false, ELSE'}"
        if me.dazed > 0:
            act, why, branch = Act(me.side, A_DAZED), f"Dazed replaces {TITLES[act.kind]}", ""
            work.update(uid, dazed=me.dazed - 1)
        elif me.terror > 0:
            act, why, branch = Act(me.side, A_TERROR), f"Terror replaces {TITLES[act.kind]}", ""
            work.update(uid, terror=me.terror - 1)
        chosen[uid] = (act, why, branch, condition)
    work.new_phase()
    held_ids = work.held_ids()
    for uid, (act, *_) in chosen.items():
        work.acts[uid] = act
        work.ready[uid] = ready = _ready_for(work, uid, act, held_ids)
        if not ready:
            work.unready[uid] = _unready_reasons(work, uid, act, held_ids)
    work.acting = tuple(chosen)  # sorted(work.acts): chosen in id order
    for uid, (act, why, branch, condition) in chosen.items():
        me = work.chars[uid]
        tid = work.targets[uid] = resolve_target(work, me, act.target)
        if phase == 1:
            work.first_target[uid] = tid
        stands = me.prone and act.kind != A_DAZED
        lowers = me.aimed and act.kind not in (A_RANGED, A_AIM)
        if stands and lowers:  # one rebuild for both
            work.update(uid, prone=False, aimed=False)
        elif stands:
            work.update(uid, prone=False)
        elif lowers:
            work.update(uid, aimed=False)
        if stands:
            work.stood_up[uid] = True
        if act.kind == A_RESCUE:
            t = work.chars.get(tid or "")
            if t and t.side == me.side and t.id != uid and t.pos and chebyshev(t.pos, me.cell) == 1 \
                    and t.id not in work.carrying.values() and (not t.fighting or t.entrapped):
                work.carrying[uid] = t.id
        label = TITLES[act.kind] + (f" {tid}" if tid else "")
        work.events.append(ActionTaken(uid, label, work.ready[uid], why, branch, condition))
        if tid is None and act.target in HOSTILE_GENERAL and me.pos is not None:
            # Targeting: only enemies in sight; a mover still heads for one it knows of
            heading = resolve_target(work, me, act.target, False) if act.kind in _HEADING else None
            if heading is not None:
                work.headings[uid] = heading
                work.note(f"{uid} has no target: no enemy in sight (it heads for {heading})")
            else:
                work.note(f"{uid} has no target: no enemy in sight")


def _end_phase(work: Work) -> None:
    tally(work)
    late_effects(work)
    for uid in work.acting:
        me = work.chars[uid]
        k = work.acts[uid].kind
        if uid in work.broken:  # failed Concentration: Dazed next Action, spell lost
            work.update(uid, dazed=max(me.dazed, 1), prepared=None, focus=None, focus_target=None)
        elif k == A_PREPARE and me.fighting:
            spell = work.acts[uid].spell
            assert spell is not None  # check refuses a Prepare that names no spell
            work.update(uid, prepared=spell)
            work.note(f"{uid} has {SPELLS[spell].name} Prepared")
        me = work.chars[uid]
        if me.focus and k not in (A_FOCUS, A_RELEASE):
            work.update(uid, focus=None, focus_target=None)
            work.note(f"{uid} lets the ongoing spell lapse")
        if k == A_AIM and me.fighting:
            work.update(uid, aimed=True)
        elif me.aimed:
            # the Action after an Aim has come and gone, shot or not: the Aim
            # is spent (docs/rulings.md, "An Aim is spent by the next Action")
            work.update(uid, aimed=False)
        me = work.chars[uid]
        if me.hidden:
            why = _revealed_by(work, me, k)
            if why:
                work.update(uid, hidden=False)
                work.events.append(StatusChanged(uid, "revealed", why))
    work.was_hit = {u: True for u in work.hit_this_phase}


# The Actions that are not overt (Skulk: what is overt is the Arbiter's
# call; docs/rulings.md): a Ranged Attack's shot is judged by its weapon.
_QUIET = (A_SKULK, A_DEFEND, A_AIM, A_USE_ITEM, A_GUARD, A_STABILIZE, A_RANGED)


def _revealed_by(work: Work, me, k: Action) -> str:
    """Why the Hidden ``me`` is revealed at the end of this Phase, in which
    its Action was ``k``, every reason that holds ("" while it stays
    Hidden; seed: Skulk, Cover and Concealment): enemies that see it clear,
    an overt Action, an Attack or spell that gives it away, its fall."""
    reasons = []
    seen = [c.id for c in work.fighters() if c.side != me.side and sight(work, c.cell, me) == "clear"]
    if seen:
        reasons.append(f"seen in the clear by {', '.join(seen)}")
    if k not in _QUIET:
        reasons.append(f"its {TITLES[k]} is overt")
    elif me.id in work.reveal:  # a shot with a weapon that is not Silent, an Attack of Opportunity
        reasons.append("its shot is overt (the weapon is not Silent)" if k is A_RANGED else "its Attack is overt")
    if not me.fighting:
        reasons.append("it fell")
    return "; ".join(reasons)


def _end_round(work: Work, state: PlatemailState) -> None:
    for uid in work.ids:
        c = work.chars[uid]
        if c.status is S_DYING and c.fell_round < state.round:
            left = c.dying_rounds - 1
            if left <= 0:
                work.update(uid, status=S_DEAD, dying_rounds=0)
                work.events.append(StatusChanged(uid, "dead", "bled out"))
            else:
                work.update(uid, dying_rounds=left)
                work.note(f"{uid} is bleeding out: {rounds(left)} left")


def resolve_round(state: PlatemailState) -> tuple[PlatemailState, list]:
    work = Work(state)
    work.events.append(TurnStarted(state.round, "orders revealed", word="Round"))
    for phase in (1, 2):
        work.phase = phase
        work.events.append(PhaseBegan(state.round, phase))
        _choose(work, state, phase)
        resolve_movement(work)
        perform(work)
        _end_phase(work)
    _end_round(work, state)
    work.events.append(TurnEnded(state.round, word="Round"))
    new = rebuild(work.state, characters=tuple(work.chars[c.id] for c in state.characters),
                       dice=work.dice, plans=(), committed=(False, False), round=state.round + 1)
    return finish(new, work.events)


def finish(state: PlatemailState, events: list) -> tuple[PlatemailState, list]:
    able = [any(c.fighting for c in state.characters if c.side == s) for s in (0, 1)]
    if not all(able):
        winner = None if not any(able) else able.index(True)
        reason = "no one left able to fight on either side" if winner is None else \
            "the other side has no one left able to fight"
        return rebuild(state, stage="over", winner=winner, reason=reason), events
    if state.round > state.options.round_limit:
        counts = [sum(c.fighting for c in state.characters if c.side == s) for s in (0, 1)]
        winner = None if counts[0] == counts[1] else (0 if counts[0] > counts[1] else 1)
        reason = f"the Round limit ({state.options.round_limit}) is reached; {counts[0]} against {counts[1]} still fighting"
        return rebuild(state, stage="over", winner=winner, reason=reason), events
    return state, events
