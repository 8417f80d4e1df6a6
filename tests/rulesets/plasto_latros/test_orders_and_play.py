"""Order texts, menus, views, deployment, shipped battlefields and random
play to the end."""

import pathlib
import random

import pytest

from core.battlefield_text import parse_battlefield
from core.board import Facing
from core.deployment import Deploy, DeployAll, Ready
from core.game import start, submit
from core.registry import find_ruleset
from core.ruleset import Rejection
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import (
    Climb,
    Decline,
    Destroy,
    FreeMove,
    Jump,
    JumpAttack,
    Move,
    Pass,
    Relocate,
    Shoot,
    Stand,
    Turn,
)
from core.rulesets.plasto_latros.state import Phase

from .helpers import field, mini, play, position

SHIPPED = sorted((pathlib.Path(__file__).parents[3] / "saves/data/battlefields").glob("pl-*.txt"))

EXAMPLES = [
    Move(0, "a1", (3, 4), Facing.NE), Turn(1, "b2", Facing.W), Climb(0, "a1", (2, 2), Facing.S),
    Jump(0, "a1", (2, 3), Facing.S), JumpAttack(0, "a1", "b1"), Stand(1, "b1", Facing.N),
    Shoot(0, "a1", "b3"), Destroy(0, "idol"), Pass(1), FreeMove(1, Move(1, "b2", (6, 4), Facing.W)),
    FreeMove(1, Stand(1, "b2", Facing.E)), Decline(1), Relocate(0, "a2", (9, 9), Facing.N),
    Deploy(0, "a1", (0, 0)), DeployAll(1), Ready(0),
]


@pytest.mark.parametrize("order", EXAMPLES, ids=lambda o: o.verb)
def test_every_order_text_round_trips(order):
    assert RULESET.parse_order(order.to_text()) == order


def test_registered():
    assert find_ruleset("plasto_latros") is RULESET


def test_labels_cells_and_units():
    state = position(mini("a1", (3, 0), Facing.S, shooter=True), mini("b1", (3, 6), Facing.N),
                     mini("b2", (6, 4), Facing.W))
    assert RULESET.describe_order(state, Move(0, "a1", (3, 3), Facing.E)) == "a1: move to 3,3, face E"
    assert RULESET.describe_order(state, Shoot(0, "a1", "b1")) == "a1: shoot at b1 (100% visible)"
    assert RULESET.order_cells(state, Shoot(0, "a1", "b1")) == ((3, 6),)
    assert RULESET.order_cells(state, FreeMove(1, Move(1, "b2", (6, 5), Facing.W))) == ((6, 5),)
    assert RULESET.order_unit(FreeMove(1, Move(1, "b2", (6, 5), Facing.W))) == "b2"
    views = {u.id: u for u in RULESET.units(state)}
    assert views["a1"].facing is Facing.S and views["a1"].glyph == "A" and views["b1"].glyph == "b"
    state, _ = play(state, Shoot(0, "a1", "b1"))
    views = {u.id: u for u in RULESET.units(state)}
    assert views["b1"].markers == "TP" and views["b1"].status == "threatened, pinned"
    assert "2 Movements left" in RULESET.situation(state).detail


def test_listed_orders_pass_check():
    state = position(mini("a1", (3, 0), Facing.S, shooter=True), mini("a2", (5, 5), Facing.E),
                     mini("b1", (3, 6), Facing.N), mini("b2", (7, 5), Facing.W))
    orders = RULESET.legal_orders(state, 0)
    verbs = {o.verb for o in orders}
    assert {"pass", "move", "turn", "shoot"} <= verbs
    assert all(RULESET.check(state, o) is None for o in orders)
    assert RULESET.legal_orders(state, 1) == []


def test_rejected_orders_leave_the_game_unchanged():
    game = start(RULESET, PlastoOptions(minis=2, shooters_0=1, shooters_1=1), field(), seed=1)
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    for bad in (Move(0, "a2", (9, 9), Facing.N),  # too far
                Move(1, "b1", (1, 8), Facing.N),  # not b's turn
                Shoot(0, "a2", "b1"),  # a2 is no shooter
                Decline(0),  # nothing to decline
                Relocate(0, "a1", (5, 5), Facing.N),  # not the final turn
                Destroy(0, "nothing")):
        result = submit(game, bad)
        assert isinstance(result, Rejection), bad
        assert result.message.endswith("."), result
    # The same legal order still plays exactly as it would have without the refusals.
    fresh = submit(game, Move(0, "a1", game.state.mini("a1").pos[:1] + (1,), Facing.S))
    assert not isinstance(fresh, Rejection) and fresh.game.state.mini("a1").pos[1] == 1


def test_options_that_cannot_be_played_are_refused():
    problem = RULESET.check_options(PlastoOptions(minis=2, shooters_0=3), field())
    assert problem.startswith("Player 1 has more shooters")  # as the form names the side
    assert "room" in RULESET.check_options(PlastoOptions(minis=11), field())


def test_deployment_faces_the_enemy_and_play_begins_with_the_first_player():
    game = start(RULESET, PlastoOptions(minis=2), field(), seed=3)
    assert RULESET.situation(game.state).phase == "deployment"
    game = submit(game, Deploy(0, "a1", (4, 0))).game
    assert game.state.mini("a1").facing is Facing.S
    assert isinstance(submit(game, Ready(0)), Rejection)  # a2 still waits
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    assert game.state.mini("b1").facing is Facing.N
    assert game.state.phase is Phase.PLAY and game.to_act == {0}


def test_each_shipped_battlefield_parses_and_suits_the_rules():
    names = {p.stem for p in SHIPPED}
    assert {"pl-open", "pl-rooftops", "pl-shrine"} <= names
    assert RULESET.default_battlefield in names
    for path in SHIPPED:
        bf = parse_battlefield(path.read_text())
        assert RULESET.check_options(PlastoOptions(), bf) is None, path.name
    rooftops = parse_battlefield((SHIPPED[0].parent / "pl-rooftops.txt").read_text())
    assert {rooftops.elevation(c) for c in rooftops.cells()} >= {0, 1, 2}
    shrine = parse_battlefield((SHIPPED[0].parent / "pl-shrine.txt").read_text())
    assert {f.kind for f in shrine.features} == {"artifact-small", "artifact-wall", "door"}
    assert any(shrine.terrain(c).blocks_sight and not shrine.terrain(c).blocks_move for c in shrine.cells())
    assert RULESET.check_options(PlastoOptions(goal="artifacts"), shrine) is None
    assert RULESET.check_options(PlastoOptions(goal="artifacts"), rooftops) is not None


@pytest.mark.parametrize("name,seed,goal", [("pl-open", 1, "battle"), ("pl-rooftops", 2, "battle"),
                                            ("pl-shrine", 3, "artifacts"), ("pl-shrine", 4, "battle")])
def test_random_legal_play_ends(name, seed, goal):
    bf = parse_battlefield((SHIPPED[0].parent / f"{name}.txt").read_text())
    game = start(RULESET, PlastoOptions(goal=goal), bf, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if game.outcome is not None:
            break
        (side,) = game.to_act
        orders = game.legal_orders(side)
        assert orders
        for order in rng.sample(orders, min(5, len(orders))):
            assert RULESET.check(game.state, order) is None, order.to_text()
        order = rng.choice(orders)
        assert RULESET.parse_order(order.to_text()) == order
        result = submit(game, order)
        assert not isinstance(result, Rejection), (order.to_text(), result)
        game = result.game
    assert game.outcome is not None
