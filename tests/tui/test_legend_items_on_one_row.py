"""At 80x24 every item of a side panel's keys stays on one drawn row, a
symbol with its words ("D doomed", "= tower (height 2)", "[.] legal",
"z: cell width"), in every ruleset's game screen and watch screen, with a
scroll bar and without one.  A tester read Plasto Latros' Rooftops panel
(no scroll bar: one column wider) as "T threatened · L locked ·  D" over
"doomed · ...", "-" over "roof (height 1)", and Waylights' as "street =",
"legal *": the rows were padded for the panel with its scroll bar only."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll

from core.game import start
from core.registry import rulesets
from core.rulesets.plasto_latros.options import PlastoOptions
from saves.library import battlefield_named
from saves.store import save_game
from tests.tui.drawn import screen_rows
from tests.tui.test_every_ruleset import battlefield_for
from tests.tui.test_watch import played
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.side_panel import ITEM_SEPARATOR, SidePanel
from tui.watch import WatchScreen

SIZE = (80, 24)
NAMES = [r.name for r in rulesets()]


def drawn_lines(app, scroll: VerticalScroll) -> list[str]:
    """The rows ``scroll`` shows of what it holds (its text's columns, not
    its border, padding or scroll bar), as the screen draws them.  It is
    at the screen's right edge: its rows are cut from the right, so that
    a wide character on the board cannot shift them."""
    rows, text = scroll.region, scroll.children[0].region
    return [row[len(row) - (app.size.width - text.x):][:text.width].rstrip()
            for row in screen_rows(app)[rows.y:rows.bottom]]


async def all_rows(pilot, scroll: VerticalScroll) -> list[str]:
    """Every row of what ``scroll`` holds, read from the screen a row at a
    time as it scrolls from the top to the bottom."""
    rows: dict[int, str] = {}
    top = 0
    while True:
        scroll.scroll_to(y=top, animate=False)
        await pilot.pause()
        at = round(scroll.scroll_y)
        for i, row in enumerate(drawn_lines(pilot.app, scroll)):
            rows.setdefault(at + i, row)
        if at >= scroll.max_scroll_y:
            return [rows[i] for i in sorted(rows)]
        top = at + max(1, scroll.region.height - 1)


def items(text: str) -> list[str]:
    """The items of the text's lines that list them ("# wall (blocks)",
    "T threatened"): parted by the legend's two spaces or a middle dot."""
    found = []
    for line in text.splitlines():
        parts = ITEM_SEPARATOR.split(line)
        if len(parts) > 2 and not parts[0]:  # an indented line's first item, with its indent
            parts = [parts[1] + parts[2], *parts[3:]]
        if len(parts) > 1:
            found += [part.rstrip() for part in parts[::2] if len(part.split()) > 1]
    return found


def check_items_whole(text: str, rows: list[str], columns: int, where: str) -> int:
    """Each item on one row when it fits the panel's ``columns`` (else its
    symbol and first word), no row ending in a symbol whose words went on
    to the next, and no blank row but the text's own; the items seen."""
    seen = 0
    for item in items(text):
        whole = item.strip() if len(item) <= columns else " ".join(item.split()[:2])
        assert any(whole in row for row in rows), (where, whole, rows)
        seen += 1
    for row in rows:
        last = row.split("  ")[-1].split(" · ")[-1].strip()
        assert row.strip() == "" or len(last) > 1 or last in "·…", (where, row, rows)
    drawn = "\n".join(rows).strip("\n").splitlines()
    assert drawn.count("") == text.strip("\n").splitlines().count(""), (where, rows)
    return seen


async def the_game_screen(pilot) -> GameScreen:
    for _ in range(4):  # a hand-over card or a message first
        if isinstance(pilot.app.screen, GameScreen):
            break
        await pilot.press("enter")
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def check_panel(pilot, screen: GameScreen, where: str) -> int:
    """The side panel drawn as with a scroll bar (its column kept) and as
    without one (a column wider): its items whole in both."""
    scroll = screen.query_one("#side-scroll", VerticalScroll)
    seen = 0
    for width, gutter, size in (("scroll bar", "stable", 1), ("no scroll bar", "auto", 0)):
        scroll.styles.scrollbar_gutter = gutter
        scroll.styles.scrollbar_size_vertical = size
        await pilot.pause()
        panel = screen.query_one(SidePanel)
        assert panel.text is not None
        rows = await all_rows(pilot, scroll)
        seen = check_items_whole(panel.text, rows, panel.text_columns(), f"{where}, {width}")
        if panel.text and "Compact: " in panel.text and "IM RM" in panel.text:  # Spheres of War's marks
            for mark in ("! defends", "L locked", "C in combat", "IM RM Matched"):
                assert any(mark in row for row in rows), (where, mark, rows)
    return seen


@pytest.mark.parametrize("name", NAMES)
async def test_each_game_screen_panel_keeps_its_items_whole(name):
    rules = next(r for r in rulesets() if r.name == name)
    game = start(rules, None, battlefield_for(rules), seed=11, players=("Ann", "Bo"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        screen = await the_game_screen(pilot)
        seen = await check_panel(pilot, screen, name)
        await pilot.press("z")  # the other cell width: the compact key comes or goes
        await pilot.pause()
        seen += await check_panel(pilot, screen, f"{name} after z")
        assert seen >= 4  # at least "[.] legal", "* target", "z: cell width" and a terrain


async def test_rooftops_deployment_without_a_scroll_bar_reads_each_symbol_with_its_words(tmp_path):
    """The tester's own panel: Rooftops, three minis a side, deploying; it
    fits its rows, so it has no scroll bar and one column more."""
    options = PlastoOptions(minis=3, shooters_0=0, shooters_1=0)
    game = start("plasto_latros", options, battlefield_named("pl-rooftops"), seed=1, players=("Ann", "Bo"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        screen = await the_game_screen(pilot)
        scroll = screen.query_one("#side-scroll", VerticalScroll)
        assert scroll.max_scroll_y == 0  # no scroll bar
        rows = await all_rows(pilot, scroll)
        for item in ("T threatened", "L locked", "D doomed", "P pinned", "_ prone", "J jumping",
                     "# chimney", "- roof", ". street", "= tower", "[.] legal", "* target", "z: cell width"):
            assert any(item in row for row in rows), (item, rows)
        panel = screen.query_one(SidePanel)
        check_items_whole(panel.text or "", rows, panel.text_columns(), "rooftops")


@pytest.mark.parametrize("name", NAMES)
async def test_each_watch_screen_panel_keeps_its_items_whole(tmp_path, name):
    path = tmp_path / f"{name}.json"
    save_game(played(name, 6), path)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.watch_saved(path)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, WatchScreen)
        side = screen.query_one("#watch-side", VerticalScroll)
        size = side.styles.scrollbar_size_vertical
        for width, gutter, bar in (("scroll bar", "stable", size), ("no scroll bar", "auto", 0)):
            side.styles.scrollbar_gutter = gutter
            side.styles.scrollbar_size_vertical = bar
            await pilot.pause()
            text = str(screen.query_one("#watch-panel").render())
            rows = await all_rows(pilot, side)
            seen = check_items_whole(text, rows, screen.panel_columns()[0], f"{name} watched, {width}")
            assert seen >= 4
