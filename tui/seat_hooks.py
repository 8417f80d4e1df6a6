"""Who sits at the game screen: the hot-seat handover between two people
at one keyboard, and a hosted or joined seat's news (the other side's
moves arriving as change notices, "since your last turn", a joined seat's
trouble with the host).  Functions of :class:`tui.game_screen.GameScreen`'s
``seats``, ``fixed``, ``keyboard_side``, ``log_marks`` and log."""

from __future__ import annotations

from typing import Any

import attrs

from core.orders import Order
from core.ruleset import Rejection
from tui.banner import remote_status
from tui.board import BoardView
from tui.modals import Handover
from tui.picture import Picture


@attrs.define
class SeatTold:
    """What a single seat's screen has told of its own news: whether the
    change being reported is its own order (told as given, not narrated),
    and the seat's last status and fairness notes (each told once)."""

    own_change: bool = False  # inside this seat's own submit
    own_expected: bool = False  # its own order's events are still to arrive (a joined seat)
    status: str = ""
    fairness: str = ""
    reasons: int | None = None  # a server seat's reasons written so far (None: none looked at yet)


def since_last_turn(game: Any, side: int, mark: int, most: int | None = None) -> list:
    """What ``side`` may read of what happened since it last gave up the
    keyboard, shown on the handover screen -- so only events the other side
    may read too (the other player may still be looking).  All of it: the
    handover screen says how many lines it has no room for.

    The mark is the log's length when the handover hid ``side``'s board,
    right after the order that ended its turn; what that order set off
    after the turn had passed (Optio: scouting time running out, every
    block but the armies leaving the map) it never saw, so it is news too:
    the news starts after the event saying ``side``'s turn passed when
    nothing but such events follow it."""
    from core.events import TurnEnded, visible_to

    other = 1 - side
    start = mark
    for at in range(min(mark, len(game.log)) - 1, -1, -1):
        event = game.log[at]
        if isinstance(event, TurnEnded):  # the latest turn's end before the mark
            if getattr(event, "who", None) == game.players[side]:  # whose turn (Optio's TurnPassed)
                start = at + 1
            break
    news = [e for e in game.log[start:] if visible_to(e, side) and visible_to(e, other)]
    return news[-most:] if most else news


def hand_over(screen: Any, side: int) -> None:
    """Hide the board until ``side``'s player takes the keyboard, showing
    them the public news since their last turn."""
    if screen.modal_open:
        return
    # Between two sides: what both may read, from the neutral onlooker's seat
    # (the marks count its log); the coming side's own seat only for the words on it.
    public, coming = screen.seats.seat(None).snapshot(), screen.seats.seat(side).snapshot()
    board = screen.query_one(BoardView)
    if board.picture is not None:
        board.show(Picture(battlefield=board.picture.battlefield, hidden=True))
    screen.selected = None
    if screen.keyboard_side is not None:
        screen.log_marks[screen.keyboard_side] = len(public.log)
        # Where a player leaves the cursor is theirs alone (on their hidden
        # army, say): the next player's board opens with their own.
        screen.cursors[screen.keyboard_side] = board.cursor
    screen.keyboard_side = None  # nobody's until the coming side takes it: the screen holds the onlooker's
    screen.view_state, screen.orders = public.state, []
    screen.units = screen.adapter.units(public, public.state)
    news = since_last_turn(public, side, screen.log_marks.get(side, 0))

    def done(_: Any) -> None:
        screen.keyboard_side = side
        board.move_cursor(screen.cursors.get(side) or own_cell(screen, coming, side), announce=False)
        screen.redraw()

    first = side not in screen.log_marks

    def why() -> None:
        from tui.why import EventLog

        rules = public.ruleset
        # The same list as the handover's, named as it is there: not the full log (L, at the board).
        title = f"{'So far' if first else 'Since your last turn'}, seen by both sides"
        screen.app.push_screen(EventLog(title, rules.name, rules.title, news))

    screen.open_modal(Handover(public.players[side], screen.adapter.handover_detail(coming, side),
                          [e.sentence for e in news], why if news else None, first=first,
                          leave=lambda: screen.post_message(screen.Leave(screen.local_game())),
                          lines_of_ones_own=has_lines_of_ones_own(public)), done)


