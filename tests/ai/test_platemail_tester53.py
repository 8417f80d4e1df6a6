"""Platemail: what a tester saw the computer write that a beginner would not (round 53).

Hand-built positions (tests/rulesets/platemail/helpers.py), the computer
writing the first character's orders at every level over a few seeds:
- a Heavy Crossbowman shot, then wrote a 2nd shot ("IF an enemy is adjacent
  THEN Fall Back ELSE Ranged Attack", hard: "ranged attack if a1 falls"),
  and the log said the crossbow was not loaded: it needs a Use Item Action
  between shots (seed: Ranged Weapons, Requires Reload; the Heavy Crossbow
  a Complex Reload).  A beginner reloads between shots;
- an entrapped footman (seed: Ranged Weapons, Entraps: Not Ready, cannot
  move until freed by a Use Item Action) was written Moves for eight
  Rounds, the reason saying it "closes on a3, 6 squares off".  A beginner
  frees himself first;
- a Spellcaster holding a Prepared Firebolt with no enemy in sight charged
  with its Staff.  A Release then finds no target (seed: Release Spell;
  Targeting: only enemies in sight); a beginner walks to where one is in
  range and Releases it.
"""

from __future__ import annotations

import pytest

from core.ai import choose
from core.ai.platemail_reasons import explain_write
from core.ai.platemail_templates import blunder, fitting
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.equipment import SPELLS, WEAPONS
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.state import Action, Condition
from tests.rulesets.platemail.helpers import act, order, play, position, text

A, C = Action, Condition
CASES = [(level, seed) for level in ("easy", "normal") for seed in range(5)] + [("hard", seed) for seed in range(2)]
SHOTS = (A.RANGED, A.RAPID_FIRE, A.AIM)  # Actions a crossbow must be loaded for (Aim: for the shot after it)
FREE = Act(0, A.USE_ITEM, "self", item="free")


def written(state, level, seed) -> Write:
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, seed, 0)
    assert isinstance(choice.order, Write), choice.reason
    return choice.order


def defending(state, *writes):
    """The writes, and every enemy Defending all Round."""
    return [*writes, *(order(1, c.id, act(1, "defend")) for c in state.characters if c.side == 1)]


# -- 1. no shot from a crossbow its 1st Action has emptied ------------------------------------------

def crossbowman(gap: int, wielding: str = "heavy-crossbow", **changes):
    """a1, a Crossbowman (Mace carried), a footman ``gap`` cells south of it
    (5: 25 ft, within the crossbow's 30) and an archer across the field."""
    return position([("crossbowman", 0, (5, 2), {"wielding": wielding, **changes}), ("footman", 1, (5, 2 + gap)),
                     ("archer", 1, (9, 11))])


def shoots_empty(write: Write, me) -> bool:
    """Whether an Action of ``write`` shoots (or Aims) a weapon needing a
    reload that will be empty when it runs, worked out here from the seed:
    a shot with it empties it, a reload loads it, a swap changes what is in
    hand (the loaded flag is the character's)."""
    held, loaded = me.wielding, me.loaded
    first = write.first
    if WEAPONS[held].reload and not loaded and first.kind in SHOTS:
        return True
    if first.kind is A.USE_ITEM and first.item == "reload":
        loaded = True
    elif first.kind is A.USE_ITEM and (first.item or "").startswith("swap:"):
        held = first.item[5:]
    elif first.kind in (A.RANGED, A.RAPID_FIRE) and WEAPONS[held].kind == "ranged" and WEAPONS[held].reload:
        loaded = False
    return bool(WEAPONS[held].reload) and not loaded and any(b.kind in SHOTS for b in (write.then, write.otherwise))


def test_the_positions_are_what_they_say():
    me = crossbowman(5).char("a1")
    assert WEAPONS[me.wielding].reload == "complex" and me.loaded and WEAPONS[me.wielding].range_ft == 30
    assert WEAPONS["light-crossbow"].reload == "quick"
    assert entrapped("footman").char("a1").entrapped
    assert behind_a_wall().char("a1").prepared == "firebolt" and SPELLS["firebolt"].range_ft == 30


