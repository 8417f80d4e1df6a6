"""Why? on "Round N turn order: ..." gives each figure's roll, Timing and
total, and the tie-breaks used (seed 004, *Sequence*: equal totals go to
the better Timing, and equal Timing to the players' characters;
docs/rulings.md, Waylights, Sequence: then the roster's order).  A
tester's round 1: a1, a2 and b3 all rolled 6 and Why? only repeated the
line."""

import attrs

from core.explain import explain as why
from core.rulesets.waylights import RULESET
from core.rulesets.waylights.events import TurnOrder
from core.rulesets.waylights.state import KO, WaylightsOptions
from core.rulesets.waylights.turns import start_round
from tests.rulesets.waylights.helpers import position, script

# Timing: fighter 2, spear 1, elite 3 (the roster).
FIGURES = [("a1", 0, "fighter", (1, 1)), ("a2", 0, "fighter", (3, 1)), ("b3", 1, "spear", (1, 8)),
           ("b4", 1, "fighter", (3, 8)), ("b5", 1, "spear", (5, 8)), ("b6", 1, "elite", (7, 8))]


def round_one(options=None):
    s = position(FIGURES, "a1", options=options, round_=0)
    # initiative d6s in roster order: a1 6, a2 6, b3 6, b4 6, b5 6, b6 5
    s, events = start_round(script(s, 6, 6, 6, 6, 6, 5))
    index = next(i for i, e in enumerate(events) if isinstance(e, TurnOrder))
    return events, index


def test_round_one_gives_each_roll_and_the_tie_breaks_used():
    events, index = round_one()
    # totals: a1 8, a2 8, b3 7, b4 8, b5 7, b6 5+3 = 8.  Among the 8s b6's
    # Timing 3 is best; a1, a2 and b4 share Timing 2: side 0 (the players'
    # side by default) before b4, a1 before a2 by the roster; b3 and b5
    # (7, Timing 1) by the roster.
    assert events[index].sentence == "Round 1 turn order: b6, a1, a2, b4, b3, b5."
    said = why(RULESET, events, index)
    text = "\n".join(said.lines)
    assert said.lines[0].startswith("Round 1: each figure rolls 1d6 and adds its Timing")
    for line in ("b6: rolled 5 + Timing 3 = 8", "a1: rolled 6 + Timing 2 = 8", "b3: rolled 6 + Timing 1 = 7"):
        assert line in said.lines, text
    assert "b6 before a1: both 8, and Timing 3 beats 2" in said.lines, text
    assert any(line.startswith("a2 before b4: both 8 with Timing 2: a2's side is the players' side")
               for line in said.lines), text
    assert any(line.startswith("a1 before a2: both 8 with Timing 2, the same side: the roster's order")
               for line in said.lines), text
    assert any(line.startswith("b3 before b5: both 7 with Timing 1, the same side") for line in said.lines), text
    assert not any(line.startswith("b4 before b3") for line in said.lines), text  # 8 beats 7: no tie
    assert said.cite == "Sequence"


def test_the_players_side_option_turns_the_side_tie_and_surprise_goes_first():
    events, index = round_one(WaylightsOptions(players_side=1))
    assert events[index].sentence == "Round 1 turn order: b6, b4, a1, a2, b3, b5."
    lines = why(RULESET, events, index).lines
    assert any(line.startswith("b4 before a1: both 8 with Timing 2: b4's side is the players' side")
               for line in lines), lines
    events, index = round_one(WaylightsOptions(surprise="side 0"))
    assert events[index].sentence == "Round 1 turn order: a1, a2, b6, b4, b3, b5."
    lines = why(RULESET, events, index).lines
    assert "a1, a2 meant to catch the other side by surprise: they go first, whatever the others rolled" in lines
    assert not any(line.startswith("a2 before b6") for line in lines), lines  # surprise, not a tie


def test_later_rounds_go_by_timing_alone_and_name_the_knocked_out():
    s = position([("a1", 0, "fighter", (2, 2)), ("a2", 0, "fighter", (2, 4), dict(status=KO, wounds=4)),
                  ("b1", 1, "fighter", (7, 7))], "a1", round_=1)
    s = attrs.evolve(s, order=("a1",), index=1)
    s, events = start_round(s)
    index = next(i for i, e in enumerate(events) if isinstance(e, TurnOrder))
    assert events[index].sentence == "Round 2 turn order: a1, b1 (KO: a2)."
    lines = why(RULESET, events, index).lines
    assert lines[0] == "Round 2: no dice after round 1; the best Timing goes first"
    assert "a1: Timing 2" in lines and "b1: Timing 2" in lines
    assert "a2: Timing 2 (knocked out: it keeps its place but skips its turn)" in lines
    assert any(line.startswith("a2 before b1: both Timing 2: a2's side is the players' side") for line in lines)
