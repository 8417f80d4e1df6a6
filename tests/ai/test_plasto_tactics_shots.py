"""Plasto Latros: the blunders a tester found (free shots, false "cannot
win it back", a last free mini locked into a final turn, walking a mini's
back up to an enemy, turning in place for nothing).

Hand-built positions; each fact is checked by playing the rules
(``tests/ai/plasto_brute.py`` tries every legal order).  Rules: *Long Range
Attacks* (a shot is free, one per shooter per turn, two shooters Doom),
*Attacking And Defending* (a contact attacker in the back quarter Dooms; a
Doom lifts when its attacker comes under attack; the Defending Free
Movement), *Ending The Game* (the final turn); docs/rulings.md.
"""

from __future__ import annotations

import pytest

from core.ai import choose
from core.board import Facing as F
from core.board import in_front_arc
from core.deployment import Deploy, Ready
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.combat import can_target
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import FreeMove, Move, Pass, Turn
from core.rulesets.plasto_latros.state import Attack, Kind, Mini, Phase
from tests.ai.plasto_brute import after, doomable_with_shots, enemy_to_act
from tests.rulesets.plasto_latros.helpers import grid, mini, play, position

LEVELS = [(level, seed) for level in ("easy", "normal", "hard") for seed in range(3)]
QUICK = [(level, seed) for level in ("easy", "normal") for seed in range(6)]


def _choice(state, side: int, level: str, seed: int):
    return choose(R, state, side, R.legal_orders(state, side), level, seed, 0)


def _single_order_dooms(state, side: int) -> list[str]:
    """The minis of ``side`` some single next order of the enemy Dooms."""
    state = enemy_to_act(state, side)
    if state is None:
        return []
    out = set()
    for reply in R.legal_orders(state, 1 - side):
        answered = after(state, reply)
        out |= {u for u in answered.doomed if answered.mini(u).side == side and u not in state.doomed}
    return sorted(out)


# -- 1. free shots -----------------------------------------------------------

def in_two_shooters_view():
    """b1 stands where a1 and a2, shooters facing S, both see it: their two
    free shots Doom it (a shot costs no Movement).  Moving it east, out of
    both front arcs, is safe; closing on the shooters is not."""
    return position(mini("a1", (0, 0), F.S, shooter=True), mini("a2", (2, 0), F.S, shooter=True),
                    mini("b1", (4, 6), F.N), mini("b2", (9, 2), F.N), active=1, movements_left=1)


def test_the_shots_position_is_what_it_says():
    state = in_two_shooters_view()
    assert doomable_with_shots(after(state, Pass(1)), 1) == ["b1"]
    # One shot alone only Threatens: the enemy's single next order Dooms nothing.
    assert _single_order_dooms(state, 1) == []
    assert doomable_with_shots(after(state, Move(1, "b1", (7, 4), F.W)), 1) == []


@pytest.mark.parametrize(("level", "seed"), LEVELS)
def test_does_not_leave_a_mini_two_free_shots_doom(level, seed):
    state = in_two_shooters_view()
    choice = _choice(state, 1, level, seed)
    assert doomable_with_shots(after(state, choice.order), 1) == [], choice.reason
    assert "leaves no mini the enemy can Doom with its next Movement and free shots" in choice.reason


def test_a_claim_of_safety_counts_the_enemys_shots():
    """Whatever a level picks, a reason saying it leaves no mini the enemy
    can Doom is true counting the shots (the old claim was made of orders
    the two free shots punished)."""
    state = in_two_shooters_view()
    for level, seed in LEVELS:
        choice = _choice(state, 1, level, seed)
        if "leaves no mini the enemy" in choice.reason:
            assert doomable_with_shots(after(state, choice.order), 1) == [], choice.reason


COVER = grid("""
..........
..........
..........
..........
..........
..........
..........
..........
*****.....
..........
""")


