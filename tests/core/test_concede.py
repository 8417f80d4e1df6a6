"""Conceding (``core.orders.Concede``, docs/rulings.md *Conceding*): a
player gives up and the other side wins, in every ruleset, at any moment
of a game going on, whoever's turn it is.  A forfeit (``Forfeit``, *Leaving
a server game*) is the referee's concession for a player who left: taken
alike, told apart, and never given from a seat.  The games are real ones played
a few seeded random orders in."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core import registry
from core.events import Conceded, Forfeited, GameOver
from core.explain import explain
from core.game import Game, Submitted, check, replay, start, submit, take_back_refusal
from core.orders import Concede, Forfeit
from core.ruleset import Rejection
from core.seats import Table, wrong_side
from saves.store import load_game, save_game
from tests.tui.test_every_ruleset import battlefield_for

RULESETS = registry.rulesets()


def winner_after(rules, side: int) -> int | None:
    """Who wins when ``side`` gives up: the other side, or nobody in a game
    that names no winner (Optio's pre-game; docs/rulings.md, Conceding)."""
    return 1 - side if rules.capabilities.names_winner else None


def given_up(rules, name: str, how: str = "conceded") -> str:
    """The outcome's reason when ``name`` gives the game up."""
    leaves = rules.capabilities.conceded_leaves
    return f"{name} {how}" if rules.capabilities.names_winner else f"{name} {how}; {leaves}"


def played(rules, orders: int = 12, seed: int = 7) -> Game:
    """A game of ``rules`` a few random legal orders in, still going on."""
    game = start(rules, None, battlefield_for(rules), seed=seed, players=("Ann", "Bo"))
    rng = random.Random(seed)
    for _ in range(orders):
        side = rng.choice(sorted(game.to_act))
        after = submit(game, rng.choice(game.legal_orders(side)))
        assert isinstance(after, Submitted)
        if after.game.outcome is not None:
            break
        game = after.game
    assert game.outcome is None
    return game


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
@pytest.mark.parametrize("side", [0, 1])
def test_either_side_concedes_at_any_moment_and_the_other_wins(rules, side):
    game = played(rules)
    result = submit(game, Concede(side))
    assert isinstance(result, Submitted)
    over = result.game
    winner = winner_after(rules, side)
    reason = given_up(rules, game.players[side])
    assert over.outcome is not None
    assert over.outcome.winner == winner
    assert over.outcome.reason == reason
    assert result.events == (Conceded(side, game.players[side]),
                             GameOver(winner, game.players[winner] if winner is not None else "", reason))
    assert "Ann concedes the game" in [e.sentence for e in over.log] or side == 1
    # The figures stay where they stood: the state is the one before.
    assert over.state == game.state and over.orders[-1] == Concede(side)
    # Nobody acts any more, and nothing is taken after it.
    assert over.to_act == frozenset() and over.legal_orders(0) == [] and over.legal_orders(1) == []
    for order in (Concede(0), Concede(1), *game.legal_orders(min(game.to_act))[:3]):
        refused = submit(over, order)
        assert isinstance(refused, Rejection) and refused.code == "game-over", order
        assert check(over, order) == refused


def test_a_side_concedes_while_it_is_not_its_turn():
    rules = registry.find_ruleset("spheres_of_war")
    game = played(rules, orders=3)
    waiting = next(s for s in (0, 1) if s not in game.to_act)
    assert check(game, Concede(waiting)) is None
    assert submit(game, Concede(waiting)).game.outcome.winner == 1 - waiting


def test_only_a_side_of_the_game_concedes():
    game = played(registry.find_ruleset("waylights"), orders=2)
    for side in (2, -1):
        refused = submit(game, Concede(side))
        assert isinstance(refused, Rejection) and refused.code == "not-a-side"


def test_a_game_the_rules_ended_cannot_be_conceded_after():
    rules = registry.find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_for(rules), seed=3, players=("Ann", "Bo"))
    rng = random.Random(3)
    while game.outcome is None:
        side = rng.choice(sorted(game.to_act))
        game = submit(game, rng.choice(game.legal_orders(side))).game
    refused = submit(game, Concede(0))
    assert isinstance(refused, Rejection) and refused.code == "game-over"


