"""Platemail's computer throws only what the rules throw.

docs/rulings.md (Platemail, Loadouts and Actions; commit 014f8fa): a Ranged
Attack shoots the launcher in hand, else throws a carried missile (a thrown
weapon or a carried Dagger) and spends it; the weapon in hand is never
thrown.  A rogue whose darts and net are gone, its Dagger in hand, has
nothing to throw: a 1st Action Ranged Attack is refused, and one in the 2nd
Action does nothing.  The computer counted the Dagger in hand as something
to throw (``Weapon.shoots``) and wrote "Aim; IF b2 is seen THEN Ranged
Attack b2", an Action the rules make do nothing.
"""

from __future__ import annotations

import pytest

from core.ai import choose
from core.ai.platemail_chances import attack_weapon, target_actions
from core.ai.platemail_reasons import explain_write
from core.ai.platemail_templates import blunder, fitting, guesses
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.equipment import WEAPONS
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.state import Action, Condition
from tests.rulesets.platemail.helpers import act, order, play, position, text

A, C = Action, Condition
SHOTS = (A.RANGED, A.RAPID_FIRE, A.AIM)  # Aim: for the shot after it
CASES = [(level, seed) for level in ("easy", "normal") for seed in range(3)] + [("hard", 0)]


def rogue(gap: int, carried=(), **changes):
    """a1, a Rogue with its Dagger in hand carrying ``carried`` (its darts,
    net and blowgun gone by default), a footman ``gap`` cells south of it and
    an archer across the field."""
    return position([("rogue", 0, (5, 2), {"carried": tuple(carried), **changes}), ("footman", 1, (5, 2 + gap)),
                     ("archer", 1, (9, 11))])


def shots(write: Write) -> list[Act]:
    return [a for a in (write.first, write.then, write.otherwise) if a.kind in SHOTS]


def test_the_position_is_what_it_says():
    me = rogue(3).char("a1")
    assert me.wielding == "dagger" and WEAPONS["dagger"].also_thrown and me.carried == ()
    # The rules refuse the shot as a 1st Action, and one in the 2nd does nothing.
    state = rogue(3)
    shot = Write(0, "a1", act(0, "ranged-attack", "b1"), C.HIT, act(0, "defend"), act(0, "defend"))
    assert R.check(state, shot) is not None
    second = Write(0, "a1", act(0, "defend"), C.VISIBLE, act(0, "ranged-attack", "b1"), act(0, "defend"))
    _, events = play(state, [second])
    assert "a1 has nothing to shoot or throw" in text(events)


@pytest.mark.parametrize(("level", "seed"), CASES)
@pytest.mark.parametrize("gap", [1, 3, 6])
def test_no_level_writes_a_shot_for_a_dagger_in_hand(level, seed, gap):
    state = rogue(gap)
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, seed, 0)
    assert isinstance(choice.order, Write), choice.reason
    assert not shots(choice.order), choice.order.to_text()


@pytest.mark.parametrize("gap", [1, 3, 6])
def test_no_shortlisted_or_guessed_order_shoots_with_nothing_to_shoot(gap):
    state = rogue(gap)
    me = state.char("a1")
    for hard in (False, True):
        for write in fitting(state, me, volleys=hard, guards=hard):
            assert not shots(write), write.to_text()
    # The other side's rogue, as the sampler guesses its orders.
    theirs = position([("footman", 0, (5, 2)), ("rogue", 1, (5, 2 + gap), {"carried": ()})])
    for write in guesses(R, theirs, theirs.char("b1")):
        assert not shots(write), write.to_text()


def test_an_enemy_rogue_with_nothing_to_throw_is_not_expected_to_shoot():
    # What the chance to hit counts among the target's possible 1st Actions:
    # the rules refuse a Ranged Attack (and so a Rapid Fire) as its 1st.
    me = rogue(3).char("a1")
    found = target_actions(me)
    assert A.RANGED not in found and A.RAPID_FIRE not in found and A.FULL_ATTACK in found


def test_a_throw_is_measured_with_what_is_thrown():
    # A rogue's shot throws its first carried missile, a Dart (30 ft), not the Dagger in hand (15 ft).
    darts = rogue(3, ("dart", "dart", "net")).char("a1")
    assert attack_weapon(darts, A.RANGED) is WEAPONS["dart"]
    assert attack_weapon(rogue(3).char("a1"), A.FULL_ATTACK) is WEAPONS["dagger"]


def test_a_second_throw_needs_a_second_missile():
    one = rogue(6, ("dart",))
    me = one.char("a1")
    twice = Write(0, "a1", Act(0, A.RANGED, "closest"), C.ENEMY_ADJACENT, Act(0, A.FALL_BACK),
                  Act(0, A.RANGED, "closest"))
    assert "nothing left to shoot or throw" in blunder(twice, me, 6, False, one)
    assert blunder(twice, rogue(6, ("dart", "dart")).char("a1"), 6, False, one) == ""
    for write in fitting(one, me, volleys=True, guards=True):
        thrown = [a for a in (write.first, write.then, write.otherwise) if a.kind in (A.RANGED, A.RAPID_FIRE)]
        assert not (write.first.kind in (A.RANGED, A.RAPID_FIRE) and len(thrown) > 1), write.to_text()


def test_a_reason_for_a_shot_with_nothing_to_throw_says_so():
    state = rogue(3)
    later = Write(0, "a1", act(0, "ranged-attack", "b1"), C.HIT, act(0, "defend"), act(0, "defend"))
    said = explain_write(R.view(state, 0), later)
    assert "nothing to shoot or throw" in said and "to hit" not in said, said


def test_a_rogue_with_darts_still_throws_them():
    state = rogue(3, ("dart", "dart", "net"))
    me = state.char("a1")
    assert any(w.first.kind is A.RANGED for w in fitting(state, me))
    after, events = play(state, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=[15] * 6)
    assert any(type(e).__name__ == "AttackMade" and e.attacker == "a1" for e in events), text(events)
    assert after.char("a1").carried == ("dart", "net")  # the Dart thrown is spent, the Dagger still in hand
    assert after.char("a1").wielding == "dagger"
