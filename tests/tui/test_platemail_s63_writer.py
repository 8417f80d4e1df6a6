"""What tester t1 (stop 63) found in Platemail's order writer: a THEN or
ELSE shot's Range bands were measured from where the character stands
now, not from the cell its 1st Action's Move takes it to (docs/rulings.md,
Platemail, *The order writer*; seed, Ranged Weapons: Range is measured as
the Action Phase starts, the 2nd Phase for a 2nd Action); ``a`` (last
Round's orders again) left out the writer's "held by b3's Binding: no
move, no Favor" warning; Fall Back's menu promised "straight away" from
the nearest hostile, where the rule only asks the move to end further away
(docs/rulings.md, Movement)."""

from __future__ import annotations

from core.game import submit
from core.rulesets.platemail.combat import range_penalty
from core.rulesets.platemail.equipment import WEAPONS
from core.rulesets.platemail.movement import reachable
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.state import Action, Condition
from tests.tui.test_platemail import SIZE, open_game, open_orders
from tests.tui.test_platemail_again import news, to_board
from tests.tui.test_platemail_tester51 import game_with
from tests.tui.test_platemail_tester53 import bound_game, changed, label
from tui.app import SkirmishApp
from tui.rulesets.platemail_menus import KeyMenu
from tui.rulesets.platemail_notes import order_warnings
from tui.rulesets.platemail_writer import OrderWriter

A, C = Action, Condition
A1, B1, GOAL = (2, 5), (2, 6), (2, 9)  # the tester's a1, b1, and the cell b1's Move picks


def footmen():
    """Bo's footman b1 (a Javelin carried) beside Ann's footman a1."""
    game = changed(game_with("footman", "footman"), a1={"pos": A1}, b1={"pos": B1})
    assert "javelin" in game.state.char("b1").carried
    return game


def a1_label(app) -> str:
    assert isinstance(app.screen, KeyMenu), app.screen
    return next(text for _, text, value in app.screen.entries if value == "a1")


async def test_an_else_shot_after_a_move_to_a_cell_is_banded_from_that_cell():
    """The tester's b1: Move to 2,9, IF an enemy is adjacent THEN Defend
    ELSE Ranged Attack.  From 2,9 a1 at 2,5 is 4 cells, 20 ft: the 2nd
    increment of the Javelin's 15 ft, -2 (Ranged Weapons); from 2,6 it
    would be 5 ft, in Range, what the list said."""
    game = footmen()
    assert GOAL in reachable(game.view(1), B1, 3)
    assert WEAPONS["javelin"].range_ft == 15 and range_penalty(15, GOAL, A1) == -2
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, game)
        pilot.app.push_screen(OrderWriter(game, 1, "b1", first=Act(1, A.MOVE, to=GOAL)))
        await pilot.pause()
        await pilot.press("a", "d", "r")  # IF an enemy is adjacent; THEN Defend; ELSE Ranged Attack
        await pilot.pause()
        assert "(4 cells = 20 ft, Range -2" in a1_label(app)
        assert "from 2,9" in app.screen.menu_title
        # The 1st Action's own list is judged from where b1 stands now.
        await pilot.press("escape", "escape", "escape", "escape")
        await pilot.pause()
        await pilot.press("r")
        assert "(1 cell = 5 ft, in Range" in a1_label(app)


async def test_a_then_shot_after_a_charge_says_its_end_cell_is_not_known():
    """A Charge (or a Move toward someone) ends where the Phase's movement
    takes it: the bands are from where b1 stands now, and the list says so."""
    game = changed(footmen(), b1={"pos": (2, 9)})
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, game)
        pilot.app.push_screen(OrderWriter(game, 1, "b1", first=Act(1, A.CHARGE, target="a1")))
        await pilot.pause()
        await pilot.press("h", "r")  # IF I was hit; THEN Ranged Attack
        await pilot.pause()
        assert "(4 cells = 20 ft, Range -2" in a1_label(app)
        title = app.screen.menu_title
        assert "from 2,9 now" in title and "not known" in title


