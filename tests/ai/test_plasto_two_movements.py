"""Plasto Latros: Dooms the enemy makes with the two Movements of its next
turn (*Movement*: two a turn, by two minis or one twice), which the
shortlist's answer (the enemy's very next order and its free shots) does
not see.  A tester saw hard leave such minis and call the order safe.

1. Roof: a1 stands beside a roof (level 1) and b1 beside that roof.  One
   Movement of b1 Dooms nothing (the climb ends above a1, not in contact:
   contact is at one height); two do: the climb, then a jump attack
   straight down onto a1, which Dooms it (*Jumping Attacks*).
2. Two shooters facing away from a1: one turn in place brings one shot to
   bear (a Threat), two bring two, and two attackers Doom (*Long Range
   Attacks*; docs/rulings.md, *Doom*).  A wall hides a1 from b1 where it
   stands, and hides it from both if it steps west.

Every Doom below is found by playing the rules alone (``plasto_brute``:
every pair of the enemy's orders tried).
"""

from __future__ import annotations

import pytest

from core.ai import choose
from core.ai.plasto_latros import PlastoKnowledge
from core.ai.search import LEVELS
from core.board import Facing as F
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import Climb, JumpAttack, Move, Pass, Turn
from tests.ai.plasto_brute import after, doomable_in_two, doomable_with_shots
from tests.rulesets.plasto_latros.helpers import grid, mini, play, position

SEEDS = range(3)
SHORT = PlastoOptions(move_length=2)  # a small position: the brute force tries every pair of orders

ROOF = grid("""
........
........
........
...r....
........
........
........
........
""")

WALL = grid("""
........
........
........
###.....
........
........
........
........
""")


def roof_position():
    """Ann (side 0) to give her turn's first Movement.  a1 at 3,2 faces S
    with the roof at 3,3 below it (S); Bob's b1 stands at 3,4, beside the
    roof, facing N."""
    return position(mini("a1", (3, 2), F.S), mini("a2", (0, 0), F.S), mini("b1", (3, 4), F.N),
                    bf=ROOF, options=SHORT, movements_left=2)


def shooters_position():
    """Ann to move.  Bob's shooters b1 (1,6) and b2 (5,6) face S, away from
    Ann's a1 (3,1); a wall runs along row 3 from column 0 to 2."""
    return position(mini("a1", (3, 1), F.S), mini("a2", (0, 0), F.S),
                    mini("b1", (1, 6), F.S, shooter=True), mini("b2", (5, 6), F.S, shooter=True),
                    bf=WALL, options=SHORT, movements_left=2)


def _choice(state, level: str, seed: int):
    return choose(R, state, 0, R.legal_orders(state, 0), level, seed, 0)


def _ended(state):
    """Ann's turn taken to end: Bob to give his turn's first order."""
    return after(state, Pass(0))


def test_the_roof_position_is_what_it_says():
    state = roof_position()
    # The one-Movement answer finds nothing: b1's climb is no contact.
    assert doomable_with_shots(state, 0) == []
    climbed, events = play(_ended(state), Climb(1, "b1", (3, 3), F.N))
    assert not climbed.attacks and climbed.movements_left == 1
    # ... but its second Movement, a jump straight down, Dooms a1.
    jumped, _ = play(climbed, JumpAttack(1, "b1", "a1"))
    assert "a1" in jumped.doomed
    assert doomable_in_two(state, 0) == ["a1"]
    # a1 stepping away (north, out of b1's two Movements) is safe.
    assert doomable_in_two(after(state, Move(0, "a1", (3, 0), F.S)), 0) == []


def test_the_shooters_position_is_what_it_says():
    state = shooters_position()
    assert doomable_with_shots(state, 0) == []
    # b2 turning to face a1 brings one shot to bear (a Threat); b1 stepping
    # out from behind the wall and facing a1 a second (Doom).
    one, _ = play(_ended(state), Turn(1, "b2", F.N))
    assert doomable_with_shots_now(one) == []
    two, _ = play(one, Move(1, "b1", (3, 6), F.N))
    assert doomable_with_shots_now(two) == ["a1"]
    assert doomable_in_two(state, 0) == ["a1"]
    # Behind the wall (1,1), no two Movements of theirs bring both to bear.
    assert doomable_in_two(after(state, Move(0, "a1", (1, 1), F.S)), 0) == []


def doomable_with_shots_now(state) -> list[str]:
    """Ann's minis Bob's free shots Doom from here (his turn)."""
    from tests.ai.plasto_brute import shots_doom

    return sorted(shots_doom(state, 0))


POSITIONS = {"roof": roof_position, "shooters": shooters_position}


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("seed", SEEDS)
def test_hard_leaves_no_mini_two_movements_doom(name, seed):
    state = POSITIONS[name]()
    choice = _choice(state, "hard", seed)
    assert doomable_in_two(after(state, choice.order), 0) == [], (choice.order.to_text(), choice.reason)
    assert "or two Movements of its next turn and free shots" in choice.reason, choice.reason
    assert "leaves no mini the enemy can Doom" in choice.reason, choice.reason


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_answer_one_movement_only(name, level):
    """Their shortlist still keeps orders that two Movements punish (they
    look one Movement ahead, as before), and their reasons claim no more."""
    state = POSITIONS[name]()
    know = PlastoKnowledge(R)
    know.level = LEVELS[level]
    kept = know.shortlist(state, 0, R.legal_orders(state, 0))
    assert any(doomable_in_two(after(state, o), 0) for o in kept[:3])
    assert not any("two Movements" in fact for fact in know.facts.values())
    for seed in SEEDS:
        assert "two Movements" not in _choice(state, level, seed).reason
