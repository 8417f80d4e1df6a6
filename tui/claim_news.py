"""What the player at a server's game is told as its waits run out: the
claim on an opponent gone away opening, or an opponent still connected
gone quiet past the server's time.  Told once each, in the log; a ``q``
question still open with the words of before is asked again.  Asked each
second by the banner's clock (tui/banner.py ``Banner.tick``), on the app's
thread; the banner itself only draws."""

from __future__ import annotations

from typing import Any


class ClaimNews:
    def __init__(self) -> None:
        self.claim_was_open = False
        self.quiet_told: float | None = None  # the ``changed_at`` of the quiet spell already told

    def second(self, screen: Any, away_for: float | None) -> None:
        """A second has gone by; ``away_for``: how long the opponent has
        been seen away (None: not away)."""
        from net.live import duration
        from tui.banner import claim_left, quiet_for

        seat = screen.seats.any_seat
        opened = False
        if away_for is not None:
            now_open = claim_left(seat, away_for) <= 0
            opened, self.claim_was_open = now_open and not self.claim_was_open, now_open
        else:
            self.claim_was_open = False
        quiet = quiet_for(screen)
        idle_after = float(getattr(seat, "idle_after", 0.0))
        changed = getattr(seat, "changed_at", None)
        if quiet is not None and quiet >= idle_after and self.quiet_told != changed:
            self.quiet_told = changed
            name = screen.game.players[1 - screen.fixed]
            screen.say(f"{name} has given no order for {duration(quiet)}: q, then w claims the game "
                       "(the server refuses it if drafts or chat came from them meanwhile)")
            opened = True
        if opened:
            ask_again(screen)


def ask_again(screen: Any) -> None:
    """``q``'s question open over ``screen`` with the words of before the
    claim opened: closed, and asked again with today's."""
    stack = screen.app.screen_stack
    if screen not in stack:
        return
    above = stack[stack.index(screen) + 1:]
    question = next((s for s in above if hasattr(s, "claiming") and hasattr(s, "conceding")), None)
    if question is None or question is not stack[-1]:
        return
    screen.say("The claim is open now: q's question is asked again with it.")
    question.dismiss(None)
    screen.call_after_refresh(screen.action_quit_game)
