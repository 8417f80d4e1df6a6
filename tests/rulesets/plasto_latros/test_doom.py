"""Doom and the Defending Free Movement ("Attacking And Defending")."""

from core.board import Facing
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.orders import Decline, FreeMove, Move, Pass, Shoot, Turn
from core.rulesets.plasto_latros.state import Attack, Kind, Phase

from .helpers import marks, mini, play, position, refused


def two_attackers():
    # b1 at 5,5 faces north.  a1 comes at it from the north (its front),
    # a2 from the west (its side).  b2 stands free at 8,8 facing west.
    return position(
        mini("a1", (5, 2), Facing.S), mini("a2", (1, 5), Facing.E),
        mini("b1", (5, 5), Facing.N), mini("b2", (8, 6), Facing.W), mini("b3", (0, 9), Facing.N),
    )


def test_one_attacker_from_the_front_threatens_but_does_not_doom():
    state, _ = play(two_attackers(), Move(0, "a1", (5, 4), Facing.S))
    assert "D" not in marks(state, "b1")
    assert state.pending_free == ()


def test_two_attackers_in_contact_doom_and_the_doomed_mini_dies_at_the_end_of_the_turn():
    state, _ = play(two_attackers(), Move(0, "a1", (5, 4), Facing.S), Move(0, "a2", (4, 5), Facing.E))
    assert marks(state, "b1") == "TLD"
    # The defender answers at once, out of turn.
    assert RULESET.to_act(state) == {1}
    assert "pending" in RULESET.situation(state).detail
    state, events = play(state, Decline(1))
    assert state.mini("b1").pos is None
    assert state.active == 1 and state.phase is Phase.PLAY
    # The attackers are free again once their target is gone.
    assert marks(state, "a1") == "" and marks(state, "a2") == ""


def test_one_attacker_from_behind_dooms():
    state = position(mini("a1", (5, 8), Facing.N), mini("b1", (5, 5), Facing.N), mini("b2", (0, 9), Facing.N))
    state, _ = play(state, Move(0, "a1", (5, 6), Facing.N))  # into b1's back arc, facing it
    assert "D" in marks(state, "b1")
    # From b1's side arc a single attacker does not doom.
    state = position(mini("a1", (8, 5), Facing.W), mini("b1", (5, 5), Facing.N), mini("b2", (0, 9), Facing.N))
    state, _ = play(state, Move(0, "a1", (6, 5), Facing.W))
    assert "D" not in marks(state, "b1")


def test_an_attacker_that_is_itself_threatened_does_not_count():
    base = two_attackers()
    # a1 already attacks b1 from the front; b3 (placed beside a1) already
    # threatens a1.  a2 joins: only a2 counts, so b1 is not Doomed.
    threatened = position(*base.minis, attacks=(Attack(Kind.CONTACT, "a1", "b1"), Attack(Kind.CONTACT, "b3", "a1")))
    threatened = threatened.replace(mini("a1", (5, 4), Facing.S)).replace(mini("b3", (6, 4), Facing.W))
    state, _ = play(threatened, Move(0, "a2", (4, 5), Facing.E))
    assert "D" not in marks(state, "b1")
    # The same without the threat on a1: Doomed.
    free = position(*threatened.minis, attacks=(Attack(Kind.CONTACT, "a1", "b1"),))
    state, _ = play(free, Move(0, "a2", (4, 5), Facing.E))
    assert "D" in marks(state, "b1")


def test_the_free_movement_cancels_doom_by_threatening_an_attacker():
    state, _ = play(two_attackers(), Move(0, "a1", (5, 4), Facing.S), Move(0, "a2", (4, 5), Facing.E))
    # b2 runs up beside a1 (5,4) and faces it: a1 is Threatened, its attack no longer counts.
    state, events = play(state, FreeMove(1, Move(1, "b2", (6, 4), Facing.W)))
    assert "T" in marks(state, "a1")
    assert "D" not in marks(state, "b1")
    assert any(e.sentence == "b1 is no longer Doomed" for e in events)
    # The turn then ends (both Movements were spent) and b1 lives.
    assert state.mini("b1").pos == (5, 5)
    assert state.active == 1


