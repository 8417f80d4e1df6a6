"""Saves replay their orders (docs/save-format.md).  A save written before
issue 26 may hold a turn the rules now refuse: a step then a finish, or a
step after replacing the clip and reloading.  Loading it names the order
and the rule's reason; it does not crash."""

from __future__ import annotations

import json
import random

import pytest

from core.deployment import Deploy, Ready
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.waylights.combat import reaches
from core.rulesets.waylights.movement import step_cells
from core.rulesets.waylights.orders import (
    Attack,
    Clip,
    Defend,
    EndTurn,
    Finish,
    Reload,
    Split,
    Step,
)
from core.rulesets.waylights.state import KO, WaylightsOptions, rebuild
from saves.library import battlefield_named
from saves.store import SaveError, load_game, save_game

R = find_ruleset("waylights")


def with_old_orders(game, tmp_path, *orders):
    """``game`` saved, then ``orders`` appended as an older Skirmish wrote them."""
    path = tmp_path / "old.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    data["orders"] += [o.to_text() for o in orders]
    data["snapshot"] = None
    path.write_text(json.dumps(data))
    return path


def test_an_old_save_with_a_finish_after_the_step_names_the_refusal(tmp_path):
    """Seed: a KO figure is finished only "as a full turn action"."""
    for seed in range(20):  # random play until a KO enemy is in reach after a step
        game = start(R, None, battlefield_named(R.default_battlefield), seed, ("Ann", "Bo"))
        rng = random.Random(seed)
        while game.to_act:
            s = game.state
            if s.phase == "battle" and not s.pending and not (s.actions or s.stepped or s.moved):
                f = s.get(s.active)
                for t in s.fighters:
                    if t.side == f.side or t.status != KO:
                        continue
                    for cell in step_cells(s, f.id):
                        there = s.put(rebuild(f, pos=cell))
                        if reaches(there, there.get(f.id), there.get(t.id), f.weapon) is None:
                            path = with_old_orders(game, tmp_path, Step(f.side, f.id, cell),
                                                   Finish(f.side, f.id, t.id))
                            with pytest.raises(SaveError) as caught:
                                load_game(path)
                            message = str(caught.value)
                            assert f"order {len(game.orders) + 2}" in message and "is refused" in message
                            assert "took its free step" in message, message
                            return
            side = min(game.to_act)
            game = submit(game, rng.choice(game.legal_orders(side))).game
    raise AssertionError("no game of twenty reached a finish after a step")


def test_an_old_save_with_a_step_after_the_full_turn_reload_names_the_refusal(tmp_path):
    """Seed's action table: "RELOAD | CLIP | no"."""
    options = WaylightsOptions(roster_0="archer", roster_1="fighter")
    game = start(R, options, battlefield_named("open-12"), 2, ("Ann", "Bo"))
    for order in (Deploy(0, "a1", (5, 2)), Ready(0), Deploy(1, "b1", (5, 9)), Ready(1)):
        game = submit(game, order).game
    # The archer shoots twice, reloading once in between; the fighter
    # keeps out of reach and guards with all four dice.
    plan = {1: [Attack(0, "a1", "b1"), Reload(0, "a1"), EndTurn(0, "a1")],
            2: [Attack(0, "a1", "b1"), EndTurn(0, "a1")], 3: [Clip(0, "a1"), Reload(0, "a1")]}
    turn = 0
    while not (turn == 3 and not plan[3]):
        s = game.state
        if s.pending == "split":
            turn += s.active == "a1"
            order = Split(s.get(s.active).side, s.active, 1 if s.active == "a1" else 0)
        elif s.pending == "target-split":
            order = Split(1, "b1", 0)
        elif s.pending == "response":
            order = Defend(1, "b1")
        elif s.active == "b1":
            order = EndTurn(1, "b1")
        else:
            order = plan[turn].pop(0)
        game = submit(game, order).game
        assert game.state.get("b1").status != KO
    assert game.state.get("a1").primed[0] and game.state.active == "b1"  # the turn ended with the reload
    path = with_old_orders(game, tmp_path, Step(0, "a1", (5, 3)))
    with pytest.raises(SaveError) as caught:
        load_game(path)
    message = str(caught.value)
    assert f"order {len(game.orders) + 1}" in message and "is refused" in message, message
