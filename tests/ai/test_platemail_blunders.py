"""Platemail: orders a beginner would not write (issue 31).

Hand-built positions (tests/rulesets/platemail/helpers.py), the computer
writing the first character's orders at every level over a few seeds:
- beside an enemy, a first Action that moves to the closest hostile goes
  nowhere and gives up the attack (*Movement*: a move ends beside its
  target);
- a heavy crossbow that is not loaded cannot shoot (*Reloading*);
- a spellcaster's Full Attack with no enemy within reach strikes nobody;
- a Stabilize reaches only a fallen ally beside the character (it covers
  no ground): with the ally across the field it does nothing (in eight
  bench games of hard against normal, every one of the 14 Stabilizes
  written was of this kind).
"""

from __future__ import annotations

import pytest

from core.ai import choose, knowledge_for
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.senses import weapon
from core.rulesets.platemail.state import Action, Condition, Status
from tests.rulesets.platemail.helpers import position

CASES = [(level, seed) for level in ("easy", "normal") for seed in range(5)] + [("hard", seed) for seed in range(2)]


def written(state, level, seed) -> Write:
    legal = R.legal_orders(state, 0)
    choice = choose(R, R.view(state, 0), 0, legal, level, seed, 0)
    assert isinstance(choice.order, Write), choice.reason
    return choice.order


def beside_an_enemy():
    return position([("footman", 0, (5, 5)), ("footman", 1, (5, 6)), ("archer", 1, (9, 10))])


def unloaded_crossbow():
    return position([("crossbowman", 0, (5, 2), {"loaded": False}), ("footman", 1, (5, 7))])


def caster_out_of_reach(prepared=None):
    return position([("spellcaster", 0, (5, 2), {"prepared": prepared}), ("footman", 1, (5, 8)),
                     ("footman", 1, (2, 9))])


BLEEDING = {"status": Status.DYING, "wounds": 4, "dying_rounds": 2, "prone": True}


def fallen_ally_far_off(beside_an_enemy: bool):
    """a1 (a footman) and its archer a2 bleeding out four squares away,
    with an enemy knight beside a1 or three squares off."""
    knight = (5, 6) if beside_an_enemy else (5, 8)
    return position([("footman", 0, (5, 5)), ("archer", 0, (1, 5), BLEEDING), ("knight", 1, knight),
                     ("footman", 1, (9, 10))])


def fallen_ally_beside():
    return position([("footman", 0, (5, 5)), ("archer", 0, (4, 5), BLEEDING), ("footman", 1, (9, 10))])


def full_attack_with_nobody_near(write: Write) -> bool:
    """A Full Attack that runs while no enemy is adjacent: first, or in a
    branch not gated on an enemy being adjacent (the ELSE of
    'enemy-adjacent', either branch of any other condition), after a first
    Action that does not close in."""
    if write.first.kind is Action.FULL_ATTACK:
        return True
    if write.first.kind in (Action.CHARGE, Action.MOVE, Action.SPRINT, Action.SKULK):
        return False
    branches = [write.otherwise] if write.condition is Condition.ENEMY_ADJACENT else [write.then, write.otherwise]
    return any(b.kind is Action.FULL_ATTACK for b in branches)


def test_the_positions_are_what_they_say():
    state = unloaded_crossbow()
    me = state.char("a1")
    assert weapon(me).reload == "complex" and not me.loaded
    caster = caster_out_of_reach().char("a1")
    assert caster.spells


@pytest.mark.parametrize(("level", "seed"), CASES)
def test_no_move_to_the_closest_hostile_while_beside_one(level, seed):
    write = written(beside_an_enemy(), level, seed)
    assert not (write.first.kind is Action.MOVE and write.first.target == "closest"), write.to_text()


@pytest.mark.parametrize(("level", "seed"), CASES)
def test_an_unloaded_crossbow_is_not_fired(level, seed):
    write = written(unloaded_crossbow(), level, seed)
    assert write.first.kind not in (Action.RANGED, Action.RAPID_FIRE, Action.AIM), write.to_text()


@pytest.mark.parametrize(("level", "seed"), CASES)
@pytest.mark.parametrize("prepared", [None, "firebolt"])
def test_a_caster_takes_no_full_attack_with_nobody_in_reach(level, seed, prepared):
    write = written(caster_out_of_reach(prepared), level, seed)
    assert not full_attack_with_nobody_near(write), write.to_text()


@pytest.mark.parametrize(("level", "seed"), CASES)
@pytest.mark.parametrize("enemy_beside", [True, False])
def test_no_stabilize_of_an_ally_out_of_reach(level, seed, enemy_beside):
    write = written(fallen_ally_far_off(enemy_beside), level, seed)
    assert write.first.kind is not Action.STABILIZE, write.to_text()


def test_a_stabilize_within_reach_stays_on_the_menu():
    # The template is still offered (and allowed) when the ally lies beside a1.
    from core.ai.platemail_templates import fitting
    for state, offered in ((fallen_ally_beside(), True), (fallen_ally_far_off(False), False)):
        kinds = [w.first.kind for w in fitting(state, state.char("a1"))]
        assert (Action.STABILIZE in kinds) is offered


def test_the_reason_for_a_stabilize_out_of_reach_says_it_does_nothing():
    far, near = fallen_ally_far_off(False), fallen_ally_beside()
    stabilize = Write(0, "a1", Act(0, Action.STABILIZE, "ally-down"), Condition.WOUNDED,
                      Act(0, Action.FALL_BACK), Act(0, Action.DEFEND))
    explain = knowledge_for(R).explain
    assert "a2 is out of reach: the Stabilize does nothing" in explain(R.view(far, 0), 0, stabilize)
    assert "stabilizes a2" in explain(R.view(near, 0), 0, stabilize)
