"""Plasto Latros: tactics before the search (issue 31).

Hand-built positions for the three blunders every level made: passing up a
Doom on an enemy, leaving a Doom on its own mini that it could lift, and
giving an order that leaves a mini the enemy's very next order Dooms; and
for hard, which also answers its orders with the enemy's next two (an
attack, then a second attacker on the same mini).  The game is diceless and
open, so each fact is checked by playing the rules.
Rules: *Attacking And Defending* (a mini in contact in the back quarter
Dooms; a Doom is lifted when its attacker comes under attack) and
*Defending Free Movement*.
"""

from __future__ import annotations

import re

import pytest

from core.ai import choose
from core.board import Facing as F
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.events import Attacked, ShotAt
from core.rulesets.plasto_latros.orders import Decline, Move, Pass, Shoot
from tests.ai.plasto_brute import doomable_with_shots
from tests.rulesets.plasto_latros.helpers import mini, play, position

CASES = [(level, seed) for level in ("easy", "normal") for seed in range(4)] + [("hard", seed) for seed in range(2)]


def _after(state, order):
    return R.apply(state, order)[0]


def _enemy_to_act(state, side: int):
    """``state`` with the enemy to give its next order (the side's turn
    taken to end first, as a pass would), or None if it has none to give."""
    if side in R.to_act(state):
        state = _after(state, Pass(side))
    if R.outcome(state) is not None or 1 - side not in R.to_act(state):
        return None
    return state


def _newly_doomed(before, after, side: int) -> set[str]:
    return {u for u in after.doomed if u not in before.doomed and after.mini(u).side == side}


def doomable(state, side: int) -> list[str]:
    """The minis of ``side`` that some single next order of the enemy Dooms."""
    state = _enemy_to_act(state, side)
    if state is None:
        return []
    out: set[str] = set()
    for reply in R.legal_orders(state, 1 - side):
        out |= _newly_doomed(state, _after(state, reply), side)
    return sorted(out)


def doomable_by_two(state, side: int) -> list[str]:
    """The minis of ``side`` that the enemy's next two orders Doom, the
    first attacking one of them (a Threat or a pin), the second any order
    at all; every order is tried, as the rules list them."""
    state = _enemy_to_act(state, side)
    if state is None:
        return []
    out: set[str] = set()
    for first in R.legal_orders(state, 1 - side):
        middle, events = R.apply(state, first)
        out |= _newly_doomed(state, middle, side)
        if (not any(isinstance(e, (Attacked, ShotAt)) for e in events) or R.outcome(middle) is not None
                or 1 - side not in R.to_act(middle) or side in middle.pending_free):
            continue
        for second in R.legal_orders(middle, 1 - side):
            out |= _newly_doomed(state, _after(middle, second), side)
    return sorted(out)


def doom_on_offer():
    """b1 has its back to a1, two cells off: moving in behind it Dooms it."""
    return position(mini("a1", (4, 2), F.S), mini("a2", (0, 0), F.S), mini("b1", (4, 5), F.S),
                    mini("b2", (9, 9), F.N), movements_left=2)


def own_doom_to_lift():
    """b1 has stepped into a2's back quarter (a2 Doomed); a1, beside b1's
    new cell, has the Defending Free Movement that puts b1 under attack
    (among some 460 free Movements of a1 and a3)."""
    before = position(mini("a1", (5, 6), F.E), mini("a2", (4, 4), F.N), mini("a3", (0, 9), F.N),
                      mini("b1", (4, 7), F.N), mini("b2", (9, 9), F.N), active=1)
    state, _ = play(before, Move(1, "b1", (4, 5), F.N))
    assert state.doomed == ("a2",) and state.pending_free == (0,)
    return state


def exposed_on_closing():
    """One Movement left; a1 may close on b1 and b2, both four cells from
    most places it could end: where it stops and how it faces decides
    whether either can step into its back quarter next."""
    return position(mini("a1", (4, 1), F.S), mini("a2", (0, 0), F.E), mini("b1", (2, 7), F.N),
                    mini("b2", (6, 7), F.N), movements_left=1)


def test_the_positions_are_what_they_say():
    state = doom_on_offer()
    assert "b1" in _after(state, Move(0, "a1", (4, 4), F.S)).doomed
    state = own_doom_to_lift()
    lifts = [o for o in R.legal_orders(state, 0) if "a2" not in _after(state, o).doomed]
    assert lifts, "some free Movement lifts the Doom on a2"
    state = exposed_on_closing()
    legal = R.legal_orders(state, 0)
    unsafe = [o for o in legal if doomable(_after(state, o), 0)]
    assert unsafe and len(unsafe) < len(legal), "some orders expose a mini, some do not"
    # a1 closing to 2,4 faces both enemies: either alone only Threatens it,
    # but b1 then b2 (two attackers) Doom it; a2 stepping to 2,2 is safe.
    closing, aside = _after(state, Move(0, "a1", (2, 4), F.S)), _after(state, Move(0, "a2", (2, 2), F.S))
    assert doomable(closing, 0) == [] and doomable_by_two(closing, 0) == ["a1"]
    assert doomable_by_two(aside, 0) == []


