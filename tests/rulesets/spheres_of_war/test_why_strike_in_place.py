"""Why? on a defeat names how Combatant A came to be A (rule 29): by moving
into contact, or, when the Match began with the pair already touching, by
striking first where it stood (docs/rulings.md, "A Match that starts in
contact").  The case the tester met: r1 steps into contact with the Match's
last Action, the strike goes unanswered, and the next turn opens with i1
striking r1 in place; r1 holds and strikes back, and i1 fails its defence
(rule 34a).  The events are the engine's own, from played orders with
scripted dice."""

from __future__ import annotations

from core.events import Defeated, Removed, Struck
from core.explain import explain
from core.rulesets.spheres_of_war.orders import Fight, Move, Wait
from tests.rulesets.spheres_of_war.helpers import play, position


def _why(log: list, kind: type, **match) -> tuple[str, str]:
    index = next(i for i, e in enumerate(log) if isinstance(e, kind)
                 and all(getattr(e, k) == v for k, v in match.items()))
    why = explain("spheres_of_war", log, index)
    return why.text(), why.cite


def _late_contact_then_strike_in_place() -> list:
    # i1 waits out its five Actions; r1 waits four and steps into contact with its fifth.
    state, log = position({"i1": (5, 3), "r1": (5, 6)}, dice=(3, 5))
    for _ in range(4):
        state, new = play(state, Wait(0, "i1"), Wait(1, "r1"))
        log += new
    state, new = play(state, Wait(0, "i1"), Move(1, "r1", (5, 4)))
    log += new
    assert any(isinstance(e, Struck) and e.detail == "moved into base-to-base contact" for e in new)
    # Turn 2: the pair is Matched again, touching; i1 (the Instigator) acts first.
    state, new = play(state, Fight(0, "i1"))
    log += new
    assert [e.detail for e in new if isinstance(e, Struck)] == ["strikes first while in contact"]
    state, new = play(state, Fight(1, "r1"), Fight(0, "i1"))  # r1 rolls 3 and strikes back; i1 rolls 5
    return log + new


def test_a_defeat_after_a_strike_in_place_does_not_say_the_striker_moved():
    log = _late_contact_then_strike_in_place()
    text, cite = _why(log, Defeated, unit="i1")
    assert cite == "rule 34a" and "r1 wins" in text
    assert "moved into contact" not in text
    assert "i1 was Combatant A (the pair were already touching, and it struck first where it stood)" in text
    text, cite = _why(log, Removed, unit="i1")
    assert cite == "rule 34a" and "moved into contact" not in text and "struck first where it stood" in text


def test_a_defeat_after_a_move_into_contact_still_says_so():
    state, log = position({"i1": (5, 3), "r1": (5, 6)}, dice=(3, 5))
    state, new = play(state, Wait(0, "i1"), Move(1, "r1", (5, 4)), Fight(0, "i1"), Fight(1, "r1"))
    log += new  # r1 moved into contact (A); i1 holds with 3 and strikes back; r1 rolls 5
    text, cite = _why(log, Defeated, unit="r1")
    assert cite == "rule 34a" and "r1 was Combatant A (the one that moved into contact)" in text


def test_z_after_a_strike_in_place_is_still_the_one_struck_first():
    state, log = position({"i1": (5, 5), "r1": (5, 6)}, dice=(6,))
    state, new = play(state, Fight(0, "i1"), Fight(1, "r1"))
    log += new
    text, cite = _why(log, Defeated, unit="r1")
    assert cite == "rule 33a" and "r1 was Combatant Z (the one struck first)" in text
