"""Plasto Latros' compass: what ending a Movement facing each way would
do (the contact attacks it makes and whether they Doom, the shots a
shooter could then declare, a jump attack it could make next, an artifact
it could break, a Doom of its side it lifts, the enemies that could get
at its back or jump on it, the enemy's final turn), each by the rules' own checks
(core.rulesets.plasto_latros.glance, rules, combat, movement, status)."""

from __future__ import annotations

from core.board import Arc
from core.orders import Order
from core.rulesets.plasto_latros import glance
from core.rulesets.plasto_latros.combat import destroyers, may_destroy, needed_for, shooter_problem, target_problem
from core.rulesets.plasto_latros.events import artifact_name
from core.rulesets.plasto_latros.movement import jump_targets
from core.rulesets.plasto_latros.orders import FreeMove, Jump, Relocate
from core.rulesets.plasto_latros.rules import apply_order, do_movement
from core.rulesets.plasto_latros.state import Kind, Phase, PlastoState
from core.rulesets.plasto_latros.status import doomed_ids, movable, valid_attacker


def body(order: Order) -> Order:
    """The Movement inside a Defending Free Movement, or the order itself."""
    return order.order if isinstance(order, FreeMove) else order


def stays_put(view: PlastoState, inner: Order) -> bool:
    """A final-turn relocation to the mini's own cell: its one relocation
    spent staying there (*Ending The Game*), so its compass points at
    nothing until a facing is pointed (a stray Enter spent it: tester t2)."""
    mini = view.mini(inner.unit)
    return isinstance(inner, Relocate) and mini is not None and inner.to == mini.pos


def state_after(view: PlastoState, order: Order) -> PlastoState:
    """The state right after ``order`` (a Movement, the body of a free one,
    or a final-turn relocation), its contact attacks made (the end of a
    turn that may follow it would not be this turn's any more)."""
    inner = body(order)
    return apply_order(view, inner)[0] if isinstance(inner, Relocate) else do_movement(view, inner, [])


def shot_after(view: PlastoState, order: Order, mini, after: PlastoState | None = None) -> tuple[list[str], str | None]:
    """The enemies ``mini``, a shooter, could target once ``order`` (one of
    its Movements) is made, by the rules' own checks (shooter_problem,
    target_problem), and why it could not shoot then (None: it could);
    ``after``: the state after ``order`` when the caller has it."""
    after = state_after(view, order) if after is None else after
    moved = after.mini(mini.id)
    seen = [e.id for e in after.minis if e.side != moved.side and e.pos is not None
            and target_problem(after, moved, e) is None]
    if view.phase not in (Phase.PLAY, Phase.FINAL) or view.active != mini.side:
        return seen, f"it is {view.players[view.active]}'s turn"
    problem = shooter_problem(after, moved)
    if problem is not None:
        words = problem.rstrip(".")
        for lead in (f"{mini.id} is ", f"{mini.id} "):
            if words.startswith(lead):
                words = words[len(lead):]
                break
        return seen, words
    return seen, None


def jumps_after(after: PlastoState, uid: str) -> list[str]:
    """The enemies ``uid`` could jump on with a Movement from where the
    Movement leaves it (*Jumping Attacks*: adjacent, lower, in its front
    arc; the jumper standing, free to move and its attack counting)."""
    moved = after.mini(uid)
    if moved is None or moved.pos is None or moved.prone or not movable(after, moved) \
            or not valid_attacker(after, uid):
        return []
    return [e.id for e in jump_targets(after, moved)]


def breaks_after(after: PlastoState, uid: str) -> list[str]:
    """The artifacts ``uid``, where the Movement leaves it, would take part
    in breaking (in contact, facing it, free: combat.destroyers), each with
    whether its side could break it then (*Attacking Terrain And
    Artifacts*: one mini for a small one, two at once for the others)."""
    moved = after.mini(uid)
    if moved is None or not may_destroy(after, moved.side):
        return []
    words = []
    for f in after.features:
        with_it = destroyers(after, moved.side, f)
        if any(m.id == uid for m in with_it):
            need, have = needed_for(f), len(with_it)
            name = artifact_name(f.id, f.kind).split(" (")[0]
            words.append(f"can break {name}" if have >= need else f"faces {name} ({have} of {need} minis)")
    return words


