"""Find text that a screen cuts off: the check behind the "nothing cut at
80 columns" tests.

For every widget on the screen's compositor map it asks:

* a text widget (``Static``, ``Label``) needs no more rows than it has
  at its width (so a one-row banner that wraps to two is cut), and, when
  it does not wrap, no more columns;
* a log (``RichLog``) is no wider than its pane (its lines wrap);
* no widget is clipped by a container that cannot scroll to the rest;
* a Markdown page (the rules help) keeps at least ``READABLE`` columns.

The footer is checked on its own terms (:func:`footer_problems`): it is
one row of keys that Textual lets scroll sideways, so every key must lie
wholly inside it and no two may overlap (the command palette's key docked at
its right included).  The board is left out: it scrolls.
"""

from __future__ import annotations

from textual.containers import ScrollableContainer
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Footer, RichLog, Static

READABLE = 40  # the fewest columns a page of help text may be given


def _name(widget: Widget) -> str:
    ident = f"#{widget.id}" if widget.id else ""
    return f"{type(widget).__name__}{ident}"


def _text(widget: Widget) -> str:
    try:
        return str(widget.render())[:90]
    except Exception:
        return ""


def _scrolls(node) -> bool:
    return isinstance(node, (ScrollableContainer, RichLog)) or (
        isinstance(node, Widget) and (node.allow_vertical_scroll or node.allow_horizontal_scroll))


def _clipped_by(widget: Widget, region, full_map, screen) -> Widget | None:
    """The first container, below any that scrolls, that does not hold all
    of ``region`` (the screen itself included)."""
    for node in widget.ancestors:
        if node is screen:
            return None if screen.region.contains_region(region) else screen
        if _scrolls(node):
            return None
        geometry = full_map.get(node)
        if geometry is not None and not geometry.region.contains_region(region):
            return node
    return None


def footer_problems(screen, full_map) -> list[str]:
    """Keys of a footer that are cut off by its edge or drawn over another."""
    problems: list[str] = []
    for footer, geometry in full_map.items():
        if not isinstance(footer, Footer) or not footer.display:
            continue
        area = geometry.region.intersection(screen.region)
        keys = []
        for widget in footer.query("FooterKey, FooterLabel"):
            if not widget.display:
                continue
            placed = full_map.get(widget)  # a key scrolled out of sight is not on the map at all
            if placed is None or not area.contains_region(placed.region):
                problems.append(f"footer key {_text(widget)!r} cut off by the footer's edge")
            elif placed.region.width and placed.region.height:
                keys.append((widget, placed.region))
        for i, (one, first) in enumerate(keys):
            for other, second in keys[i + 1:]:
                if first.overlaps(second):
                    problems.append(f"footer keys {_text(one)!r} and {_text(other)!r} overlap")
    return problems


def cut_texts(screen) -> list[str]:
    """Every place where ``screen`` (as last laid out) cuts text off."""
    from tui.board import BoardView

    full_map = screen._compositor.full_map
    problems: list[str] = footer_problems(screen, full_map)
    for widget, geometry in full_map.items():
        if widget is screen or not widget.display or not widget.visible:
            continue
        if any(isinstance(node, (Footer, BoardView)) for node in (widget, *widget.ancestors)):
            continue
        region = geometry.region
        if region.width == 0 or region.height == 0:
            continue
        if type(widget).__name__ == "Markdown" and region.width < READABLE:  # squeezed by a pane beside it
            problems.append(f"{_name(widget)} has {region.width} columns, fewer than {READABLE} to read")
        holder = _clipped_by(widget, region, full_map, screen)
        if holder is not None:
            problems.append(f"{_name(widget)} ({region.width}x{region.height}) cut by {_name(holder)}: {_text(widget)!r}")
        if isinstance(widget, RichLog):
            inner = widget.scrollable_content_region.width
            if widget.virtual_size.width > inner:
                problems.append(f"{_name(widget)} lines {widget.virtual_size.width} wide in {inner} columns")
            continue
        if not isinstance(widget, Static):
            continue
        content = widget.content_region
        if content.width <= 0:
            continue
        viewport = screen.size
        needed = widget.get_content_height(Size(content.width, content.height), viewport, content.width)
        if needed > content.height:
            problems.append(f"{_name(widget)} needs {needed} rows, has {content.height}: {_text(widget)!r}")
        if widget.styles.text_wrap == "nowrap":
            wide = widget.get_content_width(Size(content.width, content.height), viewport)
            if wide > content.width:
                problems.append(f"{_name(widget)} needs {wide} columns, has {content.width}: {_text(widget)!r}")
    return problems


async def settled_cuts(pilot, screen_of, tries: int = 20) -> list[str]:
    """``cut_texts`` of the screen ``screen_of()`` gives, once its layout has
    settled: a screen just opened or changed may not have placed every
    widget yet (a footer's keys still off the map, on a loaded machine), so
    what looks cut is looked at again for up to about two seconds; a real
    cut stays."""
    await pilot.pause()
    cut = cut_texts(screen_of())
    for _ in range(tries):
        if not cut:
            break
        await pilot.pause(0.1)
        cut = cut_texts(screen_of())
    return cut
