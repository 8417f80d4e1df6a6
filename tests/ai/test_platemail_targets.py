"""Platemail: the computer aims where its weapon hurts (issue 31).

The general targets name the closest hostile, and in Platemail the closest
is often the one an attack cannot hurt: a long bow's arrow (Penetration 2)
is stopped by a knight's half plate (Absorb 3) unless it is a critical,
and goes through an archer's leather (Absorb 1) every time it hits (seed:
*Absorb*, *Penetration*, *Attack Rolls*).  The expected wounds below are
worked out by hand from those rules and the equipment tables.
"""

from __future__ import annotations

import pytest

from core.ai import choose
from core.ai.platemail_reasons import explain_write
from core.ai.platemail_targets import harm, through
from core.ai.platemail_templates import fitting
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.senses import Work
from core.rulesets.platemail.state import Action, Condition
from tests.rulesets.platemail.helpers import position


@pytest.mark.parametrize("wounds, penetration, absorbs, left", [
    (1, 0, 0, 1),  # nothing to absorb
    (1, 2, 1, 1),  # a long bow through leather
    (1, 2, 3, 0),  # a long bow on half plate: stopped
    (2, 3, 3, 2),  # its critical: Penetration 3 meets Absorb 3
    (2, 1, 3, 0),  # a great sword's critical on half plate
    (2, 0, 1, 1),  # a sword's critical through leather loses one wound
])
def test_wounds_through_absorb(wounds, penetration, absorbs, left):
    assert through(wounds, penetration, absorbs) == left


def _work(placements):
    state = position(placements)
    return Work(state), state


def test_an_arrow_on_half_plate_wounds_only_on_a_natural_20():
    # Only a critical (1 in 20) gets through, with its two wounds, whatever the knight does.
    work, state = _work([("archer", 0, (5, 2)), ("knight", 1, (5, 5))])
    archer, knight = state.characters
    assert harm(work, archer, knight, Action.RANGED) == pytest.approx(0.05 * 2)


def test_an_arrow_on_a_dazed_archer():
    # Dazed: the target's Action is forced (Favor +3 to the shot) and it is not Ready.
    # Leather: Defense 10 + 2 = 12, so a d20 + 3 hits on 10-20 (11 in 20); Absorb 1 is
    # met by Penetration 2, so a hit leaves 1 wound and a natural 20 leaves 2.
    work, state = _work([("archer", 0, (5, 2)), ("archer", 1, (5, 5), {"dazed": 2})])
    mine, theirs = state.characters
    assert harm(work, mine, theirs, Action.RANGED) == pytest.approx(0.50 * 1 + 0.05 * 2)


def test_a_footman_without_his_shield_ready():
    # Not Ready, the shield neither deflects nor absorbs: Defense 10 + 1 (chain) = 11, a
    # d20 + 3 hits on 9-20 (12 in 20); chain's Absorb 2 is met by the arrow's Penetration 2.
    work, state = _work([("archer", 0, (5, 2)), ("footman", 1, (5, 5), {"dazed": 2})])
    archer, footman = state.characters
    assert harm(work, archer, footman, Action.RANGED) == pytest.approx(0.55 * 1 + 0.05 * 2)


def test_a_rapid_fire_leaves_more_wounds_than_a_shot():
    # At a dazed archer within Range (Favor +3, and not Ready): a shot hits on 10-20 and
    # leaves 0.50 * 1 + 0.05 * 2 = 0.60 wounds; Rapid Fire's Disfavor cancels the Favor,
    # each of its two shots hits on 13-20: 0.35 * 1 + 0.05 * 2 = 0.45, 0.90 the pair.
    work, state = _work([("archer", 0, (5, 2)), ("archer", 1, (5, 5), {"dazed": 2})])
    mine, theirs = state.characters
    assert harm(work, mine, theirs, Action.RANGED) == pytest.approx(0.60)
    assert harm(work, mine, theirs, Action.RAPID_FIRE) == pytest.approx(0.45)


@pytest.mark.parametrize("seed", range(3))
def test_hard_looses_a_rapid_fire_where_normal_shoots_once(seed):
    # Hard knows the volley's worth (above): out of melee it replaces every single shot.
    # Normal, a sensible player, shoots or Aims once.
    state = position([("archer", 0, (5, 1)), ("footman", 1, (5, 4)), ("archer", 1, (6, 6))])
    assert _written(state, "hard", seed).first == Act(0, Action.RAPID_FIRE, "b2")
    assert _written(state, "normal", seed).first.kind in (Action.RANGED, Action.AIM)
    # Beside an enemy (whose blows Rapid Fire would give Favor) there is no volley.
    state = position([("archer", 0, (5, 1)), ("footman", 1, (5, 2)), ("archer", 1, (6, 6))])
    assert _written(state, "hard", seed).first.kind is not Action.RAPID_FIRE


def _written(state, level, seed) -> Write:
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, seed, 0)
    assert isinstance(choice.order, Write), choice.reason
    return choice.order


LEVELS = [(level, seed) for level in ("normal", "hard") for seed in range(3)]

