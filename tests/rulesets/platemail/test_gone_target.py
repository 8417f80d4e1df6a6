"""A written order naming a character who can no longer be its target
(dead, an enemy out of the fight, gone from the battlefield) is found by
``checks.gone_target``, the core's reading the order screen's `a` key
uses; general targets and living fighters are never "gone"."""

from __future__ import annotations

from core.rulesets.platemail.checks import gone_target
from core.rulesets.platemail.state import Status

from .helpers import act, order, position

PLACES = [("footman", 0, (2, 2)), ("archer", 0, (3, 2)), ("footman", 1, (2, 8)), ("archer", 1, (3, 8))]


def _shoot_b2(state):
    return order(0, "a2", act(0, "ranged-attack", target="b2"))


def test_a_living_target_and_a_general_one_are_not_gone():
    state = position(PLACES)
    assert gone_target(state, _shoot_b2(state)) is None
    assert gone_target(state, order(0, "a2", act(0, "ranged-attack", target="closest"))) is None


def test_a_dead_or_fallen_target_is_gone_with_the_reason():
    state = position([*PLACES[:3], ("archer", 1, (3, 8), {"status": Status.DEAD})])
    assert gone_target(state, _shoot_b2(state)) == "a2's orders named b2, who is dead: write them again"
    state = position([*PLACES[:3], ("archer", 1, (3, 8), {"status": Status.DYING})])
    assert "who is out of the fight (dying)" in gone_target(state, _shoot_b2(state))
