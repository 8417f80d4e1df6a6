"""A draw by agreement (``core.orders.OfferDraw``, ``AgreeDraw``,
``DeclineDraw``; docs/rulings.md *A draw by agreement*): either side offers
at any moment of a game going on, whoever's turn it is; the offer stands
until the other side answers; agreeing ends the game drawn, declining
plays on.  The games are real ones played a few seeded random orders in
(``tests/core/test_concede.py``'s)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import registry
from core.events import DrawAgreed, DrawDeclined, DrawOffered, GameOver
from core.game import Submitted, check, replay, standing_offer, submit, take_back_refusal
from core.orders import AgreeDraw, DeclineDraw, OfferDraw
from core.ruleset import Rejection
from saves.store import load_game, save_game
from tests.core.test_concede import played

NAMING = [r for r in registry.rulesets() if r.capabilities.names_winner]


def given(game, order):
    result = submit(game, order)
    assert isinstance(result, Submitted), result
    return result.game


@pytest.mark.parametrize("rules", NAMING, ids=lambda r: r.name)
@pytest.mark.parametrize("side", [0, 1])
def test_an_offer_agreed_ends_the_game_drawn_with_the_figures_where_they_stood(rules, side):
    game = played(rules)
    offered = given(game, OfferDraw(side))
    assert offered.state == game.state and offered.outcome is None and offered.to_act == game.to_act
    assert standing_offer(offered.log) == side
    result = submit(offered, AgreeDraw(1 - side))
    assert isinstance(result, Submitted)
    over = result.game
    reason = f"{game.players[side]} offered a draw and {game.players[1 - side]} agreed"
    assert over.outcome is not None and over.outcome.winner is None and over.outcome.reason == reason
    assert result.events == (DrawAgreed(1 - side, game.players[1 - side]), GameOver(None, "", reason))
    assert over.state == game.state and over.to_act == frozenset()
    assert over.legal_orders(0) == [] and over.legal_orders(1) == []
    for order in (OfferDraw(side), AgreeDraw(side), *over.legal_orders(side)):
        refused = check(over, order)
        assert isinstance(refused, Rejection) and refused.code == "game-over"


@pytest.mark.parametrize("rules", NAMING, ids=lambda r: r.name)
def test_a_declined_offer_plays_on_and_either_side_may_offer_again(rules):
    game = played(rules)
    game = given(game, OfferDraw(1))
    game = given(game, DeclineDraw(0))
    assert game.log[-1] == DrawDeclined(0, "Ann") and game.outcome is None
    assert standing_offer(game.log) is None
    for side in (0, 1):
        assert check(game, OfferDraw(side)) is None
        refused = check(game, AgreeDraw(side))
        assert isinstance(refused, Rejection) and refused.code == "no-offer"


def test_an_offer_stands_while_the_game_goes_on_until_it_is_answered():
    """Orders of either side between the offer and the answer leave it
    standing: it is answered, never lapsed (so a player who cannot see
    the other's secret orders always knows whether it stands)."""
    rules = registry.find_ruleset("spheres_of_war")
    game = given(played(rules), OfferDraw(0))
    for _ in range(6):
        side = min(game.to_act)
        game = given(game, game.legal_orders(side)[0])
        if game.outcome is not None:
            break
        assert standing_offer(game.log) == 0
    if game.outcome is None:
        assert check(game, AgreeDraw(1)) is None


def test_an_offer_stands_once_and_is_answered_only_by_the_other_side():
    game = given(played(registry.find_ruleset("waylights")), OfferDraw(0))
    cases = {
        OfferDraw(0): ("offer-stands", "Your offer of a draw stands: Bo has not answered it yet."),
        OfferDraw(1): ("answer-offer", "Ann has offered a draw: agree to it or decline it."),
        AgreeDraw(0): ("no-offer", "Bo has no offer of a draw standing to answer."),
        DeclineDraw(0): ("no-offer", "Bo has no offer of a draw standing to answer."),
        OfferDraw(2): ("not-a-side", "There is no side 2 to offer-draw."),
    }
    for order, (code, message) in cases.items():
        refused = submit(game, order)
        assert isinstance(refused, Rejection) and (refused.code, refused.message) == (code, message)
    assert check(game, AgreeDraw(1)) is None and check(game, DeclineDraw(1)) is None


def test_no_draw_is_offered_where_the_game_names_no_winner():
    """Optio's pre-game ends with the armies meeting and names no winner
    (docs/rulings.md, Optio): there is nothing to agree a draw on."""
    game = played(registry.find_ruleset("optio"))
    refused = submit(game, OfferDraw(0))
    assert isinstance(refused, Rejection) and refused.code == "no-draw"


def test_an_offer_may_be_taken_back_before_the_other_side_acts():
    game = played(registry.find_ruleset("plasto_latros"))
    offered = given(game, OfferDraw(1))
    refused, earlier = take_back_refusal(offered, 1)
    assert refused is None and earlier is not None
    assert standing_offer(earlier.log) is None and earlier.orders == game.orders


@pytest.mark.parametrize("rules", NAMING, ids=lambda r: r.name)
def test_an_agreed_draw_replays_from_its_text_and_survives_a_save(rules, tmp_path: Path):
    game = given(given(given(played(rules), OfferDraw(0)), DeclineDraw(1)), OfferDraw(1))
    game = given(game, AgreeDraw(0))
    texts = [o.to_text() for o in game.orders][-4:]
    assert texts == ["offer-draw side=0", "decline-draw side=1", "offer-draw side=1", "agree-draw side=0"]
    again = replay(rules, game.options, game.battlefield, game.seed, game.players, [o.to_text() for o in game.orders])
    assert again.outcome == game.outcome and again.log == game.log
    path = tmp_path / "drawn.json"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded.outcome == game.outcome and [e.sentence for e in loaded.log][-3:] == [
        "Bo offers a draw",
        "Ann agrees to a draw",
        "Game over with no winner: Bo offered a draw and Ann agreed",
    ]


def test_the_offer_and_its_answers_are_read_by_both_sides():
    """Platemail hides each side's orders until the Round resolves; the
    offer and the answers are no secret (each side's log has them)."""
    game = played(registry.find_ruleset("platemail"))
    game = given(given(game, OfferDraw(0)), DeclineDraw(1))
    for side in (0, 1):
        log = game.log_for(side)
        assert DrawOffered(0, "Ann") in log and DrawDeclined(1, "Bo") in log


def test_why_says_a_draw_is_no_printed_rule_and_points_at_the_keys():
    from core.explain import explain

    game = given(given(played(registry.find_ruleset("spheres_of_war")), OfferDraw(0)), AgreeDraw(1))
    for index in (len(game.log) - 3, len(game.log) - 2, len(game.log) - 1):  # offered, agreed, game over
        why = explain(game.ruleset_name, game.log, index)
        assert why.section == "Keys" and why.cite == "not in the printed rules: Skirmish's own"
        assert any("q, then d" in line for line in why.lines)
