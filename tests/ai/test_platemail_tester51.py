"""Platemail: orders the tester saw the computer write that a beginner would not.

Hand-built positions (tests/rulesets/platemail/helpers.py):
- a Heavy Crossbowman (no melee weapon in hand) was ordered to Charge and
  Full Attack; the Attack of a Charge, Full Attack or Counter is a melee
  Attack and strikes nothing without a melee weapon in hand (seed: Charge,
  Full Attack, Counter; the resolution's own test, ``Weapon.melee``), and
  the reason stated a chance to hit for it.  A beginner shoots, or draws
  the Mace it carries (seed: Use Item, swap readied weapons);
- a Spellcaster charged an enemy 45 ft off (a Charge runs 15 ft, then
  strikes, seed: Charge), Prepared a spell while one was already Prepared
  (the new one takes its place) and never Released in the 2nd Phase: a
  beginner Prepares, then IF the spell is prepared Releases it, and with a
  spell Prepared Releases it at a target in range and sight.
"""

from __future__ import annotations

import time

import pytest

from core.ai import choose
from core.ai.platemail_reasons import explain_write
from core.ai.platemail_templates import blunder, fitting
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.equipment import SPELLS, WEAPONS
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.senses import weapon
from core.rulesets.platemail.state import Action, Condition
from tests.rulesets.platemail.helpers import act, order, play, position

A, C = Action, Condition
MELEE = (A.CHARGE, A.FULL_ATTACK, A.COUNTER)
CASES = [(level, seed) for level in ("easy", "normal") for seed in range(5)] + [("hard", seed) for seed in range(2)]


def written(state, level, seed) -> Write:
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, seed, 0)
    assert isinstance(choice.order, Write), choice.reason
    return choice.order


def crossbow(gap: int, **changes):
    """a1, a Heavy Crossbowman with a Mace carried, and an enemy footman
    ``gap`` cells south of it (7: the seed game's 35 ft)."""
    return position([("crossbowman", 0, (5, 2), changes), ("footman", 1, (5, 2 + gap)), ("archer", 1, (9, 11))])


def archer_beside_a_footman():
    return position([("archer", 0, (5, 5)), ("footman", 1, (5, 6)), ("footman", 1, (1, 10))])


def caster(prepared=None, gap: int = 5):
    """a1, a Spellcaster (Staff in hand), and an enemy footman ``gap`` cells off
    (5: 25 ft, within Firebolt's 30; 9: the seed game's 45 ft)."""
    return position([("spellcaster", 0, (5, 1), {"prepared": prepared}), ("footman", 1, (5, 1 + gap)),
                     ("archer", 1, (10, 11))])


def melee_without_a_weapon(write: Write, me) -> bool:
    """A Charge, Full Attack or Counter written while no melee weapon is in
    hand when it runs: the 1st Action's with the weapon held, the 2nd's
    with the one a 1st-Action swap draws."""
    if write.first.kind in MELEE and not weapon(me).melee:
        return True
    drawn = write.first.item[5:] if write.first.kind is A.USE_ITEM and (write.first.item or "").startswith(
        "swap:") else None
    held = drawn or me.wielding
    return any(a.kind in MELEE for a in (write.then, write.otherwise)) and not WEAPONS[held].melee


def test_the_positions_are_what_they_say():
    me = crossbow(7).char("a1")
    assert not weapon(me).melee and weapon(me).shoots and me.loaded and "mace" in me.carried
    assert not weapon(archer_beside_a_footman().char("a1")).melee
    c = caster("firebolt").char("a1")
    assert weapon(c).melee and c.prepared == "firebolt" and SPELLS["firebolt"].range_ft == 30


# -- 1. no melee Action without a melee weapon in hand --------------------------------------------

@pytest.mark.parametrize(("level", "seed"), CASES)
@pytest.mark.parametrize("state", [crossbow(7), crossbow(3), crossbow(3, loaded=False), crossbow(1, loaded=False),
                                   archer_beside_a_footman()],
                         ids=["loaded-35ft", "loaded-15ft", "empty-15ft", "empty-beside", "archer-beside"])
def test_no_melee_action_without_a_melee_weapon_in_hand(level, seed, state):
    write = written(state, level, seed)
    assert not melee_without_a_weapon(write, state.char("a1")), write.to_text()


