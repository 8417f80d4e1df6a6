"""Know your warband: the list of every figure (``f``) and the cursor card.

Both draw from the seat's view alone (``GameScreen.view_state``, what the
side on screen may see) through one hook of the ruleset adapter,
``figure_lines(view, unit, side)`` (:mod:`tui.rulesets.base`): your own
figures with their wounds, defence or Threshold, weapons, ammunition and
status, then the enemy's as far as your side may see them (a figure the
adapter answers None for is not listed: a hidden Platemail skulker, an
Optio block not yet revealed).  Enter on a figure in the list moves the
board cursor to it; Esc closes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.ruleset import UnitView

CARD_ROWS = (2, 10)  # the cursor card's fewest and most rows under the side panel

# One entry of the list: the figure's id, its lines, where it stands (None: not on the board).
Entry = tuple[str, list[str], Any]


def warband_sections(adapter: Any, view: Any, units: Sequence[UnitView], side: int | None,
                     players: Sequence[str]) -> list[tuple[str, list[Entry]]]:
    """The list's sections, each (heading, entries): the side at the
    keyboard first, then the other; with no side at the keyboard, both as
    seen by nobody in particular.  Drawn from ``view`` and ``units`` (the
    seat's own) only."""
    order = [side, 1 - side] if side in (0, 1) else [0, 1]
    out = []
    for s in order:
        entries, unlisted = [], 0
        for unit in units:
            if unit.side != s:
                continue
            lines = adapter.figure_lines(view, unit, side)
            if lines is None:
                unlisted += 1
                continue
            entries.append((unit.id, list(lines), unit.pos))
        name = players[s] if s < len(players) else f"Side {s}"
        if side in (0, 1):
            heading = f"Your warband ({name})" if s == side else f"{name}'s, as far as you can see"
        else:
            heading = f"{name}'s warband"
        if unlisted:
            heading += f" · {unlisted} more you cannot see"
        if entries or unlisted:
            out.append((heading, entries))
    return out


class WarbandList(ModalScreen[Any]):
    """Every figure, a few lines each; Enter dismisses with the figure's id
    (the screen moves the cursor to it), Esc with None."""

    DEFAULT_CSS = """
    WarbandList { align: center middle; }
    WarbandList > Vertical { width: 78; max-width: 98%; height: 96%; border: round $accent;
        background: $panel; padding: 0 1; }
    WarbandList #warband-title { text-style: bold; width: 100%; }
    WarbandList OptionList, WarbandList OptionList:focus { height: 1fr; border: none; }
    WarbandList #warband-hint { color: $text-muted; width: 100%; }
    """
    BINDINGS = [Binding("escape,f,q", "cancel", "Close")]

    def __init__(self, title: str, sections: Sequence[tuple[str, Sequence[Entry]]]) -> None:
        super().__init__()
        self.list_title = title
        self.sections = [(heading, list(entries)) for heading, entries in sections]
        self.ids: list[str | None] = []  # option index -> figure id (None: a heading)

    def compose(self) -> ComposeResult:
        options = []
        for heading, entries in self.sections:
            options.append(Option(f"── {heading} ──", id=f"h{len(self.ids)}", disabled=True))
            self.ids.append(None)
            for uid, lines, pos in entries:
                where = "" if pos is not None else " (not on the board)"
                text = "\n".join([lines[0] + where, *("  " + line for line in lines[1:])])
                options.append(Option(text, id=f"u{len(self.ids)}"))
                self.ids.append(uid)
        with Vertical():
            yield Static(self.list_title, id="warband-title", markup=False)
            yield OptionList(*options, id="warband-list", markup=False)
            yield Static("↑↓ choose · Enter: the cursor to it · Esc close", id="warband-hint", markup=False)

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.focus()
        first = next((i for i, uid in enumerate(self.ids) if uid is not None), None)
        if first is not None:
            menu.highlighted = first

    def entries(self) -> list[str]:
        """The figures listed, in order (ids)."""
        return [uid for uid in self.ids if uid is not None]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        uid = self.ids[int(str(event.option.id)[1:])]
        if uid is not None:
            self.dismiss(uid)

    def action_cancel(self) -> None:
        self.dismiss(None)


def open_warband(screen: Any) -> None:
    """``f`` on the game screen: every figure as the keyboard's side sees
    it; the one chosen gets the cursor."""
    from tui.board import BoardView

    board = screen.query_one(BoardView)
    if screen.modal_open or board.picture is None or board.picture.hidden or screen.view_state is None:
        return
    sections = warband_sections(screen.adapter, screen.view_state, screen.units, screen.keyboard_side,
                                screen.game.players)
    units = {u.id: u for u in screen.units}

    def picked(uid: Any) -> None:
        unit = units.get(uid) if uid is not None else None
        if unit is not None and unit.pos is not None:
            board.move_cursor(unit.pos)
        screen.redraw_panel_only()

    screen.open_modal(WarbandList("Figures (f) · as your side sees them", sections), picked)
