"""Whose order ctrl+z takes back (``Match.take_back_side``): one's own;
at a hot-seat game of a ruleset with nothing hidden, the last order
whichever person gave it; never the computer's, never a secret one."""

from __future__ import annotations

from core.game import start, submit
from core.registry import find_ruleset
from match.match import Match
from saves.library import battlefield_named


def _new(name: str):
    rules = find_ruleset(name)
    return start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bo"))


def _until_last_is(game, side: int):
    """Plays each side's first legal order until the last order is ``side``'s."""
    while not game.orders or game.orders[-1].side != side:
        mover = min(game.to_act)
        game = submit(game, game.legal_orders(mover)[0]).game
    return game


def test_hot_seat_with_nothing_hidden_takes_back_the_other_person_s_order():
    match = Match(_until_last_is(_new("spheres_of_war"), 0), ("human", "human"), computers=False)
    assert match.take_back_side(1) == 0 and match.take_back_side(0) == 0


def test_the_computer_s_order_is_never_taken_back():
    match = Match(_until_last_is(_new("spheres_of_war"), 1), ("human", "easy"), computers=False)
    assert match.take_back_side(0) == 0  # its own (refused: the last is the computer's)


def test_secret_orders_are_only_taken_back_by_their_writer():
    match = Match(_until_last_is(_new("platemail"), 0), ("human", "human"), computers=False)
    assert match.take_back_side(1) == 1
