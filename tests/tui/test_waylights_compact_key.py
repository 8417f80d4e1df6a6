"""The key under the legend in compact cells never contradicts the board.
A tester (after an Optio hand-off) read ``Board: F1 = a1, 1m = b1`` at the
top of the panel and ``Compact: F1 = a1, 1F = b1`` under the legend: b1 was
a Mook, drawn ``1m``, so the key's example named a Fighter's letter for it."""

from __future__ import annotations

import re

from core.rulesets.waylights.roster import KINDS
from tests.tui.test_waylights import open_game
from tests.tui.test_waylights_panel_and_labels import SIZE, past_the_card, two_a_side
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.rulesets.waylights import COMPACT_KEY
from tui.side_panel import SidePanel

LETTERS = {kind.glyph for kind in KINDS.values()}  # every class's letter on the board
PAIR = re.compile(r"\b([A-Za-z@]\d|\d[A-Za-z@]) = ([ab]\d)\b")


def test_the_key_is_a_pattern_with_no_class_letter_in_it():
    pairs = PAIR.findall(COMPACT_KEY)
    assert pairs, COMPACT_KEY  # it still shows how a label reads
    for label, _fid in pairs:
        assert not set(label) & LETTERS, f"{label}: a real class letter in a pattern"
    assert all(len(row) <= 28 for row in COMPACT_KEY.splitlines())  # the narrow side panel


async def test_every_label_the_panel_ties_to_a_figure_is_that_figures_label():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, two_a_side())
        await past_the_card(pilot)
        board = screen.query_one(BoardView)
        if not board.compact:
            await pilot.press("z")
            await pilot.pause()
        assert board.compact
        text = screen.query_one(SidePanel).text
        assert "Board: " in text and "Compact: " in text, text
        drawn = board.picture.compact_labels
        assert drawn["b1"] == "1m"  # b1 is the Mook (two_a_side)
        checked = 0
        for label, fid in PAIR.findall(text):
            if set(label) & LETTERS:  # a real letter: it must be that figure's
                assert drawn[fid] == label, f"the panel says {label} = {fid}, the board draws {drawn[fid]}"
                checked += 1
        assert checked == 2  # the Board line's two, nothing else claims a letter
