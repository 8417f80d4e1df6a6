"""Events: data describing every change, each with a one-line sentence.

The TUI narrates events; it never works out what happened itself.  A
ruleset may define its own events by subclassing :class:`Event` and giving
it a ``sentence``.
"""

from __future__ import annotations

import attrs

from core.board import Cell
from core.orders import forfeit_reason


def cell_text(cell: Cell | None) -> str:
    return "off the board" if cell is None else f"{cell[0]},{cell[1]}"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"{n}"


def dice(n: int, kind: str = "") -> str:
    """A count of dice in words: "1 die", "0 dice", "3 attack dice"."""
    return f"{n} {kind + ' ' if kind else ''}{'die' if n == 1 else 'dice'}"


@attrs.frozen
class Event:
    """Base class; subclasses say what happened in ``sentence``.

    ``seen_by`` is who may read the event: None for everyone, or the set of
    sides that may (a ruleset with hidden information marks its secret
    events, and gives the other side what it would notice instead, or
    nothing).  A neutral onlooker reads only the events everyone may read.
    """

    seen_by: frozenset[int] | None = attrs.field(default=None, kw_only=True)

    @property
    def sentence(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


@attrs.frozen
class Note(Event):
    text: str

    @property
    def sentence(self) -> str:
        return self.text


# Who rolls a die no figure or player rolls (Spheres of War's coin flip):
# the log says "The game rolls 1d2 ...", and Why? "(by the game)".
THE_GAME = "The game"


@attrs.frozen
class Rolled(Event):
    """A roll: expression, faces, modifiers and total, and what it was for."""

    expression: str
    faces: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...]
    total: int
    purpose: str
    who: str = ""
    low_is_good: bool = False  # the roller wants it low (a defence failing on 5-6, cover on 1-N)
    # no face is better for the roller (which limb is lost, odd or even):
    # neither good nor bad luck, so the result's luck leaves it out
    neither_is_good: bool = False

    @property
    def breakdown(self) -> str:
        """The dice, then each modifier with its label: "4+2, +3 skill, -1 wounds"."""
        parts = ["+".join(str(f) for f in self.faces) or "no dice"]
        parts += [f"{signed(v)} {modifier_label(label)}" for label, v in self.modifiers]
        return ", ".join(parts)

    @property
    def sentence(self) -> str:
        # The dice come first and the total last, after "=", so a total is
        # never read as a face; a lone die with nothing added is its own
        # total ("rolls 1d20 for ...: 3").  Whether low or high is wanted
        # is the purpose's to say ("defence (5-6 fails)").
        who = f"{self.who} " if self.who else ""
        if len(self.faces) <= 1 and not self.modifiers:
            return f"{who}rolls {self.expression} for {self.purpose}: {self.total}"
        return f"{who}rolls {self.expression} for {self.purpose}: {self.breakdown} = {self.total}"


def modifier_label(label: str) -> str:
    """A modifier's label as a roll's line gives it: "Range: 45 ft, within
    30 ft" becomes "Range (45 ft, within 30 ft)", so the commas between
    modifiers are not taken for the label's own."""
    head, colon, detail = label.partition(": ")
    return f"{head} ({detail})" if colon and detail else label


@attrs.frozen
class Moved(Event):
    unit: str
    frm: Cell | None
    to: Cell | None
    how: str = "moves"

    @property
    def sentence(self) -> str:
        if self.frm is None:  # coming onto the battlefield
            verb = self.how if self.how.endswith(" at") else f"{self.how} onto the battlefield at"
            return f"{self.unit} {verb} {cell_text(self.to)}"
        if self.to is None:
            return f"{self.unit} {self.how} off the battlefield from {cell_text(self.frm)}"
        return f"{self.unit} {self.how} from {cell_text(self.frm)} to {cell_text(self.to)}"


@attrs.frozen
class Placed(Event):
    unit: str
    at: Cell

    @property
    def sentence(self) -> str:
        return f"{self.unit} deploys at {cell_text(self.at)}"


