"""Seed 003, RULES: entering the opponent's square, scouting, revealing, and
the end of the scouting once both armies are known."""

import attrs

from core.rulesets.optio.state import Edge, Kind, Phase
from tests.rulesets.optio.helpers import R, go, new_state, place, rejected, with_kinds


def contested():
    """Red has a dummy and its scout in 2,2; Green's army, scout and a dummy wait next to it."""
    state = with_kinds(new_state())
    state = place(state, "r-d1", (2, 2), edge=Edge.S, arrived=1)
    state = place(state, "r-scout", (2, 2), edge=Edge.S, arrived=2)
    state = place(state, "g-army", (2, 1), arrived=3)
    state = place(state, "g-scout", (1, 2), arrived=4)
    state = place(state, "g-d1", (3, 2), arrived=5)
    return attrs.evolve(state, clock=5)


def test_entering_an_occupied_square_records_the_side_it_came_in_by():
    state = go(contested(), "move side=0 unit=g-army to=2,2", "move side=0 unit=g-d1 to=2,2")
    assert state.block("g-army").entered_from is Edge.N
    assert state.block("g-d1").entered_from is Edge.E


def test_the_scout_chooses_which_of_two_blocks_to_see_and_both_show_themselves():
    state = go(contested(), "move side=0 unit=g-army to=2,2", "scout side=0 unit=g-army target=r-scout")
    assert state.block("g-army").revealed and state.block("r-scout").revealed
    assert not state.block("r-d1").revealed


def test_one_scout_per_block_per_turn():
    state = go(contested(), "move side=0 unit=g-army to=2,2", "scout side=0 unit=g-army target=r-d1")
    assert rejected(state, "scout side=0 unit=g-army target=r-scout") == "scouted-already"


def test_dummies_cannot_scout():
    state = go(contested(), "move side=0 unit=g-d1 to=2,2")
    assert rejected(state, "scout side=0 unit=g-d1 target=r-d1") == "dummy-cannot-scout"
    assert not any(o.verb == "scout" for o in R.legal_orders(state, 0))


def test_only_a_block_that_just_moved_in_may_scout():
    state = place(contested(), "g-scout", (2, 2), edge=Edge.W, arrived=6)
    # g-scout was already there at the start of the turn
    assert rejected(state, "scout side=0 unit=g-scout target=r-d1") == "not-just-entered"
    # and a block that moved into an empty square has nothing to scout
    state = go(contested(), "move side=0 unit=g-army to=1,1")
    assert rejected(state, "scout side=0 unit=g-army target=r-d1") == "not-just-entered"


def test_the_chance_to_scout_ends_with_the_turn():
    state = go(contested(), "move side=0 unit=g-scout to=2,2", "end-turn side=0", "move side=1 unit=r-army to=0,4",
               "end-turn side=1", "move side=0 unit=g-army to=2,2")
    assert rejected(state, "scout side=0 unit=g-scout target=r-d1") == "not-just-entered"


def test_revealed_blocks_stay_revealed_and_a_hidden_block_scouting_one_shows_only_itself():
    """Seed: a revealed block stays "face up" from then on; a
    hidden army scouting one turns its own icon up, and nothing else moves."""
    state = go(contested(), "move side=0 unit=g-scout to=2,2", "scout side=0 unit=g-scout target=r-d1",
               "end-turn side=0", "move side=1 unit=r-scout to=2,3", "end-turn side=1",
               "move side=0 unit=g-army to=2,2")
    assert state.block("g-scout").revealed and state.block("r-d1").revealed
    after = go(state, "scout side=0 unit=g-army target=r-d1")
    assert after.block("g-army").revealed and after.block("r-d1").revealed
    assert after.phase is Phase.SCOUTING and after.active == 0
    assert [b for b in after.blocks if b.id != "g-army"] == [b for b in state.blocks if b.id != "g-army"]


def test_second_army_revealed_elsewhere_ends_scouting_and_passes_the_turn():
    state = place(contested(), "r-army", (0, 0), edge=Edge.S, arrived=0)
    state = place(state, "g-army", (4, 4), edge=Edge.W, arrived=3, revealed=True)
    state = place(state, "g-scout", (0, 1), arrived=4)
    state = go(state, "move side=0 unit=g-d1 to=4,2", "move side=0 unit=g-scout to=0,0",
               "scout side=0 unit=g-scout target=r-army")
    assert state.phase is Phase.CLOSING
    assert state.active == 1
    assert {b.id for b in state.blocks if not b.gone} == {"g-army", "r-army"}
    assert all(b.pos is None for b in state.blocks if b.gone)


def test_scouting_reveals_the_enemy_army_in_the_same_square_the_last_to_enter_sets_the_sides():
    # Red's army held 2,2 (came in from the south); Green's army walks in from the
    # north and scouts it: they meet, and Green's entry side (north) orients the field.
    state = with_kinds(new_state())
    state = place(state, "r-army", (2, 2), edge=Edge.S, arrived=1)
    state = place(state, "r-d1", (2, 2), edge=Edge.S, arrived=2)
    state = place(state, "g-army", (2, 1), arrived=3)
    state = attrs.evolve(state, clock=3)
    state = go(state, "move side=0 unit=g-army to=2,2", "scout side=0 unit=g-army target=r-army")
    assert state.phase is Phase.TEMPLATE
    assert state.meeting == (2, 2) and state.second_edge is Edge.N
    assert state.first_army == 1 and state.active == 1


