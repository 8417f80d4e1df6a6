"""Waylights' screen words, from a tester at 80x24: rows cut at 80
columns, words only a developer reads, grammar, and a note missing.

- the Actions menu after a Move cut the Split move row ("step already lost
  to the …"); the Step row said "4 cells, 1 each" (a 4-cell step?);
- Alternate damage: the attack row of a human-shield was cut;
- ``p``'s question said "(54 order(s) possible)";
- the defender's hand-over card left out the grapple the attacker buys;
- "the fists only reaches", "b3's stones reaches it now", and
  "1 spare clip BROKEN" (the weapon is broken, not the clip);
- after a new clip, Reload's row did not say the step goes with it (seed,
  Sequence: the RELOAD | CLIP row has no step; docs/rulings.md, "The
  full-turn reload")."""

from __future__ import annotations

from types import SimpleNamespace

from core.game import submit
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.combat import reaches
from core.rulesets.waylights.orders import Attack, Move, Reload, Split, Step
from core.rulesets.waylights.state import WaylightsOptions
from tests.rulesets.waylights.helpers import do, position
from tests.tui.test_waylights import RULES, prepared
from tui.rulesets import adapter_for
from tui.rulesets import waylights_glance as glance
from tui.rulesets.waylights_menus import attack_menu
from tui.rulesets.waylights_modals import PickList

FAR = ("b9", 1, "mook", (9, 9))
ALTERNATE = WaylightsOptions(alternate_damage=True)


def game_of(state):
    return SimpleNamespace(state=state, players=("Ann", "Bo"), orders=[], view=lambda side: state)


def uncut(menu: PickList) -> list[str]:
    """The rows as an 80x24 box draws them (not mounted: 80x24), each
    asserted whole: a row too long for the box ends cut with "…"."""
    shown = menu.shown_lines()
    for line in shown:
        assert len(line) <= menu.inner_width() and not line.endswith("…"), line
    return shown


def test_the_actions_menu_after_a_move_fits_80_columns():
    game = prepared(2)  # a Fighter (Move 6) on the open field
    game = submit(game, Split(0, "a1", 2)).game
    game = submit(game, Move(0, "a1", (5, 3))).game
    menu = adapter_for(RULES).action_menu(game, 0, game.legal_orders(0))
    shown = uncut(menu)
    split = next(line for line in shown if "Split move…" in line)
    assert "up to 3 cells" in split and "step already lost" in split  # Move 6, halved


def test_the_step_row_says_one_cell_and_how_many_to_choose_from():
    s = position([("a1", 0, "fighter", (4, 4)), FAR], "a1")
    menu = adapter_for(R).action_menu(game_of(s), 0, R.legal_orders(s, 0))
    steps = [o for o in R.legal_orders(s, 0) if isinstance(o, Step)]
    assert len(steps) == 4  # the four cells beside a1, on open ground
    row = next(line for line in uncut(menu) if "Step…" in line)
    assert "(1 cell: 4 places; no Action)" in row and "1 each" not in row, row


def test_an_alternate_damage_attack_row_fits_80_columns():
    # An Elite (b2, 3/1) beside a Fighter (a1, 2/2): "KO <0.1%" and the
    # human-shield bought half the time, the row a tester saw cut.
    s = position([("a1", 0, "fighter", (2, 2)), ("b2", 1, "elite", (2, 3), {"split": 3}), FAR], "b2",
                 options=ALTERNATE)
    orders = [o for o in R.legal_orders(s, 1) if isinstance(o, Attack)]
    menu = attack_menu(s, orders, adapter_for(R)._preview_of(game_of(s)))
    row = next(line for line in uncut(menu) if "human-shield" in line)
    assert "(for 2 wounds)" in row and "KO " in row and "gets it " in row, row


def test_p_asks_in_plain_words_what_is_given_up():
    game = prepared(2)
    game = submit(game, Split(0, "a1", 2)).game
    game = submit(game, Move(0, "a1", (5, 3))).game  # one Action used, the step lost with the Move
    _, question = adapter_for(RULES).end_turn(game, 0, game.legal_orders(0))
    assert question is not None and "order(s)" not in question and "possible" not in question
    assert "1 Action left" in question and "free step" not in question, question
    game = prepared(2)
    game = submit(game, Split(0, "a1", 2)).game
    _, question = adapter_for(RULES).end_turn(game, 0, game.legal_orders(0))
    assert question is not None and "2 Actions left and its free step" in question, question


