"""What the game screen asks of the app: messages sent up, never calls of
the app's methods.  Each is ``GameScreen.<Name>`` too, and the app handles
it as ``on_game_screen_<name>`` (tui/app.py, "intents from the game
screen")."""

from __future__ import annotations

from typing import Any

from textual.message import Message


class Leave(Message, namespace="game_screen"):
    """Back to the menu (the game is saved)."""

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.game = game


class SaveRequested(Message, namespace="game_screen"):
    """Save now (``tell``: say where in the screen's log); ``screen`` may be
    None (the match's saver asks from another thread)."""

    def __init__(self, screen: Any, force: bool = False, tell: bool = False) -> None:
        super().__init__()
        self.screen, self.force, self.tell = screen, force, tell


class DraftsWanted(Message, namespace="game_screen"):
    """The keyboard's side has the board: its drafts from the save may open."""

    def __init__(self, screen: Any) -> None:
        super().__init__()
        self.screen = screen


class ResultChosen(Message, namespace="game_screen"):
    """What follows the finished game (carried out by tui/result_flow.py)."""

    def __init__(self, screen: Any, choice: str | None) -> None:
        super().__init__()
        self.screen, self.choice = screen, choice


class Changed(Message, namespace="game_screen", bubble=False):
    """The game changed on another thread: the screen shows it on its own."""
