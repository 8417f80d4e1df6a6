"""The names a new game takes from the form's two name fields (the new-game
form and the battle form after a hosted Optio pre-game share the rule)."""

from tui.newgame_parts import player_names


def test_empty_names_are_the_players_numbers():
    assert player_names(("", "  ")) == ("Player 1", "Player 2")


def test_names_are_stripped_and_two_alike_are_told_apart():
    assert player_names((" Ann ", "Bo")) == ("Ann", "Bo")
    assert player_names(("Ann", "Ann ")) == ("Ann", "Ann (2)")
    assert player_names(("", "Player 1")) == ("Player 1", "Player 1 (2)")
