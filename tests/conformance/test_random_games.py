"""The conformance suite every ruleset joins by being in the registry.

Hypothesis draws seeds; each example plays one game of random legal orders
to its end and checks, on the way and at the end, the promises every
ruleset makes to the core, the saves and the screen (see the module
docstring of :mod:`core.ruleset` and the brief's house rules).
"""

from __future__ import annotations

import copy
import os
import random
import tempfile
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from core import registry
from core.game import Game, Submitted, check, replay, standing_offer, start, submit
from core.orders import AgreeDraw, Concede, DeclineDraw, OfferDraw, Order
from core.ruleset import Rejection
from saves.convert import converter_for, structure, unstructure
from saves.library import battlefield_named
from saves.store import load_game, save_game

ORDER_CAP = 3000
PROBE_EVERY = 10  # every few orders, probe illegal orders and re-check listed ones
CHECK_SAMPLE = 8  # how many listed orders a probe re-checks (all of them when fewer)
EXAMPLES = int(os.environ.get("SKIRMISH_CONFORMANCE_EXAMPLES", "10"))

RULESETS = registry.rulesets()
PARAMS = [pytest.param(r, id=r.name) for r in RULESETS] or [
    pytest.param(None, id="no-rulesets", marks=pytest.mark.skip("the registry is empty"))
]

SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking a seed says nothing more
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)


def _cell_fields(game: Game, order: Order) -> list[str]:
    """Fields of ``order`` that hold a cell the order points at."""
    cells = set(game.ruleset.order_cells(game.state, order))
    names = []
    for field in attrs.fields(type(order)):
        value = getattr(order, field.name)
        if isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value) and value in cells:
            names.append(field.name)
    return names


def _refused(game: Game, order: Order, why: str, state_before=None) -> None:
    """``order`` must be refused with a readable Rejection, the game untouched
    (``state_before``: a deep copy taken before any probing)."""
    if state_before is None:
        state_before = copy.deepcopy(game.state)
    orders, log = game.orders, game.log
    result = submit(game, order)
    assert isinstance(result, Rejection), f"{why}: {order.to_text()} was accepted"
    assert isinstance(result.code, str) and result.code
    assert isinstance(result.message, str) and result.message.strip(), f"{why}: empty rejection message"
    assert game.state == state_before, f"{why}: refusing {order.to_text()} changed the state"
    assert game.orders is orders and game.log is log


def _probe_illegal(game: Game, side: int, legal: list[Order], rng: random.Random) -> None:
    legal_set = set(legal)
    before = copy.deepcopy(game.state)
    # The other side's orders while it may not act.
    for other in (0, 1):
        if other in game.to_act:
            continue
        for order in rng.sample(legal, min(3, len(legal))):
            _refused(game, attrs.evolve(order, side=other), f"side {other} acting out of turn", before)
    # A legal order sent off the board.
    for order in rng.sample(legal, min(5, len(legal))):
        for name in _cell_fields(game, order):
            off = attrs.evolve(order, **{name: (-1, game.battlefield.height + 3)})
            if off not in legal_set:
                _refused(game, off, f"{name} off the board", before)


def _check_view(ruleset, state) -> None:
    conv = converter_for(ruleset)
    for side in (0, 1, None):
        seen = ruleset.view(state, side)
        assert type(seen) is ruleset.state_type, f"view for {side} is a {type(seen).__name__}"
        # a valid state: it survives the strict save converter both ways
        assert structure(conv, unstructure(conv, seen), ruleset.state_type, "view") == seen


def _save_load(game: Game) -> Game:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        save_game(game, path, pending={"note": "conformance"})
        loaded = load_game(path)
    assert loaded.state == game.state
    assert loaded.orders == game.orders
    assert loaded == game
    return loaded


def _concede_here(game: Game, side: int) -> None:
    """A concession at this moment of the game, whoever's turn it is: the
    other side wins (nobody, in a game that names no winner: Optio's
    pre-game), nothing is taken after it, and it saves and loads."""
    result = submit(game, Concede(side))
    assert isinstance(result, Submitted), f"a concession was refused: {result}"
    over = result.game
    winner = 1 - side if game.ruleset.capabilities.names_winner else None
    assert over.outcome is not None and over.outcome.winner == winner and not over.to_act
    assert over.state is game.state
    _refused(over, Concede(1 - side), "a concession after the end")
    _save_load(over)


