"""legal_orders builds only what check accepts: the list must equal the
one got by putting every candidate order (each block to each neighbouring
or home-edge square, every scout pairing, end-turn, hold, every template
shift) through check, in the same order, in the positions random play
reaches, including ones with no kudo coins left (must-close) and the
template phase."""

import random

import attrs

from core.rulesets.optio import template as tpl
from core.rulesets.optio.orders import EndTurn, Hold, Move, PlaceTemplate, Scout
from core.rulesets.optio.state import Edge, Phase

from .helpers import R, go, new_state, place, with_kinds


def candidates(state, side):
    out = []
    if state.phase is Phase.SCOUTING:
        for b in state.side_blocks(side):
            if b.id not in state.moved:
                out += [Move(side, b.id, c) for c in R._destinations(state, b)]
        for uid in state.may_scout:
            out += [Scout(side, uid, b.id) for b in state.side_blocks(1 - side)]
        if state.moved:
            out.append(EndTurn(side))
    elif state.phase is Phase.CLOSING:
        army = state.army(side)
        out += [Move(side, army.id, c) for c in R._destinations(state, army)]
        out.append(Hold(side))
    elif state.phase is Phase.TEMPLATE:
        out += [PlaceTemplate(side, f, r) for f in tpl.SHIFTS for r in tpl.SHIFTS]
    return [o for o in out if R.check(state, o) is None]


def test_the_legal_list_is_the_checked_candidates():
    seen = set()
    for seed in range(12):
        pick = random.Random(seed)
        state = new_state(first=seed % 2, kudos=seed % 3, turn_limit=3 + seed % 4)
        for _ in range(400):
            if not R.to_act(state):
                break
            side = state.active
            legal = list(R.legal_orders(state, side))
            assert legal == candidates(state, side)
            assert list(R.legal_orders(state, 1 - side)) == []
            seen.add(state.phase)
            seen.update(type(o).__name__ for o in legal)
            if state.phase is Phase.CLOSING and state.kudos[side] == 0:
                seen.add("must-close")
            state, _ = R.apply(state, pick.choice(legal))
    # The walk reached every phase and every kind of order.
    assert {Phase.SCOUTING, Phase.CLOSING, Phase.TEMPLATE, "Move", "Scout", "EndTurn", "Hold",
            "PlaceTemplate", "must-close"} <= seen


def test_a_block_already_moved_or_a_full_square_is_not_listed():
    state = new_state()
    state = attrs.evolve(state, moved=(state.blocks[0].id,))
    legal = R.legal_orders(state, 0)
    assert not any(isinstance(o, Move) and o.unit == state.blocks[0].id for o in legal)
    assert legal == candidates(state, 0)


def test_scouting_lists_the_enemy_blocks_in_the_square_and_not_for_dummies():
    state = with_kinds(new_state())
    state = place(state, "r-d1", (2, 2), edge=Edge.S, arrived=1, revealed=True)
    state = place(state, "r-scout", (2, 2), edge=Edge.S, arrived=2)
    state = place(state, "r-d2", (3, 3), edge=Edge.S, arrived=3)
    state = place(state, "g-army", (2, 1), arrived=4)
    state = place(state, "g-d1", (3, 2), arrived=5)
    state = go(attrs.evolve(state, clock=5), "move side=0 unit=g-army to=2,2", "move side=0 unit=g-d1 to=2,2")
    scouts = [o for o in R.legal_orders(state, 0) if isinstance(o, Scout)]
    # r-d1 already shows itself but g-army does not yet (scouting it shows
    # g-army); r-d2 is elsewhere, g-d1 is a dummy.
    assert scouts == [Scout(0, "g-army", "r-scout"), Scout(0, "g-army", "r-d1")]
    assert R.legal_orders(state, 0) == candidates(state, 0)


def test_the_quick_evolve_builds_what_attrs_evolve_builds():
    import pytest

    from core.values import evolve

    state = new_state()
    block = state.blocks[0]
    for inst, changes in ((state, {"turn": 3, "moved": ("g1",)}), (block, {"pos": (1, 0), "revealed": True}),
                          (state, {})):
        new = evolve(inst, **changes)
        assert new == attrs.evolve(inst, **changes) and type(new) is type(inst)
        assert all(getattr(new, k) == v for k, v in changes.items())
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)