def _deploying():
    """Ann (shooters a1, a2 facing S) has deployed and is ready; Bob
    deploys: the scatter in row 8 hides only the cells west of it from
    them."""
    state, _ = R.setup(PlastoOptions(), COVER, 0, ("Ann", "Bob"))
    cells = {"a1": (1, 0), "a2": (3, 0), "a3": (5, 0), "a4": (6, 0), "a5": (7, 0), "a6": (8, 0)}
    state, _ = play(state, *(Deploy(0, unit, cell) for unit, cell in cells.items()), Ready(0))
    assert state.phase is Phase.DEPLOY and state.active == 1
    return state


def _viewers(state, cell) -> int:
    probe = Mini("b?", 1, False, cell)
    return sum(1 for m in state.minis if m.side == 0 and m.shooter and can_target(state, m, probe))


@pytest.mark.parametrize(("level", "seed"), LEVELS)
def test_deploys_out_of_two_enemy_shooters_view(level, seed):
    state = _deploying()
    zone = [(x, 9) for x in range(10)]
    assert min(_viewers(state, c) for c in zone) == 0 and max(_viewers(state, c) for c in zone) == 2
    for _ in range(3):  # the first three minis placed
        choice = _choice(state, 1, level, seed)
        assert choice.order.verb == "deploy", choice.reason
        assert _viewers(state, choice.order.at) < 2, choice.reason
        state = after(state, choice.order)


OPEN_FIELD = grid("\n".join(["." * 12] * 12), "zone 1 0,10 11,10\n")


def test_deploys_behind_its_own_minis_when_every_cell_is_in_two_shooters_view():
    """A tester's easy computer deployed b2 on an open field in view of
    both enemy shooters, which Doomed it in turn 1 (seed 000: two
    attackers Doom; a long-range attack needs half of the target in view,
    and minis block sight): every cell of Bob's two-row zone is in view of
    a1 and a2, but a mini in the front row hides the cells behind it.  So
    at most the screening minis stand in view of both (all six did), and
    every placing's reason counts the shooters (it said "the best of 6
    orders its search tried")."""
    state, _ = R.setup(PlastoOptions(), OPEN_FIELD, 0, ("Ann", "Bob"))
    cells = {"a1": (1, 0), "a2": (3, 0), "a3": (5, 0), "a4": (6, 0), "a5": (7, 0), "a6": (8, 0)}
    state, _ = play(state, *(Deploy(0, unit, cell) for unit, cell in cells.items()), Ready(0))
    zone = [(x, y) for x in range(12) for y in (10, 11)]
    assert all(_viewers(state, c) == 2 for c in zone)
    for level, seed in LEVELS:
        placed = state
        for ply in range(6):
            choice = choose(R, placed, 1, R.legal_orders(placed, 1), level, seed, ply)
            assert choice.order.verb == "deploy", choice.reason
            assert "shooter" in choice.reason, choice.reason
            placed = after(placed, choice.order)
        exposed = [m.id for m in placed.minis if m.side == 1 and _viewers(placed, m.pos) >= 2]
        assert len(exposed) <= 2, (level, seed, exposed)


# -- 2. "the enemy cannot win it back" ----------------------------------------

BEHIND_WALLS = grid("""
..........
..........
..........
..........
..........
..........
....#.#...
..........
..........
..........
""")


def doom_won_back():
    """b2 may step into a5's back quarter (5,6: the walls leave no other
    cell behind it) and Doom it, but a6's Defending Free Movement to 6,5
    puts b2 under attack and lifts that Doom."""
    return position(mini("a5", (5, 5), F.N), mini("a6", (8, 3), F.W), mini("a1", (0, 0), F.S),
                    mini("b2", (5, 8), F.N), active=1, movements_left=1, bf=BEHIND_WALLS)


def _doom_survives_every_answer(state, order, unit: str) -> bool:
    doomed = after(state, order)
    assert unit in doomed.doomed
    if 0 not in R.to_act(doomed):
        return True
    return all(unit in after(doomed, reply).doomed for reply in R.legal_orders(doomed, 0))


def test_the_won_back_position_is_what_it_says():
    state = doom_won_back()
    doomed = after(state, Move(1, "b2", (5, 6), F.N))
    assert doomed.doomed == ("a5",) and doomed.pending_free == (0,)
    assert "a5" not in after(doomed, FreeMove(0, Move(0, "a6", (6, 5), F.W))).doomed


