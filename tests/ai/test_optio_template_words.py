"""Optio: the template's reason says what its count is the best of.

A tester read "woods/hill 40 in our half, 40 in theirs: most of 9 shifts"
and could not tell most of what.  The computer places the template where
our half's woods and hill less theirs is greatest
(``optio_screen.best_ground``; seed 003, RULES, the template paragraphs
allow a shift of one small square each way); the reason now ranks the
shift among those the rule allows: the best of them, or how many do
better.
"""

from core.ai import knowledge_for
from core.ai.search import LEVELS
from core.rulesets.optio.orders import PlaceTemplate
from core.rulesets.optio.state import Edge
from core.rulesets.optio.template import allowed_shifts
from tests.rulesets.optio.helpers import R
from tests.rulesets.optio.test_template import meet


def woods_behind_hill_ahead():
    """Green's army held 2,2 first; Red came in by the south.  The centred
    template covers small rows 16-23 (Green's half 16-19, Red's 20-23),
    columns 12-27.  Woods along row 15, a hill along row 23, both from
    column 8 to 31, so 16 of each under any shift sideways.  Forward -1
    (rows 15-22): the woods in Green's half, no hill: +16, for each of the
    three sideways shifts.  Forward 0 or +1 (rows 16-23 or 17-24): the hill
    in Red's half, no woods: -16, for the other six."""
    marks = {(x, 15): "T" for x in range(8, 32)}
    marks.update({(x, 23): "2" for x in range(8, 32)})
    return meet((2, 2), Edge.S, 1, marks=marks)


def said(order):
    state = woods_behind_hill_ahead()
    assert len(allowed_shifts(state.map, *state.met)) == 9
    know = knowledge_for(R)
    know.level = LEVELS["normal"]
    return know.explain(R.view(state, 0), 0, order)


def test_the_best_shift_says_it_is_the_best_of_those_allowed():
    assert said(PlaceTemplate(0, -1, 0)) == "woods/hill 16 in our half, 0 in theirs: best of 9 shifts"


def test_a_worse_shift_says_how_many_do_better():
    assert said(PlaceTemplate(0, 0, 0)) == "woods/hill 0 in our half, 16 in theirs: 3 of 9 shifts better"
    assert said(PlaceTemplate(0, 1, 1)) == "woods/hill 0 in our half, 16 in theirs: 3 of 9 shifts better"
