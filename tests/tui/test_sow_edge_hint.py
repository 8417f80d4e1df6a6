"""Spheres of War: a Move off the battlefield (rule 27) cannot be picked on
the board (no cell past the edge is drawn), so with the cursor on the edge
the cursor lines name the menu that lists it (tester t2: the Move was
offered only in the ``o`` menu, with nothing on the board saying so)."""

from __future__ import annotations

from core.registry import find_ruleset
from core.rulesets.spheres_of_war.actions import actor
from core.rulesets.spheres_of_war.orders import Move
from tests.ai.test_sow_blunders import EDGE, at_step
from tests.rulesets.spheres_of_war.helpers import OPEN
from tui.rulesets.spheres_of_war import leaving_lines

RULES = find_ruleset("spheres_of_war")


def test_the_edge_names_the_menu_that_lists_the_move_off():
    state = at_step(EDGE, 0)  # i1 stands on the left edge, its Action
    assert actor(state) == "i1"
    off = [o for o in RULES.legal_orders(state, 0) if isinstance(o, Move) and not OPEN.in_bounds(o.to)]
    assert off  # the rules offer it
    view = RULES.view(state, 0)
    lines = leaving_lines(view, "i1", (0, 5))
    assert lines and "off the battlefield" in lines[0] and lines[0].startswith("o:"), lines


def test_nothing_is_said_away_from_the_edge_or_for_a_figure_not_acting():
    state = at_step(EDGE, 0)
    view = RULES.view(state, 0)
    assert leaving_lines(view, "i1", (2, 5)) == []  # the cursor inside the board
    assert leaving_lines(view, "r1", (0, 9)) == []  # r1's Action is not now


def test_nothing_is_said_where_no_move_leaves_the_battlefield():
    # i1 well inside: a Move of at most 2 inches cannot pass any edge
    state = at_step({**EDGE, "i1": (5, 5)}, 0)
    view = RULES.view(state, 0)
    assert all(OPEN.in_bounds(o.to) for o in RULES.legal_orders(state, 0) if isinstance(o, Move))
    assert leaving_lines(view, "i1", (0, 5)) == []
