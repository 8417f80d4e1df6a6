"""Closing (or opening) the help's contents pane with ``t`` leaves the
text where the reader was: the text is laid out again at its new width,
and the heading or paragraph at its top stays there.  A tester: F1, t, a
page such as Roster, then t to close the contents, and the text jumped to
the end of the page."""

from __future__ import annotations

from textual.widgets import Tree

from tui.app import SkirmishApp
from tui.help import open_help

SIZE = (80, 24)


def block_at_top(screen):
    """The first block of the page showing at the top of the text."""
    viewer = screen.query_one("MarkdownViewer")
    return next(b for b in viewer.document.children if b.virtual_region.bottom > viewer.scroll_y)


def heading_row(screen, heading) -> int:
    """The heading's row in the text as shown (0: the top row)."""
    return heading.virtual_region.y - round(screen.query_one("MarkdownViewer").scroll_y)


async def test_closing_the_contents_stays_at_the_heading_chosen():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        open_help(app, "waylights", "Waylights")
        await pilot.pause()
        screen = app.screen
        await pilot.press("t")
        await pilot.pause()
        tree = screen.query_one(Tree)
        def label() -> str:
            node = tree.get_node_at_line(tree.cursor_line)
            return str(node.label) if node is not None else ""

        for _ in range(40):
            if label() == "Roster":
                break
            await pilot.press("down")
        assert label() == "Roster"
        await pilot.press("enter")
        await pilot.pause()
        roster = block_at_top(screen)
        source = screen.query_one("MarkdownViewer").document.source.splitlines()
        assert source[roster.source_range[0]] == "## Roster"
        shown_at = heading_row(screen, roster)
        assert 0 <= shown_at <= 2  # the heading at the top of the text
        await pilot.press("t")
        await pilot.pause()
        await pilot.pause()
        viewer = screen.query_one("MarkdownViewer")
        assert not viewer.show_table_of_contents
        assert heading_row(screen, roster) == shown_at  # still at the top, where it was
        assert not viewer.is_vertical_scroll_end or viewer.max_scroll_y < roster.virtual_region.y


async def test_the_paragraph_read_stays_at_the_top_both_ways():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        open_help(app, "plasto_latros", "Plasto Latros")
        await pilot.pause()
        screen = app.screen
        await pilot.press("pagedown", "pagedown", "pagedown")
        await pilot.pause()
        read = block_at_top(screen)
        for _ in range(2):  # open the contents, then close them
            await pilot.press("t")
            await pilot.pause()
            await pilot.pause()
            assert block_at_top(screen) is read
