"""The new-game form: ruleset, both players' names, the ruleset's own
options (built from ``core.options.describe_options``) and a battlefield
that suits them.  Tab moves between fields, left/right change a choice."""

from __future__ import annotations

import random
from typing import Any

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from core.options import describe_options, option_problem
from tui.widgets import Cycler

SEATS = ("human", "easy", "normal", "hard")
SEAT_LABELS = ("a person", "the computer (easy)", "the computer (normal)", "the computer (hard)")


def _side_words(text: str) -> str:
    """Side numbers as players: "Side 0 team" -> "Player 1's team"."""
    for side in (0, 1):
        text = text.replace(f"Side {side} ", f"Player {side + 1}'s ").replace(f"side {side}", f"player {side + 1}")
    return text


def option_label(info) -> str:
    return _side_words(info.label)


def choice_label(info, value) -> str:
    """A choice in words: enum members by their value, sides as players."""
    import enum

    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, int) and not isinstance(value, bool) and set(info.choices) == {0, 1}:
        return f"Player {value + 1}"
    return _side_words(str(value)).replace("-", " ")


def option_values(info) -> tuple[list, list[str]] | None:
    """Values a Cycler offers for one option, or None for a free text field."""
    if info.choices:
        return list(info.choices), [choice_label(info, c) for c in info.choices]
    if info.kind is bool or isinstance(info.default, bool):
        return [True, False], ["yes", "no"]
    if (isinstance(info.default, int) and info.minimum is not None and info.maximum is not None
            and info.maximum - info.minimum <= 1000):  # a seed's range is typed, not cycled
        values = list(range(info.minimum, info.maximum + 1))
        return values, [str(v) for v in values]
    return None


