"""Platemail: where the computer's spellcaster aims its spells, and the staff
fighting it leaves alone.

A tester watched normal's spellcaster (Max Wounds 1) Release Dread at a
knight, then walk toward an archer nine squares off ("a3's armour stops its
blows") into a footman's reach, then Charge the archer with its Staff and
bleed out, with Firebolt and Binding never cast again.  Its Firebolt went
to "the closest hostile", the knight, whose half plate (Absorb 3) stops a
Penetration 2 bolt (seed: *Penetration*), so the search found casting worth
no more than a walk.  So here:

- a Firebolt is aimed at the enemy it is expected to wound most (in sight,
  within four times its Range: -2 an increment past the first, seed: Ranged
  Weapons), as the shooters' shots are (``platemail_targets``);
- a Binding (Skirmish's own spell, docs/rulings.md, Platemail, Spells: held,
  Not Ready and unable to move while the caster Focuses) goes to the
  dangerous melee enemy: the nearest one with a melee weapon in hand that is
  not beside anyone of the caster's side yet, so it cannot close in;
- a caster with a spell that harms never Charges, and never walks in to
  strike with its Staff (``staff_fight``): it casts, and steps back (Fall
  Back) from an enemy beside it.
"""

from __future__ import annotations

from core.ai.platemail_chances import casts, chances_by_action
from core.ai.platemail_targets import CHARGE_REACH, CRITICAL, FUTILE, through
from core.board import chebyshev
from core.rulesets.platemail.combat import range_penalty
from core.rulesets.platemail.equipment import SPELLS
from core.rulesets.platemail.movement import held
from core.rulesets.platemail.orders import Write
from core.rulesets.platemail.senses import Work, absorb, resolve_target, weapon
from core.rulesets.platemail.state import READY, Action

A = Action
# Actions that cover ground toward an enemy, and those that strike in melee.
WALKS = (A.MOVE, A.SPRINT, A.SKULK)
STRIKES = (A.FULL_ATTACK, A.CHARGE, A.COUNTER)


def _in_reach(work: Work, me, t, spell) -> bool:
    """Whether a Release of ``spell`` by ``me`` could aim at ``t`` now, as
    the resolution tests it (``actions._can_shoot_at``): fighting, seen
    (not Concealed, not an unseen skulker), within four times the Range."""
    return (t.side != me.side and t.fighting and t.pos is not None and me.pos is not None and not t.hidden
            and resolve_target(work, me, t.id) == t.id and not work.grid.concealed(me.pos, t.pos)
            and range_penalty(spell.range_ft, me.pos, t.pos) is not None)


def bolt_harm(work: Work, me, t, key: str = "firebolt", critical: bool = True) -> float:
    """Wounds a Release of the attack spell ``key`` by ``me`` is expected to
    leave on ``t``: the d20 against its Defense for each Action it may take
    (``chances_by_action``, range and cover counted), one Wound with the
    spell's Penetration against its Absorb, a natural 20 one more of each
    (without ``critical``, a natural 20 counted as any hit)."""
    spell = SPELLS[key]
    found = chances_by_action(work, me, t, A.RELEASE, key)
    if not found:
        return 0.0
    stuck = t.entrapped or held(work, t.id)
    total = 0.0
    for tk, (chance, _) in found.items():
        absorbs = absorb(t, READY[tk] and not stuck)
        plain = through(1, spell.penetration, absorbs)
        extra = through(2, spell.penetration + 1, absorbs) if critical else plain
        total += (chance - CRITICAL) * plain + CRITICAL * extra
    return total / len(found)


def _named(work: Work, me, tid: str) -> str:
    """``tid`` as an order names it: "closest" when that is who the
    resolution takes for the closest hostile (the orders read as before)."""
    return "closest" if resolve_target(work, me, "closest") == tid else tid


def bolt_target(state, me, key: str = "firebolt") -> str | None:
    """Whom ``me``'s attack spell ``key`` should be Released at: the enemy
    it can aim at that it is expected to wound most (the nearer of two
    alike), as an order names it; None when it would wound nobody but by
    a natural 20 (+1 Penetration: Firebolt's 3 then meets half plate's Absorb
    3, seed: Attack Rolls, Penetration), which no one counts on."""
    if me.pos is None or key not in SPELLS:
        return None
    work = Work(state)
    spell = SPELLS[key]
    best = None
    for t in work.chars.values():
        if not _in_reach(work, me, t, spell):
            continue
        if bolt_harm(work, me, t, key, critical=False) <= FUTILE:
            continue
        score = (bolt_harm(work, me, t, key), -chebyshev(me.pos, t.cell), t.id)
        if best is None or score[:2] > best[:2]:
            best = score
    return None if best is None else _named(work, me, best[2])


def binding_target(state, me, key: str = "binding") -> str | None:
    """Whom ``me``'s Binding should hold: the enemy with a melee weapon in
    hand nearest to ``me`` that it can aim at, not held or entrapped already
    and beside nobody of ``me``'s side (held, it cannot close in; one beside
    an ally strikes it held or not), within two Charges of ``me`` or an
    ally.  None when there is none."""
    if me.pos is None or key not in SPELLS:
        return None
    work = Work(state)
    spell = SPELLS[key]
    mine = [c.cell for c in work.chars.values() if c.side == me.side and c.fighting and c.pos is not None]
    found = []
    for t in work.chars.values():
        if not _in_reach(work, me, t, spell) or not weapon(t).melee or t.entrapped or held(work, t.id):
            continue
        apart = [chebyshev(t.cell, p) for p in mine]
        if min(apart) <= 1 or min(apart) > 2 * CHARGE_REACH:
            continue
        found.append((chebyshev(me.pos, t.cell), t.id))
    return _named(work, me, min(found)[1]) if found else None


def spell_target(state, me, key: str) -> str | None:
    """Whom a Release of ``key`` should name, by its kind: an attack spell
    the enemy it wounds most (:func:`bolt_target`), a hold the dangerous
    melee enemy (:func:`binding_target`); None for another kind, or nobody.
    Kept in the battlefield's memo by value (the search asks again for
    every order it writes, and the answer hangs only on the characters and
    the doors), as ``platemail_targets.aimed`` is."""
    effect = SPELLS[key].effect if key in SPELLS else ""
    if effect not in ("attack", "hold") or me.pos is None:
        return None
    table = state.battlefield.memo.table("platemail.spell_target", 1024)
    memo_key = (state.characters, state.open_doors, me.id, key)
    found = table.get(memo_key)
    if found is None:
        found = table.put(memo_key, (bolt_target if effect == "attack" else binding_target)(state, me, key) or "")
    return found or None


def staff_fight(write: Write, me) -> str:
    """Why ``write`` has a caster (``platemail_chances.casts``) fight with its weapon
    where it would cast (empty: it does not): a Charge, or a walk (Move,
    Sprint, Skulk) in an order that strikes in melee once there.  Striking
    an enemy already beside it (a Full Attack, a Counter) is left to the
    search."""
    if not casts(me):
        return ""
    acts = (write.first, write.then, write.otherwise)
    if any(a.kind is A.CHARGE for a in acts):
        return "a caster does not Charge: it casts"
    if any(a.kind in WALKS for a in acts) and any(a.kind in STRIKES for a in acts):
        return "a caster does not walk in to strike: it casts"
    return ""
