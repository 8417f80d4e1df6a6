"""Where normal and hard deploy in Spheres of War (core/ai/sow_deploy.py), checked
against reaches worked by hand from rules 25-29: a Move goes up to 2
inches straight toward the opponent, and a figure that ends it touching
(side or corner) strikes first.  Zones as on open-12: rows 0-5 and 6-11,
touching (rule 6)."""

from __future__ import annotations

import attrs

from core.ai import LEVELS
from core.ai.sow_deploy import NextTurn, deploy_cells, first_turn, placement_note, reaches
from core.ai.spheres_of_war import SpheresKnowledge
from core.board import Battlefield, Rect, Terrain, Zone
from core.deployment import Deploy
from core.game import start
from core.registry import find_ruleset

OPEN = Battlefield("open", 12, 12, ("." * 12,) * 12, ((".", Terrain()),),
                   (Zone(0, (Rect(0, 0, 11, 5),)), Zone(1, (Rect(0, 6, 11, 11),))))


def cells_of(side: int) -> list:
    return [(x, y) for y in (range(6) if side == 0 else range(6, 12)) for x in range(12)]


def test_reach_is_one_two_inch_move_then_touching():
    assert reaches(OPEN, (5, 3), (5, 6), [])  # 3 apart on a column: 2 inches leaves them touching
    assert not reaches(OPEN, (5, 2), (5, 6), [])  # 4 apart: still 2 off after the Move
    assert reaches(OPEN, (3, 3), (5, 5), [])  # 2 and 2: one diagonal step (1.4 in) touches
    assert not reaches(OPEN, (4, 3), (5, 6), [])  # 1 across and 3 up: no 2-inch Move along the line touches
    assert not reaches(OPEN, (2, 3), (5, 4), [])  # 3 across and 1 up, likewise
    assert not reaches(OPEN, (5, 3), (5, 6), [(5, 4)])  # a figure in the way
    assert reaches(OPEN, (5, 5), (6, 6), [])  # already touching


def test_the_first_turn_pairs_the_closest_figures_first():
    # The Instigator's (5,6) is closest to (5,4) (2 apart), which it reaches;
    # (8,6) is then paired with (8,2), 4 apart: out of reach.
    assert first_turn(OPEN, [(5, 6), (8, 6)], [(5, 4), (8, 2)]) == 1
    # One Retaliator's figure left, on (8,2): it is 4 from (8,6) and 5 from
    # (5,6), so it is paired with (8,6), out of reach, and (5,6) has nobody.
    assert first_turn(OPEN, [(5, 6), (8, 6)], [(8, 2)]) == 0
    # NextTurn counts just the Matches of one pair's two figures, the rest
    # standing still: (8,6)-(8,4) is the closest pair (2 apart, in reach);
    # (5,3) is left to (5,6), 3 apart on a column, but that Match is not the pair's.
    assert NextTurn(OPEN, [(5, 6)], [(5, 3)]).strikes((8, 6), (8, 4)) == 1
    # (8,6)-(8,4) goes first and is not the pair's; (5,6) then meets (5,2),
    # 4 apart: out of reach.
    assert NextTurn(OPEN, [(8, 6)], [(8, 4)]).strikes((5, 6), (5, 2)) == 0
    # The pair's figures can each be Matched with somebody else: (6,6) with
    # (6,4), 2 apart, and (2,3) with (2,6), 3 apart on a column: two strikes.
    assert NextTurn(OPEN, [(2, 6)], [(6, 4)]).strikes((6, 6), (2, 3)) == 2



def test_the_retaliator_deploying_first_keeps_out_of_any_reach():
    # Side 0 is the Retaliator and deploys first: from rows 3-5 a figure
    # the Instigator puts on row 6 would reach it; row 2 is the farthest
    # forward nobody can reach, so every cell chosen is on it.
    best = deploy_cells(OPEN, 0, 1, [], [], 5, cells_of(0))
    assert best and {y for _, y in best} == {2}


def test_the_instigator_deploying_second_strikes_a_figure_left_in_reach():
    # Side 1 is the Instigator; side 0 left a figure on (5,3).  Of the
    # Instigator's zone only (5,6) reaches it (3 straight up); (4,6) and
    # (6,6) are 1 across and 3 up, out of reach.
    assert deploy_cells(OPEN, 1, 1, [], [(5, 3)], 0, cells_of(1)) == [(5, 6)]


