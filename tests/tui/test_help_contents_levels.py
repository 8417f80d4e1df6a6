"""The help's contents (`t`) show each heading by its name, its level only
as the tree's guides before it: one guide ("├", "└", "│") for each heading
it sits under, as in an outline.  A tester saw "▼ Ⅰ Plasto Latros /
├ Ⅱ The minis": Roman numerals that mean nothing to a player."""

from __future__ import annotations

from textual.widgets import Tree

from tests.tui.drawn import screen_rows
from tests.tui.test_help_search import SIZE, open_rules

NUMERALS = "ⅠⅡⅢⅣⅤⅥ"
GUIDES = "│├└"


def guides_before(row: str, name: str) -> int:
    """How many of the tree's guides stand before ``name`` on its row."""
    return sum(row[:row.index(name)].count(guide) for guide in GUIDES)


async def contents_rows(name: str) -> tuple[list[str], list[str]]:
    """The contents pane's rows at 80x24, and its headings' labels in order."""
    from tui.app import SkirmishApp

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rules(pilot, app, name)
        await pilot.press("t")
        await pilot.pause()
        tree = screen.query_one(Tree)
        width = tree.region.right
        rows = [row[:width] for row in screen_rows(app)[tree.region.y:tree.region.bottom]]
        labels = []
        for line in range(tree.last_line + 1):
            node = tree.get_node_at_line(line)
            if node is not None:
                labels.append(str(node.label))
    return rows, labels


async def test_plasto_latros_contents_name_the_headings_indented_without_numerals():
    rows, labels = await contents_rows("plasto_latros")
    assert not [row for row in rows if any(n in row for n in NUMERALS)], rows
    assert labels[:3] == ["Plasto Latros", "The minis", "Your turn"], labels
    title = next(row for row in rows if "Plasto Latros" in row)
    minis = next(row for row in rows if "The minis" in row)
    assert guides_before(title, "Plasto Latros") == 0 and guides_before(minis, "The minis") == 1, (title, minis)


async def test_platemail_contents_indent_a_third_level_under_its_section():
    rows, labels = await contents_rows("platemail")
    assert not [row for row in rows if any(n in row for n in NUMERALS)], rows
    assert "Actions" in labels and labels[labels.index("Actions") + 1] == "Movement Actions", labels
    actions = next(row for row in rows if row.rstrip().endswith(" Actions") and "Movement" not in row)
    movement = next(row for row in rows if "Movement Actions" in row)
    assert guides_before(actions, "Actions") == 1 and guides_before(movement, "Movement Actions") == 2, \
        (actions, movement)
