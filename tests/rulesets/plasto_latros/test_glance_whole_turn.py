"""The glance (who could attack a mini on a cell) against the rules
themselves: the mini moves there and its turn ends, then every sequence of
one enemy's orders in its side's next turn (two Movements and its shot,
seed 000 *Movement*: "two actions, or 'Movements'", a player "may move ...
the same mini two times") is played by the engine, and the attacks on the
mini are read from the events.  Random small fields with roofs, towers and
walls, prone and shooting enemies.

A tester on Rooftops was told a cell was safe from every enemy, and an
enemy came with both Movements and attacked there."""

from __future__ import annotations

import random

import pytest

from core.board import Arc, Facing, arc_of
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.events import Attacked, DoomFalls, JumpedOn, ShotAt
from core.rulesets.plasto_latros.glance import ARC_ORDER, threats_at, would_doom
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import Decline, Move, Pass, Shoot
from core.rulesets.plasto_latros.state import Phase

from .helpers import grid, mini, position

FACINGS = list(Facing)


def random_position(seed: int):
    rng = random.Random(seed)
    rows = ["".join(rng.choices(".....rrR#", k=8)) for _ in range(8)]
    bf = grid("\n".join(rows))
    free = [c for c in bf.cells() if not bf.terrain(c).blocks_move]
    cells = rng.sample(free, 5)
    minis = [mini("a1", cells[0], rng.choice(FACINGS)), mini("a2", cells[1], rng.choice(FACINGS))]
    for i, cell in enumerate(cells[2:]):
        minis.append(mini(f"b{i + 1}", cell, rng.choice(FACINGS), shooter=i == 0, prone=rng.random() < 0.25))
    return position(*minis, bf=bf, options=PlastoOptions(move_length=2))


def enemy_turn(state, cell):
    """a1 moves to ``cell`` (facing as it faces) and Ann's turn ends: Bo's
    turn, or None when it does not follow (a final turn, say)."""
    a1 = state.get("a1")
    orders = [] if cell == a1.pos else [Move(0, "a1", cell, a1.facing)]
    for order in [*orders, Pass(0)]:
        assert RULESET.check(state, order) is None
        state, _ = RULESET.apply(state, order)
        while state.pending_free:  # a free Movement owed to Bo in Ann's turn is not his turn's
            state, _ = RULESET.apply(state, Decline(state.pending_free[0]))
    return state if state.phase is Phase.PLAY and state.active == 1 else None


def attacks_by(state, enemy: str) -> list[tuple[str, tuple, int]]:
    """Every attack ``enemy`` could make on a1 in this turn, by every
    sequence of its own orders: (kind, the cell it attacks from, the
    Movements spent so far)."""
    found = []
    seen = set()

    def search(st, used):
        for order in RULESET.legal_orders(st, 1):
            if getattr(order, "unit", None) != enemy or (isinstance(order, Shoot) and order.target != "a1"):
                continue
            before = st.get(enemy).pos
            nxt, events = RULESET.apply(st, order)
            spent = used + (0 if isinstance(order, Shoot) else 1)
            for e in events:
                if isinstance(e, Attacked) and (e.attacker, e.target) == (enemy, "a1"):
                    found.append(("contact", nxt.get(enemy).pos, spent))
                elif isinstance(e, ShotAt) and (e.shooter, e.target) == (enemy, "a1"):
                    found.append(("shot", before, spent))
                elif isinstance(e, JumpedOn) and (e.jumper, e.target) == (enemy, "a1"):
                    found.append(("jump", before, spent))
            while nxt.pending_free and nxt.pending_free[0] == 0:
                nxt, _ = RULESET.apply(nxt, Decline(0))
            if nxt.phase is not Phase.PLAY or nxt.active != 1 or nxt.pending_free:
                continue
            m = nxt.get(enemy)
            key = (m.pos, m.facing, m.prone, nxt.movements_left, nxt.shot_this_turn, nxt.attacks)
            if key not in seen:
                seen.add(key)
                search(nxt, spent)

    search(state, 0)
    return found


