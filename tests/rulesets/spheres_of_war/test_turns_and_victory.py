"""Rules 21-22 and 38, the v0.2 amendments from the comments, and the turn limit."""

from core.events import Matched, TurnStarted
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.orders import Fight, Move, Wait
from core.rulesets.spheres_of_war.state import Phase

from .helpers import play, position


def beat_r1(version):
    """i1 moves into contact with r1 and r1 fails its defence: only the Instigator is left."""
    state, _ = position({"i1": (5, 3), "r1": (5, 6)}, dice=(6,), version=version)
    return play(state, Move(0, "i1", (5, 5)), Fight(1, "r1"))


def test_v01f_the_win_comes_when_the_next_turn_starts_with_one_side_on_the_table():
    state, events = beat_r1("v0.1f")
    assert any(isinstance(e, TurnStarted) and e.turn == 2 for e in events)
    outcome = RULESET.outcome(state)
    assert outcome is not None and outcome.winner == 0
    assert "rule 22" in outcome.reason and state.turn == 2
    assert RULESET.to_act(state) == frozenset()
    assert RULESET.situation(state).phase == "game over"


def test_v02_the_win_comes_as_soon_as_no_enemy_remains():
    state, events = beat_r1("v0.2")
    assert not any(isinstance(e, TurnStarted) for e in events)
    outcome = RULESET.outcome(state)
    assert outcome.winner == 0 and "v0.2" in outcome.reason and state.turn == 1


def test_the_game_goes_on_while_both_sides_have_combatants():
    state, _ = position({"i1": (5, 3), "r1": (5, 6), "r2": (11, 11)}, dice=(6,))
    state, _ = play(state, Move(0, "i1", (5, 5)), Fight(1, "r1"))
    assert RULESET.outcome(state) is None


def contact_running_out(version):
    """i1 moves into contact on its fifth Action; r1 holds (2) and strikes back
    on its fifth: the Match ends with the two still in contact."""
    state, _ = position({"i1": (5, 3), "r1": (5, 6), "r2": (11, 11)}, dice=(2,), version=version)
    for _ in range(4):
        state, _ = play(state, Wait(0, "i1"), Wait(1, "r1"))
    state, _ = play(state, Move(0, "i1", (5, 5)))
    return play(state, Fight(1, "r1"))


def test_v02_a_pair_still_in_contact_at_turn_end_stays_matched():
    state, events = contact_running_out("v0.2")
    assert state.turn == 2 and state.locked == (("i1", "r1"),)
    assert [(e.first, e.second) for e in events if isinstance(e, Matched)][-1] == ("i1", "r1")
    assert "locked" in [e for e in events if isinstance(e, Matched)][-1].detail


def test_v01f_nobody_stays_locked_between_turns():
    state, _ = contact_running_out("v0.1f")
    assert state.turn == 2 and state.locked == ()


def test_v02_a_locked_combatant_is_matched_only_with_its_partner():
    # r2 touches i1 square-on (closer than r1 on the diagonal), yet the lock holds.
    spots = {"i1": (5, 5), "r1": (6, 6), "r2": (5, 6)}
    state, _ = position(spots, version="v0.2", locked=(("i1", "r1"),))
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r1")
    assert {u.id: u.status for u in RULESET.units(state)}["r1"] == "in combat"
    # Under v0.1f everyone starts unMatched, and the closest pair forms.
    state, _ = position(spots, version="v0.1f")
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r2")


def test_v02_locked_pairs_wait_their_turn_while_closer_free_pairs_go_first():
    spots = {"i1": (2, 2), "r1": (3, 3), "i2": (8, 8), "r2": (8, 9)}
    state, _ = position(spots, version="v0.2", locked=(("i1", "r1"),))
    assert (state.match.instigator, state.match.retaliator) == ("i2", "r2")
    assert {u.id: u.markers for u in RULESET.units(state)}["i1"] == "L"


def test_winners_are_free_to_match_anyone_next_turn():
    # Rule 38 (and v0.2): i1 beat r1, so nothing holds it; turn 2 Matches it with r2.
    state, _ = position({"i1": (5, 3), "r1": (5, 6), "r2": (9, 10)}, dice=(5,), version="v0.2")
    state, _ = play(state, Move(0, "i1", (5, 5)), Fight(1, "r1"))
    assert state.turn == 2 and state.locked == ()
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r2")


def test_turn_limit_gives_the_game_to_the_side_with_more_combatants():
    # i1-r1 (49) is the only Match: i2 is left with nobody, and turn 1 is the last.
    state, _ = position({"i1": (2, 2), "i2": (11, 0), "r1": (2, 9)}, turn_limit=1)
    for _ in range(5):
        state, _ = play(state, Wait(0, "i1"), Wait(1, "r1"))
    outcome = RULESET.outcome(state)
    assert outcome.winner == 0 and "turn limit" in outcome.reason
    assert state.phase is Phase.OVER


def test_turn_limit_with_equal_numbers_is_a_draw():
    state, _ = position({"i1": (2, 2), "r1": (2, 9)}, turn_limit=2)
    for _ in range(10):
        state, _ = play(state, Wait(0, "i1"), Wait(1, "r1"))
    outcome = RULESET.outcome(state)
    assert outcome.winner is None and state.turn == 2 and "turn limit" in outcome.reason
