"""Why? on a healing crystal (Sequence: Use an item; Equipment and
environment: healing crystals).  Testers found that it said only the log
line again, under Sequence: nothing of what the crystal healed."""

from core.explain import explain
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.events import CrystalUsed
from tests.rulesets.waylights.helpers import do, position, rolls, script


def wounded_elite_heals():
    """b1 wounds a1, an elite carrying one crystal (4 attack dice all 6
    against 2 defence dice of 1: 29 - 9 = 20, three wounds against its
    Threshold 5); on its own turn a1 uses the crystal."""
    s = position([("b1", 1, "fighter", (3, 2), dict(split=4)), ("a1", 0, "elite", (2, 2)),
                  ("b9", 1, "mook", (9, 9))], "b1", counter_used=True)
    s = script(s, 6, 6, 6, 6, 1, 1)
    events = []
    for text in ("attack side=1 unit=b1 target=a1", "end side=1 unit=b1", "split side=0 unit=a1 attack=2",
                 "crystal side=0 unit=a1"):
        s, ev = do(s, text)
        events += ev
    return s, events


def test_why_says_what_the_crystal_healed_and_by_which_rule():
    s, events = wounded_elite_heals()
    a1 = s.get("a1")
    assert (a1.wounds, a1.penalty, a1.crystals) == (3, 2, 0)
    index = next(i for i, e in enumerate(events) if "healing crystal" in e.sentence)
    assert isinstance(events[index], CrystalUsed)
    why = explain(R, events, index)
    text = "\n".join(why.lines)
    assert "from -3 to -2" in text  # what it healed: one wound off its rolls
    assert "3 wounds still count toward KO (5 knock it out)" in text  # and what it did not
    assert "Crystals left: 0" in text
    assert "Use an item" in why.cite and "healing crystals" in why.cite
    assert why.section == "Sequence"  # the help's heading that tells of Use an item


def test_the_healed_penalty_is_what_the_next_roll_subtracts():
    s, _ = wounded_elite_heals()
    s = script(s, 2, 2, 3, 3)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    attack = rolls(ev)[0]
    assert ("wounds", -2) in attack.modifiers  # three wounds, one eased by the crystal
