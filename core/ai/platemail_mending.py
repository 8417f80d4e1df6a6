"""Platemail: where a spell that helps (Mend: Skirmish's own, docs/rulings.md,
Platemail, Spells) can do any good, for the computer's caster.

A tester watched hard's spellcaster Prepare Mend every Round with nobody
hurt, Prepare it again while it was Prepared already, and write "Release
the most injured ally" at one five cells off a touch spell: Rounds lost
while its Firebolts waited.  So a helping spell is Prepared only when
someone it could help is within its reach, and Released at one who is."""

from __future__ import annotations

from core.board import chebyshev
from core.rulesets.platemail.equipment import SPELLS
from core.rulesets.platemail.senses import Work, resolve_target
from core.rulesets.platemail.state import Status


def hurt(c) -> bool:
    """Someone a Mend helps: Fatally Wounded (it Stabilizes), or standing
    with a Wound (it heals one)."""
    return c.pos is not None and (c.status is Status.DYING or (c.fighting and c.wounds > 0))


def reaches(me, c, spell) -> bool:
    """Whether ``spell`` cast by ``me`` reaches ``c`` (Mend: touch, the
    resolution's ``actions._release``: within one cell)."""
    return me.pos is not None and c.pos is not None and 5 * chebyshev(me.pos, c.pos) <= max(spell.range_ft, 5)


def mend_target(state, me, spell) -> str | None:
    """The target a Release of the helping ``spell`` by ``me`` should
    name: the one within reach who needs it most (Fatally Wounded first,
    then most Wounds), as "ally-injured" when that is the resolution's
    pick, "self" for ``me`` itself; None when nobody within reach is hurt."""
    near = [c for c in state.characters if c.side == me.side and hurt(c) and reaches(me, c, spell)]
    if not near:
        return None
    best = min(near, key=lambda c: (c.status is not Status.DYING, -c.wounds, c.id != me.id, c.id))
    if best.id == me.id:
        return "self"
    return "ally-injured" if resolve_target(Work(state), me, "ally-injured") == best.id else best.id


def released_out_of_reach(state, me, spell_key: str | None, target: str | None) -> bool:
    """A Release of a helping spell at ``target`` that would not reach it
    (or help nobody) while it could name one it reaches."""
    spell = SPELLS.get(spell_key) if spell_key else None
    if spell is None or spell.hostile or state is None or me.pos is None:
        return False
    best = mend_target(state, me, spell)
    if best is None or target == best:
        return False
    tid = resolve_target(Work(state), me, target)
    t = state.char(tid) if tid else None
    return t is None or not hurt(t) or not reaches(me, t, spell)
