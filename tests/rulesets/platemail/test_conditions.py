"""IF/ELSE branch selection for every condition, and general targets."""

import pytest

from core.rulesets.platemail.senses import Work, resolve_target
from core.rulesets.platemail.state import Status

from .helpers import act, order, play, position


def second_action(events, unit):
    taken = [e for e in events if type(e).__name__ == "ActionTaken" and e.unit == unit]
    return taken[1]


def branch(state, first, cond, dice=(), others=()):
    w = order(0, "a1", first, cond, act(0, "aim"), act(0, "defend"))
    _, ev = play(state, [w, *others], dice=dice)
    taken = second_action(ev, "a1")
    assert ("THEN" in taken.why) == taken.action.startswith("Aim")
    assert taken.branch == ("then" if taken.action.startswith("Aim") else "else")
    return taken.action.startswith("Aim")


FAR = [("archer", 0, (5, 2)), ("footman", 1, (5, 9))]


def test_reached():
    assert branch(position(FAR), act(0, "move", to=(5, 4)), "reached")
    assert not branch(position(FAR), act(0, "move", to=(5, 8)), "reached")


def test_target_down_and_hit():
    st = position([("archer", 0, (5, 2)), ("spellcaster", 1, (5, 7), {"wounds": 3})])
    assert branch(st, act(0, "ranged-attack", "b1"), "target-down", dice=(18,))
    assert not branch(st, act(0, "ranged-attack", "b1"), "target-down", dice=(2,))
    st = position([("spellcaster", 0, (5, 7)), ("archer", 1, (5, 2))])
    shot = order(1, "b1", act(1, "ranged-attack", "a1"))
    assert branch(st, act(0, "defend"), "hit", dice=(18,), others=[shot])
    assert not branch(st, act(0, "defend"), "hit", dice=(2,), others=[shot])


def test_enemy_adjacent():
    assert branch(position([("footman", 0, (5, 5)), ("footman", 1, (5, 6))]), act(0, "defend"), "enemy-adjacent")
    assert not branch(position(FAR), act(0, "defend"), "enemy-adjacent")


def test_in_range_uses_the_weapon_range():
    # Long bow Range 30' = 6 cells.
    assert branch(position([("archer", 0, (5, 2)), ("footman", 1, (5, 8))]), act(0, "aim", "b1"), "in-range")
    assert not branch(position([("archer", 0, (5, 0)), ("footman", 1, (5, 11))]), act(0, "aim", "b1"), "in-range")


def test_a_shot_beyond_range_is_possible_but_not_within_range_and_the_log_says_how_far():
    """Issue 12 saw "IF my target is in range -> false" for an archer that had
    just shot the same target, neither moving.  Not a rules bug: the shot
    was beyond the bow's Range (allowed up to four Range increments, at -2
    each past the first), and the condition means within Range.  The log
    now says how far the target was and what Range it was measured against."""
    st = position([("archer", 0, (5, 0)), ("footman", 1, (5, 7))])  # 7 cells = 35'
    w = order(0, "a1", act(0, "ranged-attack", "b1"), "in-range", act(0, "aim", "b1"), act(0, "defend"))
    _, ev = play(st, [w], dice=(2, 2, 2, 2))
    shots = [e for e in ev if type(e).__name__ == "AttackMade" and e.attacker == "a1"]
    assert shots, "the archer shot b1 in the 1st Phase"
    taken = second_action(ev, "a1")
    assert taken.action.startswith("Defend")
    assert taken.why == "IF my target is within Range (b1 35' away, Range 30'): false, ELSE"


def test_an_if_that_decides_nothing_is_logged_as_such():
    """THEN and ELSE the same Action: the 2nd Action is that one whatever
    the condition, and the log says so rather than naming a branch: THEN
    and ELSE alike, whatever the IF found."""
    d = act(0, "defend")
    w = order(0, "a1", d, "hit", d, d)
    _, ev = play(position(FAR), [w], dice=())
    taken = second_action(ev, "a1")
    assert taken.action.startswith("Defend")
    assert taken.why == "THEN and ELSE alike, whatever IF I was hit found"
    assert taken.sentence == "a1: Defend [R] (THEN and ELSE alike, whatever IF I was hit found)"
    assert taken.branch == "either"


def test_a_character_without_orders_says_so():
    _, ev = play(position(FAR), [], dice=())
    taken = [e for e in ev if type(e).__name__ == "ActionTaken" and e.unit == "a1"]
    assert taken and all(e.why == "no orders were written: Defends all Round" for e in taken)
    assert all(e.branch == "none" for e in taken)


def test_visible():
    rows = ["." * 12] * 12
    rows[5] = "############"
    assert branch(position(FAR), act(0, "aim", "b1"), "visible")
    assert not branch(position(FAR, rows=rows), act(0, "aim", "b1"), "visible")


def test_ally_down_wounded_and_spell_ready():
    down = ("footman", 0, (1, 1), {"status": Status.STABLE, "wounds": 4})
    assert branch(position(FAR + [down]), act(0, "defend"), "ally-down")
    assert not branch(position(FAR), act(0, "defend"), "ally-down")
    assert branch(position([("archer", 0, (5, 2), {"wounds": 1}), FAR[1]]), act(0, "defend"), "wounded")
    assert not branch(position(FAR), act(0, "defend"), "wounded")
    caster = [("spellcaster", 0, (5, 2)), FAR[1]]
    assert branch(position(caster), act(0, "prepare-spell", spell="firebolt"), "spell-ready")
    assert not branch(position(caster), act(0, "defend"), "spell-ready")


@pytest.mark.parametrize("spec, expected", [
    ("closest", "b1"), ("injured", "b2"), ("biggest", "b3"), ("ally", "a2"), ("ally-injured", "a3"),
    ("ally-down", "a4"), ("self", "a1"), ("b2", "b2"),
])
def test_general_targets(spec, expected):
    st = position([
        ("footman", 0, (5, 5)), ("footman", 0, (5, 4)), ("footman", 0, (1, 1), {"wounds": 2}),
        ("footman", 0, (9, 1), {"status": Status.DYING, "wounds": 4}),
        ("footman", 1, (5, 7)), ("footman", 1, (2, 9), {"wounds": 1}), ("footman", 1, (9, 9), {"max_wounds": 5}),
    ])
    work = Work(st)
    assert resolve_target(work, work.chars["a1"], spec) == expected
