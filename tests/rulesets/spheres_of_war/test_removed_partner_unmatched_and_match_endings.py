"""Testers' report (Spheres of War at 80x24): a v0.2 pair locked from last
turn whose Match ended with one of them removed still read as a pair (the
survivor's card said "In combat with r1 from last turn" through Match 2);
Why? on a resolved Match said both combatants were Inert however it ended;
a figure in no Match was called "ready" where the rules say unMatched."""

from __future__ import annotations

from core.events import Removed, TurnStarted
from core.explain import explain
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.events import MatchResolved
from core.rulesets.spheres_of_war.orders import Fight, Move, Wait

from .helpers import play, position

# i1 and r1 touch (a diagonal) and are locked from last turn; i2 and r2 stand
# far off, so a second Match follows in the same turn and the game goes on.
LOCKED = {"i1": (5, 5), "r1": (6, 6), "i2": (1, 1), "r2": (10, 10)}


def locked_pair_r1_falls():
    """Turn 2 as the testers played it: i1 strikes r1 in place, r1 rolls 5."""
    state, events = position(LOCKED, version="v0.2", locked=(("i1", "r1"),), dice=(5,))
    started = next(e for e in events if isinstance(e, TurnStarted))
    assert "still locked in combat: i1 with r1" in started.sentence
    state, more = play(state, Fight(0, "i1"), Fight(1, "r1"))
    return state, events + more


def test_a_locked_pair_whose_member_was_removed_is_no_pair():
    state, events = locked_pair_r1_falls()
    assert any(isinstance(e, Removed) and e.unit == "r1" for e in events)
    assert state.match is not None and (state.match.instigator, state.match.retaliator) == ("i2", "r2")  # Match 2
    # rule 38, docs/rulings.md (v0.2 Matched pairs): a pair whose member was removed is no pair
    assert state.partner("i1") is None and state.partner("r1") is None
    views = {u.id: u for u in RULESET.units(state)}
    assert views["i1"].status == "Inert" and "L" not in views["i1"].markers


def test_a_locked_pair_with_both_standing_is_still_a_pair():
    # the other side of the same line: both standing, the lock holds (v0.2)
    state, _ = position(LOCKED, version="v0.2", locked=(("i1", "r1"),))
    assert state.partner("i1") == "r1" and state.partner("r1") == "i1"


def test_a_figure_in_no_match_is_unmatched_in_the_rules_word():
    # rule 11: combatants not in a Match are unMatched (and not "ready")
    state, _ = position({"i1": (5, 3), "r1": (5, 6), "r2": (9, 10)})
    views = {u.id: u for u in RULESET.units(state)}
    assert (views["i1"].status, views["r1"].status) == ("Matched", "Matched")
    assert views["r2"].status == "unMatched"


def why(events, kind=MatchResolved) -> str:
    index = max(i for i, e in enumerate(events) if isinstance(e, kind))
    return " ".join(explain(RULESET, events, index).lines)


def test_why_on_a_match_won_by_a_removal_says_only_the_winner_is_inert():
    _, events = locked_pair_r1_falls()
    resolved = next(e for e in events if isinstance(e, MatchResolved))
    assert resolved.units == ("i1",)
    said = why(events[:events.index(resolved) + 1])
    assert "both" not in said.casefold()
    assert "Only i1 is left of the pair, so only i1 is Inert" in said
    assert "rule 38" in said  # the Winner is free next turn


def test_why_on_a_match_ended_by_moving_off_the_board_names_rule_27():
    # r1 at the bottom edge backs away off the board (rule 27): i1 alone is Inert.
    state, _ = position({"i1": (5, 8), "r1": (5, 11), "i2": (0, 0), "r2": (11, 6)})
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r1")
    state, events = play(state, Wait(0, "i1"), Move(1, "r1", (5, 12)))
    resolved = next(e for e in events if isinstance(e, MatchResolved))
    assert resolved.units == ("i1",)
    said = why(events[:events.index(resolved) + 1])
    assert "r1 moved off the board" in said and "(rule 27)" in said
    assert "only i1 is Inert" in said and "both" not in said.casefold()


def test_why_on_a_match_whose_actions_ran_out_says_both_are_inert():
    state, _ = position({"i1": (2, 2), "r1": (2, 9), "i2": (11, 0), "r2": (11, 11)})
    events: list = []
    for _ in range(5):
        state, more = play(state, Wait(0, "i1"), Wait(1, "r1"))
        events += more
    resolved = next(e for e in events if isinstance(e, MatchResolved))
    assert resolved.units == ("i1", "r1")
    said = why(events[:events.index(resolved) + 1])
    assert "five Actions" in said and "i1 and r1 are Inert" in said
    assert "(rules 17-18, 37)" in said  # the Match ends when both run out (rule 37)
