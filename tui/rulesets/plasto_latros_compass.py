"""Plasto Latros' compass: what ending a Movement facing each way would
do (the contact attacks it makes and whether they Doom, the shots a
shooter could then declare, the enemies that could get at its back, the
enemy's final turn), each by the rules' own checks
(core.rulesets.plasto_latros.glance, rules, combat)."""

from __future__ import annotations

from core.board import Arc
from core.orders import Order
from core.rulesets.plasto_latros import glance
from core.rulesets.plasto_latros.combat import shooter_problem, target_problem
from core.rulesets.plasto_latros.orders import FreeMove, Relocate
from core.rulesets.plasto_latros.rules import apply_order, do_movement
from core.rulesets.plasto_latros.state import Kind, Phase, PlastoState


def body(order: Order) -> Order:
    """The Movement inside a Defending Free Movement, or the order itself."""
    return order.order if isinstance(order, FreeMove) else order


def shot_after(view: PlastoState, order: Order, mini) -> tuple[list[str], str | None]:
    """The enemies ``mini``, a shooter, could target once ``order`` (one of
    its Movements) is made, by the rules' own checks (shooter_problem,
    target_problem), and why it could not shoot then (None: it could)."""
    inner = body(order)
    # the state right after the Movement, its contact attacks made (the end
    # of a turn that may follow it would not be this turn's shooting)
    after = apply_order(view, inner)[0] if isinstance(inner, Relocate) else do_movement(view, inner, [])
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


def facing_notes(view, inner: Order, choices) -> dict:
    """For each facing offered, what ending the Movement so would do:
    the contact attacks it makes (each Locks both minis), the shots a
    shooter could then declare, and the enemies that could attack it
    from its back arc."""
    mini = view.mini(inner.unit)
    if mini is None or mini.pos is None:
        return {}
    to = getattr(inner, "to", None) or mini.pos
    shot_at = [a.target for a in getattr(view, "attacks", ()) if a.attacker == mini.id and a.kind is Kind.SHOT]
    notes = {}
    for facing, order in choices.items():
        contact, _ = glance.facing_outcome(view, mini.id, to, facing)
        words = []
        # the shots the rules would allow then: none while Locked In
        # Battle, none out of its side's turn (a Defending Free Movement)
        seen, no_shot = shot_after(view, order, mini) if mini.shooter else ([], None)
        final = glance.hands_final_turn(view, order)
        if final:
            words.append(f"no mini of the side left able to move: {final} takes the final turn")
        if contact:
            words.append(f"attacks {', '.join(contact)} (Locked In Battle"
                         + (": no shot)" if no_shot is not None else ")"))
            dooms = glance.contact_dooms(view, order)  # the rules' own Doom (a back attack, a second attacker)
            if dooms:
                words.append("Dooms " + ", ".join(f"{e} ({why})" for e, why in dooms.items()))
        if seen and no_shot is None:
            words.append(f"can target {', '.join(seen)}")
        elif seen and not contact:
            words.append(f"no shot: {no_shot}")
        # an enemy it attacks is Locked In Battle: that one cannot come round
        backs = [t.enemy for t in glance.threats_at(view, mini.id, to, facing)
                 if t.arc is Arc.BACK and t.how == "contact" and t.enemy not in contact]
        if backs:
            words.append(f"back open to {', '.join(backs)}")
        notes[facing] = "; ".join(words) or "attacks nothing"
        if shot_at:  # a shot declared this turn lasts until the turn ends, whatever it faces
            notes[facing] += f" (its shot at {', '.join(shot_at)} stands)"
    return notes