@attrs.frozen
class Matched(Event):
    first: str
    second: str
    detail: str = ""

    @property
    def sentence(self) -> str:
        extra = f" ({self.detail})" if self.detail else ""
        return f"Match: {self.first} against {self.second}{extra}"


@attrs.frozen
class Struck(Event):
    attacker: str
    target: str
    detail: str = ""

    @property
    def sentence(self) -> str:
        extra = f": {self.detail}" if self.detail else ""
        return f"{self.attacker} strikes at {self.target}{extra}"


@attrs.frozen
class Defeated(Event):
    unit: str
    by: str = ""
    reason: str = ""

    @property
    def sentence(self) -> str:
        by = f" by {self.by}" if self.by else ""
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.unit} is defeated{by}{why}"


@attrs.frozen
class Removed(Event):
    unit: str
    reason: str = ""
    where: str = "battlefield"  # Optio's blocks leave its operational "map"

    @property
    def sentence(self) -> str:
        why = f": {self.reason}" if self.reason else ""
        return f"{self.unit} is removed from the {self.where}{why}"


@attrs.frozen
class TurnEnded(Event):
    turn: int
    detail: str = ""
    word: str = "Turn"  # the ruleset's word for what it counts (Ruleset.turn_word)

    @property
    def sentence(self) -> str:
        extra = f" ({self.detail})" if self.detail else ""
        return f"{self.word} {self.turn} ends{extra}"


@attrs.frozen
class TurnStarted(Event):
    turn: int
    detail: str = ""
    word: str = "Turn"  # the ruleset's word for what it counts (Ruleset.turn_word)

    @property
    def sentence(self) -> str:
        extra = f": {self.detail}" if self.detail else ""
        return f"{self.word} {self.turn} begins{extra}"


@attrs.frozen
class Conceded(Event):
    """A player conceded (``core.orders.Concede``); the GameOver follows."""

    side: int
    name: str

    @property
    def sentence(self) -> str:
        return f"{self.name} concedes the game"


@attrs.frozen
class Forfeited(Conceded):
    """A player left a server game, or stopped playing it (``idle``), and
    the opponent claimed it (``core.orders.Forfeit``, a concession the
    referee records); the GameOver follows."""

    idle: bool = False

    @property
    def sentence(self) -> str:
        return f"{self.name} {forfeit_reason(self.idle)} and forfeits it"


@attrs.frozen
class DrawOffered(Event):
    """A player offered a draw (``core.orders.OfferDraw``); it stands until
    the other answers (``core.game.standing_offer``)."""

    side: int
    name: str

    @property
    def sentence(self) -> str:
        return f"{self.name} offers a draw"


@attrs.frozen
class DrawDeclined(Event):
    side: int
    name: str

    @property
    def sentence(self) -> str:
        return f"{self.name} declines the draw: the game goes on"


@attrs.frozen
class DrawAgreed(Event):
    """The other side agreed to the standing offer; the GameOver follows."""

    side: int
    name: str

    @property
    def sentence(self) -> str:
        return f"{self.name} agrees to a draw"


@attrs.frozen
class GameOver(Event):
    winner: int | None
    winner_name: str
    reason: str

    @property
    def sentence(self) -> str:
        if self.winner is None:
            # Not always a draw: Optio's pre-game ends with the armies meeting.
            return f"Game over with no winner: {self.reason}"
        return f"Game over: {self.winner_name} wins ({self.reason})"


def visible_to(event: Event, side: int | None) -> bool:
    """Whether ``side`` may read ``event`` (None: the neutral onlooker)."""
    if event.seen_by is None:
        return True
    return side is not None and side in event.seen_by


def only_for(sides, event: Event) -> Event:
    """``event`` marked as readable by ``sides`` alone (an int or a collection)."""
    seen = frozenset((sides,)) if isinstance(sides, int) else frozenset(sides)
    return attrs.evolve(event, seen_by=seen)
