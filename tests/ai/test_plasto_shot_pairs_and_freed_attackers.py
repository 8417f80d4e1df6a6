"""Plasto Latros: what a tester's games against the computer showed (each
position rebuilt by hand from the tester's saves; every fact checked by
playing the rules).

1. Open field, moving first: two shooters with every enemy mini in clear
   view.  Two shots Doom a mini (*Long Range Attacks*) and cost no
   Movement, yet normal moved a shooter out of line instead; Dooming an
   enemy shooter also leaves the enemy one shooter, so its own free shots
   can Doom nothing back.
2. Rooftops: b1 Doomed by a5 and a6.  Hard Dooms a4 with b2, said the
   enemy could not win it back, and lost b2: b1's removal at the end of the
   turn freed a5 (no longer Locked), which stepped into b2's back quarter
   (*Attacking And Defending*).
3. Reasons give distances as the game measures them: straight-line
   between cell centres (docs/rulings.md, *Distance*), not king moves.
"""

from __future__ import annotations

import pytest

from core.ai import choose
from core.ai.plasto_latros import PlastoKnowledge
from core.ai.plasto_threats import own_shot_dooms, shots_given_up
from core.battlefield_text import parse_battlefield
from core.board import Facing as F
from core.board import cells_away
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.combat import can_target
from core.rulesets.plasto_latros.orders import Climb, Decline, FreeMove, Move, Shoot
from core.rulesets.plasto_latros.state import Attack, Kind
from tests.ai.plasto_brute import after, doomable_with_shots
from tests.rulesets.plasto_latros.helpers import mini, play, position

LEVELS = [(level, seed) for level in ("easy", "normal", "hard") for seed in range(3)]

OPEN_12 = "name: open 12\nterrain . grass\nzone 0 0,0 11,1\nzone 1 0,10 11,11\nmap\n" + "............\n" * 12

# The tester's Rooftops: roofs (-) at level 1, towers (=) at 2, chimneys (#).
ROOFTOPS = """\
name: rooftops
terrain . street
terrain - roof elevation=1
terrain = tower elevation=2
terrain # chimney elevation=3 blocks_move blocks_sight
zone 0 0,0 13,1
zone 1 0,10 13,11
map
..............
..............
.---.---...##.
.---.-==-..##.
.---.-==-.....
.......-......
......-.......
.....-==-.---.
.##..-==-.---.
.##..---..---.
..............
..............
"""


def _choice(state, side: int, level: str, seed: int):
    return choose(R, state, side, R.legal_orders(state, side), level, seed, 0)


# -- 1. two free shots Doom a mini ---------------------------------------------

def two_shooters_facing_the_enemy(a1=(7, 4), movements_left=1):
    """Ann moves first (Standard Movement 4).  Her shooters a1 and a2 face S
    with Bob's minis (row 10, shooters b1 and b2) in clear view;
    Bob's shooters see all of hers.  a1 at 7,4 with one Movement left is the
    tester's position after her first Movement; at 8,1 with two, her turn's
    start."""
    return position(
        mini("a1", a1, F.S, shooter=True), mini("a2", (6, 0), F.S, shooter=True),
        mini("a3", (3, 1), F.S), mini("a4", (10, 0), F.S), mini("a5", (10, 1), F.S), mini("a6", (2, 1), F.S),
        mini("b1", (1, 10), F.N, shooter=True), mini("b2", (3, 10), F.N, shooter=True),
        *(mini(f"b{i}", (2 * i - 1, 10), F.N) for i in range(3, 7)),
        bf=parse_battlefield(OPEN_12), movements_left=movements_left, acted_this_turn=movements_left < 2)


POSITIONS = {"after a1's Movement": two_shooters_facing_the_enemy(),
             "at the turn's start": two_shooters_facing_the_enemy((8, 1), 2)}


def _shots_at(state, target: str):
    """``state`` after both of Ann's shooters shoot at ``target``."""
    return play(state, Shoot(0, "a1", target), Shoot(0, "a2", target))[0]


