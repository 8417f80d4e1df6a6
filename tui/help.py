"""Rules help: the list of rulesets and a Markdown viewer for each one's
help page in ``tui/help/`` (the file its ``Ruleset.help_page`` names,
written in the project's own words).

``MarkdownViewer`` (markdown-it, the syntax highlighter) is imported only
when a help page is opened: it is a sizeable part of the app's start-up."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

HELP_DIR = Path(__file__).parent / "help"


def help_path(name: str) -> Path:
    """The help file the ruleset called ``name`` names (its ``help_page``)."""
    from core.registry import find_ruleset

    return HELP_DIR / find_ruleset(name).help_page


def help_text(name: str, title: str = "") -> str:
    path = help_path(name)
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# {title or name}\n\nNo rules help has been written for this ruleset yet.\n"


class HelpScreen(Screen[None]):
    """One ruleset's rules, as Markdown (t toggles the contents)."""

    DEFAULT_CSS = """
    HelpScreen MarkdownViewer { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("t", "toggle_toc", "Contents"),
    ]

    def __init__(self, name: str, title: str = "", section: str = "") -> None:
        super().__init__()
        self.ruleset_name = name
        self.ruleset_title = title or name
        self.section = section  # a heading to open at (Why? -> "open the rule")

    def compose(self) -> ComposeResult:
        from textual.widgets import MarkdownViewer

        yield MarkdownViewer(help_text(self.ruleset_name, self.ruleset_title), show_table_of_contents=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("MarkdownViewer").focus()

    def on_screen_resume(self) -> None:
        # Each time it is shown (it is kept, see open_help): at the rule
        # asked for, else where the reader left it.
        if self.section:
            self.call_after_refresh(self.go_to_section)

    def go_to_section(self) -> bool:
        """Scroll to the heading whose text is ``section`` (emphasis ignored)."""
        document = self.query_one("MarkdownViewer").document
        wanted = self.section.replace("*", "").strip()
        for _, title, block_id in document.table_of_contents:
            if title.replace("*", "").strip() == wanted:
                self.query_one(f"#{block_id}").scroll_visible(top=True, animate=False)
                return True
        return False

    def action_toggle_toc(self) -> None:
        viewer = self.query_one("MarkdownViewer")
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        self.dismiss(None)


def open_help(app, name: str, title: str = "", section: str = "") -> None:
    """Show ``name``'s rules help.  Building the Markdown page costs about a
    second of CPU for the longer rules, so each ruleset's page is built
    once per run and kept (an installed screen); it reopens at once, where
    the reader left it, or at ``section``."""
    key = f"help:{name}"
    if not app.is_screen_installed(key):
        app.install_screen(HelpScreen(name, title), key)
    screen = app.get_screen(key)
    if screen in app.screen_stack:
        return  # already open beneath: the stack cannot hold it twice
    screen.section = section
    app.push_screen(key)


class RulesScreen(Screen[None]):
    """Every ruleset; Enter opens its rules."""

    BINDINGS = [Binding("escape,q", "close", "Back")]

    def compose(self) -> ComposeResult:
        from core.registry import rulesets

        yield Label("[b]Rules[/b]: choose a ruleset and press Enter")
        options = [Option(f"{r.title} — {r.summary}", id=r.name) for r in rulesets()]
        if not options:
            options = [Option("No rulesets are installed.", disabled=True)]
        yield OptionList(*options, id="rules-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from core.registry import find_ruleset

        rules = find_ruleset(event.option.id)
        open_help(self.app, rules.name, rules.title)

    def action_close(self) -> None:
        self.dismiss(None)
