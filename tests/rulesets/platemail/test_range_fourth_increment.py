"""A shot at four times its weapon's Range: -6, the rule's -2 for each
further increment, not the -4 the seed's example prints for 95'-120'
(docs/rulings.md, Platemail, "The fourth Range increment"); and Why? says
no shot reaches past four times the Range (a tester read the old "none
beyond four" as "no penalty beyond four").

Seed 002, *Ranged Weapons*: past its Range a shot loses 2 for every
further Range increment, counted up, and no shot goes past four times
the Range.  With a
30' Range: 5'-30' no penalty, 35'-60' -2, 65'-90' -4, 95'-120' -6
(the example's "-4 Attack at 95'-120'" taken as a misprint)."""

from core.events import Rolled
from core.rulesets.platemail.events import AttackMade
from core.rulesets.platemail.explain import explain

from .helpers import act, order, play, position, text

# An open field 26 cells (130 feet) wide, the usual deployment zones in its corner.
WIDE = ["." * 26] * 12


def shot_at(cells: int, d20: int):
    """a1, an archer (long bow, Range 30'), shoots b1, a footman ``cells``
    cells to its east in a straight line, on a d20 of ``d20``."""
    st = position([("archer", 0, (0, 5)), ("footman", 1, (cells, 5))], rows=WIDE)
    return play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(d20,))


def test_a_shot_at_four_times_the_range_has_minus_six_and_why_says_none_reaches_further():
    # 24 cells: 120 feet, the 4th increment of 30 feet: -2 x 3.  d20 15: total 9.
    _, ev = shot_at(24, 15)
    roll = next(e for e in ev if isinstance(e, Rolled) and e.who == "a1" and "attack" in e.purpose)
    assert ("Range: 120 ft, increment 4 of 30 ft", -6) in roll.modifiers
    shot = next(e for e in ev if isinstance(e, AttackMade))
    assert shot.total == 9
    events = list(ev)
    why = "\n".join(explain(events, events.index(shot))[0])
    assert "-6 Range: 120 ft, increment 4 of 30 ft" in why
    assert "-2 for each Range increment past the first; no shot reaches beyond four times the Range" in why
    assert "none beyond four" not in why


def test_one_cell_further_no_shot_is_made():
    # 25 cells: 125 feet, past 4 x 30 feet.
    _, ev = shot_at(25, 15)
    assert not [e for e in ev if isinstance(e, AttackMade)]
    assert "beyond four times the Range of 30 ft" in text(ev)
