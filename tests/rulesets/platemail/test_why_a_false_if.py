"""Why? on an ELSE says why its IF was false (a tester: "b2: Ranged Attack
a2 (IF my target is visible (a3): false, ELSE)" gave no reason; a3 stood
Concealed behind the barn).  Seed: IF ELSE Clause -- an IF is judged only
from what the character perceives; Cover and Concealment."""

from __future__ import annotations

from core.rulesets.platemail.events import ActionTaken
from core.rulesets.platemail.explain import explain

from .helpers import act, order, play, position

# A wall (blocks sight) across the field between row 3 and row 8.
WALLED = ["." * 12] * 5 + ["#" * 12] + ["." * 12] * 6


def why_of_second(events, unit: str) -> list[str]:
    index = max(i for i, e in enumerate(events) if isinstance(e, ActionTaken) and e.unit == unit)
    return explain(events, index)[0]


def test_a_target_behind_a_wall_makes_if_visible_false_and_why_says_so():
    st = position([("archer", 0, (5, 3)), ("footman", 1, (5, 8))], rows=WALLED)
    _, events = play(st, [order(0, "a1", act(0, "defend"), "visible",
                                act(0, "ranged-attack", "b1"), act(0, "defend"))], dice=(10,) * 8)
    second = [e for e in events if isinstance(e, ActionTaken) and e.unit == "a1"][-1]
    assert second.branch == "else" and second.condition == "my target is visible (b1)"
    lines = why_of_second(events, "a1")
    because = [line for line in lines if line.startswith("False because:")]
    assert because and "a1 could not see b1" in because[0] and "Concealed" in because[0], lines


def test_a_target_beyond_range_is_said_with_the_distance():
    """The log measured it (corner to corner, 11 diagonal steps of 5'):
    the Why? says which it was, beyond the Range, not out of sight."""
    st = position([("archer", 0, (0, 0)), ("footman", 1, (11, 11))])
    _, events = play(st, [order(0, "a1", act(0, "defend"), "in-range",
                                act(0, "ranged-attack", "b1"), act(0, "defend"))], dice=(10,) * 8)
    second = [e for e in events if isinstance(e, ActionTaken) and e.unit == "a1"][-1]
    assert second.branch == "else" and second.condition.startswith("my target is within Range (b1 55' away")
    because = [line for line in why_of_second(events, "a1") if line.startswith("False because:")]
    assert because == ["False because: b1 was 55' away, beyond the Range of 30'"]  # the log's own measure


def test_a_then_says_nothing_of_false():
    st = position([("archer", 0, (5, 3)), ("footman", 1, (5, 8))])
    _, events = play(st, [order(0, "a1", act(0, "defend"), "visible",
                                act(0, "ranged-attack", "b1"), act(0, "defend"))], dice=(10,) * 8)
    second = [e for e in events if isinstance(e, ActionTaken) and e.unit == "a1"][-1]
    assert second.branch == "then"
    assert not any(line.startswith("False because:") for line in why_of_second(events, "a1"))
