"""Why? for the Optio pre-game's log lines (see :mod:`core.explain`).

The printed pre-game has one heading, "RULES": every line cites it, with
the part of it that applies in brackets, except what our turn limit does
(docs/rulings.md, *Turn limit (ours)*; the help's *House rulings*)."""

from __future__ import annotations

from collections.abc import Sequence

from core.events import Event, GameOver, Moved, Note, Removed, Rolled, TurnEnded, cell_text
from core.explain import Ref, generic_lines

from .events import ARMY_MOVED, TIME_UP, ArmiesMet, KudoPaid, Scouted, TemplatePlaced, TurnPassed

MAP = Ref("The map", "RULES (the operational map)")
BLOCKS = Ref("Your blocks", "RULES (blocks and kudo coins)")
TURN = Ref("A turn (scouting)", "RULES (moving and scouting)")
CLOSING = Ref("Closing in", "RULES (closing in on the enemy army)")
FIELD = Ref("The battlefield", "RULES (the battlefield template)")
HOUSE = Ref("House rulings", "none printed: Skirmish's own ruling (docs/rulings.md, Turn limit (ours))")


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
    lines = [f"{event.who}'s {event.unit_kind} {event.unit} {_move_in(events, index, event)}, "
             f"where {event.target} stood: a square the opponent holds",
             "An army or scout that moves into a large square the opponent holds may scout one of the "
             "opponent's blocks there, that turn; one a turn, and dummies cannot"]
    target = f"{event.target} is {with_article(event.target_kind)}"
    if event.unit_was_shown:
        return lines + [f"{event.unit} was face up already; {target}, face up from now on"]
    if event.target_was_shown:
        return lines + [f"{target}, face up already, so only {event.unit} turned over: it is the "
                        f"{event.unit_kind}, face up from now on"]
    return lines + [f"Both are face up from now on: {event.unit} is the {event.unit_kind}, {target}"]


def _armies_known(events: Sequence[Event], index: int) -> bool:
    """Whether both armies were known before ``events[index]`` (the
    closing had begun): two armies named by scouts, or the turn limit."""
    armies = set()
    for earlier in events[:index]:
        if isinstance(earlier, Note) and earlier.text == TIME_UP:
            return True
        if isinstance(earlier, Scouted):
            armies |= {uid for uid, kind in ((earlier.unit, earlier.unit_kind), (earlier.target, earlier.target_kind))
                       if kind == "army"}
    return len(armies) >= 2


def _closing_move(events: Sequence[Event], index: int, event: Moved) -> bool:
    """Whether the army's move ``events[index]`` was the closing's: both
    armies known before it, or, read from its own order's events alone (a
    hand-over shows only the news), a kudo coin paid for it just before or
    the closing turn's end (or the meeting) just after."""
    if _armies_known(events, index):
        return True
    before = events[index - 1] if index > 0 else None
    after = events[index + 1] if index + 1 < len(events) else None
    return ((isinstance(before, KudoPaid) and event.unit.startswith(f"{before.who}'s "))
            or isinstance(after, ArmiesMet) or (isinstance(after, TurnPassed) and after.detail == ARMY_MOVED))


def _time_up(events: Sequence[Event], index: int) -> list[str]:
    """The turn limit (ours): how many scouting turns each side had, from
    the last turn that ended before it."""
    turns = next((e.turn for e in reversed(events[:index]) if isinstance(e, TurnPassed)), None)
    had = (f"Each player has had {turns} scouting turn{'' if turns == 1 else 's'}: the limit reached"
           if turns else "Each player has had the scouting turns this game allows: the limit reached")
    return [TIME_UP, had + " (the option 'Scouting turns each', 15 by default)",
            "The printed rules never end a scouting in which nobody finds the other army: this limit is "
            "Skirmish's own",
            "Both armies turn face up, every other block leaves the map and the closing begins, the player who "
            "moved first in the scouting moving first"]


def _edge_word(mover: str) -> str:
    """Whose edge a block came onto, from its id in "Ann's g1" (Green's
    ids start g, Red's r)."""
    uid = mover.rsplit("'s ", 1)[-1]
    return {"g": "Green's edge, the top row", "r": "Red's edge, the bottom row"}.get(uid[:1], "its own edge")


def _moved(events: Sequence[Event], index: int, event: Moved) -> tuple[list[str], Ref]:
    lines = generic_lines(event)
    if _closing_move(events, index, event):
        if event.frm is None:  # brought on by the turn limit
            return lines + ["When scouting time is up, an army still off the map comes on at its own edge, in "
                            "the enemy army's column (the middle one if both are off)"], HOUSE
        before = events[index - 1] if index > 0 else None
        if isinstance(before, KudoPaid) and event.unit.startswith(f"{before.who}'s "):
            why = ["It takes the army no nearer the enemy army (sideways or away), so it cost a kudo coin: "
                   "the line before"]
        else:
            why = ["It takes the army one square nearer the enemy army: a move that shortens the distance is free",
                   "Holding, or moving sideways or away, costs a kudo coin"]
        return lines + ["Once both armies are known only they move, one large square a turn, never diagonally",
                        *why], CLOSING
    if event.frm is None:
        return lines + [f"A block not yet on the map comes onto any large square of its side's edge: "
                        f"{cell_text(event.to)} is on {_edge_word(event.unit)}",
                        "At most two of a side's blocks share a square"], TURN
    return lines + ["A block moves one large square up, down, left or right; at most two of a side's "
                    "blocks share a square"], TURN


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
        return _moved(events, index, event)
    if isinstance(event, GameOver):
        return lines + ["The pre-game ends when the armies meet: it picks the battlefield, nobody wins it"], FIELD
    if isinstance(event, Note) and event.text == TIME_UP:
        return _time_up(events, index), HOUSE
    if isinstance(event, (Note, TurnEnded)):
        return lines, CLOSING if _armies_known(events, index) else TURN
    return lines, MAP
