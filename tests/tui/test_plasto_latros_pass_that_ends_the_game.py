"""Plasto Latros: ``p`` warns when the pass ends the game.  Two passes in
turn end it (seed 000, *Movement*; the winner is the side with more minis
left, *Ending The Game*); a tester's Player 2 was asked only "pass: end the
turn (2 Movements unused)?" and the game was over.  The question now says
that the other player passed too, that this pass ends the game, and who
wins on the minis left."""

from __future__ import annotations

from core.board import Facing
from core.game import submit
from core.rulesets.plasto_latros.orders import Decline, Move, Pass
from tests.tui.test_plasto_latros import play, prepared
from tui.rulesets import adapter_for


def question(game, side):
    found = adapter_for(game.ruleset).end_turn(game, side, game.legal_orders(side))
    assert found is not None and isinstance(found[0], Pass), found
    return found[1]


def test_the_pass_after_the_other_players_pass_says_it_ends_the_game_and_who_wins():
    # a1 goes behind b1 (Doomed from its back), Bo declines the free
    # Movement, Ann ends the turn: b1 is removed, Ann 2 minis, Bo 1
    game = play(prepared(), Move(0, "a1", (6, 8), Facing.N), Decline(1), Pass(0))
    assert [m.side for m in game.state.on_board()].count(1) == 1
    first = question(game, 1)  # nobody has passed yet: the usual question
    assert first == "Bo: pass: end the turn (2 Movements unused)?"
    game = play(game, Pass(1))
    ask = question(game, 0)
    assert ask == ("Ann: pass: end the turn (2 Movements unused)? "
                   "Bo passed too: passing ends the game, Ann wins 2 to 1."), ask
    over = submit(game, Pass(0)).game  # and the rules agree: the game is over, Ann the winner
    assert over.outcome is not None and over.state.result.winner == 0


def test_a_draw_on_the_minis_left_is_said_as_a_draw():
    game = play(prepared(), Pass(0))
    assert question(game, 1) == ("Bo: pass: end the turn (2 Movements unused)? "
                                 "Ann passed too: passing ends the game, a draw, 2 to 2.")


def test_a_turn_that_acted_is_not_a_pass_and_ends_nothing():
    game = play(prepared(), Pass(0), Move(1, "b2", (6, 10), Facing.N))
    assert question(game, 1) == "Bo: pass: end the turn (1 Movement unused)?"
