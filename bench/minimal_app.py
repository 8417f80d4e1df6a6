"""The reference for the startup benchmark: the smallest useful Textual app
(Header, Static, Footer).  ``python3 bench/minimal_app.py`` runs it."""

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class MinimalApp(App[None]):
    TITLE = "Minimal"
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("A minimal Textual app, the reference for startup time.")
        yield Footer()


if __name__ == "__main__":
    MinimalApp().run()
