"""The Waylights computer keeps the split rulings (issue 26, point 5): on
0/4 it makes no attack of its own, and on 4/0 it makes no counterattack,
in its choice and in the lines it plays out to find it."""

from __future__ import annotations

import random

import attrs

from core.ai import choose
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Attack, Counter
from core.rulesets.waylights.state import PendingAttack
from tests.rulesets.waylights.helpers import position

FAR = ("b9", 1, "mook", (9, 9))


def test_the_computer_on_0_4_does_not_attack_a_mook_one_blow_from_ko():
    """Seed's split table: "0 | 4 | Fighting defensively"."""
    s = position([("a1", 0, "fighter", (2, 2), dict(split=0)), ("b1", 1, "mook", (2, 3), dict(wounds=2)), FAR],
                 "a1")
    for seed in range(4):
        choice = choose(R, R.view(s, 0), 0, R.legal_orders(s, 0), "easy", seed)
        assert not isinstance(choice.order, Attack), choice
        assert R.check(s, choice.order) is None
    # The play-outs draw what the listing holds: never an attack on 0/4.
    rng = random.Random(5)
    assert not any(isinstance(R.random_order(s, 0, rng), Attack) for _ in range(200))


def test_the_computer_on_4_0_is_not_offered_a_counter():
    """Seed: a counter "uses defense dice"; 4/0 keeps none."""
    s = position([("a1", 0, "fighter", (2, 2), dict(split=2)), ("b1", 1, "fighter", (2, 3), dict(split=4)), FAR],
                 "a1")
    held = attrs.evolve(s, pending="response", attack=PendingAttack("a1", "b1", 0), actions=1)
    legal = R.legal_orders(held, 1)
    assert legal and not any(isinstance(o, Counter) for o in legal)
    choice = choose(R, R.view(held, 1), 1, legal, "easy", 1)
    assert not isinstance(choice.order, Counter)


def test_the_computer_says_what_a_split_with_no_dice_gives_up():
    """Seed's split table: "0 | 4 | ... | Hunkering down"."""
    from core.ai import knowledge_for
    from core.rulesets.waylights.orders import Split

    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (2, 3)), FAR], "a1", pending="split")
    know = knowledge_for(R)
    assert know.explain(s, 0, Split(0, "a1", 0)).startswith("no attack: all 4 dice")
    assert know.explain(s, 0, Split(0, "a1", 4)).endswith("none to defend or counter")
    assert "no attack" not in know.explain(s, 0, Split(0, "a1", 2))
