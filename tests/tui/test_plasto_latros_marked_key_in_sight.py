"""Which side a marked mini is on, where a player sees it.  A mini with a
marker is drawn as a shape, its number and its marker (``▼3L``: side a's
a3, Locked); a three-column cell has no room for the side letter as well
as the number, the facing and the marker.  A tester at 80x24 found the
key to the shapes below the side panel's fold (the help meanwhile said
capital letters were the shooters, true only of unmarked labels).  The key
now comes right under the marked minis' names, in sight without
scrolling; the compact cells' key names the sides too."""

from __future__ import annotations

from pathlib import Path

from core.board import Facing
from core.rulesets.plasto_latros.orders import Move
from tests.tui.drawn import screen_text
from tests.tui.test_plasto_latros import SIZE, open_game, play, prepared
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.picture import FACING_SHAPES
from tui.rulesets.plasto_latros import COMPACT_KEY, SHAPE_WORDS

HELP = Path(__file__).resolve().parents[2] / "tui" / "help" / "plasto_latros.md"


async def test_the_shape_key_is_in_sight_at_80x24_when_minis_are_marked(tmp_path):
    # a1 steps to 5,6 facing S, into contact with b1 (5,7, facing N): both
    # Locked, b1 Threatened, so both are drawn as shapes
    game = play(prepared(), Move(0, "a1", (5, 6), Facing.S))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game, tmp_path)
        await pilot.pause()
        labels = screen.query_one(BoardView).labels
        assert labels["a1"].startswith(FACING_SHAPES[0, False][4]), labels  # ▼: side a, facing S
        assert labels["b1"].startswith(FACING_SHAPES[1, False][0]), labels  # ↑: side b, facing N
        shown = screen_text(app)
        for row in SHAPE_WORDS:
            assert row in shown, (row, shown)


def test_the_compact_key_says_which_shape_is_which_side():
    assert f"{FACING_SHAPES[0, False][0]} side a" in COMPACT_KEY, COMPACT_KEY
    assert f"{FACING_SHAPES[1, False][0]} side b" in COMPACT_KEY, COMPACT_KEY
    assert FACING_SHAPES[0, True][0] in COMPACT_KEY and FACING_SHAPES[1, True][0] in COMPACT_KEY


def test_the_help_no_longer_says_every_shooter_is_a_capital_letter():
    minis = HELP.read_text(encoding="utf-8").split("## The minis", 1)[1].split("\n## ", 1)[0]
    assert "capital letters on the board are shooters" not in minis
    assert f"{FACING_SHAPES[0, False][0]}" in minis and f"{FACING_SHAPES[1, False][0]}" in minis, minis
