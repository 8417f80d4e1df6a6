"""The main menu and the load list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from core.registry import find_ruleset

MENU = (
    ("new", "New game", "n"),
    ("host", "Host: the other side joins elsewhere", "h"),
    ("join", "Join a hosted game", "j"),
    ("server", "Play on a server: the lobby", "s"),
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

    def __init__(self) -> None:
        super().__init__()
        from tui.lobby import server_reachable

        self.server_here = server_reachable()  # the entry is offered only when a server runs here

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(TITLE, id="title", markup=False)
            yield Label("One keyboard, two terminals, or the computer.", id="tagline")
            yield OptionList(*[Option(f"{label}  ({key})", id=ident) for ident, label, key in MENU
                               if ident != "server" or self.server_here], id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id)

    def action_pick(self, ident: str) -> None:
        app = self.app
        if ident == "server":
            from tui.lobby import open_lobby

            open_lobby(app)
            return
        {"new": app.action_new_game, "host": app.action_host_game, "join": app.action_join_game, "continue": app.action_continue_game, "load": app.action_load_game,
         "rules": app.action_rules, "quit": app.action_request_quit}[ident]()


def _shown(text: str) -> str:
    """Text from a save (names, problems quoting the file) with its control
    characters dropped, so nothing in a file can hide or break the menu."""
    import unicodedata

    return "".join(ch if unicodedata.category(ch) not in ("Cc", "Cf") else " " for ch in text)


def _plain(text: str) -> str:
    """The same as a label: markup escaped too, so nothing can style it."""
    from textual.markup import escape

    return escape(_shown(text))


class LoadRow:
    """A Load list row laid out for the width the list gives it: its parts
    joined by " · " while they fit, a part that does not fit starting a
    line of its own -- so no line ends in a dangling separator, and the
    file's name (the last part) is whole on its line where the width
    allows.  Plain text, never markup."""

    SEPARATOR = " · "

    def __init__(self, parts: list[str]) -> None:
        self.parts = [_shown(part) for part in parts]

    def __str__(self) -> str:
        return self.SEPARATOR.join(self.parts)

    def lines(self, width: int) -> list[str]:
        from rich.cells import cell_len

        lines: list[str] = []
        for part in self.parts:
            joined = f"{lines[-1]}{self.SEPARATOR}{part}" if lines else part
            if lines and cell_len(joined) <= width:
                lines[-1] = joined
            else:
                lines.append(part)
        return lines

    def __rich_console__(self, console: Any, options: Any) -> Any:
        from rich.text import Text

        for line in self.lines(options.max_width):
            yield Text(line, overflow="fold")  # a part wider than the list still wraps, never cut

    def __rich_measure__(self, console: Any, options: Any) -> Any:
        from rich.cells import cell_len
        from rich.measure import Measurement

        return Measurement(max(map(cell_len, self.parts), default=1), cell_len(str(self)))


class LoadScreen(Screen[None]):
    """Every save, newest first; broken files listed with their problem.

    The files are checked off the interface thread (``SaveScan``) and
    listed as each is checked: a slow or hostile file never freezes the
    screen, quitting or a signal."""

    # The scrollbar's room is kept from the start: rows listed before the
    # bar appeared were laid out as wide as the list and ran under it.
    DEFAULT_CSS = """
    LoadScreen OptionList { height: 1fr; scrollbar-gutter: stable; }
    LoadScreen #scan-status { color: $text-muted; }
    """
    BINDINGS = [Binding("escape,q", "close", "Back"), Binding("w", "watch", "Watch"),
                Binding("d", "delete", "Delete")]

    def __init__(self) -> None:
        super().__init__()
        self.summaries = []
        self.error = ""
        self.scan = None

    @property
    def done(self) -> bool:
        return self.scan is not None and self.scan.finished

    def compose(self) -> ComposeResult:
        yield Label("[b]Load game[/b]: Enter opens a save, w watches it from the start, d deletes it")
        yield OptionList(id="saves")
        yield Static("Checking the saves…", id="scan-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        from tui.persistence import SaveScan

        self.query_one(OptionList).focus()
        self.scan = SaveScan(self._found, self._scanned).start(self.app)

    def on_unmount(self) -> None:
        if self.scan is not None:
            self.scan.cancel()

    def _found(self, summary) -> None:
        options = self.query_one(OptionList)
        if isinstance(summary, Exception):  # a missing or unreadable folder is a message, not a crash
            self.error = str(summary)
            options.add_option(Option(_plain(f"Cannot list saves: {self.error}"), disabled=True))
            self.query_one("#scan-status", Static).update("")  # the scan ends here
            return
        index = len(self.summaries)
        self.summaries.append(summary)
        options.add_option(Option(self._describe(summary), id=f"s{index}"))
        if options.highlighted is None:
            options.highlighted = 0
        self.query_one("#scan-status", Static).update(f"Checking the saves… {index + 1} so far")

    def _scanned(self) -> None:
        if not self.summaries and not self.error:
            self.query_one(OptionList).add_option(Option("No saved games yet.", disabled=True))
        self.query_one("#scan-status", Static).update("")

    @staticmethod
    def _describe(s) -> LoadRow:
        return LoadRow(LoadScreen._parts(s))

    @staticmethod
    def _text(s, offers: bool = True) -> str:
        """A save's row (``offers``: with what Enter offers for a broken save)."""
        return LoadRow.SEPARATOR.join(LoadScreen._parts(s, offers))

    @staticmethod
    def _parts(s, offers: bool = True) -> list[str]:
        """A save's row in the parts a line may break between."""
        name = getattr(s, "name", "") or str(getattr(s, "path", "?"))
        from saves.listing import local_time, result_words, seat_words

        if getattr(s, "problem", None):
            if _links_to_a_save(s):  # nothing wrong with the save: it is opened under its own name
                return [f"⚠ {name}: NOT OPENED HERE — {s.problem}"]
            if offers and _backup_opens(s):
                return [f"⚠ {name}: BROKEN — {s.problem}",
                        f"its backup opens ({local_time(s.backup.saved_at)}): Enter offers it"]
            return [f"⚠ {name}: BROKEN — {s.problem}"]
        players = " v ".join(seat_words(s)) if getattr(s, "players", None) else "?"
        saved = local_time(str(getattr(s, "saved_at", "")))  # this computer's time, as the file's is
        # "finished" first, so a narrow terminal never cuts it off; who won with it.
        result = result_words(s)
        over = ([f"finished, {result}" if result else "finished"]) if getattr(s, "over", False) else []
        # Its file's name last: two saves of one game (a copy, a renamed one) read apart, and d says which.
        when = "deployment" if getattr(s, "deploying", False) else f"{_turn_word(s.ruleset)} {s.turn}"
        return [*over, s.ruleset_title or s.ruleset, players, when, saved, name]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        summary = self.summaries[int(event.option.id[1:])]
        if getattr(summary, "problem", None) and _backup_opens(summary):
            self.app.opening.offer_backup(summary)
            return
        if getattr(summary, "problem", None):
            self.notify(f"This save cannot be opened: {summary.problem}", severity="warning", markup=False)
            return
        self.app.open_saved(summary.path)

    def _highlighted(self) -> tuple[str, Any] | None:
        """The highlighted save's option id and summary, if a save is highlighted."""
        listing = self.query_one(OptionList)
        if listing.highlighted is None or not self.summaries:
            return None
        option = listing.get_option_at_index(listing.highlighted)
        if option.id is None or not option.id.startswith("s"):
            return None
        return option.id, self.summaries[int(option.id[1:])]

    def action_delete(self) -> None:
        """``d``: the highlighted save removed for good, after asking (a
        broken one too); a game open in some process is refused, untouched."""
        found = self._highlighted()
        if found is None:
            return
        option_id, summary = found
        if Path(summary.path).is_dir():  # listed for its name, but never a save: not Skirmish's to remove
            self.notify(f"{Path(summary.path).name} is a folder, not a save file: it cannot be deleted here.",
                        severity="warning", markup=False)
            return

        from saves.session import open_elsewhere

        held = open_elsewhere(Path(summary.path))
        if held is not None:  # refused before asking: a yes would only be refused
            from tui.save_words import shown_error

            self.notify(f"Not deleted: {shown_error(held)}", severity="warning", markup=False)
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            from saves.session import delete_save
            from saves.store import SaveError

            try:
                delete_save(summary.path)
            except SaveError as exc:
                from tui.save_words import shown_error

                self.notify(f"Not deleted: {shown_error(exc)}", severity="warning", markup=False)
                return
            listing = self.query_one(OptionList)
            listing.remove_option(option_id)
            if listing.option_count == 0:
                listing.add_option(Option("No saved games left.", disabled=True))
            self.notify("Deleted.", markup=False)

        from tui.modals import Confirm

        self.app.push_screen(Confirm(_plain(self._delete_question(summary))), answered)

    def _delete_question(self, summary: Any) -> str:
        """What ``d`` asks: the save, its backup (which goes with it: a
        backup that opens is said to, the way back to a broken save's game),
        and a read-only file's bit."""
        from saves.listing import backup_path
        from saves.store import read_only

        path = Path(summary.path)
        backup = backup_path(path)
        kept = " It is read-only; deleting removes it all the same." if read_only(path) else ""
        if _backup_opens(summary):
            goes = (f" Its backup {backup.name}, which opens (Enter would put it back), goes with it. "
                    "Neither can be brought back.")
        elif backup.is_file() and not backup.is_symlink():
            goes = f" Its backup {backup.name} goes with it. Neither can be brought back."
        else:
            goes = " It cannot be brought back."
        return f"Delete this save for good?{kept}{goes}\n{self._text(summary, offers=False)}"

    def action_watch(self) -> None:
        found = self._highlighted()
        if found is None:
            return
        summary = found[1]
        if getattr(summary, "problem", None):
            self.notify(f"This save cannot be watched: {summary.problem}", severity="warning", markup=False)
            return
        self.app.watch_saved(summary.path)

    def action_close(self) -> None:
        self.dismiss(None)


def _links_to_a_save(summary: Any) -> bool:
    """A listed name that is a symbolic link to a file that is there (the
    listing says why it is not opened: ``session.link_problem``)."""
    path = Path(getattr(summary, "path", ""))
    return path.is_symlink() and path.exists() and str(summary.problem).startswith("it is a link to ")


def _backup_opens(summary: Any) -> bool:
    """A broken save whose backup (``<save>.bak``) was checked and opens."""
    backup = getattr(summary, "backup", None)
    return backup is not None and not getattr(backup, "problem", None)


def _turn_word(name: str) -> str:
    """The ruleset's own word for what its count counts ("round" in
    Waylights and Platemail), as every other screen says it."""
    try:
        return find_ruleset(name).turn_word.lower()
    except KeyError:  # a save of a ruleset this build does not have
        return "turn"
