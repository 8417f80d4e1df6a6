"""The lobby's help page (F1 or ``?`` in the lobby): how to find an
opponent, invitations, claiming a game the opponent left, watching, in
``tui/help/lobby.md`` (our own words; the claim is docs/rulings.md,
*Leaving a server game*).  Shown like a ruleset's rules page; it opens
nothing else, so the door may show it too."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

from tui.help import HELP_DIR

LOBBY_PAGE = HELP_DIR / "lobby.md"


def lobby_help_text() -> str:
    try:
        return LOBBY_PAGE.read_text(encoding="utf-8")
    except OSError:
        return "# The server's lobby\n\nThis page is missing from this installation.\n"


class LobbyHelp(Screen[None]):
    """The lobby's help page, as Markdown; Esc or q goes back."""

    DEFAULT_CSS = """
    LobbyHelp MarkdownViewer { height: 1fr; }
    """
    BINDINGS = [Binding("escape,q,f1,question_mark", "close", "Back")]

    def compose(self) -> ComposeResult:
        from textual.widgets import MarkdownViewer  # imported only when asked for (tui/help.py)

        yield MarkdownViewer(lobby_help_text(), show_table_of_contents=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("MarkdownViewer").focus()

    def action_close(self) -> None:
        self.dismiss(None)
