"""Why? on "X is no longer Doomed" names the attacker that stopped
counting and why, and cites the Defending Free Movement when that lifted
it (seed 000, *Attacking And Defending*: a free Movement that puts one of
the Dooming attackers under contact Threat or Doom lifts the Doom).  A tester's game: b3 Doomed by a4 and a5, b6's free Movement
attacks a5, and Why? said only the general rule, citing *Contact, Threat
and Doom*."""

from core.board import Facing
from core.explain import explain as why
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.events import DoomFalls, DoomLifted
from core.rulesets.plasto_latros.explain import FREE
from core.rulesets.plasto_latros.orders import FreeMove, Move
from core.rulesets.plasto_latros.state import Attack, Kind
from core.rulesets.plasto_latros.status import not_counting, valid_attacker

from .helpers import mini, play, position


def doomed_then_answered():
    # b3 at 5,5 facing N.  a5 steps to 5,4 facing S (b3 in its front
    # quarter, b3's front): one attacker.  a4 steps to 4,5 facing E (b3 at
    # its side): two attackers in contact, b3 is Doomed.  Bob's b6 steps
    # from 8,4 to 6,4 facing W, into contact with a5 (a5 in its front
    # quarter): a5 is attacked and stops counting; only a4 counts.
    state = position(mini("a5", (5, 2), Facing.S), mini("a4", (2, 5), Facing.E),
                     mini("b3", (5, 5), Facing.N), mini("b6", (8, 4), Facing.W))
    state, first = play(state, Move(0, "a5", (5, 4), Facing.S), Move(0, "a4", (4, 5), Facing.E))
    assert any(isinstance(e, DoomFalls) and e.unit == "b3" for e in first)
    assert state.pending_free == (1,)
    state, then = play(state, FreeMove(1, Move(1, "b6", (6, 4), Facing.W)))
    return state, first + then


def test_the_lifted_doom_names_the_attacker_that_stopped_counting_and_who_attacks_it():
    state, events = doomed_then_answered()
    index = next(i for i, e in enumerate(events) if isinstance(e, DoomLifted))
    assert events[index].unit == "b3"
    said = why(RULESET, events, index)
    text = "\n".join(said.lines)
    assert "a5 is attacked by b6 in contact: its attack on b3 stops counting" in text, text
    assert "Still counting: a4 at 4,5 (in contact)" in text, text
    assert "b6's Defending Free Movement" in text, text
    assert said.section == FREE.section == "Defending Free Movement"


def pinned_attacker():
    """b4 in contact with a1 (it attacks a1), then shot by A2: Pinned."""
    return position(mini("a1", (4, 4), Facing.S), mini("a2", (7, 5), Facing.W, shooter=True),
                    mini("b4", (4, 5), Facing.N),
                    attacks=(Attack(Kind.CONTACT, "b4", "a1"), Attack(Kind.SHOT, "a2", "b4")))


def test_a_pinned_attacker_does_not_count_and_says_so():
    state = pinned_attacker()
    assert not valid_attacker(state, "b4")
    assert not_counting(state, "b4") == "b4 is pinned (shot at by a2)"
    assert not_counting(state, "a2") == ""


def test_not_counting_says_what_valid_attacker_decides():
    state, _ = doomed_then_answered()
    for m in state.minis:
        assert (not_counting(state, m.id) == "") == valid_attacker(state, m.id), m.id
    assert not_counting(state, "a5") == "a5 is attacked by b6 in contact"
    assert not_counting(state, "a4") == ""