def test_a_copied_order_carries_the_writers_held_warning():
    """The writer's Action menu warns a held Charge "held by b3's Binding:
    no move, no Favor" (test_platemail_tester53); the order, written or
    copied, is warned of in the same words."""
    game = bound_game()
    view = game.view(0)
    charge = Write(0, "a1", Act(0, A.CHARGE, "closest"), C.HIT, Act(0, A.DEFEND), Act(0, A.DEFEND))
    said = order_warnings(view, view.char("a1"), charge)
    assert "a1's 1st Action, Charge: held by b3's Binding: no move, no Favor" in said
    then_move = Write(0, "a1", Act(0, A.DEFEND), C.HIT, Act(0, A.MOVE, "closest"), Act(0, A.DEFEND))
    assert "a1's THEN Action, Move: held by b3's Binding now, it cannot move" in \
        order_warnings(view, view.char("a1"), then_move)
    free = game_with("footman", "footman").view(0)  # nobody held: nothing to say
    assert order_warnings(free, free.char("a1"), charge) == []


async def test_last_rounds_charge_copied_while_held_is_warned():
    """The tester's Round 10: a1's Charge copied by ``a`` while b3's
    Binding holds it came with no remark."""
    game = game_with("footman", "footman,crossbowman,spellcaster")
    charge = Write(0, "a1", Act(0, A.CHARGE, "closest"), C.HIT, Act(0, A.DEFEND), Act(0, A.DEFEND))
    for order in (charge, Commit(0), Commit(1)):
        game = submit(game, order).game
    assert game.state.round == 2 and game.state.char("a1").fighting
    game = changed(game, b3={"focus": "binding", "focus_target": "a1"})
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await to_board(pilot, screen)
        review = await open_orders(pilot, 0)
        await pilot.press("a")
        await pilot.pause()
        assert "a1" in review.written
        assert "a1's 1st Action, Charge: held by b3's Binding: no move, no Favor." in news(app, screen, review)


async def test_fall_back_away_says_what_the_rule_does():
    """Fall Back's "n" goes to the reachable cell furthest from the nearest
    hostile, by whatever path (it may pass beside them): never "straight"."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = footmen()
        await open_game(pilot, game)
        pilot.app.push_screen(OrderWriter(game, 1, "b1"))
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        words = label(app, "the reachable cell furthest")
        assert "straight" not in words and "nearest hostile" in words and "beside" in words


def test_a_copied_orders_item_and_spell_target_warnings_are_the_lists():
    """The Use Item list warns a potion with no Wound to heal (``item_idle``:
    "b3 has no Wound for a potion to heal"), and a THEN target list warns a
    Firebolt released at one's own side (``spell_target_warning``): the
    order, written or copied, is warned of alike."""
    game = changed(game_with("footman", "footman,crossbowman,spellcaster"), b3={"potions": 1})
    view = game.view(1)
    b3 = view.char("b3")
    assert b3.wounds == 0
    potion = Write(1, "b3", Act(1, A.DEFEND), C.HIT, Act(1, A.USE_ITEM, item="potion"), Act(1, A.DEFEND))
    assert "b3's THEN Action, Use Item: b3 has no Wound for a potion to heal" in order_warnings(view, b3, potion)
    firebolt = Write(1, "b3", Act(1, A.PREPARE, spell="firebolt"), C.HIT, Act(1, A.RELEASE, "b1"),
                     Act(1, A.DEFEND))
    assert "b3's THEN Action, Release Spell: Firebolt is meant for enemies: this casts it at your own side" in \
        order_warnings(view, b3, firebolt)
    at_enemy = Write(1, "b3", Act(1, A.PREPARE, spell="firebolt"), C.HIT, Act(1, A.RELEASE, "a1"),
                     Act(1, A.DEFEND))
    assert order_warnings(view, b3, at_enemy) == []
