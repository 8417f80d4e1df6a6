"""Rules 9-13 and 19-21 with the Collapse-o-Snap comment: Matches form
between the closest unMatched opposed pair; the Instigator picks among exact ties."""

from core.events import Matched, TurnEnded, TurnStarted
from core.game import refusal
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.orders import ChooseMatch, Wait
from core.rulesets.spheres_of_war.state import Phase

from .helpers import play, position


def ten_waits(state):
    m = state.match
    orders = [Wait(0 if n % 2 == 0 else 1, m.instigator if n % 2 == 0 else m.retaliator) for n in range(10)]
    return play(state, *orders)


def test_the_closest_pair_is_matched_automatically():
    # i1-r1: 1+9=10, i2-r1: 25+9=34, i2-r2: 49, i1-r2: 36+49.
    state, events = position({"i1": (2, 2), "i2": (8, 2), "r1": (3, 5), "r2": (8, 9)})
    assert state.phase is Phase.MATCH
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r1")
    assert [(e.first, e.second) for e in events if isinstance(e, Matched)] == [("i1", "r1")]
    assert RULESET.situation(state).phase == "Match 1: i1's action 1 of 5"


def test_the_next_match_ignores_inert_combatants_and_then_the_turn_ends():
    state, _ = position({"i1": (2, 2), "i2": (8, 2), "r1": (3, 5), "r2": (8, 9)})
    state, events = ten_waits(state)
    assert set(state.inert) == {"i1", "r1"}
    # i2-r1 (34) is closer than i2-r2 (49), but r1 is Inert (rule 19-20).
    assert [(e.first, e.second) for e in events if isinstance(e, Matched)] == [("i2", "r2")]
    assert state.match.number == 2
    state, events = ten_waits(state)
    # Rule 21: no Match left to form, so the turn ends and the next begins unMatched (rule 11).
    assert [type(e) for e in events if isinstance(e, (TurnEnded, TurnStarted))] == [TurnEnded, TurnStarted]
    assert [e.sentence for e in events if isinstance(e, TurnEnded)] == ["Turn 1 ends (2 Matches)"]
    assert state.turn == 2 and state.inert == ()
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r1")


def test_a_combatant_left_without_an_opponent_ends_the_turn():
    # i1-r1 (4) before i2-r1 (5); after it i2 has nobody left to Match.
    state, _ = position({"i1": (2, 2), "i2": (3, 2), "r1": (2, 4)})
    state, events = ten_waits(state)
    assert [e.sentence for e in events if isinstance(e, TurnEnded)] == ["Turn 1 ends (1 Match)"]
    assert state.turn == 2
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r1")


EQUAL = {"i1": (5, 2), "r1": (2, 6), "r2": (8, 6), "r3": (5, 7), "r4": (10, 3)}


def test_equally_close_pairs_wait_for_the_instigator_to_choose():
    # Squared distances from i1: r1 9+16=25, r2 9+16=25, r3 25, r4 25+1=26.
    state, events = position(EQUAL)
    assert state.phase is Phase.CHOOSE and state.match is None
    assert not any(isinstance(e, Matched) for e in events)
    assert RULESET.to_act(state) == {0}
    assert RULESET.situation(state).phase == "choosing a Match"
    orders = RULESET.legal_orders(state, 0)
    assert set(orders) == {ChooseMatch(0, "i1", "r1"), ChooseMatch(0, "i1", "r2"), ChooseMatch(0, "i1", "r3")}
    assert RULESET.legal_orders(state, 1) == []
    labels = [RULESET.describe_order(state, o) for o in orders]
    assert "Match i1 (5,2) against r3 (5,7), 5.0 in" in labels
    assert RULESET.order_cells(state, ChooseMatch(0, "i1", "r3")) == ((5, 7), (5, 2))


def test_only_a_tied_pair_may_be_chosen_and_only_by_the_instigator():
    state, _ = position(EQUAL)
    assert RULESET.check(state, ChooseMatch(0, "i1", "r4")).code == "not-closest"
    assert refusal(RULESET, state, ChooseMatch(1, "i1", "r2"), state.players).code == "not-your-turn"  # the core's turn check (core.game.refusal)
    assert RULESET.check(state, Wait(0, "i1")).code == "wrong-phase"
    state, events = play(state, ChooseMatch(0, "i1", "r2"))
    assert state.phase is Phase.MATCH
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r2")
    assert [(e.first, e.second) for e in events if isinstance(e, Matched)] == [("i1", "r2")]


def test_ties_are_exact_not_rounded():
    # Squared 25 against 26 (5.00 and 5.10 inches): not a tie, the closer forms.
    state, _ = position({"i1": (5, 2), "r1": (5, 7), "r2": (10, 3)})
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r1")
    # Squared 25 and 16+9=25: an exact tie even though one is straight and one slanted.
    state, _ = position({"i1": (5, 2), "r1": (5, 7), "r2": (9, 5)})
    assert state.phase is Phase.CHOOSE


def test_orthogonal_contact_is_closer_than_diagonal_contact():
    # Ruling: contact with several enemies, the closest by centre distance wins.
    state, _ = position({"i1": (5, 5), "r1": (6, 6), "r2": (5, 6)})
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r2")
    state, _ = position({"i1": (5, 5), "r1": (6, 6), "r2": (4, 6)})
    assert state.phase is Phase.CHOOSE
    assert len(RULESET.legal_orders(state, 0)) == 2


def test_ties_between_different_instigator_combatants_are_also_the_instigators_choice():
    state, _ = position({"i1": (2, 2), "i2": (9, 2), "r1": (2, 5), "r2": (9, 5)})
    assert state.phase is Phase.CHOOSE
    assert set(RULESET.legal_orders(state, 0)) == {ChooseMatch(0, "i1", "r1"), ChooseMatch(0, "i2", "r2")}
