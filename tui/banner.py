"""The game screen's one-row banner: who plays now (or whom this screen
waits for, or that it only watches), the turn (of how many the game may
last, as the new-game form counts them) and phase, a failed save,
and the narrator's mark while the other side's events are being shown.
Its pieces are dropped from the end until it fits: it never wraps out of
sight.  Waiting for an opponent who has gone from a server's game, who
plays is said shorter when the whole of it would push the turn and phase
out of an 80-column row (the ruleset's title goes first).  A game watched read-only (tui/readonly.py) keeps its holder's
piece whole after who plays: the later pieces go first.  At a server's
game two pieces go before all the others: the server's warning that the
opponent may soon claim this player's quiet ("⚠ claimable in 90 s: act or
chat", until they act), and the first chat line heard while a window
covers the board (until the board is on top again)."""

from __future__ import annotations

import time
from typing import Any

from textual.widgets import Static

from core.game import standing_offer
from tui.claim_news import ClaimNews


def fit_pieces(text: str, width: int, sep: str = " · ") -> str:
    """``text`` made of pieces joined by ``sep``, the last pieces dropped
    until it fits in ``width`` columns (the first always stays)."""
    from rich.cells import cell_len

    pieces = text.split(sep)
    while len(pieces) > 1 and cell_len(sep.join(pieces)) > width:
        pieces.pop()
    return sep.join(pieces)


