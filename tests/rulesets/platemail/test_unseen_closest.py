"""A general target is chosen among the enemies the actor is aware of and
can see (seed: Targeting; Cover and Concealment: a Concealed character
cannot be targeted).  With none in sight the Action has no target, and does
what an Action with no target does: an Attack strikes nobody, a shot or a
spell is not loosed (nothing is spent: the spell stays Prepared); a Move,
Sprint or Charge still heads for the enemy it would pick among those it
knows of, but a Charge strikes nobody (docs/rulings.md, Platemail,
Targeting)."""

from core.rulesets.platemail.events import ActionTaken, AttackMade

from .helpers import act, order, play, position, text

WALL = ["." * 12] * 5 + ["############"] + ["." * 12] * 6  # row 5 walls the north from the south


def acted(ev, uid):
    return [e for e in ev if isinstance(e, ActionTaken) and e.unit == uid]


def test_closest_hostile_behind_a_wall_is_no_target_and_the_spell_stays_prepared():
    # The lone enemy, a rogue, stands behind the wall: Concealed from the caster.
    st = position([("spellcaster", 0, (5, 2), {"prepared": "firebolt"}), ("rogue", 1, (5, 8))], rows=WALL)
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "closest"), cond="spell-ready",
                             then=act(0, "release-spell", "closest"))], dice=(20, 20))
    assert [e for e in ev if isinstance(e, AttackMade)] == []
    assert "cannot see b1" not in text(ev)  # no target was chosen, so none was aimed at
    assert [e.action for e in acted(ev, "a1")] == ["Release Spell", "Release Spell"]  # "Release Spell b1" before
    assert "a1 has no target: no enemy in sight" in text(ev)
    assert st.char("a1").prepared == "firebolt"  # not spent on nobody


def test_a_skulking_rogue_the_caster_is_aware_of_but_cannot_see_is_no_target():
    # Hidden with a Stealth roll the caster's passive Perception beats (aware), but Concealed.
    st = position([("spellcaster", 0, (5, 2), {"prepared": "firebolt"}),
                   ("rogue", 1, (5, 8), {"hidden": True, "stealth_roll": 5})], rows=WALL)
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "closest"))], dice=(20,))
    assert [e for e in ev if isinstance(e, AttackMade)] == []
    assert st.char("a1").prepared == "firebolt"


def test_a_move_toward_the_closest_hostile_out_of_sight_heads_for_it_and_the_charge_strikes_nobody():
    # An opening at 0,5: the knight walks round toward the rogue it cannot
    # see (a heading, not a target), and its Charge has nobody to strike.
    rows = list(WALL)
    rows[5] = ".###########"
    st = position([("knight", 0, (6, 2)), ("rogue", 1, (6, 8))], rows=rows)
    st, ev = play(st, [order(0, "a1", act(0, "move", "closest"), then=act(0, "charge", "closest"))])
    assert st.char("a1").pos[0] < 6  # toward the opening, round the wall
    assert [e.action for e in acted(ev, "a1")] == ["Move", "Charge"]
    assert text(ev).count("a1 has no target: no enemy in sight (it heads for b1)") == 2
    assert "a1's Charge strikes nobody: it has no target" in text(ev)
    assert [e for e in ev if isinstance(e, AttackMade)] == []


def test_a_visible_enemy_is_chosen_over_a_nearer_one_out_of_sight():
    st = position([("archer", 0, (5, 2)), ("rogue", 1, (5, 7)), ("footman", 1, (11, 2))],
                  rows=["." * 12] * 4 + ["...#######.."] + ["." * 12] * 7)
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "closest"))], dice=(15,))
    assert [(e.attacker, e.target) for e in ev if isinstance(e, AttackMade)] == [("a1", "b2")]


def test_a_release_at_a_named_enemy_out_of_sight_keeps_the_spell():
    st = position([("spellcaster", 0, (5, 2), {"prepared": "firebolt"}), ("rogue", 1, (5, 8))], rows=WALL)
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "b1"))], dice=(20,))
    assert "a1 cannot see b1: Concealed" in text(ev) and "a1's Firebolt stays Prepared" in text(ev)
    assert [e for e in ev if isinstance(e, AttackMade)] == [] and st.char("a1").prepared == "firebolt"
