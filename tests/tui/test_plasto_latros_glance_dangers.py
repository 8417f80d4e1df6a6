"""Plasto Latros' board glance, four things a tester met (Rooftops, against
the computer):

* the last free mini of a side moved into contact, the card said no enemy
  could attack it and the compass only said "Locked In Battle"; no mini of
  the side could move, so the enemy took the final turn (seed 000, *Ending
  The Game*) and won 0 to 5: the card, the compass and the lit cell ([D])
  now warn;
* climb and jump destinations read only ``[^]`` / ``[v]`` where the card
  said Doomed: the danger wins over the climb mark;
* the card listed each enemy's worst attack only, so its words did not add
  up to its verdict (two attackers Doom when their fewest Movements come to
  the turn's two, docs/rulings.md): it now names the soonest attack too;
* the compass said "attacks b2 (Locked In Battle)" where the attack Dooms
  b2 (from its back, *Attacking And Defending*; a second attacker): it says
  so, as the rules' own Doom decides.
"""

from __future__ import annotations

from core.board import Facing
from core.game import Game
from core.registry import find_ruleset
from core.rulesets.plasto_latros.orders import Climb, Move
from core.rulesets.plasto_latros.rules import apply_order, end_turn
from core.rulesets.plasto_latros.state import Attack, Kind, Phase
from tests.rulesets.plasto_latros.helpers import grid, mini, position
from tui.rulesets import adapter_for

RULES = find_ruleset("plasto_latros")


def game_of(state) -> Game:
    return Game("plasto_latros", state.options, state.battlefield, 0, state.players, state)


def unit(state, uid: str):
    return next(u for u in RULES.units(state) if u.id == uid)


def last_free_mini():
    """Ann's a2 and Bob's b1 are Locked In Battle (a2 in b1's front, so b1
    is not Doomed); a1 is Ann's last free mini; Bob's b3 is free, far off.
    b2 at 3,0 faces E: 3,1 is beside it, 2,1 behind it."""
    return position(mini("a1", (2, 2), Facing.N), mini("a2", (8, 1), Facing.N), mini("b1", (8, 0), Facing.S),
                    mini("b2", (3, 0), Facing.E), mini("b3", (9, 9), Facing.N),
                    attacks=(Attack(Kind.CONTACT, "a2", "b1"),))


def test_the_move_that_locks_the_last_free_mini_warns_of_the_enemy_final_turn():
    state = last_free_mini()
    beside = Move(0, "a1", (3, 1), Facing.N)
    # what the rules do: a1 attacks b2 from its side (no Doom), nobody of
    # Ann's can move, Bob's b3 can: Bob's final turn once Ann's turn ends
    after = apply_order(state, beside)[0]
    after = end_turn(after, [])
    assert after.phase is Phase.FINAL and after.active == 1
    adapter = adapter_for(RULES)
    game = game_of(state)
    a1 = unit(state, "a1")
    assert adapter.cell_marks(game, state, a1)[(3, 1)] == " D "
    card = " ".join(adapter.cursor_lines(game, state, a1, (3, 1)))
    assert "Bob takes the final turn" in card, card
    assert "no enemy could attack" not in card
    notes = adapter.facing_notes(state, beside, {f: Move(0, "a1", (3, 1), f) for f in (Facing.N, Facing.W)})
    assert "Bob takes the final turn" in notes[Facing.N] and "attacks b2" in notes[Facing.N], notes
    assert "final turn" not in notes[Facing.W], notes  # facing W it attacks nobody and stays free


def test_a_move_that_dooms_the_enemy_it_locks_hands_over_no_final_turn():
    # from 2,1 a1 attacks b2 from its back: b2 is removed as the turn ends,
    # which frees a1 (the rules' end of turn: Bob's ordinary turn follows)
    state = last_free_mini()
    behind = Move(0, "a1", (2, 1), Facing.N)
    after = end_turn(apply_order(state, behind)[0], [])
    assert after.phase is Phase.PLAY and after.active == 1
    adapter = adapter_for(RULES)
    card = " ".join(adapter.cursor_lines(game_of(state), state, unit(state, "a1"), (2, 1)))
    assert "final turn" not in card
    notes = adapter.facing_notes(state, behind, {Facing.N: behind})
    assert "final turn" not in notes[Facing.N]
    # and the compass says that attack Dooms b2 (one attacker from the back)
    assert "attacks b2 (Locked In Battle)" in notes[Facing.N]
    assert "Dooms b2 (attacked from behind)" in notes[Facing.N], notes


def test_the_compass_says_a_second_attacker_dooms():
    # a2 attacks b1 from its front; a1 coming to 7,0 is the second attacker in contact
    state = last_free_mini()
    second = Move(0, "a1", (7, 0), Facing.E)
    state = position(*[m if m.id != "a1" else mini("a1", (6, 2), Facing.N) for m in state.minis],
                     attacks=state.attacks)
    assert "b1" in apply_order(state, Move(0, "a1", (7, 0), Facing.E))[0].doomed
    notes = adapter_for(RULES).facing_notes(state, second, {Facing.E: second, Facing.W: Move(0, "a1", (7, 0), Facing.W)})
    assert "Dooms b1 (two attackers in contact)" in notes[Facing.E], notes
    assert "Dooms" not in notes[Facing.W]


ROOF = """
..........
..........
..........
....r.....
..........
..........
..........
..........
..........
..........
"""


def test_a_climb_destination_where_the_mini_would_be_doomed_reads_d():
    # two shooters each see the roof at 4,3 from where they stand: Doomed there
    state = position(mini("a1", (4, 4), Facing.N), mini("a2", (0, 0), Facing.N),
                     mini("b1", (2, 9), Facing.N, shooter=True), mini("b2", (7, 9), Facing.N, shooter=True),
                     bf=grid(ROOF))
    assert any(isinstance(o, Climb) and o.to == (4, 3) for o in RULES.legal_orders(state, 0))
    after = apply_order(state, Climb(0, "a1", (4, 3), Facing.N))[0]
    assert "a1" not in after.doomed  # not yet: the two shots come in Bob's turn
    adapter = adapter_for(RULES)
    a1 = unit(state, "a1")
    assert adapter.cell_marks(game_of(state), state, a1)[(4, 3)] == " D "
    card = " ".join(adapter.cursor_lines(game_of(state), state, a1, (4, 3)))
    assert "Doomed there" in card


def test_the_card_names_the_soonest_attack_its_verdict_adds_up():
    """The tester's card: a1 against the top edge (no cell behind it, and a
    Movement reaches 4 cells, seed 000 *Movement*); b1, a shooter, has it
    in its front arc and in full view from where it stands (0 Movements) but
    reaches row 1 only with both Movements (8 rows); b2 needs both to come
    to 6,1. 0 + 2 Movements: b1 shoots, b2 comes into contact, two attackers
    Doom it (docs/rulings.md, Doom)."""
    state = position(mini("a1", (5, 0), Facing.S), mini("a2", (0, 9), Facing.N),
                     mini("b1", (5, 9), Facing.N, shooter=True), mini("b2", (9, 7), Facing.N))
    card = " ".join(adapter_for(RULES).cursor_lines(game_of(state), state, unit(state, "a1"), (5, 0)))
    assert "Doomed there" in card, card
    assert "b1 contact from its front (2 Movements) or a shot from where it stands" in card, card
    assert "b2 contact from its front (2 Movements)" in card, card
    assert "b1 and b2, 0 + 2 of the turn's 2 Movements" in card, card