@pytest.mark.parametrize("name", POSITIONS)
def test_the_two_shooters_position_is_what_it_says(name):
    state = POSITIONS[name]
    bobs = [m for m in state.minis if m.side == 1]
    both = [m for m in bobs if all(can_target(state, state.get(s), m) for s in ("a1", "a2"))]
    # (after its Movement a1 stands between a2 and b5)
    assert len(both) == (6 if name == "at the turn's start" else 5)
    for m in both:
        doomed = _shots_at(state, m.id)
        assert m.id in doomed.doomed and doomed.pending_free == (1,)
        # No free Movement of Bob's lifts it: none of his minis reaches rows 0-1.
        for answer in (o for o in R.legal_orders(doomed, 1) if isinstance(o, FreeMove)):
            assert m.id in after(doomed, answer).doomed, answer.to_text()
    # Dooming b3 trades it: Bob's two shooters then Doom one of Ann's minis.
    assert doomable_with_shots(after(_shots_at(state, "b3"), Decline(1)), 0) != []
    # Dooming a shooter leaves Bob one: nothing of Ann's can be Doomed.
    assert doomable_with_shots(after(_shots_at(state, "b2"), Decline(1)), 0) == []


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize(("level", "seed"), LEVELS)
def test_takes_the_doom_its_two_free_shots_make(name, level, seed):
    state = POSITIONS[name]
    choice = _choice(state, 0, level, seed)
    order = choice.order
    assert isinstance(order, Shoot), choice.reason
    other = "a2" if order.unit == "a1" else "a1"
    doomed = play(state, order, Shoot(0, other, order.target))[0]
    assert order.target in doomed.doomed
    assert f"Dooms {order.target} with {other}'s shot after it" in choice.reason
    # and not a needless trade: Bob's next order and free shots Doom nothing
    assert doomable_with_shots(after(doomed, Decline(1)), 0) == [], choice.reason


def test_the_testers_movement_gives_up_the_doom_its_shots_made():
    """The tester saw normal move a2 to 3,0 facing SE, behind its own a3:
    then no pair of Ann's shots Dooms anything, and the shortlist counts
    the Doom given up (half a mini)."""
    state = two_shooters_facing_the_enemy()
    moved, events = play(state, Move(0, "a2", (3, 0), F.SE))
    assert not can_shoot_twice(moved)
    assert shots_given_up(len(own_shot_dooms(state, 0)), 0, moved, events) == 0.5
    kept, events = play(state, Move(0, "a6", (0, 3), F.S))  # out of every line of fire
    assert can_shoot_twice(kept)
    assert shots_given_up(len(own_shot_dooms(state, 0)), 0, kept, events) == 0.0


def can_shoot_twice(state) -> bool:
    """Whether two of Ann's shooters can both target one of Bob's minis."""
    shooters = [m for m in state.minis if m.side == 0 and m.shooter]
    return any(sum(1 for s in shooters if can_target(state, s, m)) >= 2 for m in state.minis if m.side == 1)


# -- 2. a mini freed by a removal at the turn's end ----------------------------

def rooftops_turn_10():
    """Bob (hard) to give his second Movement.  b1 at 13,6 is Doomed by a5
    and a6 in contact (both Locked with it); b6 has a2 under Threat; b2 at
    9,8 can step to 10,5 and Doom a4 from its back quarter."""
    return position(
        mini("a1", (1, 1), F.S, shooter=True), mini("a2", (3, 2), F.SE, shooter=True), mini("a3", (6, 2), F.S),
        mini("a4", (11, 4), F.E), mini("a5", (12, 5), F.E), mini("a6", (13, 5), F.S),
        mini("b1", (13, 6), F.N, shooter=True), mini("b2", (9, 8), F.N, shooter=True),
        mini("b4", (1, 10), F.N), mini("b6", (3, 3), F.NE),
        bf=parse_battlefield(ROOFTOPS), active=1, turn=10, movements_left=1, acted_this_turn=True,
        attacks=(Attack(Kind.CONTACT, "a5", "b1"), Attack(Kind.CONTACT, "a6", "b1"),
                 Attack(Kind.CONTACT, "b6", "a2")),
        doomed=("b1",))


def _enemy_answers(state, order):
    """After Bob's ``order``: Ann lets any free Movement go (the tester's
    line), so Bob's turn ends and hers begins."""
    state = after(state, order)
    return after(state, Decline(0)) if state.pending_free == (0,) else state


