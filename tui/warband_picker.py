"""Choosing a side's force in the new-game form: a row per side that shows
the force in a few words (Enter opens it), and the warband screen, a list
of the side's figures: ``a`` adds one (picked from a list, each kind with
its numbers), ``d`` removes one, Enter (or a choice's letter) changes a
choice of the figure under the cursor, each choice shown with its numbers.
What is wrong with the force is said under the list, in the ruleset's own
words.  The lists and their numbers come from :mod:`tui.warband_models`
(and through it from core)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.modals import ChoiceMenu
from tui.warband_models import Model, force_words

OPEN_KEYS = ("enter", "space")  # on a warband row: open its list
OPENING_WAIT = 1.0  # seconds: keys typed after Enter are held until its list shows


class WarbandField(Static, can_focus=True):
    """One side's force on the form, in words; Enter opens the list.

    Between Enter and the list showing, the keys that follow in the same
    burst still come here: another Enter (or space) opens nothing more (two
    lists stacked, the stale one under the other, lost its edits), and any
    other key is held and given to the list once it shows, as typed."""

    DEFAULT_CSS = """
    WarbandField { width: 1fr; height: auto; padding: 0 1; }
    WarbandField:focus { background: $accent 30%; text-style: bold; }
    """
    BINDINGS = [Binding(",".join(OPEN_KEYS), "open", "Choose figures", show=False)]

    class Open(Message):
        def __init__(self, field: WarbandField) -> None:
            super().__init__()
            self.field = field

    def __init__(self, side: int, model: Model, figures: list[Any], *, id: str | None = None) -> None:
        super().__init__(self.words(model, figures), id=id, markup=False)
        self.side = side
        self.held_keys: list[events.Key] | None = None  # None: no list opening

    @staticmethod
    def words(model: Model, figures: list[Any]) -> str:
        return f"{force_words(model, figures)} ({len(figures)}) ▸"

    def show(self, model: Model, figures: list[Any]) -> None:
        self.update(self.words(model, figures))

    def action_open(self) -> None:
        if self.held_keys is not None:
            return  # already opening: one list
        self.held_keys = []
        self.app.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        self.post_message(self.Open(self))
        # Should the form open nothing after all, the keys go on as typed.
        self.set_timer(OPENING_WAIT, self._opened_nothing)

    def _opened_nothing(self) -> None:
        if self.held_keys is not None and self.app.screen is self.screen:
            self._pass_held(self.screen)

    def _screen_changed(self, screen: Any) -> None:
        if self.held_keys is not None and screen is not self.screen:
            self._pass_held(screen)

    def _pass_held(self, screen: Any) -> None:
        """Give the keys held since Enter to ``screen`` (the list, pushed
        on top), in order, ahead of any typed after them."""
        held, self.held_keys = self.held_keys or [], None
        self.app.screen_change_signal.unsubscribe(self)
        if held:
            # After the list's own mount (it focuses its figures), to the
            # widget it focused, as the App hands a key on (forwarded).
            screen.call_later(self._replay, screen, held)

    @staticmethod
    def _replay(screen: Any, held: list[events.Key]) -> None:
        target = screen.focused or screen
        for key in held:
            target._forward_event(key)

    # Enter acts when it reaches the field, not once it has climbed to the
    # App (an ordinary binding's turn): by then the keys typed behind it
    # would have gone by unheld (tui/form_keys.py says why).
    async def _on_key(self, event: events.Key) -> None:
        opening = event.key in OPEN_KEYS
        if opening or self.held_keys is not None:
            event.stop()
            event.prevent_default()
            if self.held_keys is None:
                self.action_open()
            elif not opening:  # a fresh copy: this one is stopped here
                self.held_keys.append(events.Key(event.key, event.character))
            return
        await super()._on_key(event)

    def on_click(self) -> None:
        self.action_open()


class PickMenu(ChoiceMenu):
    """A :class:`ChoiceMenu` of one choice's values (each with its
    numbers), starting at the current one; dismisses with an index."""

    DEFAULT_CSS = """
    PickMenu > Vertical { width: 80; max-width: 100%; }
    PickMenu OptionList { max-height: 16; }
    """

    def __init__(self, title: str, choices: Sequence[str], current: int = 0) -> None:
        super().__init__(title, [(words, index) for index, words in enumerate(choices)],
                         "↑↓ choose · Enter take it · Esc keep as it was")
        self.start = current

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).highlighted = max(0, self.start)


class SlotMenu(PickMenu):
    """"Change figure": the figure's choices, each with the letter that
    picks it (as in the list one level up), besides its digit and Enter."""

    def __init__(self, title: str, slots: Sequence[Any]) -> None:
        super().__init__(title, [f"{s.title}: {s.current_words}   ({s.key})" for s in slots])
        self.hint = "↑↓ choose · Enter or a choice's letter: change it · Esc keep as it was"
        self.letters = [s.key for s in slots]

    def on_key(self, event) -> None:
        # Before the menu's own letters (k moves up): the letter shown wins.
        if event.character and event.character in self.letters:
            event.stop()
            event.prevent_default()
            self.chosen(self.letters.index(event.character))
            return
        super().on_key(event)


class WarbandScreen(ModalScreen[Any]):
    """One side's figures; dismisses with the options the list gives."""

    DEFAULT_CSS = """
    WarbandScreen { align: center middle; }
    WarbandScreen > Vertical { width: 80; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 1; }
    WarbandScreen Label, WarbandScreen Static { width: 100%; }
    WarbandScreen #wb-title { text-style: bold; }
    WarbandScreen OptionList, WarbandScreen OptionList:focus { height: auto; max-height: 10; border: none; }
    WarbandScreen #wb-stats { height: auto; }
    WarbandScreen #wb-note, WarbandScreen #wb-keys { color: $text-muted; height: auto; }
    WarbandScreen #wb-why { color: $warning; height: auto; }
    """
    BINDINGS = [
        Binding("escape", "done", "Done"),
        Binding("a,insert,plus", "add", "Add"),
        Binding("d,delete,minus", "remove", "Remove"),
        Binding("t", "preset", "Team", show=False),
        Binding("ctrl+g,f5", "done_and_start", "Start game", show=False),
    ]

    def __init__(self, model: Model, options: Any, side: int, title: str,
                 check: Callable[[Any], str | None]) -> None:
        super().__init__()
        self.model = model
        self.options = options
        self.side = side
        self.title_text = title
        self.check = check  # the form's own check of a whole set of options

    @property
    def figures(self) -> list[Any]:
        return self.model.figures(self.options, self.side)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="wb-title", markup=False)
            yield OptionList(id="wb-list")
            yield Static("", id="wb-stats", markup=False)
            if self.model.note:
                yield Static(self.model.note, id="wb-note", markup=False)
            yield Static("", id="wb-why", markup=False)
            yield Static(self._keys(), id="wb-keys", markup=False)

    def _keys(self) -> str:
        letters = []
        figures = self.figures
        if figures:
            letters = [f"{s.key} {s.title.split()[0].lower()}" for s in self.model.slots(figures[0], self.options)]
        keys = ["↑↓ figure", "Enter change", "a add", "d remove", *letters]
        if self.model.presets():
            keys.append("t a team")
        return " · ".join(keys + ["Esc done", "ctrl+g start"])

    def on_mount(self) -> None:
        self._fill(0)
        self.query_one(OptionList).focus()

    def _fill(self, highlight: int) -> None:
        menu = self.query_one(OptionList)
        menu.clear_options()
        figures = self.figures
        for index, figure in enumerate(figures):
            menu.add_option(Option(f"{index + 1}. {self.model.summary(figure)}", id=f"f{index}"))
        menu.add_option(Option("+ add a figure", id="add"))
        menu.highlighted = max(0, min(highlight, len(figures)))
        self._show_figure()
        said = self.problem() or ""
        why = self.query_one("#wb-why", Static)
        why.update(said)
        why.display = bool(said)

    def problem(self) -> str | None:
        return self.model.side_problem(self.options, self.side) or self.check(self.options)

    def _index(self) -> int | None:
        menu = self.query_one(OptionList)
        index = menu.highlighted
        return index if index is not None and index < len(self.figures) else None

    def _show_figure(self) -> None:
        index = self._index()
        stats = self.query_one("#wb-stats", Static)
        if index is None:
            stats.update("a (or Enter here): add a figure")
        else:
            stats.update(self.model.stats(self.figures[index], self.options))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_figure()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == "add":
            self.action_add()
        else:
            self._change(None)

    def on_key(self, event) -> None:
        index = self._index()
        if index is None or not event.character:
            return
        keys = {s.key for s in self.model.slots(self.figures[index], self.options)}
        if event.character in keys and event.character not in ("a", "d", "t"):
            event.stop()
            self._change(event.character)

    # -- the changes ---------------------------------------------------------------
    def _set(self, figures: list[Any], highlight: int) -> None:
        self.options = self.model.with_figures(self.options, self.side, figures)
        self._fill(highlight)

    def action_add(self) -> None:
        kinds = self.model.kinds(self.options)

        def picked(choice: int | None) -> None:
            if choice is not None:
                figures = self.figures
                self._set(figures + [self.model.new(kinds[choice][0])], len(figures))

        self.app.push_screen(PickMenu("Add a figure", [words for _, words in kinds]), picked)

    def action_remove(self) -> None:
        index = self._index()
        if index is None:
            return
        figures = self.figures
        del figures[index]
        self._set(figures, index)

    def action_preset(self) -> None:
        presets = self.model.presets()
        if not presets:
            return

        def picked(choice: int | None) -> None:
            if choice is not None:
                self._set(list(presets[choice][0]), 0)

        self.app.push_screen(PickMenu("Start from a team (replaces this list)", [w for _, w in presets]), picked)

    def _change(self, key: str | None) -> None:
        index = self._index()
        if index is None:
            return
        figure = self.figures[index]
        slots = self.model.slots(figure, self.options)
        if key is None and len(slots) > 1:
            def slot_picked(choice: int | None) -> None:
                if choice is not None:
                    self._pick(index, slots[choice])

            self.app.push_screen(SlotMenu(f"Change {self.model.summary(figure)}", slots), slot_picked)
            return
        slot = slots[0] if key is None else next(s for s in slots if s.key == key)
        self._pick(index, slot)

    def _pick(self, index: int, slot: Any) -> None:
        values = [value for value, _ in slot.choices]
        current = values.index(slot.current) if slot.current in values else 0

        def picked(choice: int | None) -> None:
            if choice is not None:
                figures = self.figures
                figures[index] = self.model.change(figures[index], slot.key, values[choice])
                self._set(figures, index)

        title = f"{slot.title} of {self.model.summary(self.figures[index]).split(':')[0]} {index + 1}"
        self.app.push_screen(PickMenu(title, [words for _, words in slot.choices], current), picked)

    def action_done(self) -> None:
        self.dismiss(self.options)

    def action_done_and_start(self) -> None:
        """ctrl+g starts the game "from any field" (the form's words): the
        list is kept as Esc keeps it, then the form under it starts (or
        says what stops it), once it has taken the list."""
        form = self.app.screen_stack[-2]
        self.dismiss(self.options)
        if hasattr(form, "action_start"):  # its callback runs first (call_next), then this
            form.call_later(self.app.run_action, "start", form)