@pytest.mark.parametrize("state", [crossbow(7), crossbow(3), crossbow(1, loaded=False), archer_beside_a_footman()])
def test_no_melee_action_is_even_shortlisted_without_a_melee_weapon(state):
    me = state.char("a1")
    for volleys in (False, True):
        for write in fitting(state, me, volleys=volleys, guards=volleys):
            assert not melee_without_a_weapon(write, me), write.to_text()


def test_a_melee_action_without_a_melee_weapon_is_a_blunder_unless_the_first_swaps_to_one():
    state = crossbow(3)
    me = state.char("a1")
    charge = Write(0, "a1", Act(0, A.CHARGE, "closest"), C.REACHED, Act(0, A.FULL_ATTACK, "closest"),
                   Act(0, A.FULL_ATTACK, "closest"))
    assert "no melee weapon in hand" in blunder(charge, me, 3, False, state)
    shoot_then_strike = Write(0, "a1", Act(0, A.RANGED, "closest"), C.ENEMY_ADJACENT,
                              Act(0, A.FULL_ATTACK, "closest"), Act(0, A.RANGED, "closest"))
    assert "no melee weapon in hand" in blunder(shoot_then_strike, me, 1, False, state)
    swap_then_strike = Write(0, "a1", Act(0, A.USE_ITEM, item="swap:mace"), C.ENEMY_ADJACENT,
                             Act(0, A.FULL_ATTACK, "closest"), Act(0, A.DEFEND))
    assert blunder(swap_then_strike, me, 1, False, state) == ""
    assert R.check(state, swap_then_strike) is None


def test_beside_an_enemy_with_an_empty_crossbow_it_draws_its_mace_and_says_so():
    # Reloading a Heavy Crossbow is a Complex Use Item (Not Ready) with a footman beside
    # it; the Mace it carries is drawn with a quick one (seed: Use Item).
    state = crossbow(1, loaded=False)
    best = fitting(state, state.char("a1"))[0]
    assert best.first == Act(0, A.USE_ITEM, item="swap:mace")
    assert best.condition is C.ENEMY_ADJACENT and best.then.kind is A.FULL_ATTACK
    assert explain_write(R.view(state, 0), best).startswith("swaps the Heavy Crossbow for the Mace")
    after, _ = play(state, [best, order(1, "b1", act(1, "defend"))])
    assert after.char("a1").wielding == "mace"


def test_no_chance_to_hit_is_said_for_a_melee_action_without_a_melee_weapon():
    # The seed game's "charges a1: 45% to hit if a1 moves", for a Charge that strikes nothing.
    view = R.view(crossbow(3), 0)
    charge = Write(0, "a1", Act(0, A.CHARGE, "closest"), C.REACHED, Act(0, A.DEFEND), Act(0, A.DEFEND))
    said = explain_write(view, charge)
    assert "%" not in said and "no melee weapon in hand" in said, said
    full = Write(0, "a1", Act(0, A.FULL_ATTACK, "closest"), C.HIT, Act(0, A.DEFEND), Act(0, A.DEFEND))
    said = explain_write(R.view(crossbow(1), 0), full)
    assert "%" not in said and "no melee weapon in hand" in said, said


def test_no_chance_to_hit_is_said_for_a_charge_beyond_its_reach():
    # 45 ft: a Charge runs 15 ft and strikes from beside the target (seed: Charge).
    view = R.view(caster(gap=9), 0)
    charge = Write(0, "a1", Act(0, A.CHARGE, "closest"), C.REACHED, Act(0, A.DEFEND), Act(0, A.DEFEND))
    said = explain_write(view, charge)
    assert "%" not in said and "beyond a Charge's reach" in said, said
    # Within reach (15 ft and a step), the chance is still said.
    near = Write(0, "a1", Act(0, A.CHARGE, "closest"), C.REACHED, Act(0, A.DEFEND), Act(0, A.DEFEND))
    assert "% to hit" in explain_write(R.view(caster(gap=4), 0), near)


# -- 2. a caster Prepares, then Releases ----------------------------------------------------------

