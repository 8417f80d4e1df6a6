"""The new-game form: ruleset, both players' names and who plays them, the
ruleset's own options (built from ``core.options.describe_options``), each
side's force as a list of figures (``tui.warband_picker``) and a
battlefield that suits them.  Tab moves between fields, left/right change
a choice, Enter on a force opens its list, F1 shows the ruleset's rules.

The form remembers (``saves.settings``): the last ruleset, each ruleset's
last options, who played and the names are the next defaults.  The battle
after an Optio pre-game opens it pre-filled (:class:`Preset`)."""

from __future__ import annotations

import random
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from core.options import describe_options, option_label, option_problem, side_words
from tui.form_keys import TAB_MOVES_FIRST, InOrderInput
from tui.newgame_parts import (
    PLAYER_WORDS,
    SHOWN_ONLY_WHEN,
    NameInput,
    Preset,
    RulesetCycler,
    as_the_form_says,
    battlefield_about,
    battlefield_label,
    no_hosting_left,
    option_values,
    player_names,
    player_words,
    remembered_settings,
)
from tui.warband_models import model_for
from tui.warband_picker import WarbandField, WarbandScreen
from tui.widgets import Cycler

SEATS = ("human", "easy", "normal", "hard")
SEAT_LABELS = ("a person", "the computer (easy)", "the computer (normal)", "the computer (hard)")

# What the focused field is for, shown above the form: the tooltips a mouse
# would show, for the keyboard (the options' own help comes from the ruleset).
FIELD_HELP = {
    "ruleset": "The rules you play (F1 shows them).",
    "p0": "The name the board, the log and the result use for Player 1 (up to 24 characters).",
    "p1": "The name the board, the log and the result use for Player 2 (up to 24 characters).",
    "seat": "A person at this keyboard, or the computer: easy plays like a beginner, normal "
            "like a steady player, hard thinks longest and plays best.",
    "battlefield": "Where the battle is fought: every battlefield these options can be played on is "
                   "offered, those drawn for another ruleset too (named in brackets); its description "
                   "is below.",
    "battlefield-fixed": "The Optio pre-game chose this ground: the battle is fought on it. The ruleset "
                         "above can still be changed; the ground is cut for it.",
    "force": "This side's figures: Enter opens the list to add, change or remove them.",
    "start": "Starts the game with these choices (ctrl+g does too, from any field).",
}

# Under the battlefield when the form comes from an Optio pre-game's hand-off.
PRE_GAME_GROUND = ("Chosen by the Optio pre-game, so it cannot be changed here; the ruleset can, "
                   "and the ground is cut for it.")