def test_a_concession_cannot_be_taken_back():
    game = submit(played(registry.find_ruleset("plasto_latros"), orders=2), Concede(0)).game
    refusal, earlier = take_back_refusal(game, 0)
    assert refusal is not None and refusal.code == "game-over" and earlier is None


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_a_conceded_game_replays_from_its_text_and_survives_a_save(rules, tmp_path: Path):
    game = submit(played(rules, seed=11), Concede(1)).game
    texts = [o.to_text() for o in game.orders]
    assert texts[-1] == "concede side=1"
    again = replay(rules.name, game.options, game.battlefield, game.seed, game.players, texts)
    assert again == game
    path = tmp_path / "conceded.json"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded == game and loaded.outcome is not None and loaded.outcome.winner == winner_after(rules, 1)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_why_says_a_concession_is_no_printed_rule_and_points_at_the_keys(rules):
    game = submit(played(rules, orders=2), Concede(0)).game
    log = game.log
    for index in (len(log) - 2, len(log) - 1):
        answer = explain(rules, log, index)
        assert answer.section == "Keys"
        assert "not in the printed rules" in answer.cite
        assert any("concede" in line for line in answer.lines)
    help_page = Path(__file__).parents[2] / "tui" / "help" / rules.help_page
    keys = help_page.read_text().split("\n## Keys", 1)
    assert len(keys) == 2 and "concede" in keys[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_a_forfeit_ends_the_game_as_a_player_who_left_and_replays_from_its_text(rules, tmp_path: Path):
    game = played(rules, seed=5)
    result = submit(game, Forfeit(1))
    assert isinstance(result, Submitted)
    over = result.game
    winner, reason = winner_after(rules, 1), given_up(rules, "Bo", "left the game")
    assert over.outcome is not None and over.outcome.winner == winner and over.outcome.reason == reason
    assert result.events == (Forfeited(1, "Bo"), GameOver(winner, "Ann" if winner == 0 else "", reason))
    assert result.events[0].sentence == "Bo left the game and forfeits it"
    assert over.state == game.state and over.concession == Forfeit(1) and over.concession != Concede(1)
    refused = submit(over, Concede(0))
    assert isinstance(refused, Rejection) and refused.code == "game-over"
    texts = [o.to_text() for o in over.orders]
    assert texts[-1] == "forfeit side=1 idle=no"
    assert replay(rules.name, over.options, over.battlefield, over.seed, over.players, texts) == over
    path = tmp_path / "forfeited.json"
    save_game(over, path)
    assert load_game(path) == over
    for index in (len(over.log) - 2, len(over.log) - 1):
        answer = explain(rules, over.log, index)
        assert answer.section == "Keys" and "not in the printed rules" in answer.cite
        assert any("claim" in line for line in answer.lines)


def test_a_player_who_stopped_playing_forfeits_in_those_words_and_an_old_forfeit_reads_as_leaving():
    """The referee's idle claim (the player still connected) is told apart
    from a player who left; a save written before the difference was made
    (``forfeit side=1``) still reads as one who left."""
    rules = registry.find_ruleset("spheres_of_war")
    game = played(rules, seed=5)
    over = submit(game, Forfeit(1, idle=True)).game
    assert over.outcome.reason == "Bo stopped playing"
    assert over.log[-2] == Forfeited(1, "Bo", idle=True)
    assert over.log[-2].sentence == "Bo stopped playing and forfeits it"
    texts = [o.to_text() for o in over.orders]
    assert texts[-1] == "forfeit side=1 idle=yes"
    assert replay(rules.name, over.options, over.battlefield, over.seed, over.players, texts) == over
    old = replay(rules.name, over.options, over.battlefield, over.seed, over.players, [*texts[:-1], "forfeit side=1"])
    assert old.concession == Forfeit(1) and old.outcome.reason == "Bo left the game"


def test_no_seat_gives_a_forfeit_for_either_side():
    game = played(registry.find_ruleset("waylights"), orders=2)
    table = Table(game)
    for side in (0, 1):
        assert wrong_side(side, Forfeit(side)).code == "referees-order"
        refused = table.seat(side).submit(Forfeit(1 - side))
        assert isinstance(refused, Rejection) and refused.code == "referees-order"
    assert table.game is game


def test_conceding_the_optio_pre_game_names_no_winner_and_chooses_no_battlefield():
    """Optio's pre-game chooses ground and names no winner (its outcome has
    none; ``Capabilities.names_winner``): a tester conceded it during the
    scouting and read "Bob wins".  Given up, it names none either, and no
    ground is cut from the map (docs/rulings.md, Conceding)."""
    rules = registry.find_ruleset("optio")
    game = played(rules, orders=4)
    assert game.state.phase.name == "SCOUTING"
    over = submit(game, Concede(0)).game
    assert over.outcome.winner is None
    assert over.outcome.reason == "Ann conceded; no battlefield is chosen, so no battle follows on this map"
    ended = over.log[-1]
    assert isinstance(ended, GameOver) and ended.winner is None and "wins" not in ended.sentence
    assert over.state.result is None  # no cut-out: nothing for a battle to be fought on
    why = explain(rules, over.log, len(over.log) - 2)
    assert any("names no winner" in line for line in why.lines)
    assert not any("other side wins" in line for line in why.lines)
    # The question that asks says the same, and names a winner elsewhere.
    from core.game import concession_effect

    assert concession_effect(rules, game.players, 0) == "no battlefield is chosen, so no battle follows on this map"
    assert concession_effect(registry.find_ruleset("waylights"), game.players, 0) == "Bo wins"
