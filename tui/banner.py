"""The game screen's one-row banner: who plays now (or whom this screen
waits for, or that it only watches), the turn and phase, a failed save,
and the narrator's mark while the other side's events are being shown.
Its pieces are dropped from the end until it fits: it never wraps out of
sight."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from core.game import standing_offer


def fit_pieces(text: str, width: int, sep: str = " · ") -> str:
    """``text`` made of pieces joined by ``sep``, the last pieces dropped
    until it fits in ``width`` columns (the first always stays)."""
    from rich.cells import cell_len

    pieces = text.split(sep)
    while len(pieces) > 1 and cell_len(sep.join(pieces)) > width:
        pieces.pop()
    return sep.join(pieces)


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
        return "This seat moved to another terminal: nothing more is played here"
    return ""


def acting_names(game: Any, acting: list[int]) -> str:
    """Who is to act, every one of them: both sides at once (Platemail's
    orders are written by both in the same Round) are both named."""
    return " and ".join(game.players[s] for s in acting)


def who_plays(screen: Any, side: int | None, width: int = 78) -> str:
    """The banner's first piece: whose move it is, as this screen sees it
    (``width``: the banner's columns, which a piece that says what to do
    always fits in)."""
    game, seat = screen.game, screen.seats.any_seat
    acting = sorted(game.to_act)
    if game.outcome is not None:
        if screen.single and getattr(seat, "status", "") == "host-left":  # nothing more comes from the host
            return "Game over · the host has left: q leaves"
        return "Game over · Enter: the result"
    if screen.single and remote_status(seat):
        return remote_status(seat)
    if screen.onlooker():
        return "Watching" + (f": {acting_names(game, acting)} to play" if acting else "") + " (no orders here)"
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
        elif not getattr(seat, "opponent_present", True):  # a server seat: q offers to claim it
            why = " (not connected: q to claim the game)"
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


class Banner(Static):
    DEFAULT_CSS = """
    Banner { height: 1; background: $primary-background; text-style: bold; padding: 0 1; }
    Banner.side-0 { color: ansi_bright_cyan; }
    Banner.side-1 { color: ansi_bright_yellow; }
    """

    def __init__(self) -> None:
        super().__init__("", id="banner", markup=False)  # markup=False: names come from saves

    def show(self, screen: Any, side: int | None) -> None:
        game = screen.game
        text = screen.adapter.banner(game, side)
        width = max(20, screen.app.size.width - 2)
        if text is None:
            situation = game.ruleset.situation(screen.view_state)
            short_title = game.ruleset.title.split(":")[0]
            text = f"{who_plays(screen, side, width)} · {situation.heading(game.ruleset.turn_word)} · {short_title}"
        offer = draw_offer_piece(screen)
        if offer:
            text = f"{offer} · {text}"
        unsaved = screen.app.unsaved() if hasattr(screen.app, "unsaved") else ""
        if unsaved:  # saving failed: said on the board until a save succeeds
            text = f"⚠ {unsaved} · {text}"
        if screen.narrator.busy:
            text = f"{screen.narrator.hint()} · {text}"
        self.update(fit_pieces(text, width))
        for n in (0, 1):  # the side to act in its board colour
            self.set_class(side == n and game.outcome is None, f"side-{n}")