def test_the_hand_over_card_says_what_the_attacker_buys():
    s = position([("a1", 0, "fighter", (2, 2)), ("b2", 1, "mook", (2, 3)), FAR], "b2", options=ALTERNATE)
    s = do(s, "attack side=1 unit=b2 target=a1 effect=grapple")[0]
    assert s.pending == "response"
    text = adapter_for(R)._handover_text(game_of(s))
    assert "attacks your Fighter a1 with the club" in text
    assert "b2 buys grapple" in text, text


def test_plural_weapons_read_as_plurals():
    s = position([("a1", 0, "fighter", (2, 2), {"broken": ("weapon:sword",)}),
                  ("b1", 1, "mook", (3, 3)), FAR], "a1")
    a1 = s.get("a1")
    assert a1.weapon.name == "fists"  # its sword is broken: it fights with its fists
    why = reaches(s, a1, s.get("b1"), a1.weapon)
    assert why == "the fists only reach the four cells beside a1, not diagonally", why


def test_the_legend_says_the_stones_reach():
    s = position([("a1", 0, "slinger", (2, 2)), ("b1", 1, "mook", (2, 7)), FAR], "a1")
    lines = glance.legend(R, SimpleNamespace(id="a1", side=0), s)
    assert lines[0] == " .w: a1's stones reach it now", lines


def test_broken_stands_by_the_weapon_not_by_its_clips():
    s = position([("a1", 0, "thug", (2, 2), {"broken": ("weapon:pistol",)}), ("b1", 1, "mook", (2, 7))], "a1")
    unit = next(u for u in R.units(s) if u.id == "a1")
    lines = adapter_for(R).figure_lines(s, unit, 0)
    weapons = next(line for line in lines if line.startswith("Weapons:"))
    assert weapons.startswith("Weapons: pistol BROKEN (in hand)") and not weapons.endswith("BROKEN, club"), weapons


def test_reload_after_a_new_clip_says_the_step_goes_with_it():
    s = position([("a3", 0, "archer", (2, 2), {"ammo": (0, 0), "primed": (False, False)}), FAR], "a3")
    s = do(s, "clip side=0 unit=a3")[0]
    legal = R.legal_orders(s, 0)
    assert any(isinstance(o, Step) for o in legal)  # the step is still open before the reload
    menu = adapter_for(R).action_menu(game_of(s), 0, legal)
    row = next(line for line in uncut(menu) if "Reload" in line)
    assert "no step this turn" in row, row
    after = do(s, "reload side=0 unit=a3")[0]
    assert after.active != "a3"  # and the rule as ruled: the turn has passed, no step left
    # A reload alone keeps the step (the FIRE | RELOAD row): no such note.
    s = position([("a3", 0, "archer", (2, 2), {"ammo": (3, 0), "primed": (False, False)}), FAR], "a3")
    menu = adapter_for(R).action_menu(game_of(s), 0, R.legal_orders(s, 0))
    row = next(label for label, value in menu.rows if isinstance(value, Reload))
    assert "no step" not in row, row


def test_the_cursor_on_mud_says_what_it_costs():
    # The legend names "~ mud" only; the field's mud has move_cost 2
    # (tests/rulesets/waylights/helpers.py), and a step enters cost 1 only.
    rows = [".........."] * 3 + ["..~......."] + [".........."] * 6
    s = position([("a1", 0, "fighter", (2, 2)), FAR], "a1", rows=rows)
    assert s.battlefield.terrain((2, 3)).move_cost == 2
    assert (2, 3) not in {o.to for o in R.legal_orders(s, 0) if isinstance(o, Step)}
    a1 = SimpleNamespace(id="a1", side=0)
    assert "Mud costs 2 movement (no free step)" in glance.cursor_words(R, s, a1, (2, 3))
    assert not any("costs" in line for line in glance.cursor_words(R, s, a1, (2, 4)))  # open ground