@pytest.mark.parametrize(("level", "seed"), CASES)
@pytest.mark.parametrize(("who", "gap"), [("spellcaster", 9), ("knight", 6), ("knight", 8)])
def test_no_charge_at_an_enemy_beyond_its_reach(level, seed, who, gap):
    # 15 ft to run and a step to strike: 4 cells at most (seed: Charge).
    state = position([(who, 0, (5, 1)), ("footman", 1, (5, 1 + gap)), ("archer", 1, (10, 11))])
    write = written(state, level, seed)
    assert write.first.kind is not A.CHARGE, write.to_text()


def test_a_charge_beyond_reach_is_not_shortlisted():
    state = caster(gap=9)
    assert not [w for w in fitting(state, state.char("a1")) if w.first.kind is A.CHARGE]
    charge = Write(0, "a1", Act(0, A.CHARGE, "closest"), C.REACHED, Act(0, A.FULL_ATTACK, "closest"),
                   Act(0, A.CHARGE, "closest"))
    assert blunder(charge, state.char("a1"), 9, False, state)
    # Within reach, a Charge is a blunder only because a caster casts (platemail_spells.staff_fight).
    assert "Charge's reach" not in blunder(charge, caster(gap=4).char("a1"), 4, False, caster(gap=4))


@pytest.mark.parametrize(("level", "seed"), CASES)
def test_a_prepared_spell_with_a_target_in_range_and_sight_is_released(level, seed):
    state = caster("firebolt", gap=5)
    write = written(state, level, seed)
    # b1 25 ft off, or b2 (leather: Absorb 1, which Firebolt's Penetration 2 passes) 50 ft off, -2.
    assert write.first.kind is A.RELEASE and write.first.target in ("closest", "b1", "b2"), write.to_text()


@pytest.mark.parametrize(("level", "seed"), CASES)
@pytest.mark.parametrize("gap", [5, 9])
def test_no_spell_is_prepared_over_a_prepared_one(level, seed, gap):
    write = written(caster("firebolt", gap=gap), level, seed)
    assert write.first.kind is not A.PREPARE, write.to_text()


@pytest.mark.parametrize(("level", "seed"), CASES)
@pytest.mark.parametrize("gap", [5, 9])
def test_a_prepare_is_followed_by_its_release(level, seed, gap):
    write = written(caster(None, gap=gap), level, seed)
    if write.first.kind is A.PREPARE:
        assert write.condition is C.SPELL_READY and write.then.kind is A.RELEASE, write.to_text()


def test_every_prepare_shortlisted_releases_in_the_2nd_action():
    state = caster(None, gap=5)
    prepares = [w for w in fitting(state, state.char("a1")) if w.first.kind is A.PREPARE]
    assert prepares
    for w in prepares:
        assert w.condition is C.SPELL_READY and w.then.kind is A.RELEASE, w.to_text()
        # Mend helps an ally: its Release is not aimed at an enemy (the others are, by
        # platemail_spells: one of the two enemies, as "closest" when it is that one).
        assert w.then.target in (("closest", "b1", "b2") if SPELLS[w.first.spell].hostile else ("ally-injured",))


def test_the_firebolt_is_prepared_and_released_in_one_round():
    # Played out: the footman 25 ft off Defends, so nothing interrupts the Prepare.
    state = caster(None, gap=5)
    prepare = next(w for w in fitting(state, state.char("a1"))
                   if w.first.kind is A.PREPARE and w.first.spell == "firebolt")
    after, events = play(state, [prepare, order(1, "b1", act(1, "defend")), order(1, "b2", act(1, "defend"))])
    assert after.char("a1").prepared is None  # Prepared in the 1st Phase, Released in the 2nd
    assert any("Firebolt" in e.sentence for e in events)


def test_a_released_binding_is_focused_on_not_dropped():
    # Binding is ongoing (Focus keeps it): a Prepare in the 2nd Action would end it.
    state = caster("binding", gap=5)
    releases = [w for w in fitting(state, state.char("a1")) if w.first.kind is A.RELEASE]
    assert releases and all(w.otherwise.kind is A.FOCUS for w in releases)


@pytest.mark.parametrize(("level", "limit"), [("normal", 1.0), ("hard", 3.0)])
def test_the_moves_stay_quick(level, limit):
    for state in (crossbow(3), caster("firebolt", gap=5), caster(None, gap=9)):
        began = time.process_time()
        written(state, level, 0)
        assert time.process_time() - began < limit
