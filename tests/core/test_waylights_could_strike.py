"""Waylights: who could strike a figure before its next turn
(``glance.could_strike``, shared by the computer's 4/0 filter and the
board's split menu), checked against the rules played out.

Each enemy's turn is two Actions and, in a turn without Move, the step
("Sequence"); readying a weapon is an Action of its own: priming a
launcher (*Use an item*), changing weapon (*Change weapon*), and a new
clip and its priming together fill the turn (the RELOAD | CLIP row).  A
tester's archer, its pneumatic fired and not primed, reloaded and shot a
computer's figure on 4/0 that the computer had said no enemy reached.

``strikes_by_the_rules`` gives the enemy its turn as the rules begin it
(``turns.start_turn``) and tries every sequence of its legal orders that
leaves an Action for the attack; the answer is whether a legal Attack on
the figure comes up.
"""

from __future__ import annotations

import pytest

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.glance import could_strike
from core.rulesets.waylights.orders import Attack, Clip, Move, Reload, Split, SplitMove, Step, Wield
from core.rulesets.waylights.turns import start_turn
from tests.rulesets.waylights.helpers import position

READYING = (Move, SplitMove, Step, Reload, Clip, Wield)


def strikes_by_the_rules(figures, foe: str, target: str, rows=None) -> bool:
    """Whether ``foe``, given its next turn with the figures as in
    ``figures``, has a legal Attack on ``target`` after some sequence of
    its legal moves, steps, reloads, clips and changes of weapon."""
    state, _ = start_turn(position(figures, foe, rows=rows), foe)
    side = state.get(foe).side
    state, _ = R.apply(state, Split(side, foe, 2))
    frontier = [state]
    while frontier:
        s = frontier.pop()
        if s.active != foe:
            continue  # its turn is over
        legal = [o for o in R.legal_orders(s, side) if getattr(o, "unit", None) == foe]
        if any(isinstance(o, Attack) and o.target == target for o in legal):
            return True
        left = s.max_actions - s.actions
        # an Action only while one stays for the attack; the step is no Action
        frontier += [R.apply(s, o)[0] for o in legal
                     if isinstance(o, READYING) and (left >= 2 or isinstance(o, Step))]
    return False


ROUNDS_3 = {"primed": (False, False), "ammo": (3, 0)}  # fired: 3 rounds left, not primed
EMPTY_SPARES = {"primed": (False, False), "ammo": (0, 0), "spares": (2, 0)}
EMPTY_NO_SPARES = {"primed": (False, False), "ammo": (0, 0), "spares": (0, 0)}
RINGED = [".W........", "WW........"] + ["." * 10] * 8  # window walls (full cover) round 0,0

CASES = {
    # (figures, battlefield rows, whether b1 strikes a1, what it takes)
    "reload then shoot": ([("a1", 0, "slinger", (2, 0)), ("b1", 1, "archer", (2, 9), ROUNDS_3)], None, True),
    # 8,9 and 9,8 are within 10 of 1,2; 9,9 is not
    "reload, step, shoot": ([("a1", 0, "slinger", (1, 2)), ("b1", 1, "archer", (9, 9), ROUNDS_3)], None, True),
    "a new clip and its priming fill the turn": (
        [("a1", 0, "slinger", (2, 0)), ("b1", 1, "archer", (2, 9), EMPTY_SPARES)], None, False),
    "change to the knife, step, stab": (
        [("a1", 0, "slinger", (4, 6)), ("b1", 1, "archer", (4, 4), EMPTY_NO_SPARES)], None, True),
    # in range only after a Move: no Action left to prime the launcher
    "no Move, reload and shoot in one turn": (
        [("a1", 0, "slinger", (0, 1)), ("b1", 1, "archer", (9, 9), ROUNDS_3)], None, False),
    "Move then shoot, primed": ([("a1", 0, "slinger", (0, 1)), ("b1", 1, "archer", (9, 9))], None, True),
    "Move then strike": ([("a1", 0, "slinger", (2, 2)), ("b1", 1, "fighter", (2, 6))], None, True),
    "entangled: one Action, no Move then strike": (
        [("a1", 0, "slinger", (2, 2)), ("b1", 1, "fighter", (2, 6), {"entangled": True})], None, False),
    "grappled: no move": ([("a1", 0, "slinger", (2, 2)), ("a2", 0, "fighter", (2, 7)),
                           ("b1", 1, "fighter", (2, 6), {"grappled_by": "a2"})], None, False),
    # its turn over, a1 has its full cover back: no shot through it
    "full cover again once its turn is over": (
        [("a1", 0, "slinger", (0, 0)), ("b1", 1, "archer", (6, 6))], RINGED, False),
}


@pytest.mark.parametrize("case", list(CASES))
def test_who_could_strike_is_who_the_rules_let_in_every_way_of_spending_the_turn(case):
    figures, rows, strikes = CASES[case]
    assert strikes_by_the_rules(figures, "b1", "a1", rows) is strikes  # the rules played out
    # a1 in its own turn, having stepped out of cover (as a move would leave it)
    state = position(figures, "a1", rows=rows, exposed=True)
    assert ("b1" in could_strike(state, "a1")) is strikes


def test_the_cell_the_figure_leaves_is_open_to_the_enemy_and_the_one_it_takes_is_not():
    """a1 stands in the one gap of a wall row and may move up out of it:
    the fighter below can then come up through the gap (five cells) and
    strike it; with a1 still in the gap it could not."""
    rows = ["." * 10] * 4 + ["#########."] + ["." * 10] * 5
    moved = [("a1", 0, "slinger", (9, 2)), ("b1", 1, "fighter", (9, 8))]
    assert strikes_by_the_rules(moved, "b1", "a1", rows)
    in_the_gap = position([("a1", 0, "slinger", (9, 4)), ("b1", 1, "fighter", (9, 8))], "a1", rows=rows)
    assert could_strike(in_the_gap, "a1", (9, 2)) == ("b1",)
    # beside 9,0 the fighter would stand 7 cells off (9,1) or 9 (8,0): beyond its Move of 6
    assert could_strike(in_the_gap, "a1", (9, 0)) == ()
    assert not strikes_by_the_rules([("a1", 0, "slinger", (9, 0)), ("b1", 1, "fighter", (9, 8))], "b1", "a1", rows)


def test_a_grapple_ends_when_the_grappler_moves_away():
    """b1 is grappled by a1, beside it: the grapple holds the fighter where
    it stands while the two touch, and ends when a1 steps off (the
    rulings: until the two no longer touch), freeing b1 to move and strike."""
    state = position([("a1", 0, "slinger", (2, 5)), ("b1", 1, "fighter", (2, 6), {"grappled_by": "a1"})], "a1")
    assert could_strike(state, "a1", (2, 3)) == ("b1",)
    assert strikes_by_the_rules([("a1", 0, "slinger", (2, 3)), ("b1", 1, "fighter", (2, 6), {"grappled_by": "a1"})],
                                "b1", "a1")
    # still beside it (it does not move): b1 strikes where it stands, grappled or not
    assert could_strike(state, "a1") == ("b1",)
