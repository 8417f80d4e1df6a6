"""The log tells a hit before the Concentration check it calls for
(seed: Concentration Checks, Prepare Spell, Focus Spell; docs/rulings.md,
Platemail, "What the log and the card say").

A tester read "b1 rolls 1d20 for Concentration check" and "b1 loses
concentration" above the Attack's own line, as if the check came first."""

from __future__ import annotations

from core.events import Note, Rolled
from core.rulesets.platemail.events import AttackMade

from .helpers import act, order, play, position

ARCHER = ("archer", 0, (5, 4))  # Long Bow in hand
CASTER = ("spellcaster", 1, (5, 8))  # Concentration 3 (the archetype's); Unarmored: Defense 10 Not Ready


def _index(events, test) -> int:
    return next(i for i, e in enumerate(events) if test(e))


def _shot_at_a_caster(first_of_b1, dice, **caster):
    st = position([ARCHER, CASTER + (caster,)])
    return play(st, [order(0, "a1", act(0, "ranged-attack", "b1")), order(1, "b1", first_of_b1)], dice=dice)


def test_a_failed_check_comes_after_the_attack_that_called_it():
    """A d20 of 18 hits (18 + 3 Favor against the Preparing caster beats
    Defense 10); the check's d20 of 2 (+ Concentration 3 = 5) fails, not
    beating 10.  In the log: the attack's roll, the hit, then the check's
    roll and its failure."""
    st, events = _shot_at_a_caster(act(1, "prepare-spell", spell="firebolt"), dice=(18, 2))
    attack_roll = _index(events, lambda e: isinstance(e, Rolled) and e.purpose == "ranged attack on b1")
    attack = _index(events, lambda e: isinstance(e, AttackMade))
    check = _index(events, lambda e: isinstance(e, Rolled) and e.purpose == "Concentration check")
    lost = _index(events, lambda e: isinstance(e, Note) and e.text == "b1 loses concentration and will be Dazed")
    assert events[attack].hit and events[check].total == 2 + st.char("b1").concentration
    # the roll's Why? says "the attack's result is the next line of the log": so it is
    assert attack_roll + 1 == attack < check < lost
    assert st.char("b1").prepared is None  # the spell was lost, as before


def test_a_passed_check_for_a_focus_also_follows_the_attack():
    """Focus Spell: a hit calls for the check too; a d20 of 15 (+ 3) passes."""
    st, events = _shot_at_a_caster(act(1, "focus-spell"), dice=(18, 15), focus="binding", focus_target="a1")
    attack = _index(events, lambda e: isinstance(e, AttackMade))
    check = _index(events, lambda e: isinstance(e, Rolled) and e.purpose == "Concentration check")
    assert events[attack].hit and attack < check
    assert not any(isinstance(e, Note) and "loses concentration" in e.text for e in events)


def test_a_miss_calls_for_no_check():
    _, events = _shot_at_a_caster(act(1, "prepare-spell", spell="firebolt"), dice=(3, 2))
    assert [e.hit for e in events if isinstance(e, AttackMade)] == [False]
    assert not any(isinstance(e, Rolled) and e.purpose == "Concentration check" for e in events)
