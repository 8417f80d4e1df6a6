"""Seed 003, RULES, the template: centred on the meeting square with half a
large square out on each side (never towards the second army's entry side),
then shifted by a small square at most; never to take in more impassable
ground or map edge than the centred placement."""

from core.rulesets.optio.state import Edge, Phase
from core.rulesets.optio.template import template_box
from tests.rulesets.optio.helpers import R, closing, go, new_state, open_map, rejected

STEP = {Edge.N: (0, -1), Edge.S: (0, 1), Edge.E: (1, 0), Edge.W: (-1, 0)}


def meet(meeting, second_edge, second_side, marks=None):
    """The second army steps into the meeting square through ``second_edge``."""
    dx, dy = STEP[second_edge]
    start = (meeting[0] + dx, meeting[1] + dy)
    state = new_state(opmap=open_map(marks=marks))
    g, r = (meeting, start) if second_side == 1 else (start, meeting)
    state = closing(state, g, r, active=second_side)
    unit = "r-army" if second_side == 1 else "g-army"
    state = go(state, f"move side={second_side} unit={unit} to={meeting[0]},{meeting[1]}")
    assert state.phase is Phase.TEMPLATE and state.second_edge is second_edge
    return state


def test_centred_template_is_the_square_plus_half_a_square_each_side_across_the_entry():
    # square 2,2 covers small squares 16..23 both ways
    assert template_box((2, 2), Edge.S) == ((12, 16), 16, 8)
    assert template_box((2, 2), Edge.N) == ((12, 16), 16, 8)
    assert template_box((2, 2), Edge.E) == ((16, 12), 8, 16)
    assert template_box((2, 2), Edge.W) == ((16, 12), 8, 16)


def test_no_half_square_lies_on_the_second_armys_entry_side():
    for edge in Edge:
        (x0, y0), w, h = template_box((2, 2), edge)
        if edge is Edge.S:
            assert y0 + h - 1 == 23  # nothing south of the square
        if edge is Edge.N:
            assert y0 == 16
        if edge is Edge.E:
            assert x0 + w - 1 == 23
        if edge is Edge.W:
            assert x0 == 16


def test_shifts_go_forward_towards_the_second_army_and_right_of_the_placer():
    # Green's army was first in 2,2; Red came in by the south: forward is south,
    # and Green, facing south, has west on the right.
    assert template_box((2, 2), Edge.S, forward=1, right=1) == ((11, 17), 16, 8)
    assert template_box((2, 2), Edge.S, forward=-1, right=-1) == ((13, 15), 16, 8)
    # Facing east (second army came in by the east side), right is south.
    assert template_box((2, 2), Edge.E, forward=1, right=1) == ((17, 13), 8, 16)


def test_the_first_armys_player_places_the_template_and_the_game_ends():
    state = meet((2, 2), Edge.S, second_side=1)
    assert R.to_act(state) == {0}
    assert rejected(state, "place-template side=1 forward=0 right=0") == "not-your-turn"
    assert rejected(state, "place-template side=0 forward=2 right=0") == "too-far"
    state = go(state, "place-template side=0 forward=1 right=0")
    assert state.phase is Phase.DONE and state.result.origin == (12, 17)
    assert R.outcome(state) is not None and R.to_act(state) == frozenset()


def test_a_shift_may_not_take_in_more_impassable_ground():
    rock_beside = {(11, y): "#" for y in range(16, 24)}  # just west of the centred template
    state = meet((2, 2), Edge.S, second_side=1, marks=rock_beside)
    assert rejected(state, "place-template side=0 forward=0 right=1") == "more-impassable"  # right = west
    go(state, "place-template side=0 forward=0 right=-1")


def test_a_shift_may_take_in_less_impassable_ground():
    rock_inside = {(12, y): "~" for y in range(16, 24)}  # the template's west column is water
    state = meet((2, 2), Edge.S, second_side=1, marks=rock_inside)
    go(state, "place-template side=0 forward=0 right=-1")  # east: leaves the water out
    go(state, "place-template side=0 forward=0 right=1")  # west: the same 8 squares of water, no more


