"""What the player at a server's game is told as its waits run out: the
claim on an opponent gone away opening, or an opponent still connected
gone quiet past the server's time.  Told once each, in the log; a ``q``
question still open with the words of before is asked again.  And the
server's warning that this player's own quiet may soon be claimed, which
the banner says while it stands: while a window covers the game screen
(and the banner with it: Platemail's orders, a playback, a question) also
in a notice that stays until the player acts, closes the window or
dismisses it.  Asked each second by the banner's clock (tui/banner.py
``Banner.tick``), on the app's thread; the banner itself only draws."""

from __future__ import annotations

from typing import Any


class ClaimNews:
    def __init__(self) -> None:
        self.claim_was_open = False
        self.quiet_told: float | None = None  # the start (``quiet_start``) of the quiet spell already told
        self.toast: Any = None  # the notice of a claim coming on this player, while a window covers the game
        self.toast_when = ""  # the time it says ("from 05:47:50")

    def second(self, screen: Any, away_for: float | None) -> None:
        """A second has gone by; ``away_for``: how long the opponent has
        been seen away (None: not away)."""
        from net.live import duration
        from tui.banner import claim_left, quiet_for, quiet_start

        seat = screen.seats.any_seat
        opened = False
        if away_for is not None:
            now_open = claim_left(seat, away_for) <= 0
            opened, self.claim_was_open = now_open and not self.claim_was_open, now_open
        else:
            self.claim_was_open = False
        quiet = quiet_for(screen)
        idle_after = float(getattr(seat, "idle_after", 0.0))
        changed = quiet_start(seat)
        # A start told again a little later is the same spell (each ``waits`` took its own while to come,
        # seconds on a loaded machine): a new one starts only once they acted, after the last was told,
        # so at least ``idle_after`` after its start; half of that tells the two apart.
        new_spell = self.quiet_told is None or changed - self.quiet_told > idle_after / 2
        if quiet is not None and quiet >= idle_after and new_spell:
            self.quiet_told = changed
            name = screen.game.players[1 - screen.fixed]
            screen.say(f"{name} has given no order for {duration(quiet)}: q, then w claims the game "
                       "(the server refuses it if drafts or chat came from them meanwhile)")
            opened = True
        if opened:
            ask_again(screen)
        self.claim_coming(screen)

    def claim_coming(self, screen: Any) -> None:
        """The banner's "⚠ claimable in …" (``claim_due_words``) as a notice
        too while a window covers the game screen, taken back once the
        warning is over or the game screen is on top again."""
        from tui.banner import claim_due_words
        from tui.textual_fixes import kept_notice, withdraw_notice

        app = screen.app
        words = claim_due_words(screen)
        covered = app.screen is not screen
        when = claim_clock(screen.seats.any_seat) if words and covered else ""
        if self.toast is not None and when != self.toast_when:  # over, or the server's time moved
            withdraw_notice(app, self.toast)
            self.toast, self.toast_when = None, ""
        if when and self.toast is None:
            # A clock time, never "in 113 s": a notice does not count down, the banner under it does.
            name = screen.game.players[1 - screen.fixed]
            self.toast_when = when
            self.toast = kept_notice(app, f"{name} may claim this game {when}: an order, your drafts or a chat "
                                     "line from you keeps it.", title="Your game waits for you",
                                     severity="warning", timeout=3600)

    def withdraw(self, app: Any) -> None:
        """The notice taken back: the game is over, or its screen gone
        (a result screen carried "may claim this game" over the menu)."""
        from tui.textual_fixes import withdraw_notice

        if self.toast is not None:
            withdraw_notice(app, self.toast)
            self.toast, self.toast_when = None, ""


def claim_clock(seat: Any) -> str:
    """When the server may take the claim on this seat's player (its
    ``claim_due``, on the monotonic clock), as a time of day: "from
    05:47:50" ("now" once it has come)."""
    import time

    due = getattr(seat, "claim_due", None)
    if due is None:
        return ""
    left = float(due) - time.monotonic()
    if left < 1:
        return "now"
    return "from " + time.strftime("%H:%M:%S", time.localtime(time.time() + left))


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
