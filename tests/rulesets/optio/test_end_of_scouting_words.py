"""The log's words when both armies are known (seed 003, RULES: once the
second army is revealed every block but the two armies is taken away).  A
tester read "g6 is removed from the map" for a block that never came onto
the map: a block still off the map stays off it, and the log says so."""

from __future__ import annotations

from core.rulesets.optio.state import Edge

from .helpers import R, new_state, place, with_kinds


def both_armies_known():
    """Red's army and a dummy on the map, the rest of Red off it; Green's
    army already known, its scout comes into Red's army's square and scouts
    it: both armies are known."""
    state = with_kinds(new_state())
    state = place(state, "r-army", (2, 2), edge=Edge.S, arrived=1)
    state = place(state, "r-d1", (3, 3), edge=Edge.S, arrived=2)
    state = place(state, "g-army", (0, 0), edge=Edge.N, arrived=3, revealed=True)
    state = place(state, "g-scout", (2, 1), edge=Edge.N, arrived=4)
    state = place(state, "g-d1", (4, 0), edge=Edge.N, arrived=5)
    events = []
    for text in ("move side=0 unit=g-scout to=2,2", "scout side=0 unit=g-scout target=r-army"):
        state, more = R.apply(state, R.parse_order(text))
        events += more
    return state, events


def test_a_block_never_brought_on_stays_off_the_map_and_those_on_it_are_removed():
    state, events = both_armies_known()
    lines = [e.sentence for e in events if "both armies are known" in e.sentence]
    on_the_map = ["g-scout", "g-d1", "r-d1"]
    never_on = ["g-d2", "g-d3", "g-d4", "r-scout", "r-d2", "r-d3", "r-d4"]
    for unit in on_the_map:
        assert f"{unit} is removed from the map: both armies are known" in lines
    # one line for those still off the map, each named
    assert "g-d2, g-d3, g-d4, r-scout, r-d2, r-d3 and r-d4 stay off the map: both armies are known" in lines
    for unit in never_on:
        assert not any(f"{unit} is removed" in line for line in lines)
    # every block but the armies has left the game all the same
    assert {b.id for b in state.blocks if not b.gone} == {"g-army", "r-army"}


def scouted_with_every_block_on_but(*off: str) -> list[str]:
    """Every block on the map except ``off``; Green's scout reveals Red's
    army, Green's being known: the log's lines about leaving the map."""
    state = with_kinds(new_state())
    spots = {"g-d1": (0, 0), "g-d2": (1, 0), "g-d3": (3, 0), "g-d4": (4, 0), "g-army": (0, 1),
             "g-scout": (2, 1), "r-d1": (0, 4), "r-d2": (1, 4), "r-d3": (3, 4), "r-d4": (4, 4),
             "r-scout": (4, 3), "r-army": (2, 2)}
    for bid, pos in spots.items():
        if bid not in off:
            state = place(state, bid, pos, arrived=1, revealed=bid == "g-army")
    events = []
    for text in ("move side=0 unit=g-scout to=2,2", "scout side=0 unit=g-scout target=r-army"):
        state, more = R.apply(state, R.parse_order(text))
        events += more
    return [e.sentence for e in events if "both armies are known" in e.sentence and "map" in e.sentence]


def test_one_block_still_off_the_map_stays_off_it_and_with_none_nothing_is_said():
    lines = scouted_with_every_block_on_but("r-scout")
    assert "r-scout stays off the map: both armies are known" in lines
    assert not any("r-scout is removed" in line for line in lines)
    lines = scouted_with_every_block_on_but()
    assert lines and not any("off the map" in line for line in lines)
    assert all(" is removed from the map: " in line for line in lines)
