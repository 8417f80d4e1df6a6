"""Log lines a tester found misleading in Platemail: a roll's total read as
its die, no line saying an Attack beat the guard's Deflection (seed:
Guard), and "(1 left)" after a heal read as one potion left."""

from core.rulesets.platemail.events import GuardBeaten
from core.rulesets.platemail.explain import explain

from .helpers import act, order, play, position


def lines(events):
    return [e.sentence for e in events]


def _guarded(dice):
    """a1 (footman, sword) Counters b1, who Defends (Disfavor, -3); b2, a
    rogue in leather (Defense 10 + 2 = 12, Ready), Guards b1."""
    st = position([("footman", 0, (5, 5)), ("spellcaster", 1, (5, 6)), ("rogue", 1, (6, 6))])
    return play(st, [order(0, "a1", act(0, "counter", "b1")),
                     order(1, "b2", act(1, "guard", "b1"), then=act(1, "guard", "b1"))], dice=dice)


def test_a_roll_that_beats_the_guard_says_so_before_the_d6_then_goes_on_to_the_guarded():
    """d20 18 - 3 = 15 beats the guard's Defense 12: not blocked (Guard,
    first step); d6 3, odd: the Attack goes on to b1, rolled again (d20 2
    - 3 = -1, a miss)."""
    _, ev = _guarded((18, 3, 2))
    said = lines(ev)
    roll = said.index("a1 rolls 1d20 for melee attack on b1, against b2's guard: 18, -3 Disfavor (b1 defends) = 15")
    beaten = said.index("a1 melee attack on b1: 15 vs Defense 12 (d20 18), beats b2's Guard")
    d6 = said.index("b2 rolls 1d6 for b2's guard (even: the guard is hit): 3")
    on = said.index("b2 could not block; the attack goes on to b1")
    assert roll + 1 == beaten and beaten + 1 == d6 and d6 < on


def test_a_roll_that_beats_the_guard_and_an_even_d6_hit_the_guard():
    """The same d20, d6 4 (even): the comparison line, then the d6, then
    the hit on the guard."""
    _, ev = _guarded((18, 4))
    said = lines(ev)
    beaten = said.index("a1 melee attack on b1: 15 vs Defense 12 (d20 18), beats b2's Guard")
    d6 = said.index("b2 rolls 1d6 for b2's guard (even: the guard is hit): 4")
    hit = said.index("a1 melee attack on b2: 15 vs Defense 12 (d20 18), hits; b2 takes the blow meant for b1")
    assert beaten < d6 < hit


def test_a_blocked_roll_has_no_beaten_line():
    """d20 14 - 3 = 11, not above 12: blocked, and nothing says it beat the guard."""
    _, ev = _guarded((14,))
    assert not [e for e in ev if isinstance(e, GuardBeaten)]
    assert "a1 melee attack on b1: 11 vs Defense 12 (d20 14), misses; blocked by b2's Guard" in lines(ev)


def test_why_on_the_beaten_guard_line_shows_the_roll_the_guards_defense_and_what_comes_next():
    _, ev = _guarded((18, 3, 2))
    events = list(ev)
    index = next(i for i, e in enumerate(events) if isinstance(e, GuardBeaten))
    why, ref = explain(events, index)
    text = "\n".join(why)
    assert "Dice: 1d20 showed 18" in text and "Total: 15" in text
    assert "Had to beat: Defense 12 = 10 + 2 Leather (armour)" in text
    assert "Result band: 15 is above 12: the guard does not block it" in text
    assert "even, the Attack hits b2; odd, it goes on to b1" in text
    assert "Guard (R)" in ref.cite


def test_a_spell_attack_line_gives_the_die_before_the_range_penalty_and_the_total():
    """The tester's line: a Firebolt (Range 30 ft) at 45 ft, the 2nd
    increment, -2 (seed: Attack Rolls, range); d20 3: total 1, not a
    natural 1."""
    st = position([("spellcaster", 0, (5, 2), {"prepared": "firebolt"}), ("footman", 1, (5, 11))])
    _, ev = play(st, [order(0, "a1", act(0, "release-spell", "b1"))], dice=(3,))
    assert "a1 rolls 1d20 for spell attack on b1: 3, -2 Range (45 ft, increment 2 of 30 ft) = 1" in lines(ev)


def test_a_potion_line_counts_the_wounds_left_not_the_potions():
    """The knight at 2/3 Wounds drinks its one potion and is hit (d20 19 >
    Defense 13): one Wound off the two it had, 1 Wound left, then the new
    one counted."""
    st = position([("knight", 0, (5, 5), {"wounds": 2, "armour": "unarmored"}), ("footman", 1, (5, 6))])
    _, ev = play(st, [order(0, "a1", act(0, "use-item", item="potion")),
                      order(1, "b1", act(1, "counter", "a1"))], dice=(19,))
    assert "a1 heals one Wound by a potion (1 Wound left, before this Phase's hits are counted)" in lines(ev)


def test_a_mend_that_heals_the_last_wound_says_none_are_left():
    """a1, a spellcaster at 1 Wound, releases Mend on itself with nobody
    near: 1 - 1 = no Wounds left, and no hits to count after it."""
    st = position([("spellcaster", 0, (5, 5), {"wounds": 1, "prepared": "mend"}), ("footman", 1, (5, 11))])
    _, ev = play(st, [order(0, "a1", act(0, "release-spell", "self"))])
    assert "a1 heals one Wound by a1's Mend (no Wounds left)" in lines(ev)
