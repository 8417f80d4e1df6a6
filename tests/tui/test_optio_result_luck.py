"""An Optio pre-game's result shows each player's first-move die
(docs/rulings.md, *Conceding*: the result still shows them; README: the
result shows the dice where dice are rolled).  A tester saw nothing of
them, though each side had rolled a d6 for the first move: the ruleset's
own result lines (``Optio.result_sides``) left them out.  They are shown
as rolled (ties thrown again) with who moved first by them, without a
verdict of good or bad luck (one die each says nothing of the scouting:
tests/tui/test_optio.py)."""

from __future__ import annotations

from core.events import Rolled
from core.game import start, submit
from core.orders import Concede
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import FirstPlayer, OptioOptions
from tests.tui.test_computer_seats import finished
from tests.tui.test_optio import pre_game
from tui.result import result_lines, summarise
from tui.rulesets import adapter_for


def shown(game) -> str:
    return "\n".join(result_lines(summarise(game), adapter_for(game.ruleset).result_sides(game)))


def expected_line(game) -> str:
    """The line worked out from the game's own rolls: the higher last die moves first."""
    thrown = {name: [f for e in game.log if isinstance(e, Rolled) and e.who == name for f in e.faces]
              for name in game.players}
    a, b = (thrown[name] for name in game.players)
    assert len(a) == len(b) >= 1 and a[:-1] == b[:-1] and a[-1] != b[-1]  # ties thrown again
    first = game.players[0] if a[-1] > b[-1] else game.players[1]
    rolled = ", ".join(f"{name} rolled {' then '.join(map(str, faces))}" for name, faces in thrown.items())
    return f"First move, a d6 each: {rolled}; {first} moved first"


def test_a_pre_game_whose_armies_met_shows_each_players_first_move_die():
    for seed in (4, 5, 11, 27):  # 11 and 27: a tie thrown again (4 and 4)
        game = finished(pre_game(seed=seed))
        assert expected_line(game) in shown(game), shown(game)
    assert " then " in expected_line(finished(pre_game(seed=11)))


def test_a_conceded_pre_game_shows_them_too_and_one_without_a_roll_shows_none():
    rules = find_ruleset("optio")
    for first, rolled in ((FirstPlayer.ROLL, True), (FirstPlayer.PLAYER_1, False)):
        options = OptioOptions(map_seed=3, first_player=first)
        game = start(rules, options, map_battlefield(generate_map(3)), 3, ("Ann", "Bob"))
        game = submit(game, Concede(1)).game
        text = shown(game)
        assert ("First move" in text) is rolled, text
        if rolled:
            assert expected_line(game) in text, text
