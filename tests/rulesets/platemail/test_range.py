"""Range on the grid: one measure of feet between two cells, the one a Move
uses (5 feet a cell, a diagonal step too), for the bands of a shot, the
"in range" condition and what Why? shows (issue 26, "Platemail, range on
the grid"; docs/rulings.md, Platemail, Range on the grid).

Every position below is on a diagonal, where a straight-line measure and the
Move's measure disagree about the band."""

from core.events import Rolled
from core.rulesets.platemail.combat import feet_between, range_penalty
from core.rulesets.platemail.events import ActionTaken, AttackMade
from core.rulesets.platemail.explain import explain

from .helpers import act, order, play, position, text


def attack_roll(ev, who):
    return next(e for e in ev if isinstance(e, Rolled) and e.who == who and "attack" in e.purpose)


def test_feet_between_counts_a_diagonal_step_as_five_feet():
    """Move: "Move up to 15 feet." on 5-foot cells, diagonals too."""
    assert feet_between((0, 0), (0, 3)) == 15
    assert feet_between((0, 0), (3, 3)) == 15  # three diagonal steps, as a Move covers them
    assert feet_between((2, 5), (9, 1)) == 35
    # 30' Range: the seed's bands 5'-30', 35'-60', 65'-90', 95'-120', then nothing.
    assert [range_penalty(30, (0, 0), (n, n)) for n in (6, 7, 12, 13, 18, 19, 24, 25)] == \
        [0, -2, -2, -4, -4, -6, -6, None]


def test_a_diagonal_shot_takes_the_band_of_its_feet_and_why_shows_them():
    """Ranged Weapons: "Receives a -2 Attack at 35'-60'."

    a1, an archer (long bow, Range 30'), shoots b1 nine diagonal cells away:
    45 feet, the 2nd Range increment, -2.  (In a straight line it is 63.6
    feet, the 3rd increment, -4: the two measures disagree here.)  d20 12:
    total 10.  Why? on the roll and on the attack shows the 45 feet."""
    st = position([("archer", 0, (1, 1)), ("footman", 1, (10, 10))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(12,))
    roll = attack_roll(ev, "a1")
    assert ("Range: 45 ft, increment 2 of 30 ft", -2) in roll.modifiers
    shot = next(e for e in ev if isinstance(e, AttackMade))
    assert shot.total == 10
    events = list(ev)
    for index in (events.index(roll), events.index(shot)):
        lines, _ = explain(events, index)
        why = "\n".join(lines)
        assert "-2 Range: 45 ft, increment 2 of 30 ft" in why
        assert "a diagonal step 5 feet as in moving" in why


def test_a_javelin_reaches_as_far_as_four_of_its_ranges_counted_in_steps():
    """Ranged Weapons reach at most "4 times their Range".

    a1, a footman, throws its javelin (Range 15') at b1 nine diagonal cells
    away: 45 feet, the 3rd increment, -4.  (In a straight line, 63.6 feet is
    past four times 15': no throw at all.)  d20 14: total 10."""
    st = position([("footman", 0, (1, 1)), ("spellcaster", 1, (10, 10))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(14,))
    assert "beyond four times" not in text(ev)
    roll = attack_roll(ev, "a1")
    assert ("Range: 45 ft, increment 3 of 15 ft", -4) in roll.modifiers
    assert next(e for e in ev if isinstance(e, AttackMade)).total == 10
    assert "javelin" not in st.char("a1").carried


def test_the_in_range_condition_uses_the_same_feet():
    """IF ELSE Clause: "IF a specific condition is met"; within Range: 5'-30'.

    a1, an archer, Defends, then IF its target is in range shoots, ELSE
    Defends.  b1 stands six diagonal cells off: 30 feet, within the bow's
    30' Range (in a straight line, 42.4 feet: beyond it)."""
    st = position([("archer", 0, (1, 1)), ("footman", 1, (7, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "defend"), cond="in-range",
                             then=act(0, "ranged-attack", "b1"), otherwise=act(0, "defend"))])
    second = [e for e in ev if isinstance(e, ActionTaken) and e.unit == "a1"][1]
    assert second.why.startswith("IF my target is within Range (b1 30' away, Range 30'): true")


def test_in_range_measures_a_thrown_weapon_by_its_own_range():
    """Thrown Weapons: the Javelin's Range is 15'.

    a1, a footman with a sword in hand and a javelin to throw, Defends, then
    IF its target is in range throws (THEN Ranged Attack).  b1 is three
    diagonal cells off: 15 feet, within the javelin's 15' (the sword in
    hand has no Range: measured against it, only an adjacent target would
    be in range, yet the shot would be thrown at 15 feet without penalty)."""
    st = position([("footman", 0, (1, 1)), ("footman", 1, (4, 4))])
    st, ev = play(st, [order(0, "a1", act(0, "defend"), cond="in-range",
                             then=act(0, "ranged-attack", "b1"), otherwise=act(0, "defend"))])
    second = [e for e in ev if isinstance(e, ActionTaken) and e.unit == "a1"][1]
    assert second.why.startswith("IF my target is within Range (b1 15' away, Range 15'): true")
