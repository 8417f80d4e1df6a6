"""Every die the Platemail rules roll says what its roller wants of it,
for the luck the result screen counts (tui/result.py ``luck_by_side``):
high (the default), low (``low_is_good``) or no face better than another
(``neither_is_good``, left out of the luck).

A tester's result counted the victim's own Severs Limb d4, a long Dazed
d4 and the guard's odd-or-even d6 as dice "wanted high", and called a side
lucky or unlucky on them.  Each roll here is made by the rules from a
scripted position, and checked against what the seed's rule makes good
for the one rolling it."""

from __future__ import annotations

from core.events import Rolled
from core.rulesets.platemail.state import Status

from .helpers import act, order, play, position

HIGH, LOW, NEITHER = "high", "low", "neither"


def wanted(event: Rolled) -> str:
    return NEITHER if event.neither_is_good else LOW if event.low_is_good else HIGH


def rolls(events, words: str) -> list[Rolled]:
    found = [e for e in events if isinstance(e, Rolled) and words in e.purpose]
    assert found, [e.purpose for e in events if isinstance(e, Rolled)]
    return found


def test_an_attack_roll_is_wanted_high_by_the_attacker():
    """Attack Rolls: the d20 must beat the Defense."""
    st = position([("footman", 0, (5, 5)), ("footman", 1, (5, 6))])
    _, ev = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(15,) + (10,) * 10)
    attack, *_ = rolls(ev, "melee attack on b1")
    assert attack.who == "a1" and wanted(attack) == HIGH


def test_the_mace_daze_d4_is_wanted_low_by_the_dazed():
    """Dazes: Dazed for the next 1d4 Actions, each one lost: the one who
    rolls it (the victim) wants it short."""
    st = position([("footman", 0, (5, 5), {"wielding": "mace"}), ("footman", 1, (5, 6))])
    _, ev = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(20, 2))
    daze, = rolls(ev, "Dazed for 1d4 Actions")
    assert daze.who == "b1" and wanted(daze) == LOW


def test_the_severs_limb_d4_has_no_good_face_and_the_armours_d4_is_wanted_low():
    """Severs Limb: the d4 picks which limb (no face is better); Protects
    Limbs: the limb is kept on the armour's value or less (wanted low)."""
    st = position([("knight", 0, (5, 5)), ("footman", 1, (5, 6), {"armour": "splint"})])
    _, ev = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(20, 3, 2))
    limb, = rolls(ev, "Severs Limb")
    armour, = rolls(ev, "armour protects limbs")
    assert limb.who == "b1" and wanted(limb) == NEITHER
    assert armour.who == "b1" and wanted(armour) == LOW


def test_the_guards_odd_or_even_d6_has_no_good_face():
    """Guard: even, the guard is hit; odd, the Attack goes on to the
    guarded: a blow either way, on one of the guard's side."""
    st = position([("footman", 0, (5, 5)), ("spellcaster", 1, (5, 6)), ("rogue", 1, (6, 6))])
    _, ev = play(st, [order(0, "a1", act(0, "counter", "b1")),
                      order(1, "b2", act(1, "guard", "b1"), then=act(1, "guard", "b1"))], dice=(20, 2))
    attack, = rolls(ev, "against b2's guard")
    guard, = rolls(ev, "b2's guard (even")
    assert attack.who == "a1" and wanted(attack) == HIGH
    assert guard.who == "b2" and wanted(guard) == NEITHER


def test_the_rescue_d6_has_no_good_face():
    """Rescue: a hit on the rescuer lands on the carried on an even die:
    the attacker's blow lands either way."""
    fallen = {"wounds": 4, "status": Status.DYING, "dying_rounds": 3}
    st = position([("footman", 0, (5, 5)), ("footman", 0, (5, 6), fallen), ("archer", 1, (5, 10))])
    _, ev = play(st, [order(0, "a1", act(0, "rescue", "a2", to=(5, 2))),
                      order(1, "b1", act(1, "ranged-attack", "a1"))], dice=(20, 2) + (10,) * 12)
    who, = rolls(ev, "who is hit (even: the carried)")
    assert wanted(who) == NEITHER


def test_the_arbiters_meeting_point_d2_has_no_good_face():
    """Two characters making for one cell with the same movement left: a
    die says who gets there first; nobody's luck."""
    st = position([("footman", 0, (5, 3)), ("footman", 1, (5, 7))])
    _, ev = play(st, [order(0, "a1", act(0, "move", to=(5, 5))),
                      order(1, "b1", act(1, "move", to=(5, 5)))], dice=(1,) + (10,) * 12)
    first, = rolls(ev, "who reaches the meeting point first")
    assert wanted(first) == NEITHER


def test_saves_stealth_and_medical_rolls_are_wanted_high():
    """Saving throws and checks must beat 10; Stealth is set against the
    others' Perception; a Medical roll must beat 10 to Stabilize."""
    st = position([("spellcaster", 0, (5, 5)), ("footman", 1, (5, 6))])
    _, ev = play(st, [order(0, "a1", act(0, "prepare-spell", spell="firebolt")),
                      order(1, "b1", act(1, "full-attack", "a1"))], dice=(15,) + (10,) * 12)
    check, *_ = rolls(ev, "Concentration check")
    assert check.who == "a1" and wanted(check) == HIGH
    st = position([("rogue", 0, (5, 2)), ("footman", 1, (5, 9))], rows=None)
    _, ev = play(st, [order(0, "a1", act(0, "skulk", to=(5, 3)))], dice=(10,) * 12)
    stealth, *_ = rolls(ev, "Stealth")
    assert stealth.who == "a1" and wanted(stealth) == HIGH
    dying = {"wounds": 4, "status": Status.DYING, "dying_rounds": 3}
    st = position([("footman", 0, (5, 5)), ("footman", 0, (5, 6), dying), ("footman", 1, (5, 10))])
    _, ev = play(st, [order(0, "a1", act(0, "stabilize", "a2"))], dice=(10,) * 12)
    medical, = rolls(ev, "Medical roll")
    assert medical.who == "a1" and wanted(medical) == HIGH
