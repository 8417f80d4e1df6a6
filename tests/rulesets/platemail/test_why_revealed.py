"""Why? on "X is revealed" names the rule (seed: Skulk; Cover and
Concealment) and the reason the Round found: the enemies that saw the
skulker in the clear, or the overt Action it took (docs/rulings.md,
Platemail, Actions: what is overt), not the Wounds rule."""

from __future__ import annotations

from core.explain import explain
from core.rulesets.platemail.events import StatusChanged

from .helpers import act, order, play, position

WALL = ["." * 12] * 5 + ["############"] + ["." * 12] * 6  # row 5 walls the north from the south
# Hidden with a Stealth roll every passive Perception (10 + 0..5) falls short of.
HIDDEN = {"hidden": True, "stealth_roll": 25}


def revealed(ev, uid):
    return [e for e in ev if isinstance(e, StatusChanged) and e.unit == uid and e.status == "revealed"]


def why(ev, event):
    found = explain("platemail", ev, ev.index(event))
    return found, found.text()


def test_a_skulker_standing_in_the_clear_is_revealed_by_whoever_sees_it():
    # The rogue Defends (not overt) in open ground: the footman sees it clear.
    st = position([("rogue", 0, (5, 2), HIDDEN), ("footman", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "defend"))])
    [event] = revealed(ev, "a1")
    assert event.sentence == "a1 is revealed (seen in the clear by b1)"
    found, words = why(ev, event)
    assert "Because: seen in the clear by b1" in words
    assert "Skulk" in found.cite and "Cover and Concealment" in found.cite
    assert "Wounds" not in found.cite and "Conditions come from wounds" not in words
    assert not st.char("a1").hidden


def test_a_skulker_behind_a_wall_that_sprints_is_revealed_by_its_overt_action():
    # Behind the wall nobody sees it; the Sprint alone gives it away.
    st = position([("rogue", 0, (5, 2), HIDDEN), ("footman", 1, (5, 8))], rows=WALL)
    st, ev = play(st, [order(0, "a1", act(0, "sprint", to=(0, 0)))])
    [event] = revealed(ev, "a1")
    found, words = why(ev, event)
    assert "Because: its Sprint is overt" in words
    assert "seen in the clear" not in words
    assert "Skulk" in found.cite


def test_a_skulker_in_cover_that_keeps_still_stays_hidden():
    # The counter-case: behind the wall, Defending, it is neither seen nor overt.
    st = position([("rogue", 0, (5, 2), HIDDEN), ("footman", 1, (5, 8))], rows=WALL)
    st, ev = play(st, [order(0, "a1", act(0, "defend"))])
    assert revealed(ev, "a1") == [] and st.char("a1").hidden


def test_why_on_a_reveal_logged_without_its_reason_still_cites_skulk():
    event = StatusChanged("a4", "revealed")
    found, words = why([event], event)
    assert "Skulk" in found.cite and "Wounds" not in found.cite
    assert "overt" in words
