"""What the screen shows, row by row, as the terminal would draw it.

The one place the tests read Textual's compositor (a private part: a
Textual release that changes it is mended here, not in every test)."""

from __future__ import annotations

from typing import Any


def screen_rows(app: Any) -> list[str]:
    """The text of every row of the app's current screen, as composed."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def screen_text(app: Any) -> str:
    """The same rows joined by newlines."""
    return "\n".join(screen_rows(app))
