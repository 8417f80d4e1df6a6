"""The side panel's key to Waylights' numbered cells names what the board
marks now (a tester at 80x24: "[1] = b1: move there, then attack" stayed
while the board marked ``[3]`` cells for b3, and was there when no ``[1]``
cell was drawn).  The key took the first enemy still up; it now reads the
same facts as the marks (``shot_marks``): each number shown with its
enemy, ``[+]`` only where a cell gives several, none when none is shown."""

from __future__ import annotations

import re
from types import SimpleNamespace

from core.deployment import Deploy, Ready
from core.game import start, submit
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.state import WaylightsOptions
from saves.library import battlefield_named
from tests.rulesets.waylights.helpers import position
from tests.tui.drawn import screen_rows
from tests.tui.test_waylights import SIZE, open_game
from tests.tui.test_waylights_panel_and_labels import past_the_card
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.rulesets import adapter_for
from tui.rulesets import waylights_glance as glance
from tui.side_panel import SidePanel

A1 = SimpleNamespace(id="a1", side=0)
KEY = re.compile(r"\[(\d)\] = ([ab]\d+)")  # "[3] = b3" in the panel's key


def keyed(lines: list[str]) -> dict[str, str]:
    """The numbers the key explains, each with the figure it names."""
    return {number: fid for line in lines for number, fid in KEY.findall(line)}


def legend(state, selected=A1) -> list[str]:
    """The panel's lines above "Action allocation:" (the key sits there,
    in what an 80x24 panel shows without scrolling)."""
    game = SimpleNamespace(state=state, players=("Ann", "Bo"), orders=[], view=lambda side: state)
    lines = adapter_for(R).panel_lines(game, state, 0, selected)
    return lines[:lines.index("Action allocation:")]


def drawn_numbers(state, selected=A1) -> set[str]:
    """The numbers inside the board's marked cells (``[3]``), as drawn."""
    return {mark.strip() for mark in glance.shot_marks(R, state, selected).values()}


def test_only_the_number_the_board_shows_is_explained():
    # b1 is far off (no move gives a blow at it this turn), b3 two cells
    # from the fighter: only b3's cells are marked, so only [3] is keyed.
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (9, 9)), ("b3", 1, "mook", (5, 2))], "a1")
    assert drawn_numbers(s) == {"3"}
    lines = legend(s)
    assert keyed(lines) == {"3": "b3"}, lines
    assert not any("[+]" in line for line in lines), lines  # no cell gives two enemies


def test_no_number_is_explained_when_no_cell_is_marked():
    # The Move spent an Action and the step: a move now would be the last
    # Action, so no cell gives a blow and the board marks none.
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (5, 2)), ("b2", 1, "mook", (9, 9))], "a1",
                 actions=1, moved=True)
    assert drawn_numbers(s) == set()
    lines = legend(s)
    assert keyed(lines) == {} and not any("[+]" in line for line in lines), lines


def test_a_figure_not_on_move_has_no_numbered_cells_to_explain():
    # The panel of the side on move with an enemy selected: the board marks
    # nothing for it (it has no order now), and the key names nobody.
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (5, 2))], "a1")
    b1 = SimpleNamespace(id="b1", side=1)
    assert drawn_numbers(s, b1) == set()
    assert keyed(legend(s, b1)) == {}


def test_two_enemies_marked_are_both_named_and_a_shared_cell_is_plus():
    # b1 and b3 stand two apart on one row, a1 three cells off: the cells
    # beside each are marked with its number, the cell between them with +.
    s = position([("a1", 0, "fighter", (4, 2)), ("b1", 1, "mook", (3, 5)), ("b3", 1, "mook", (5, 5))], "a1")
    marks = glance.shot_marks(R, s, A1)
    assert marks[(4, 5)] == " + "  # beside both
    assert drawn_numbers(s) == {"1", "3", "+"}
    lines = legend(s)
    assert keyed(lines) == {"1": "b1", "3": "b3"}, lines
    assert any(line.startswith("[+]") for line in lines), lines


def far_and_near():
    """a1 (a fighter) against three mooks: b1 and b2 in the far corners,
    b3 three cells in front of a1; seed 2 gives a1 the first turn."""
    options = WaylightsOptions(roster_0="fighter", roster_1="mook,mook,mook")
    game = start(R, options, battlefield_named("open-12"), seed=2, players=("Ann", "Bo"))
    for order in (Deploy(0, "a1", (5, 4)), Ready(0), Deploy(1, "b1", (11, 11)), Deploy(1, "b2", (0, 11)),
                  Deploy(1, "b3", (5, 7)), Ready(1)):
        game = submit(game, order).game
    assert game.state.active == "a1"
    return game


async def test_at_80x24_the_panel_keys_the_number_the_board_draws():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, far_and_near())
        await past_the_card(pilot)  # the split: 2/2
        await pilot.pause()
        assert screen.selected == "a1"
        marks = screen.query_one(BoardView).picture.marks
        assert {m.strip() for m in marks.values()} == {"3"}  # b3's cells only
        board = "\n".join(screen_rows(app))
        assert "[3" in board and "[1" not in board  # lit cells with the number inside (wide or compact)
        panel = screen.query_one(SidePanel).text or ""
        assert keyed(panel.splitlines()) == {"3": "b3"}, panel
