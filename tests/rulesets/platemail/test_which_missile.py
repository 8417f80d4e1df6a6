"""Which missile a shot throws, and what the log and the checks say of it
(docs/rulings.md, Platemail, "Which missile a shot throws" and "What the
log and the card say"; seed: Ranged Attack, Rapid Fire, Thrown Weapons,
Use Item, IF ELSE Clause).

A tester's rogue carried two Darts, a Bolo/Net and a Blowgun; "Ranged
Attack b1" named no missile and the engine threw a Dart.  A shot may now
name the missile it throws; one naming none throws what it threw before."""

from __future__ import annotations

from core.events import Note
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.actions import missile
from core.rulesets.platemail.checks import check_act
from core.rulesets.platemail.events import ActionTaken, AttackMade
from core.rulesets.platemail.ruleset import describe_act
from core.rulesets.platemail.state import Status

from .helpers import act, order, play, position

ROGUE = ("rogue", 0, (5, 4))  # Dagger in hand; carries Dart, Dart, Bolo/Net, Blowgun
FOE = ("footman", 1, (5, 6))  # 10 ft away: within every thrown weapon's Range


def notes(events) -> list[str]:
    return [e.text for e in events if isinstance(e, Note)]


def test_a_shot_naming_the_net_throws_the_net_and_spends_it():
    """Thrown Weapons, Bolo/Net: Entraps on Hit.  A d20 of 18 hits the
    footman (Defense 10 + chain and shield's Deflection is below 18 + 0)."""
    st = position([ROGUE, FOE])
    st, events = play(st, [order(0, "a1", act(0, "ranged-attack", "b1", item="net"))], dice=(18,))
    assert [a.hit for a in events if isinstance(a, AttackMade)] == [True]
    assert st.char("b1").entrapped  # the net's own effect: it was the net
    assert st.char("a1").carried.count("net") == 0 and st.char("a1").carried.count("dart") == 2


def test_a_shot_naming_none_throws_the_first_missile_carried_as_before():
    """The computer's orders name none: the Dart goes first, as it did."""
    st = position([ROGUE, FOE])
    st, _ = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(18,))
    assert not st.char("b1").entrapped
    assert st.char("a1").carried.count("dart") == 1 and "net" in st.char("a1").carried
    assert missile(position([ROGUE, FOE]).char("a1")).name == "Dart"


def test_a_named_missile_already_spent_is_not_replaced_by_another():
    """A 2nd Action naming the net after the 1st threw it: nothing is
    thrown (the darts stay), and the log says why."""
    st = position([ROGUE, FOE])
    first = act(0, "ranged-attack", "b1", item="net")
    st, events = play(st, [order(0, "a1", first, then=first)], dice=(2,))  # a miss: nothing entrapped
    assert "a1 has no Bolo/Net left to throw" in notes(events)
    assert st.char("a1").carried.count("dart") == 2


def test_a_first_action_naming_a_missile_not_carried_or_no_missile_is_refused():
    st = position([("rogue", 0, (5, 4), {"carried": ("dart", "blowgun")}), FOE])
    me = st.char("a1")
    problem = check_act(st, me, act(0, "ranged-attack", "b1", item="net"), True)
    assert problem is not None and problem.message == "a1 carries no Bolo/Net to throw."
    problem = check_act(st, me, act(0, "ranged-attack", "b1", item="blowgun"), True)
    assert problem is not None and "Blowgun is not one" in problem.message
    assert check_act(st, me, act(0, "ranged-attack", "b1", item="dart"), True) is None
    # A 2nd Action is judged when it comes (a swap may put the Dagger among what is carried).
    assert check_act(st, me, act(0, "ranged-attack", "b1", item="dagger"), False) is None


def test_in_range_is_measured_against_the_missile_then_names():
    """IF ELSE Clause, within Range: b1 is 25 ft away.  A Dart (30 ft) is
    within Range, a Bolo/Net (15 ft) is not, so the ELSE is taken."""
    placed = [ROGUE, ("footman", 1, (5, 9))]
    for item, branch in ((None, "then"), ("net", "else")):
        st = position(placed)
        w = order(0, "a1", act(0, "defend"), "in-range", act(0, "ranged-attack", "b1", item=item), act(0, "defend"))
        _, events = play(st, [w], dice=(2,) * 4)
        second = [e for e in events if isinstance(e, ActionTaken) and e.unit == "a1"][-1]
        assert second.branch == branch, (item, second)


def test_the_order_words_name_what_the_shot_uses():
    st = position([ROGUE, FOE])
    me = st.char("a1")
    assert describe_act(act(0, "ranged-attack", "b1"), me) == "Ranged Attack b1, throwing a Dart (R)"
    assert describe_act(act(0, "ranged-attack", "closest", item="net"), me) == \
        "Ranged Attack the closest hostile, throwing a Bolo/Net (R)"
    archer = position([("archer", 0, (5, 4)), FOE]).char("a1")
    assert describe_act(act(0, "rapid-fire", "b1"), archer) == "Rapid Fire b1, shooting the Long Bow (NR)"
    # After a 1st Action's swap to the Blowgun, the 2nd shoots it (describe_order judges it so).
    text = RULESET.describe_order(st, order(0, "a1", act(0, "use-item", item="swap:blowgun"), "hit",
                                            act(0, "ranged-attack", "b1"), act(0, "defend")))
    assert "THEN Ranged Attack b1, shooting the Blowgun (R)" in text


def test_the_poison_comes_after_the_hit_in_the_log():
    """Blowgun (Can be Poisoned): a critical hit, then the poison, in that
    order (the tester read the poison before the hit)."""
    st = position([("rogue", 0, (5, 4), {"wielding": "blowgun"}), ("spellcaster", 1, (5, 8))])
    st, events = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(20,))
    hit = next(i for i, e in enumerate(events) if isinstance(e, AttackMade))
    poison = next(i for i, e in enumerate(events) if isinstance(e, Note) and "poison gets into b1" in e.text)
    assert events[hit].critical and hit < poison
    assert st.char("b1").wounds == 2  # the critical's +1 Wound, and the poison's


def test_a_spell_with_nobody_to_aim_at_has_no_target_to_cast_at():
    st = position([("spellcaster", 0, (5, 4), {"prepared": "firebolt"}),
                   ("footman", 1, (5, 8), {"status": Status.DYING, "prone": True}), ("footman", 1, (9, 9))])
    st, events = play(st, [order(0, "a1", act(0, "release-spell", "b1"))])
    assert "a1 has no target to cast at" in notes(events)
    assert not [t for t in notes(events) if "to shoot at" in t]
    assert st.char("a1").prepared == "firebolt"


def test_a_swap_to_the_weapon_in_hand_says_it_is_in_hand():
    """Last Round's 1st Action swapped to the Blowgun; written again, the
    Blowgun is in hand: refused as before, in true words."""
    st = position([("rogue", 0, (5, 4), {"wielding": "blowgun", "carried": ("dart", "net", "dagger")}), FOE])
    problem = RULESET.check(st, order(0, "a1", act(0, "use-item", item="swap:blowgun")))
    assert problem is not None and problem.message == "a1 has the Blowgun in hand already: nothing to swap."
    # As a 2nd Action after a 1st that did the swap: the log says the same.
    st = position([ROGUE, FOE])
    swap = act(0, "use-item", item="swap:blowgun")
    st, events = play(st, [order(0, "a1", swap, then=swap)])
    assert "a1 has the Blowgun in hand already: nothing to swap" in notes(events)
    assert st.char("a1").wielding == "blowgun"
