"""Whole games: random legal play ends, views hide what they must, refused
orders change nothing, the turn limit, and the screen hooks."""

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from core import game as core_game
from core.dice import Dice
from core.ruleset import Rejection
from core.rulesets.optio import RULESET as R
from core.rulesets.optio.orders import PlaceTemplate
from core.rulesets.optio.ruleset import operational_battlefield, template_cells
from core.rulesets.optio.state import Kind, OptioOptions, Phase
from saves.maps import map_battlefield_named
from tests.rulesets.optio.helpers import go, new_state, with_kinds

MAX_ORDERS = 2000


def hidden_ok(state, side):
    view = R.view(state, side)
    for real, seen in zip(state.blocks, view.blocks):
        if real.side != side and not real.revealed:
            assert seen.kind is Kind.UNKNOWN
        else:
            assert seen.kind is real.kind
    for unit in R.units(view):
        real = state.block(unit.id)
        if real.side != side and not real.revealed:
            assert unit.glyph == "?" and "army" not in unit.name and "scout" not in unit.name
    seen = core_game.redact(R, state, side)  # the dice seed goes for every side, there
    assert seen.dice.seed == 0 and not seen.dice.script


def play(seed, options=OptioOptions(), check_views=False):
    state, _ = R.setup(options, map_battlefield_named("open-plain"), seed, ("Ann", "Bob"))
    chooser = Dice(seed + 99)
    for n in range(MAX_ORDERS):
        if R.outcome(state) is not None:
            return state, n
        (side,) = R.to_act(state)
        legal = R.legal_orders(state, side)
        assert legal, state.phase
        chooser, face = chooser.face(len(legal))
        order = legal[face - 1]
        assert R.parse_order(order.to_text()) == order
        assert R.check(state, order) is None
        if check_views:
            hidden_ok(state, 0)
            hidden_ok(state, 1)
            hidden_ok(state, None)
        state, _ = R.apply(state, order)
    raise AssertionError("random play did not end")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_legal_play_ends_with_a_battlefield(seed):
    state, n = play(seed)
    assert state.phase is Phase.DONE and state.result is not None
    assert len(state.result.rows) == 8 and all(len(r) == 16 for r in state.result.rows)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_views_never_show_the_opponents_hidden_blocks(seed):
    play(seed, check_views=True)


def test_an_onlooker_sees_only_revealed_blocks():
    state = with_kinds(new_state())
    state = attrs.evolve(state, blocks=tuple(attrs.evolve(b, revealed=b.id == "g-army") for b in state.blocks))
    view = R.view(state, None)
    assert [b.kind for b in view.blocks if b.kind is not Kind.UNKNOWN] == [Kind.ARMY]


def test_a_short_turn_limit_still_ends_the_game():
    state, n = play(3, OptioOptions(turn_limit=1))
    assert state.phase is Phase.DONE


def test_at_the_turn_limit_both_armies_show_and_off_map_armies_come_on():
    state = with_kinds(new_state(turn_limit=1))
    state = go(state, "move side=0 unit=g-d1 to=0,0", "end-turn side=0", "move side=1 unit=r-army to=3,4",
               "end-turn side=1")
    g, r = state.army(0), state.army(1)
    assert g.revealed and r.revealed and g.pos == (3, 0)  # Green's army comes on facing Red's column
    assert state.phase is Phase.CLOSING and state.active == 0
    assert all(b.gone for b in state.blocks if b.kind is not Kind.ARMY)


def test_refused_orders_leave_the_game_unchanged():
    game = core_game.start("optio", OptioOptions(), map_battlefield_named("river-crossing"), 5, ("Ann", "Bob"))
    side = next(iter(game.to_act))
    for text in (f"move side={side} unit=zz to=0,0", f"end-turn side={side}", f"hold side={side}",
                 f"place-template side={side} forward=0 right=0", f"move side={1 - side} unit=g1 to=0,0"):
        result = core_game.submit(game, R.parse_order(text))
        assert isinstance(result, Rejection), text
    again = core_game.submit(game, R.parse_order(f"end-turn side={side}"))
    assert isinstance(again, Rejection) and game.orders == ()


def test_a_shipped_map_must_be_the_games_battlefield():
    opts = OptioOptions(map_name="river-crossing")
    assert R.check_options(opts, map_battlefield_named("river-crossing")) is None
    assert "must be given" in R.check_options(opts, map_battlefield_named("hill-country"))
    game = core_game.start("optio", opts, map_battlefield_named("river-crossing"), 1)
    assert game.state.map.name == "river-crossing"
    # 'generated' ignores whatever battlefield it is given
    game = core_game.start("optio", OptioOptions(map_seed=9), map_battlefield_named("hill-country"), 1)
    assert game.state.map.name == "generated-9"


def test_screen_hooks_use_small_squares_of_the_operational_map():
    state = with_kinds(new_state())
    bf = operational_battlefield(state)
    assert (bf.width, bf.height) == (40, 40)
    order = R.parse_order("move side=0 unit=g-army to=2,0")
    assert R.order_cells(state, order) == ((20, 4),)
    assert R.describe_order(state, order) == "g-army: enter at 2,0"
    state = go(state, "move side=0 unit=g-army to=2,0")
    view = R.units(R.view(state, 1))
    army = next(u for u in view if u.id == "g-army")
    assert army.pos == (18, 1) and army.glyph == "?"  # near the north side it came in by
    assert R.situation(state).phase == "scouting"
    assert template_cells(state, PlaceTemplate(0)) == ()