def test_map_edge_counts_like_impassable_ground():
    state = meet((0, 2), Edge.S, second_side=1)  # centred: 4 columns hang off the west edge
    assert rejected(state, "place-template side=0 forward=0 right=1") == "more-impassable"
    go(state, "place-template side=0 forward=0 right=-1")
    state = meet((2, 4), Edge.S, second_side=1)  # Red entered from its own map edge
    assert rejected(state, "place-template side=0 forward=1 right=0") == "more-impassable"
    legal = {(o.forward, o.right) for o in R.legal_orders(state, 0)}
    assert legal == {(f, r) for f in (-1, 0) for r in (-1, 0, 1)}


def test_result_is_sixteen_by_eight_with_green_at_the_top():
    # Red came in by the south: Red's side is south, Green's north; no turning.
    state = meet((2, 2), Edge.S, second_side=1, marks={(12, 16): "T", (27, 23): "#"})
    result = go(state, "place-template side=0 forward=0 right=0").result
    assert len(result.rows) == 8 and all(len(r) == 16 for r in result.rows)
    assert result.rows[0][0] == "T" and result.rows[7][15] == "#"


def test_result_is_turned_when_green_came_in_by_the_south():
    # Green, second, entered by the south: its side is south, so the field turns half round.
    state = meet((2, 2), Edge.S, second_side=0, marks={(12, 16): "T", (27, 23): "#"})
    result = go(state, "place-template side=1 forward=0 right=0").result
    assert result.rows[0][0] == "#" and result.rows[7][15] == "T"


def test_result_is_turned_a_quarter_when_the_second_army_came_from_the_east():
    # Red entered by the east side: Red's edge is east, Green's west goes to the top.
    # The template is 8 across, 16 down on the map: x 16..23, y 12..27.
    state = meet((2, 2), Edge.E, second_side=1, marks={(16, 27): "T", (23, 12): "#"})
    result = go(state, "place-template side=0 forward=0 right=0").result
    assert len(result.rows) == 8 and len(result.rows[0]) == 16
    assert result.rows[0][0] == "T"  # south-west corner: top left once west is up
    assert result.rows[7][15] == "#"  # north-east corner: bottom right


def test_ground_beyond_the_map_is_marked_as_edge():
    state = meet((0, 2), Edge.S, second_side=1)
    result = go(state, "place-template side=0 forward=0 right=0").result
    assert all(row[:4] == "XXXX" and "X" not in row[4:] for row in result.rows)


def test_counts_agree_with_reading_the_box_square_by_square():
    """counts reads each row of the box as a string: the same numbers as
    looking at every small square, on generated maps and boxes that hang
    off every edge and corner."""
    from core.rulesets.optio.generator import generate_map
    from core.rulesets.optio.maps import IMPASSABLE, SIZE
    from core.rulesets.optio.template import allowed_shifts, box_cells, counts, shift_allowed

    def by_square(m, origin, w, h):
        cells = box_cells(origin, w, h)
        inside = [c for c in cells if 0 <= c[0] < SIZE and 0 <= c[1] < SIZE]
        return sum(m.kind(c) in IMPASSABLE for c in inside), len(cells) - len(inside)

    for seed in (1, 2, 3):
        m = generate_map(seed)
        assert any(counts(m, (0, 0), SIZE, SIZE)), "the map should hold some impassable ground"
        for origin in ((-9, -9), (-4, 10), (30, -3), (36, 36), (12, 16), (35, 0), (-20, 5), (41, 41)):
            for w, h in ((16, 8), (8, 16)):
                assert counts(m, origin, w, h) == by_square(m, origin, w, h)
        for square in ((0, 0), (2, 2), (4, 1), (4, 4)):
            for edge in Edge:
                expected = frozenset((f, r) for f in (-1, 0, 1) for r in (-1, 0, 1)
                                     if shift_allowed(m, square, edge, f, r))
                assert allowed_shifts(m, square, edge) == expected