def fit_keeping(text: str, kept: str, width: int, sep: str = " · ") -> str:
    """``text``'s first piece, then ``kept``, then as many of the other
    pieces as fit in ``width`` columns (:func:`fit_pieces`).  When the
    first piece and ``kept`` alone are too wide, both are shortened
    (:func:`cut_to_cells`), the first never below half the row: neither
    is ever dropped, and the row never runs past ``width``."""
    from rich.cells import cell_len

    first, _, rest = text.partition(sep)
    room = width - cell_len(sep)
    if cell_len(first) + cell_len(kept) > room:
        first = cut_to_cells(first, min(cell_len(first), max(room - cell_len(kept), room // 2)))
        kept = cut_to_cells(kept, max(1, room - cell_len(first)))
    return fit_pieces(sep.join(piece for piece in (first, kept, rest) if piece), width, sep)


def cut_to_cells(text: str, cells: int) -> str:
    """``text`` cut to at most ``cells`` columns of the terminal (a wide
    character, such as a CJK one, takes two), with "…" where it was cut."""
    from rich.cells import cell_len

    if cell_len(text) <= cells:
        return text
    kept, used = [], 0
    for ch in text:
        width = cell_len(ch)
        if used + width > cells - 1:
            break
        kept.append(ch)
        used += width
    return "".join(kept) + "…"


def waiting_words(name: str, why: str, width: int) -> str:
    """"Waiting for NAME" and ``why`` (what to do about it: ``q`` to
    claim), the name shortened by display width so that the whole of it
    fits in ``width`` columns: the instruction is never cut off."""
    from rich.cells import cell_len

    text = f"Waiting for {name}{why}"
    over = cell_len(text) - width
    if over > 0:
        text = f"Waiting for {cut_to_cells(name, max(4, cell_len(name) - over))}{why}"
    return text


def remote_status(seat: Any) -> str:
    """A joined seat's trouble with the host (a server's seat: with the
    server), in words (or "")."""
    status = getattr(seat, "status", "playing")
    keeper = getattr(seat, "KEEPER", "host")  # "server" at a server's game
    if status == "host-stopped":
        return f"{keeper.capitalize()} stopped (game saved): waiting for it to resume"
    if status == "lost":
        return f"Connection to the {keeper} lost: trying again"
    if status == "distrusted":
        return f"Not rejoining: what answers is not this game's {keeper}"
    if status == "broken":
        return f"Stopped listening to the {keeper}"
    if status == "moved":  # a server's seat opened in another terminal: that one plays
        return "This seat moved to another terminal or tab: nothing more is played here"
    return ""


def claim_words(seat: Any, away_for: float | None) -> str:
    """The banner's word on an opponent with no connection at a server's
    game: ``q`` claims it only once they have been away for the server's
    time (``seat.claim_after``), so until this screen has seen them away
    that long the banner says when, not "q to claim" (the referee would
    refuse it).  ``away_for``: how long this screen has seen them away
    (None: not known); they may have gone before it looked, so the claim
    may open sooner than it says, never later."""
    from net.live import duration

    claim_after = float(getattr(seat, "claim_after", 0.0))
    if away_for is not None and away_for >= claim_after:
        return " (not connected: q to claim the game)"
    return f" (not connected: q claims it after {duration(claim_after)} away)"


def time_left(seconds: float) -> str:
    """A wait still to come, short and rounded up ("4 min", "45 s"): the
    claim may open sooner than it says, never later."""
    import math

    if seconds >= 60:
        return f"{math.ceil(seconds / 60 - 1e-9)} min"
    return f"{max(1, math.ceil(seconds - 1e-9))} s"


def claim_left(seat: Any, away_for: float | None) -> float:
    """Seconds until a claim opens on an opponent seen away for
    ``away_for`` (None: not yet seen), as this screen counts them; 0 or
    less: open."""
    return float(getattr(seat, "claim_after", 0.0)) - (away_for or 0.0)


def counted_claim_words(seat: Any, away_for: float | None) -> str:
    """:func:`claim_words`, counting down the time left once this screen
    has seen the opponent away a while (a tester: "after 2 min" stood
    still for 70 s)."""
    left = claim_left(seat, away_for)
    if away_for is None or away_for < 1.0 or left <= 0:
        return claim_words(seat, away_for)
    return f" (not connected: q claims it in {time_left(left)})"


def short_claim_words(seat: Any, away_for: float | None) -> str:
    """:func:`claim_words` in fewer columns, after the opponent's name
    (" is away: q claims after 5 min"), for a row that must keep the
    turn and phase beside it; the time is what is left of the wait."""
    left = claim_left(seat, away_for)
    if away_for is not None and left <= 0:
        return " is away: q to claim the game"
    return f" is away: q claims after {time_left(left)}"


def away_on_your_move(seat: Any, name: str, away_for: float | None, first: str, width: int) -> str:
    """The banner's word, on this seat's own move, on an opponent gone from
    a server's game: a claim opens only while the game waits for them
    (docs/rulings.md *Leaving a server game*), so it says they are away
    and that the claim follows the move (with the time still to wait,
    when there is some).  The longest words that fit beside ``first``
    (who plays) in ``width`` columns, else the shortest."""
    from rich.cells import cell_len

    left = claim_left(seat, away_for)
    if left <= 0:
        choices = [f"{name} is away: q claims the game once you have moved",
                   f"{name} is away: q claims once you have moved",
                   f"{name} away: claim after your move"]
    else:
        choices = [f"{name} is away: q claims after {time_left(left)}, once you have moved",
                   f"{name} is away: claim after {time_left(left)} and your move",
                   f"{name} away: claim after {time_left(left)} + your move"]
    for words in choices:
        if cell_len(first) + 3 + cell_len(words) <= width:
            return words
    return choices[-1]


def away_words(seat: Any, name: str, away_for: float | None, width: int, room: int) -> str:
    """Who plays, waiting for an opponent gone from a server's game: the
    whole words when they fit in ``room`` (the columns the turn and phase
    leave), else the short ones, the name shortened by display width as
    far as four columns; else the whole words in ``width``, the turn and
    phase then giving way (the instruction is never cut off)."""
    from rich.cells import cell_len

    whole = waiting_words(name, counted_claim_words(seat, away_for), width)
    if cell_len(whole) <= room:
        return whole
    short = short_claim_words(seat, away_for)
    over = cell_len(name) + cell_len(short) - room
    if over <= 0:
        return f"{name}{short}"
    if cell_len(name) - over >= 4:
        return f"{cut_to_cells(name, cell_len(name) - over)}{short}"
    return whole


# What an onlooker's banner adds after who plays (a read-only screen's
# "read-only: held by ..." says it instead).
NO_ORDERS = " (no orders here)"


def acting_names(game: Any, acting: list[int]) -> str:
    """Who is to act, every one of them: both sides at once (Platemail's
    orders are written by both in the same Round) are both named."""
    return " and ".join(game.players[s] for s in acting)


def who_plays(screen: Any, side: int | None, width: int = 78, away_for: float | None = None,
              room: int | None = None) -> str:
    """The banner's first piece: whose move it is, as this screen sees it
    (``width``: the banner's columns, which a piece that says what to do
    always fits in; ``away_for``: how long this screen has seen a server
    game's opponent away, ``claim_words``; ``room``: the columns the turn
    and phase leave it, which the words on that opponent keep to when
    they can, ``away_words``)."""
    game, seat = screen.game, screen.seats.any_seat
    acting = sorted(game.to_act)
    if game.outcome is not None:
        if screen.single and getattr(seat, "status", "") == "host-left":  # nothing more comes from the host
            return "Game over · the host has left: q leaves"
        return "Game over · Enter: the result"
    if screen.single and remote_status(seat):
        return remote_status(seat)
    if screen.onlooker():
        return "Watching" + (f": {acting_names(game, acting)} to play" if acting else "") + NO_ORDERS
    if screen.narrator.busy:  # the narrator's mark says a key brings the next event
        if not acting:
            return "then nobody acts"
        return f"then {acting_names(game, acting)} play" + ("s" if len(acting) == 1 else "")
    if screen.single and screen.fixed not in game.to_act:
        if not acting:
            return "Nobody to act"
        why = ""
        if getattr(seat, "status", "") == "absent":  # the host's screen
            why = f" (not connected; {seat.reason.lower()})"
        elif not getattr(seat, "opponent_present", True):  # a server seat: q claims it once it may
            return away_words(seat, game.players[acting[0]], away_for, width, width if room is None else room)
        elif (quiet_for(screen) or 0.0) >= float(getattr(seat, "idle_after", float("inf"))):
            why = " (quiet too long: q to claim)"  # connected, nothing from them for the server's time
        return waiting_words(game.players[acting[0]], why, width)
    if side is None:
        return f"▶ {game.players[acting[0]]} (computer) to play" if acting else "Nobody to act"
    return f"▶ {game.players[side]} to play"


def draw_offer_piece(screen: Any) -> str:
    """The banner's word on an offer of a draw that stands, for the person
    at this keyboard (``q`` answers it), or ""."""
    game = screen.game
    side = screen.conceding_side()
    offerer = standing_offer(game.log)
    if side is None or offerer is None:
        return ""
    if offerer == side:
        return f"your offer of a draw stands ({game.players[1 - side]} to answer)"
    return f"⚑ {game.players[offerer]} offers a draw: q to answer"


def turn_piece(game: Any, state: Any, turn: int) -> str:
    """The banner's turn with the game's limit, counted as the new-game
    form counts it (the ruleset's ``turn_limit_words``): "Turn 7/20",
    "Round 3/12", Plasto Latros' "Turn 19 (round 10/10)"."""
    return f"{game.ruleset.turn_word} {turn}{game.ruleset.turn_limit_words(state, turn)}"


def heading_piece(game: Any, state: Any, situation: Any) -> str:
    """Where the game stands, as the banner says it: the situation's
    heading, its turn with the limit (:func:`turn_piece`)."""
    if situation.deploying:
        return situation.heading(game.ruleset.turn_word)
    return f"{turn_piece(game, state, situation.turn)} · {situation.phase}"


def opponent_away(screen: Any) -> bool:
    """This screen's seat at a server's game still going on, and its
    opponent (a player) has no connection to it."""
    seat = screen.seats.any_seat
    return bool(screen.single) and not getattr(seat, "opponent_present", True) and screen.game.outcome is None


def quiet_for(screen: Any) -> float | None:
    """How long a server's game has waited, with nothing new, for an
    opponent still connected whose move it is (None: it does not wait
    for such an opponent now)."""
    seat, game = screen.seats.any_seat, screen.game
    side = getattr(screen, "fixed", None)
    if (not screen.single or side is None or game.outcome is not None or not hasattr(seat, "claim")
            or not getattr(seat, "opponent_present", True) or 1 - side not in game.to_act
            or side in game.to_act):
        return None
    return time.monotonic() - quiet_start(seat)


def quiet_start(seat: Any) -> float:
    """When the server began counting the opponent's quiet (a server
    seat's ``quiet_since``: the server's ``waits`` says it, their last
    order, drafts or chat line; counted from when it came, so never
    sooner than the server's own start)."""
    since = getattr(seat, "quiet_since", None)
    return float(since()) if callable(since) else float(getattr(seat, "changed_at", time.monotonic()))


def time_down(seconds: float) -> str:
    """A wait still to come, rounded down ("4 min", "45 s"): a warning
    that the claim may come is never later than it."""
    if seconds >= 120:
        return f"{int(seconds // 60)} min"
    return f"{max(0, int(seconds))} s"


def claim_due_words(screen: Any) -> str:
    """The banner's first piece while the server has warned this seat's
    player that the opponent may claim their quiet (the seat's
    ``claim_due``, until they act): it stays in sight whatever else is
    said ("⚠ claimable in 90 s: act or chat"); "" otherwise."""
    seat, game = screen.seats.any_seat, screen.game
    due = getattr(seat, "claim_due", None)
    if not screen.single or due is None or game.outcome is not None or screen.fixed not in game.to_act:
        return ""
    left = float(due) - time.monotonic()
    return f"⚠ claimable {'in ' + time_down(left) if left >= 1 else 'now'}: act or chat"


class Banner(Static):
    DEFAULT_CSS = """
    Banner { height: 1; background: $primary-background; text-style: bold; padding: 0 1; }
    Banner.side-0 { color: ansi_bright_cyan; }
    Banner.side-1 { color: ansi_bright_yellow; }
    """

    def __init__(self) -> None:
        super().__init__("", id="banner", markup=False)  # markup=False: names come from saves
        self.away_seen: float | None = None  # when this screen saw a server game's opponent go (monotonic)
        self._ticker: Any = None  # once a second at a server's game: the waits counted (``tick``)
        self._screen: Any = None
        self.news = ClaimNews()
        # The first chat line heard while a window covered the game screen, and how many came after it:
        # said here until the game screen is on top again (tui/lobby_seat.py ``SeatGlue.news``).
        self.chat_line, self.chat_more = "", 0

    def _away_for(self, screen: Any) -> float | None:
        """How long the opponent of a server's game has been away, counted
        from when the seat heard it (``away_since``: a restart or their
        coming back in between counts afresh, as the server does; a
        seat that keeps no such time: from when this screen first saw it);
        None: not away."""
        if not opponent_away(screen):
            self.away_seen = None
            return None
        now = time.monotonic()
        seat = screen.seats.any_seat
        if hasattr(seat, "away_since"):  # a seat that keeps the time: not heard yet (a welcome) counts from now
            heard = seat.away_since
            self.away_seen = float(heard) if isinstance(heard, (int, float)) else now
        elif self.away_seen is None:
            self.away_seen = now
        return now - self.away_seen

    def chat_heard(self, screen: Any, line: str, count: int) -> None:
        """``count`` chat lines, the first of them ``line``, came while a
        window covers ``screen``: the first one heard so is said first in
        the banner (the log pane is out of sight), the others counted."""
        if self.chat_line:
            self.chat_more += count
        else:  # one piece of the banner, short enough to leave who plays beside it
            self.chat_line, self.chat_more = cut_to_cells(line.replace(" · ", " - "), 40), count - 1
        self.show(screen, screen.banner_side)

    def _chat_piece(self, screen: Any) -> str:
        try:
            on_top = screen.app.screen is screen
        except Exception:  # noqa: BLE001 - no app: nothing covers it
            on_top = True
        if on_top:  # the log pane is in sight again, with the lines
            self.chat_line, self.chat_more = "", 0
        return self.chat_line + (f" (+{self.chat_more})" if self.chat_line and self.chat_more else "")

    def _keep_ticking(self, screen: Any) -> None:
        """At a server's game still going on, the banner is drawn again
        every second on the app's thread (a timer, never another thread):
        the time left before a claim counts down, and the claim opening is
        told (``tick``)."""
        self._screen = screen
        server_seat = screen.single and hasattr(screen.seats.any_seat, "claim")
        if server_seat and screen.game.outcome is None:
            if self._ticker is None:
                self._ticker = self.set_interval(1.0, self.tick)
        elif self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        if screen.game.outcome is not None:  # a claim warning's notice does not outlive the game
            self.news.withdraw(screen.app)

    def on_unmount(self) -> None:
        try:
            self.news.withdraw(self.app)  # the game screen went: its notice goes too
        except Exception:  # noqa: BLE001 - the app closing: nothing left to take back
            return

    def tick(self) -> None:
        """A second has gone by at a server's game: the banner with the
        waits as they stand now, and what the player is told as they run
        out (tui/claim_news.py)."""
        screen = self._screen
        if screen is None or not screen.is_attached:
            return
        try:
            self.show(screen, screen.banner_side)
            self.news.second(screen, None if self.away_seen is None else time.monotonic() - self.away_seen)
        except Exception:  # noqa: BLE001 - a timer's edge (the screen going): the next second tries again
            return

    def show(self, screen: Any, side: int | None, held_by: str | None = None) -> None:
        """The banner for ``screen`` with ``side`` at the keyboard;
        ``held_by``: the holder of a game this screen watches read-only,
        said after who plays and never dropped (the heading and the
        title give way first)."""
        from rich.cells import cell_len

        game = screen.game
        # A lost or stopped server (or host) is said whoever is on move: a
        # ruleset's own banner ("▶ Ann: Fighter a2's turn") would say the
        # player may play, and every order would be refused.
        trouble = bool(screen.single) and bool(remote_status(screen.seats.any_seat)) and game.outcome is None
        text = None if trouble else screen.adapter.banner(game, side)
        width = max(20, screen.app.size.width - 2)
        away_for = self._away_for(screen)
        self._keep_ticking(screen)
        if text is None:
            situation = game.ruleset.situation(screen.view_state)
            short_title = game.ruleset.title.split(":")[0]
            heading = heading_piece(game, screen.view_state, situation)
            who = who_plays(screen, side, width, away_for, room=width - cell_len(f" · {heading}"))
            if held_by is not None:
                who = who.removesuffix(NO_ORDERS)  # "read-only" says it
            text = f"{who} · {heading} · {short_title}"
        kept = held_by and f"read-only: held by {held_by}"
        if not kept and not trouble and away_for is not None and screen.fixed in game.to_act:
            name = game.players[1 - screen.fixed]
            if 1 - screen.fixed in game.to_act:  # both write orders (Platemail): it waits for them too
                kept = f"{name}{short_claim_words(screen.seats.any_seat, away_for)}"
            else:
                kept = away_on_your_move(screen.seats.any_seat, name, away_for, text.split(" · ")[0], width)
        offer = draw_offer_piece(screen)
        if offer:
            text = f"{offer} · {text}"
        unsaved = screen.app.unsaved() if hasattr(screen.app, "unsaved") else ""
        if unsaved:  # saving failed: said on the board until a save succeeds
            text = f"⚠ {unsaved} · {text}"
        if screen.narrator.busy:
            text = f"{screen.narrator.hint()} · {text}"
        chat = self._chat_piece(screen)
        if chat:
            text = f"{chat} · {text}"
        due = claim_due_words(screen)
        if due:  # first: the piece that never gives way
            text = f"{due} · {text}"
        self.update(fit_keeping(text, kept, width) if kept else fit_pieces(text, width))
        for n in (0, 1):  # the side to act in its board colour
            self.set_class(side == n and game.outcome is None, f"side-{n}")
