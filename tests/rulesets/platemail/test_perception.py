"""IF conditions are judged from what the character perceives (issue 11,
point 3).  Seed, IF ELSE Clause: conditions rest on "what your
Character can perceive".  Each case is run twice: with a clear line of
sight the condition holds, and with a wall (Concealed) or a skulker the
character is Unaware of, it does not."""

from core.rulesets.platemail.state import Status

from .helpers import act, order, play, position

WALL = ["." * 12] * 5 + ["############"] + ["." * 12] * 6
DOWN = {"wounds": 4, "status": Status.DYING, "dying_rounds": 3, "prone": True}


def then_fired(state, unit, first, cond, others=(), dice=()):
    side = state.char(unit).side
    w = order(side, unit, first, cond, act(side, "aim", "closest"), act(side, "defend"))
    _, events = play(state, [w, *others], dice=dice)
    taken = [e for e in events if type(e).__name__ == "ActionTaken" and e.unit == unit][1]
    return "true, THEN" in taken.why


def test_target_down_needs_the_fallen_target_in_sight():
    placed = [("archer", 0, (5, 2)), ("footman", 1, (5, 9), DOWN), ("footman", 1, (0, 11))]
    assert then_fired(position(placed), "a1", act(0, "aim", "b1"), "target-down")
    assert not then_fired(position(placed, rows=WALL), "a1", act(0, "aim", "b1"), "target-down")


def test_ally_down_needs_the_fallen_ally_in_sight():
    placed = [("footman", 0, (5, 2)), ("footman", 0, (5, 9), DOWN), ("footman", 1, (0, 11))]
    assert then_fired(position(placed), "a1", act(0, "defend"), "ally-down")
    assert not then_fired(position(placed, rows=WALL), "a1", act(0, "defend"), "ally-down")


def test_in_range_needs_the_target_in_sight():
    placed = [("archer", 0, (5, 2)), ("footman", 1, (5, 7))]  # Long bow: 6 cells
    assert then_fired(position(placed), "a1", act(0, "aim", "b1"), "in-range")
    assert not then_fired(position(placed, rows=WALL), "a1", act(0, "aim", "b1"), "in-range")


def test_in_range_and_reached_fail_for_a_skulker_the_character_is_unaware_of():
    # b1 stands hidden (Stealth 25) in a hedge next to a1, and stays hidden
    # through the 1st Phase (it ends it in Cover); a1's passive Perception is 11.
    hedge = ["." * 12] * 6 + [".....h......"] + ["." * 12] * 5
    placed = [("footman", 0, (5, 5)), ("rogue", 1, (5, 6), {"hidden": True, "stealth_roll": 25})]
    seen = [("footman", 0, (5, 5)), ("rogue", 1, (5, 6))]
    for first, cond in ((act(0, "defend", "b1"), "in-range"), (act(0, "move", "b1"), "reached")):
        assert then_fired(position(seen, rows=hedge), "a1", first, cond)
        assert not then_fired(position(placed, rows=hedge), "a1", first, cond)