def has_lines_of_ones_own(game: Any) -> bool:
    """Whether the ruleset's log holds lines one side alone may read, left
    out of the handover's news.  Orders written in secret (Platemail) do:
    their writing, a hidden figure's moves and rolls, what only one side
    glimpsed.  Optio hides which block is which, never a line of its log.
    Said of the ruleset, never of this game: whether the coming player has
    such lines now is theirs alone."""
    return bool(game.ruleset.capabilities.simultaneous_orders)


def own_cell(screen: Any, coming: Any, side: int) -> tuple[int, int]:
    """Where ``side``'s cursor starts the first time it takes the keyboard:
    on one of its own figures on the board (``coming``: its seat's
    moment), else the corner."""
    mine = [u.pos for u in screen.adapter.units(coming, coming.view(side))
            if u.side == side and u.pos is not None]
    return mine[0] if mine else (0, 0)


def only_forced(screen: Any, side: int) -> bool:
    """Whether all ``side`` has to do now is an order with no alternative,
    which the screen gives by itself (``RulesetAdapter.forced``, core's
    ``Ruleset.forced_order``: a Spheres of War defence roll): not a turn of
    its own to choose."""
    game, adapter = screen.game, screen.adapter
    return adapter.forced(game, side, adapter.offered(game, side, game.legal_orders(side))) is not None


def turn_news(screen: Any, mine: bool) -> None:
    """A seat in its own terminal: when its turn comes, say in the log
    pane how much happened since its last turn (x opens it with Why?).
    An order given for it by itself is no turn of its own: nothing is said
    (the banner goes on to whoever chooses next), and the news waits for
    the turn it chooses in."""
    if mine and only_forced(screen, screen.fixed):
        return
    log_length = len(screen.game.log)
    if mine and not screen.my_turn:
        mark = screen.log_marks.get(screen.fixed)
        if mark is not None and log_length > mark:
            screen.news_from = mark
            count = log_length - mark
            screen.say(f"▶ Your turn. Since your last: {count} line{'s' if count != 1 else ''} above (x: why?)")
    elif not mine and screen.my_turn:
        screen.log_marks[screen.fixed] = log_length
        screen.news_from = None
    screen.my_turn = mine


def submit_single(screen: Any, order: Order, narrate: bool) -> bool:
    """A hosted or joined seat's order: its events arrive as the seat's
    news (here at once from a host in this process, or in the host's next
    update), seen as given."""
    told = screen.seat_told
    told.own_change = not narrate  # a seat held here tells of the change at once, from inside submit
    try:
        result = screen.seats.submit(order)
        if isinstance(result, Rejection):
            if result.code == "unanswered":  # a joined seat: neither taken nor refused yet
                screen.say(f"… {result.message}")
            else:
                screen.say(f"✗ Not allowed: {result.message}")
            return False
        seen = screen.events_seen
        seat_news(screen)
        told.own_expected = not narrate and screen.events_seen == seen
        return True
    finally:
        told.own_change = False


