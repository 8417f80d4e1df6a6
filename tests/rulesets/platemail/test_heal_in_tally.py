"""A heal in a Phase counts in that Phase's tally (docs/rulings.md,
Platemail, Wounds; seed: Wounds, "After each Action Phase, Wounds are
tallied"; Release Spell and Use Item act in the Phase itself).

The tester's game 1, Round 6: spellcaster a3 at 3/3 Wounds, Mend
Prepared, wrote "Release Spell myself"; b3 hit it in the same Phase.  The
engine tallied the hit first (4/3: Unconscious and Fatally Wounded), then
let the Mend Stabilize it, and logged neither the Release nor the Mend."""

from __future__ import annotations

from core.events import Note
from core.rulesets.platemail.events import StatusChanged, WoundsTallied
from core.rulesets.platemail.state import Status

from .helpers import act, order, play, position


def lines(events):
    return [e.sentence for e in events]


def _first_phase(events):
    return events[:next(i for i, e in enumerate(events) if type(e).__name__ == "PhaseBegan" and e.phase == 2)]


def test_a_mend_on_oneself_keeps_one_standing_through_a_hit_in_the_same_phase():
    """a1 (Spellcaster, Unarmored: Defense 10 while Not Ready, Absorb 0) at
    3/3 Wounds releases Mend on itself (Release Spell, NR); b1, beside it,
    Counters: d20 15 > 10, a hit, one new Wound.  The Mend heals one of the
    three Wounds a1 had, then the tally adds the new one: 3/3, still
    fighting (more than Max Wounds is needed to fall)."""
    st = position([("spellcaster", 0, (5, 5), {"wounds": 3, "prepared": "mend"}), ("footman", 1, (5, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "self")),
                       order(1, "b1", act(1, "counter", "a1"))], dice=(15,))
    said = lines(_first_phase(ev))
    release = said.index("a1 releases Mend on itself")
    heal = said.index("a1 heals one Wound by a1's Mend (2 Wounds left, before this Phase's hits are counted)")
    tally = said.index("a1: 1 hit(s), 0 Wound(s) absorbed, 1 new; 3/3 Wounds")
    assert release < heal < tally
    a1 = st.char("a1")
    assert a1.status is Status.FIGHTING and a1.wounds == 3 and a1.prepared is None
    assert not [e for e in ev if isinstance(e, StatusChanged) and e.unit == "a1"]


def test_a_mend_spent_on_a_wound_does_not_also_stabilize_a_fall():
    """The same, but b1 Full Attacks: two d20s of 15, two hits, two new
    Wounds.  3 - 1 + 2 = 4, more than 3: a1 falls, Fatally Wounded.  The
    Mend went into healing a Wound; it does not Stabilize the fall too
    (the old order, tally first, let it do that)."""
    st = position([("spellcaster", 0, (5, 5), {"wounds": 3, "prepared": "mend"}), ("footman", 1, (5, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "self")),
                       order(1, "b1", act(1, "full-attack", "a1"))], dice=(15, 15))
    tallies = [e for e in ev if isinstance(e, WoundsTallied) and e.unit == "a1"]
    assert (tallies[0].new_wounds, tallies[0].total) == (2, 4)
    assert st.char("a1").status is Status.DYING


def test_a_mend_on_a_fatally_wounded_ally_stabilizes_it_after_the_phase():
    """Mend: a Fatally Wounded character beside the caster is Stabilized
    (not healed); the Release and the result are both logged."""
    st = position([("spellcaster", 0, (5, 5), {"prepared": "mend"}),
                   ("footman", 0, (5, 6), {"wounds": 4, "status": Status.DYING, "dying_rounds": 2}),
                   ("footman", 1, (9, 9))])
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "a2"))])
    said = lines(ev)
    assert said.index("a1 releases Mend on a2") < said.index("a2 is Stable (out of the fight, but alive)")
    assert st.char("a2").status is Status.STABLE and st.char("a2").wounds == 4


def test_a_mend_with_no_wound_to_heal_says_so_and_heals_nothing_later():
    """A heal takes off a Wound the character has, not one of the Phase's
    new ones: a1, unhurt, releases Mend on itself and is hit once by b1 in
    the same Phase (d20 15 against Defense 10): it ends with 1 Wound."""
    st = position([("spellcaster", 0, (5, 5), {"prepared": "mend"}), ("footman", 1, (5, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "self")),
                       order(1, "b1", act(1, "counter", "a1"))], dice=(15,))
    assert "a1 has no Wound for a1's Mend to heal" in [e.text for e in ev if isinstance(e, Note)]
    assert st.char("a1").wounds == 1


def test_a_potion_drunk_while_hit_counts_in_the_same_tally():
    """Use Item, a potion: the same order as a Mend.  The knight (here
    Unarmored: Absorb 0, Defense 13 while Ready; a Quick Use Item keeps it
    Ready) drinks at 3/3 and is hit once (d20 19 > 13): one Wound off the
    three it had, then the new one: 3/3, still fighting."""
    st = position([("knight", 0, (5, 5), {"wounds": 3, "armour": "unarmored"}), ("footman", 1, (5, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "use-item", item="potion")),
                       order(1, "b1", act(1, "counter", "a1"))], dice=(19,))
    said = lines(_first_phase(ev))
    assert said.index("a1 heals one Wound by a potion (2 Wounds left, before this Phase's hits are counted)") < \
        said.index("a1: 1 hit(s), 0 Wound(s) absorbed, 1 new; 3/3 Wounds")
    assert st.char("a1").status is Status.FIGHTING and st.char("a1").potions == 0


def test_every_release_is_logged():
    """Release Spell: the Release itself is a line of the log, whatever
    the spell (here a Firebolt, before its attack roll)."""
    st = position([("spellcaster", 0, (5, 2), {"prepared": "firebolt"}), ("footman", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "b1"))], dice=(15,))
    said = lines(ev)
    assert said.index("a1 releases Firebolt at b1") < next(i for i, s in enumerate(said) if "spell attack" in s)


def test_a_mend_on_a_stable_character_says_it_heals_nothing():
    """A Stable character is out of the fight (Wounds: it stays
    Unconscious); a Mend released on it is spent and heals nothing, and the
    log says so (it used to say nothing at all)."""
    st = position([("spellcaster", 0, (5, 5), {"prepared": "mend"}),
                   ("footman", 0, (5, 6), {"wounds": 4, "status": Status.STABLE}),
                   ("footman", 1, (9, 9))])
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "a2"))])
    notes = [e.text for e in ev if isinstance(e, Note)]
    assert "a1 releases Mend on a2" in notes
    assert "a2 is Stable, out of the fight: a1's Mend heals nothing" in notes
    assert st.char("a2").wounds == 4 and st.char("a1").prepared is None
