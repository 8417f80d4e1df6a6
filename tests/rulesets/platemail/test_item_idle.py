"""checks.item_idle, the writer's warning that a Use Item would do nothing,
says what the resolution then does: a potion with no Wound heals nothing,
and a free with nobody entrapped within reach frees nobody (the writer read
these from three conditions of its own in tui/ before)."""

from __future__ import annotations

from core.rulesets.platemail.checks import item_idle

from .helpers import act, order, play, position


def _said(state, item):
    _, events = play(state, [order(0, "a1", act(0, "use-item", target="self", item=item))], dice=[10] * 12)
    return " ".join(getattr(e, "text", "") or str(e) for e in events)


def test_a_potion_with_no_wound_is_idle_and_heals_nothing_and_with_one_it_is_not():
    whole = position([("footman", 0, (2, 2), {"potions": 1}), ("footman", 1, (9, 9))])
    me = whole.characters[0]
    assert item_idle(whole, me, "potion") == "a1 has no Wound for a potion to heal"
    assert "no Wound" in _said(whole, "potion")
    hurt = position([("footman", 0, (2, 2), {"potions": 1, "wounds": 1}), ("footman", 1, (9, 9))])
    assert item_idle(hurt, hurt.characters[0], "potion") == ""
    assert "heals one Wound" in _said(hurt, "potion")


def test_freeing_with_nobody_entrapped_is_idle_and_frees_nobody_and_an_entrapped_self_is_not():
    free = position([("footman", 0, (2, 2)), ("footman", 1, (9, 9))])
    assert item_idle(free, free.characters[0], "free") == "nobody is entrapped within a1's reach"
    assert "nobody entrapped within reach" in _said(free, "free")
    caught = position([("footman", 0, (2, 2), {"entrapped": True}), ("footman", 1, (9, 9))])
    assert item_idle(caught, caught.characters[0], "free") == ""
    assert "a1 is freed" in _said(caught, "free")