@pytest.mark.parametrize(("level", "seed"), LEVELS)
def test_says_the_enemy_cannot_win_it_back_only_when_true(level, seed):
    state = doom_won_back()
    choice = _choice(state, 1, level, seed)
    if "cannot win it back" in choice.reason:
        assert _doom_survives_every_answer(state, choice.order, "a5"), choice.reason


# -- 3. the last free mini locked: the enemy's final turn ----------------------

POCKET_WALLS = grid("""
..........
..........
..........
..........
..........
##........
#.........
..........
..........
..........
""")


def last_free_mini():
    """b2 is Locked by a1; b4, Bob's last free mini, may turn to Threaten
    a5 (walls behind a5 leave it no way into its back).  That locks b4
    too: Ann alone can move, and takes a final turn that surrounds both."""
    return position(mini("a1", (9, 1), F.N), mini("a2", (5, 0), F.S), mini("a3", (6, 4), F.S),
                    mini("a5", (1, 6), F.SE), mini("b2", (9, 0), F.S), mini("b4", (2, 7), F.W),
                    active=1, movements_left=1, bf=POCKET_WALLS, attacks=(Attack(Kind.CONTACT, "a1", "b2"),))


def _hands_a_final_turn(state, order) -> bool:
    done = after(state, order)
    if 1 in R.to_act(done):
        done = after(done, Pass(1))
    return done.phase is Phase.FINAL and done.active == 0


def test_the_final_turn_position_is_what_it_says():
    state = last_free_mini()
    assert _hands_a_final_turn(state, Turn(1, "b4", F.NW))
    assert not _hands_a_final_turn(state, Turn(1, "b4", F.S))


@pytest.mark.parametrize(("level", "seed"), [(lv, s) for lv in ("easy", "normal") for s in range(8)]
                         + [("hard", 0)])
def test_does_not_lock_its_last_free_mini_into_a_final_turn(level, seed):
    state = last_free_mini()
    choice = _choice(state, 1, level, seed)
    assert not _hands_a_final_turn(state, choice.order), choice.reason


# -- 4. walking into reach ------------------------------------------------------

def back_in_reach():
    """b6 stands two cells from a4 with its back open to it, and the Doom
    b6 could make on a4 is lifted by a2's free answer (which Dooms b6 from
    behind); moving b6 to the bottom edge leaves nothing in reach."""
    return position(mini("a4", (5, 4), F.S), mini("a1", (0, 0), F.E), mini("a2", (9, 0), F.W),
                    mini("b6", (6, 6), F.N), mini("b1", (0, 9), F.N), mini("b2", (9, 9), F.N),
                    active=1, movements_left=2)


@pytest.mark.parametrize(("level", "seed"), QUICK + [("hard", 0)])
def test_does_not_leave_a_mini_the_enemys_next_order_dooms(level, seed):
    state = back_in_reach()
    assert _single_order_dooms(after(state, Pass(1)), 1) == ["b6"]
    choice = _choice(state, 1, level, seed)
    assert _single_order_dooms(after(state, choice.order), 1) == [], choice.reason


# -- 5. wasted Movements ---------------------------------------------------------

WALLED_IN = grid("""
..........
..........
..........
..........
..........
..........
..........
..........
....###...
....#.#...
""")


def walled_in():
    """b4 is walled in at the bottom edge, facing a5 (its nearest enemy)
    already: it cannot move, and every turn in place either keeps a5 in
    its front arc (nothing gained) or turns its face away."""
    return position(mini("a5", (5, 5), F.S), mini("a1", (1, 1), F.S), mini("b4", (5, 9), F.N),
                    active=1, movements_left=2, bf=WALLED_IN)


@pytest.mark.parametrize(("level", "seed"), QUICK)
def test_does_not_spin_in_place_for_nothing(level, seed):
    state = walled_in()
    assert {o.verb for o in R.legal_orders(state, 1)} == {"pass", "turn"}
    choice = _choice(state, 1, level, seed)
    assert choice.order.verb == "pass", choice.reason


