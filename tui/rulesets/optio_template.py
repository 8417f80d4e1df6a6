"""Placing the Optio template by keys, with a live preview.

The arrows shift the template one small square on the map (at most one
each way from the centred position, as the seed allows); the map shows the
template's cells lit, the side panel the 16 x 8 cut-out as the battle will
see it (Green's edge at the top) and whether this shift is allowed (it may
not take in more impassable ground or map edge than the centred template).
Enter places it; Esc goes back to the map (``o`` reopens this screen).
The screen returns a ``place-template`` order; it never changes the game.
A shift or a placing refused is said in the keys row at the bottom, in
place of the keys until the next shift (never a pop-up over the map).

The rule's words, forward and right, are the placer's own frame: facing
the other army's edge (docs/rulings.md, "Template").  The panel says that
frame and which arrow on screen each word is (:func:`frame_lines`), and
the shift in the rule's words with its arrows (:func:`shift_words`).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from core.rulesets.optio import template as tpl
from core.rulesets.optio.maps import EDGE_GLYPH, SMALL
from core.rulesets.optio.orders import PlaceTemplate
from core.rulesets.optio.ruleset import operational_battlefield
from core.rulesets.optio.state import SIDE_NAMES
from tui.board import BoardView
from tui.picture import Picture

# The map is drawn north up: a delta on it, as the arrow key that moves that way.
ARROWS = {(0, -1): "↑", (0, 1): "↓", (-1, 0): "←", (1, 0): "→"}
SCREEN_WORDS = {(0, -1): "up", (0, 1): "down", (-1, 0): "left", (1, 0): "right"}
GLYPH_KEY = ". open  = road  T woods  1-3 hill\n% marsh  ~ water  # rock  X off map"
KEYS = "arrows: shift the template · Enter: place · Esc: back to the map"
PAST_THE_LIMIT = "The template moves at most one small square each way from the centre."
NOT_ALLOWED = "Not allowed: that takes in more impassable ground or map edge than centred; shift it back."


def preview_text(rows) -> str:
    """The cut-out, one glyph every two columns, Green's edge on top."""
    body = "\n".join(" ".join(row) for row in rows)
    return f"{SIDE_NAMES[0]}'s edge (top)\n{body}\n{SIDE_NAMES[1]}'s edge (bottom)"


def frame_deltas(second_edge) -> tuple[tuple[int, int], tuple[int, int]]:
    """Forward and right as deltas on the map (north up)."""
    return second_edge.delta, tpl.right_of(second_edge).delta


def frame_lines(player: str, other_side: int, second_edge) -> list[str]:
    """Who faces which way, and the arrow each of the rule's words is:
    ``Ann faces Red's edge; on screen:`` / ``forward ↓  back ↑  right ←  left →``."""
    (fx, fy), (rx, ry) = frame_deltas(second_edge)
    arrows = (f"forward {ARROWS[fx, fy]}  back {ARROWS[-fx, -fy]}  "
              f"right {ARROWS[rx, ry]}  left {ARROWS[-rx, -ry]}")
    return [f"{player} faces {SIDE_NAMES[other_side]}'s edge; on screen:", arrows]


def shift_words(forward: int, right: int, second_edge) -> str:
    """The shift in the rule's words with the arrow of each part:
    ``none (centred)`` or ``1 back (↑), 1 right (←)``."""
    (fx, fy), (rx, ry) = frame_deltas(second_edge)
    parts = []
    if forward:
        parts.append(f"1 {'forward' if forward > 0 else 'back'} ({ARROWS[fx * forward, fy * forward]})")
    if right:
        parts.append(f"1 {'right' if right > 0 else 'left'} ({ARROWS[rx * right, ry * right]})")
    return ", ".join(parts) if parts else "none (centred)"


def shift_on_map(forward: int, right: int, second_edge) -> str:
    """The same shift as directions on the map (north up): ``up and left``,
    "" when centred."""
    (fx, fy), (rx, ry) = frame_deltas(second_edge)
    parts = []
    if forward:
        parts.append(SCREEN_WORDS[fx * forward, fy * forward])
    if right:
        parts.append(SCREEN_WORDS[rx * right, ry * right])
    return " and ".join(parts)


