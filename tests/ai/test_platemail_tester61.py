"""Platemail: what a tester saw the computer waste at hard and easy.

- Hard's archer wrote a Ranged Attack as both Actions with every enemy
  behind a wall: a shot's target is taken as its Phase begins, among the
  enemies in sight only (seed: Targeting; Ranged Attack), so the log said
  "has no target: no enemy in sight" twice, and its reason named no fact
  ("the best of 3 orders its search tried").  It walks to where it can
  shoot instead, and says whom it heads for.
- A spellcaster wrote Defend, else Counter the closest hostile, with every
  enemy beyond a Charge: nobody came, so neither Action did anything
  (seed: Defend's Disfavor is on melee blows; Counter strikes only an
  enemy within reach).
- Easy placed its archer on the front row of its zone, the first a
  Charge or a thrown Javelin reaches: a beginner keeps an archer back.
"""

from __future__ import annotations

import pytest

from core.ai import choose
from core.ai.platemail_templates import blunder
from core.deployment import Deploy
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.state import Action, Condition, Write
from tests.rulesets.platemail.helpers import act, order, position

A = Action
LEVELS = [(level, seed) for level in ("easy", "normal", "hard") for seed in range(4)]
SHOTS = (A.RANGED, A.RAPID_FIRE)
# A wall across the battlefield with a gap at its east end: the two zones cannot see each other.
WALLED = ["." * 12] * 4 + ["#" * 10 + ".."] + ["." * 12] * 7


def archer_behind_a_wall():
    """a1, an archer (Long Bow) at 5,1, with b1 and b2 beyond the wall."""
    return position([("archer", 0, (5, 1)), ("footman", 0, (1, 1)), ("footman", 1, (5, 8)), ("knight", 1, (2, 9))],
                    WALLED)


def archer_in_the_open():
    return position([("archer", 0, (5, 1)), ("footman", 0, (1, 1)), ("footman", 1, (5, 8)), ("knight", 1, (2, 9))])


def caster_far_from_everyone(prepared=None):
    """a1, a spellcaster (Staff), nine squares from the closest enemy."""
    return position([("spellcaster", 0, (5, 1), {"prepared": prepared}), ("footman", 0, (7, 1)),
                     ("footman", 1, (5, 10)), ("knight", 1, (2, 11))])


def choice(state, level, seed):
    return choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, seed, 0)


def written(state, level, seed) -> Write:
    found = choice(state, level, seed)
    assert isinstance(found.order, Write), found.reason
    return found.order


def test_the_positions_are_what_they_say():
    from core.rulesets.platemail.senses import Work, resolve_target
    walled, open_ = archer_behind_a_wall(), archer_in_the_open()
    assert resolve_target(Work(walled), walled.char("a1"), "closest") is None  # nobody in sight
    assert resolve_target(Work(open_), open_.char("a1"), "closest") == "b1"
    # The Round itself: a 1st-Action shot from behind the wall finds no target.
    from tests.rulesets.platemail.helpers import play, text
    shot = order(0, "a1", act(0, "ranged-attack", "closest"), "enemy-adjacent", act(0, "fall-back"),
                 act(0, "ranged-attack", "closest"))
    _, events = play(walled, [shot])
    assert "a1 has no target: no enemy in sight" in text(events)


@pytest.mark.parametrize(("level", "seed"), LEVELS)
def test_no_shot_with_nobody_in_sight(level, seed):
    write = written(archer_behind_a_wall(), level, seed)
    assert write.first.kind not in (*SHOTS, A.AIM), write.to_text()
    if write.first.kind not in (A.MOVE, A.SPRINT, A.SKULK):  # a 2nd shot may count on a walk only
        assert not any(b.kind in SHOTS for b in (write.then, write.otherwise)), write.to_text()


@pytest.mark.parametrize(("level", "seed"), LEVELS)
def test_it_walks_to_where_it_can_shoot_and_says_so(level, seed):
    found = choice(archer_behind_a_wall(), level, seed)
    assert found.order.first.kind is A.MOVE, found.reason
    assert "the best of" not in found.reason and "heads for b1, out of sight" in found.reason, found.reason