# (what is shown, the position, the first Actions that aim at b2 there); in each, b2 is
# the enemy archer, the one figure the character's weapon can wound.
AIMS = {
    # The knight stands closest; the archer, within the bow's Range behind him, is the
    # one an arrow can hurt.
    "a shooter aims past the knight at the archer":
        ([("archer", 0, (5, 1)), ("knight", 1, (5, 4)), ("archer", 1, (6, 6))], {Action.RANGED, Action.RAPID_FIRE}),
    # Beside a knight in half plate (which his great sword's Penetration 1 cannot pass)
    # and an archer in leather (which it does), he attacks the archer, with a Full
    # Attack or a Charge (both strike from where he stands).
    "a knight between two enemies strikes the one he can hurt":
        ([("knight", 0, (5, 5)), ("knight", 1, (5, 6)), ("archer", 1, (6, 6))], {Action.FULL_ATTACK, Action.CHARGE}),
    # Half plate against a great sword (Penetration 1, 2 with a critical, Absorb 3): the
    # two knights cannot wound each other, and the archer is out of a Charge's reach.
    # Trading blows with the knight all game is no plan; walking to the archer is.
    "a knight who cannot hurt the knight beside him walks to the archer":
        ([("knight", 0, (9, 1)), ("knight", 1, (9, 2)), ("archer", 1, (2, 9))], {Action.MOVE}),
}


@pytest.mark.parametrize("case", AIMS)
@pytest.mark.parametrize("level, seed", LEVELS)
def test_the_computer_aims_at_the_one_it_can_hurt(case, level, seed):
    placements, kinds = AIMS[case]
    write = _written(position(placements), level, seed)
    assert write.first.kind in kinds, write
    assert write.first.target == "b2", write


def test_no_shot_at_a_general_target_an_aimed_shot_beats():
    # The most injured enemy and the closest is a footman behind his shield, which an
    # arrow's Penetration 2 does not pass while he is Ready; the archer behind him is
    # the one to shoot, so neither general target's shot is kept.
    state = position([("archer", 0, (4, 1)), ("footman", 1, (4, 4), {"wounds": 2}), ("archer", 1, (8, 6))])
    shots = [w.first for w in fitting(state, state.characters[0]) if w.first.kind in (Action.RANGED, Action.AIM)]
    assert shots and {a.target for a in shots} == {"b2"}


def test_walking_away_from_an_armoured_enemy_says_why():
    # A Move at b2 from beside b1 reads as a retreat unless the reason says that b1's
    # half plate stops the knight's great sword.
    state = position([("knight", 0, (9, 1)), ("knight", 1, (9, 2)), ("archer", 1, (2, 9))])
    walk = Write(0, "a1", Act(0, Action.MOVE, "b2"), Condition.REACHED, Act(0, Action.FULL_ATTACK, "b2"),
                 Act(0, Action.MOVE, "b2"))
    assert explain_write(R.view(state, 0), walk) == "closes on b2, 8 squares off: b1's armour stops its blows"
    # Beside an archer it can wound, the walk is only a walk.
    state = position([("knight", 0, (9, 1)), ("archer", 1, (9, 2)), ("archer", 1, (2, 9))])
    assert explain_write(R.view(state, 0), walk) == "closes on b2, 8 squares off; full attack if it reaches"


# Hard's guard (seed: Guard).  a1, a footman (Defense 14 behind his shield while Ready),
# stands beside his archer a2, with a knight a3 (Defense 12); the enemy is out of a
# Charge's reach, so no blow of a1's can land this Round.
GUARDED = [("footman", 0, (5, 2)), ("archer", 0, (5, 1)), ("knight", 0, (6, 1)),
           ("footman", 1, (5, 10)), ("archer", 1, (6, 11)), ("knight", 1, (7, 10))]


@pytest.mark.parametrize("seed", range(3))
def test_hard_guards_its_archer_where_normal_does_not(seed):
    state = position(GUARDED)
    write = _written(state, "hard", seed)
    assert (write.first, write.then, write.otherwise) == (Act(0, Action.GUARD, "a2"),) * 3
    assert _written(state, "normal", seed).first.kind is not Action.GUARD


def test_only_the_best_defended_fighter_guards():
    from core.ai.platemail_targets import aimed, guard

    state = position(GUARDED)
    work = Work(state)
    assert guard(work, state.char("a1")) == "a2"
    assert guard(work, state.char("a3")) is None  # the knight hunts instead
    knight = [a.write.first.kind for a in aimed(state, state.char("a3"), guards=True)]
    assert Action.GUARD not in knight
    # With an enemy he can wound within a Charge, the footman attacks rather than guards.
    near = position(GUARDED[:3] + [("archer", 1, (5, 5))])
    assert Action.GUARD not in [a.write.first.kind for a in aimed(near, near.char("a1"), guards=True)]
    # With no shooter to guard there is no Guard.
    alone = position([GUARDED[0], GUARDED[2]] + GUARDED[3:])
    assert guard(Work(alone), alone.char("a1")) is None


def test_the_guard_says_what_it_does():
    state = position(GUARDED)
    guard_a2 = Act(0, Action.GUARD, "a2")
    write = Write(0, "a1", guard_a2, Condition.HIT, guard_a2, guard_a2)
    assert explain_write(R.view(state, 0), write) == "guards a2: a blow at it must first pass a1's Defense 14"
    # A guard blocks only from beside its charge: one farther off says it closes in first.
    apart = position([("footman", 0, (5, 5))] + GUARDED[1:])
    assert explain_write(R.view(apart, 0), write) == "closes on a2 to guard it, 4 squares off"
