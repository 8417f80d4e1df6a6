"""``g`` on the Optio board: the 8x8 ground of the large square under the
cursor, glyph by glyph.

The board draws each large square as a sketch of seven columns by three
rows (``tui.rulesets.optio.square_art``), so that the whole 5x5 map fits at
80x24; the ground the armies manoeuvre for (seed 003: the pre-game is
played to win a battlefield that suits you) is its 64 small squares, which the
template screen shows only at the end.  This window shows them, north up,
in the glyphs and key the template screen uses.  The map is public: no
side's secret is in it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from core.rulesets.optio.maps import LARGE, SMALL
from tui.rulesets.optio_template import GLYPH_KEY

CLOSE_KEYS = "Esc, g or Enter: back to the map"


def square_rows(op_map, square: tuple[int, int]) -> list[str]:
    """The large square's 8 rows of 8 glyphs, north up."""
    x0, y0 = square[0] * SMALL, square[1] * SMALL
    return [op_map.rows[y0 + dy][x0:x0 + SMALL] for dy in range(SMALL)]


def ground_lines(op_map, square: tuple[int, int]) -> list[str]:
    """What the window says: which square, its 8x8 glyphs one every two
    columns (as the template's cut-out), each kind counted, the key."""
    from tui.rulesets.optio import square_mix

    x, y = square
    mix = ", ".join(f"{kind} {n}" for kind, n in square_mix(op_map, square))
    return [f"Large square {x},{y}: {SMALL}x{SMALL} small squares, north up",
            *("  " + " ".join(row) for row in square_rows(op_map, square)),
            f"{SMALL * SMALL} small squares: {mix}",
            GLYPH_KEY.replace("  X off map", "")]


def on_the_map(square: Any) -> bool:
    return 0 <= square[0] < LARGE and 0 <= square[1] < LARGE


class SquareGround(ModalScreen[None]):
    """The 8x8 ground of one large square; any of its keys closes it."""

    DEFAULT_CSS = """
    SquareGround { align: center middle; }
    SquareGround > Vertical { width: 52; height: auto; border: round $accent; background: $panel;
        padding: 0 1; }
    SquareGround #ground-keys { color: $text-muted; }
    """
    BINDINGS = [Binding("escape,g,enter,q", "close", "Close")]

    def __init__(self, op_map, square: tuple[int, int]) -> None:
        super().__init__()
        self.lines = ground_lines(op_map, square)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("\n".join(self.lines), id="ground-body", markup=False)
            yield Static(CLOSE_KEYS, id="ground-keys", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
