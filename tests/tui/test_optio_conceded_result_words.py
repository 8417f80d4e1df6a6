"""A conceded Optio pre-game's result screen says each side's coins and
blocks (``Optio.side_summaries``), not "Bob: 6 left, 0 lost / left: g1 …
g6", battle words that mean nothing for blocks (a tester's report)."""

from __future__ import annotations

from core.game import start, submit
from core.orders import Concede
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import FirstPlayer, OptioOptions
from tui.result import result_lines, summarise
from tui.rulesets import adapter_for


def test_the_result_of_a_conceded_pre_game_has_no_figures_left_or_lost():
    rules = find_ruleset("optio")
    options = OptioOptions(map_seed=3, first_player=FirstPlayer.PLAYER_1)
    game = start(rules, options, map_battlefield(generate_map(3)), 3, ("Ann", "Bob"))
    game = submit(game, rules.parse_order("move side=0 unit=g1 to=2,0")).game
    game = submit(game, Concede(1)).game
    text = "\n".join(result_lines(summarise(game), adapter_for(game.ruleset).result_sides(game)))
    assert "kudo coins left" in text, text
    assert " left, " not in text and "lost:" not in text and "left: g" not in text, text
