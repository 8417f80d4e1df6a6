"""Why? on two of tester t1's log lines (stop 63, item 6): "a2 cannot see
b3: Concealed" repeated itself and cited the orders' rules, not *Cover and
Concealment*, nor what blocked the line; a Blowgun hit short of the whole
Absorb said nothing of its poison, which did not take for the same reason
(docs/rulings.md, Platemail, Weapon properties)."""

from __future__ import annotations

from core.events import Note
from core.explain import explain
from core.rulesets.platemail.events import WoundsTallied

from .helpers import act, order, play, position, text

# A wall (blocks sight) across the field at row 5.
WALLED = ["." * 12] * 5 + ["#" * 12] + ["." * 12] * 6


def test_a_shot_at_a_concealed_target_names_the_wall_and_why_cites_cover_and_concealment():
    st = position([("archer", 0, (5, 3)), ("footman", 1, (5, 8))], rows=WALLED)
    _, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(10,) * 8)
    note = next(e for e in ev if isinstance(e, Note) and "cannot see" in e.text)
    # Straight down from 5,3 to 5,8: every ray meets the wall row; the
    # cells named are the wall's, nearest the archer first.
    assert note.text.startswith("a1 cannot see b1: Concealed behind the wall at 5,5"), note.text
    answer = explain("platemail", ev, ev.index(note))
    assert answer.cite.startswith("Cover and Concealment") and "Simultaneous Combat" not in answer.cite, answer.cite
    assert "cannot be targeted" in answer.text() and "What closed the lines: the wall at 5,5" in answer.text()


def test_a_blowgun_hit_short_of_the_absorb_says_its_poison_did_not_take():
    # b1, a Footman (Chain Mail 2 + Shield 1 while Ready: Absorb 3), takes
    # a2's dart (Penetration 1): 0 Wounds, and no poison (1 < 3).
    st = position([("footman", 0, (0, 0)), ("rogue", 0, (5, 2), {"wielding": "blowgun"}),
                   ("footman", 1, (5, 6))])
    _, ev = play(st, [order(0, "a2", act(0, "ranged-attack", "b1")), order(1, "b1", act(1, "defend"))],
                 dice=(19,))
    assert "poison" not in text(ev)
    tally = next(e for e in ev if isinstance(e, WoundsTallied) and e.unit == "b1")
    why = explain("platemail", ev, ev.index(tally)).text()
    assert "Hit 1: 0 Wounds, Penetration 1 (Blowgun (weapon) 1), short of the whole Absorb 3" in why, why
    assert "No poison from hit 1 either" in why and "reaches the whole Absorb (3)" in why, why


def test_a_poisoned_dart_that_got_through_is_not_said_to_have_failed():
    st = position([("footman", 0, (0, 0)), ("rogue", 0, (5, 4), {"wielding": "blowgun"}),
                   ("footman", 1, (11, 11)), ("archer", 1, (5, 8), {"wounds": 1})])
    _, ev = play(st, [order(0, "a2", act(0, "ranged-attack", "b2"))], dice=(18,))
    tally = next(e for e in ev if isinstance(e, WoundsTallied) and e.unit == "b2")
    why = explain("platemail", ev, ev.index(tally)).text()
    assert "Poison from hit 1" in why and "No poison" not in why
