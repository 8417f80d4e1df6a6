"""The computer's answer to an offer of a draw (``core.ai.player.answer_draw``):
it agrees only when it has less fight left than the other side, and it
answers at once, whoever's turn it is (docs/rulings.md, *A draw by
agreement*)."""

from __future__ import annotations

import random

from core.ai import knowledge_for
from core.ai.player import ComputerPlayer
from core.events import Removed
from core.game import Submitted, start, submit
from core.orders import AgreeDraw, DeclineDraw, OfferDraw
from core.registry import find_ruleset
from core.seats import Table
from tests.tui.test_every_ruleset import battlefield_for

RULES = find_ruleset("spheres_of_war")


def given(game, order):
    result = submit(game, order)
    assert isinstance(result, Submitted), result
    return result.game


def uneven_game():
    """A Spheres of War game played at random until a combatant has been
    removed (one side a combatant fewer, the game going on)."""
    game = start(RULES, None, battlefield_for(RULES), 11, ("Ann", "Bo"))
    rng = random.Random(11)
    knowledge = knowledge_for(RULES)
    while not any(isinstance(e, Removed) for e in game.log):
        assert game.outcome is None
        side = min(game.to_act)
        game = given(game, rng.choice(game.legal_orders(side)))
    return game, knowledge


def answer(game, side):
    return ComputerPlayer(Table(game).seat(side), "easy").choose()


def test_before_the_battle_it_plays_on():
    game = start(RULES, None, battlefield_for(RULES), 11, ("Ann", "Bo"))
    choice = answer(given(game, OfferDraw(0)), 1)
    assert choice is not None and choice.order == DeclineDraw(1)
    assert choice.reason == "plays on: the battle has not begun (figures still to deploy)"


def deployed():
    game = start(RULES, None, battlefield_for(RULES), 11, ("Ann", "Bo"))
    while any(u.pos is None for u in RULES.units(game.state)):
        game = given(game, next(o for o in game.legal_orders(min(game.to_act)) if o.verb in ("deploy-all", "ready")))
    return game


def test_level_it_plays_on_whoever_is_to_act():
    game = deployed()
    for offerer in (0, 1):
        choice = answer(given(game, OfferDraw(offerer)), 1 - offerer)
        assert choice is not None and choice.order == DeclineDraw(1 - offerer)
        assert choice.reason == "plays on: level, 5 figures standing to 5"  # counted on the board: 5 a side


def test_behind_it_agrees_and_ahead_it_plays_on():
    game, knowledge = uneven_game()
    assert knowledge.strength(game.state, 0) != knowledge.strength(game.state, 1)
    behind = 0 if knowledge.strength(game.state, 0) < knowledge.strength(game.state, 1) else 1
    agreed = answer(given(game, OfferDraw(1 - behind)), behind)
    assert agreed is not None and agreed.order == AgreeDraw(behind) and agreed.reason.startswith("agrees: behind")
    declined = answer(given(game, OfferDraw(behind)), 1 - behind)
    assert declined is not None and declined.order == DeclineDraw(1 - behind)
    assert declined.reason.startswith("plays on: ahead")
    # The answer is a legal order: the game takes it.
    over = given(given(game, OfferDraw(1 - behind)), agreed.order)
    assert over.outcome is not None and over.outcome.winner is None


def test_with_no_offer_standing_it_plays_as_ever():
    game = deployed()
    side = min(game.to_act)
    choice = answer(game, side)
    assert choice is not None and choice.order in game.legal_orders(side)
    assert answer(game, 1 - side) is None  # not its turn, nothing to answer
