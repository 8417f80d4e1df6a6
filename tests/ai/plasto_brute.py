"""Brute-force answers for the Plasto Latros tactics tests, played by the
rules alone (every legal order tried): which minis the enemy's next
Movement, with the free shots its shooters may add on its own turn, Dooms.
Rules: *Long Range Attacks* (a shot costs no Movement, one per shooter per
turn) and *Attacking And Defending*; docs/rulings.md, *Doom*."""

from __future__ import annotations

from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.combat import can_shoot, shoot_targets
from core.rulesets.plasto_latros.orders import Pass, Shoot


def after(state, order):
    return R.apply(state, order)[0]


def enemy_to_act(state, side: int):
    """``state`` with the enemy to give its next order (the side's turn
    taken to end first, as a pass would), or None if it has none to give."""
    if side in R.to_act(state):
        state = after(state, Pass(side))
    if R.outcome(state) is not None or 1 - side not in R.to_act(state):
        return None
    return state


def _doomed(state, side: int) -> set[str]:
    return {u for u in state.doomed if state.mini(u).side == side}


def _shots(state, side: int, target: str | None = None) -> list:
    """The shots the enemy of ``side`` may declare here (the rules' own
    tests of shooter and target), at ``target`` only when given."""
    enemy = 1 - side
    if enemy not in R.to_act(state) or state.pending_free or state.phase.name != "PLAY":
        return []
    out = []
    for m in state.minis:
        if m.side == enemy and m.pos is not None and can_shoot(state, m):
            out += [Shoot(enemy, m.id, t.id) for t in shoot_targets(state, m)
                    if target is None or t.id == target]
    return out


def shots_doom(state, side: int) -> set[str]:
    """The minis of ``side`` that the enemy Dooms here by shooting at each
    of them with every shooter that may (each mini tried on its own)."""
    out = set(_doomed(state, side))
    for target in {o.target for o in _shots(state, side)}:
        here = state
        while target not in here.doomed:
            shots = _shots(here, side, target)
            if not shots:
                break
            here = after(here, shots[0])
        out |= _doomed(here, side)
    return out


def doomable_with_shots(state, side: int) -> list[str]:
    """The minis of ``side`` newly Doomed by the enemy's next order (any
    legal one) followed by its free shots, or by its shots alone."""
    state = enemy_to_act(state, side)
    if state is None:
        return []
    before = _doomed(state, side)
    out = shots_doom(state, side)
    for reply in R.legal_orders(state, 1 - side):
        if isinstance(reply, Shoot):
            continue  # its shots are tried below, all of them
        out |= shots_doom(after(state, reply), side)
    return sorted(out - before)