def test_a_second_shot_after_the_first_is_the_blunder_the_tester_saw():
    # The seed game's Round 1 order, and hard's "ranged attack if a1 falls".
    state = crossbowman(5)
    me = state.char("a1")
    for then, cond in ((Act(0, A.FALL_BACK), C.ENEMY_ADJACENT), (Act(0, A.RANGED, "closest"), C.TARGET_DOWN)):
        twice = Write(0, "a1", Act(0, A.RANGED, "closest"), cond, then, Act(0, A.RANGED, "injured"))
        assert shoots_empty(twice, me)
        assert "empty after the shot" in blunder(twice, me, 5, False, state)
    reload = Write(0, "a1", Act(0, A.RANGED, "closest"), C.ENEMY_ADJACENT, Act(0, A.FALL_BACK),
                   Act(0, A.USE_ITEM, item="reload"))
    assert not shoots_empty(reload, me) and blunder(reload, me, 5, False, state) == ""
    # A bow needs no reload: its second shot is no blunder.
    archer = position([("archer", 0, (5, 2)), ("footman", 1, (5, 7))])
    again = Write(0, "a1", Act(0, A.RANGED, "closest"), C.ENEMY_ADJACENT, Act(0, A.FALL_BACK),
                  Act(0, A.RANGED, "closest"))
    assert blunder(again, archer.char("a1"), 5, False, archer) == ""


@pytest.mark.parametrize(("level", "seed"), CASES)
@pytest.mark.parametrize(("gap", "wielding"), [(5, "heavy-crossbow"), (9, "heavy-crossbow"), (5, "light-crossbow")])
def test_no_shot_is_written_from_a_crossbow_the_first_shot_emptied(level, seed, gap, wielding):
    state = crossbowman(gap, wielding)
    write = written(state, level, seed)
    assert not shoots_empty(write, state.char("a1")), write.to_text()


@pytest.mark.parametrize("state", [crossbowman(5), crossbowman(9), crossbowman(5, "light-crossbow"),
                                   crossbowman(1), crossbowman(5, loaded=False)])
def test_no_shortlisted_order_shoots_an_empty_crossbow(state):
    me = state.char("a1")
    for hard in (False, True):
        for write in fitting(state, me, volleys=hard, guards=hard):
            assert not shoots_empty(write, me), write.to_text()


@pytest.mark.parametrize(("level", "seed"), [("easy", 0), ("normal", 0), ("normal", 1), ("hard", 0)])
def test_the_round_played_out_never_finds_the_crossbow_empty(level, seed):
    state = crossbowman(5)
    write = written(state, level, seed)
    after, events = play(state, defending(state, write))
    said = text(events)
    assert "not loaded" not in said, said
    if write.first.kind is A.RANGED:  # the 2nd Action reloaded it
        assert after.char("a1").loaded, said


def test_a_shot_then_a_reload_says_so():
    state = crossbowman(5)
    shot = next(w for w in fitting(state, state.char("a1")) if w.first.kind is A.RANGED)
    assert shot.otherwise == Act(0, A.USE_ITEM, item="reload")
    said = explain_write(R.view(state, 0), shot)
    assert said.startswith("shoots b1") and "reloads after the shot" in said and len(said) <= 60, said


# -- 2. an entrapped character frees itself ----------------------------------------------------------

def entrapped(who: str, gap: int = 6):
    """a1 (``who``) entrapped by a net, a footman ``gap`` cells south of it
    and an archer across the field."""
    return position([(who, 0, (5, 2), {"entrapped": True}), ("footman", 1, (5, 2 + gap)), ("archer", 1, (9, 11))])


GROUND = (A.MOVE, A.SPRINT, A.FALL_BACK, A.SKULK, A.RESCUE)


def comes_to_nothing(write: Write) -> bool:
    """Whether an entrapped character is written an Action that must cover
    ground (a Charge at anyone not beside it) without freeing itself first
    (the freeing settles as the 1st Phase ends: the 2nd Action may move)."""
    if write.first == FREE:
        return False
    # (a 1st Action Charge is judged by its target's distance, in the test)
    return any(a.kind in GROUND or (a.kind is A.CHARGE and i > 0)
               for i, a in enumerate((write.first, write.then, write.otherwise)))


