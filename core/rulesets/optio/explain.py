"""Why? for the Optio pre-game's log lines (see :mod:`core.explain`)."""

from __future__ import annotations

from collections.abc import Sequence

from core.events import Event, GameOver, Moved, Note, Removed, Rolled, TurnEnded
from core.explain import Ref, generic_lines

from .events import ArmiesMet, KudoPaid, Scouted, TemplatePlaced

MAP = Ref("The map", "the operational map")
BLOCKS = Ref("Your blocks", "blocks and kudos")
TURN = Ref("A turn (scouting)", "moving and scouting")
CLOSING = Ref("Closing in", "closing in on the enemy army")
FIELD = Ref("The battlefield", "the battlefield template")


def explain(events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
    event = events[index]
    lines = generic_lines(event)
    if isinstance(event, Rolled):
        return lines + ["Each player rolls a die; the higher moves first"], TURN
    if isinstance(event, Scouted):
        return [f"{event.who}'s {event.unit_kind} {event.unit} had just moved in beside {event.target}",
                "An army or scout may scout one enemy block it has just come beside;",
                f"both are turned face up: {event.target} is a {event.target_kind}"], TURN
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
