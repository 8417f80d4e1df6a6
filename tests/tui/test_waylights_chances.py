"""Waylights' chances as the screen words them: the response menu's
counter line is the exchange the rules resolve (the counter feels the
wounds of a shot that lands first), a chance reads 100% or 0% only when it
is certain, the move menu says the same of the step as its rows, and the
panel's Action slot keeps its destination at 80x24."""

from __future__ import annotations

import re
from fractions import Fraction
from types import SimpleNamespace

from core.game import submit
from core.rulesets.waylights.orders import Attack, Move, Split, SplitMove
from tests.rulesets.waylights.helpers import position
from tests.rulesets.waylights.test_exchange_chances import FAR, engine_chances, position_like_the_testers
from tests.tui.test_waylights import RULES, SIZE, open_game, prepared
from tui.app import SkirmishApp
from tui.rulesets import adapter_for
from tui.rulesets.waylights import pct
from tui.rulesets.waylights_modals import HEADING


def game_of(state):
    return SimpleNamespace(state=state, players=("Ann", "Bo"), orders=[])


def test_the_counter_line_is_the_chance_the_rules_give():
    """The tester's report: "Counter, guard 0: …; KO b2 100% if it lands",
    then b2's shot wounded a2 three times and a2's counter, three down,
    glanced.  The line now gives the chance of the whole exchange, counted
    by playing every way the dice fall through the engine."""
    s = position_like_the_testers()
    exact = engine_chances(s, [3, 1, 1])
    menu = adapter_for(RULES).response_menu(game_of(s), 0, RULES.legal_orders(s, 0))
    # The heading names the columns (KO/a wound); the plain counter's row
    # gives a2's risk, then b2's (waylights_menus).
    heading = next(label for label, value in menu.rows if value is HEADING and label.startswith("Counter"))
    assert heading.endswith("KO/a wound"), heading
    line = next(label for label, value in menu.rows if value is not HEADING and label.startswith("Counter"))
    got = re.search(r"you (\S+)/(\S+) · b2 (\S+)/(\S+)", line)
    assert got is not None, line
    assert got.groups() == (pct(exact["tko"]), pct(exact["tw"]), pct(exact["ako"]), pct(exact["aw"]))
    assert exact["ako"] < Fraction(1, 2)  # not the 72% of an unhurt Fighter's counter


def test_the_preview_never_says_100_percent_of_what_is_not_certain():
    """The tester's: three 1s give 8 - 2 = 6, not above 3 x 2: the KO is
    99.5%, not 100%.  The wound is certain and says so."""
    s = position([("a1", 0, "fighter", (2, 2), dict(split=3)), ("b1", 1, "fighter", (2, 3), dict(wounds=2)), FAR],
                 "a1")
    text = adapter_for(RULES).preview(game_of(s), Attack(0, "a1", "b1")).shown_text()
    assert "then this attack wounds 100%, KO 99.5%" in text, text


def test_pct_at_the_boundary():
    assert pct(Fraction(199, 200)) == "99.5%" and pct(Fraction(1)) == "100%"
    assert pct(Fraction(999, 1000)) == "99.9%" and pct(Fraction(9999, 10000)) == ">99.9%"
    assert pct(Fraction(1, 10000)) == "<0.1%" and pct(Fraction(0)) == "0%" and pct(Fraction(1, 200)) == "0.5%"
    assert pct(Fraction(1, 3)) == "33%"


def test_after_a_move_the_split_move_row_does_not_promise_the_step():
    """Seed, Sequence: without the Move action a step remains; after it the
    step is gone, Split Move or not."""
    from tui.rulesets.waylights_modals import PickList

    game = prepared(2)
    game = submit(game, Split(0, "a1", 2)).game
    adapter = adapter_for(RULES)
    menu = adapter.action_menu(game, 0, game.legal_orders(0))
    assert "step free" in menu.pick_title and any("step kept" in line for line in menu.lines())
    game = submit(game, Move(0, "a1", (5, 3))).game
    menu = adapter.action_menu(game, 0, game.legal_orders(0))
    assert isinstance(menu, PickList) and "step lost" in menu.pick_title
    assert not any("step kept" in line for line in menu.lines()), menu.lines()
    assert any("Split move" in line and "step already lost" in line for line in menu.lines())
    order = next(o for o in game.legal_orders(0) if isinstance(o, SplitMove))
    assert "step kept" not in adapter._cell_label(game, order)


async def test_the_panel_keeps_a_split_moves_destination_on_its_line():
    game = prepared(2)
    game = submit(game, Split(0, "a1", 2)).game
    game = submit(game, SplitMove(0, "a1", (8, 4))).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        widget = screen.query_one("#panel")
        from textual.geometry import Region

        drawn = [strip.text for strip in widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))]
        slot = next(line for line in drawn if "Action 1" in line)
        assert "8,4" in slot, drawn
