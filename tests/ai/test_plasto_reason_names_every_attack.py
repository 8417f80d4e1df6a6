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


def test_a_doom_the_fact_names_is_said_once_and_from_where_the_move_ends():
    """A tester read "attacks a2: Doom, Dooms a2, and the enemy can win it
    back ...": the attack's Doom and the weighed fact's said it twice.  The
    attack now leaves the Doom to the fact.  Its back-arc attack is told
    from the cell the Movement ends on (the rules' own Doom: attacked from
    behind), not from where b2 started, which is no back-arc cell of a4."""
    from core.ai import choose
    from core.rulesets.plasto_latros.events import DoomFalls
    from core.rulesets.plasto_latros.grid import in_back
    from tests.ai.test_plasto_shot_pairs_and_freed_attackers import rooftops_turn_10

    state = rooftops_turn_10()
    a4 = state.mini("a4")
    assert not in_back(a4.pos, a4.facing, state.mini("b2").pos)  # 9,8: not behind a4 (11,4 facing E)
    for level in ("easy", "normal", "hard"):
        choice = choose(R, state, 1, R.legal_orders(state, 1), level, 0, 0)
        _, events = play(state, choice.order)
        falls = [e for e in events if isinstance(e, DoomFalls)]
        if [e.unit for e in falls] != ["a4"] or getattr(choice.order, "unit", "") != "b2":
            continue  # another order: not the one this is about
        assert "behind" in falls[0].reason, falls[0].reason  # the rules: from its back arc
        assert "Doom, Dooms" not in choice.reason and choice.reason.count("Doom") == 1, choice.reason
        assert "attacks a4 from its back arc, Dooms a4" in choice.reason, choice.reason


def test_the_attack_still_says_doom_when_no_fact_names_it():
    # b2 steps behind a4 (5,4 facing E) to 4,5: Doomed from its back arc;
    # with no fact weighed (explain alone), the attack words say the Doom
    state = position(mini("a4", (5, 4), F.E), mini("a6", (0, 0), F.S), mini("b2", (3, 8), F.N),
                     mini("b4", (1, 9), F.N), active=1)
    order = Move(1, "b2", (4, 5), F.NE)
    after, _ = play(state, order)
    assert "a4" in after.doomed  # the rules agree
    assert "attacks a4 from its back arc: Doom" in _reason(state, 1, order)
