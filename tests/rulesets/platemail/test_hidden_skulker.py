"""A hidden skulker stays hidden everywhere (issue 11, point 4).  Seed,
Skulk: a short move "attempting to stay Hidden"; a Perception
under the Stealth Roll leaves a character "Unaware of the skulker".
The enemy's log, legal orders and lit cells never tell where it is."""

from core.events import visible_to
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.state import Write

from .helpers import act, order, play, position

HEDGES = ["." * 12] * 7 + ["hhhhhhhhhhhh"] * 2 + ["." * 12] * 3
UNSEEN = {"hidden": True, "stealth_roll": 25}  # above every passive Perception (10 + 0..5)


def lines(events, side):
    return [e.sentence for e in events if visible_to(e, side)]


def test_an_unseen_skulk_is_logged_for_its_own_side_only():
    st = position([("footman", 0, (5, 2)), ("rogue", 1, (5, 10))], rows=HEDGES)
    # d20 18 + Stealth 3 = 21 beats the footman's passive Perception.
    st, events = play(st, [order(1, "b1", act(1, "skulk", to=(5, 8)))], dice=(18,))
    assert st.char("b1").hidden and st.char("b1").pos == (5, 8)
    mine, theirs, onlooker = lines(events, 1), lines(events, 0), lines(events, None)
    assert any("b1 skulks from" in s for s in mine) and any("Stealth" in s for s in mine)
    for told in (theirs, onlooker):
        assert not any("skulks" in s or "Stealth" in s or "5,8" in s for s in told)
    assert "b1 slips out of sight" in theirs  # what the footman noticed


def test_a_seen_skulkers_stealth_roll_stays_secret():
    # d20 2 + Stealth 3 = 5: the footman still sees b1, but not the number.
    st = position([("footman", 0, (5, 2)), ("rogue", 1, (5, 10))], rows=HEDGES)
    st, events = play(st, [order(1, "b1", act(1, "skulk", to=(5, 8)))], dice=(2,))
    theirs = lines(events, 0)
    assert not any("Stealth" in s for s in theirs)
    assert "b1 tries to hide, but is still in sight" in theirs


def texts(state, side):
    return [RULESET.describe_order(state, o) for o in RULESET.legal_orders(state, side)]


def test_legal_orders_do_not_depend_on_where_an_unseen_skulker_is():
    # b1 is the nearest enemy; the sample "Move towards the nearest foe"
    # must not walk towards (or onto) its real cell.
    here = position([("footman", 0, (5, 2)), ("rogue", 1, (5, 6), UNSEEN), ("footman", 1, (0, 11))])
    there = position([("footman", 0, (5, 2)), ("rogue", 1, (9, 3), UNSEEN), ("footman", 1, (0, 11))])
    assert texts(here, 0) == texts(there, 0)
    assert RULESET.view(here, 0) == RULESET.view(there, 0)
    for o in RULESET.legal_orders(here, 0):
        if isinstance(o, Write):
            assert o.first.to not in ((5, 6), (5, 5), (5, 4))  # towards b1's real cell
    # Orders naming the unseen skulker light no cell on its enemy's board.
    charge = order(0, "a1", act(0, "charge", "b1"))
    assert RULESET.order_cells(here, charge) == ()


def test_a_move_into_an_unseen_skulker_is_accepted_and_bumps():
    st = position([("footman", 0, (5, 3)), ("rogue", 1, (5, 5), UNSEEN), ("footman", 1, (0, 11))])
    w = order(0, "a1", act(0, "move", to=(5, 7)), then=act(0, "defend"))
    assert RULESET.check(st, w) is None  # nothing about b1 is given away by a refusal
    st, events = play(st, [w])
    assert st.char("a1").pos == (5, 4)  # planned straight through 5,5, and stopped there
    assert "a1 bumps into someone unseen at 5,5 and stops" in lines(events, 0)


def test_an_unaware_character_cannot_charge_the_skulker_by_name():
    st = position([("footman", 0, (5, 3)), ("rogue", 1, (5, 6), UNSEEN)],
                  rows=["." * 12] * 6 + ["hhhhhhhhhhhh"] + ["." * 12] * 5)
    st, events = play(st, [order(0, "a1", act(0, "charge", "b1"), then=act(0, "defend"))])
    assert st.char("a1").pos == (5, 3)  # it does not know where b1 is
    taken = [e for e in events if type(e).__name__ == "ActionTaken" and e.unit == "a1"][0]
    assert taken.action == "Charge"
