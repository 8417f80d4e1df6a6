"""Platemail: which enemy a character's attack would hurt most.

Armour decides most fights in Platemail.  A hit whose Penetration is short
of the target's Absorb loses wounds to it, and one that meets the Absorb
goes straight through (seed: *Absorb*, *Penetration*).  So an arrow from a
long bow (Penetration 2) does nothing to a knight in half plate (Absorb 3)
short of a critical, and kills an archer in leather (Absorb 1) in three
hits; a footman's shield counts only while it is Ready.  The closest
hostile, which the general targets name, is often the one an attack can
least hurt.

``harm`` is the wounds one attack is expected to leave on a target: the
printed d20 rule for the hit (``platemail_reasons.chances_by_action``), a
natural 20's extra wound and Penetration, and Absorb, averaged over the
Actions the target may take (they decide whether it is Ready, and so its
Defense and whether a shield Absorbs).  Several hits in one Phase share
one Absorb; ``harm`` counts a single hit.
"""

from __future__ import annotations

from core.board import chebyshev
from core.rulesets.platemail.equipment import WEAPONS
from core.rulesets.platemail.movement import held
from core.rulesets.platemail.senses import Work, absorb, weapon
from core.rulesets.platemail.state import READY, Action

from .platemail_reasons import chances_by_action

A = Action
CRITICAL = 1 / 20  # a natural 20: one more wound and one more Penetration (seed: Attack Rolls)
CHARGE_REACH = 4  # cells: a Charge runs three squares (15 ft) and strikes from beside the target


def through(wounds: int, penetration: int, absorbs: int) -> int:
    """The wounds one hit leaves after ``absorbs`` (seed: Penetration:
    Absorb up to the Penetration is ignored, so a hit that meets it loses
    nothing, and one short of it loses as much as the Absorb takes)."""
    if absorbs <= 0 or penetration >= absorbs:
        return wounds
    return max(0, wounds - absorbs)


def _arms(me, kind: Action):
    """The weapon an attack of ``kind`` uses: a shot with what ``me``
    shoots or throws, else the weapon in hand (as ``attack_bonus``)."""
    w = weapon(me)
    if kind in (A.RANGED, A.RAPID_FIRE) and not w.shoots:
        thrown = next((k for k in me.carried if WEAPONS[k].shoots), None)
        w = WEAPONS[thrown] if thrown else w
    return w


def harm(work: Work, me, t, kind: Action) -> float:
    """Wounds one attack of ``kind`` by ``me`` is expected to leave on ``t``
    (kept in the battlefield's memo: the search asks again for every
    order it plays out, and the answer hangs only on the two characters,
    the ground between them, and whether ``t`` is held by a spell)."""
    stuck = t.entrapped or held(work, t.id)
    table = work.bf.memo.table("platemail.harm", 4096)
    key = (me, t, kind, stuck)
    found = table.get(key)
    if found is None:
        found = table.put(key, _harm(work, me, t, kind, stuck))
    return found


def _harm(work: Work, me, t, kind: Action, stuck: bool) -> float:
    w = _arms(me, kind)
    pen = w.penetration + (1 if kind is A.CHARGE and "charge-pen" in w.properties else 0)
    found = chances_by_action(work, me, t, kind)
    if not found:
        return 0.0
    total = 0.0
    for tk, (chance, _) in found.items():
        absorbs = absorb(t, READY[tk] and not stuck)
        plain = through(w.wounds, pen, absorbs)
        critical = through(w.wounds + 1, pen + 1, absorbs)
        total += (chance - CRITICAL) * plain + CRITICAL * critical
    return total / len(found)


def best_target(work: Work, me, kind: Action, reach: int | None = None) -> tuple[str, float] | None:
    """The enemy ``me`` seeing it would hurt most with an attack of ``kind``
    (``reach``: only those within that many cells), with the wounds
    expected; the nearer of two alike.  None when there is nobody to aim at."""
    best = None
    for t in work.chars.values():
        if t.side == me.side or not t.fighting or t.pos is None or me.pos is None or t.hidden:
            continue
        far = chebyshev(me.pos, t.pos)
        if reach is not None and far > reach:
            continue
        if kind in (A.RANGED, A.RAPID_FIRE) and work.grid.concealed(me.pos, t.pos):
            continue
        key = (harm(work, me, t, kind), -far)
        if best is None or key > best[0]:
            best = (key, t.id)
    return None if best is None else (best[1], best[0][0])