@pytest.mark.parametrize(("level", "seed"), QUICK)
def test_closing_moves_face_the_enemy_they_close_on(level, seed):
    """Open ground, nothing in reach: each pick that closes on an enemy
    ends facing it, and the reason says which it closes on."""
    state = position(mini("a5", (5, 1), F.S), mini("a1", (1, 1), F.S), mini("b4", (5, 8), F.N),
                     mini("b2", (2, 8), F.N), active=1, movements_left=2)
    choice = _choice(state, 1, level, seed)
    moved = after(state, choice.order).mini(choice.order.unit)
    if "closes on" in choice.reason:
        near = choice.reason.split("closes on ")[1].split(",")[0]
        assert in_front_arc(moved.pos, moved.facing, state.mini(near).pos), choice.reason


def _doomed_or_gone(state, unit: str) -> bool:
    """Doomed, or removed already (the last Movement ends the turn)."""
    return unit in state.doomed or state.get(unit).pos is None


def lift_then_struck_from_behind():
    """Ann's turn: a1 (in contact) and a2 (a shot) Doom b2, and Bob owes
    his Defending Free Movement.  b3 can lift the Doom by attacking a1 or
    a2, but Ann still has a Movement: a6 steps into b2's back quarter and
    Dooms it again, whatever Bob's free Movement did."""
    return position(mini("a1", (5, 4), F.S), mini("a2", (2, 2), F.SE, shooter=True), mini("a6", (5, 8), F.N),
                    mini("b2", (5, 5), F.N), mini("b3", (7, 3), F.W), active=0, movements_left=1,
                    pending_free=(1,), doomed=("b2",), shot_this_turn=("a2",),
                    attacks=(Attack(Kind.CONTACT, "a1", "b2"), Attack(Kind.SHOT, "a2", "b2")))


def test_the_lift_position_is_what_it_says():
    from core.rulesets.plasto_latros.status import doomed_ids
    state = lift_then_struck_from_behind()
    assert doomed_ids(state) == ("b2",)
    lifted = after(state, FreeMove(1, Move(1, "b3", (6, 4), F.W)))
    assert "b2" not in lifted.doomed and 0 in R.to_act(lifted)
    assert _doomed_or_gone(after(lifted, Move(0, "a6", (5, 6), F.N)), "b2")


@pytest.mark.parametrize(("level", "seed"), LEVELS)
def test_says_a_lifted_doom_cannot_be_won_back_only_when_true(level, seed):
    state = lift_then_struck_from_behind()
    choice = _choice(state, 1, level, seed)
    if "cannot win it back" in choice.reason:
        lifted = after(state, choice.order)
        assert not any(_doomed_or_gone(after(lifted, reply), "b2") for reply in R.legal_orders(lifted, 0)), \
            choice.reason


# -- the reason's words --------------------------------------------------------

def test_a_climb_says_above_only_where_a_jump_could_follow():
    """*Jumping Attacks*: a jump is straight down onto a mini beside it.  A
    tester read "climbs to height 1, above a6" of a climb eight rows from
    a6 as a jump to come; far off, the reason says how far."""
    from core.ai import knowledge_for
    from core.rulesets.plasto_latros.orders import Climb

    rows = """
..........
..........
..........
..........
..........
..........
..........
..........
.rr.......
..........
"""
    know = knowledge_for(R)
    far = position(mini("a1", (1, 0), F.S), mini("b1", (1, 9), F.N), bf=grid(rows), active=1, movements_left=2)
    said = know.explain(far, 1, Climb(1, "b1", (1, 8), F.N))
    assert said.startswith("climbs to height 1, higher than a1 (8 cells away)"), said
    near = position(mini("a1", (2, 9), F.N), mini("b1", (1, 9), F.N), bf=grid(rows), active=1, movements_left=2)
    said = know.explain(near, 1, Climb(1, "b1", (1, 8), F.N))
    assert "above a1 beside it" in said, said
