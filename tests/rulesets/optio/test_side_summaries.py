"""What a pre-game's result says of each side when no battlefield was
chosen (a concession, Skirmish's own rule).  A tester read "Bob: 6 left, 0
lost / left: g1 g2 ... g6": battle words that mean nothing for blocks (no
block is ever lost in seed 003's pre-game; the others leave the map when
both armies are known).  ``Optio.side_summaries`` says what is true of a
pre-game: the kudo coins each side kept, its blocks on and off the map,
and those face up, never the kind of a hidden one."""

from __future__ import annotations

import attrs

from core.game import start, submit
from core.orders import Concede
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import FirstPlayer, OptioOptions

from .helpers import R, go, new_state, place, with_kinds


def test_each_side_is_summed_up_in_coins_blocks_and_those_face_up():
    state = with_kinds(new_state())
    state = place(state, "g-scout", (2, 2), arrived=1, revealed=True)
    state = place(state, "g-army", (1, 1), arrived=2)
    state = place(state, "r-d1", (2, 3), arrived=3, revealed=True)
    state = place(state, "r-army", (3, 4), arrived=4)
    state = place(state, "r-d2", (4, 4), arrived=5)
    state = attrs.evolve(state, kudos=(6, 5), clock=5)
    assert R.side_summaries(state) == [
        "Ann: 6 kudo coins left; 2 blocks on the map, 4 off it; face up: scout g-scout",
        "Bob: 5 kudo coins left; 3 blocks on the map, 3 off it; face up: dummy r-d1",
    ]


def test_a_game_given_up_at_once_has_no_battle_words_and_names_nothing_hidden():
    options = OptioOptions(map_seed=3, first_player=FirstPlayer.PLAYER_1)  # a generated map
    game = start(R, options, map_battlefield(generate_map(3)), 3, ("Ann", "Bob"))
    game = submit(game, R.parse_order("move side=0 unit=g1 to=2,0")).game
    game = submit(game, Concede(1)).game
    assert game.outcome is not None
    lines = R.side_summaries(game.state)
    assert lines == ["Ann: 6 kudo coins left; 1 block on the map, 5 off it; none face up",
                     "Bob: 6 kudo coins left; 0 blocks on the map, 6 off it; none face up"]
    for line in lines:
        assert " lost" not in line and "army" not in line and "dummy" not in line


def test_in_the_closing_only_the_armies_are_counted():
    state = with_kinds(new_state())
    state = place(state, "g-army", (0, 0), arrived=1, revealed=True)
    state = place(state, "r-army", (2, 2), arrived=2)
    state = place(state, "g-scout", (2, 1), arrived=3)
    state = go(attrs.evolve(state, clock=3), "move side=0 unit=g-scout to=2,2", "scout side=0 unit=g-scout target=r-army")
    assert R.side_summaries(state) == ["Ann: 6 kudo coins left; 1 block on the map; face up: army g-army",
                                       "Bob: 6 kudo coins left; 1 block on the map; face up: army r-army"]
