"""The computer's reason names every mini its order attacks and every Doom
of its side the order lifts (a tester read "b1: move to 9,2, face N:
attacks a4: Threat" of a move that attacked a5 too, and "attacks a1:
Threat, both Locked" of a move whose point was lifting b4's Doom: *Attacking
And Defending*, a Doom lifts when its attacker comes under attack)."""

from __future__ import annotations

from core.board import Facing as F
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.orders import Move
from core.rulesets.plasto_latros.state import Attack, Kind
from tests.rulesets.plasto_latros.helpers import mini, play, position


def _reason(state, side, order) -> str:
    return R.knowledge().explain(state, side, order)


def test_a_move_that_attacks_two_minis_names_both():
    # b1 steps to 5,3 facing S: a4 (4,4) and a5 (6,4) are both in contact
    # in its front arc; both face N, so b1 is in front of each: Threat
    state = position(mini("a4", (4, 4), F.N), mini("a5", (6, 4), F.N), mini("a6", (0, 9), F.N),
                     mini("b1", (5, 0), F.S), mini("b2", (9, 0), F.S), active=1)
    order = Move(1, "b1", (5, 3), F.S)
    _, events = play(state, order)
    attacked = sorted(e.target for e in events if getattr(e, "attacker", None) == "b1")
    assert attacked == ["a4", "a5"]  # the rules agree: two attacks
    reason = _reason(state, 1, order)
    assert "attacks a4 (Threat), a5 (Threat)" in reason and len(reason) <= 60, reason  # both, short enough for the log


def test_a_move_that_lifts_a_doom_says_so_besides_its_attack():
    # a1 attacks b4 from its back arc: b4 Doomed.  b6 stepping to 3,3
    # facing W attacks a1 (from its side), so a1's attack stops counting
    # and b4's Doom lifts
    state = position(mini("a1", (2, 3), F.S), mini("a2", (0, 9), F.N), mini("b4", (2, 4), F.S),
                     mini("b6", (5, 3), F.W), attacks=(Attack(Kind.CONTACT, "a1", "b4"),), doomed=("b4",),
                     active=1)
    order = Move(1, "b6", (3, 3), F.W)
    after, _ = play(state, order)
    assert "b4" not in after.doomed  # the rules agree: the Doom lifts
    reason = _reason(state, 1, order)
    assert "attacks a1: Threat, both Locked" in reason and "lifts the Doom on b4" in reason, reason
