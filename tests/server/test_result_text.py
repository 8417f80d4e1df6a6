"""What the lobby says of an ended game (``net.live.result_text``): a
winner by name, a draw as a draw, and Optio's pre-game, which never names
a winner (docs/rulings.md, Conceding), as over rather than drawn."""

from __future__ import annotations

from core.game import start, submit
from core.orders import Concede
from core.registry import find_ruleset
from net.live import result_text
from saves.library import battlefield_named


def _conceded(name: str):
    rules = find_ruleset(name)
    game = start(rules, None, battlefield_named(rules.default_battlefield), 4, ("Ann", "Bo"))
    return submit(game, Concede(0)).game


def test_a_conceded_battle_names_its_winner():
    text = result_text(_conceded("spheres_of_war"))
    assert text.startswith("Bo won: ") and "Ann conceded" in text


def test_a_conceded_optio_pre_game_is_over_not_drawn():
    text = result_text(_conceded("optio"))
    assert text.startswith("Over: ") and "Ann conceded" in text, text
    assert "Draw" not in text
