"""Why? on a prone mini's removal after its side declined the Defending Free
Movement (seed 000, *Attacking And Defending*, *Climbing Movement On
Terrain*).  It said the declined Movement "could have put an attacker
under Threat or Doom" when none of the side's minis could reach the
attacker (a tester's Rooftops game: a2 prone, b5 in contact, every mini
of a2's side far away).  The log holds no terrain nor Standard Movement,
so Why? cannot tell whether an answer existed: it names the attacker an
answer had to reach and claims nothing more."""

from core.board import Facing
from core.events import Removed
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.explain import explain
from core.rulesets.plasto_latros.orders import Decline, FreeMove, Move

from .helpers import mini, play, position


def test_a_decline_with_no_possible_answer_claims_no_answer_was_possible():
    # b1 lies prone at 5,3; a1 steps up to 4,3 facing it and Dooms it.  Bob's
    # only other mini, b2 at 9,9, is more than one Standard Movement (4)
    # from every cell touching a1.
    state = position(mini("a1", (2, 3), Facing.E), mini("b1", (5, 3), Facing.E, prone=True),
                     mini("b2", (9, 9), Facing.N))
    state, first = play(state, Move(0, "a1", (4, 3), Facing.E))
    assert state.pending_free == (1,)
    # Ask the rules: no free Movement Bob may make saves b1.
    answers = [o for o in RULESET.legal_orders(state, 1) if isinstance(o, FreeMove)]
    assert answers
    for answer in answers:
        after, _ = play(state, answer)
        assert after.mini("b1") is None or after.mini("b1").pos is None, answer.to_text()
    state, then = play(state, Decline(1))
    events = first + then
    index = next(i for i, e in enumerate(events) if isinstance(e, Removed) and e.unit == "b1")
    lines, _ref = explain(events, index)
    said = lines[-1]
    assert "could have" not in said, said
    assert said.startswith("Bob declined the free Movement"), said
    assert "putting a1 at 4,3 under Threat or Doom would have saved b1" in said, said


def test_with_two_attackers_on_the_prone_mini_both_had_to_stop_counting():
    from core.rulesets.plasto_latros.explain import _declined

    said = _declined("Bob", "b1", ("a1 at 4,3 (in contact)", "a2 at 5,0 (shooting)"))
    assert "could have" not in said
    assert "putting each of a1 at 4,3 and a2 at 5,0 under Threat or Doom would have saved b1" in said, said
