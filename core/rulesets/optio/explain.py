"""Why? for the Optio pre-game's log lines (see :mod:`core.explain`).

The printed pre-game has one heading, "RULES": every line cites it, with
the part of it that applies in brackets."""

from __future__ import annotations

from collections.abc import Sequence

from core.events import Event, GameOver, Moved, Note, Removed, Rolled, TurnEnded, cell_text
from core.explain import Ref, generic_lines

from .events import ArmiesMet, KudoPaid, Scouted, TemplatePlaced

MAP = Ref("The map", "RULES (the operational map)")
BLOCKS = Ref("Your blocks", "RULES (blocks and kudo coins)")
TURN = Ref("A turn (scouting)", "RULES (moving and scouting)")
CLOSING = Ref("Closing in", "RULES (closing in on the enemy army)")
FIELD = Ref("The battlefield", "RULES (the battlefield template)")


def with_article(noun: str) -> str:
    """``noun`` after "a" or "an": "an army", "a scout"."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _move_in(events: Sequence[Event], index: int, event: Scouted) -> str:
    """How the scouting block came into its square this turn, from the
    move written before the scout (the turn's moves only)."""
    mover = f"{event.who}'s {event.unit}"
    for earlier in reversed(events[:index]):
        if isinstance(earlier, TurnEnded):
            break
        if isinstance(earlier, Moved) and earlier.unit == mover:
            if earlier.frm is None:
                return f"came onto the map this turn into square {cell_text(earlier.to)}"
            return f"moved this turn from square {cell_text(earlier.frm)} into square {cell_text(earlier.to)}"
    return "moved this turn into the large square"


def _scouted(events: Sequence[Event], index: int, event: Scouted) -> list[str]:
    return [f"{event.who}'s {event.unit_kind} {event.unit} {_move_in(events, index, event)}, "
            f"where {event.target} stood: a square the opponent holds",
            "An army or scout that moves into a large square the opponent holds may scout one of the "
            "opponent's blocks there, that turn; one a turn, and dummies cannot",
            f"Both are face up from now on: {event.unit} is the {event.unit_kind}, "
            f"{event.target} is {with_article(event.target_kind)}"]


def explain(events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
    event = events[index]
    lines = generic_lines(event)
    if isinstance(event, Rolled):
        return lines + ["Each player rolls a die; the higher moves first"], TURN
    if isinstance(event, Scouted):
        return _scouted(events, index, event), TURN
    if isinstance(event, KudoPaid):
        return [f"Because: {event.why}", f"{event.who} has {event.left} kudo coin{'' if event.left == 1 else 's'} left",
                "Once both armies are known, an army must close in unless its player pays a coin"], CLOSING
    if isinstance(event, ArmiesMet):
        return lines + ["The second army's side of the square is its battlefield edge;",
                        "the first army takes the opposite edge and places the template"], FIELD
    if isinstance(event, TemplatePlaced):
        return lines + ["The template may shift one small square each way, but never to take in more "
                        "rock, water or map edge than the centred position"], FIELD
    if isinstance(event, Removed):
        return lines + ["When both armies are revealed, every other block leaves the map"], CLOSING
    if isinstance(event, Moved):
        return lines + ["A block moves one large square up, down, left or right; at most two of a side's "
                        "blocks share a square"], TURN
    if isinstance(event, GameOver):
        return lines + ["The pre-game ends when the armies meet: it picks the battlefield, nobody wins it"], FIELD
    if isinstance(event, (Note, TurnEnded)):
        return lines, TURN
    return lines, MAP
