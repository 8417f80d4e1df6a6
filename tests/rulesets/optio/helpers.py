"""Hand-built Optio positions."""

from __future__ import annotations

import attrs

from core.game import refusal  # the checked boundary's test: the core's turn check, then the ruleset's
from core.rulesets.optio import RULESET
from core.rulesets.optio.maps import SIZE, OpMap, map_battlefield
from core.rulesets.optio.state import Block, Edge, FirstPlayer, Kind, OptioOptions, OptioState, Phase

R = RULESET


def open_map(name: str = "test-open", marks: dict | None = None) -> OpMap:
    """An all-open map with some small squares set: {(x, y): glyph}."""
    grid = [["."] * SIZE for _ in range(SIZE)]
    for (x, y), g in (marks or {}).items():
        grid[y][x] = g
    return OpMap(name, "Test", tuple("".join(r) for r in grid))


def new_state(first: int = 0, opmap: OpMap | None = None, **options) -> OptioState:
    opmap = opmap or open_map()
    fp = FirstPlayer.PLAYER_1 if first == 0 else FirstPlayer.PLAYER_2
    opts = OptioOptions(map_name="test-open", first_player=fp, **options)
    # check_options wants the named map; setup reads the map from the battlefield.
    state, _ = R.setup(attrs.evolve(opts, map_name=opmap.name), map_battlefield(opmap), 7, ("Ann", "Bob"))
    return state


def with_kinds(state: OptioState) -> OptioState:
    """Blocks renamed so ids say what they are: g-army, g-scout, g-d1..g-d4 (and r-...)."""
    blocks = []
    for side, p in ((0, "g"), (1, "r")):
        kinds = [Kind.ARMY, Kind.SCOUT] + [Kind.DUMMY] * 4
        names = ["army", "scout", "d1", "d2", "d3", "d4"]
        blocks += [Block(f"{p}-{n}", side, k) for n, k in zip(names, kinds)]
    return attrs.evolve(state, blocks=tuple(blocks))


def place(state: OptioState, block_id: str, pos, edge: Edge | None = None, arrived: int = 0,
          revealed: bool = False) -> OptioState:
    blocks = []
    for b in state.blocks:
        if b.id == block_id:
            b = attrs.evolve(b, pos=pos, entered_from=edge or Edge.home(b.side), arrived=arrived, revealed=revealed)
        blocks.append(b)
    return attrs.evolve(state, blocks=tuple(blocks))


def go(state: OptioState, *texts: str) -> OptioState:
    """Apply orders by text, each of which must be legal."""
    for text in texts:
        order = R.parse_order(text)
        problem = refusal(R, state, order, state.players)
        assert problem is None, f"{text}: {problem}"
        state, _ = R.apply(state, order)
    return state


def rejected(state: OptioState, text: str) -> str:
    problem = refusal(R, state, R.parse_order(text), state.players)
    assert problem is not None, f"{text} was accepted"
    return problem.code


def closing(state: OptioState, g_at, r_at, active: int = 0, kudos=(6, 6)) -> OptioState:
    """Both armies known and alone on the map."""
    state = with_kinds(state)
    state = place(state, "g-army", g_at, revealed=True, arrived=1)
    state = place(state, "r-army", r_at, revealed=True, arrived=2)
    blocks = tuple(b if b.kind is Kind.ARMY else attrs.evolve(b, gone=True) for b in state.blocks)
    return attrs.evolve(state, blocks=blocks, phase=Phase.CLOSING, active=active, kudos=kudos, clock=2)
