"""The match: one game's life between the rules (``core``) and the screens
(``tui``): who fills each seat, saving, drafts, the computer's turns,
take-back, the rematch and the next game.  Plain Python: imports no
Textual and touches no file (whoever owns a match passes it a saver)."""

from match.match import HUMAN, LEVELS, REMOTE, Match, Notice, is_computer

__all__ = ["HUMAN", "LEVELS", "REMOTE", "Match", "Notice", "is_computer"]
