"""Use Item ``free`` on an entrapped ally (seed 002, weapon properties:
Bolo/Net entraps on a hit, and an entrapped character cannot move until it
is freed by a Use Item Action; the rule does not say by whom, and
docs/rulings.md, Platemail, Use Item, lets whoever stands within reach do
it).  The order lists offer it, by the ally's id; the checks refuse it on
an enemy and say why it would free nobody; the resolution does what they
say."""

from __future__ import annotations

from core.rulesets.platemail.checks import check_act, item_idle
from core.rulesets.platemail.events import ActionTaken
from core.rulesets.platemail.legal import character_writes
from core.rulesets.platemail.state import Act, Action

from .helpers import act, order, play, position, text

FREE_A2 = Act(0, Action.USE_ITEM, "a2", item="free")


def netted_archer(knight_at=(5, 4)):
    """a1 a Knight, a2 an Archer caught in a net at 5,5 (beside a1 at
    5,4), b1 a Footman far off on the south edge."""
    return position([("knight", 0, knight_at), ("archer", 0, (5, 5), {"entrapped": True}),
                     ("footman", 1, (0, 11))])


def test_the_lists_offer_a_knight_to_free_the_netted_archer_beside_it_and_it_moves_the_next_phase():
    state = netted_archer()
    offered = [w for w in character_writes(state, state.char("a1")) if w.first == FREE_A2]
    assert offered, "a1's listed orders free a2"
    # The knight frees a2 in the 1st Phase (a Use Item, Ready); a2 Defends,
    # then Moves in the 2nd: freed as the 1st Phase ends, it walks.
    knight = order(0, "a1", offered[0].first, "hit", act(0, "defend"))
    archer = order(0, "a2", act(0, "defend"), "hit", act(0, "move", to=(5, 8)))
    after, events = play(state, [knight, archer], dice=[10] * 20)
    assert not after.char("a2").entrapped
    assert after.char("a2").pos != (5, 5), text(events)  # it moved in the 2nd Phase
    assert "a2 is freed" in text(events)
    # Without the knight's help the same orders leave it where it was, still entrapped.
    alone = order(0, "a1", act(0, "defend"))
    after, events = play(state, [alone, archer], dice=[10] * 20)
    assert after.char("a2").entrapped and after.char("a2").pos == (5, 5)
    taken = [e for e in events if isinstance(e, ActionTaken) and e.unit == "a2"]
    assert len(taken) == 2


def test_an_archer_out_of_reach_is_not_offered_and_freeing_it_frees_nobody():
    state = netted_archer(knight_at=(5, 2))  # three cells off
    knight = state.char("a1")
    assert not [w for w in character_writes(state, knight) if w.first.item == "free"]
    assert item_idle(state, knight, "free", "a2") == "a2 is 3 cells from a1: out of reach"
    assert item_idle(state, knight, "free") == "nobody is entrapped within a1's reach"
    # Written anyway (the Phase may bring it nearer), it frees nobody, and the log says why.
    after, events = play(state, [order(0, "a1", FREE_A2)], dice=[10] * 20)
    assert after.char("a2").entrapped
    assert "a1 has nobody entrapped within reach to free (a2 is 3 cells from a1: out of reach)" in text(events)


def test_freeing_oneself_beside_a_netted_ally_frees_nobody_and_is_said_so():
    """Use Item free on itself frees only itself: a knight that is not
    entrapped is told so, though the archer beside it is."""
    state = netted_archer()
    knight = state.char("a1")
    assert item_idle(state, knight, "free", "self") == "a1 is not entrapped"
    assert item_idle(state, knight, "free", "a2") == ""
    assert item_idle(state, knight, "free") == ""  # someone within reach to free: a2
    after, events = play(state, [order(0, "a1", act(0, "use-item", "self", item="free"))], dice=[10] * 20)
    assert after.char("a2").entrapped
    assert "(a1 is not entrapped)" in text(events)


def test_an_enemy_is_never_freed_and_an_ally_not_entrapped_is_said_so():
    state = position([("knight", 0, (5, 4)), ("archer", 0, (5, 3)), ("rogue", 1, (5, 5), {"entrapped": True})])
    knight = state.char("a1")
    for target in ("b1", "closest"):
        problem = check_act(state, knight, Act(0, Action.USE_ITEM, target, item="free"), True)
        assert problem is not None and problem.code == "bad-target", target
        assert "frees only itself or an ally" in problem.message
        problem = check_act(state, knight, Act(0, Action.USE_ITEM, target, item="free"), False)
        assert problem is not None, f"a 2nd Action freeing {target} too"
    assert item_idle(state, knight, "free", "a2") == "a2 is not entrapped"
    assert check_act(state, knight, FREE_A2, True) is None  # allowed, but it frees nobody
    after, events = play(state, [order(0, "a1", FREE_A2)], dice=[10] * 20)
    assert "(a2 is not entrapped)" in text(events) and after.char("b1").entrapped
