"""Optio: where the computer places the template, and why it says so.

Seed 003, RULES (the template paragraphs): the placer may shift the
template one small square each way, never to take in more impassable
ground or map edge than the centred template (less is always allowed).
The search weighs no ground, so its pick among the shifts was chance: a
tester saw normal place it with 32 squares beyond the map's edge where a
shift the other way left 24, and say only "shifted: 12 woods, 25 hill; 32
rock/water/edge".  Every level now places it where the fewest squares of
rock, water and map edge are taken in (of those, the least shifted), and
the reason says so against the centred count.
"""

import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS
from core.rulesets.optio.state import Edge
from core.rulesets.optio.template import allowed_shifts, counts, template_box
from tests.rulesets.optio.helpers import R
from tests.rulesets.optio.test_template import meet

ALL = ["easy", "normal", "hard"]


def met_at_the_west_edge():
    """Green's army held 0,2 first; Red came in by the south.  The centred
    template hangs half a square (4 x 8) over the west edge; facing south,
    Green's right is west, so right -1 moves it a square east, onto the map."""
    return meet((0, 2), Edge.S, 1)


def test_the_rule_allows_the_shift_east_and_it_takes_in_less_edge():
    state = met_at_the_west_edge()
    assert counts(state.map, *template_box(*state.met)) == (0, 32)
    assert counts(state.map, *template_box(*state.met, 0, -1)) == (0, 24)
    assert (0, -1) in allowed_shifts(state.map, *state.met)
    assert (0, 1) not in allowed_shifts(state.map, *state.met)  # west: more edge


@pytest.mark.parametrize("level", ALL)
def test_every_level_places_it_where_least_ground_is_lost(level):
    state = met_at_the_west_edge()
    know = knowledge_for(R)
    know.level = LEVELS[level]
    view, legal = R.view(state, 0), R.legal_orders(state, 0)
    assert [o.to_text() for o in know.shortlist(view, 0, legal)] == ["place-template side=0 forward=0 right=-1"]
    for seed in range(4):
        choice = choose(R, view, 0, legal, level, seed, 0)
        assert (choice.order.forward, choice.order.right) == (0, -1), choice.reason
        assert choice.reason == ("Template: forward +0, right -1: "
                                 "24 rock/water/edge (centred 32), fewest of 6 shifts allowed")


def test_on_open_ground_the_centred_template_is_kept_and_a_worse_shift_says_its_count():
    open_ground = meet((2, 2), Edge.S, 1)
    know = knowledge_for(R)
    know.level = LEVELS["normal"]
    view = R.view(open_ground, 0)
    assert len(allowed_shifts(open_ground.map, *open_ground.met)) == 9
    assert [o.to_text() for o in know.shortlist(view, 0, R.legal_orders(open_ground, 0))] == [
        "place-template side=0 forward=0 right=0"]
    assert know.explain(view, 0, R.parse_order("place-template side=0 forward=0 right=0")) == (
        "0 rock/water/edge, fewest of 9 shifts allowed; open ground")
    # At the west edge a shift forward keeps all 32 squares of edge: more than the best, and said plainly.
    edge = met_at_the_west_edge()
    said = know.explain(R.view(edge, 0), 0, R.parse_order("place-template side=0 forward=1 right=0"))
    assert said == "shifted: open ground; 32 rock/water/edge"