class TemplateScreen(ModalScreen[Any]):
    AUTO_FOCUS = None
    DEFAULT_CSS = """
    TemplateScreen Label { width: 100%; }
    TemplateScreen { background: $background; }
    TemplateScreen #tpl-title { height: 1; background: $primary-background; text-style: bold; padding: 0 1; }
    TemplateScreen #tpl-main { height: 1fr; }
    TemplateScreen BoardView { width: 1fr; height: 1fr; }
    TemplateScreen #tpl-side { width: 36; padding: 0 0 0 1; border-left: vkey $primary; }
    TemplateScreen #tpl-keys { height: auto; max-height: 2; color: $text-muted; padding: 0 1; }
    TemplateScreen #tpl-keys.refused { color: $warning; }
    """
    BINDINGS = [
        Binding("up,k,8", "shift(0,-1)", "Shift ↑", show=False),
        Binding("down,j,2", "shift(0,1)", "Shift ↓", show=False),
        Binding("left,h,4", "shift(-1,0)", "Shift ←", show=False),
        Binding("right,l,6", "shift(1,0)", "Shift →", show=False),
        Binding("enter,space", "place", "Place"),
        Binding("escape", "cancel", "Back to the map"),
    ]

    def __init__(self, game: Any, side: int) -> None:
        super().__init__()
        self.side = side
        self.view_state = game.view(side)
        self.player = game.players[side]
        self.forward = 0
        self.right = 0
        self.allowed = True
        state = self.view_state
        self.forward_delta = state.second_edge.delta
        self.right_delta = tpl.right_of(state.second_edge).delta
        self.field = operational_battlefield(state)

    def compose(self) -> ComposeResult:
        yield Label(f"{self.player}: place the template", id="tpl-title")
        with Horizontal(id="tpl-main"):
            board = BoardView(id="tpl-board")
            board.can_focus = False  # the arrows shift the template, not the cursor
            yield board
            with Vertical(id="tpl-side"):
                yield Static("", id="tpl-preview", markup=False)
                yield Static("", id="tpl-status", markup=False)
        yield Static(KEYS, id="tpl-keys", markup=False)

    def on_mount(self) -> None:
        self._draw()
        self.call_after_refresh(self._centre_board)

    def _centre_board(self) -> None:
        (x0, y0), w, h = tpl.template_box(self.view_state.meeting, self.view_state.second_edge,
                                          self.forward, self.right)
        board = self.query_one(BoardView)
        # Bring both corners into view (the far one first), then rest on the centre.
        board.move_cursor((min(39, max(0, x0 + w - 1)), min(39, max(0, y0 + h - 1))), announce=False)
        board.move_cursor((min(39, max(0, x0)), min(39, max(0, y0))), announce=False)
        board.move_cursor((min(39, max(0, x0 + w // 2)), min(39, max(0, y0 + h // 2))), announce=False)

    # -- the picture ----------------------------------------------------------------
    def order(self) -> PlaceTemplate:
        return PlaceTemplate(self.side, self.forward, self.right)

    def say(self, text: str) -> None:
        """Why a key did nothing, in the keys row (the keys come back with the next shift)."""
        keys = self.query_one("#tpl-keys", Static)
        keys.update(f"✗ {text}")
        keys.add_class("refused")
        self.app.bell()

    def _draw(self) -> None:
        keys = self.query_one("#tpl-keys", Static)
        keys.update(KEYS)
        keys.remove_class("refused")
        state = self.view_state
        cells = tpl.box_cells(*tpl.template_box(state.meeting, state.second_edge, self.forward, self.right))
        self.query_one(BoardView).show(Picture(
            battlefield=self.field,
            highlights=frozenset(c for c in cells if self.field.in_bounds(c)),
            grid=SMALL,
        ))
        cut = tpl.cut(state.map, state.meeting, state.second_edge, 1 - self.side, self.side,
                      self.forward, self.right)
        self.query_one("#tpl-preview", Static).update(preview_text(cut.rows))
        self.allowed = tpl.shift_allowed(state.map, state.meeting, state.second_edge, self.forward, self.right)
        base = tpl.counts(state.map, *tpl.template_box(state.meeting, state.second_edge))
        now = tpl.counts(state.map, *tpl.template_box(state.meeting, state.second_edge, self.forward, self.right))
        verdict = "ALLOWED: Enter places it" if self.allowed else (
            "NOT ALLOWED: more rock/water or map edge than the centred template")
        lines = [
            *frame_lines(self.player, 1 - self.side, state.second_edge),
            f"Shift: {shift_words(self.forward, self.right, state.second_edge)}",
            f"Impassable {now[0]} (centred {base[0]}), off map {now[1]} (centred {base[1]})",
            verdict,
            "",
            GLYPH_KEY.replace("X off map", f"{EDGE_GLYPH} off map"),
        ]
        self.query_one("#tpl-status", Static).update("\n".join(lines))

    # -- keys -----------------------------------------------------------------------
    def action_shift(self, dx: int, dy: int) -> None:
        fx, fy = self.forward_delta
        rx, ry = self.right_delta
        forward = self.forward + dx * fx + dy * fy
        right = self.right + dx * rx + dy * ry
        if forward not in tpl.SHIFTS or right not in tpl.SHIFTS:
            self.say(PAST_THE_LIMIT)
            return
        self.forward, self.right = forward, right
        self._draw()
        self._centre_board()

    def action_place(self) -> None:
        if not self.allowed:
            self.say(NOT_ALLOWED)
            return
        self.dismiss(self.order())

    def action_cancel(self) -> None:
        self.dismiss(None)
