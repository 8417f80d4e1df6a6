"""Simultaneous movement: Clash and Crash geometry, Attacks of Opportunity."""

from core.events import Moved
from core.rulesets.platemail.events import AttackMade, Clashed, Crashed

from .helpers import act, order, play, position


def test_head_on_sprinters_clash_where_they_come_into_contact():
    st = position([("footman", 0, (5, 2)), ("footman", 1, (5, 9))])
    st, ev = play(st, [order(0, "a1", act(0, "sprint", to=(5, 9))),
                       order(1, "b1", act(1, "sprint", to=(5, 2)))])
    clash = [e for e in ev if isinstance(e, Clashed)]
    # Tick 3 would bring them from 3 cells apart into contact: both step and stop.
    assert clash and clash[0].at == ((5, 5), (5, 6))
    assert st.char("a1").pos == (5, 5) and st.char("b1").pos == (5, 6)
    assert not [e for e in ev if isinstance(e, AttackMade)]  # Sprint is Not Ready: no AoO


def test_same_cell_clash_goes_to_a_die_roll_when_movement_left_is_equal():
    st = position([("footman", 0, (5, 2)), ("footman", 1, (5, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "sprint", to=(5, 9))),
                       order(1, "b1", act(1, "sprint", to=(5, 0)))], dice=(1,))
    # After one tick they are 2 apart, both making for 5,4: the d2 (1) gives it to a1.
    assert st.char("a1").pos == (5, 4) and st.char("b1").pos == (5, 5)


def test_ready_clashers_get_attacks_of_opportunity_and_a_charger_keeps_favor():
    st = position([("footman", 0, (5, 2)), ("footman", 1, (5, 9))])
    st, ev = play(st, [order(0, "a1", act(0, "charge", "b1")),
                       order(1, "b1", act(1, "move", to=(5, 2)))], dice=(10, 10))
    a = [e for e in ev if isinstance(e, AttackMade)]
    # a1 charges (NR) and attacks with Favor; b1 moved Ready and makes its AoO.
    assert [(x.attacker, x.how) for x in a] == [("a1", "melee"), ("b1", "opportunity")]
    assert a[0].total == 13  # 10 + Favor
    assert a[0].defense == 11 and a[1].defense == 11  # both Not Ready after the Clash: no shield


def test_allies_crossing_while_one_is_not_ready_crash():
    st = position([("footman", 0, (3, 5)), ("footman", 0, (5, 3)), ("footman", 1, (0, 11))])
    st, ev = play(st, [order(0, "a1", act(0, "sprint", to=(8, 5))),
                       order(0, "a2", act(0, "move", to=(5, 7)))], dice=(5, 15))
    assert [e for e in ev if isinstance(e, Crashed)]
    # a1 (NR, Disfavor) 5+1-3 fails: stops and falls Prone; a2 (R, Favor) 15+1+3 passes.
    assert st.char("a1").pos == (4, 5)
    assert st.char("a2").pos == (5, 6)  # continued through 5,5 to its 15 feet


def test_ready_allies_do_not_crash():
    st = position([("footman", 0, (3, 5)), ("footman", 0, (5, 3)), ("footman", 1, (0, 11))])
    st, ev = play(st, [order(0, "a1", act(0, "move", to=(6, 5))),
                       order(0, "a2", act(0, "move", to=(5, 6)))])
    assert not [e for e in ev if isinstance(e, Crashed)]


def test_leaving_a_ready_enemy_provokes_one_attack_of_opportunity():
    st = position([("footman", 0, (5, 5)), ("footman", 1, (4, 6)), ("footman", 1, (6, 6))])
    st, ev = play(st, [order(1, "b1", act(1, "move", to=(1, 9))),
                       order(1, "b2", act(1, "move", to=(9, 9)))], dice=(19,))
    a = [e for e in ev if isinstance(e, AttackMade)]
    assert len(a) == 1 and a[0].how == "opportunity" and a[0].target == "b1"
    assert a[0].defense == 14 and a[0].hit  # a mover who stays Ready keeps shield and sword


def test_fall_back_prevents_attacks_of_opportunity():
    st = position([("footman", 0, (5, 5)), ("footman", 1, (5, 6))])
    st, ev = play(st, [order(1, "b1", act(1, "fall-back"))])
    assert not [e for e in ev if isinstance(e, AttackMade)]
    assert st.char("b1").pos[1] > 6  # moved away from the hostile


def test_movers_follow_the_grid_and_every_step_is_an_event():
    st = position([("footman", 0, (0, 0)), ("footman", 1, (11, 11))])
    st, ev = play(st, [order(0, "a1", act(0, "move", to=(3, 3)), "reached",
                             act(0, "move", to=(3, 6)), act(0, "defend"))])
    steps = [(e.frm, e.to) for e in ev if isinstance(e, Moved)]
    assert steps == [((0, 0), (1, 1)), ((1, 1), (2, 2)), ((2, 2), (3, 3)),
                     ((3, 3), (3, 4)), ((3, 4), (3, 5)), ((3, 5), (3, 6))]
