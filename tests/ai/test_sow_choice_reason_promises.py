"""Spheres of War: the rule-13 choice's reason says what the chosen Match's
figure will do with its first Action (rules 16, 29), and what it says is
what it then does.  A tester read hard's "i5 can reach r3 with its first
Action and strike first" as a promise; ahead (a loss of its own weighed 3x,
docs/ai.md) it backed off for the whole Match instead.  The reason is words
only: the orders are the same with it switched off."""

from __future__ import annotations

from core.ai import choose
from core.board import adjacent
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.orders import ChooseMatch, Fight, Move
from core.rulesets.spheres_of_war.state import Phase
from tests.rulesets.spheres_of_war.helpers import position

# i1 is 2 in from r1 and from r2 (rule 13: the Instigator chooses), one Move
# from contact with either (rules 25-26, 29).  i2 and i3 stand far off, so
# side 0 is ahead, three figures to two.
AHEAD = {"i1": (5, 5), "r1": (5, 7), "r2": (7, 5), "i2": (0, 0), "i3": (11, 0)}
# The same pairs with side 0 behind, one figure to two: a gamble pays.
BEHIND = {"i1": (5, 5), "r1": (5, 7), "r2": (7, 5)}


def decide(state, side: int, level: str, ply: int):
    return choose(RULESET, RULESET.view(state, side), side, RULESET.legal_orders(state, side), level, 3, ply)


def is_strike(state, order) -> bool:
    if isinstance(order, Fight):
        return True
    if not isinstance(order, Move):
        return False
    m = state.match
    them = state.unit(m.retaliator if order.unit == m.instigator else m.instigator)
    return adjacent(order.to, them.pos)


def chosen_then_first_action(spots: dict, level: str):
    state, _ = position(spots)
    assert state.phase is Phase.CHOOSE
    choice = decide(state, 0, level, 0)
    assert isinstance(choice.order, ChooseMatch)
    state, _ = RULESET.apply(state, choice.order)
    assert state.phase is Phase.MATCH
    return choice.reason, state, decide(state, 0, level, 1).order


def test_hard_ahead_says_it_will_not_strike_first_and_does_not():
    reason, state, first = chosen_then_first_action(AHEAD, "hard")
    assert "can reach" in reason and "strike first" in reason
    assert "it will not: ahead, it counts a loss of its own 3 times an enemy's" in reason
    assert not is_strike(state, first)


def test_normal_ahead_says_the_same_of_its_own_play():
    reason, state, first = chosen_then_first_action(AHEAD, "normal")
    assert "it will not: ahead" in reason
    assert not is_strike(state, first)


def test_hard_behind_promises_the_strike_and_strikes():
    reason, state, first = chosen_then_first_action(BEHIND, "hard")
    assert "strike first" in reason and "will not" not in reason and "decides" not in reason
    assert is_strike(state, first)


def first_turn_orders(spots: dict, level: str) -> list[str]:
    state, _ = position(spots)
    played = []
    while state.phase is not Phase.OVER and state.turn == 1:
        side = next(s for s in (0, 1) if RULESET.legal_orders(state, s))
        order = decide(state, side, level, len(played)).order
        played.append(order.to_text())
        state, _ = RULESET.apply(state, order)
    return played


def test_the_reason_changes_no_order(monkeypatch):
    """The whole first turn as hard plays it, with the choice's reason worded
    and with every reason switched off: the same orders."""
    from core.ai.spheres_of_war import SpheresKnowledge

    worded = first_turn_orders(AHEAD, "hard")
    monkeypatch.setattr(SpheresKnowledge, "explain", lambda self, view, side, order: "")
    assert first_turn_orders(AHEAD, "hard") == worded
    assert worded[0].startswith("match")  # the rule-13 choice was among them