def expected(found, cell, facing):
    """The glance's report of one enemy from its attacks: the worst (in
    contact from the back, a jump, in contact from the worst arc, a shot),
    with the Movements it takes, and the fewest any attack takes."""
    if not found:
        return None
    soonest = min(n for _, _, n in found)

    def worst(how):
        arcs = {}
        for kind, where, n in found:
            if kind == how:
                arc = arc_of(cell, facing, where)
                arcs[arc] = min(arcs.get(arc, n), n)
        arc = next(a for a in ARC_ORDER if a in arcs)
        return how, arc, arcs[arc]

    kinds = {k for k, _, _ in found}
    if "contact" in kinds and worst("contact")[1] is Arc.BACK:
        return worst("contact"), soonest
    for how in ("jump", "contact", "shot"):
        if how in kinds:
            return worst(how), soonest
    raise AssertionError(found)


CASES = [(seed, pick) for seed in range(12) for pick in range(3)]


@pytest.mark.parametrize("seed,pick", CASES)
def test_the_glance_names_every_enemy_that_could_attack_there_in_its_whole_turn(seed, pick):
    state = random_position(seed)
    a1 = state.get("a1")
    moves = sorted({o.to for o in RULESET.legal_orders(state, 0) if isinstance(o, Move) and o.unit == "a1"})
    cell = random.Random(seed * 7 + pick).choice(moves) if pick and moves else a1.pos
    turn = enemy_turn(state, cell)
    if turn is None:
        pytest.skip("no turn of Bo's follows")
    got = {t.enemy: t for t in threats_at(state, "a1", cell, a1.facing)}
    for enemy in ("b1", "b2", "b3"):
        want = expected(attacks_by(turn, enemy), cell, a1.facing)
        if want is None:
            assert enemy not in got, (cell, got[enemy])
            continue
        assert enemy in got, (cell, enemy, want)
        (how, arc, movements), soonest = want
        t = got[enemy]
        if how == "shot":  # a shot's arc is one it could come from
            assert (t.how, t.movements, t.fewest) == (how, movements, soonest), (cell, t, want)
        else:
            assert (t.how, t.arc, t.movements, t.fewest) == (how, arc, movements, soonest), (cell, t, want)


def doomed_in_turn(state) -> bool:
    """Whether some sequence of Bo's orders in this turn (any of his minis,
    two Movements, shots at a1) Dooms a1 or jumps on it."""
    seen = set()

    def search(st) -> bool:
        for order in RULESET.legal_orders(st, 1):
            if isinstance(order, Pass) or (isinstance(order, Shoot) and order.target != "a1"):
                continue
            nxt, events = RULESET.apply(st, order)
            if any((isinstance(e, DoomFalls) and e.unit == "a1") or (isinstance(e, JumpedOn) and e.target == "a1")
                   for e in events):
                return True
            while nxt.pending_free and nxt.pending_free[0] == 0:
                nxt, _ = RULESET.apply(nxt, Decline(0))
            if nxt.phase is not Phase.PLAY or nxt.active != 1 or nxt.pending_free:
                continue
            key = (nxt.minis, nxt.movements_left, nxt.shot_this_turn, nxt.attacks)
            if key not in seen:
                seen.add(key)
                if search(nxt):
                    return True
        return False

    return search(state)


@pytest.mark.parametrize("seed,pick", CASES[::2])
def test_a_doom_cell_is_one_where_the_whole_side_could_doom_the_mini(seed, pick):
    """[D] (would_doom): one contact attacker from the back or a jumper
    Dooms alone; two attackers Doom when the turn's two Movements cover
    both (*Attacking And Defending*, *Jumping Attacks*)."""
    state = random_position(seed)
    a1 = state.get("a1")
    moves = sorted({o.to for o in RULESET.legal_orders(state, 0) if isinstance(o, Move) and o.unit == "a1"})
    cell = random.Random(seed * 7 + pick).choice(moves) if pick and moves else a1.pos
    turn = enemy_turn(state, cell)
    if turn is None:
        pytest.skip("no turn of Bo's follows")
    assert would_doom(threats_at(state, "a1", cell, a1.facing)) == doomed_in_turn(turn), cell