@pytest.mark.parametrize(("level", "seed"), CASES)
def test_takes_a_doom_on_offer(level, seed):
    state = doom_on_offer()
    choice = choose(R, state, 0, R.legal_orders(state, 0), level, seed, 0)
    assert "b1" in _after(state, choice.order).doomed, choice.reason
    assert "Dooms b1" in choice.reason


@pytest.mark.parametrize(("level", "seed"), CASES)
def test_lifts_the_doom_on_its_own_mini(level, seed):
    state = own_doom_to_lift()
    choice = choose(R, state, 0, R.legal_orders(state, 0), level, seed, 0)
    assert "a2" not in _after(state, choice.order).doomed, choice.reason
    assert "lifts the Doom on a2" in choice.reason


@pytest.mark.parametrize(("level", "seed"), CASES)
def test_leaves_no_mini_the_next_enemy_order_dooms(level, seed):
    state = exposed_on_closing()
    choice = choose(R, state, 0, R.legal_orders(state, 0), level, seed, 0)
    assert doomable(_after(state, choice.order), 0) == [], choice.reason
    said = "next Movement and free shots" + (", or an attack and a second attacker" if level == "hard" else "")
    assert f"leaves no mini the enemy can Doom with its {said}" in choice.reason


@pytest.mark.parametrize("seed", range(3))
def test_hard_leaves_no_mini_the_enemys_next_two_orders_doom(seed):
    """Closing on two enemies that can each reach a1's front: either alone
    only Threatens it, both in one turn Doom it before it may answer; hard
    answers the pair and does not close there.  (Normal, which answers
    the first order only, used to close and be exposed; it now ranks first
    the Movements ending face to face, which here are the safe ones.)"""
    state = exposed_on_closing()
    legal = R.legal_orders(state, 0)
    choice = choose(R, state, 0, legal, "hard", seed, 0)
    assert doomable_by_two(_after(state, choice.order), 0) == [], choice.reason
    assert "leaves no mini the enemy can Doom with its next Movement and free shots, or an attack and a second attacker" \
        in choice.reason


def _randomly_played(seed: int, orders: int):
    """The position after ``orders`` random orders of a seeded game on the
    bench's battlefield (the orders drawn from the legal ones with
    ``random.Random(seed)``): deep in a game, with hundreds of orders."""
    import random

    from bench.games import battlefield_for
    from core.game import start, submit

    game = start(R, R.default_options(), battlefield_for(R), seed, ("A", "B"))
    rng = random.Random(seed)
    while len(game.orders) < orders:
        game = submit(game, rng.choice(game.legal_orders(min(game.to_act)))).game
    return game


@pytest.mark.parametrize(("seed", "orders"), [(3, 26), (35, 48), (49, 36)])
def test_hard_answers_enough_orders_to_find_a_safe_one(seed, orders):
    """Positions where easy and normal (24 orders answered) leave a mini
    the enemy's next Movement and free shots Doom, though some order leaves
    none: hard answers 192 and finds one (each of its picks is the witness
    that a safe order exists; ``plasto_brute`` tries every enemy order)."""
    game = _randomly_played(seed, orders)
    side = min(game.to_act)
    state, legal = game.state, game.legal_orders(side)
    for level in ("normal", "hard"):
        picks = [choose(R, game.view(side), side, legal, level, s, len(game.orders)).order for s in range(3)]
        exposed = [bool(doomable_with_shots(_after(state, o), side)) for o in picks]
        assert exposed == ([True] * 3 if level == "normal" else [False] * 3), level


@pytest.mark.parametrize(("seed", "orders"), [(24, 29), (15, 44)])
def test_hard_answers_its_orders_with_the_enemys_next_two(seed, orders):
    """Positions of seeded games where hard, answering each order with the
    enemy's next one only, left a mini that an attack and a second attacker
    Doom in the enemy's next turn: answering the pair, it leaves none.
    (Seed 6 after 26 orders was one too; counting the enemy's free shots,
    every order there leaves minis the enemy can Doom, pair or not.)"""
    game = _randomly_played(seed, orders)
    side = min(game.to_act)
    legal = game.legal_orders(side)
    for s in range(2):
        choice = choose(R, game.view(side), side, legal, "hard", s, len(game.orders))
        state = _after(game.state, choice.order)
        # The first shot of a pair that Dooms (*Long Range Attacks*: a shot
        # costs no Movement) is judged with the second, as its reason says.
        for unit in re.findall(r"with (\w+)'s shot after it", choice.reason):
            state = _after(state, Shoot(side, unit, choice.order.target))
        assert doomable_by_two(state, side) == [], choice.reason
        if state.pending_free == (1 - side,):  # the enemy lets its free Movement go
            assert doomable_by_two(_after(state, Decline(1 - side)), side) == [], choice.reason
