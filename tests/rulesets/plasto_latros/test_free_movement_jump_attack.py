"""A Defending Free Movement may be a jump attack (docs/rulings.md,
*Defending Free Movement*): the seed (*Long Range Attacks*, *Jumping
Attacks*) lets the free Movement foil an attack by putting an attacker
into "Doom of any kind", and a jump attack is a Movement that Dooms.  Its
target is Doomed and Pinned as by any jump attack, with its own free
Movement owed; each jumper waits in mid-jump, so no mini answers twice."""

from core.board import Facing
from core.events import Removed
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.orders import Decline, FreeMove, JumpAttack
from core.rulesets.plasto_latros.status import free_eligible

from .helpers import grid, marks, mini, play, position

# a tower (level 2) at 1,1 beside a roof (level 1) at 2,1; the rest ground
STEPS = grid("""
......
.Rr...
......
......
......
""")


def tower_and_roof():
    """a1 on the roof, facing south-east onto b1 on the ground below; b2
    on the tower beside a1, facing it; a2 and b3 far off, free."""
    return position(mini("a1", (2, 1), Facing.SE), mini("b1", (3, 2), Facing.N),
                    mini("b2", (1, 1), Facing.E), mini("a2", (5, 4), Facing.N), mini("b3", (0, 4), Facing.N),
                    bf=STEPS)


def test_a_free_jump_attack_on_the_jumper_foils_its_jump():
    state, _ = play(tower_and_roof(), JumpAttack(0, "a1", "b1"))
    assert marks(state, "b1") == "DP" and RULESET.to_act(state) == {1}
    answer = FreeMove(1, JumpAttack(1, "b2", "a1"))
    assert answer in RULESET.legal_orders(state, 1)
    state, events = play(state, answer)
    # a1 is jumped on in turn: Doomed and Pinned, so its own jump no longer
    # counts and b1's Doom lifts; Ann is owed her free Movement for a1
    assert "D" in marks(state, "a1") and "P" in marks(state, "a1")
    assert "D" not in marks(state, "b1")
    assert RULESET.to_act(state) == {0}
    state, events = play(state, Decline(0))
    # a1's jump is stopped, b2's lands: a1 dies and b2 lies prone in its place
    assert state.mini("b1").pos == (3, 2)
    assert state.mini("a1").pos is None
    assert state.mini("b2").pos == (2, 1) and state.mini("b2").prone
    assert [e.unit for e in events if isinstance(e, Removed)] == ["a1"]
    # Ann's turn goes on with the Movement she had left
    assert state.active == 0 and state.movements_left == 1 and not state.pending_free


def test_the_minis_of_a_free_jump_cannot_answer_again():
    """No endless chain: each free jump leaves its jumper in mid-jump and
    its target Pinned until the jumps resolve, so neither makes another
    free Movement; only a2 and b3, untouched, still could."""
    state, _ = play(tower_and_roof(), JumpAttack(0, "a1", "b1"), FreeMove(1, JumpAttack(1, "b2", "a1")))
    eligible = {m.id for m in state.on_board() if free_eligible(state, m)}
    assert eligible == {"a2", "b3"}
    listed = {RULESET.order_unit(o) for o in RULESET.legal_orders(state, 0) if isinstance(o, FreeMove)}
    assert listed == {"a2"}
