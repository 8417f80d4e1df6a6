"""Seed 003, RULES: the blocks, the first move, entering, moving, stacking."""

from collections import Counter

import attrs

from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import Edge, FirstPlayer, Kind, OptioOptions
from tests.rulesets.optio.helpers import R, go, new_state, open_map, place, rejected, with_kinds


def test_each_player_has_one_army_one_scout_four_dummies_and_six_kudos():
    state = new_state()
    for side in (0, 1):
        kinds = Counter(b.kind for b in state.blocks if b.side == side)
        assert kinds == {Kind.ARMY: 1, Kind.SCOUT: 1, Kind.DUMMY: 4}
        assert all(b.pos is None for b in state.blocks if b.side == side)
    assert state.kudos == (6, 6)


def test_block_ids_do_not_give_the_kinds_away():
    # The army is not always the same block id across seeds.
    bf = map_battlefield(open_map())
    ids = set()
    for seed in range(12):
        state, _ = R.setup(OptioOptions(map_name="test-open"), bf, seed, ("a", "b"))
        ids.add(state.army(0).id)
    assert len(ids) > 1


def test_die_roll_highest_moves_first_and_ties_throw_again():
    bf = map_battlefield(open_map())
    for seed in range(15):
        state, events = R.setup(OptioOptions(map_name="test-open"), bf, seed, ("Ann", "Bob"))
        rolls = [e for e in events if hasattr(e, "faces")]
        assert len(rolls) % 2 == 0
        for a, b in zip(rolls[:-2:2], rolls[1:-2:2]):
            assert a.total == b.total  # every pair before the last was a tie
        last_a, last_b = rolls[-2].total, rolls[-1].total
        assert last_a != last_b
        assert state.first == (0 if last_a > last_b else 1) == state.active


def test_players_may_choose_who_moves_first():
    assert new_state(first=1).active == 1
    state = new_state(first=0)
    assert state.active == 0 and R.to_act(state) == {0}


def test_blocks_enter_on_their_own_edge_only():
    state = with_kinds(new_state())
    assert rejected(state, "move side=0 unit=g-army to=2,1") == "enter-own-edge"
    assert rejected(state, "move side=0 unit=g-army to=2,4") == "enter-own-edge"
    state = go(state, "move side=0 unit=g-army to=2,0", "move side=0 unit=g-d1 to=4,0", "end-turn side=0")
    assert state.block("g-army").pos == (2, 0) and state.block("g-army").entered_from is Edge.N
    assert rejected(state, "move side=1 unit=r-army to=2,0") == "enter-own-edge"
    state = go(state, "move side=1 unit=r-army to=0,4")
    assert state.block("r-army").entered_from is Edge.S


def test_at_least_one_block_moves_each_turn_and_each_block_once():
    state = with_kinds(new_state())
    assert rejected(state, "end-turn side=0") == "must-move"
    state = go(state, "move side=0 unit=g-d1 to=1,0")
    assert rejected(state, "move side=0 unit=g-d1 to=1,1") == "moved-already"
    # several blocks, up to all, may move in one turn
    state = go(state, *(f"move side=0 unit=g-{u} to={x},0" for u, x in
                        (("army", 0), ("scout", 0), ("d2", 2), ("d3", 3), ("d4", 4))))
    state = go(state, "end-turn side=0")
    assert state.active == 1 and all(b.pos is not None for b in state.blocks if b.side == 0)


def test_blocks_later_turns_may_still_enter():
    state = with_kinds(new_state())
    state = go(state, "move side=0 unit=g-d1 to=1,0", "end-turn side=0", "move side=1 unit=r-d1 to=1,4",
               "end-turn side=1", "move side=0 unit=g-army to=3,0", "move side=0 unit=g-d1 to=1,1")
    assert state.block("g-army").pos == (3, 0)


def test_one_square_orthogonally_and_never_off_the_map():
    state = place(with_kinds(new_state()), "g-d1", (0, 0))
    assert rejected(state, "move side=0 unit=g-d1 to=1,1") == "one-square"
    assert rejected(state, "move side=0 unit=g-d1 to=0,2") == "one-square"
    assert rejected(state, "move side=0 unit=g-d1 to=-1,0") == "off-map"
    assert rejected(state, "move side=0 unit=g-d1 to=0,-1") == "off-map"
    state = go(state, "move side=0 unit=g-d1 to=0,1")
    assert state.block("g-d1").entered_from is Edge.N  # came down from 0,0


def test_at_most_two_own_blocks_in_a_square_but_two_may_join_two_enemies():
    state = with_kinds(new_state())
    state = place(state, "g-d1", (2, 2))
    state = place(state, "g-d2", (2, 2))
    state = place(state, "g-d3", (2, 1))
    assert rejected(state, "move side=0 unit=g-d3 to=2,2") == "stacking"
    state = place(state, "r-d1", (2, 3), edge=Edge.N)
    state = place(state, "r-d2", (2, 3), edge=Edge.N)
    state = place(state, "g-d4", (1, 3))
    state = go(state, "move side=0 unit=g-d1 to=2,3", "move side=0 unit=g-d4 to=2,3")
    assert len(state.at((2, 3))) == 4
    assert state.block("g-d1").entered_from is Edge.N and state.block("g-d4").entered_from is Edge.W


def test_a_block_from_another_side_cannot_be_moved():
    state = with_kinds(new_state())
    assert rejected(state, "move side=0 unit=r-d1 to=2,4") == "not-your-block"
    assert rejected(state, "move side=1 unit=r-d1 to=2,4") == "not-your-turn"


def test_options_default_to_the_seed_numbers():
    opts = OptioOptions()
    assert opts.kudos == 6 and opts.first_player is FirstPlayer.ROLL
    assert attrs.evolve(opts, kudos=3).kudos == 3
