"""``skirmish replay`` of an Optio save names each block's large square, as
the game and its log do ("g2 moves from 2,1 to 3,1"): the tester read
"g2 … at 26,9", the small square a block is drawn in on the 40x40 map."""

from __future__ import annotations

import attrs

from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.orders import EndTurn, Move
from core.rulesets.optio.state import FirstPlayer
from tui.cli import final_position, position_text

OPTIO = find_ruleset("optio")


def test_the_replay_printout_gives_each_block_on_the_map_its_large_square():
    options = attrs.evolve(OPTIO.default_options(), map_seed=1, first_player=FirstPlayer.PLAYER_1)
    game = start(OPTIO, options, map_battlefield(generate_map(1)), seed=4, players=("Ann", "Bo"))
    for order in (Move(0, "g2", (3, 0)), EndTurn(0), Move(1, "r1", (1, 4)), EndTurn(1), Move(0, "g2", (3, 1))):
        game = submit(game, order).game
    lines = position_text(game, final_position(game))
    g2 = next(line for line in lines if line.startswith("  g2 "))
    r1 = next(line for line in lines if line.startswith("  r1 "))
    assert "(large square 3,1)" in g2, g2  # where the log says it moved
    assert "(large square 1,4)" in r1, r1
    assert "large square" not in next(line for line in lines if line.startswith("  g1 "))  # off the board
