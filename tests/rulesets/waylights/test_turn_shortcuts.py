"""The listing's and the draw's shortcuts past ``check`` must give what
``check`` gives: the fixed Actions filtered without check_turn."""

from __future__ import annotations

import itertools
import random

from core.game import Submitted, refusal, start, submit
from core.rulesets.waylights import RULESET, rules
from core.rulesets.waylights.ruleset import _fixed_orders
from core.rulesets.waylights.state import WaylightsOptions, rebuild
from saves.library import battlefield_named

OPTIONS = (
    WaylightsOptions(psi_tension=True, alternate_damage=True, team_0="elites", team_1="hunters"),
    WaylightsOptions(psi_tension=True, team_0="gang", team_1="patrol"),
    WaylightsOptions(team_0="hunters", team_1="elites"),
)


def turn_states(options, seed: int, orders: int = 600):
    """Every state of a randomly played game where a figure takes Actions."""
    game = start(RULESET, options, battlefield_named("wl-crossroads"), seed, ("North", "South"))
    pick = random.Random(seed)
    for _ in range(orders):
        if not game.to_act:
            return
        side = min(game.to_act)
        if game.state.phase == "battle" and not game.state.pending:
            yield game.state
        result = submit(game, pick.choice(game.legal_orders(side)))
        assert isinstance(result, Submitted)
        game = result.game


def test_fixed_actions_pass_as_check_turn_says():
    seen = set()
    for options in OPTIONS:
        for seed in range(6):
            for state in turn_states(options, seed):
                f = state.get(state.active)
                fixed = _fixed_orders(state.battlefield, f.side, f.id, f.kind)
                # the figure as played, and with tension, boosts and wounds
                for g in (f, rebuild(f, tension=5 + seed % 3, boosts=(("skill",), ("stat",), ())[seed % 3]),
                          rebuild(f, wounds=1, healed=seed % 2, tension=4)):
                    want = [o for o in fixed if rules.check_turn(state, g, o) is None]
                    assert rules.fixed_passing(state, g, fixed) == want
                    seen.update(type(o).__name__ for o in want)
    # every kind of fixed Action passed somewhere
    assert {"TakeCover", "Wield", "Reload", "Clip", "Crystal", "Boost"} <= seen


def test_drawn_orders_pass_the_whole_check_and_only_in_their_state():
    drawn = refused_later = 0
    for options in OPTIONS:
        for seed in range(4):
            game = start(RULESET, options, battlefield_named("wl-crossroads"), seed, ("North", "South"))
            pick = random.Random(seed)
            while game.to_act and len(game.orders) < 500:
                side = pick.choice(sorted(game.to_act))
                order = game.random_order(side, pick)
                # check, asked afresh (a copy of the state, its memo empty), accepts it
                assert rules.check(rebuild(game.state), order) is None, order.to_text()
                assert RULESET.check(game.state, order) is None
                drawn += 1
                result = submit(game, order)
                assert isinstance(result, Submitted)
                game = result.game
                # the next state does not take the order on trust
                if game.to_act:
                    again = rules.check(game.state, order)
                    assert again == rules.check(rebuild(game.state), order)
                    refused_later += again is not None
    assert drawn > 1000 and refused_later > 100


def test_the_split_listing_is_what_check_accepts():
    from core.rulesets.waylights.orders import Split

    kinds = set()
    for options, seed in itertools.product(OPTIONS, range(8)):
        game = start(RULESET, options, battlefield_named("wl-crossroads"), seed, ("North", "South"))
        pick = random.Random(seed)
        while game.to_act and len(game.orders) < 300:
            side = pick.choice(sorted(game.to_act))
            state = game.state
            legal = game.legal_orders(side)
            if state.pending in ("split", "target-split"):
                kinds.add(state.pending)
                every = [Split(s, u, n) for s in (0, 1) for u in (f.id for f in state.fighters) for n in (5, 4, 3, 2, 1, 0, -1)]
                # what the boundary accepts: the core's turn check, then the ruleset's
                assert legal == [o for o in every if refusal(RULESET, rebuild(state), o) is None]
            game = submit(game, game.random_order(side, pick)).game  # drawn: attacks come early
    assert kinds == {"split", "target-split"}
