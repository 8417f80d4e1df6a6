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


def short_heading(name: str, level: int = 2) -> str:
    """A heading for the contents pane: "Contact, Threat and Doom" for
    "Contact, Threat and Doom (*Attacking And Defending*)"; the page's title
    without its subtitle ("Spheres of War" for "Spheres of War: Tactical
    Fragment")."""
    import re

    short = re.sub(r"\s*\([^)]*\)\s*$", "", name).replace("*", "").strip()
    if level == 1:
        short = re.split(r" — |: ", short, maxsplit=1)[0]
    return short or name.replace("*", "").strip()


class HelpScreen(Screen[None]):
    """One ruleset's rules, as Markdown (t toggles the contents)."""

    # The contents pane (t) at most a third of the width, its long headings
    # cut at its edge, so that the text beside it stays readable at 80x24.
    DEFAULT_CSS = """
    HelpScreen MarkdownViewer { height: 1fr; }
    HelpScreen MarkdownTableOfContents { width: 34; max-width: 42%; }
    HelpScreen MarkdownTableOfContents > Tree { width: 100%; padding: 0 1; overflow-x: hidden; }
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
        from textual.widgets.markdown import MarkdownTableOfContents

        class ShortContents(MarkdownTableOfContents):
            """The contents list the help's own headings: the printed rules'
            names in brackets stay in the text (the pane is narrow)."""

            def on_mount(self) -> None:
                from textual.widgets import Tree

                self.query_one(Tree).guide_depth = 2  # the narrowest guides: columns for the words

            def rebuild_table_of_contents(self, table_of_contents) -> None:
                super().rebuild_table_of_contents(
                    [(level, short_heading(name, level), block_id) for level, name, block_id in table_of_contents])

        class HelpViewer(MarkdownViewer):
            def compose(self) -> ComposeResult:
                for widget in super().compose():
                    yield ShortContents(widget.markdown) if isinstance(widget, MarkdownTableOfContents) else widget

        yield HelpViewer(help_text(self.ruleset_name, self.ruleset_title), show_table_of_contents=False)
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
        """Open the contents and give them the arrow keys (Enter goes to a
        heading), or close them and give the keys back to the text."""
        viewer = self.query_one("MarkdownViewer")
        viewer.show_table_of_contents = not viewer.show_table_of_contents
        if viewer.show_table_of_contents:
            self.call_after_refresh(lambda: viewer.table_of_contents.query_one("Tree").focus())
        else:
            viewer.focus()

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
