"""Reloading a crossbow that is still loaded (seed: Use Item, reloading a
crossbow; Ranged Weapons, Requires Reload: a Use Item between shots).
docs/rulings.md, Platemail, "Reloading a loaded crossbow": a 1st Action
reload of a loaded crossbow is refused at writing; a 2nd Action reload,
written before the 1st Phase shows whether the shot was loosed, does
nothing when the bow is still loaded, says so, and is no Complex Use Item
(the character stays Ready)."""

from __future__ import annotations

from core.rulesets.platemail import RULESET
from core.rulesets.platemail.events import ActionTaken, AttackMade
from core.rulesets.platemail.legal import sample_writes
from core.rulesets.platemail.state import Action

from .helpers import act, order, play, position, text

WALL = ["." * 12] * 5 + ["############"] + ["." * 12] * 6  # row 5 walls the north from the south
RELOAD = act(0, "use-item", item="reload")


def taken(ev, uid):
    return [e for e in ev if isinstance(e, ActionTaken) and e.unit == uid]


def test_a_second_action_reload_of_a_bow_that_did_not_shoot_does_nothing_and_says_so():
    # The shot finds its target behind the wall ("cannot see b1"): the
    # Heavy Crossbow stays loaded, and the reload has nothing to do.
    st = position([("crossbowman", 0, (5, 2)), ("footman", 1, (5, 8))], rows=WALL)
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"), then=RELOAD)])
    log = text(ev)
    assert "a1 cannot see b1" in log
    assert "a1's Heavy Crossbow is still loaded: nothing to reload" in log
    assert "a1 reloads" not in log
    assert st.char("a1").loaded
    # nothing Complex was done: a1 stays Ready in the 2nd Phase
    second = taken(ev, "a1")[1]
    assert second.action.startswith("Use Item") and second.ready


def test_a_second_action_reload_after_the_shot_reloads_and_is_not_ready():
    st = position([("crossbowman", 0, (5, 2)), ("footman", 1, (5, 8))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"), then=RELOAD)], dice=(2,))
    assert [e.attacker for e in ev if isinstance(e, AttackMade)] == ["a1"]
    assert "a1 reloads the Heavy Crossbow" in text(ev)
    assert st.char("a1").loaded
    assert not taken(ev, "a1")[1].ready  # a Complex Use Item (NR)


def test_a_first_action_reload_of_a_loaded_crossbow_is_refused_with_its_reason():
    for bow in ("heavy-crossbow", "light-crossbow"):
        st = position([("crossbowman", 0, (5, 2), {"wielding": bow}), ("footman", 1, (5, 8))])
        problem = RULESET.check(st, order(0, "a1", RELOAD))
        assert problem is not None and problem.code == "already-loaded"
        name = "Heavy Crossbow" if bow == "heavy-crossbow" else "Light Crossbow"
        assert f"a1's {name} is loaded already" in problem.message
        # unloaded, the same order is accepted
        st = position([("crossbowman", 0, (5, 2), {"wielding": bow, "loaded": False}), ("footman", 1, (5, 8))])
        assert RULESET.check(st, order(0, "a1", RELOAD)) is None
    # as a THEN (the 1st Action might shoot) it is accepted while loaded
    st = position([("crossbowman", 0, (5, 2)), ("footman", 1, (5, 8))])
    assert RULESET.check(st, order(0, "a1", act(0, "ranged-attack", "b1"), then=RELOAD)) is None


def test_the_listed_writes_offer_a_first_action_reload_only_to_an_unloaded_crossbow():
    def first_reloads(loaded):
        st = position([("crossbowman", 0, (5, 2), {"loaded": loaded}), ("footman", 1, (5, 8))])
        return [w for w in sample_writes(st, 0)
                if w.first.kind is Action.USE_ITEM and w.first.item == "reload"]

    assert first_reloads(False)
    assert not first_reloads(True)


def test_neither_crossbow_may_rapid_fire():
    # Seed, Rapid Fire: weapons that need a Use Item to reload between
    # Attacks cannot be used; the light crossbow's reload is Quick, still one.
    for bow in ("light-crossbow", "heavy-crossbow"):
        st = position([("crossbowman", 0, (5, 2), {"wielding": bow}), ("footman", 1, (5, 8))])
        problem = RULESET.check(st, order(0, "a1", act(0, "rapid-fire", "b1")))
        assert problem is not None and problem.code == "no-rapid-fire"
        # as a 2nd Action (judged when it comes) it shoots nothing
        st, ev = play(st, [order(0, "a1", act(0, "defend"), then=act(0, "rapid-fire", "b1"))])
        assert [e for e in ev if isinstance(e, AttackMade)] == []
        assert "needs reloading between shots" in text(ev)