def _draw_here(game: Game, side: int) -> Game:
    """An offer of a draw at this moment, whoever's turn it is: nothing of
    the game changes; agreed (probed on the side), it ends drawn and saves
    and loads. Returns the game with the offer standing."""
    result = submit(game, OfferDraw(side))
    assert isinstance(result, Submitted), f"an offer of a draw was refused: {result}"
    offered = result.game
    assert offered.state is game.state and offered.to_act == game.to_act and offered.outcome is None
    assert standing_offer(offered.log) == side
    _refused(offered, OfferDraw(side), "a second offer while one stands")
    agreed = submit(offered, AgreeDraw(1 - side))
    assert isinstance(agreed, Submitted), f"agreeing to a draw was refused: {agreed}"
    over = agreed.game
    assert over.outcome is not None and over.outcome.winner is None and not over.to_act
    _refused(over, DeclineDraw(1 - side), "an answer after the end")
    _save_load(over)
    return offered


def play_and_check(ruleset, seed: int, choices: int) -> Game:
    rng = random.Random(choices)
    battlefield = battlefield_named(ruleset.default_battlefield)
    game = start(ruleset, None, battlefield, seed, ("North", "South"))
    hidden = ruleset.capabilities.hidden_information
    save_at = rng.randrange(1, 60)
    decline_at = save_at + rng.randrange(1, 40)  # the offer made at save_at stands until then
    for step in range(ORDER_CAP):
        if not game.to_act:
            break
        assert game.outcome is None
        side = rng.choice(sorted(game.to_act))
        legal = game.legal_orders(side)
        assert legal, f"side {side} is to act but has no legal order (turn {ruleset.situation(game.state)})"
        probing = step % PROBE_EVERY == 0
        if probing:
            for order in rng.sample(legal, min(CHECK_SAMPLE, len(legal))):
                rejection = check(game, order)
                assert rejection is None, f"listed order {order.to_text()} is refused: {rejection}"
                assert ruleset.parse_order(order.to_text()) == order, f"{order.to_text()} does not round-trip"
            _probe_illegal(game, side, legal, rng)
            if hidden:
                _check_view(ruleset, game.state)
        order = rng.choice(legal)
        result = submit(game, order)
        assert isinstance(result, Submitted), f"listed order {order.to_text()} was refused: {result}"
        for event in result.events:
            assert isinstance(event.sentence, str) and event.sentence
        after = result.game
        # The same order again: unless the rules list it now, it must be
        # refused -- or be a harmless no-op (the shared deployment check lets
        # a figure be "placed" again on the cell it already stands on).
        if probing and after.to_act:
            before = copy.deepcopy(after.state)
            again = submit(after, order)
            if isinstance(again, Submitted):
                listed = order.side in after.to_act and order in after.legal_orders(order.side)
                assert listed or again.game.state == after.state, (
                    f"{order.to_text()} is accepted twice in a row and changes the game, "
                    "but legal_orders does not list it the second time")
            else:
                _refused(after, order, "the same order twice", before)
        game = after
        if step == save_at:
            _save_load(game)
            if game.to_act:
                _concede_here(game, step % 2)
                if ruleset.capabilities.names_winner:
                    game = _draw_here(game, step % 2)
        if step == decline_at and game.to_act and standing_offer(game.log) is not None:
            declined = submit(game, DeclineDraw(1 - standing_offer(game.log)))
            assert isinstance(declined, Submitted), f"declining a draw was refused: {declined}"
            game = _save_load(declined.game)
    else:
        if game.to_act:
            pytest.fail(f"{ruleset.name}: no outcome after {ORDER_CAP} random legal orders "
                        f"(seed {seed}, choices {choices}); random play must end")
    assert game.outcome is not None, f"{ruleset.name}: nobody may act but the game has no outcome"
    return game


@pytest.mark.parametrize("ruleset", PARAMS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_promise(ruleset, seed, choices):
    game = play_and_check(ruleset, seed, choices)

    # save -> load (which replays the orders' text) gives the identical game
    loaded = _save_load(game)
    assert loaded.log == game.log

    # the same seed and orders give the identical state and log sentences
    texts = [order.to_text() for order in game.orders]
    again = replay(ruleset.name, game.options, game.battlefield, seed, game.players, texts)
    assert again.state == game.state
    assert [e.sentence for e in again.log] == [e.sentence for e in game.log]
    assert again == game

    if ruleset.capabilities.hidden_information:
        _check_view(ruleset, game.state)


@pytest.mark.parametrize("ruleset", PARAMS)
def test_the_default_battlefield_is_shipped_and_options_default(ruleset):
    battlefield = battlefield_named(ruleset.default_battlefield)
    options = ruleset.default_options()
    assert isinstance(options, ruleset.options_type)
    assert ruleset.check_options(options, battlefield) is None
    assert ruleset.summary and "\n" not in ruleset.summary
