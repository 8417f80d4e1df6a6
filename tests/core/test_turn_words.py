"""Each ruleset counts in its own word everywhere (issue 29, "Round" against
"Turn"): the log, the situation line and the load list say the word the
header says (``Ruleset.turn_word``), never the other one beside a number."""

from __future__ import annotations

import random
import re

import pytest

from core.game import start, submit
from core.registry import find_ruleset, rulesets
from tests.tui.test_every_ruleset import battlefield_for
from tui.menu import LoadScreen

OTHER = {"Turn": "round", "Round": "turn"}


@pytest.mark.parametrize("name", [r.name for r in rulesets()])
def test_the_log_and_the_situation_count_in_the_rulesets_word(name):
    rules = find_ruleset(name)
    wrong = re.compile(rf"\b{OTHER[rules.turn_word]}s? \d", re.IGNORECASE)
    said: list[str] = []
    for seed in (3, 4):
        game = start(rules, None, battlefield_for(rules), seed=seed, players=("Ann", "Bo"))
        pick = random.Random(seed)
        while game.outcome is None and len(game.orders) < 300:
            said.append(rules.situation(game.state).detail)
            game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
        said += [e.sentence for e in game.log]
    bad = [s for s in said if wrong.search(s)]
    assert not bad, bad[:5]


class _Summary:
    def __init__(self, ruleset: str, turn: int) -> None:
        self.name, self.players, self.saved_at, self.over, self.problem = "g", ("Ann", "Bo"), "", False, None
        self.ruleset, self.ruleset_title, self.turn = ruleset, ruleset, turn
        self.seats, self.winner = ("human", "human"), None  # who played, and who won (the Load list says)


@pytest.mark.parametrize("name", [r.name for r in rulesets()])
def test_the_load_list_counts_in_the_rulesets_word(name):
    text = LoadScreen._text(_Summary(name, 4))
    assert f"{find_ruleset(name).turn_word.lower()} 4" in text, text
    assert f"{OTHER[find_ruleset(name).turn_word]} 4" not in text
