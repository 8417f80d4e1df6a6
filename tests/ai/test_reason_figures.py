"""The computer's reason gives no chance a player would misread (issue 29):
the search's play-outs end in the ruleset's estimate of a position, not in
games won or lost, so the old "44% expected over 18 play-outs" read as a
chance to win, even in a game the computer had already lost.  The reason
keeps the fact that decided the order, and nothing from the search."""

from __future__ import annotations

import re

import pytest

from core.ai import Level, decide, knowledge_for
from core.registry import find_ruleset, rulesets
from tests.ai.test_never_peeks import _games

SMALL = Level("small", 12, 5)


@pytest.mark.parametrize("name", [r.name for r in rulesets()])
def test_a_reason_is_the_order_and_its_fact_and_no_search_figure(name):
    rules = find_ruleset(name)
    checked = 0
    for game in _games(name, range(3), lambda g: len(g.orders) % 7 == 3, cap=60):
        for side in sorted(game.to_act):
            if len(game.legal_orders(side)) < 2:
                continue
            choice = decide(game, side, SMALL)
            label = rules.describe_order(game.view(side), choice.order)
            note = knowledge_for(rules).explain(game.view(side), side, choice.order)
            assert choice.reason.startswith(f"{label}: "), choice.reason
            said = choice.reason[len(label) + 2:]
            assert "expected" not in said and "play-outs" not in said, choice.reason
            # the fact that decided it (a searched ruleset's note may say more
            # than a fresh one), and no percentage of its own
            assert not re.search(r"\d+ ?%", said.replace(note, "") if note else said), choice.reason
            checked += 1
        if checked >= 3:
            break
    assert checked >= 1
