"""The computer's reasons in a saved game's log, for watching it again
(tui/watch.py) and ``skirmish replay --log`` (tui/cli.py).

A save keeps them beside the game in ``pending["reasons"]`` (see
:class:`match.match.Reason`: the order each came before, its side, and
how many of the whole game's events came before that order), read back
strictly (:func:`match.match.checked_reasons`).  Each is written as play
writes it (``» Player 2 (easy): …``, tui/computer.py) just before the
events of its order.

While a game with secrets (hidden information or orders written at the
same time) is not over, play holds a computer's reasons back from the
person it plays until the end (``ComputerSeats.keeps_secrets``): they
name its secret orders and what it knows.  So an unfinished game of such
a ruleset shows none of them here.  Once it is over, a side's view of a
position shows the reasons of that side's own orders, and the other
side's only at the end, as the orders a side knows
(``LocalSeat.known_orders``) and as play showed them: watching a finished
Platemail game from one side never spells out the other side's written
orders through their reasons.  A server's seat is sent the reasons by
the server under the same rule (``net.sending.reasons_readable``), each
placed both in the whole game's log and in the seat's own
(:func:`seat_notes`).  No Textual here: ``skirmish replay`` runs
without it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.events import visible_to
from core.seats import private_ruleset


def saved_reasons(game: Any, pending: Any) -> list:
    """The reasons a save kept for ``game`` (anything that does not fit it dropped)."""
    from match.match import checked_reasons

    return checked_reasons(pending.get("reasons") if isinstance(pending, dict) else None, game)


def line(players: Sequence[str], seats: Sequence[str], side: int, text: str) -> str:
    """A reason as the log shows it in play (``ComputerSeats.line``); an
    empty seat word: the player's name says the level already (a server's
    computer, "Computer (normal)": :func:`seat_line`)."""
    if not seats[side]:
        return seat_line(players, side, text)
    return f"» {players[side]} ({seats[side]}): {text}"


def seat_line(players: Sequence[str], side: int, text: str) -> str:
    """A server's computer's reason as the log shows it: its seat's name
    already says the level ("Computer (normal)")."""
    return f"» {players[side]}: {text}"


def seat_notes(players: Sequence[str], reasons: Sequence[Any], whole: bool) -> list[tuple[int, str]]:
    """A server seat's reasons (``net.serverwire.SeatReason``) as notes of
    the log being read: the whole game's (``whole``, once the game is over
    and this terminal replayed it) or the seat's own."""
    return [(reason.at if whole else reason.seen, seat_line(players, reason.side, reason.text))
            for reason in reasons]


def whole_game_reasons(whole: Any, reasons: Sequence[Any]) -> list:
    """A server seat's reasons (``net.serverwire.SeatReason``: no order
    index) as the whole game's (:class:`match.match.Reason`), for watching
    it again: each reason's order is the first not yet taken of its side
    whose events begin at its ``at`` (an order with no events leaves the
    next one beginning at the same place).  One that fits no order is
    dropped."""
    from core.playback import positions
    from match.match import Reason

    starts: dict[tuple[int, int], list[int]] = {}
    for index, (before, order) in enumerate(zip(positions(whole), whole.orders)):
        starts.setdefault((order.side, len(before.log)), []).append(index)
    out = []
    for reason in reasons:
        free = starts.get((reason.side, reason.at))
        if free:
            out.append(Reason(free.pop(0), reason.side, reason.at, reason.text))
    return out


def secrets_kept(game: Any) -> bool:
    """Whether the reasons of ``game`` must stay hidden: its ruleset has
    secrets and it is not over (as play holds them back until the end)."""
    return game.outcome is None and private_ruleset(game.ruleset)


def order_known(game: Any, side: int | None, order_side: int) -> bool:
    """Whether the view of ``side`` (None: the public view) at the position
    ``game`` knows the orders of ``order_side``: its own always, the
    other's where the ruleset keeps no orders secret or the game is over
    there (as ``LocalSeat.known_orders``)."""
    return order_side == side or game.outcome is not None or not private_ruleset(game.ruleset)


def read_before(log: Sequence[Any], side: int | None) -> list[int]:
    """For each place ``i`` in the whole game's ``log`` (0 to its length),
    how many of the events before it ``side`` reads (None: the public
    view): where a note given before the whole log's event ``i`` goes in
    the log ``side`` reads."""
    before = [0]
    for event in log:
        before.append(before[-1] + visible_to(event, side))
    return before


def reason_notes(game: Any, reasons: Sequence[Any], seats: Sequence[str], side: int | None,
                 everything: bool, final: Any = None) -> list[tuple[int, str]]:
    """The reasons given up to the position ``game`` (those of its orders),
    each with how many events of the log being read came before it: the
    whole log (``everything``) or what ``side`` may read (None: the public
    view).  ``final``: the whole game whose position this is (by default
    ``game``), which decides whether its secrets are still kept.  A side's
    view shows only the reasons of orders it knows at this position
    (:func:`order_known`)."""
    if not reasons or secrets_kept(final if final is not None else game):
        return []
    taken = len(game.orders)
    log = game.log
    # events of the log being read among the first i of the whole log
    before = [] if everything else read_before(log, side)
    notes = []
    for reason in reasons:
        if reason.order >= taken or reason.at > len(log):
            continue
        if not everything and not order_known(game, side, reason.side):
            continue  # the order is still this view's secret, and so is why it was given
        at = reason.at if everything else before[reason.at]
        notes.append((at, line(game.players, seats, reason.side, reason.text)))
    return notes


def merged(sentences: Sequence[str], notes: Sequence[tuple[int, str]]) -> list[str]:
    """The log's lines with each note (events before it, line) in its place."""
    places: dict[int, list[str]] = {}
    for at, text in notes:
        places.setdefault(at, []).append(text)
    out: list[str] = []
    for index, sentence in enumerate(sentences):
        out += places.get(index, [])
        out.append(sentence)
    out += [text for at, more in sorted(places.items()) if at >= len(sentences) for text in more]
    return out