def test_a_scout_revealing_an_army_that_came_in_later_orients_by_that_army():
    # Green's army (already revealed) held 1,1; Red's army slipped in from the east,
    # then Green's scout enters and unmasks it: Red's army entered last.
    state = with_kinds(new_state())
    state = place(state, "g-army", (1, 1), arrived=1, revealed=True)
    state = place(state, "r-army", (1, 1), edge=Edge.E, arrived=2)
    state = place(state, "g-scout", (1, 0), arrived=3)
    state = attrs.evolve(state, clock=3)
    state = go(state, "move side=0 unit=g-scout to=1,1", "scout side=0 unit=g-scout target=r-army")
    assert state.phase is Phase.TEMPLATE
    assert state.second_edge is Edge.E and state.first_army == 0 and state.active == 0


def test_events_never_name_a_hidden_kind():
    state = go(contested(), "move side=0 unit=g-d1 to=2,2")
    _, events = R.apply(contested(), R.parse_order("move side=0 unit=g-army to=2,2"))
    for e in events:
        for word in ("army", "scout", "dummy"):
            assert word not in e.sentence.replace("g-army", "").replace("g-", ""), e.sentence
    # both blocks that came in are listed as able to scout, dummy or not
    assert "g-d1" in state.may_scout
    assert state.block("g-d1").kind is Kind.DUMMY


def test_the_scouting_sentence_says_an_army_and_a_scout():
    from core.rulesets.optio.events import Scouted

    said = {kind: Scouted("Ann", "g2", "scout", "r1", kind).sentence for kind in ("army", "scout", "dummy")}
    assert said["army"].endswith("scouts r1: an army")
    assert said["scout"].endswith(": a scout") and said["dummy"].endswith(": a dummy")


def beside_their_known_army():
    """Red's army, already revealed, holds 2,2 (it came in from the south);
    Green's army, still hidden, stands north of it at 2,1 and Green's scout
    far off at 0,1."""
    state = with_kinds(new_state())
    state = place(state, "r-army", (2, 2), edge=Edge.S, arrived=1, revealed=True)
    state = place(state, "r-d1", (4, 4), edge=Edge.S, arrived=2)
    state = place(state, "g-army", (2, 1), arrived=3)
    state = place(state, "g-scout", (0, 1), arrived=4)
    return attrs.evolve(state, clock=4)


def test_a_hidden_army_may_scout_the_revealed_enemy_army_in_its_square_and_they_meet():
    """Seed: a block entering "may immediately scout" the opponent's block,
    and scouting may "reveal another army" in the square: scouting shows the
    arriving army, so both armies are known in one square and meet there.
    Green's army came in last (from the north), so north is Green's side;
    Red's army held the square first and places the template."""
    state = go(beside_their_known_army(), "move side=0 unit=g-army to=2,2")
    scout = R.parse_order("scout side=0 unit=g-army target=r-army")
    assert scout in R.legal_orders(state, 0)
    state = go(state, "scout side=0 unit=g-army target=r-army")
    assert state.block("g-army").revealed
    assert state.phase is Phase.TEMPLATE
    assert state.meeting == (2, 2) and state.second_edge is Edge.N
    assert state.first_army == 1 and state.active == 1
    assert {b.id for b in state.blocks if not b.gone} == {"g-army", "r-army"}


def test_the_arriving_army_may_also_stay_hidden_and_end_the_turn():
    """Seed: the arriving block "may immediately scout": may, not must."""
    state = go(beside_their_known_army(), "move side=0 unit=g-army to=2,2", "end-turn side=0")
    assert state.phase is Phase.SCOUTING and state.active == 1
    assert not state.block("g-army").revealed


def test_a_scout_that_would_show_nothing_new_is_refused():
    """Seed: the scout turns "revealing the identity of his block", then the
    target turns; when both already show, the order is refused."""
    state = with_kinds(new_state())
    state = place(state, "r-d1", (2, 2), edge=Edge.S, arrived=1, revealed=True)
    state = place(state, "g-scout", (2, 1), arrived=2, revealed=True)
    state = go(attrs.evolve(state, clock=2), "move side=0 unit=g-scout to=2,2")
    assert rejected(state, "scout side=0 unit=g-scout target=r-d1") == "nothing-to-show"
    assert not any(o.verb == "scout" for o in R.legal_orders(state, 0))


def test_a_hidden_army_showing_itself_beside_a_known_dummy_with_their_army_known_starts_the_closing():
    """Seed: the game goes on "until both players' armies have been revealed"."""
    state = with_kinds(new_state())
    state = place(state, "r-army", (4, 4), edge=Edge.S, arrived=1, revealed=True)
    state = place(state, "r-d1", (2, 2), edge=Edge.S, arrived=2, revealed=True)
    state = place(state, "g-army", (2, 1), arrived=3)
    state = go(attrs.evolve(state, clock=3), "move side=0 unit=g-army to=2,2",
               "scout side=0 unit=g-army target=r-d1")
    assert state.phase is Phase.CLOSING and state.active == 1
    assert {b.id for b in state.blocks if not b.gone} == {"g-army", "r-army"}
