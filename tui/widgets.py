"""Small widgets: a keyboard cycling selector; text that repaints only
what changed."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static


class Cycler(Static, can_focus=True):
    """``◀ value ▶``: left/right (or h/l, space) step through ``values``;
    page up/down jump by ten (for long number ranges).  ``fixed`` (a
    reason, such as "fixed") keeps the value: no arrows, no stepping."""

    DEFAULT_CSS = """
    Cycler { width: 1fr; height: 1; padding: 0 1; }
    Cycler:focus { background: $accent 30%; text-style: bold; }
    """
    BINDINGS = [
        Binding("left,h", "step(-1)", "Previous", show=False),
        Binding("right,l,space", "step(1)", "Next", show=False),
        Binding("pageup", "step(10)", show=False),
        Binding("pagedown", "step(-10)", show=False),
    ]

    class Changed(Message):
        def __init__(self, cycler: Cycler, value: Any) -> None:
            super().__init__()
            self.cycler = cycler
            self.value = value

        @property
        def control(self) -> Cycler:
            return self.cycler

    def __init__(self, values: Sequence[Any], labels: Sequence[str] | None = None, index: int = 0,
                 *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.values = list(values)
        self.labels = list(labels) if labels is not None else [str(v) for v in values]
        self.index = max(0, min(index, len(self.values) - 1)) if self.values else 0
        self.fixed = ""  # why the choice cannot change ("" : it can): shown instead of the arrows

    @property
    def value(self) -> Any:
        return self.values[self.index] if self.values else None

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        if not self.values:
            self.update("(none available)")
            return
        if self.fixed:
            self.update(f"{self.labels[self.index]}  ({self.fixed})")
            return
        self.update(f"◀ {self.labels[self.index]} ▶  ({self.index + 1}/{len(self.values)})")

    def set_index(self, index: int) -> None:
        if not self.values or self.fixed:
            return
        index = max(0, min(index, len(self.values) - 1)) if abs(index - self.index) > 1 else index % len(self.values)
        if index != self.index:
            self.index = index
            self._show()
            self.post_message(self.Changed(self, self.value))

    def action_step(self, delta: int) -> None:
        self.set_index(self.index + delta)


class PatchedText(Widget):
    """A few rows of plain text (wrapped at words, fixed height) that
    repaints only the columns whose characters changed: the cursor line
    under the side panel, which changes on every cursor move, costs the
    terminal the changed coordinates and words, not the whole box."""

    DEFAULT_CSS = """
    PatchedText { height: 1; }
    """

    def __init__(self, text: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = text
        self._rows: tuple[str, int, list[str]] | None = None  # (text, width, rows) last wrapped

    def rows(self, width: int | None = None) -> list[str]:
        """The text as drawn: one string a row, each ``width`` columns."""
        width = self.size.width if width is None else width
        if self._rows is None or self._rows[:2] != (self.text, width):
            lines = []
            for paragraph in self.text.split("\n"):
                lines += textwrap.wrap(paragraph, max(1, width)) or [""]
            self._rows = (self.text, width, [line.ljust(width) for line in lines])
        return self._rows[2]

    def update(self, text: str) -> None:
        """Show ``text``; only the changed span of each row is repainted."""
        if text == self.text:
            return
        width, height = self.size
        old = self.rows() if width else []
        self.text = text
        new = self.rows() if width else []
        if not width or any(cell_len(row) != len(row) for row in old + new):
            self.refresh()  # not laid out yet, or wide characters: the whole box
            return
        blank = " " * width
        for y in range(height):
            a = old[y] if y < len(old) else blank
            b = new[y] if y < len(new) else blank
            if a == b:
                continue
            first = next(i for i in range(width) if a[i] != b[i])
            last = next(i for i in range(width - 1, -1, -1) if a[i] != b[i])
            self.refresh(Region(first, y, last + 1 - first, 1))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        rows = self.rows(width)
        text = rows[y] if y < len(rows) else " " * width
        style = self.rich_style
        return Strip([Segment(text, style)]).adjust_cell_length(width, style)
