"""A game given up counts only the turns played.  A tester conceded a
Platemail game while Round 2's orders were being written and read "Rounds
played: 2": Round 1 alone was carried out (a Round is played when both
sides' orders are revealed and resolved at once).  The count now comes
from the log: one Round ended, one played.  Given up during deployment, no
turn was played, in any ruleset."""

from __future__ import annotations

import random

from core.events import TurnEnded, TurnStarted
from core.game import start, submit
from core.orders import AgreeDraw, Concede, OfferDraw
from core.registry import find_ruleset
from tests.tui.test_every_ruleset import battlefield_for
from tui.result import result_lines, summarise


def new(name: str):
    rules = find_ruleset(name)
    return start(rules, None, battlefield_for(rules), seed=3, players=("Ann", "Bo"))


def play_until(game, done, seed: int = 1):
    pick = random.Random(seed)
    while not done(game):
        assert game.outcome is None
        game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
    return game


def played_line(game) -> str:
    return result_lines(summarise(game))[1]


def ended(game, turn: int) -> bool:
    return any(isinstance(e, TurnEnded) and e.turn == turn for e in game.log)


def test_a_platemail_game_conceded_in_round_2s_orders_played_round_1():
    game = play_until(new("platemail"), lambda g: ended(g, 1))
    assert game.ruleset.situation(game.state).turn == 2 and not ended(game, 2)
    # the tester's moment: one side has committed Round 2's orders, the other concedes
    game = play_until(game, lambda g: any(g.state.committed))
    over = submit(game, Concede(min(game.to_act))).game
    assert played_line(over) == "Rounds played: 1 (the game ended while round 2's orders were being written)"
    assert [e.turn for e in over.log if isinstance(e, TurnEnded)] == [1]


def test_a_draw_agreed_in_round_1s_orders_played_no_round():
    game = play_until(new("platemail"), lambda g: g.state.stage == "orders")
    game = submit(game, OfferDraw(0)).game
    over = submit(game, AgreeDraw(1)).game
    assert over.outcome is not None and not any(isinstance(e, TurnStarted) for e in over.log)
    assert played_line(over) == "Rounds played: 0 (the game ended while round 1's orders were being written)"


def test_a_game_given_up_during_deployment_played_no_turn():
    for name in ("platemail", "plasto_latros", "spheres_of_war", "waylights"):
        game = new(name)
        assert game.ruleset.situation(game.state).deploying, name
        over = submit(game, Concede(min(game.to_act))).game
        assert not any(isinstance(e, TurnStarted) for e in over.log), name
        word = game.ruleset.turn_word
        assert played_line(over) == f"{word}s played: 0 (the game ended during deployment)", name


def test_a_turn_begun_and_given_up_in_still_counts_where_orders_are_given_in_turn():
    """Spheres of War: turn 2 has begun (the log says so) when a player
    concedes: it counts, as it did.  Only where a turn is played all at
    once (Platemail's Round) does one given up in its orders not count."""
    game = play_until(new("spheres_of_war"), lambda g: g.ruleset.situation(g.state).turn == 2)
    assert any(isinstance(e, TurnStarted) and e.turn == 2 for e in game.log)
    over = submit(game, Concede(min(game.to_act))).game
    assert played_line(over) == "Turns played: 2"
