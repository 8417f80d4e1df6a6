"""Spheres of War's Action menu keeps one order whatever the geometry: a
tester learnt "2. Move toward r1", and at the next Action key 2 moved the
figure away (the engine lists Moves by cell, not by heading).  Wait and
Fight come first, then the Moves nearest the opponent first."""

from __future__ import annotations

import random

from core.board import distance
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.spheres_of_war.actions import opponent_of
from saves.library import battlefield_named
from tui.rulesets import adapter_for

RULES = find_ruleset("spheres_of_war")


def _menus(seed: int, limit: int = 400):
    """(game, side, the menu's orders) at each Match Action of a random game."""
    game = start(RULES, RULES.default_options(), battlefield_named(RULES.default_battlefield), seed, ("Ann", "Bob"))
    rng = random.Random(seed)
    adapter = adapter_for(RULES)
    for _ in range(limit):
        if game.outcome is not None:
            return
        side = min(game.to_act)
        legal = list(game.legal_orders(side))
        if getattr(game.state, "match", None) is not None and any(o.verb == "move" for o in legal):
            yield game, adapter.menu_orders(game, legal)
        game = submit(game, rng.choice(legal)).game


def test_the_match_menu_lists_wait_and_fight_first_then_moves_nearest_the_opponent_first():
    seen = 0
    for seed in (0, 1, 2):  # seed 0's 15th order listed the Moves farthest first
        for game, menu in _menus(seed):
            verbs = [o.verb for o in menu]
            assert verbs == sorted(verbs, key=lambda v: {"wait": 0, "fight": 1, "move": 2}.get(v, 3)), verbs
            match_ = game.state.match
            pos = {u.id: u.pos for u in RULES.units(game.state)}
            for unit in {o.unit for o in menu if o.verb == "move"}:
                there = pos[opponent_of(match_, unit)]
                far = [distance(o.to, there) for o in menu if o.verb == "move" and o.unit == unit]
                assert far == sorted(far), (seed, unit, far)
                seen += 1
    assert seen > 10
