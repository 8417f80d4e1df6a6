"""Platemail's words (issue 29, "the smaller words"): a Move at a character
says toward whom, and a severing blow's d4 names the limb it picks."""

from __future__ import annotations

from core.rulesets.platemail.ruleset import describe_act

from .helpers import act, order, play, position, text


def test_a_move_at_a_character_says_toward_whom():
    assert describe_act(act(0, "move", "closest")) == "Move toward the closest hostile (R)"
    assert describe_act(act(0, "sprint", "b1")) == "Sprint toward b1 (NR)"
    # a cell is a place, a Charge its own word
    assert describe_act(act(0, "move", to=(2, 4))) == "Move to 2,4 (R)"
    assert describe_act(act(0, "charge", "b1")).startswith("Charge b1")


def test_the_d4_of_severs_limb_names_the_limb_it_picks():
    """Seed, Severs Limb: a d4 picks the limb (legs on 1-2, arms on 3-4)."""
    # A Great Sword's critical (20); the d4 shows 3: the left arm; splint
    # mail (Protects Limbs 1) rolls 2, above 1: the arm is severed.
    st = position([("knight", 0, (5, 5)), ("footman", 1, (5, 6), {"armour": "splint"})])
    st, ev = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(20, 3, 2))
    said = text(ev)
    assert "picks b1's left arm" in said and "LIMBS" not in said, said
    # the armour's 1 saves it: the log still says which limb was picked
    st = position([("knight", 0, (5, 5)), ("footman", 1, (5, 6), {"armour": "splint"})])
    st, ev = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(20, 4, 1))
    said = text(ev)
    assert "picks b1's right arm" in said and "saves the right arm" in said, said
    assert st.char("b1").lost_limbs == ()


def test_last_written_is_each_characters_newest_committed_orders():
    from core.rulesets.platemail.orders import Act, Commit, Write, last_written
    from core.rulesets.platemail.state import Action, Condition

    def write(side, unit, kind):
        act = Act(side, kind)
        return Write(side, unit, act, Condition.HIT, act, act)

    round_one = [write(0, "a1", Action.DEFEND), write(0, "a2", Action.DEFEND), write(0, "a1", Action.FALL_BACK),
                 Commit(0), write(1, "b1", Action.DEFEND), Commit(1)]
    round_two = [write(0, "a2", Action.SKULK), Commit(0), Commit(1)]
    writing = [write(0, "a1", Action.COUNTER)]  # Round 3, not committed: not yet "last Round's"
    found = last_written(round_one + round_two + writing, 0)
    assert {u: w.first.kind for u, w in found.items()} == {"a1": Action.FALL_BACK, "a2": Action.SKULK}
    # A seat sees only its own orders; the other side's commits are not needed.
    assert last_written([o for o in round_one if o.side == 1], 1)["b1"].first.kind is Action.DEFEND
