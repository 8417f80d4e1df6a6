"""Small form widgets: a keyboard cycling selector."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static


class Cycler(Static, can_focus=True):
    """``◀ value ▶``: left/right (or h/l, space) step through ``values``;
    page up/down jump by ten (for long number ranges)."""

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

    @property
    def value(self) -> Any:
        return self.values[self.index] if self.values else None

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        if not self.values:
            self.update("(none available)")
            return
        self.update(f"◀ {self.labels[self.index]} ▶  ({self.index + 1}/{len(self.values)})")

    def set_index(self, index: int) -> None:
        if not self.values:
            return
        index = max(0, min(index, len(self.values) - 1)) if abs(index - self.index) > 1 else index % len(self.values)
        if index != self.index:
            self.index = index
            self._show()
            self.post_message(self.Changed(self, self.value))

    def action_step(self, delta: int) -> None:
        self.set_index(self.index + delta)
