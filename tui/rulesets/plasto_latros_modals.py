"""Modals of the Plasto Latros screen: the facing compass asked after a
destination is chosen, and a menu whose entries may lead to that compass.
(The passing question is the shared ``p`` key's, in tui.game_screen.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static

from core.board import Facing
from core.orders import Order
from tui.board import DIRECTION_KEYS
from tui.modals import ChoiceMenu

# Rows of the compass as drawn: each a facing (or None for the mini itself).
COMPASS = (
    (Facing.NW, Facing.N, Facing.NE),
    (Facing.W, None, Facing.E),
    (Facing.SW, Facing.S, Facing.SE),
)


class FacingPicker(ModalScreen[Any]):
    """"Face which way?": the direction keys point, Enter confirms.

    ``choices`` maps each facing the legal orders allow to the order that
    ends with it; the other directions are drawn as dots and refused.
    Dismisses with the chosen order, or None on Escape.  When the facing
    the mini has now is not offered (a turn in place) nothing is pointed
    at until a direction key is pressed, and Enter before that only says
    so: a stray Enter never spends a Movement on a turn.  ``pointed``
    False starts on nothing even when the facing it has now is offered:
    a final-turn relocation to the mini's own cell (it stays put), which a
    stray Enter would otherwise spend at once (a tester, t2).
    """

    DEFAULT_CSS = """
    FacingPicker Label { width: 100%; }
    FacingPicker { align: center middle; }
    FacingPicker > Vertical { width: 70; max-width: 96%; height: auto; border: round $accent;
        background: $panel; padding: 0 1; }
    FacingPicker #facing-head { height: auto; }
    FacingPicker #facing-words { width: 1fr; height: auto; }
    FacingPicker #facing-title { text-style: bold; width: 100%; }
    FacingPicker #compass { width: 12; height: 3; }
    FacingPicker #facing-hint { color: $text-muted; }
    FacingPicker #facing-scroll { height: auto; }
    """
    BINDINGS = [
        *(Binding(keys, f"point('{f.value}')", f.value, show=False) for f, keys in DIRECTION_KEYS.items()),
        Binding("enter,space,5,kp_begin", "confirm", "Confirm"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, title: str, choices: Mapping[Facing, Order], initial: Facing | None = None,
                 notes: Mapping[Facing, str] | None = None, pointed: bool = True) -> None:
        super().__init__()
        self.picker_title = title
        self.choices = dict(choices)
        self.notes = dict(notes or {})  # what each facing would do (attack, lock, target)
        # The compass starts on the way the mini faces now when that ends the
        # Movement too (a move keeping its facing); otherwise (or not
        # ``pointed``: staying put) on nothing.
        self.initial = initial
        self.facing: Facing | None = initial if pointed and initial in self.choices else None

    def compose(self) -> ComposeResult:
        # The compass beside the words, not above them: the box covers as
        # little of the board as it can (80x24).
        with Vertical():
            with Horizontal(id="facing-head"):
                yield Static(self._compass(), id="compass", markup=False)
                with Vertical(id="facing-words"):
                    yield Label(self.picker_title, id="facing-title", markup=False)
                    yield Label(self._now(), id="facing-now", markup=False)
                    yield Label("arrows hjkl yubn keypad: point · Enter: ok · Esc: back",
                                id="facing-hint", markup=False)
            if self.notes:
                with VerticalScroll(id="facing-scroll"):  # never taller than the screen leaves it
                    yield Static(self._outcomes(), id="facing-outcomes", markup=False)

    def _compass(self) -> str:
        rows = []
        for row in COMPASS:
            cells = []
            for facing in row:
                if facing is None:
                    cells.append(" ● ")
                elif facing is self.facing:
                    cells.append(f"[{facing.arrow}]")
                elif facing is self.initial and (facing not in self.choices or self.facing is None):
                    # the way it faces now: not offered (a turn), or not pointed at yet (staying put)
                    cells.append(f"({facing.arrow})")
                elif facing in self.choices:
                    cells.append(f" {facing.arrow} ")
                else:
                    cells.append(" · ")
            rows.append(" ".join(cells))
        return "\n".join(rows)

    def _now(self) -> str:
        if self.facing is None:
            now = f"Faces {self.initial.value} now ({self.initial.arrow}): " if self.initial is not None else ""
            if self.initial in self.choices:  # staying put: keeping that facing is offered too
                return f"{now}point a facing (that one too), then Enter."
            return f"{now}point the new facing, then Enter."
        note = self.notes.get(self.facing)
        return f"Facing {self.facing.value} {self.facing.arrow}: {note}" if note else (
            f"Facing {self.facing.value} {self.facing.arrow}   (· = not allowed)")

    def _outcomes(self) -> str:
        """Every facing offered, one line each (the pointed one marked): the
        safe ones too, which are the ones a player looks for."""
        rows = [f"{'▶' if f is self.facing else ' '} {f.arrow} {f.value:<2} {self.notes[f]}"
                for f in Facing if f in self.notes]
        return "\n".join(rows)

    # Rows of the box around the list of outcomes (border, and beside the
    # compass the title, the pointed facing's line and the hint, wrapped), at their most.
    FRAME_ROWS = 8

    def on_mount(self) -> None:
        self.on_resize()

    def on_resize(self, event: Any = None) -> None:
        """The list of outcomes scrolls rather than push the box off a short
        screen (80x24: every facing that does something, wrapped)."""
        for scroll in self.query("#facing-scroll"):
            scroll.styles.max_height = max(3, self.app.size.height - self.FRAME_ROWS)
        self.call_after_refresh(self._fit_list)

    def _fit_list(self) -> None:
        """Once laid out: the list takes what the head (compass and words,
        however they wrapped) and the border leave of the screen."""
        for scroll in self.query("#facing-scroll"):
            head = self.query_one("#facing-head").outer_size.height
            scroll.styles.max_height = max(3, self.app.size.height - head - 2)

    def action_point(self, value: str) -> None:
        facing = Facing(value)
        if facing not in self.choices:
            why = (f"It faces {value} already: a turn must face another way." if facing is self.initial
                   else f"Facing {value} is not possible here.")
            self.notify(why, severity="warning", timeout=2)
            return
        self.facing = facing
        self.query_one("#compass", Static).update(self._compass())
        self.query_one("#facing-now", Label).update(self._now())
        if self.notes:
            self.query_one("#facing-outcomes", Static).update(self._outcomes())

    def action_confirm(self) -> None:
        if self.facing is None:  # nothing pointed at yet: no Movement spent on a stray Enter
            self.query_one("#facing-now", Label).update("Nothing pointed yet. " + self._now())
            self.app.bell()
            return
        self.dismiss(self.choices[self.facing])

    def action_cancel(self) -> None:
        self.dismiss(None)


@attrs.frozen
class FacingStep:
    """A menu entry that leads to the facing compass."""

    title: str
    choices: Mapping[Facing, Order]
    initial: Facing | None = None
    notes: Mapping[Facing, str] | None = None  # what each facing would attack or lock
    pointed: bool = True  # start on the facing it has now when offered (FacingPicker)

    def picker(self) -> FacingPicker:
        return FacingPicker(self.title, self.choices, self.initial, self.notes, self.pointed)


class StepMenu(ChoiceMenu):
    """A :class:`ChoiceMenu` whose values are orders or :class:`FacingStep`s;
    picking a step opens the compass and its answer is this menu's answer
    (Escape on the compass comes back here).  While the compass is open
    the menu steps aside (its box hidden, no second shade over the board):
    at 80x24 its border and title showed around the compass."""

    DEFAULT_CSS = """
    StepMenu.-behind { background: transparent; }
    StepMenu.-behind > Vertical { display: none; }
    """

    def _pick(self, value: Any) -> None:
        if isinstance(value, FacingStep):
            def answered(order: Any) -> None:
                if order is not None:
                    self.dismiss(order)
                    return
                self.remove_class("-behind")  # back to the menu, its highlight where it was
                for menu in self.query(OptionList).results():
                    menu.focus()

            self.add_class("-behind")
            self.app.push_screen(value.picker(), answered)
        else:
            self.dismiss(value)

    def on_key(self, event) -> None:
        if event.character and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < len(self.choices) and self.choices[index][1] is not None:
                event.stop()
                event.prevent_default()  # not ChoiceMenu.on_key as well
                self._pick(self.choices[index][1])

    def on_option_list_option_selected(self, event) -> None:
        event.stop()
        event.prevent_default()
        self._pick(self.choices[int(event.option.id[1:])][1])
