"""Platemail: the computer's spellcaster wastes no Round on Mend (a
tester's round, hard: "Prepare Spell Mend; IF my spell is prepared THEN
Release Spell the most injured ally" every Round with nobody hurt, Mend
Prepared again while already Prepared, and a Release at an ally five
cells off a touch spell: "b3's Mend needs someone within reach").

Mend (Skirmish's own spell, docs/rulings.md, Platemail) reaches one cell
(``actions._release``).  At every level, in hand-built positions, the
computer never writes: a Prepare of the spell already Prepared; a Prepare
of Mend with nobody hurt within its reach; a Release of Mend at someone it
would not reach or help while one it reaches is hurt."""

from __future__ import annotations

import pytest

from core.ai import choose
from core.ai.platemail_templates import blunder, fitting
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.checks import left_by
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.state import Action, Condition, Status
from tests.rulesets.platemail.helpers import position

A, C = Action, Condition
CASES = [(level, seed) for level in ("easy", "normal") for seed in range(4)] + [("hard", seed) for seed in range(2)]


def written(state, level, seed) -> Write:
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, seed, 0)
    assert isinstance(choice.order, Write), choice.reason
    return choice.order


def caster_first(caster: dict, ally: tuple = ((5, 6), {}), foe=(5, 9)):
    """a1 a Spellcaster at 5,2 (written first), a2 a footman, b1 a footman."""
    return position([("spellcaster", 0, (5, 2), caster), ("footman", 0) + ally, ("footman", 1, foe)])


def mends(write: Write, me) -> list[Act]:
    """The Acts of ``write`` that Prepare or Release Mend."""
    after = left_by(me, write.first)
    out = [a for a in (write.first,) if a.kind is A.PREPARE and a.spell == "mend"
           or a.kind is A.RELEASE and me.prepared == "mend"]
    out += [a for a in (write.then, write.otherwise) if a.kind is A.RELEASE and after.prepared == "mend"]
    return out


def prepares_again(write: Write, me) -> bool:
    return write.first.kind is A.PREPARE and write.first.spell == me.prepared


@pytest.mark.parametrize("level,seed", CASES)
def test_no_mend_with_nobody_hurt(level, seed):
    st = caster_first({})
    me = st.char("a1")
    assert not any(mends(w, me) for w in fitting(st, me))
    write = written(st, level, seed)
    assert not mends(write, me), (level, seed, write)


@pytest.mark.parametrize("level,seed", CASES)
def test_mend_prepared_is_not_prepared_again(level, seed):
    """Mend Prepared, an ally hurt but five cells off: no second Prepare of Mend."""
    st = caster_first({"prepared": "mend"}, ally=((5, 7), {"wounds": 2}))
    me = st.char("a1")
    assert not any(prepares_again(w, me) for w in fitting(st, me))
    assert not prepares_again(written(st, level, seed), me), (level, seed)


def test_the_templates_prepare_mend_only_for_someone_hurt_within_reach():
    near = caster_first({}, ally=((5, 3), {"wounds": 2}))  # a2 beside a1, hurt
    me = near.char("a1")
    prepares = [w for w in fitting(near, me) if w.first.kind is A.PREPARE and w.first.spell == "mend"]
    assert prepares and all(w.then == Act(0, A.RELEASE, "ally-injured") for w in prepares)
    far = caster_first({}, ally=((5, 7), {"wounds": 2}))  # hurt, five cells off: Mend reaches one
    assert not [w for w in fitting(far, far.char("a1")) if w.first.kind is A.PREPARE and w.first.spell == "mend"]


def test_a_release_names_the_hurt_ally_within_reach_not_the_most_injured_far_off():
    """a2 (2 Wounds) five cells off is "the most injured ally"; a3 (1
    Wound) stands beside the caster: the Release names a3."""
    st = position([("spellcaster", 0, (5, 2), {"prepared": "mend"}), ("footman", 0, (5, 7), {"wounds": 2}),
                   ("footman", 0, (6, 2), {"wounds": 1}), ("footman", 1, (5, 10))])
    me = st.char("a1")
    releases = [w for w in fitting(st, me) if w.first.kind is A.RELEASE]
    assert releases and {w.first.target for w in releases} == {"a3"}
    astray = Write(0, "a1", Act(0, A.RELEASE, "ally-injured"), C.ENEMY_ADJACENT, Act(0, A.DEFEND), Act(0, A.DEFEND))
    assert "would not reach" in blunder(astray, me, 8, False, st)


def test_a_fatally_wounded_ally_beside_is_mended_first():
    st = position([("spellcaster", 0, (5, 2), {"prepared": "mend"}),
                   ("footman", 0, (5, 3), {"status": Status.DYING, "wounds": 4}),
                   ("footman", 0, (6, 2), {"wounds": 1}), ("footman", 1, (5, 10))])
    releases = [w for w in fitting(st, st.char("a1")) if w.first.kind is A.RELEASE]
    assert releases and {w.first.target for w in releases} == {"a2"}