def test_the_retaliator_deploying_second_stays_out_of_the_instigators_reach():
    # Side 1 (the Instigator) stands on (5,6) and has deployed everything.
    # Row 5 is as far forward as side 0 can go; (3..7, 5) are within a Move
    # of (5,6), (2,5) and (8,5) are 3 across and 1 down: out of reach.
    best = deploy_cells(OPEN, 0, 1, [], [(5, 6)], 0, cells_of(0))
    assert set(best) == {(x, 5) for x in (0, 1, 2, 8, 9, 10, 11)}


def test_the_instigator_deploying_first_goes_forward_and_spreads():
    # Nothing placed yet: the front row, where the most of the other zone
    # comes within reach.  A second figure is put where it covers cells the
    # first does not.
    first = deploy_cells(OPEN, 0, 0, [], [], 5, cells_of(0))
    assert first and {y for _, y in first} == {5}
    second = deploy_cells(OPEN, 0, 0, [(5, 5)], [], 5, [c for c in cells_of(0) if c != (5, 5)])
    assert second and all(y == 5 and abs(x - 5) >= 3 for x, y in second)


def test_normal_and_hard_deploy_on_a_best_cell_and_easy_searches_them_all():
    rules = find_ruleset("spheres_of_war")
    options = attrs.evolve(rules.default_options(), instigator="second")  # side 0 the Retaliator
    game = start(rules, options, OPEN, 5, ("A", "B"))
    legal = game.legal_orders(0)
    kept = {}
    for level in ("easy", "normal", "hard"):
        know = SpheresKnowledge(rules)
        know.level = LEVELS[level]
        kept[level] = know.shortlist(game.view(0), 0, legal)
    assert kept["easy"] == list(legal)
    for level in ("normal", "hard"):
        [order] = kept[level]
        assert isinstance(order, Deploy) and order.at in deploy_cells(OPEN, 0, 1, [], [], 5, cells_of(0))
        assert order.at[1] == 2  # out of reach of row 6, where the Instigator may deploy


def test_the_log_says_what_a_placement_faces_in_the_first_turn():
    # Instigator (side 1) with the Retaliator's r2 on (5,3): (5,6) is one
    # Move from it; (0,11) reaches none of the Retaliator's zone (rows 0-5
    # are 6 and more rows off).
    assert placement_note(OPEN, 1, 1, (5, 6), {}, {"r2": (5, 3)}, False) == "one Move from r2: strikes first in turn 1"
    assert placement_note(OPEN, 1, 1, (0, 11), {}, {"r2": (5, 3)}, False) == \
        "nothing in the Retaliator's zone within one Move of it"
    # (0,6) in the corner reaches (0,3), (0,4), (1,4), (2,4), (0,5), (1,5),
    # (2,5): seven cells of rows 3-5 (3 up on its column, else 2 across and 2 up).
    assert placement_note(OPEN, 1, 1, (0, 6), {}, {}, True) == "7 cells of the Retaliator's zone within one Move of it"
    # The Retaliator (side 0): (5,4) is 2 below the Instigator's i1 on (5,6).
    assert placement_note(OPEN, 0, 1, (5, 4), {}, {"i1": (5, 6)}, False) == "within one Move of i1: struck first if Matched"
    assert placement_note(OPEN, 0, 1, (5, 4), {}, {"i1": (5, 6), "i2": (4, 6), "i3": (0, 11)}, False) == \
        "within one Move of i1 and 1 more: struck first if Matched"
    assert placement_note(OPEN, 0, 1, (5, 2), {}, {"i1": (5, 6)}, False) == "out of reach of the Instigator's figures"
    # With the Instigator still to deploy, row 3 can be reached from row 6; row 2 cannot.
    assert placement_note(OPEN, 0, 1, (5, 3), {}, {}, True) == "the Instigator can still deploy within one Move of it"
    assert placement_note(OPEN, 0, 1, (5, 2), {}, {}, True) == "out of reach of every cell the Instigator can deploy on"
