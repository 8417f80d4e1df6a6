"""Who could attack a mini on a cell, from which of its arcs, and what a
facing would attack (issue 29).  Hand-built on an open 10x10 field with a
Movement of 2 cells; the seed: a Movement is "always in a straight line",
contact attacks come from the face's 90 degrees, and "The back is uniquely
vulnerable to attack"; a shot needs "50% or more" in view."""

from __future__ import annotations

from core.board import Arc, Facing
from core.rulesets.plasto_latros.glance import Threat, facing_outcome, threats_at
from core.rulesets.plasto_latros.options import PlastoOptions

from .helpers import mini, position


def board():
    return position(
        mini("a1", (5, 5), Facing.N),
        mini("a2", (0, 0), Facing.S, shooter=True),
        mini("b1", (5, 2), Facing.S),  # one Movement: 4,4 5,4 6,4 (a1's front); two: 4,3 then 4,5 (its left)
        mini("b2", (7, 7), Facing.N),  # reaches 6,6 and 5,6 behind a1, 6,5 on its right
        mini("b3", (0, 9), Facing.E, shooter=True),  # too far to close in; a1 in its front arc
        mini("b4", (9, 0), Facing.W, shooter=True),  # a1 outside its front arc: it must turn first
        options=PlastoOptions(move_length=2),
    )


def test_each_enemy_that_could_attack_and_the_worst_arc_it_comes_from():
    """A side's turn has two Movements, both for one mini if its player
    likes (*Movement*); each names the worst arc it could reach and the
    Movements that takes.  No two Movements of two cells take b1 from 5,2
    to a cell behind a1 (4,6 5,6 6,6)."""
    got = {t.enemy: t for t in threats_at(board(), "a1", (5, 5), Facing.N)}
    assert got["b1"] == Threat("b1", "contact", Arc.LEFT, movements=2, soonest=1)
    assert got["b2"] == Threat("b2", "contact", Arc.BACK, movements=1)
    assert got["b3"] == Threat("b3", "shot", Arc.LEFT, movements=0)  # as it stands and faces
    # turning in place costs a Movement (seed, *Movement*)
    assert got["b4"] == Threat("b4", "shot", Arc.FRONT, movements=1)


def test_facing_the_other_way_turns_the_same_threats_around():
    """Facing S, b1 is behind a1 at once (5,4); b2 needs both Movements to
    get there (7,5 then 6,4), and one to its front (6,6)."""
    got = {t.enemy: t for t in threats_at(board(), "a1", (5, 5), Facing.S)}
    assert (got["b1"].arc, got["b1"].movements) == (Arc.BACK, 1)
    assert (got["b2"].arc, got["b2"].movements, got["b2"].fewest) == (Arc.BACK, 2, 1)


def test_a_locked_enemy_threatens_nobody():
    from core.rulesets.plasto_latros.state import Attack, Kind
    state = position(mini("a1", (5, 5), Facing.N), mini("b1", (5, 3), Facing.S), mini("a3", (5, 2), Facing.S),
                     options=PlastoOptions(move_length=2), attacks=(Attack(Kind.CONTACT, "a3", "b1"),))
    assert threats_at(state, "a1", (5, 5), Facing.N) == []


def test_what_each_facing_would_attack_or_target():
    state = board()
    # a1 moving to 5,3 faces b1 (5,2) when facing N, NE or NW, not when facing S
    assert facing_outcome(state, "a1", (5, 3), Facing.N) == (("b1",), ())
    assert facing_outcome(state, "a1", (5, 3), Facing.NW) == (("b1",), ())
    assert facing_outcome(state, "a1", (5, 3), Facing.S) == ((), ())
    # the shooter a2, turned E at 0,1: b1 and b4 in its front arc, b3 straight below is not
    contact, shots = facing_outcome(state, "a2", (0, 1), Facing.E)
    assert contact == () and "b1" in shots and "b4" in shots and "b3" not in shots


def test_an_enemy_cannot_pass_through_the_cell_to_reach_the_back():
    """Movement is "always in a straight line" and cannot pass a figure: in
    a corridor one cell wide, b1 at 5,2 meets a mini on 5,4 at 5,3 (its
    front when facing N) and cannot walk through it to 5,5 (its back)."""
    from .helpers import grid

    corridor = grid("\n".join(["." * 10] + ["#####.####"] * 6 + ["." * 10] * 3))
    state = position(mini("a1", (0, 0), Facing.S), mini("b1", (5, 2), Facing.S), bf=corridor,
                     options=PlastoOptions(move_length=4))
    assert threats_at(state, "a1", (5, 4), Facing.N) == [Threat("b1", "contact", Arc.FRONT)]
    assert threats_at(state, "a1", (5, 4), Facing.S) == [Threat("b1", "contact", Arc.BACK)]


def test_a_doomed_enemy_is_not_named_as_a_threat():
    """Only an un-Doomed attacker's attack counts (*Attacking And
    Defending*), and a Doomed mini is removed as the turn ends: the cursor
    card named a Doomed shooter among those who could attack."""
    import attrs

    view = board()
    assert "b3" in {t.enemy for t in threats_at(view, "a1", (5, 5), Facing.N)}
    doomed = attrs.evolve(view, doomed=("b3",))
    got = {t.enemy for t in threats_at(doomed, "a1", (5, 5), Facing.N)}
    assert "b3" not in got and {"b1", "b2"} <= got


def test_two_attackers_doom_only_when_one_turn_covers_both():
    """Two attackers Doom (*Attacking And Defending*), but a side has two
    Movements a turn (*Movement*): two enemies that each need both cannot
    both attack in it; a shot as the shooter stands needs none."""
    from core.rulesets.plasto_latros.glance import would_doom

    assert would_doom([Threat("b1", "contact", Arc.FRONT, 1), Threat("b2", "contact", Arc.LEFT, 1)])
    assert would_doom([Threat("b1", "contact", Arc.FRONT, 2), Threat("b2", "shot", Arc.FRONT, 0)])
    assert not would_doom([Threat("b1", "contact", Arc.FRONT, 2), Threat("b2", "contact", Arc.LEFT, 2)])
    assert not would_doom([Threat("b1", "contact", Arc.FRONT, 2), Threat("b2", "shot", Arc.LEFT, 1)])
    # the fewest Movements any attack of it takes counts, not those of the worst one named
    assert would_doom([Threat("b1", "contact", Arc.LEFT, 2, soonest=1), Threat("b2", "shot", Arc.LEFT, 1)])
    assert would_doom([Threat("b1", "contact", Arc.BACK, 2)])  # one from the back, even with both
    assert would_doom([Threat("b1", "jump", Arc.FRONT, 2)])  # a jumper Dooms alone (*Jumping Attacks*)