class NewGameScreen(Screen[None]):
    DEFAULT_CSS = """
    NewGameScreen VerticalScroll { height: 1fr; }
    NewGameScreen .row { height: auto; margin: 0 0 0 0; }
    NewGameScreen .row > Cycler { height: auto; }
    NewGameScreen .row > Label { width: 22; }
    NewGameScreen Input { height: 1; border: none; padding: 0 1; width: 1fr; }
    /* Input's own :focus rule draws a tall border, which at height 1 leaves
       only the border (a row of ▔) and hides what is typed. */
    NewGameScreen Input:focus { border: none; background: $accent 30%; }
    NewGameScreen #bf-about, NewGameScreen #problem { color: $text-muted; height: auto; }
    NewGameScreen #problem { color: $warning; }
    NewGameScreen Button { margin: 1 0 0 22; }
    """
    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("ctrl+g,f5", "start", "Start game"),
    ]

    def __init__(self) -> None:
        super().__init__()
        from core.registry import rulesets

        self.rulesets = rulesets()
        self.battlefields: list = []
        self.bf_error = ""
        try:
            from tui.persistence import battlefields

            self.battlefields = battlefields()
        except Exception as exc:
            self.bf_error = str(exc)
        self.generation = 0

    def compose(self) -> ComposeResult:
        yield Static("[b]New game[/b]  Tab: next field · ←/→: change · Enter on Start (or ctrl+g)")
        with VerticalScroll():
            with Horizontal(classes="row"):
                yield Label("Ruleset")
                yield Cycler([r.name for r in self.rulesets], [r.title for r in self.rulesets], id="ruleset")
            with Horizontal(classes="row"):
                yield Label("Player 1")
                yield Input("Player 1", id="p0", max_length=24)
            with Horizontal(classes="row"):
                yield Label("Player 2")
                yield Input("Player 2", id="p1", max_length=24)
            for i in (0, 1):  # a person, or the computer (both: watch it play itself)
                with Horizontal(classes="row"):
                    yield Label(f"Player {i + 1} is")
                    yield Cycler(list(SEATS), list(SEAT_LABELS), 0, id=f"seat{i}")
            yield Vertical(id="options")
            with Horizontal(classes="row"):
                yield Label("Battlefield")
                yield Cycler([], id="battlefield")
            yield Static("", id="bf-about", markup=False)
            yield Static("", id="problem", markup=False)
            yield Button("Start game", id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ruleset", Cycler).focus()
        self._build_options()

    # -- the form follows the ruleset ------------------------------------------
    def ruleset(self):
        name = self.query_one("#ruleset", Cycler).value
        return next((r for r in self.rulesets if r.name == name), None)

    def _build_options(self) -> None:
        box = self.query_one("#options", Vertical)
        box.remove_children()
        rules = self.ruleset()
        if rules is None:
            self._update_battlefields()
            return
        self.generation += 1
        rows = []
        for info in describe_options(rules.options_type):
            values = option_values(info)
            wid = f"opt-{self.generation}-{info.name}"
            if values is None:
                field = Input(str(info.default), id=wid, type="integer" if isinstance(info.default, int) else "text")
            else:
                vals, labels = values
                field = Cycler(vals, labels, vals.index(info.default) if info.default in vals else 0, id=wid)
            field.tooltip = _side_words(info.help)
            rows.append(Horizontal(Label(option_label(info)), field, classes="row"))
        box.mount_all(rows)
        box.styles.height = "auto"
        self.call_after_refresh(self._update_battlefields)

    def options(self) -> Any:
        rules = self.ruleset()
        values = {}
        for info in describe_options(rules.options_type):
            try:
                field = self.query_one(f"#opt-{self.generation}-{info.name}")
            except Exception:
                continue
            if isinstance(field, Cycler):
                values[info.name] = field.value
            else:
                text = field.value.strip()
                values[info.name] = int(text) if isinstance(info.default, int) and text.lstrip("-").isdigit() else (
                    info.default if isinstance(info.default, int) else text)
        return rules.options_type(**values)

    def _update_battlefields(self) -> None:
        rules = self.ruleset()
        cycler = self.query_one("#battlefield", Cycler)
        fitting = []
        if rules is not None:
            try:
                options = self.options()
            except Exception:
                options = rules.default_options()
            from tui.rulesets.optio_handoff import plain_battlefields_apply

            if plain_battlefields_apply(rules):
                fitting = [bf for bf in self.battlefields if rules.check_options(options, bf) is None]
        names = [bf.name for bf in fitting]
        current = cycler.value
        default = current if current in names else (rules.default_battlefield if rules else None)
        cycler.values = fitting
        cycler.labels = [f"{bf.name} ({bf.width}x{bf.height})" for bf in fitting]
        if rules is not None:  # saved Optio results, "play an Optio pre-game first", Optio's maps
            from tui.rulesets.optio_handoff import extra_sources

            for label, source in extra_sources(rules, options):
                cycler.values.append(source)
                cycler.labels.append(label)
        cycler.index = names.index(default) if default in names else 0
        cycler._show()
        self._show_battlefield()

    def _show_battlefield(self) -> None:
        bf = self.query_one("#battlefield", Cycler).value
        about = self.query_one("#bf-about", Static)
        if bf is None:
            about.update(self.bf_error or "No shipped battlefield suits these options.")
        else:
            about.update(bf.description or "")

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        if event.cycler.id == "ruleset":
            self._build_options()
        elif event.cycler.id == "battlefield":
            self._show_battlefield()
        elif event.cycler.id in ("seat0", "seat1"):
            pass
        else:
            self._update_battlefields()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("opt-"):
            self._update_battlefields()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    # -- starting -------------------------------------------------------------------
    def action_start(self) -> None:
        from core.game import start

        problem = self.query_one("#problem", Static)
        rules = self.ruleset()
        if rules is None:
            problem.update("No ruleset is installed.")
            return
        try:
            options = self.options()
        except Exception as exc:
            problem.update(f"Those options do not fit: {exc}")
            return
        why = option_problem(options)
        if not self.query_one("#battlefield", Cycler).values:
            self._update_battlefields()  # started before the form's first refresh filled the list
        bf = self.query_one("#battlefield", Cycler).value
        if why is None and bf is None:
            why = "Choose a battlefield."
        if why is None and not getattr(bf, "pre_game", False):
            why = rules.check_options(options, bf)
        if why:
            problem.update(why)
            return
        names = tuple(self.query_one(f"#p{i}", Input).value.strip() or f"Player {i + 1}" for i in (0, 1))
        if names[0] == names[1]:
            names = (names[0], names[1] + " (2)")
        seats = tuple(self.query_one(f"#seat{i}", Cycler).value for i in (0, 1))
        if getattr(bf, "pre_game", False):  # decide the battlefield by an Optio pre-game first
            from tui.rulesets.optio_handoff import start_pre_game

            problem.update(start_pre_game(self.app, rules, options, names, replace=self, seats=seats) or "")
            return
        try:
            game = start(rules, options, bf, seed=random.randrange(2**31), players=names)
        except ValueError as exc:
            problem.update(str(exc))
            return
        self.app.start_game(game, replace=self, seats=seats)

    def action_close(self) -> None:
        self.dismiss(None)


def with_option(options: Any, **changes: Any) -> Any:
    return attrs.evolve(options, **changes)
