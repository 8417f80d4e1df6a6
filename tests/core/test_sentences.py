"""Log sentences a player reads (issue 12, "program words on screen"):
each was seen wrong in play, and each test fails on the old wording."""

from __future__ import annotations

import random

from core.events import Moved, TurnEnded, TurnStarted
from core.game import start, submit
from core.registry import find_ruleset
from tests.tui.test_every_ruleset import battlefield_for


def played(name: str, seed: int = 3, limit: int = 2000, prefer: tuple[str, ...] = ()):
    """A seeded random game, taking orders with a ``prefer`` verb first."""
    rules = find_ruleset(name)
    game = start(rules, None, battlefield_for(rules), seed=seed, players=("Ann", "Bo"))
    pick = random.Random(1)
    while game.outcome is None and len(game.orders) < limit:
        orders = game.legal_orders(min(game.to_act))
        keen = [o for o in orders if o.verb in prefer]
        game = submit(game, pick.choice(keen or orders)).game
    return game


def test_coming_onto_the_battlefield_reads_as_one_place():
    assert Moved("Bo's r1", None, (0, 4), "enters at").sentence == "Bo's r1 enters at 0,4"
    assert Moved("a1", None, (2, 3)).sentence == "a1 moves onto the battlefield at 2,3"
    assert Moved("a1", (1, 1), (2, 3)).sentence == "a1 moves from 1,1 to 2,3"


def test_optio_says_whose_turn_ends_so_no_turn_ends_twice():
    ends = [e.sentence for e in played("optio").log if isinstance(e, TurnEnded)]
    assert ends and len(ends) == len(set(ends))
    assert any(s.startswith("Ann's turn 1 ends") for s in ends)
    assert any(s.startswith("Bo's turn 1 ends") for s in ends)


def test_waylights_names_the_character_whose_turn_begins_and_counts_wounds_in_words():
    # Seed 4: a game with a wound in it (seed 3's only wounding attack came
    # from a character on 0/4, which may no longer attack: issue 26).
    log = played("waylights", seed=4, prefer=("attack", "move")).log
    starts = [e.sentence for e in log if isinstance(e, TurnStarted)]
    assert starts and not any(s.startswith("Turn ") for s in starts)
    # Named once ("Fighter a1", not "a1 (Fighter a1)").
    assert any(s.endswith(" a1 takes its turn in round 1") and s.count("a1") == 1 for s in starts)
    wounds = [e.sentence for e in log if "wound" in e.sentence and "knocked out at" in e.sentence]
    assert wounds and not any("wound(s)" in s or "/" in s.split(":")[-1] for s in wounds)


def test_optio_blocks_leave_the_map_not_a_battlefield():
    """Once both armies are known the other blocks go: on Optio's operational
    map, before any battlefield exists."""
    from core.events import Removed

    assert Removed("a1", "killed").sentence == "a1 is removed from the battlefield: killed"
    for seed in range(1, 8):
        gone = [e for e in played("optio", seed=seed).log if isinstance(e, Removed)]
        if gone:
            break
    assert gone, "no seeded Optio game reached the armies' meeting"
    assert all(e.sentence.endswith("is removed from the map: both armies are known") for e in gone)
