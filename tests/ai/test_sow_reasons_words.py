"""Spheres of War computer's reasons: the rule-13 choice says what its
valuation saw in the pair (not only that the Instigator acts first, true of
every pair, rule 16), and a defence in the last turn uses the help's words
("to win the exchange")."""

from __future__ import annotations

from pathlib import Path

import attrs

from core.ai import LEVELS, knowledge_for
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.orders import ChooseMatch, Fight
from core.rulesets.spheres_of_war.state import Phase
from tests.rulesets.spheres_of_war.helpers import board, position

HELP = Path(__file__).resolve().parents[2] / "tui" / "help" / "spheres_of_war.md"

# A wall at (6,5) stands between i1 and r2: both pairs are 2 in apart (rules
# 12-13), but only r1 is within i1's reach (one Move straight at it ends in
# contact, rules 25-26, 29), so only that pair gives i1 the first strike.
WALLED = board(*(["." * 12] * 5), "......#.....")
SPOTS = {"i1": (5, 5), "r1": (5, 7), "r2": (7, 5)}


def reason(level: str, state, order) -> str:
    know = knowledge_for(RULESET)
    know.level, know.spent = LEVELS[level], 0.0
    return know.explain(RULESET.view(state, 0), 0, order)


def test_the_choice_names_the_pair_where_its_figure_strikes_first():
    state, _ = position(SPOTS, bf=WALLED)
    assert state.phase is Phase.CHOOSE
    words = reason("normal", state, ChooseMatch(0, "i1", "r1"))
    assert "takes the first Action" not in words
    assert words == ("the Match worth most to it of 2 equally close pairs: "
                     "i1 can reach r1 with its first Action and strike first, in no other pair")
    other = reason("normal", state, ChooseMatch(0, "i1", "r2"))
    assert "r2 is out of i1's reach" in other and "worth most" not in other


def test_pairs_alike_are_said_to_be_alike():
    state, _ = position(SPOTS)  # no wall: i1 reaches either
    words = reason("normal", state, ChooseMatch(0, "i1", "r2"))
    assert words == ("the 2 equally close pairs are worth alike to it: "
                     "i1 can reach r2 with its first Action and strike first, as in every pair")


def test_the_choice_reason_leaves_the_searchs_allowance_as_it_was():
    state, _ = position(SPOTS, bf=WALLED)
    know = knowledge_for(RULESET)
    know.level, know.spent = LEVELS["hard"], 1.5
    solvers = know._solvers
    know.explain(RULESET.view(state, 0), 0, ChooseMatch(0, "i1", "r1"))
    assert know.spent == 1.5 and know._solvers is solvers


def test_a_defence_in_the_last_turn_says_to_win_the_exchange_as_the_help_does():
    from core.rulesets.spheres_of_war.actions import acting

    state, _ = position({"i1": (5, 3), "r1": (5, 6)}, turn_limit=1)
    uid, unit, other, _ = acting(state)
    m = state.match
    struck = attrs.evolve(state, match=attrs.evolve(m, step=8 if uid == m.instigator else 9, struck=uid))
    words = reason("normal", struck, Fight(unit.side, uid))
    # At step 8 the Instigator's figure holds on 1-4 (4 in 6), then the other
    # rolls once at step 9 and fails on 5-6: (2/3)(1/3) = 22%.
    assert words == "forced: 67% to hold; 22% to win the exchange"
    assert '"to win the\n  exchange"' in HELP.read_text()
