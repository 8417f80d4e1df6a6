"""The check every ``random_order`` override shares: every draw is an order
the listing holds, and enough draws reach every listed order."""

import random


def draws_everything(rules, state, side, draws: int, seed: int = 11) -> set:
    """Draw ``draws`` times: every draw is listed, and the listing is drawn whole."""
    listed = set(rules.legal_orders(state, side))
    rng = random.Random(seed)
    drawn = set()
    for _ in range(draws):
        order = rules.random_order(state, side, rng)
        assert order in listed, order.to_text()
        drawn.add(order)
    missing = sorted(o.to_text() for o in listed - drawn)
    assert not missing, missing[:10]
    return drawn
