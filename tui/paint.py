"""Fewer bytes per partial repaint (what an SSH link carries).

Textual turns a partial screen update into terminal text in
``ChopsUpdate.render_segments``: for each dirty span of a line it writes
every widget piece ("chop") the span touches *from the piece's left edge*
up to the span's end.  A cursor move on the board dirties two 3-column
cells, yet the whole board line left of them was written again (up to ~330
bytes a line on a scrolled 40x40 board).  :func:`install` replaces that
method with one that crops each piece to the span itself, so only the
dirty columns are written (and no newline between lines: each piece
starts with a cursor move anyway).  The frame on screen is the same: the columns
left of the span were already showing exactly that.

The replacement is installed only if ``ChopsUpdate`` still looks like the
one it was written for (Textual 8: ``chops``, ``spans``, ``chop_ends``);
otherwise Textual's own method stays.
"""

from __future__ import annotations

from typing import Any

_installed = False


def render_segments(self: Any, console: Any) -> str:
    """``ChopsUpdate.render_segments``, each chop cropped to its span."""
    from rich.control import Control

    sequences: list[str] = []
    append = sequences.append
    move_to = Control.move_to
    chops = self.chops
    chop_ends = self.chop_ends
    for y, x1, x2 in self.spans:
        line = chops[y]
        ends = chop_ends[y]
        for end, (x, strip) in zip(ends, line.items()):
            if strip is None or x >= x2 or end <= x1:
                continue
            left = x if x >= x1 else x1
            right = end if end <= x2 else x2
            if left != x or right != end:
                strip = strip.crop(left - x, right - x)
            append(move_to(left, y).segment.text)
            append(strip.render(console))
    return "".join(sequences)  # every piece starts with a move: no newline between lines


def install() -> bool:
    """Put :func:`render_segments` in place (once); False if Textual's
    ``ChopsUpdate`` is not the expected shape."""
    global _installed
    if _installed:
        return True
    try:
        from textual._compositor import ChopsUpdate
    except ImportError:
        return False
    init = getattr(ChopsUpdate, "__init__", None)
    names = getattr(getattr(init, "__code__", None), "co_varnames", ())
    if not callable(getattr(ChopsUpdate, "render_segments", None)) or names[1:4] != ("chops", "spans", "chop_ends"):
        return False
    ChopsUpdate._textual_render_segments = ChopsUpdate.render_segments
    ChopsUpdate.render_segments = render_segments
    _installed = True
    return True
