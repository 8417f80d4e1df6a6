"""The side panel's legend keeps each symbol with its words: at 80x24 the
Plasto Latros panel showed "# chimney (blocks, height 3)  -" on one row
and "roof (height 1)" on the next, and the marks "T threatened · L locked
· D" / "doomed"."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region
from textual.widgets import Static

from core.deployment import Deploy, Ready
from core.game import start
from core.rulesets.plasto_latros.options import PlastoOptions
from saves.library import battlefield_named
from tests.tui.test_plasto_latros import SIZE, open_game, play
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.side_panel import items_kept_whole


def rooftops():
    options = PlastoOptions(minis=2, shooters_0=0, shooters_1=0)
    game = start("plasto_latros", options, battlefield_named("pl-rooftops"), seed=1, players=("Ann", "Bo"))
    cells = [(x, y) for y, row in enumerate(game.state.battlefield.rows) for x, g in enumerate(row) if g == "."]
    a, b = cells[:2], cells[-2:]
    return play(game, Deploy(0, "a1", a[0]), Deploy(0, "a2", a[1]), Ready(0),
                Deploy(1, "b1", b[0]), Deploy(1, "b2", b[1]), Ready(1))


def panel_rows(panel: Static) -> list[str]:
    return [strip.text.rstrip() for strip in panel.render_lines(Region(0, 0, panel.size.width, panel.size.height))]


async def test_each_legend_symbol_shares_its_row_with_its_words(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, rooftops(), tmp_path)
        await pilot.pause()
        field = screen.query_one(BoardView).picture.battlefield
        rows = panel_rows(screen.query_one("#panel", Static))
        shown = 0
        for glyph, terrain in field.legend:
            item = f"{glyph} {terrain.kind}"
            if item.split()[0] not in "".join(rows):
                continue
            where = [row for row in rows if item in row]
            assert where, f"{item!r} is split across rows: {rows}"
            shown += 1
        assert shown >= 3, rows
        for row in rows:  # no row ends with a symbol whose words went to the next
            last = row.split("  ")[-1].split(" · ")[-1]
            assert len(last) > 1 or not row, (row, rows)
        marks = [row for row in rows if "threatened" in row or "doomed" in row]
        assert marks and all(" D doomed" in row or row.startswith("D doomed") or "doomed" not in row
                             for row in marks), marks


def test_a_row_ends_only_between_items_and_keeps_the_styles():
    line = Text("# chimney (blocks, height 3)  - roof (height 1)  . street")
    line.stylize("bold", 0, 1)  # the legend's glyphs keep their styles
    line.stylize("red", 30, 31)
    kept = items_kept_whole(line, 33)
    assert kept.plain == "# chimney (blocks, height 3)" + " " * 5 + "- roof (height 1)  . street"
    assert "\n" not in kept.plain  # still one line of the panel's text
    styles = {kept.plain[span.start:span.end]: str(span.style) for span in kept.spans}
    assert styles == {"#": "bold", "-": "red"}
    marks = Text("T threatened · L locked · D doomed · P pinned")
    assert items_kept_whole(marks, 27).plain == "T threatened · L locked ·" + "  " + "D doomed · P pinned"
    assert items_kept_whole(Text("short  line\n\nnext · one"), 33).plain == "short  line\n\nnext · one"
