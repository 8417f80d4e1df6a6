"""Waylights: a tester's hard-against-hard game, round 7 (issue report
"an untrue 4/0 reason").  The archer a3 declared 4/0 at 5,8 saying no
enemy reaches it before its next turn, attacked, then moved to 4,7; the
mook b1 (Move 5, a club) at 4,10 went 0/4 and walked to 5,8, diagonal to
a3.  The tester thought b1 could reach 4,8, beside a3, and strike.

It could not: 4,8 is the cell of b4, knocked out, and a KO figure blocks
like any figure (docs/rulings.md, "The dead do not block"); b2, b3 and a1,
knocked out too, and a2 (up) close the other ways round b1, the crates
block, and a diagonal costs 2 ("Sequence", Move; the rulings' movement
costs).  The cheapest way out costs 5, which leaves no cell beside a3
within one Move: the 4/0 reason was true.  Checked here against every
sequence the rules allow (``strikes_by_the_rules``), with a control: the
same field with the two bodies between b1 and a3 gone, where b1 does
reach a3.

The position is the save's shifted two rows up (y - 2) on the 10x10 test
field; the ruins and crates are walls ('#'), solid like them.
"""

from __future__ import annotations

import pytest

from core.ai.waylights import WaylightsKnowledge
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.glance import could_strike
from core.rulesets.waylights.orders import Split
from core.rulesets.waylights.state import DEAD, KO
from tests.core.test_waylights_could_strike import strikes_by_the_rules
from tests.rulesets.waylights.helpers import position

ROWS = [
    "..,,....#.",
    "..,.....=.",
    "...##.....",
    "....#..~~.",
    "...~~..#..",
    ".......##.",
    "...=.....,",
    "...#....,,",  # 3,7: the crates west of b2
    "..........",
    "..........",
]
DOWN = {"status": KO, "wounds": 5}


def figures(a3_at, bodies_between=True):
    """Round 7 as the save has it when b1's turn comes (a3's 4/0 standing)."""
    between = DOWN if bodies_between else {"status": DEAD, "wounds": 6}
    return [
        ("a1", 0, "fighter", (5, 7), DOWN),
        ("a2", 0, "fighter", (3, 8)),
        ("a3", 0, "archer", a3_at, {"split": 4}),
        ("b1", 1, "mook", (4, 8), {"split": 0, "wounds": 2}),
        ("b2", 1, "mook", (4, 7), between),
        ("b3", 1, "slinger", (5, 8), DOWN),
        ("b4", 1, "thug", (4, 6), between),
    ]


@pytest.mark.parametrize("a3_at", [(5, 6), (4, 5)], ids=["where it split, 5,8", "after its moves, 4,7"])
def test_the_boxed_in_mook_cannot_strike_the_archer_in_its_turn(a3_at):
    assert not strikes_by_the_rules(figures(a3_at), "b1", "a3", ROWS)
    state = position(figures((5, 6)), "a3", rows=ROWS)
    assert could_strike(state, "a3", a3_at) == ()


def test_with_the_bodies_between_gone_the_mook_reaches_the_archer():
    """The control: b2 and b4 dead (the dead do not block), b1 walks up
    the column to 4,6, beside a3 at 4,5, and strikes; a3 at 5,6 it strikes
    from 5,5 (4,7, 4,6, 4,5, 5,5: a Move of 4)."""
    for a3_at in ((5, 6), (4, 5)):
        assert strikes_by_the_rules(figures(a3_at, bodies_between=False), "b1", "a3", ROWS)
        state = position(figures((5, 6), bodies_between=False), "a3", rows=ROWS)
        assert could_strike(state, "a3", a3_at) == ("b1",)


def test_the_archers_all_attack_reason_is_the_true_one():
    state = position(figures((5, 6)), "a3", rows=ROWS, round_=7, pending="split")
    reason = WaylightsKnowledge(R).explain(state, 0, Split(0, "a3", 4))
    assert reason == "all 4 dice attack: no enemy reaches it before its next turn"
