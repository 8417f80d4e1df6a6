"""The main menu and the load list."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

MENU = (
    ("new", "New game", "n"),
    ("continue", "Continue", "c"),
    ("load", "Load game", "l"),
    ("rules", "Rules", "r"),
    ("quit", "Quit", "q"),
)

TITLE = r"""
 ___ _   _     _    _
/ __| |_(_)_ _(_)__| |_
\__ \ / / | '_| (_-< ' \
|___/_\_\_|_| |_/__/_||_|
"""


class MainMenu(Screen[None]):
    DEFAULT_CSS = """
    MainMenu { align: center middle; }
    MainMenu > Vertical { width: 48; height: auto; }
    MainMenu #title { color: $accent; }
    MainMenu OptionList { height: auto; border: round $primary; }
    MainMenu #tagline { color: $text-muted; }
    """
    BINDINGS = [Binding(key, f"pick('{ident}')", label, show=False) for ident, label, key in MENU]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(TITLE, id="title", markup=False)
            yield Label("Tabletop skirmish rulesets, hot-seat.", id="tagline")
            yield OptionList(*[Option(f"{label}  ({key})", id=ident) for ident, label, key in MENU], id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id)

    def action_pick(self, ident: str) -> None:
        app = self.app
        {"new": app.action_new_game, "continue": app.action_continue_game, "load": app.action_load_game,
         "rules": app.action_rules, "quit": app.action_request_quit}[ident]()


def _plain(text: str) -> str:
    """Text from a save (names, problems quoting the file) as a label:
    control characters dropped and markup escaped, so nothing in a file
    can style, hide or break the menu."""
    import unicodedata

    from textual.markup import escape

    shown = "".join(ch if unicodedata.category(ch) not in ("Cc", "Cf") else " " for ch in text)
    return escape(shown)


class LoadScreen(Screen[None]):
    """Every save, newest first; broken files listed with their problem."""

    DEFAULT_CSS = """
    LoadScreen OptionList { height: 1fr; }
    """
    BINDINGS = [Binding("escape,q", "close", "Back"), Binding("w", "watch", "Watch")]

    def __init__(self) -> None:
        super().__init__()
        self.summaries = []
        self.error = ""

    def compose(self) -> ComposeResult:
        from tui.persistence import store

        try:
            self.summaries = list(store().list_saves())
        except Exception as exc:  # a missing or unreadable folder is a message, not a crash
            self.error = str(exc)
        yield Label("[b]Load game[/b]: Enter opens a save, w watches it from the start")
        options = []
        for index, s in enumerate(self.summaries):
            options.append(Option(self._describe(s), id=f"s{index}"))
        if self.error:
            options.append(Option(_plain(f"Cannot list saves: {self.error}"), disabled=True))
        elif not options:
            options.append(Option("No saved games yet.", disabled=True))
        yield OptionList(*options, id="saves")
        yield Footer()

    @staticmethod
    def _describe(s) -> str:
        return _plain(LoadScreen._text(s))

    @staticmethod
    def _text(s) -> str:
        name = getattr(s, "name", "") or str(getattr(s, "path", "?"))
        if getattr(s, "problem", None):
            return f"⚠ {name}: BROKEN — {s.problem}"
        players = " v ".join(s.players) if getattr(s, "players", None) else "?"
        saved = str(getattr(s, "saved_at", ""))[:16].replace("T", " ")
        # "finished" first, so a narrow terminal never cuts it off.
        over = "finished · " if getattr(s, "over", False) else ""
        return f"{over}{s.ruleset_title or s.ruleset} · {players} · turn {s.turn} · {saved}"

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        summary = self.summaries[int(event.option.id[1:])]
        if getattr(summary, "problem", None):
            self.notify(f"This save cannot be opened: {summary.problem}", severity="warning", markup=False)
            return
        self.app.open_saved(summary.path)

    def action_watch(self) -> None:
        listing = self.query_one(OptionList)
        if listing.highlighted is None or not self.summaries:
            return
        option = listing.get_option_at_index(listing.highlighted)
        if option.id is None or not option.id.startswith("s"):
            return
        summary = self.summaries[int(option.id[1:])]
        if getattr(summary, "problem", None):
            self.notify(f"This save cannot be watched: {summary.problem}", severity="warning", markup=False)
            return
        self.app.watch_saved(summary.path)

    def action_close(self) -> None:
        self.dismiss(None)