def test_a_shooter_in_sight_still_shoots():
    write = written(archer_in_the_open(), "normal", 0)
    assert write.first.kind in (*SHOTS, A.AIM), write.to_text()


def test_blind_shots_are_told_apart_from_those_that_may_find_a_target():
    from core.ai.platemail_targets import blind_shot  # (new with the fix: imported here, the rest runs without)

    walled, open_ = archer_behind_a_wall(), archer_in_the_open()
    me = walled.char("a1")
    ranged, move = act(0, "ranged-attack", "closest"), act(0, "move", "closest")
    first_shot = order(0, "a1", ranged, "enemy-adjacent", act(0, "fall-back"), ranged)
    potion_then = order(0, "a1", act(0, "use-item", item="potion"), "hit", ranged, ranged)
    walk_then = order(0, "a1", move, "visible", ranged, move)
    aim_gated = order(0, "a1", act(0, "defend"), "visible", ranged, move)
    assert "no enemy in sight of a1" in blind_shot(walled, me, first_shot)
    assert "no enemy in sight of a1" in blind_shot(walled, me, potion_then)  # it stays where it cannot see
    assert blind_shot(walled, me, walk_then) == ""  # the 2nd shot counts on the walk
    assert blind_shot(walled, me, aim_gated) == ""  # THEN only if b1 is seen; ELSE walks
    assert blind_shot(open_, open_.char("a1"), first_shot) == ""
    # A target named by id behind the wall cannot be shot at either.
    named = order(0, "a1", act(0, "ranged-attack", "b1"), "hit", move, move)
    assert "b1 is not in sight of a1" in blind_shot(walled, me, named)
    assert blunder(first_shot, me, 7, False, walled)


@pytest.mark.parametrize(("level", "seed"), LEVELS)
@pytest.mark.parametrize("prepared", [None, "firebolt"])
def test_a_caster_defends_only_where_a_blow_can_come(level, seed, prepared):
    write = written(caster_far_from_everyone(prepared), level, seed)
    assert write.first.kind is not A.DEFEND, write.to_text()


def test_a_caster_with_an_enemy_within_a_charge_may_still_defend():
    state = position([("spellcaster", 0, (5, 1)), ("footman", 1, (5, 4))])
    me = state.char("a1")
    defend = Write(0, "a1", act(0, "defend"), Condition.WOUNDED, act(0, "fall-back"), act(0, "counter", "closest"))
    assert blunder(defend, me, 3, False, state) == ""
    far = caster_far_from_everyone()
    assert "its Defend meets no blow" in blunder(defend, far.char("a1"), 9, False, far)


def deploying(level, seed):
    """The bench's battlefield and roster (footman, archer, knight a side),
    both sides deployed by the computer at ``level``."""
    from bench.games import battlefield_for
    from bench.strength import options_for
    state, _ = R.setup(options_for(R), battlefield_for(R), seed, ("North", "South"))
    reasons = []
    while state.stage == "deploy":
        side = state.deploying
        found = choose(R, R.view(state, side), side, R.legal_orders(state, side), level, seed, 0)
        if isinstance(found.order, Deploy):
            reasons.append(found.reason)
        state, _ = R.apply(state, found.order)
    return state, reasons


@pytest.mark.parametrize(("level", "seed"), [("easy", s) for s in range(3)] + [("normal", 0), ("hard", 0)])
def test_the_archer_deploys_on_the_back_row(level, seed):
    state, reasons = deploying(level, seed)
    bf = state.battlefield
    for side in (0, 1):
        rows = {cell[1] for cell in bf.zone_cells(side)}
        back = min(rows) if side == 0 else max(rows)  # side 0's zone is the north edge, side 1's the south
        archer = next(c for c in state.characters if c.side == side and c.archetype == "archer")
        assert archer.pos is not None and archer.pos[1] == back, (side, archer.pos)
    assert any("on the back row" in r for r in reasons), reasons
