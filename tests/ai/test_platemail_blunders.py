"""Platemail: orders a beginner would not write (issue 31).

Hand-built positions (tests/rulesets/platemail/helpers.py), the computer
writing the first character's orders at every level over a few seeds:
- beside an enemy, a first Action that moves to the closest hostile goes
  nowhere and gives up the attack (*Movement*: a move ends beside its
  target);
- a heavy crossbow that is not loaded cannot shoot (*Reloading*);
- a spellcaster's Full Attack with no enemy within reach strikes nobody.
"""

from __future__ import annotations

import pytest

from core.ai import choose
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.orders import Write
from core.rulesets.platemail.senses import weapon
from core.rulesets.platemail.state import Action, Condition
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
