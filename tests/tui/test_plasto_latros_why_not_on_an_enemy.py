"""Plasto Latros: Enter on an enemy the selected mini has no order on says
the rule's reason, not "b1 has no order to give now" (words for a mini of
one's own).  An enemy below is one to jump on (seed 000, *Jumping
Attacks*: adjacent, at least one level lower, in the jumper's front arc);
one on its level is attacked by ending a Movement beside it, facing it
(*Attacking And Defending*)."""

from __future__ import annotations

from types import SimpleNamespace

from core.board import Facing
from core.registry import find_ruleset
from tests.rulesets.plasto_latros.helpers import grid, mini, position
from tui.rulesets import adapter_for

# the tester's corner of Rooftops: a roof (level 1) at 5,2 to 5,4, the street around it
ROOF = grid("""
..........
..........
.....r....
.....r....
.....r....
..........
..........
..........
..........
..........
""")


def why(view, selected: str, other: str) -> str | None:
    game = SimpleNamespace(view=lambda side: view, players=view.players)
    adapter = adapter_for(find_ruleset("plasto_latros"))
    return adapter.why_not(game, 0, SimpleNamespace(id=selected, side=0), SimpleNamespace(id=other, side=1))


def test_an_enemy_below_in_its_back_arc_is_not_in_the_front_arc():
    view = position(mini("a1", (5, 3), Facing.N), mini("b1", (4, 4), Facing.N), bf=ROOF)
    assert why(view, "a1", "b1") == "a1 cannot jump on b1: not in its front arc (Jumping Attacks)"


def test_an_enemy_below_but_not_beside_it_is_too_far():
    view = position(mini("a1", (5, 3), Facing.S), mini("b1", (5, 6), Facing.N), bf=ROOF)
    assert why(view, "a1", "b1") == "a1 cannot jump on b1: not beside it (Jumping Attacks)"


def test_an_enemy_below_in_its_front_arc_can_be_jumped_on():
    view = position(mini("a1", (5, 3), Facing.W), mini("b1", (4, 4), Facing.N), bf=ROOF)
    assert why(view, "a1", "b1") is None  # the jump attack is an order on the board


def test_an_enemy_on_its_level_is_attacked_by_a_movement_beside_it():
    view = position(mini("a1", (1, 1), Facing.S), mini("b1", (1, 7), Facing.N), bf=ROOF)
    words = why(view, "a1", "b1")
    assert words is not None and words.startswith("a1 attacks b1 by ending a Movement beside it"), words


def test_a_mini_of_ones_own_is_left_to_its_own_reasons():
    view = position(mini("a1", (5, 3), Facing.N), mini("a2", (4, 4), Facing.N), mini("b1", (0, 9), Facing.N),
                    bf=ROOF)
    game = SimpleNamespace(view=lambda side: view, players=view.players)
    adapter = adapter_for(find_ruleset("plasto_latros"))
    assert adapter.why_not(game, 0, SimpleNamespace(id="a1", side=0), SimpleNamespace(id="a2", side=0)) is None
