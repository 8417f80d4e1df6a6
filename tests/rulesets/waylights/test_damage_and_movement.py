"""Damage ladder, wounds on rolls, movement, the step and reloading."""

import pytest

from core.rulesets.waylights.combat import wounds_for
from core.rulesets.waylights.movement import reachable
from tests.rulesets.waylights.helpers import do, position, rejected, results, rolls, script

FAR = ("b9", 1, "mook", (9, 9))


@pytest.mark.parametrize("margin,expected", [
    (-5, -1), (-1, -1),          # negative: defended, nothing happens
    (0, 0), (1, 0), (3, 0),      # up to Threshold 3: glancing
    (4, 1), (6, 1),              # above T: one wound; exactly 2T is still one
    (7, 2), (9, 2),              # above 2T: two
    (10, 3), (12, 3), (13, 4),   # above 3T: three, and so on
])
def test_damage_ladder_at_each_threshold_multiple(margin, expected):
    assert wounds_for(margin, 3) == expected


def test_glancing_hit_is_tracked_without_a_wound():
    # Fighter attack +5 vs Mook defence +2, Threshold 2: dice 1 vs 1,1 -> 6 - 4 = 2: glancing.
    s = position([("a1", 0, "fighter", (2, 2), dict(split=1)), ("b1", 1, "mook", (3, 2)), FAR], "a1",
                 counter_used=True)
    s = script(s, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    (r,) = results(ev)
    assert (r.margin, r.threshold, r.wounds) == (2, 2, 0)
    assert "glancing" in r.sentence
    assert s.get("b1").glances == 1 and s.get("b1").wounds == 0


def test_wounds_are_subtracted_from_attack_and_defence_rolls():
    s = position([("a1", 0, "fighter", (2, 2), dict(split=2, wounds=2)), ("b1", 1, "mook", (3, 2), dict(wounds=1)),
                  FAR], "a1", counter_used=True)
    s = script(s, 3, 3, 3, 3)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    a, d = rolls(ev)
    assert ("wounds", -2) in a.modifiers and a.total == 6 + 5 - 2
    assert ("wounds", -1) in d.modifiers and d.total == 6 + 2 - 1
    assert "wounds" in a.sentence and "sword" in a.sentence


def test_diagonal_steps_cost_two_on_the_square_grid():
    s = position([("a1", 0, "fighter", (0, 0)), FAR], "a1")
    costs = reachable(s, "a1", 6)
    assert costs[(1, 1)] == 2 and costs[(3, 3)] == 6 and costs[(6, 0)] == 6 and costs[(2, 1)] == 3
    assert (4, 4) not in costs and (4, 3) not in costs
    s, _ = do(s, "move side=0 unit=a1 to=3,3")
    s = position([("a1", 0, "fighter", (0, 0)), FAR], "a1")
    assert rejected(s, "split-move side=0 unit=a1 to=2,2") == "unreachable"  # half of 6 is 3, this costs 4
    s, _ = do(s, "split-move side=0 unit=a1 to=1,1")


def test_mud_costs_double_and_walls_block():
    rows = [".~........", "#.........", ] + [".........."] * 8
    s = position([("a1", 0, "fighter", (0, 0)), FAR], "a1", rows=rows)
    costs = reachable(s, "a1", 6)
    assert costs[(1, 0)] == 2 and (0, 1) not in costs


def test_range_one_melee_cannot_reach_diagonally_but_reach_two_can():
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (3, 3)), FAR], "a1")
    assert rejected(s, "attack side=0 unit=a1 target=b1") == "out-of-reach"
    s = position([("a1", 0, "spear", (2, 2)), ("b1", 1, "mook", (3, 3)), FAR], "a1")
    s = script(s, 1, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    # The spear reaches; the mook's club cannot answer diagonally, so no choice is asked.
    assert s.pending == "" and len(results(ev)) == 1


def test_free_step_after_split_move_but_not_after_move():
    s = position([("a1", 0, "fighter", (2, 2)), FAR], "a1")
    s, _ = do(s, "split-move side=0 unit=a1 to=2,4")
    s, _ = do(s, "step side=0 unit=a1 to=2,5")
    assert s.actions == 1 and s.stepped
    assert rejected(s, "step side=0 unit=a1 to=2,6") == "stepped"
    s = position([("a1", 0, "fighter", (2, 2)), FAR], "a1")
    assert rejected(s, "step side=0 unit=a1 to=3,3") == "bad-step"  # a diagonal costs 2
    s, _ = do(s, "move side=0 unit=a1 to=2,5")
    assert rejected(s, "step side=0 unit=a1 to=2,6") == "moved"


def test_two_moves_end_the_turn_with_no_step():
    s = position([("a1", 0, "fighter", (2, 2)), ("a2", 0, "fighter", (5, 2)), FAR], "a1")
    s, _ = do(s, "move side=0 unit=a1 to=2,5")
    s, _ = do(s, "move side=0 unit=a1 to=2,7")
    assert s.active == "a2" and s.pending == "split"


def test_fire_then_reload_and_the_full_turn_clip_change():
    s = position([("a1", 0, "archer", (2, 2), dict(split=2)), ("b1", 1, "fighter", (2, 7)), FAR], "a1")
    s = script(s, 1, 1, 1, 1)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    a1 = s.get("a1")
    assert a1.primed[0] is False and a1.ammo[0] == 3  # the round fired was one of the hopper's four
    assert rejected(s, "attack side=0 unit=a1 target=b1") == "out-of-reach"  # not primed
    s, _ = do(s, "reload side=0 unit=a1")
    assert s.get("a1").primed[0] and s.get("a1").ammo[0] == 3  # priming readies a round, spent when fired
    # Out of pellets: replace the hopper, then prime: both Actions.
    s = position([("a1", 0, "archer", (2, 2), dict(primed=(False, False), ammo=(0, 0))),
                  ("a2", 0, "fighter", (5, 2)), FAR], "a1")
    assert rejected(s, "reload side=0 unit=a1") == "empty"
    s, _ = do(s, "clip side=0 unit=a1")
    assert s.get("a1").ammo[0] == 4 and s.get("a1").spares[0] == 1
    s, _ = do(s, "reload side=0 unit=a1")
    assert s.get("a1").primed[0] and s.get("a1").ammo[0] == 4
    # The whole turn, with no step left (issue 26): it passes to a2.
    assert s.active == "a2"


def test_self_priming_pistol_fires_twice():
    s = position([("a1", 0, "thug", (2, 2), dict(split=2)), ("b1", 1, "fighter", (2, 6)), FAR], "a1")
    s = script(s, 1, 1, 1, 1, 1, 1, 1, 1)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.get("a1").ammo[0] == 4


def test_change_weapon_is_one_action():
    s = position([("a1", 0, "archer", (2, 2)), FAR], "a1")
    s, _ = do(s, "wield side=0 unit=a1 weapon=knife")
    assert s.get("a1").weapon.name == "knife" and s.actions == 1
    assert rejected(s, "wield side=0 unit=a1 weapon=knife") == "wielded"
