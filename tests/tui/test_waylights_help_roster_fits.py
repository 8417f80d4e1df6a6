"""The Waylights help's Roster read at 80x24 with the contents pane open
(a tester: the old seven-column table showed "Fig…", "tra…", "Thr…").
Every kind's name, key, numbers and gear must be on screen whole."""

from __future__ import annotations

from core.rulesets.waylights import RULESET
from core.rulesets.waylights.roster import KINDS
from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.help import open_help

SIZE = (80, 24)


async def _roster_pages(pilot, app) -> list[str]:
    """The rows of the help pane beside the contents, from the Roster
    heading down to the next one, page by page."""
    from textual.widgets import Markdown, Tree

    await pilot.press("t")
    await pilot.pause()
    tree = app.screen.query_one(Tree)
    for _ in range(60):  # the contents' cursor to the Roster heading
        node = tree.cursor_node
        if node is not None and str(node.label).split()[-1] == "Roster":
            break
        await pilot.press("down")
    assert str(tree.cursor_node.label).split()[-1] == "Roster"
    await pilot.press("enter")
    await pilot.pause(0.3)
    assert tree.parent.display  # the contents are still open
    document = app.screen.query_one(Markdown)
    left = document.region.x
    seen: list[str] = []
    viewer = document.parent
    for _ in range(12):
        rows = [row[left:] for row in screen_rows(app)]
        seen += rows
        if any(row.strip().startswith("Keys") for row in rows):
            break
        before = viewer.scroll_y
        viewer.scroll_to(y=before + max(1, viewer.size.height - 2), animate=False)
        await pilot.pause(0.1)
        if viewer.scroll_y == before:
            break
    text = "\n".join(seen)
    return text.split("Roster", 1)[1].split("Keys", 1)[0].splitlines()


async def test_the_roster_reads_whole_beside_the_contents_at_80x24():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        open_help(app, RULESET.name, RULESET.title)
        await pilot.pause()
        rows = await _roster_pages(pilot, app)
    assert not [row for row in rows if "…" in row], rows  # no cell cut short
    joined = " ".join(" ".join(rows).split())
    for key, kind in KINDS.items():
        assert f"{kind.name} ({key})" in joined or f"{kind.name} (`{key}`)" in joined, (kind.name, joined)
