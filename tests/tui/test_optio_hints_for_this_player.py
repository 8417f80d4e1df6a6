"""Optio's side panel gives keys only to the player whose turn it is, and
says nothing hidden once the game is over.  A tester through a server
saw "o: place the template" on Bob's panel while Ann placed it (o did
nothing for him), "Enter in a lit square: move the army" on Ann's while
the banner said she waited for Bob, and, after the end, a block's card
still saying "hidden from the enemy"."""

from __future__ import annotations

import random

from core.game import submit
from core.orders import Concede
from core.rulesets.optio.state import Phase
from tests.tui.test_computer_seats import finished
from tests.tui.test_optio import play_to_template, pre_game
from tui.rulesets import adapter_for

KEY_WORDS = ("o: place the template", "Enter in a lit square", "Tab block", "o: orders")


def panel(game, side, adapter=None) -> str:
    adapter = adapter or adapter_for(game.ruleset)
    return "\n".join(adapter.panel_lines(game, game.view(side), side, None))


def test_while_one_places_the_template_only_they_are_given_its_key():
    game = play_to_template(pre_game())
    (placer,) = game.to_act
    other = 1 - placer
    assert "o: place the template" in panel(game, placer)
    theirs = panel(game, other)
    assert not any(words in theirs for words in KEY_WORDS), theirs
    assert f"Waiting: {game.players[placer]} places the template" in theirs


def test_while_closing_in_the_player_who_waits_is_given_no_move_keys():
    pick = random.Random(3)
    game = pre_game()
    for _ in range(500):
        if game.state.phase is Phase.CLOSING:
            break
        game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
    assert game.state.phase is Phase.CLOSING
    (mover,) = game.to_act
    assert "Enter in a lit square" in panel(game, mover)
    waiting = panel(game, 1 - mover)
    assert not any(words in waiting for words in KEY_WORDS), waiting
    assert f"Waiting: {game.players[mover]} moves their army" in waiting


def test_once_the_pre_game_is_over_no_block_is_said_to_be_hidden_and_no_keys_are_given():
    met = finished(pre_game())
    scouting = pre_game()
    for _ in range(6):  # a few scouting moves, then a concession: blocks left on the map unrevealed
        scouting = submit(scouting, scouting.legal_orders(min(scouting.to_act))[0]).game
    conceded = submit(scouting, Concede(0)).game
    assert conceded.outcome is not None and conceded.state.phase is not Phase.DONE
    unrevealed = 0
    for game in (met, conceded):
        adapter = adapter_for(game.ruleset)
        for side in (0, 1):
            view = game.view(side)
            text = panel(game, side, adapter)  # drawn first, as the screen does at the game's last update
            assert not any(words in text for words in KEY_WORDS) and "Waiting" not in text, text
            cards = [line for unit in game.ruleset.units(view)
                     for line in adapter.figure_lines(view, unit, side) or ()]
            assert cards and not any("hidden from the enemy" in line for line in cards), cards
            unrevealed += sum("not revealed before the end" in line for line in cards)
    assert unrevealed  # the words were put to the test on blocks never revealed
