"""The board's viewport: which part of a battlefield too big for the board
is on screen, and the marks that say more of it lies off to a side.

The board (tui/board.py) is a ``ScrollView``: when the battlefield does not
fit beside a readable side panel (a 32x16 Optio hand-off at 80x24) it shows
the part around the cursor.  :func:`follow` picks the scroll offset along
one axis: the cursor always on screen with a few cells around it
(``MARGIN``, as far as the battlefield goes), and the cells of the blow
being shown (``BoardView.spot``) brought into view too when both fit.

:func:`edge_marks` decorates the fixed labels: ``▲`` in the top-left corner
when rows lie above, ``◀`` beside the column numbers when columns lie to the
left, ``▶`` at the right end of the column numbers when columns lie to the
right, and ``▼`` beside the row number of the last row shown when rows lie
below.  A column number cut by the view's edge (the ``0`` of ``10``) is not
shown at all.  Text, never colour alone; the scrollbars show the same.
"""

from __future__ import annotations

from typing import Any, NamedTuple

LEFT, RIGHT, UP, DOWN = "◀", "▶", "▲", "▼"
MARGIN = 3  # cells kept in sight beyond the cursor when the view scrolls


class Edges(NamedTuple):
    """Which sides of the battlefield lie off the board's view."""

    left: bool = False
    right: bool = False
    up: bool = False
    down: bool = False

    @property
    def any(self) -> bool:
        return self.left or self.right or self.up or self.down


NO_EDGES = Edges()


def view_span(board: Any) -> tuple[int, int]:
    """The columns and rows of whole cells a board's view shows (its fixed
    labels left out): a view that cannot show it all scrolls by whole cells
    and leaves a part cell at its edge blank."""
    region = board.scrollable_content_region
    w, h = board.cell_w, board.cell_h
    return max(w, (region.width - board.label_w) // w * w), max(h, (region.height - 1) // h * h)


def edges_of(board: Any) -> Edges:
    """Which sides of the battlefield lie off a board's view now."""
    pic = board.picture
    if pic is None or pic.hidden:
        return NO_EDGES
    sx, sy = int(board.scroll_x), int(board.scroll_y)
    span_w, span_h = view_span(board)
    bf = pic.battlefield
    return Edges(sx > 0, sx + span_w < board.cell_w * bf.width, sy > 0, sy + span_h < board.cell_h * bf.height)


def scroll_target(board: Any, also: frozenset = frozenset()) -> tuple[int, int]:
    """Where a board scrolls to (as little as it can, by whole cells) so its
    cursor cell is wholly on screen, and the cells ``also`` (a narrated blow)
    with it when they fit."""
    span_w, span_h = view_span(board)
    (x, y), w, h = board.cursor, board.cell_w, board.cell_h
    bf = board.picture.battlefield
    xs, ys = [c[0] for c in also], [c[1] for c in also]
    sx = follow(int(board.scroll_x) // w * w, span_w, around(x, span_w // w, bf.width, w),
                (min(xs) * w, max(xs) * w + w) if xs else None)
    sy = follow(int(board.scroll_y) // h * h, span_h, around(y, span_h // h, bf.height, h),
                (min(ys) * h, max(ys) * h + h) if ys else None)
    return sx, sy


def around(at: int, shown: int, total: int, size: int) -> tuple[int, int]:
    """The columns (or rows) of cell ``at`` and up to ``MARGIN`` cells each
    side of it, inside the battlefield's ``total`` cells of ``size``: what a
    view of ``shown`` cells keeps in sight around the cursor."""
    margin = max(0, min(MARGIN, (shown - 1) // 2))
    return max(0, at - margin) * size, min(total, at + 1 + margin) * size


def follow(start: int, span: int, keep: tuple[int, int], also: tuple[int, int] | None = None) -> int:
    """The scroll offset along one axis for a view ``span`` long now at
    ``start``: the interval ``keep`` (the cursor cell, lo..hi) wholly in view,
    moving as little as it can; ``also`` (the narrated blow's cells) in view
    too when both fit, else as near as the cursor lets it."""
    lo, hi = keep
    if also is not None:
        both = (min(lo, also[0]), max(hi, also[1]))
        if both[1] - both[0] <= span:
            lo, hi = both
        else:  # the cursor at the edge of the view nearest the blow
            return max(0, hi - span) if also[0] < lo else lo
    if lo < start:
        return lo
    if hi > start + span:
        return hi - span
    return start


def _blank_cut_number(text: str, at: int, step: int) -> str:
    """``text`` with the digits running from ``at`` in direction ``step``
    blanked (a column number the view's edge or a mark cut)."""
    chars = list(text)
    while 0 <= at < len(chars) and chars[at].isdigit():
        chars[at] = " "
        at += step
    return "".join(chars)


def header_text(full: str, sx: int, width: int, edges: Edges) -> str:
    """The column numbers seen through a view ``width`` columns wide scrolled
    ``sx``: no number cut in half, ``▶`` at the right end when more lies there."""
    text = full[sx:sx + width].ljust(width)
    if not text:
        return text
    if sx > 0 and full[sx - 1:sx].isdigit():
        text = _blank_cut_number(text, 0, 1)
    if edges.right:
        text = _blank_cut_number(text[:-1], len(text) - 2, -1) + RIGHT
    return text


def corner_text(width: int, edges: Edges) -> str:
    """The corner above the row numbers: ``▲`` rows above, ``◀`` columns to the left."""
    chars = [" "] * width
    if width and edges.up:
        chars[0] = UP
    if width and edges.left:
        chars[-1] = LEFT
    return "".join(chars)


def last_row_label(label: str) -> str:
    """The row label of the last row shown when rows lie below: ``▼`` in its
    spare column, else in place of the number."""
    if not label:
        return label
    if label[-1] == " ":
        return label[:-1] + DOWN
    return DOWN.rjust(len(label))
