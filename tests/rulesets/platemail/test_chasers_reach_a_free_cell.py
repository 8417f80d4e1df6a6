"""A mover making for a character uses its whole allowance towards any free
cell beside it (seed: Moving, Charge (NR); docs/rulings.md, Platemail,
Movement: a step each tick along the shortest path to a cell adjacent to
the target, planned again each tick).  A tester's two Charges stopped one
cell short, waiting behind a friend who had already reached the cell they
aimed at, while other cells beside the target were empty."""

from __future__ import annotations

import pytest

from core.board import chebyshev
from core.events import Moved
from core.rulesets.platemail.events import AttackMade, ChargeFailed

from .helpers import act, order, play, position


def _steps(events, uid):
    return [(e.frm, e.to) for e in events if isinstance(e, Moved) and e.unit == uid]


@pytest.mark.parametrize("kind", ["charge", "move"])
def test_the_second_chaser_goes_round_the_friend_beside_the_target(kind):
    # The tester's Open field 12x12: a1 (Footman) and a2 (Rogue) both make
    # for b1 at 3,6; b2 (Archer) far off.  a1 reaches 4,6 in two steps; a2,
    # a step behind it, has a third cell left and 4,5 and 4,7 stand empty
    # beside b1: it must take one (it used to wait behind a1 at 5,6).
    st = position([("footman", 0, (6, 5)), ("rogue", 0, (7, 5)), ("footman", 1, (3, 6)), ("archer", 1, (11, 11))])
    st, ev = play(st, [order(0, "a1", act(0, kind, "b1")), order(0, "a2", act(0, kind, "b1")),
                       order(1, "b1", act(1, "defend")), order(1, "b2", act(1, "defend"))], dice=(10, 10))
    a1, a2, b1 = (st.char(u).pos for u in ("a1", "a2", "b1"))
    assert chebyshev(a1, b1) == 1 and chebyshev(a2, b1) == 1 and a1 != a2
    assert a2 in {(4, 5), (4, 7)}  # the two free cells beside b1 one step from 5,6
    assert len(_steps(ev, "a2")) == 3  # the whole 15 feet
    if kind == "charge":
        assert not [e for e in ev if isinstance(e, ChargeFailed)]
        assert [(e.attacker, e.target, e.how) for e in ev if isinstance(e, AttackMade)] == [
            ("a1", "b1", "melee"), ("a2", "b1", "melee")]


def test_the_testers_second_charge_takes_a_free_cell_instead_of_stopping_ten_feet_short():
    # The tester saw a2 go 10,9 -> 9,10 -> 8,10 and stop 10 ft from its
    # target while 7,9 and 7,11 were free.  The same steps, rebuilt: b1 at
    # 6,10, a1 Charging it from 8,11 reaches 7,10 in its first step, the
    # cell a2's path aimed at.
    st = position([("footman", 0, (8, 11)), ("rogue", 0, (10, 9)), ("footman", 1, (6, 10)), ("archer", 1, (0, 0))])
    st, ev = play(st, [order(0, "a1", act(0, "charge", "b1")), order(0, "a2", act(0, "charge", "b1")),
                       order(1, "b1", act(1, "defend")), order(1, "b2", act(1, "defend"))], dice=(10, 10))
    steps = _steps(ev, "a2")
    assert steps[:2] == [((10, 9), (9, 10)), ((9, 10), (8, 10))]
    assert len(steps) == 3 and steps[2][1] in {(7, 9), (7, 11)}
    assert not [e for e in ev if isinstance(e, ChargeFailed)]
    assert ("a2", "b1") in [(e.attacker, e.target) for e in ev if isinstance(e, AttackMade)]
