"""Allies making for the same character go side by side (seed: Moving,
Sprint, Crash; docs/rulings.md, Platemail, Movement, "Side by side"): when
two of them would step into one cell in the same tick, the one with more
movement left (then the lower id) takes it and the other steps into
another free cell of the same progress towards the target, so a Sprint
covers its whole 30 feet.  It used to Crash into its friend and wait a
tick, which cost a Sprint (six cells in six ticks) a cell for good."""

from __future__ import annotations

from core.board import chebyshev
from core.events import Moved
from core.rulesets.platemail.events import Crashed

from .helpers import act, order, play, position


def _steps(events, uid):
    return [(e.frm, e.to) for e in events if isinstance(e, Moved) and e.unit == uid]


def test_two_sprinters_at_one_enemy_both_cover_thirty_feet():
    # a1 at 4,1 and a2 at 6,1 Sprint at b1 on 5,10.  Their straightest first
    # steps are both 5,2; 6,2 is as near b1 (7 cells from a cell beside it,
    # as 5,2 is), so a2 takes it instead of waiting behind a1.
    st = position([("footman", 0, (4, 1)), ("footman", 0, (6, 1)), ("footman", 1, (5, 10)),
                   ("archer", 1, (11, 11))])
    st, ev = play(st, [order(0, "a1", act(0, "sprint", "b1")), order(0, "a2", act(0, "sprint", "b1")),
                       order(1, "b1", act(1, "defend")), order(1, "b2", act(1, "defend"))], dice=(15,) * 20)
    a1, a2 = _steps(ev, "a1"), _steps(ev, "a2")
    assert len(a1) == 6 and len(a2) == 6  # 30 feet each
    assert a2[0] == ((6, 1), (6, 2))
    assert not [e for e in ev if isinstance(e, Crashed)]  # side by side, their paths never cross
    assert st.char("a1").pos != st.char("a2").pos
    # each ends 6 rows on, 2 cells short of b1 (its 8 cells away)
    assert chebyshev(st.char("a1").pos, (5, 10)) == 3 and chebyshev(st.char("a2").pos, (5, 10)) == 3


def test_the_one_with_more_movement_left_keeps_the_cell():
    # a1 Charges b1 (3 cells), a2 Sprints at it (6): both make first for
    # 5,2; the Sprinter has more movement left and keeps it, the Charger
    # takes 4,2 beside it (4,2 as near b1 as 5,2).
    st = position([("footman", 0, (4, 1)), ("footman", 0, (6, 1)), ("footman", 1, (5, 10)),
                   ("archer", 1, (11, 11))])
    st, ev = play(st, [order(0, "a1", act(0, "charge", "b1")), order(0, "a2", act(0, "sprint", "b1")),
                       order(1, "b1", act(1, "defend")), order(1, "b2", act(1, "defend"))], dice=(15,) * 20)
    assert _steps(ev, "a2")[0] == ((6, 1), (5, 2))
    assert _steps(ev, "a1")[0] == ((4, 1), (4, 2))
    assert len(_steps(ev, "a1")) == 3 and len(_steps(ev, "a2")) == 6
    assert not [e for e in ev if isinstance(e, Crashed)]


def test_with_no_other_cell_of_the_same_progress_they_meet_and_one_waits():
    # A one-cell gap at 5,2 in a wall: both Sprinters must go through it.
    # Nothing else is as near b1, so they meet as before (a Crash: a Sprint
    # is Not Ready) and the one that gets through second loses a tick.
    rows = ["." * 12, "." * 12, "#####.######"] + ["." * 12] * 9
    st = position([("footman", 0, (4, 1)), ("footman", 0, (6, 1)), ("footman", 1, (5, 10)),
                   ("archer", 1, (11, 11))], rows)
    st, ev = play(st, [order(0, "a1", act(0, "sprint", "b1")), order(0, "a2", act(0, "sprint", "b1")),
                       order(1, "b1", act(1, "defend")), order(1, "b2", act(1, "defend"))], dice=(15,) * 20)
    assert [(e.first, e.second) for e in ev if isinstance(e, Crashed)] == [("a1", "a2")]
    assert _steps(ev, "a1")[0] == ((4, 1), (5, 2))
    assert len(_steps(ev, "a1")) == 6 and len(_steps(ev, "a2")) == 5