def test_a_free_movement_that_threatens_nobody_does_not_save_the_mini():
    state, _ = play(two_attackers(), Move(0, "a1", (5, 4), Facing.S), Move(0, "a2", (4, 5), Facing.E))
    state, _ = play(state, FreeMove(1, Move(1, "b2", (9, 6), Facing.N)))
    assert state.mini("b1").pos is None


def test_the_doomed_or_locked_mini_cannot_take_the_free_movement_and_nothing_else_may_be_ordered():
    state, _ = play(two_attackers(), Move(0, "a1", (5, 4), Facing.S), Move(0, "a2", (4, 5), Facing.E))
    assert "not under attack" in refused(state, FreeMove(1, Turn(1, "b1", Facing.W)))
    assert "free-move" in refused(state, Turn(1, "b2", Facing.N))
    assert "not Ann's turn" in refused(state, Pass(0))


def test_one_free_movement_per_player_per_dooming_event():
    # b1 and b2 both face north; a1 steps in behind both at once and faces
    # north, so both are Doomed by one Movement: one free Movement only.
    state = position(mini("a1", (5, 8), Facing.N), mini("a2", (0, 0), Facing.S),
                     mini("b1", (4, 4), Facing.N), mini("b2", (6, 4), Facing.N), mini("b3", (9, 9), Facing.N))
    state, _ = play(state, Move(0, "a1", (5, 5), Facing.N))
    assert "D" in marks(state, "b1") and "D" in marks(state, "b2")
    assert state.pending_free == (1,)
    state, _ = play(state, Decline(1))
    assert state.pending_free == ()
    assert RULESET.to_act(state) == {0}


def test_a_later_dooming_event_gives_a_new_free_movement():
    state = position(mini("a1", (5, 8), Facing.N), mini("a2", (1, 8), Facing.N),
                     mini("b1", (4, 4), Facing.N), mini("b2", (1, 4), Facing.N), mini("b3", (9, 9), Facing.N))
    state, _ = play(state, Move(0, "a1", (4, 5), Facing.N), Decline(1))
    state, _ = play(state, Move(0, "a2", (1, 5), Facing.N))
    assert state.pending_free == (1,)
    state, _ = play(state, Decline(1))
    # End of a's turn: both Doomed minis are removed.
    assert state.mini("b1").pos is None and state.mini("b2").pos is None


def test_passing_the_rest_of_the_turn_removes_the_doomed():
    state = position(mini("a1", (5, 8), Facing.N), mini("b1", (5, 5), Facing.N), mini("b2", (0, 9), Facing.N))
    state, _ = play(state, Move(0, "a1", (5, 6), Facing.N), Decline(1))
    assert state.movements_left == 1
    state, _ = play(state, Pass(0))
    assert state.mini("b1").pos is None


def freed_attacker():
    # b2 at 5,5 faces north: a1 attacks it from the front (5,4), a2 from its
    # side (4,5).  a1 is itself attacked by b1 (6,3), so a1 does not count
    # and b2 is not Doomed; b1 is Doomed from behind by a3 (7,2) and dies
    # when Ann's turn ends, which frees a1.  b3 stands clear at 2,2.
    attacks = (Attack(Kind.CONTACT, "a1", "b2"), Attack(Kind.CONTACT, "a2", "b2"),
               Attack(Kind.CONTACT, "b1", "a1"), Attack(Kind.CONTACT, "a3", "b1"))
    return position(
        mini("a1", (5, 4), Facing.S), mini("a2", (4, 5), Facing.E), mini("a3", (7, 2), Facing.SW),
        mini("b1", (6, 3), Facing.SW), mini("b2", (5, 5), Facing.N), mini("b3", (2, 2), Facing.E),
        attacks=attacks, doomed=("b1",), movements_left=1)


