"""The free step closes the Move action, and a declared split is kept until
its owner's next turn (issue 11, points 1 and 2; "Sequence", "Attack and
Defense").

Scores from the roster: a Fighter attacks at +5; a Mook defends at +2 with
Threshold 2.
"""

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Attack, Move, SplitMove, Step
from tests.rulesets.waylights.helpers import do, position, rejected, rolls, script

FAR = ("b9", 1, "mook", (9, 9))


def test_after_the_free_step_move_is_refused_and_not_offered():
    """Seed: "If the Move action is not used" ... "can still take a single
    step" (rows MOVE|MOVE|no, MOVE|KICK|no)."""
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (2, 6)), FAR], "a1")
    s, _ = do(s, "step side=0 unit=a1 to=2,3")
    assert s.stepped and s.actions == 0
    assert rejected(s, "move side=0 unit=a1 to=2,5") == "stepped"
    why = R.check(s, R.parse_order("move side=0 unit=a1 to=2,5"))
    assert "free step" in why.message and "Split Move" in why.message
    legal = R.legal_orders(s, 0)
    assert not any(isinstance(o, Move) for o in legal)
    # Split Move and the other Actions stay open (SPLITMOVE rows keep the step).
    assert SplitMove(0, "a1", (2, 4)) in legal
    s, _ = do(s, "split-move side=0 unit=a1 to=2,5")
    assert s.get("a1").pos == (2, 5) and s.actions == 1
    assert any(isinstance(o, Attack) and o.target == "b1" for o in R.legal_orders(s, 0))


def test_move_is_still_open_before_the_step_and_a_split_move_keeps_both():
    """The step is no Action: before it, Move is listed; Split Move, then
    step, then Split Move again is a whole legal turn."""
    s = position([("a1", 0, "fighter", (2, 2)), FAR], "a1")
    assert any(isinstance(o, Move) for o in R.legal_orders(s, 0))
    s, _ = do(s, "split-move side=0 unit=a1 to=2,4")
    assert Step(0, "a1", (2, 5)) in R.legal_orders(s, 0)
    s, _ = do(s, "step side=0 unit=a1 to=2,5")
    s, _ = do(s, "split-move side=0 unit=a1 to=2,7")
    assert s.active != "a1"


def test_a_character_attacked_before_its_turn_keeps_the_split_of_its_last_turn():
    """Seed: the target "uses the dice allocation" ... "during their last
    turn"; a character may "only change their dice allocation" on its own
    turn."""
    # Round 2: b1 split 1/3 in its round-1 turn and has not acted yet this round.
    s = position([("a1", 0, "fighter", (2, 2), dict(split=3)),
                  ("b1", 1, "mook", (3, 2), dict(split=1, split_round=1, acted_round=1)), FAR],
                 "a1", round_=2, counter_used=True)
    s = script(s, 2, 2, 2, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    # No split is asked of b1: the turn stays with a1's side.
    assert s.pending != "target-split" and R.to_act(s) == frozenset({0})
    # No counter is possible (one already happened), so the defence is rolled
    # at once with the kept 3 defence dice.
    a, d = rolls(ev)
    assert len(a.faces) == 3 and len(d.faces) == 3
    assert s.get("b1").split == 1


def test_only_a_character_that_never_had_a_turn_declares_when_attacked():
    """Seed: the target declares "if they haven't had a turn yet"."""
    s = position([("a1", 0, "fighter", (2, 2), dict(split=3)),
                  ("b1", 1, "mook", (3, 2), dict(split=None, split_round=0)), FAR], "a1", round_=2)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.pending == "target-split" and R.to_act(s) == frozenset({1})
