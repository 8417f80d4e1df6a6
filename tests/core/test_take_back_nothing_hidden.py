"""Take back in a ruleset that hides nothing: an order that passes the
turn on (the next figure's turn mark moves, a threat or a Match is shown)
reveals nothing, so it may be taken back; a ruleset with secrets still
keeps an order that changed what the side sees of the enemy.  A tester:
Waylights, Bob's free step ended his figure's turn and was refused with
"That order showed you something of the enemy", though Waylights hides
nothing."""

from __future__ import annotations

from core.deployment import Deploy, Ready
from core.game import start, submit, take_back_refusal
from core.registry import find_ruleset
from core.rulesets.waylights.orders import EndTurn, Split, SplitMove, Step
from core.rulesets.waylights.state import WaylightsOptions
from saves.library import battlefield_named


def bob_steps_last():
    """Ann's fighter ends its turn; Bob's mook split-moves twice and takes
    its free step as its last order: the round ends and Ann's turn comes.
    Returns the game before the step and after it."""
    options = WaylightsOptions(roster_0="fighter", roster_1="mook")
    game = start(find_ruleset("waylights"), options, battlefield_named("open-12"), seed=2, players=("Ann", "Bob"))
    for order in (Deploy(0, "a1", (5, 4)), Ready(0), Deploy(1, "b1", (5, 6)), Ready(1),
                  Split(0, "a1", 2), EndTurn(0, "a1"),
                  Split(1, "b1", 2), SplitMove(1, "b1", (5, 7)), SplitMove(1, "b1", (5, 8))):
        game = submit(game, order).game
    before = game
    after = submit(game, Step(1, "b1", (5, 9))).game
    return before, after


def test_a_waylights_step_that_ends_the_turn_can_be_taken_back():
    before, after = bob_steps_last()
    assert after.to_act == frozenset({0}) and after.state.active == "a1"  # the turn moved on to Ann
    # What Bob sees of Ann's figure changed (the mark of the figure whose turn it is)...
    marks = {u.id: u.markers for u in after.ruleset.units(after.view(1))}
    was = {u.id: u.markers for u in before.ruleset.units(before.view(1))}
    assert marks["a1"] != was["a1"]
    # ... but nothing of it was hidden: the step goes back.
    refusal, earlier = take_back_refusal(after, 1)
    assert refusal is None
    assert earlier.state == before.state and earlier.orders == before.orders


def test_plasto_latros_threatening_an_enemy_reveals_nothing():
    """A move that threatens an enemy changes its status ("threatened"),
    which both sides always saw: no secret, so it may be taken back."""
    import random

    from tests.tui.test_every_ruleset import battlefield_for

    rules = find_ruleset("plasto_latros")
    game = start(rules, None, battlefield_for(rules), seed=0, players=("Ann", "Bob"))
    pick = random.Random(0)
    for _ in range(400):
        side = min(game.to_act)
        after = submit(game, pick.choice(game.legal_orders(side))).game
        threatened = [u for u in rules.units(after.view(side)) if u.side != side and "threatened" in u.status]
        if threatened and after.outcome is None and not any(
                u.side != side and "threatened" in u.status for u in rules.units(game.view(side))):
            break
        game = after
    else:
        raise AssertionError("no move threatened an enemy")
    assert take_back_refusal(after, side)[0] is None