def lifts_after(view: PlastoState, after: PlastoState, side: int) -> list[str]:
    """The Doomed minis of ``side`` whose Doom the Movement lifts (an
    attacker of theirs put under attack stops counting: *Defending Free
    Movement*; docs/rulings.md, Doom is worked out afresh after every order)."""
    now = doomed_ids(after)
    return [u for u in view.doomed if u not in now and (m := view.mini(u)) is not None and m.side == side
            and (a := after.mini(u)) is not None and a.pos is not None]


def facing_notes(view, inner: Order, choices) -> dict:
    """For each facing offered, what ending the Movement so would do:
    the contact attacks it makes (each Locks both minis) and the Dooms of
    its side it lifts, the shots a shooter could then declare, a jump
    attack it could make next, an artifact it could break, and the enemies
    that could attack it from its back arc or jump on it from above (after
    a jump down, lying prone, any one of them: docs/rulings.md, Doom)."""
    mini = view.mini(inner.unit)
    if mini is None or mini.pos is None:
        return {}
    to = getattr(inner, "to", None) or mini.pos
    shot_at = [a.target for a in getattr(view, "attacks", ()) if a.attacker == mini.id and a.kind is Kind.SHOT]
    notes = {}
    for facing, order in choices.items():
        jumped = isinstance(body(order), Jump)  # a jump down, not a jump attack
        # a jump down lands prone, and a prone mini attacks nothing
        # (*Climbing Movement On Terrain*; docs/rulings.md, a prone mini never counts)
        contact = () if jumped else glance.facing_outcome(view, mini.id, to, facing)[0]
        words = []
        after = state_after(view, order)
        # the shots the rules would allow then: none while Locked In
        # Battle, none out of its side's turn (a Defending Free Movement)
        seen, no_shot = shot_after(view, order, mini, after) if mini.shooter else ([], None)
        final = glance.hands_final_turn(view, order)
        if final:
            words.append(f"no mini of the side left able to move: {final} takes the final turn")
        if contact:
            words.append(f"attacks {', '.join(contact)} (Locked In Battle"
                         + (": no shot)" if no_shot is not None else ")"))
            dooms = glance.contact_dooms(view, order)  # the rules' own Doom (a back attack, a second attacker)
            if dooms:
                words.append("Dooms " + ", ".join(f"{e} ({why})" for e, why in dooms.items()))
        lifted = lifts_after(view, after, mini.side)
        if lifted:
            words.append(f"lifts {', '.join(lifted)}'s Doom")
        if seen and no_shot is None:
            words.append(f"can target {', '.join(seen)}")
        elif seen and not contact:
            words.append(f"no shot: {no_shot}")
        below = jumps_after(after, mini.id) if view.phase is Phase.PLAY else []  # none in the final turn
        if below:
            words.append(f"can jump on {', '.join(below)} next")
        words += breaks_after(after, mini.id)
        # an enemy it attacks is Locked In Battle: that one cannot come round
        # asked of the position after a jump down: lying prone, it Locks no one
        # that faces it, so any enemy beside it may attack it
        # in the final turn no enemy turn follows (*Ending The Game*): nothing to fear after it
        final_turn = view.phase is Phase.FINAL
        threats = [] if final_turn else [t for t in glance.threats_at(after if jumped else view, mini.id, to, facing)
                                         if t.enemy not in contact]
        backs = [t.enemy for t in threats if t.arc is Arc.BACK and t.how == "contact"]
        if jumped:  # it lands prone: any one attack Dooms it
            words.append(f"lands prone: Doomed by any one of {', '.join(t.enemy for t in threats)}"
                         if threats else "lands prone (no enemy can attack it there next turn)")
        else:
            # an enemy above that can jump on it Dooms it whatever it faces
            # (*Jumping Attacks*), so every facing's line says so (but for
            # an enemy this facing attacks: Locked, it jumps on no one)
            jumpers = [] if final_turn else [j for j in glance.jumpers_at(view, mini.id, to) if j not in contact]
            if jumpers:
                words.append(f"{', '.join(jumpers)} can jump on it: Doomed")
            if backs:
                words.append(f"back open to {', '.join(backs)}")
        # a facing with nothing to note is a safe one: the list says so rather than leave it out
        notes[facing] = "; ".join(words) or (
            "attacks nothing (no enemy turn follows the final one)" if final_turn
            else "safe: attacks nothing, no enemy can reach its back" if threats
            else "safe: attacks nothing, no enemy can attack it next turn")
        if shot_at:  # a shot declared this turn lasts until the turn ends, whatever it faces
            notes[facing] += f" (its shot at {', '.join(shot_at)} stands)"
    return notes
