"""The levels differ in judgement as well as in search (core/ai/search.py
LEVELS): easy's lookahead is 0."""

from __future__ import annotations

import random

from core.ai import LEVELS, knowledge_for
from core.ai.platemail_templates import fitting
from core.registry import find_ruleset
from tests.ai.test_never_peeks import _platemail_positions


def _first_candidates(level: str, state, me, legal) -> set[str]:
    know = knowledge_for(find_ruleset("platemail"))
    know.level = LEVELS[level]
    return {know.candidates(state, 0, legal, 10, random.Random(seed))[0].to_text() for seed in range(12)}


def test_platemail_every_level_weighs_its_templates_best_fitting_first():
    """Easy once shuffled the templates that fit the rules and searched
    three of them: it Defended or walked away with an enemy beside it, and
    drew or lost 18% of its games against a random player (issue 31: easy
    plays like a beginner, not a random player).  Every level now puts the
    best-fitting template first; easy differs by its search and noise."""
    rules = find_ruleset("platemail")
    checked = 0
    for game in _platemail_positions(6):
        state = game.state
        me = next(c for c in state.characters if c.side == 0 and c.fighting and c.pos and state.plan(c.id) is None)
        legal = rules.legal_orders(state, 0)
        for level in ("easy", "normal", "hard"):
            hard = level == "hard"  # hard's own tactics: volleys and a guard (docs/ai.md)
            fits = [o for o in fitting(state, me, volleys=hard, guards=hard) if rules.check(state, o) is None]
            if len(fits) < 2:  # nothing to put first
                continue
            assert _first_candidates(level, state, me, legal) == {fits[0].to_text()}, level
            checked += 1
    assert checked


def test_a_ruleset_may_search_a_level_deeper_where_its_moves_are_cheap():
    """Waylights' hard searches twice the iterations and work of the plain
    level (its slowest move took a third of hard's 3 s); the other levels,
    and the other rulesets, search the plain levels."""
    from bench.games import battlefield_for
    from core.ai.search import search
    from core.game import start

    rules = find_ruleset("waylights")
    know = knowledge_for(rules)
    hard = know.tuned(LEVELS["hard"])
    assert (hard.iterations, hard.work) == (2 * LEVELS["hard"].iterations, 2 * LEVELS["hard"].work)
    assert know.tuned(LEVELS["normal"]) is LEVELS["normal"]
    assert knowledge_for(find_ruleset("platemail")).tuned(LEVELS["hard"]) is LEVELS["hard"]
    game = start(rules, rules.default_options(), battlefield_for(rules), 5, ("A", "B"))
    side = min(game.to_act)
    _, root, _ = search(rules, know, game.view(side), side, game.legal_orders(side), hard, random.Random(1))
    assert root.visits > LEVELS["hard"].iterations
