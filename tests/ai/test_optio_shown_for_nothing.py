"""Optio: no level turns a block face up to look at one already face up.

A tester's easy army walked into the square of their scout, face up since
the turn before, and scouted it: the log read "r4 shows itself as the army
and scouts g2: a scout", the reason "r4 scouts g2, already shown: only r4
shows what it is: g2 is known already: only r4 shows itself".  Nothing was
learnt and the army was given away.  docs/rulings.md (*Scouting a block
already face up*) keeps such a scout legal for the one case that is worth
it: a hidden army scouting their known army, the armies meet in that
square.  Hard may also show its army beside another shown block while
their army is known elsewhere, which ends the scouting, but only when the
closing that starts is won (checked by playing the closing out through
the rules).
"""

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as LEVELS_BY_NAME
from core.rulesets.optio.ruleset import manhattan
from core.rulesets.optio.state import Edge, Phase
from tests.ai.test_optio_closing_reasons import first_there_with_best_play
from tests.ai.test_optio_reveal_timing import shortlist
from tests.rulesets.optio.helpers import R, go, new_state, place, with_kinds

LEVELS = ["easy", "normal", "hard"]
SEEDS = range(8)


def army_beside_their_shown_scout():
    """The tester's turn 6, Green's side of it: Red's scout face up at 2,3
    (it scouted a Green dummy); Green's hidden army has just come in from
    the north.  Red's army is unknown to Green (hidden at 4,4, with a dummy);
    Green's scout waits at 0,0, too far to go in on an unseen block."""
    state = with_kinds(new_state(first=0))
    state = place(state, "r-scout", (2, 3), edge=Edge.S, arrived=1, revealed=True)
    state = place(state, "r-army", (4, 4), arrived=2)
    state = place(state, "r-d1", (4, 4), arrived=3)
    state = place(state, "g-army", (2, 2), arrived=4)
    state = place(state, "g-scout", (0, 0), arrived=5)
    state = place(state, "g-d1", (1, 0), arrived=6)
    state = attrs.evolve(state, clock=6, turn=11, active=0)
    return go(state, "move side=0 unit=g-army to=2,3")


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_shows_its_army_to_look_at_a_block_already_face_up(level):
    state = army_beside_their_shown_scout()
    scout = "scout side=0 unit=g-army target=r-scout"
    assert scout in {o.to_text() for o in R.legal_orders(state, 0)}  # the rules allow it
    # What it would do: show Green's army and nothing else (the target is known).
    after = go(state, scout)
    assert after.block("g-army").revealed and after.phase is Phase.SCOUTING
    assert after.block("r-army").revealed is False
    kept = shortlist(level, state, 0)
    assert scout not in kept and "end-turn side=0" in kept
    for seed in SEEDS:
        choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, seed, 0)
        assert choice.order.to_text() != scout, choice.reason


@pytest.mark.parametrize("level", LEVELS)
def test_a_hidden_army_beside_their_known_army_may_still_scout_it(level):
    """The case the help says is worth it: the armies meet at once."""
    state = army_beside_their_shown_scout()
    state = place(state, "r-army", (2, 3), edge=Edge.S, arrived=0, revealed=True)
    scout = "scout side=0 unit=g-army target=r-army"
    assert scout in shortlist(level, state, 0)
    assert go(state, scout).phase is Phase.TEMPLATE


def the_reason_of(state, level, text):
    """The log's line for ``text`` as the computer writes it (``core.ai.choose``):
    the order's words, then the reason."""
    know = knowledge_for(R)
    know.level = LEVELS_BY_NAME[level]
    view, order = R.view(state, 0), R.parse_order(text)
    return f"{R.describe_order(view, order)}: {know.explain(view, 0, order)}"


def test_the_meeting_reason_says_each_thing_once():
    state = army_beside_their_shown_scout()
    state = place(state, "r-army", (2, 3), edge=Edge.S, arrived=0, revealed=True)
    said = the_reason_of(state, "hard", "scout side=0 unit=g-army target=r-army")
    assert said.count("shows itself") == 1 and said.count("meet") == 1, said
    # and what follows from it, by the rules: Red was there first and places the template
    after = go(state, "scout side=0 unit=g-army target=r-army")
    assert after.first_army == 1 and "they place the template" in said


def their_army_known_ours_beside_a_shown_dummy(r_army_at):
    """Green's hidden army has just come into 1,2, where Red's dummy stands
    face up; Red's army is face up at ``r_army_at``.  The coins are level."""
    state = with_kinds(new_state(first=0))
    state = place(state, "r-d1", (1, 2), edge=Edge.S, arrived=1, revealed=True)
    state = place(state, "r-army", r_army_at, arrived=2, revealed=True)
    state = place(state, "g-army", (1, 1), arrived=3)
    state = place(state, "g-scout", (4, 0), arrived=4, revealed=True)
    state = attrs.evolve(state, clock=4, turn=9, active=0)
    return go(state, "move side=0 unit=g-army to=1,2")


def test_hard_shows_its_army_beside_a_shown_block_only_where_the_closing_is_won():
    scout = "scout side=0 unit=g-army target=r-d1"
    won = their_army_known_ours_beside_a_shown_dummy((3, 3))  # 3 apart: Red moves first at an odd distance
    after = go(won, scout)
    assert after.phase is Phase.CLOSING and after.active == 1
    assert manhattan(after.army(0).pos, after.army(1).pos) == 3 and first_there_with_best_play(after) == 0
    assert shortlist("hard", won, 0) == {scout}
    said = the_reason_of(won, "hard", scout)
    assert said == ("g-army scouts r-d1, already shown: g-army shows itself and both armies are known: "
                    "closing starts at odd distance (3): theirs must march in")
    lost = their_army_known_ours_beside_a_shown_dummy((3, 4))  # 4 apart: Red wins moving first
    assert first_there_with_best_play(go(lost, scout)) == 1
    assert scout not in shortlist("hard", lost, 0)
    for level in ("easy", "normal"):  # they cannot price it: never for nothing
        assert scout not in shortlist(level, won, 0)
