"""Waylights' menus and words (a tester's minor reports at 80x24): the
step row's count, a sub-list opened from a list (the list steps aside: no
two frames stacked), the hand-over card for a target that cannot counter,
and the roster's names in the help as the form and the card give them."""

from __future__ import annotations

from types import SimpleNamespace

from textual.containers import Vertical

from core.game import submit
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Split
from core.rulesets.waylights.roster import KINDS
from tests.rulesets.waylights.helpers import do, position
from tests.tui.drawn import screen_text
from tests.tui.test_waylights import SIZE, open_game, prepared
from tui.app import SkirmishApp
from tui.help import help_text
from tui.rulesets import adapter_for
from tui.rulesets.waylights_modals import PickList

FAR = ("b9", 1, "mook", (9, 9))


def game_of(state):
    return SimpleNamespace(state=state, players=("Ann", "Bo"), orders=[], view=lambda side: state)


def test_one_step_cell_is_one_cell():
    # a1 in the corner, b1 beside it at 1,0: the step has only 0,1.
    s = position([("a1", 0, "fighter", (0, 0)), ("b1", 1, "mook", (1, 0)), FAR], "a1")
    menu = adapter_for(R).action_menu(game_of(s), 0, R.legal_orders(s, 0))
    row = next(line for line in menu.lines() if "Step…" in line)
    assert "(1 cell, cost 1; no Action)" in row, row


def test_the_hand_over_card_does_not_offer_a_counter_that_cannot_be():
    # The archer shoots b1 (a club, reach 1) from 5 cells: b1, yet to
    # declare its split, can defend but its club cannot reach a1.
    s = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "mook", (2, 7), {"split": None}), FAR], "a1")
    s = do(s, "attack side=0 unit=a1 target=b1")[0]
    assert s.pending == "target-split"
    text = adapter_for(R)._handover_text(game_of(s))
    assert "defends or counters" not in text and "then defends. No counterattack" in text, text
    near = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (2, 3), {"split": None}), FAR], "a1")
    near = do(near, "attack side=0 unit=a1 target=b1")[0]
    assert "then defends or counters." in adapter_for(R)._handover_text(game_of(near))


def test_the_help_roster_names_each_kind_as_the_form_and_card_do():
    text = " ".join(help_text("waylights").split())
    for key, kind in KINDS.items():
        assert f"- **{kind.name}** (`{key}`):" in text, kind.name


async def test_a_sub_list_hides_the_list_that_opened_it():
    game = submit(prepared(2), Split(0, "a1", 2)).game  # a1 at 5,4 in the open: four step cells
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        for _ in range(4):
            if app.screen is screen:
                break
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, PickList)
        await pilot.press("s")
        await pilot.pause()
        sub = app.screen
        assert isinstance(sub, PickList) and sub is not menu and "step to" in sub.pick_title
        assert menu.query_one(Vertical).display is False
        drawn = screen_text(app)
        assert sum(1 for line in drawn.splitlines() if "╭" in line) == 1, drawn
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is menu and menu.query_one(Vertical).display is True


def test_a_diagonal_move_that_goes_round_says_why():
    # a1 at 2,2; the diagonal to 3,3 passes between the wall at 3,2 and b1
    # at 2,3, and no figure squeezes between two blocked cells
    # (docs/rulings.md, Sequence).  The shortest way round, worked by hand:
    # 2,2 -> 1,3 (diagonal, 2) -> 2,4 (diagonal, 2) -> 3,3 (diagonal, 2) = 6,
    # the same as 2,1 3,1 4,1 4,2 4,3 3,3 (1 each).
    rows = ["..........", "..........", "...#......"] + [".........."] * 7
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (2, 3), {"status": "ko"}), FAR], "a1", rows=rows)
    move = next(o for o in R.legal_orders(s, 0) if o.verb == "move" and o.to == (3, 3))
    text = adapter_for(R).describe(game_of(s), s, move)
    assert text == "Move to 3,3 (cost 6); the way round: no squeezing between the wall at 3,2 and b1 at 2,3", text
    plain = next(o for o in R.legal_orders(s, 0) if o.verb == "move" and o.to == (1, 1))
    assert adapter_for(R).describe(game_of(s), s, plain) == "Move to 1,1 (cost 2)"