def test_the_rooftops_position_is_what_it_says():
    state = rooftops_turn_10()
    backstab = Move(1, "b2", (10, 5), F.NE)
    doomed = after(state, backstab)
    assert "a4" in doomed.doomed and doomed.pending_free == (0,)
    # a5 is Locked with b1 now, so its free Movement cannot answer ...
    assert all(getattr(o.order, "unit", "") != "a5" for o in R.legal_orders(doomed, 0) if isinstance(o, FreeMove))
    # ... but b1's removal at the turn's end frees it: one Movement into
    # b2's back quarter Dooms b2.
    mine, _ = play(after(doomed, Decline(0)), Move(0, "a5", (10, 6), F.N))
    assert "b2" in mine.doomed
    for facing in (F.N, F.NE, F.E):
        assert doomable_with_shots(_enemy_answers(state, Move(1, "b2", (10, 5), facing)), 1) == ["b2"]


@pytest.mark.parametrize(("level", "seed"), LEVELS)
def test_a_doom_the_freed_mini_wins_back_is_not_called_safe(level, seed):
    state = rooftops_turn_10()
    choice = _choice(state, 1, level, seed)
    exposed = doomable_with_shots(_enemy_answers(state, choice.order), 1)
    if "cannot win it back" in choice.reason or "leaves no mini" in choice.reason:
        assert exposed == [], choice.reason
    if exposed and "Dooms a4" in choice.reason:
        assert "can win it back" in choice.reason


def test_the_answer_weighed_counts_the_freed_mini():
    """Every level's shortlist answers Dooming a4 with a5's step behind b2."""
    state = rooftops_turn_10()
    know = PlastoKnowledge(R)
    for facing in (F.N, F.NE, F.E):
        worst, doomable = know._answered(after(state, Move(1, "b2", (10, 5), facing)), 1)
        assert "b2" in doomable
        # a4 won (+1 once removed), b1 lost (half of it was counted: -0.5),
        # b2 Doomed (-0.5): nothing kept of the a4 won.
        assert worst - know.balance(state, 1) == pytest.approx(0.0)


# -- 3. distances as the game measures them ------------------------------------

def test_cells_away_is_straight_line_distance():
    assert cells_away((5, 10), (10, 6)) == "6.4 cells away"  # the tester's a5, 5 king moves
    assert cells_away((0, 0), (4, 1)) == "4.1 cells away"  # past a Standard Movement of 4
    assert cells_away((0, 0), (3, 4)) == "5 cells away"
    assert cells_away((2, 2), (2, 3)) == "1 cell away"
    assert cells_away((0, 0), (1, 1)) == "1.4 cells away"


def test_a_reason_says_the_distance_the_rules_measure():
    state = position(mini("a5", (10, 6), F.N), mini("b4", (1, 10), F.N), active=1, movements_left=2,
                     bf=parse_battlefield(OPEN_12))
    know = PlastoKnowledge(R)
    said = know.explain(state, 1, Move(1, "b4", (5, 10), F.E))
    assert "closes on a5, 6.4 cells away" in said, said


def test_a_climb_reason_says_the_distance_the_rules_measure():
    state = position(mini("a5", (10, 6), F.N), mini("b4", (4, 9), F.N), active=1, movements_left=2,
                     bf=parse_battlefield(ROOFTOPS))
    know = PlastoKnowledge(R)
    said = know.explain(state, 1, Climb(1, "b4", (5, 8), F.NE))  # onto the roof, 5 king moves from a5
    assert "higher than a5 (5.4 cells away)" in said, said


def test_a_doom_is_answered_by_free_movements_beside_this_sides_minis():
    """Every free Movement of b2 (cornered beside a2, Standard Movement 1)
    ends beside a2, so each is played; turning to face a2 attacks it."""
    from core.rulesets.plasto_latros.options import PlastoOptions

    state = position(mini("a1", (4, 2), F.S), mini("a2", (1, 1), F.N), mini("b1", (4, 4), F.S),
                     mini("b2", (0, 0), F.N), options=PlastoOptions(move_length=1), movements_left=2)
    doomed = after(state, Move(0, "a1", (4, 3), F.S))
    assert "b1" in doomed.doomed and doomed.pending_free == (1,)
    worst, doomable = PlastoKnowledge(R)._answered(doomed, 0)
    assert worst - PlastoKnowledge(R).balance(state, 0) == pytest.approx(1.0)  # b1 removed, a2 only Threatened
    assert doomable == frozenset()
