"""The computer as a seat that a program fills (DESIGN.md, *Seats*).

A :class:`ComputerPlayer` is given a :class:`core.seats.Seat` and a level.
It chooses from what that seat gives a person and nothing else: the seat's
``view()``, ``legal_orders()``, ``facts``, and how many orders and events
the seat knows of (which, with the computer's own seed, seed the search's
own random numbers).  The view it passes on is the seat's (redacted once,
by :func:`core.game.redact`: the dice seed blanked), and
its own seed is :func:`core.dice.computer_seed` of the game's, worked out
by whoever seats it: the computer never holds the dice seed.  It submits
through the seat, like a person, so its orders are recorded and replayed
like anyone's.

Pure like the rest of ``core``: no threads, no clock.  Whoever runs it off
an interface's thread takes a :meth:`~core.seats.Seat.snapshot` on that
thread (a frozen moment of the seat), calls :meth:`ComputerPlayer.think`
on it anywhere, and submits with :meth:`ComputerPlayer.give` if the seat
has not changed meanwhile.
"""

from __future__ import annotations

from typing import Any

from core.ai import Choice, Level, choose, knowledge_for
from core.ai.knowledge import fold_seed
from core.events import Event
from core.game import standing_offer
from core.orders import AgreeDraw, DeclineDraw
from core.ruleset import Rejection, Ruleset
from core.seats import Seat, SeatGame


def answer_draw(rules: Ruleset, view: Any, side: int) -> Choice:
    """The computer's answer to an offer of a draw: it agrees only when it
    has less fight left than the other side (its figures standing, less
    their wounds: ``Knowledge.strength``), as a player who expects to lose
    would; level or ahead it plays on."""
    fallen = rules.fallen_statuses
    if any(u.pos is None and u.status.partition(",")[0] not in fallen for u in rules.units(view)):
        return Choice(DeclineDraw(side), "plays on: the battle has not begun (figures still to deploy)")
    knowledge = knowledge_for(rules)
    mine, theirs = knowledge.strength(view, side), knowledge.strength(view, 1 - side)
    standing = _standing_words(rules, view, side, mine, theirs)
    if mine < theirs:
        return Choice(AgreeDraw(side), f"agrees: behind, {standing}")
    return Choice(DeclineDraw(side), f"plays on: {'level' if mine == theirs else 'ahead'}, {standing}")


def _standing_words(rules: Ruleset, view: Any, side: int, mine: float, theirs: float) -> str:
    """The answer's grounds in words a player can check on the board: the
    figures standing on each side, counted, and, where the counts alone do
    not decide it, what ``Knowledge.strength`` weighs them by, rounded
    ("2 figures standing to 2; by the fight each has left, 1.7 to 1.4")."""
    fallen = rules.fallen_statuses
    counts = [sum(1 for u in rules.units(view) if u.side == s and u.pos is not None
                  and u.status.partition(",")[0] not in fallen) for s in (side, 1 - side)]
    said = f"{counts[0]} figure{'s' if counts[0] != 1 else ''} standing to {counts[1]}"
    if float(counts[0]) == mine and float(counts[1]) == theirs:
        return said
    return f"{said}; by the fight each has left, {mine:.1f} to {theirs:.1f}"


class ComputerPlayer:
    """Plays ``seat``'s side at ``level`` ("easy", "normal", "hard" or a
    :class:`~core.ai.Level`).  ``seed``: the computer's own seed,
    ``core.dice.computer_seed(game seed)`` when the one who seats the
    computer holds the game (the host); 0 otherwise.  Never the dice seed."""

    def __init__(self, seat: Seat, level: str | Level = "normal", seed: int = 0) -> None:
        if seat.side is None:
            raise ValueError("the computer plays a side, not the onlooker's seat")
        self.seat = seat
        self.level = level
        self.seed = seed

    @property
    def side(self) -> int:
        side = self.seat.side
        assert side is not None  # refused in __init__
        return side

    def moment(self) -> SeatGame:
        """What the seat shows now, frozen (take it where the seat lives)."""
        return self.seat.snapshot()

    def think(self, moment: SeatGame) -> Choice | None:
        """The order to give at ``moment`` and its reason, or None when the
        side may not act then.  Reads only the seat's moment.  An offer of
        a draw from the other side is answered first, whoever's turn it is."""
        if moment.outcome is not None:
            return None
        if standing_offer(moment.log) == 1 - self.side:
            return answer_draw(moment.facts.ruleset, moment.view(self.side), self.side)
        if self.side not in moment.to_act or not moment.legal:
            return None
        ply = fold_seed(len(moment.orders), len(moment.log))
        # the seat's own view: redacted once, by core.game.redact
        return choose(moment.facts.ruleset, moment.view(self.side), self.side, moment.legal, self.level, self.seed, ply)

    def choose(self) -> Choice | None:
        return self.think(self.moment())

    def give(self, choice: Choice, moment: SeatGame | None = None) -> Rejection | tuple[Event, ...] | None:
        """Submit ``choice``'s order through the seat, as a person would;
        with the ``moment`` it was chosen at, only if the seat is still
        there (None when the game moved on: think again)."""
        if moment is not None:
            return self.seat.submit_at(moment.version, choice.order)
        return self.seat.submit(choice.order)

    def play(self) -> Choice | Rejection | None:
        """Choose and submit in one go: the choice, the seat's refusal, or
        None when the side may not act."""
        choice = self.choose()
        if choice is None:
            return None
        result = self.give(choice)
        return result if isinstance(result, Rejection) else choice
