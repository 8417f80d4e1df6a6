"""The result's count of turns in Optio says what they were.

A tester read "Turns played: 16" on a game with a limit of 15 scouting
turns: the closing-in that followed had taken one turn more (each
general's closing move ends a turn, seed 003's closing rule; the limit is
our ruling, docs/rulings.md *Turn limit (ours)*).  The result now says
"Turns played: 16 (15 scouting, 1 closing in)"."""

from __future__ import annotations

from core.game import start, submit
from core.orders import Concede
from core.registry import find_ruleset
from core.rulesets.optio.orders import EndTurn, Move, PlaceTemplate
from core.rulesets.optio.state import FirstPlayer, Kind, OptioOptions, Phase
from tests.tui.test_every_ruleset import battlefield_for
from tui.result import result_lines, summarise


def played_line(game) -> str:
    return result_lines(summarise(game))[1]


def army(game, side):
    return next(b for b in game.state.blocks if b.side == side and b.kind is Kind.ARMY)


def other_block(game, side):
    return next(b for b in game.state.blocks if b.side == side and b.kind is not Kind.ARMY)


def play(game, *orders):
    for order in orders:
        result = submit(game, order)
        assert hasattr(result, "game"), f"{order}: {result}"
        game = result.game
    return game


def scouting_to_the_limit(game):
    """Two scouting turns each with one block other than the army (a turn
    must move a block): the limit then brings both armies on."""
    g, r = other_block(game, 0).id, other_block(game, 1).id
    return play(game, Move(0, g, (0, 0)), EndTurn(0), Move(1, r, (0, 4)), EndTurn(1),
                Move(0, g, (0, 1)), EndTurn(0), Move(1, r, (0, 3)), EndTurn(1))


def test_two_scouting_turns_then_two_closing_turns_read_as_such():
    rules = find_ruleset("optio")
    options = OptioOptions(turn_limit=2, first_player=FirstPlayer.PLAYER_1)
    game = start(rules, options, battlefield_for(rules), seed=5, players=("Ann", "Bo"))
    game = scouting_to_the_limit(game)
    assert game.state.phase is Phase.CLOSING
    assert army(game, 0).pos == (2, 0) and army(game, 1).pos == (2, 4)  # the ruling: home edge, middle column
    # Turn 3: Ann 2,0 -> 2,1, Bo 2,4 -> 2,3; turn 4: Ann 2,1 -> 2,2, Bo 2,3 -> 2,2, where the armies meet.
    for side, to in ((0, (2, 1)), (1, (2, 3)), (0, (2, 2)), (1, (2, 2))):
        game = play(game, Move(side, army(game, side).id, to))
    assert game.state.phase is Phase.TEMPLATE
    game = submit(game, next(o for o in game.legal_orders(0) if isinstance(o, PlaceTemplate))).game
    assert game.outcome is not None
    assert played_line(game) == "Turns played: 4 (2 scouting, 2 closing in)"


def test_a_game_that_ends_in_the_scouting_says_only_its_count():
    rules = find_ruleset("optio")
    options = OptioOptions(turn_limit=2, first_player=FirstPlayer.PLAYER_1)
    game = start(rules, options, battlefield_for(rules), seed=5, players=("Ann", "Bo"))
    game = play(game, Move(0, other_block(game, 0).id, (0, 0)), EndTurn(0))
    over = play(game, Concede(1))
    assert played_line(over) == "Turns played: 1"
