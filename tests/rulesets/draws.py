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


def drawn_game_twice(make_game, seed: int, cap: int) -> tuple:
    """Play a game by ``random_order`` twice from the same seed: every draw
    is listed and accepted, and both runs give the same orders."""
    from core.game import Submitted, submit

    runs = []
    for _ in range(2):
        game = make_game()
        pick = random.Random(seed)
        while game.to_act and len(game.orders) < cap:
            side = pick.choice(sorted(game.to_act))
            order = game.random_order(side, pick)
            assert order in game.legal_orders(side), order.to_text()
            result = submit(game, order)
            assert isinstance(result, Submitted), result
            game = result.game
        runs.append(game.orders)
    assert runs[0] == runs[1]
    return runs[0]
