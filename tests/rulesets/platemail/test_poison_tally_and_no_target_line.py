"""Two of a tester's log defects.

The Wound tally counts the Attacks that hit (seed: Wounds); a Blowgun
deals 0 Wounds and Can be Poisoned (seed: One Handed Ranged, Special
Info), and the poison (docs/rulings.md, Platemail, Weapon properties: one
Wound that ignores Absorb) is no Attack of its own: a poisoned dart is one
hit, not two.  And a shot with no enemy in sight is told once, with why."""

from __future__ import annotations

import pytest

from core.explain import explain
from core.rulesets.platemail.events import WoundsTallied

from .helpers import act, order, play, position, text


def _tally(events, uid):
    return next(e for e in events if isinstance(e, WoundsTallied) and e.unit == uid)


def test_a_poisoned_dart_is_one_hit_and_its_poison_one_wound():
    # The tester's b2, an Archer (Leather, Absorb 1) with a Wound already,
    # is the only one a2's Blowgun (Penetration 1) hits that Phase.
    st = position([("footman", 0, (0, 0)), ("rogue", 0, (5, 4), {"wielding": "blowgun"}),
                   ("footman", 1, (11, 11)), ("archer", 1, (5, 8), {"wounds": 1})])
    st, ev = play(st, [order(0, "a2", act(0, "ranged-attack", "b2"))], dice=(18,))
    assert "a2 ranged attack on b2: 18 vs Defense 12 (d20 18), hits" in text(ev)
    tally = _tally(ev, "b2")
    assert tally.hits == 1  # one Attack hit b2
    assert tally.new_wounds == 1 and st.char("b2").wounds == 2  # the dart 0, the poison 1
    assert tally.sentence == "b2: 1 hit(s) plus poison (1 Wound), 0 Wound(s) absorbed, 1 new; 2/3 Wounds"
    why = explain("platemail", ev, ev.index(tally)).text()
    assert "Hits taken this Phase: 1" in why and "Hit 2" not in why
    assert "Poison from hit 1: 1 Wound, ignoring Absorb: none absorbed (Ignores Absorb)" in why


def test_a_poisoned_dart_and_a_sword_are_two_hits():
    # b1 (Footman: Chain Mail 2 + Shield 1 while Ready) is hit by a1's
    # sword and by a2's dart, whose Penetration 1 does not reach Absorb 3:
    # two Attacks hit, no poison, one Wound absorbed.
    st = position([("footman", 0, (5, 5)), ("rogue", 0, (5, 2), {"wielding": "blowgun"}),
                   ("footman", 1, (5, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "full-attack", "b1")), order(0, "a2", act(0, "ranged-attack", "b1")),
                       order(1, "b1", act(1, "defend"))], dice=(19, 2, 19))
    tally = _tally(ev, "b1")
    assert "poison" not in text(ev)
    assert tally.hits == 2 and tally.sentence.startswith("b1: 2 hit(s), ")


@pytest.mark.parametrize("kind", ["ranged-attack", "rapid-fire"])
def test_a_shot_with_no_enemy_in_sight_is_told_once_with_why(kind):
    # A wall between the archer and the only enemy: "closest" finds nobody.
    rows = ["." * 12] * 5 + ["#" * 12] + ["." * 12] * 6
    st = position([("archer", 0, (5, 2)), ("footman", 1, (5, 9))], rows=rows)
    st, ev = play(st, [order(0, "a1", act(0, kind, "closest"))])
    log = text(ev)
    assert log.count("a1 has no target: no enemy in sight") == 1
    assert "has no target to shoot at" not in log


def test_a_spell_with_no_enemy_in_sight_is_told_once_and_stays_prepared():
    rows = ["." * 12] * 5 + ["#" * 12] + ["." * 12] * 6
    st = position([("spellcaster", 0, (5, 2), {"prepared": "firebolt"}), ("footman", 1, (5, 9))], rows=rows)
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "closest"))])
    log = text(ev)
    assert log.count("a1 has no target: no enemy in sight") == 1
    assert "has no target to cast at" not in log
    assert "a1's Firebolt stays Prepared" in log and st.char("a1").prepared == "firebolt"