def seat_news(screen: Any) -> None:
    """What changed at a single seat: its new events (its own as given, the
    other side's one at a time), a joined seat's trouble, the fairness note."""
    if not screen.is_attached:
        return
    game, seat = screen.game, screen.seats.any_seat
    start = screen.events_seen
    news = game.log[start:]
    screen.events_seen = len(game.log)
    told = screen.seat_told
    own = told.own_change or (news and told.own_expected)
    if news:
        told.own_expected = False
    placed, late = reasons_news(screen, seat, start)
    if own:
        for at, event in enumerate(news, start=start):
            for line in placed.get(at, ()):
                screen.log_line(line)
            screen.log_line(event.sentence)
    elif not placed:
        screen.narrate(news)
    else:  # each reason before its order's events, as they are shown one at a time
        chunk: list = []
        for at, event in enumerate(news, start=start):
            if at in placed:
                screen.narrate(chunk)
                chunk = []
                for line in placed[at]:
                    screen.narrator.note(line)
            chunk.append(event)
        screen.narrate(chunk)
    for line in late:
        screen.narrator.note(line)
    status = remote_status(seat)
    if status != told.status and (words := trouble_words(seat, status, told.status)):
        screen.say(words)
    told.status = status
    fairness = getattr(seat, "fairness", "")
    if fairness and fairness != told.fairness:
        told.fairness = fairness
        screen.log_line(fairness)
        from tui.result import ResultScreen

        stack = screen.app.screen_stack
        if isinstance(stack[-1], ResultScreen) and len(stack) > 1 and stack[-2] is screen:
            stack[-1].show_checked(fairness)  # this game's result opened before the check came
    screen.redraw()


def reasons_news(screen: Any, seat: Any, start: int) -> tuple[dict[int, list[str]], list[str]]:
    """A server seat's reasons not yet written, as log lines: those placed
    before the event of the seat's log they came before, from ``start``
    on; and the late ones (after the news), held back by the server while
    the game's orders were secret and sent at its end (net/referee.py).
    Those the seat had when its screen first looked are in the log already
    (``seat_reason_notes``)."""
    from tui.reason_log import seat_line

    reasons = tuple(getattr(seat, "reasons", ()))
    told = screen.seat_told
    if told.reasons is None or told.reasons > len(reasons):  # the first look, or all sent again
        told.reasons = sum(reason.seen < start for reason in reasons)
    fresh, told.reasons = reasons[told.reasons:], len(reasons)
    players = screen.game.players
    placed: dict[int, list[str]] = {}
    late: list[str] = []
    for reason in fresh:
        line = seat_line(players, reason.side, reason.text)
        if reason.seen >= start:
            placed.setdefault(reason.seen, []).append(line)
        else:
            late.append(line)
    end = len(screen.game.log)
    late += [line for at in sorted(placed) if at >= end for line in placed.pop(at)]
    return placed, late


def seat_reason_notes(screen: Any) -> list[tuple[int, str]]:
    """A server seat's reasons as notes of the log the screen reads (the
    whole game's once it is over and replayed here: ``whole_over``)."""
    from tui.reason_log import seat_notes

    reasons = tuple(getattr(screen.seats.any_seat, "reasons", ()))
    return seat_notes(screen.game.players, reasons, screen.whole_over() is not None) if reasons else []


def trouble_words(seat: Any, status: str, before: str) -> str:
    """A joined or server seat's trouble with its keeper, as the log line
    says it (the banner says it too, while it lasts): never a pop-up, which
    covered the log and the keys of a modal open over the board (the
    Platemail writer).  ``status`` "": the trouble is over."""
    if not status:
        keeper = getattr(seat, "KEEPER", "host")
        back = before and getattr(seat, "status", "playing") == "playing"
        return f"✓ Connected to the {keeper} again." if back else ""
    reason = str(getattr(seat, "reason", "") or "")[:300].rstrip(".")
    if said_by_status(reason):  # the status says it already: once is enough (a tester read it twice)
        reason = ""
    return f"⚠ {status}" + (f" ({reason})." if reason and reason not in status else ".")


def said_by_status(reason: str) -> bool:
    """A keeper's reason that the seat's status words say already: the
    host's "stopped; the game is saved" (the status: "Host stopped (game
    saved): waiting for it to resume"), and the server's "opened in another
    terminal" (the status: "This seat moved to another terminal or tab").
    Any other reason (the game was withdrawn, the server is stopping) is
    news, and is said."""
    from net.serverwire import SEAT_OPENED_ELSEWHERE
    from tui.remote.play import STOP_REASON

    return reason.rstrip(".") in (STOP_REASON.rstrip("."), SEAT_OPENED_ELSEWHERE.rstrip("."))
