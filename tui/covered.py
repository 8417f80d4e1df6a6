"""The game waits while the player cannot see it.

With the terminal too small (:class:`tui.modals.TooSmall` over the game)
or the Quit question open over it, the computer used to play on unseen:
from Turn 1, Match 5 to Turn 3, Match 3 behind the notice.  Now, while
either stands above a game screen, that screen's computers are held (as
they are while a blow is still being shown) and its playback of the
other side's events stops where it is; both go on once the screen is
seen again (``uncovered``, on the screen's resume).

A question that holds the game is marked with ``holds_the_game`` (the
Quit and leave questions, ``hold_the_game``); the other windows a player
opens over the board (the rules, the log) leave the game as it was.
"""

from __future__ import annotations

from typing import Any


def hold_the_game(question: Any) -> Any:
    """``question`` (a screen about to be pushed), marked: the game waits under it."""
    question.holds_the_game = True
    return question


def covered(screen: Any) -> bool:
    """Whether the terminal is too small, or a question that holds the
    game is open, above ``screen`` (a game screen) in the app's stack."""
    from tui.modals import TooSmall

    try:
        stack = screen.app.screen_stack
    except Exception:  # noqa: BLE001 - no app (a test's stand-in screen): nothing covers it
        return False
    if screen not in stack:
        return False
    above = stack[stack.index(screen) + 1:]
    return any(isinstance(s, TooSmall) or getattr(s, "holds_the_game", False) for s in above)


def hold_computer(screen: Any) -> None:
    """Hold ``screen``'s computers while a blow is still shown or the game is covered."""
    if getattr(screen, "computer", None) is not None:
        screen.computer.hold(screen.narrator.busy or covered(screen))


def hold_every_game(app: Any) -> None:
    """Something was pushed over the screens: each game screen's computers wait if it covers them."""
    from tui.game_screen import GameScreen

    for screen in app.screen_stack:
        if isinstance(screen, GameScreen) and screen.is_mounted:
            hold_computer(screen)


def moves_on(screen: Any) -> bool:
    """Whether ``screen`` may open what comes next (a prompt, an order
    with no alternative, the result): not while it is covered, when it
    is noted for ``uncovered``."""
    if covered(screen):
        screen.waits_uncovered = True
        return False
    return True


def uncovered(screen: Any) -> None:
    """``screen`` is on top again: its playback, what it held back and
    its computers go on."""
    if covered(screen):
        return
    screen.narrator.go_on()
    if getattr(screen, "waits_uncovered", False) and not screen.narrator.busy:
        screen.waits_uncovered = False
        screen.redraw()
    hold_computer(screen)


def fit_again(app: Any) -> None:
    """The notice was taken from under a question (tui/app.py ``check_size``):
    each game screen seen under it fits its banner and panel to the size
    the terminal has now (they were last drawn for the small one)."""
    from tui.game_screen import GameScreen

    for screen in app.screen_stack:
        if isinstance(screen, GameScreen) and screen.is_mounted:
            screen.narration_moved()  # the banner, drawn again
            screen.redraw_panel_only()
