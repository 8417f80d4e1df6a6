"""What a Waylights figure's weapon reaches and what a move gives (issue 29).
Hand-built positions checked against the seed: melee of range 1 "cannot
reach diagonally"; light cover is "a 1/3 chance" to avoid a shot; a ranged
weapon reaches its range when the target is in sight and not in full cover."""

from __future__ import annotations

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.glance import could_strike, cover_sources, shots_from, weapon_reach
from core.rulesets.waylights.orders import Attack, Move, SplitMove, Step

from .helpers import position


def test_a_sword_reaches_the_four_cells_beside_never_a_diagonal():
    s = position([("a1", 0, "fighter", (4, 4)), ("b1", 1, "fighter", (8, 8))], "a1")
    assert weapon_reach(s, "a1") == {(3, 4), (5, 4), (4, 3), (4, 5)}


def test_a_spear_of_reach_two_reaches_every_cell_within_two():
    s = position([("a1", 0, "spear", (4, 4)), ("b1", 1, "fighter", (8, 8))], "a1")
    cells = weapon_reach(s, "a1")
    # dx^2 + dy^2 <= 4: the eight neighbours and the four cells two straight away
    assert cells == {(4 + dx, 4 + dy) for dx in range(-2, 3) for dy in range(-2, 3)
                     if 0 < dx * dx + dy * dy <= 4}


def test_a_wall_stops_a_spear_and_hides_a_target_from_a_launcher():
    rows = ["..........", "..........", "..........", "..........",
            "....#.....", "..........", "..........", "..........", "..........", ".........."]
    s = position([("a1", 0, "spear", (4, 3)), ("b1", 1, "fighter", (8, 8))], "a1", rows=rows)
    assert (4, 5) not in weapon_reach(s, "a1")  # the wall at 4,4 stands between
    s = position([("a1", 0, "archer", (4, 0)), ("b1", 1, "fighter", (8, 8))], "a1", rows=rows)
    assert (4, 5) not in weapon_reach(s, "a1")  # behind the wall: out of sight
    assert (0, 9) in weapon_reach(s, "a1")  # open ground within the launcher's range of 10


def test_a_move_gives_a_shot_only_where_the_weapon_reaches_the_enemy():
    s = position([("a1", 0, "fighter", (0, 0)), ("b1", 1, "fighter", (5, 5)), ("b2", 1, "fighter", (7, 5))], "a1")
    got = shots_from(s, "a1", [(5, 4), (6, 5), (4, 4), (0, 1)])
    # 5,4 is beside b1; 6,5 is beside both; 4,4 is diagonal to b1 (no reach); 0,1 far away
    assert got == {(5, 4): ("b1",), (6, 5): ("b1", "b2")}


def test_light_cover_comes_from_the_brush_beside_the_target():
    rows = ["..........", "..........", "..........", "..........", "..........",
            "....,.....", "..........", "..........", "..........", ".........."]
    s = position([("a1", 0, "archer", (0, 5)), ("b1", 1, "fighter", (5, 5))], "a1", rows=rows)
    level, why = cover_sources(s, (0, 5), "b1")
    assert level == 1 and why == ["brush at 4,5 (light)"]
    level, why = cover_sources(s, (5, 0), "b1")  # from the north the brush is not on the line
    assert level == 0 and why == []


def _attacks_in_its_turn(figures, foe: str, target: str, rows=None) -> bool:
    """By the rules: ``foe``, given its turn, has a legal Attack on
    ``target`` where it stands or after one of its legal moves."""
    state = position(figures, foe, rows=rows)
    side = state.get(foe).side

    def attacks(s) -> bool:
        return any(isinstance(o, Attack) and o.target == target for o in R.legal_orders(s, side))

    moves = [o for o in R.legal_orders(state, side) if isinstance(o, (Move, SplitMove, Step)) and o.unit == foe]
    return attacks(state) or any(attacks(R.apply(state, o)[0]) for o in moves)


def test_who_could_strike_a_figure_before_its_next_turn_is_who_the_rules_let():
    """A fighter (Move 6, a sword beside only) four rows off reaches a1
    with a Move and a Fight; a mook (Move 5) nine rows off does not; an
    archer (range 10) in the open shoots from where it stands; behind the
    wall row, a fighter must go round it (diagonals cost 2) and cannot."""
    wall = ["..........", "..........", "..........", "..........",
            "#########.", "..........", "..........", "..........", "..........", ".........."]
    cases = [
        ([("a1", 0, "slinger", (2, 2)), ("b1", 1, "fighter", (2, 6)), ("b2", 1, "mook", (2, 9))], None),
        ([("a1", 0, "slinger", (2, 0)), ("b1", 1, "archer", (2, 9)), ("b2", 1, "mook", (7, 9))], None),
        ([("a1", 0, "slinger", (2, 2)), ("b1", 1, "fighter", (2, 6))], wall),
    ]
    expected = [("b1",), ("b1",), ()]
    for (figures, rows), want in zip(cases, expected, strict=True):
        state = position(figures, "a1", rows=rows)
        assert could_strike(state, "a1") == want
        for foe in [f[0] for f in figures[1:]]:  # the rules agree, foe by foe
            assert _attacks_in_its_turn(figures, foe, "a1", rows) == (foe in want)