@pytest.mark.parametrize(("level", "seed"), CASES)
def test_an_entrapped_fighter_with_nobody_near_frees_itself(level, seed):
    state = entrapped("footman")
    write = written(state, level, seed)
    assert write.first == FREE, write.to_text()


@pytest.mark.parametrize(("level", "seed"), CASES)
@pytest.mark.parametrize(("who", "gap"), [("footman", 1), ("crossbowman", 6), ("crossbowman", 1), ("archer", 6)])
def test_an_entrapped_character_is_written_no_move(level, seed, who, gap):
    state = entrapped(who, gap)
    write = written(state, level, seed)
    assert not comes_to_nothing(write), write.to_text()
    if write.first.kind is A.CHARGE:
        assert gap == 1, write.to_text()  # a Charge from beside its target strikes without a step


def test_freed_in_the_1st_phase_it_walks_in_the_2nd():
    state = entrapped("footman")
    write = next(w for w in fitting(state, state.char("a1")) if w.first == FREE and w.otherwise.kind is A.MOVE)
    after, events = play(state, defending(state, write))
    a1 = after.char("a1")
    assert not a1.entrapped, text(events)
    assert a1.pos != (5, 2) and abs(a1.pos[1] - 8) < 6, text(events)  # closer to the footman at 5,8


def test_the_reason_never_says_an_entrapped_character_closes_in():
    state = entrapped("footman")
    view = R.view(state, 0)
    walk = Write(0, "a1", Act(0, A.MOVE, "closest"), C.REACHED, Act(0, A.FULL_ATTACK, "closest"),
                 Act(0, A.MOVE, "closest"))
    said = explain_write(view, walk)
    assert "closes on" not in said and "cannot move" in said, said
    free = next(w for w in fitting(state, state.char("a1")) if w.first == FREE)
    assert explain_write(view, free).startswith("frees itself")


# -- 3. a Prepared Firebolt is walked in and Released, not wasted -------------------------------------

WALL = ["." * 12] * 4 + ["..######...."] + ["." * 12] * 7  # a wall (blocks sight) across row 4


def behind_a_wall():
    """a1, a Spellcaster with Firebolt Prepared; a footman 20 ft off (within
    Firebolt's 30) behind a wall, and an archer across the field: nobody in
    sight."""
    return position([("spellcaster", 0, (5, 2), {"prepared": "firebolt"}), ("footman", 1, (5, 6)),
                     ("archer", 1, (10, 11))], WALL)


@pytest.mark.parametrize(("level", "seed"), CASES)
def test_a_prepared_firebolt_with_nobody_in_sight_is_carried_in_and_released(level, seed):
    write = written(behind_a_wall(), level, seed)
    assert write.first.kind is not A.RELEASE, write.to_text()  # it would find no target
    assert A.RELEASE in (write.then.kind, write.otherwise.kind), write.to_text()


def test_a_release_with_nobody_in_sight_is_a_blunder_but_not_one_past_range():
    state = behind_a_wall()
    release = Write(0, "a1", Act(0, A.RELEASE, "closest"), C.ENEMY_ADJACENT, Act(0, A.FULL_ATTACK, "closest"),
                    Act(0, A.DEFEND))
    assert "nobody in sight" in blunder(release, state.char("a1"), 4, False, state)
    # 45 ft off in the open: past Firebolt's 30 ft, within four times it (-2): it is Released.
    open_field = position([("spellcaster", 0, (5, 1), {"prepared": "firebolt"}), ("footman", 1, (5, 10))])
    assert blunder(release, open_field.char("a1"), 9, False, open_field) == ""
    firsts = [w.first.kind for w in fitting(open_field, open_field.char("a1"))]
    assert firsts[0] is A.RELEASE and A.MOVE in firsts  # or walk in first: the search weighs both


def test_walked_in_the_firebolt_is_released_in_the_2nd_phase():
    state = behind_a_wall()
    write = written(state, "normal", 0)
    after, events = play(state, defending(state, write))
    assert after.char("a1").prepared is None, text(events)  # Released at b1, once in sight
    said = explain_write(R.view(state, 0), write)
    assert said.startswith("walks in with Firebolt Prepared") and len(said) <= 60, said