def test_a_doom_that_appears_at_the_start_of_a_turn_is_announced_and_owes_a_free_movement():
    """Issue 11, point 5: the end of a turn removes b1, which frees a1, so
    b2 starts Bob's turn Doomed by two attackers in contact.  Seed: once a
    mini is Doomed, its player "instantly gains one Defending Free
    Movement"."""
    state = freed_attacker()
    assert "D" not in marks(state, "b2")
    state, events = play(state, Pass(0))
    assert state.mini("b1").pos is None and state.active == 1
    texts = [e.sentence for e in events]
    assert "b2 is Doomed (two attackers in contact)" in texts
    assert "Bob gains a Defending Free Movement" in texts
    # Announced after the new turn begins, so the log reads in order.
    assert texts.index("b2 is Doomed (two attackers in contact)") > texts.index("Turn 2 begins: Bob")
    assert state.pending_free == (1,) and RULESET.to_act(state) == {1}
    legal = RULESET.legal_orders(state, 1)
    assert Decline(1) in legal and any(isinstance(o, FreeMove) for o in legal)
    # The free Movement threatens a1 (b3 steps beside it, facing it): the
    # Doom lifts, and Bob's own two Movements are still to come.
    state, events = play(state, FreeMove(1, Move(1, "b3", (4, 3), Facing.SE)))
    assert "T" in marks(state, "a1") and "D" not in marks(state, "b2")
    assert any(e.sentence == "b2 is no longer Doomed" for e in events)
    assert state.active == 1 and state.movements_left == 2


def test_a_start_of_turn_doom_left_standing_kills_at_the_end_of_that_turn():
    """The Doom found at the start of Bob's turn, declined, takes b2 when
    that turn ends, as any Doom does."""
    state, _ = play(freed_attacker(), Pass(0), Decline(1))
    assert state.mini("b2").pos == (5, 5)
    state, events = play(state, Pass(1))
    assert state.mini("b2").pos is None
    assert any(e.sentence.startswith("b2 is removed") for e in events)


def test_one_contact_attacker_and_one_shooter_doom():
    """Issue 11, point 6.  Seed: "requiring two attackers to defeat one
    defender" (backstabbing aside): two attackers of either kind."""
    state = position(mini("a1", (5, 1), Facing.S), mini("a2", (9, 5), Facing.W, shooter=True),
                     mini("b1", (5, 5), Facing.N), mini("b2", (0, 9), Facing.N))
    state, _ = play(state, Shoot(0, "a2", "b1"))
    assert "D" not in marks(state, "b1")  # one shot: Threatened and Pinned only
    state, events = play(state, Move(0, "a1", (5, 4), Facing.S))  # contact from b1's front
    assert "D" in marks(state, "b1")
    assert "b1 is Doomed (attacked in contact and shot at)" in [e.sentence for e in events]
    assert state.pending_free == (1,)
    state, events = play(state, Decline(1), Pass(0))
    assert state.mini("b1").pos is None


def test_a_shooter_that_walks_into_contact_with_its_target_is_one_attacker():
    """Seed, *Attacking And Defending*: a Doom needs two attackers (or one
    from behind).  a2 shoots b1, then walks into contact from b1's front:
    one mini, so b1 is Threatened and Locked, not Doomed, and stays."""
    state = position(mini("a2", (5, 1), Facing.S, shooter=True), mini("a1", (0, 0), Facing.S),
                     mini("b1", (5, 5), Facing.N), mini("b2", (0, 9), Facing.N))
    state, _ = play(state, Shoot(0, "a2", "b1"))
    state, events = play(state, Move(0, "a2", (5, 4), Facing.S))
    assert any("a2 attacks b1 base to base" in e.sentence for e in events), [e.sentence for e in events]
    assert "D" not in marks(state, "b1")
    assert not any("Doomed" in e.sentence for e in events)
    assert state.pending_free == ()
    state, _ = play(state, Pass(0))
    assert state.mini("b1").pos == (5, 5)


def test_the_glance_counts_a_doom_as_the_rules_do():
    """The board's [D] cells (glance.would_doom): two would-be attackers of
    any kind, or one in contact from the back arc; one from the front or a
    side, or one shot, is not a Doom."""
    from core.board import Arc
    from core.rulesets.plasto_latros.glance import Threat, would_doom

    assert would_doom([Threat("b1", "contact", Arc.FRONT), Threat("b2", "shot", Arc.FRONT)])
    assert would_doom([Threat("b1", "contact", Arc.BACK)])
    assert not would_doom([Threat("b1", "contact", Arc.LEFT)])
    assert not would_doom([Threat("b1", "shot", Arc.BACK)])
    assert not would_doom([Threat("b1", "shot", Arc.FRONT), Threat("b1", "contact", Arc.FRONT)])  # one mini
    assert not would_doom([])
