"""A melee attack met by a faster counter (Damage resolution, its closing
paragraph on melee Timing; docs/rulings.md, Order of resolution).

A tester saw b1 (on 4/0) attack a1, a1 counter, and b1's rolled four
wounds never land: "b1 is down before its blow lands."  That is the
ruling (the better Timing's blow lands first in melee), but the line gave
no Timings and Why? cited "Sequence".  The line now names both Timings, and
Why? gives them and cites the paragraph that orders melee blows."""

from core.explain import explain
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.events import BlowLost, Resolved
from core.rulesets.waylights.exchange import exchange
from core.rulesets.waylights.state import KO
from tests.rulesets.waylights.helpers import do, position, script


def faster_counter():
    """b1, a Fighter (Timing 2) on 4/0, attacks a1, an Elite (Timing 3),
    which counters: every die a 6.  b1's attack scores 29 - 7 = 22, four
    wounds on a1; a1's counter scores 19 - 4 = 15 against b1's Threshold 3,
    four wounds: b1 is knocked out before its own blow lands."""
    s = position([("a1", 0, "elite", (2, 2)), ("b1", 1, "fighter", (3, 2), dict(split=4)),
                  ("a9", 0, "mook", (9, 0))], "b1")
    events = []
    s, ev = do(s, "attack side=1 unit=b1 target=a1")
    events += ev
    s = script(s, 6, 6, 6, 6, 6, 6)
    s, ev = do(s, "counter side=0 unit=a1")
    return s, events + ev


def test_the_faster_counter_voids_the_attack_and_the_log_says_why():
    s, events = faster_counter()
    attack = next(e for e in events if isinstance(e, Resolved) and not e.counter)
    assert attack.wounds == 4  # rolled and shown ...
    assert s.get("a1").wounds == 0  # ... but never dealt
    assert s.get("b1").status == KO
    lost = [e for e in events if isinstance(e, BlowLost)]
    assert len(lost) == 1
    assert (lost[0].unit, lost[0].by, lost[0].timing, lost[0].by_timing, lost[0].counter) == ("b1", "a1", 2, 3, False)
    assert lost[0].sentence == "b1 is down before its blow lands: a1's Timing 3 beats its 2."


def test_why_names_both_timings_and_cites_the_melee_timing_paragraph():
    _, events = faster_counter()
    index = next(i for i, e in enumerate(events) if isinstance(e, BlowLost))
    why = explain(R, events, index)
    text = "\n".join(why.lines)
    assert "Timing: a1 3, b1 2" in text
    assert "b1's attack on a1 is lost" in text
    assert why.section == "Damage resolution"
    assert why.cite.startswith("Damage resolution") and "Sequence" not in why.cite


def test_a_faster_attacker_voids_the_counter_and_why_says_so():
    # a1, a Fighter (Timing 2), strikes b1, a Mook (Timing 0) two wounds down.
    s = position([("a1", 0, "fighter", (2, 2), dict(split=3)), ("b1", 1, "mook", (3, 2), dict(split=1, wounds=2)),
                  ("b9", 1, "mook", (9, 9))], "a1")
    events = []
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    events += ev
    s = script(s, 6, 6, 6, 6, 6, 6)
    s, ev = do(s, "counter side=1 unit=b1")
    events += ev
    assert s.get("a1").wounds == 0 and s.get("b1").status == KO
    index = next(i for i, e in enumerate(events) if isinstance(e, BlowLost))
    why = explain(R, events, index)
    text = "\n".join(why.lines)
    assert "Timing: a1 2, b1 0" in text and "b1's counterattack on a1 is lost" in text


def test_a_faster_counter_can_risk_less_than_defending():
    """The response menu's figures: *Counter* may show less risk of KO than
    *Defend*, because a faster counter that fells the attacker voids its
    blow.  The chance is the engine's: every case counted, not a guess."""
    from core.rulesets.waylights.combat import attack_preview
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (3, 2), dict(split=4)),
                  ("a9", 0, "mook", (9, 0))], "b1")
    s, _ = do(s, "attack side=1 unit=b1 target=a1")
    b1, a1 = s.get("b1"), s.get("a1")
    defend = attack_preview(b1, a1, b1.weapon, 4, 2, 0)
    counter = exchange(s, "b1", "a1")
    assert counter.target_ko < defend.ko
