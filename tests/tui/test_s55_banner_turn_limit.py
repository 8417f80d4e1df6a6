"""The banner says the game's turn limit with the turn, in the units the
new-game form sets it in: a tester set Plasto Latros' "Turn limit (rounds)
10", saw "Turn 19" and the game end after "Turn 20", with the limit shown
nowhere, in any ruleset."""

from __future__ import annotations

import random

import attrs

from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from saves.library import battlefield_named
from saves.store import save_game
from tui.app import SkirmishApp
from tui.banner import turn_piece
from tui.game_screen import GameScreen

SIZE = (80, 24)


def under_way(name: str, turns: int, **limit: int):
    """A game of ``name`` with ``limit`` set, random legal orders played
    until ``turns`` turns (or Rounds) have begun after the deployment."""
    rules = find_ruleset(name)
    options = attrs.evolve(rules.default_options(), **limit)
    if name == "optio":
        field = map_battlefield(generate_map(options.map_seed))
    else:
        field = battlefield_named(rules.default_battlefield)
    game = start(rules, options, field, seed=3, players=("Ann", "Bo"))
    pick = random.Random(3)
    for _ in range(2000):
        situation = rules.situation(game.state)
        if not situation.deploying and situation.turn >= turns and game.outcome is None:
            return game
        assert game.to_act and game.outcome is None, f"{name}: over before turn {turns}"
        side = pick.choice(sorted(game.to_act))
        game = submit(game, game.random_order(side, pick)).game
    raise AssertionError(f"{name}: never reached turn {turns}")


async def banner_of(game, tmp_path) -> str:
    path = tmp_path / f"{game.ruleset.name}.json"
    save_game(game, path)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_saved(path)
        for _ in range(200):  # the game opens, behind a hot-seat handover: Enter there
            if shown(app):
                break
            if any(isinstance(s, GameScreen) for s in app.screen_stack) and not isinstance(app.screen, GameScreen):
                await pilot.press("enter")
            await pilot.pause()
        assert shown(app), app.screen_stack
        return shown(app)


def shown(app) -> str:
    """The game screen's banner, when it is the screen in front ("" before)."""
    if not isinstance(app.screen, GameScreen):
        return ""
    return "".join(str(banner.render()) for banner in app.screen.query("#banner").results())


async def test_spheres_of_war_counts_turns_of_its_limit(tmp_path):
    game = under_way("spheres_of_war", 2, turn_limit=12)
    text = await banner_of(game, tmp_path)
    assert f"Turn {game.state.turn}/12 · " in text, text
    assert len(text) <= 80


async def test_waylights_and_platemail_count_rounds_of_theirs(tmp_path):
    for name in ("waylights", "platemail"):
        game = under_way(name, 1, round_limit=9)
        text = await banner_of(game, tmp_path)
        assert f"Round {game.state.round}/9" in text, (name, text)
        assert len(text) <= 80


async def test_optio_counts_scouting_turns_each_of_its_limit(tmp_path):
    game = under_way("optio", 2, turn_limit=7)
    text = await banner_of(game, tmp_path)
    assert f"Turn {game.state.round}/7 · scouting" in text, text


async def test_plasto_latros_says_the_round_of_its_limit_in_rounds(tmp_path):
    game = under_way("plasto_latros", 3, turn_limit=10)
    text = await banner_of(game, tmp_path)
    turn = game.state.turn
    assert f"Turn {turn} (round {(turn + 1) // 2}/10)" in text, text
    assert len(text) <= 80
    # The tester's last turns: the 19th and 20th are both in round 10 of 10.
    assert turn_piece(game, game.state, 19) == "Turn 19 (round 10/10)"
    assert turn_piece(game, game.state, 20) == "Turn 20 (round 10/10)"


def test_plasto_latros_with_no_turn_limit_counts_to_the_safety_limit():
    game = under_way("plasto_latros", 1, turn_limit=0, safety_limit=30)
    assert turn_piece(game, game.state, 5) == "Turn 5 (round 3/30)"