# The host's form (``skirmish host``, h in the menu): Player 2's seat is the
# joiner's, whoever comes with the join code; only Player 1's (the host's)
# may be the computer (as ``skirmish host --computer LEVEL``).
HOST_SEAT_LABELS = ("you, at this terminal",) + SEAT_LABELS[1:]
JOINER_SEAT = ("human",), ("the person who joins with the code",)
HOST_FIELD_HELP = {
    "seat0": "You, at this terminal, or the computer playing your side against the person who "
             "joins (this terminal then looks on).",
    "seat1": "The other seat is the joiner's: whoever runs skirmish join with the code plays it. "
             "The computer cannot take it; for the computer on your side, choose it for Player 1.",
}


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
    /* The same for an integer field left blank (Input's -invalid rule): the
       problem line under the form says what is wrong with it. */
    NewGameScreen Input.-invalid, NewGameScreen Input.-invalid:focus { border: none; }
    NewGameScreen #bf-about, NewGameScreen #problem { color: $text-muted; height: auto; }
    NewGameScreen #field-help { color: $text-muted; height: auto; max-height: 3; }
    NewGameScreen #problem { color: $warning; }
    NewGameScreen Button { margin: 1 0 0 22; }
    """
    BINDINGS = [
        *TAB_MOVES_FIRST,  # "Ann", Tab, "Bob" typed in one burst: Bob goes in Player 2's name (tui/form_keys.py)
        Binding("escape", "close", "Back"),
        Binding("ctrl+g,f5", "start", "Start game"),
        Binding("f1", "rules", "Rules"),
    ]

    SEAT_CHOICES: tuple[str, ...] = SEATS  # who may fill each seat (the server's form offers others)
    SEAT_CHOICE_LABELS: tuple[str, ...] = SEAT_LABELS
    FIELD_HELP: dict[str, str] = FIELD_HELP

    def __init__(self, preset: Preset | None = None, hosted: bool = False) -> None:
        super().__init__()
        from core.registry import rulesets

        self.rulesets = rulesets()
        self.preset = preset
        self.hosted = hosted  # the host's form: Player 2 is whoever joins (HOST_FIELD_HELP)
        self.battlefields: list = []
        self.bf_error = ""
        try:
            from tui.persistence import battlefields

            self.battlefields = battlefields()
        except Exception as exc:
            self.bf_error = str(exc)
        self.remembered = remembered_settings()
        self.generation = 0
        self.built_for: str | None = None  # the ruleset the options are built for
        self.held: dict[str, Any] = {}  # the options the force lists stand for
        self.last_fitting: dict[str, list] = {}  # per ruleset: the last battlefield list something fitted
        self.choice_words: dict[str, list[str]] = {}  # this ruleset's choices that name a player, in words
        self.shown_when: dict[str, tuple[str, Any]] = {}  # a field shown only for one value of another's

    def _start_values(self) -> tuple[str | None, tuple[str, str], tuple[str, str]]:
        ruleset, players, seats = None, ("Player 1", "Player 2"), ("human", "human")
        kept = self.remembered
        if kept is not None:
            ruleset = kept.ruleset
            players = kept.players or players
            seats = kept.seats or seats
        if self.preset is not None:
            ruleset = self.preset.ruleset
            players = self.preset.players or players
            seats = self.preset.seats or seats
        return ruleset, players, seats

    def compose(self) -> ComposeResult:
        ruleset, players, seats = self._start_values()
        names = [r.name for r in self.rulesets]
        yield Static("[b]New game[/b]  Tab: next field · ←/→: change · Enter on Start (or ctrl+g)")
        yield Static("", id="field-help", markup=False)
        with VerticalScroll():
            with Horizontal(classes="row"):
                yield Label("Ruleset")
                yield RulesetCycler(names, [r.title for r in self.rulesets],
                             names.index(ruleset) if ruleset in names else 0, id="ruleset")
            for i in (0, 1):
                with Horizontal(classes="row"):
                    yield Label(f"Player {i + 1}'s name")
                    yield NameInput(players[i], id=f"p{i}", max_length=24)
            for i in (0, 1):  # a person, or the computer (both: watch it play itself)
                with Horizontal(classes="row"):
                    yield Label(f"Player {i + 1} is")
                    choices, labels = self._seat_choices(i)
                    seat = Cycler(list(choices), list(labels),
                                  choices.index(seats[i]) if seats[i] in choices else 0, id=f"seat{i}")
                    seat.fixed = "--computer" if choices == (self.host_computer(),) else ""
                    yield seat
            yield Vertical(id="options")
            with Horizontal(classes="row"):
                yield Label("Battlefield")
                yield Cycler([], id="battlefield")
            yield Static("", id="bf-about", markup=False)
            yield Static("", id="problem", markup=False)
            yield Button("Start game", id="start", variant="primary")
        yield Footer()

    def _seat_choices(self, side: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Who may fill ``side``'s seat, and the words for each: in the
        host's form the host's seat is this terminal's person or the
        computer, and the other seat is the joiner's alone."""
        if not self.hosted:
            return tuple(self.SEAT_CHOICES), tuple(self.SEAT_CHOICE_LABELS)
        level = self.host_computer()
        if side == 0 and level:  # the flag's level plays the host's side, whatever the form says
            return (level,), (f"the computer ({level}): you look on",)
        return (SEATS, HOST_SEAT_LABELS) if side == 0 else JOINER_SEAT

    def host_computer(self) -> str | None:
        """The level ``skirmish host --computer LEVEL`` gave the host's side
        (the app's ``hosting.computer``), or None."""
        return getattr(getattr(self.app, "hosting", None), "computer", None) if self.hosted else None

    def on_descendant_focus(self, event) -> None:
        """The focused field's help above the form (Tab shows what each is for).
        The help is the field focused now, not the one the event names: a
        focus event climbs to the screen one parent at a time, so after quick
        Tabs one from a field deep in the options arrives after the next
        field's own (five quick Tabs showed the Safety limit's help on the
        Battlefield)."""
        focused = self.focused if self.focused is not None else event.widget
        self.query_one("#field-help", Static).update(self.field_help(focused))
        self.call_after_refresh(self._start_in_sight)

    def _start_in_sight(self) -> None:
        """On the Battlefield field, the form is scrolled so that Start
        shows below it: a description of three lines pushed the button
        under the footer at 80x24.  Called again whenever the form's
        height changes (``on_mount`` watches it): a new description's
        height is known only once it is laid out."""
        focused = self.focused
        if focused is not None and focused.id == "battlefield":
            self.query_one("#start", Button).scroll_visible(animate=False, immediate=True)
            focused.scroll_visible(animate=False, immediate=True)

    def field_help(self, widget) -> str:
        if isinstance(widget, WarbandField):
            return self.FIELD_HELP["force"]
        wid = widget.id or ""
        if wid == "seat0" and self.host_computer():
            return (f"skirmish host --computer {self.host_computer()}: the computer plays your side against "
                    "the person who joins, and this terminal looks on.")
        if self.hosted and wid in HOST_FIELD_HELP:
            return HOST_FIELD_HELP[wid]
        if wid == "battlefield" and isinstance(widget, Cycler) and widget.fixed:
            wid = "battlefield-fixed"
        known = self.FIELD_HELP.get("seat" if wid.startswith("seat") else wid)
        if known is not None:
            return known
        return widget.tooltip if isinstance(widget.tooltip, str) else ""

    def on_mount(self) -> None:
        self.watch(self.query_one(VerticalScroll), "virtual_size", lambda _size: self._start_in_sight(), init=False)
        self.query_one("#ruleset", Cycler).focus()
        self._build_options()
        no_hosting_left(self.app)  # Start hosts exactly when this form is the host's (as_the_form_says)

    # -- the form follows the ruleset ------------------------------------------
    def ruleset(self):
        name = self.query_one("#ruleset", Cycler).value
        return next((r for r in self.rulesets if r.name == name), None)

    def _first_options(self, rules) -> Any:
        """The options the form opens a ruleset with: the pre-filled ones,
        else the ones last started, else the ruleset's defaults."""
        if self.preset is not None and self.preset.ruleset == rules.name and \
                isinstance(self.preset.options, rules.options_type):
            return self.preset.options
        kept = self.remembered.options.get(rules.name) if self.remembered is not None else None
        return kept if isinstance(kept, rules.options_type) else rules.default_options()

    def _build_options(self) -> None:
        box = self.query_one("#options", Vertical)
        box.remove_children()
        rules = self.ruleset()
        self.built_for = rules.name if rules is not None else None
        if rules is None:
            self._update_battlefields(reset=True)
            return
        self.generation += 1
        first = self._first_options(rules)
        model = model_for(rules)
        replaced = model.replaces if model is not None else ()
        self.held = {name: getattr(first, name) for name in replaced}
        self.choice_words, names, rows = {}, self.typed_names(), []
        self.shown_when = {}
        if model is not None:
            for side in (0, 1):
                row = WarbandField(side, model, model.figures(first, side), id=f"wb-{self.generation}-{side}")
                rows.append(Horizontal(Label(f"Player {side + 1}'s warband"), row, classes="row"))
        for info in describe_options(rules.options_type):
            if info.name in replaced:
                continue
            values = option_values(info)
            wid = f"opt-{self.generation}-{info.name}"
            value = getattr(first, info.name, info.default)
            field: Any
            if values is None:
                field = InOrderInput(str(value), id=wid, type="integer" if isinstance(info.default, int) else "text")
            else:
                vals, labels = values
                if any(PLAYER_WORDS.search(label) for label in labels):  # renamed as names are typed
                    self.choice_words[wid] = labels
                    labels = [player_words(label, names) for label in labels]
                field = Cycler(vals, labels, vals.index(value) if value in vals else 0, id=wid)
            field.tooltip = side_words(info.help)
            rows.append(Horizontal(Label(option_label(info)), field, classes="row"))
            when = SHOWN_ONLY_WHEN.get((rules.name, info.name))
            if when is not None:
                self.shown_when[wid] = (f"opt-{self.generation}-{when[0]}", when[1])
                rows[-1].display = getattr(first, when[0], None) == when[1]
        box.mount_all(rows)
        box.styles.height = "auto"
        self._update_battlefields(reset=True)  # at once (the new fields are in the DOM): never "(none available)"

    def options(self) -> Any:
        rules = self.ruleset()
        values = dict(self.held)
        for info in describe_options(rules.options_type):
            if info.name in values:
                continue
            try:
                field = self.query_one(f"#opt-{self.generation}-{info.name}")
            except Exception:
                continue
            if isinstance(field, Cycler):
                values[info.name] = field.value
            else:
                text = field.value.strip()
                if isinstance(info.default, int):
                    # A blank or a word is refused, not taken as the default (a
                    # blank map seed was played as seed 1 without a word).
                    if not text.lstrip("-").isdigit() or text.count("-") > 1:
                        if field.parent is not None and not field.parent.display:
                            continue  # unused now (hidden): its slip stops nothing
                        raise ValueError(f"{option_label(info)} must be a whole number")
                    values[info.name] = int(text)
                else:
                    values[info.name] = text
        return rules.options_type(**values)

    def _options_or_defaults(self) -> Any:
        rules = self.ruleset()
        try:
            return self.options()
        except Exception:  # noqa: BLE001 - a field the options class refuses
            return rules.default_options()

    # -- each side's force ----------------------------------------------------------
    def _show_forces(self) -> None:
        rules = self.ruleset()
        model = model_for(rules) if rules is not None else None
        if model is None:
            return
        options = self._options_or_defaults()
        for field in self.query(WarbandField):
            field.show(model, model.figures(options, field.side))

    def on_warband_field_open(self, event: WarbandField.Open) -> None:
        rules = self.ruleset()
        model = model_for(rules)
        if model is None:
            return
        side = event.field.side
        name = self.query_one(f"#p{side}", Input).value.strip() or f"Player {side + 1}"
        title = f"{name}'s warband ({rules.title})"

        def done(options: Any) -> None:
            if options is None:
                return
            self.held = {key: getattr(options, key) for key in model.replaces}
            self._show_forces()
            self._update_battlefields()

        self.app.push_screen(WarbandScreen(model, self._options_or_defaults(), side, title, self.problem_with), done)

    # -- battlefields ---------------------------------------------------------------
    def _default_battlefield(self, rules) -> str | None:
        try:
            from saves.library import battlefield_named

            return battlefield_named(rules.default_battlefield).name
        except Exception:  # noqa: BLE001 - no such shipped battlefield: the first that fits
            return None

    def _update_battlefields(self, reset: bool = False) -> None:
        """The battlefields that take the options.  Nothing fitting (a field
        is wrong) keeps the last list, so a slip never empties it; ``reset``
        (another ruleset) goes back to the ruleset's own battlefield."""
        rules = self.ruleset()
        cycler = self.query_one("#battlefield", Cycler)
        fitting: list = []
        slip = False  # the options fit no battlefield: a field is wrong
        options = self._options_or_defaults() if rules is not None else None
        if rules is not None:
            from tui.rulesets.optio_handoff import plain_battlefields_apply

            if plain_battlefields_apply(rules):
                fitting = [bf for bf in self.battlefields if rules.check_options(options, bf) is None]
                slip = not fitting
                if fitting:
                    self.last_fitting[rules.name] = fitting
                else:  # a field is wrong: the problem line says why; the list stays
                    fitting = self.last_fitting.get(rules.name) or [
                        bf for bf in self.battlefields if rules.check_options(rules.default_options(), bf) is None]
        current = cycler.value
        cycler.values = list(fitting)
        cycler.labels = [battlefield_label(bf) for bf in fitting]
        cycler.fixed = ""
        wanted = None
        if rules is not None:  # the pre-game's ground, the last Optio result, "play an Optio pre-game first", Optio's maps
            from tui.rulesets.optio_handoff import ground_source

            ground = ground_source(self.preset.ground, rules) if self.preset is not None else None
            if ground is not None:  # the hand-off: the pre-game chose the ground, and only that
                cycler.labels, cycler.values = [ground[0]], [ground[1]]
                cycler.fixed = "fixed"
                wanted = ground[1]
            else:
                for label, source in self._extra_sources(rules, options, slip):
                    cycler.values.append(source)
                    cycler.labels.append(label)
        index = None
        if not reset and current is not None:
            index = next((i for i, v in enumerate(cycler.values) if v == current), None)
        if index is None and wanted is not None:
            index = 0
        if index is None and rules is not None:  # the one it was last started on, else its own
            last = self.remembered.battlefields.get(rules.name) if self.remembered is not None else None
            for name in (last, self._default_battlefield(rules)):
                index = next((i for i, bf in enumerate(cycler.values) if getattr(bf, "name", None) == name), None)
                if name is not None and index is not None:
                    break
        cycler.index = index or 0
        cycler._show()
        if cycler.has_focus:  # the field's help follows whether the ground is fixed
            self.query_one("#field-help", Static).update(self.field_help(cycler))
        self._show_battlefield()

    def _extra_sources(self, rules: Any, options: Any, slip: bool) -> list[tuple[str, Any]]:
        """Battlefield choices beyond the shipped ones: Optio's maps, the
        last Optio pre-game's ground, and "play an Optio pre-game first"."""
        from tui.rulesets.optio_handoff import extra_sources

        try:
            self.options()
            typed = True
        except Exception:  # noqa: BLE001 - a blank or a word in the seed: ``options`` are the defaults
            typed = False
        return extra_sources(rules, options, slip, typed)

    def _show_battlefield(self) -> None:
        cycler = self.query_one("#battlefield", Cycler)
        bf = cycler.value
        about = self.query_one("#bf-about", Static)
        if bf is None:
            about.update(self.bf_error or "No shipped battlefield suits these options.")
        elif cycler.fixed:
            about.update(" ".join(part for part in (PRE_GAME_GROUND, battlefield_about(bf, self.ruleset())) if part))
        else:
            about.update(battlefield_about(bf, self.ruleset()))
        self._show_problem()

    def problem_with(self, options: Any) -> str | None:
        """What keeps ``options`` from starting on the chosen battlefield
        (the ruleset's own words), or None."""
        rules = self.ruleset()
        why = option_problem(options)
        bf = self.query_one("#battlefield", Cycler).value
        if why is None and bf is not None:
            if getattr(bf, "pre_game", False):
                from tui.rulesets.optio_handoff import open_ground

                why = rules.check_options(options, open_ground(rules.name))
            else:
                why = rules.check_options(options, bf)
        return why

    def _show_problem(self) -> None:
        rules = self.ruleset()
        problem = self.query_one("#problem", Static)
        if rules is None:
            return
        try:
            options = self.options()
        except Exception as exc:  # noqa: BLE001
            problem.update(f"Those options do not fit: {exc}")
            return
        problem.update(self.problem_with(options) or "")

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        if event.cycler.id == "ruleset":
            if self.built_for != event.cycler.value:  # (RulesetCycler has built them, as it changed)
                self._build_options()
        elif event.cycler.id == "battlefield":
            self._show_battlefield()
        elif event.cycler.id in ("seat0", "seat1"):
            pass
        else:
            self._show_used_fields()
            self._show_forces()  # Platemail's Max Wounds is in each figure's numbers
            self._update_battlefields()

    def _show_used_fields(self) -> None:
        """A field shown only for one value of another (SHOWN_ONLY_WHEN) follows it."""
        for wid, (other, value) in self.shown_when.items():
            for field in self.query(f"#{wid}"):
                shown = any(choice.value == value for choice in self.query(f"#{other}").results(Cycler))
                if field.parent is not None:
                    field.parent.display = shown

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("opt-"):
            self._update_battlefields()
        elif event.input.id in ("p0", "p1"):
            self._name_players()

    def on_name_input_cut(self, event: NameInput.Cut) -> None:
        self.query_one("#field-help", Static).update(
            f"A name is at most {event.field.max_length} characters: what went past them was left out.")

    def typed_names(self) -> tuple[str, str]:
        """The players' names as typed so far."""
        fields = list(self.query("#p0, #p1").results(Input))
        return (fields[0].value, fields[1].value) if len(fields) == 2 else self._start_values()[1]

    def _name_players(self) -> None:
        """The choices that name a player ("Players' side") say the names, as they are typed
        (at each key: the names read once, only the choices that name a player redrawn)."""
        names = self.typed_names()
        for wid, labels in self.choice_words.items():
            for field in self.query(f"#{wid}").results(Cycler):
                named = [player_words(label, names) for label in labels]
                if named != field.labels:
                    field.labels = named
                    field._show()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def action_rules(self) -> None:
        from tui.help import open_help

        rules = self.ruleset()
        if rules is not None:
            open_help(self.app, rules.name, rules.title)

    # -- starting -------------------------------------------------------------------
    def checked_choice(self) -> tuple[Any, Any, Any] | None:
        """The ruleset, options and battlefield chosen, if they fit each
        other; else None, with the reason on the problem line."""
        problem = self.query_one("#problem", Static)
        rules = self.ruleset()
        if rules is None:
            problem.update("No ruleset is installed.")
            return None
        try:
            options = self.options()
        except Exception as exc:
            problem.update(f"Those options do not fit: {exc}")
            return None
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
            return None
        return rules, options, bf

    def action_start(self) -> None:
        from core.game import start

        problem = self.query_one("#problem", Static)
        chosen = self.checked_choice()
        if chosen is None:
            return
        rules, options, bf = chosen
        names = player_names(self.typed_names())
        seats = tuple(self.query_one(f"#seat{i}", Cycler).value for i in (0, 1))
        if getattr(bf, "pre_game", False):  # decide the battlefield by an Optio pre-game first
            from tui.rulesets.optio_handoff import start_pre_game

            said = as_the_form_says(self.app, self.hosted, lambda: start_pre_game(
                self.app, rules, options, names, replace=self, seats=seats))
            problem.update(said or "")
            if said is None:
                self._remember(rules, options, names, seats)
            return
        try:
            game = start(rules, options, bf, seed=random.randrange(2**31), players=names)
        except ValueError as exc:
            problem.update(str(exc))
            return
        library = any(bf is shipped for shipped in self.battlefields)  # not an Optio map's ground
        self._remember(rules, options, names, seats, bf.name if library else None)
        as_the_form_says(self.app, self.hosted, lambda: self.app.start_game(game, replace=self, seats=seats))

    def _remember(self, rules: Any, options: Any, names: tuple, seats: tuple, battlefield: str | None = None) -> None:
        kept = getattr(self.remembered, "seats", None) or ("human", "human")
        if self.hosted:  # the joiner's seat says nothing of who plays Player 2 at one keyboard
            seats = (kept[0] if self.host_computer() else seats[0], kept[1])  # nor --computer of Player 1
        try:
            from saves.settings import remember

            said = remember(rules, options, names, seats, battlefield)
        except Exception as exc:  # noqa: BLE001 - remembering never stops a game
            said = str(exc)
        if said:
            self.app.notify(said, severity="warning", timeout=6, markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
