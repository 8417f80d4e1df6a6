"""Waylights refusals name the cause that stands, and the words a tester
found wrong (a tester's report at 80x24): the step after two Actions
blamed the Actions, not the diagonal; a launcher out of sight was told
to reload; "the stones's range"; the Elite's line without its armour and
crystal; the board's `.w` and numbered cells explained only below the
fold of the side panel."""

from __future__ import annotations

from types import SimpleNamespace

import attrs

from core.game import refusal
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Attack
from core.rulesets.waylights.roster import kind_words
from tests.rulesets.waylights.helpers import position
from tui.rulesets import adapter_for

FAR = ("b9", 1, "mook", (9, 9))


def game_of(state):
    return SimpleNamespace(state=state, players=("Ann", "Bo"), orders=[], view=lambda side: state)


def test_after_both_actions_a_diagonal_cell_says_the_step_is_orthogonal():
    s = position([("a1", 0, "fighter", (3, 7)), FAR], "a1")
    s = attrs.evolve(s, actions=2)  # two Split moves made; the step is left
    why = adapter_for(R).why_nothing_at(game_of(s), 0, SimpleNamespace(id="a1", side=0), (4, 8))
    assert why is not None and "not diagonally" in why, why
    assert "has used its 2 Action(s) this turn" not in why, why
    far = adapter_for(R).why_nothing_at(game_of(s), 0, SimpleNamespace(id="a1", side=0), (3, 9))
    assert far is not None and "farther" in far, far


def test_out_of_sight_is_named_before_an_unprimed_launcher():
    # A wall (blocks sight) between the archer at 2,2 and b2 at 2,6; the
    # pneumatic is unprimed: reloading would not let it see b2.
    rows = ["." * 10] * 4 + ["#" * 10] + ["." * 10] * 5
    s = position([("a3", 0, "archer", (2, 2)), ("b2", 1, "mook", (2, 6)), FAR], "a3", rows=rows)
    s = s.put(attrs.evolve(s.get("a3"), primed=(False, False)))
    why = refusal(R, s, Attack(0, "a3", "b2"), s.players)
    assert why is not None and "cannot see" in why.message, why
    # In sight, the unprimed launcher is the reason.
    open_field = position([("a3", 0, "archer", (2, 2)), ("b2", 1, "mook", (2, 6)), FAR], "a3")
    open_field = open_field.put(attrs.evolve(open_field.get("a3"), primed=(False, False)))
    assert "not primed" in refusal(R, open_field, Attack(0, "a3", "b2"), open_field.players).message


def test_the_stones_range_is_the_stones_range():
    s = position([("a1", 0, "slinger", (0, 0)), ("b1", 1, "mook", (0, 8)), FAR], "a1")
    why = refusal(R, s, Attack(0, "a1", "b1"), s.players)
    assert why is not None and "the stones' range of 5" in why.message, why


def test_the_elite_line_names_its_armour_and_crystal():
    line = kind_words("elite")
    assert "armour T+2 D+1" in line and "1 healing crystal" in line, line


def test_the_board_marks_are_explained_near_the_top_of_the_panel():
    s = position([("a1", 0, "fighter", (2, 2)), ("b2", 1, "mook", (2, 5)), FAR], "a1")
    game = SimpleNamespace(state=s, players=("Ann", "Bo"), orders=[], view=lambda side: s)
    lines = adapter_for(R).panel_lines(game, s, 0, SimpleNamespace(id="a1", side=0))
    text = "\n".join(lines[:6])  # what an 80x24 panel shows without scrolling
    assert ".w: a1's sword reaches it" in text, lines
    assert "[2] = b2: move there, then attack" in text, lines  # the number names the enemy
