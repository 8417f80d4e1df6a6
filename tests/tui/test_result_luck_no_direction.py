"""Dice with no good face for their roller are no luck either way.  A
tester's Platemail result counted the victim's own Severs Limb d4 (which
limb: no face is better), a long Dazed d4 and the guard's odd-or-even d6
as dice "wanted high", and its lucky / unlucky verdict was untrue.  The
rules mark each roll (tests/rulesets/platemail/test_roll_directions.py);
here the result reads the marks, the rolls made by the rules from a
scripted position."""

from __future__ import annotations

from types import SimpleNamespace

from core.events import Rolled
from tests.rulesets.platemail.helpers import act, order, play, position
from tui.result import Luck, Rolls, luck_by_side


def _luck(events):
    game = SimpleNamespace(log=tuple(events), players=("North", "South"))
    return luck_by_side(game, {"a1": 0, "a2": 0, "b1": 1, "b2": 1})


def test_a_limb_severed_counts_only_the_armours_die_wanted_low():
    """a1's Great Sword: a natural 20 (the d20, wanted high: 20 against
    10.5).  b1 rolls the d4 that picks the limb (3: no luck either way) and
    its splint mail's d4 (2, wanted low: 2 against 2.5, 0.5 good)."""
    st = position([("knight", 0, (5, 5)), ("footman", 1, (5, 6), {"armour": "splint"})])
    _, ev = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(20, 3, 2))
    assert [(e.who, e.faces) for e in ev if isinstance(e, Rolled)] == [("a1", (20,)), ("b1", (3,)), ("b1", (2,))]
    luck = _luck(ev)
    assert luck[0] == Luck(high=Rolls(1, 20, 10.5))
    assert luck[1] == Luck(low=Rolls(1, 2, 2.5))
    assert luck[1].fortune == 0.5 and luck[1].lines()[0].startswith("1 die, 0.5 pips better")


def test_a_long_daze_is_bad_luck_for_the_dazed():
    """a1's mace: a natural 20 dazes b1, whose d4 shows 4 Actions (wanted
    low: 4 against 2.5, 1.5 worse)."""
    st = position([("footman", 0, (5, 5), {"wielding": "mace"}), ("footman", 1, (5, 6))])
    _, ev = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(20, 4))
    luck = _luck(ev)
    assert luck[1] == Luck(low=Rolls(1, 4, 2.5))
    assert luck[1].fortune == -1.5 and "unlucky" in luck[1].lines()[0]


def test_the_guards_odd_or_even_die_is_left_out():
    """a1's d20 against b2's guard (20) and b2's d6 (2, even: b2 is hit):
    b2 made no roll with a good face, so South has no luck to tell."""
    st = position([("footman", 0, (5, 5)), ("spellcaster", 1, (5, 6)), ("rogue", 1, (6, 6))])
    _, ev = play(st, [order(0, "a1", act(0, "counter", "b1")),
                      order(1, "b2", act(1, "guard", "b1"), then=act(1, "guard", "b1"))], dice=(20, 2))
    assert any(isinstance(e, Rolled) and e.who == "b2" for e in ev)
    assert 1 not in _luck(ev)


def test_a_roll_marked_with_no_good_face_counts_for_no_one():
    events = [Rolled("1d4", (4,), (), 4, "which limb", "b1", neither_is_good=True),
              Rolled("1d6", (6,), (), 6, "attack", "b1")]
    assert _luck(events) == {1: Luck(high=Rolls(1, 6, 3.5))}
