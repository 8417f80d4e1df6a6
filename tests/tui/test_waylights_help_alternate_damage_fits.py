"""The Waylights help's *Optional: Alternate damage* read at 80x24, with and
without the contents pane open (a tester: the old four-column table gave
the grapple row 11 lines, its "what" column 10 characters wide, and with
the contents open cut its cells with "…").  Every effect must read whole,
its name, cost and what it needs included, none taking more than 3 rows."""

from __future__ import annotations

from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.help import HelpScreen, open_help

SIZE = (80, 24)
HEADING = "Optional: Alternate damage"
NEXT_HEADING = "Playing it well"
# The effects the seed's *Alternate Damage* lists, as the game names them
# (core/rulesets/waylights: effect=), with their cost in wounds.
EFFECTS = {"grapple": 1, "break-off": 1, "entangle": 1, "shove": 1, "human-shield": 2, "stun": 3,
           "pierce": 1, "suppress": 1}


async def section_rows(pilot, app, contents: bool) -> list[str]:
    """The rows of the help's text from the section's heading down to the
    next heading, page by page (beside the contents when they are open)."""
    from textual.widgets import Markdown

    open_help(app, "waylights", "Waylights")
    for _ in range(100):
        await pilot.pause(0.05)
        if isinstance(app.screen, HelpScreen) and app.screen.query_one(Markdown).table_of_contents:
            break
    screen = app.screen
    if contents:
        await pilot.press("t")
        await pilot.pause()
    viewer = screen.query_one("MarkdownViewer")
    document = screen.query_one(Markdown)
    heading = next(block for block in document.children
                   if document.source.splitlines()[block.source_range[0]] == f"## {HEADING}")
    viewer.scroll_to(y=heading.virtual_region.y, animate=False, immediate=True)
    await pilot.pause(0.1)
    assert viewer.show_table_of_contents == contents
    left, right = document.region.x, document.region.right  # the text's columns: no scrollbar
    seen: list[str] = []
    for _ in range(12):
        rows = [row[left:right] for row in screen_rows(app)[viewer.region.y:viewer.region.bottom]]
        seen += rows
        if any(row.strip().startswith(NEXT_HEADING) for row in rows):
            break
        before = viewer.scroll_y
        viewer.scroll_to(y=before + viewer.scrollable_content_region.height, animate=False, immediate=True)
        await pilot.pause(0.1)
        assert viewer.scroll_y != before, "the page ended before the next heading"
    text = "\n".join(seen)
    assert HEADING in text
    return text.split(HEADING, 1)[1].split(NEXT_HEADING, 1)[0].splitlines()


async def check_the_effects_read_whole(contents: bool) -> None:
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        rows = await section_rows(pilot, app, contents)
    assert not [row for row in rows if "…" in row], rows  # nothing cut short
    words = [row.split() for row in rows]
    # Where each effect starts: the row whose first word (after a bullet or a table's rule) is its name.
    starts = {}
    for name in EFFECTS:
        starts[name] = next(i for i, row in enumerate(words)
                            if [w for w in row if w not in "•│┃|"][:1] == [name])
    order = sorted(starts.values()) + [len(rows)]
    for name, start in starts.items():
        end = order[order.index(start) + 1]
        taken = [row for row in rows[start:end] if row.strip(" │┃|─━┼╋")]
        assert len(taken) <= 3, (name, taken)
        joined = " ".join(" ".join(taken).split())
        assert f"cost {EFFECTS[name]}" in joined, (name, joined)


async def test_the_alternate_damage_effects_read_whole_at_80x24():
    await check_the_effects_read_whole(contents=False)


async def test_the_alternate_damage_effects_read_whole_beside_the_contents():
    await check_the_effects_read_whole(contents=True)
