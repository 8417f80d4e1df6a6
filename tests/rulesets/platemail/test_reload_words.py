"""An order's words give a reload the readiness it will have (seed: Use
Item: reloading a light crossbow is a Quick use, the character stays Ready;
a heavy crossbow's is Complex, Not Ready), not the heading's "(R/NR)"."""

from __future__ import annotations

from core.rulesets.platemail import RULESET

from .helpers import act, order, position

RELOAD = act(0, "use-item", item="reload")


def words(wielding, first, then, carried=None):
    changes = {"wielding": wielding, "loaded": False}
    if carried is not None:
        changes["carried"] = carried
    st = position([("crossbowman", 0, (5, 2), changes), ("footman", 1, (5, 8))])
    return RULESET.describe_order(st, order(0, "a1", first, then=then))


def test_a_light_crossbow_reload_reads_ready_and_a_heavy_one_not_ready():
    light = words("light-crossbow", RELOAD, act(0, "ranged-attack", "b1"))
    assert light.startswith("a1: Use Item reload (R);") and "R/NR" not in light
    heavy = words("heavy-crossbow", RELOAD, act(0, "ranged-attack", "b1"))
    assert heavy.startswith("a1: Use Item reload (NR);") and "R/NR" not in heavy


def test_a_second_action_reload_reads_by_the_crossbow_the_first_action_leaves_in_hand():
    # a1 holds a mace and swaps to its light crossbow first: the reload is Quick.
    text = words("mace", act(0, "use-item", item="swap:light-crossbow"), RELOAD, carried=("light-crossbow",))
    assert text.endswith("Use Item reload (R)")
    text = words("light-crossbow", act(0, "ranged-attack", "b1"), RELOAD)
    assert text.endswith("Use Item reload (R)")
    text = words("heavy-crossbow", act(0, "ranged-attack", "b1"), RELOAD)
    assert text.endswith("Use Item reload (NR)")


def test_an_items_words_name_what_it_does_not_the_orders_token():
    """Played: orders read "Use Item swap:mace (R)" and a Fall Back with no
    cell only "Fall Back (R)"."""
    from core.rulesets.platemail.ruleset import describe_act
    from core.rulesets.platemail.state import Act, Action

    assert describe_act(Act(0, Action.USE_ITEM, item="swap:mace")) == "Use Item swap to the Mace (R)"
    assert describe_act(Act(0, Action.USE_ITEM, item="potion")) == "Use Item drink a potion (R)"
    assert describe_act(Act(0, Action.FALL_BACK)) == "Fall Back away from the nearest hostile (R)"
    assert describe_act(Act(0, Action.FALL_BACK, to=(3, 4))) == "Fall Back to 3,4 (R)"
