"""A grapple is made and holds only while the two figures share a side
(docs/rulings.md, Waylights, "Optional: Alternate damage": the grapple and
the diagonal).  The tester's report: a Mook grappled a Fighter, then took
its free step to a diagonal cell; the Fighter, grappled, could neither move
nor break off (a reach-1 blow never lands diagonally) for the rest of the
game.

Fighter attacks +5; Mook defends +2, Threshold 2, KO at 3."""

import attrs

from core.explain import explain
from core.rulesets.waylights.combat import threshold
from core.rulesets.waylights.events import GrappleEnded
from core.rulesets.waylights.state import WaylightsOptions
from core.rulesets.waylights.turns import start_turn
from tests.rulesets.waylights.helpers import do, position, rejected, script

ALT = WaylightsOptions(alternate_damage=True)
FAR = ("b9", 1, "mook", (9, 9))


def grappled():
    """a1 (Fighter, 2,2) has grappled b1 (Mook, 3,2) with its first Action."""
    s = position([("a1", 0, "fighter", (2, 2), {"split": 1}), ("b1", 1, "mook", (3, 2)), FAR], "a1",
                 options=ALT, counter_used=True)
    s = script(s, 4, 1, 1)  # 9 - 4 = 5 > 2 x Threshold 2: two wounds, one buys the grapple
    s, _ = do(s, "attack side=0 unit=a1 target=b1 effect=grapple")
    assert s.get("b1").grappled_by == "a1" and threshold(s.get("b1")) == 1
    return s


def test_a_grappler_stepping_to_a_diagonal_lets_go():
    s = grappled()
    s, ev = do(s, "step side=0 unit=a1 to=2,1")  # 2,1 touches 3,2 only at a corner
    b = s.get("b1")
    assert b.grappled_by is None and threshold(b) == 2
    ended = [e for e in ev if isinstance(e, GrappleEnded)]
    assert [(e.unit, e.by) for e in ended] == [("b1", "a1")]
    why = explain("waylights", ev, ev.index(ended[0]))
    assert why.section == "Optional: Alternate damage" and "share a side" in why.text()
    # In its turn b1 may move again (it could not while grappled).
    s = attrs.evolve(start_turn(s, "b1")[0], pending="")
    do(s, "move side=1 unit=b1 to=3,5")


def test_a_grappler_staying_beside_keeps_its_hold():
    s = grappled()
    # Round the corner (2,1 then 3,1): it ends sharing a side with 3,2 again.
    s, _ = do(s, "split-move side=0 unit=a1 to=3,1")
    assert s.get("b1").grappled_by == "a1"
    s = attrs.evolve(start_turn(s, "b1")[0], pending="")
    assert rejected(s, "move side=1 unit=b1 to=3,5") == "grappled"


def test_no_grapple_on_a_diagonal_even_with_reach():
    # The spear reaches the diagonal (reach 2), but a grapple made there could
    # never be broken off by a reach-1 weapon: it is refused.
    s = position([("a1", 0, "spear", (2, 2), {"split": 1}), ("b1", 1, "mook", (3, 3)), FAR], "a1",
                 options=ALT, counter_used=True)
    assert rejected(s, "attack side=0 unit=a1 target=b1 effect=grapple") == "not-beside"
    assert "grapple" not in [o.effect for o in s_orders(s)]
    do(script(s, 1, 1, 1), "attack side=0 unit=a1 target=b1")  # a plain blow still reaches


def s_orders(s):
    from core.rulesets.waylights import RULESET
    return [o for o in RULESET.legal_orders(s, 0) if getattr(o, "verb", "") == "attack"]
