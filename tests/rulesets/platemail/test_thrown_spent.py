"""A thrown weapon is never held in hand, and every throw spends what it
throws (docs/rulings.md, Platemail, Loadouts and Actions; seed: Thrown
Weapons, Use Item).

The tester's game 2: rogue a3 swapped its Dagger for the Bolo/Net (Use
Item, "swap to the Bolo/Net"), then threw the net Round after Round; a
Ranged Attack shot the weapon in hand, so the net was never spent, and
the rogue still carried its two darts."""

from __future__ import annotations

from collections import Counter

import pytest

from core.events import Note
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.legal import character_writes
from core.rulesets.platemail.state import Action

from .helpers import act, order, play, position

ROGUE = ("rogue", 0, (5, 4))  # Dagger in hand; carries Dart, Dart, Bolo/Net, Blowgun
FOE = ("footman", 1, (5, 6))  # 10 ft away: within every thrown weapon's Range


@pytest.mark.parametrize("key, name", [("net", "Bolo/Net"), ("dart", "Dart")])
@pytest.mark.parametrize("slot", ["first", "then", "otherwise"])
def test_a_thrown_weapon_cannot_be_drawn_into_the_hand(key, name, slot):
    """Refused in every slot of an order, with the reason in words."""
    st = position([ROGUE, FOE])
    swap, defend = act(0, "use-item", item=f"swap:{key}"), act(0, "defend")
    acts = {"first": defend, "then": defend, "otherwise": defend, slot: swap}
    problem = RULESET.check(st, order(0, "a1", acts["first"], "hit", acts["then"], acts["otherwise"]))
    assert problem is not None and problem.code == "thrown-in-hand"
    assert f"a1 cannot draw the {name}: a thrown weapon is never held in hand" in problem.message
    # The other side of the same rule: a launcher it carries may still be drawn.
    assert RULESET.check(st, order(0, "a1", act(0, "use-item", item="swap:blowgun"))) is None


def test_the_listing_offers_no_thrown_weapon_to_draw():
    st = position([ROGUE, FOE])
    items = {w.first.item for w in character_writes(st, st.char("a1")) if w.first.kind is Action.USE_ITEM}
    assert "swap:blowgun" in items
    assert not {"swap:net", "swap:dart"} & items
    for w in RULESET.legal_orders(st, 0):  # every order listed passes the check
        assert RULESET.check(st, w) is None, w.to_text()


def test_each_throw_spends_what_it_throws_and_the_dagger_stays_in_hand():
    """Five Ranged Attacks in a row (Rounds of a Ranged Attack then a
    Defend).  Thrown Weapons: the Dart (30'), Dart, then Bolo/Net; each is
    spent by its throw, hit or miss (scripted d20s of 2: all miss, so no net
    entraps).  Then nothing is left to throw: the Dagger in hand is a melee
    weapon and stays in hand, so the Ranged Attack does nothing and says so;
    the 1st Action is refused once nothing is left (nothing-to-shoot)."""
    st = position([ROGUE, FOE])
    thrown = []
    for _ in range(3):
        before = Counter(st.char("a1").carried)
        st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"), then=act(0, "defend"))], dice=(2,))
        gone = before - Counter(st.char("a1").carried)
        assert sum(gone.values()) == 1  # one missile a throw
        thrown += list(gone)
    assert thrown == ["dart", "dart", "net"]
    assert st.char("a1").carried == ("blowgun",) and st.char("a1").wielding == "dagger"
    problem = RULESET.check(st, order(0, "a1", act(0, "ranged-attack", "b1")))
    assert problem is not None and problem.code == "nothing-to-shoot"
    # A 2nd Action written before the last missile went is still judged then: it throws nothing.
    st, ev = play(st, [order(0, "a1", act(0, "defend"), then=act(0, "ranged-attack", "b1"))])
    assert "a1 has nothing to shoot or throw" in [e.text for e in ev if isinstance(e, Note)]
    assert st.char("a1").wielding == "dagger"


def test_a_carried_dagger_is_thrown_and_spent():
    """Thrown Weapons lists the Dagger: a carried one (the archer's spare)
    is a missile like any other.  With a Sword in hand, a Ranged Attack
    throws the Dagger, and it is gone; the Sword stays in hand."""
    st = position([("archer", 0, (5, 4), {"wielding": "sword"}), FOE])
    assert st.char("a1").carried == ("dagger",)
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"), then=act(0, "defend"))], dice=(2,))
    assert st.char("a1").carried == () and st.char("a1").wielding == "sword"


def test_rapid_fire_spends_both_missiles():
    """Rapid Fire: two throws, two darts gone (the net is left)."""
    st = position([ROGUE, FOE])
    st, ev = play(st, [order(0, "a1", act(0, "rapid-fire", "b1"), then=act(0, "defend"))], dice=(2, 2))
    assert st.char("a1").carried == ("net", "blowgun")
