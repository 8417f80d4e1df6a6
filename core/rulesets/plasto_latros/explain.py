"""Why? for Plasto Latros' log lines (see :mod:`core.explain`).  The game is
diceless: the working is the geometry and the count of attackers."""

from __future__ import annotations

from collections.abc import Sequence

from core.events import Event, GameOver, Moved, Note, Placed, Removed, TurnEnded, TurnStarted
from core.explain import Ref, generic_lines

from .events import ArtifactDestroyed, Attacked, DoomFalls, DoomLifted, FreeMovementOwed, JumpedOn, ShotAt

MINIS = Ref("The minis (*The Minis*)", "The Minis")
TURN = Ref("Your turn (*Movement*)", "Movement")
DOOM = Ref("Contact, Threat and Doom (*Attacking And Defending*)", "Attacking And Defending")
FREE = Ref("Defending Free Movement", "Attacking And Defending (the defender's free Movement)")
SHOOT = Ref("Shooters (*Long Range Attacks*)", "Long Range Attacks")
HEIGHT = Ref("Heights (*Climbing Movement On Terrain*, *Jumping Attacks*)", "Climbing Movement On Terrain")
JUMP = Ref(HEIGHT.section, "Jumping Attacks")
ARTIFACT = Ref("Artifacts (*Attacking Terrain And Artifacts*)", "Attacking Terrain And Artifacts")
END = Ref("The end (*Ending The Game*)", "Ending The Game")
# A mini Doomed by a shot and a contact: both headings say it.
MIXED = Ref(DOOM.section, "Attacking And Defending; Long Range Attacks")
SHOT_REASONS = ("targeted by two shooters",)


def _turn_of(events: Sequence[Event], index: int) -> str:
    """Whose turn a removal closed: the ``TurnEnded`` written with it
    ("Ann's turn"), or "" when the log stops before it."""
    for later in events[index + 1:index + 40]:
        if isinstance(later, TurnEnded):
            return later.detail
        if isinstance(later, TurnStarted):
            break
    return ""


def _doomed_by(events: Sequence[Event], index: int, unit: str) -> tuple[str, ...]:
    """The counting attackers named when ``unit``'s Doom fell (none in saves
    written before they were recorded)."""
    for earlier in reversed(events[:index]):
        if isinstance(earlier, DoomFalls) and earlier.unit == unit:
            return earlier.by
    return ()


def _removed(events: Sequence[Event], index: int, event: Removed) -> tuple[list[str], Ref]:
    """A mini taken off: at once when jumped on; else still Doomed when the
    current turn ended, the turn its Doom fell in (normally the attacker's:
    the Doomed mini's side gets no turn of its own to save it)."""
    if event.reason.startswith("jumped on"):
        return [f"{event.unit} was {event.reason}: a mini jumped on dies as the jump lands, "
                "unless the defender's free Movement put the jumper under Threat or Doom first"], JUMP
    turn = _turn_of(events, index)
    by = _doomed_by(events, index, event.unit)
    here = f" (here {turn})" if turn else ""
    return [f"Doomed: {event.reason}" + (f" (by {', '.join(by)})" if by else ""),
            f"A Doomed mini is killed at the end of the current turn{here}: the turn its Doom fell in, "
            "normally the attacking side's; its own side gets no turn to save it, only the free Movement",
            "Nothing lifted the Doom before that turn ended (the free Movement lifts it by putting an "
            "attacker under Threat or Doom)"], _removal_ref(event.reason)


def _removal_ref(reason: str) -> Ref:
    """Where a Doom's rule is printed, for the Doom and the removal it
    leads to.  Two shots: under "Long Range Attacks"; a shot and a contact:
    both headings; contact only: "Attacking And Defending"."""
    if reason in SHOT_REASONS:
        return SHOOT
    if "shot" in reason:
        return MIXED
    return DOOM


def _doom_ref(reason: str) -> Ref:
    """Where the Doom named in a ``DoomFalls`` is printed: a jump's under
    "Jumping Attacks", the others as for the removal it leads to."""
    return JUMP if reason.startswith("jumped on") else _removal_ref(reason)


def explain(events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
    event = events[index]
    lines = generic_lines(event)
    if isinstance(event, Attacked):
        return [f"{event.attacker} ended a Movement touching {event.target} at the same height, "
                f"with {event.target} in its front quarter",
                "Attacks cost nothing: the contact is the attack",
                f"{event.target} is Threatened and both are Locked In Battle"], DOOM
    if isinstance(event, ShotAt):
        return [f"{event.target} stood in {event.shooter}'s front quarter",
                f"{event.percent}% of it could be seen; a shot needs at least half",
                "A shot counts as one attacker; two attackers Doom a mini"], SHOOT
    if isinstance(event, JumpedOn):
        return [f"{event.jumper} jumped down onto {event.target} from higher ground",
                f"{event.target} is Pinned and Doomed by the jump"], JUMP
    if isinstance(event, DoomFalls):
        attackers = ([f"Attacked by {', '.join(event.by)}"] if event.by else [])
        return [f"Why: {event.reason}", *attackers,
                "Doom comes from two counting attackers, two different minis (in contact, shooting, "
                "or one of each), "
                "one attacker in the back quarter, a jump, or any attack on a prone mini",
                "An attacker counts while it stands and nothing attacks it",
                "A Doomed mini is removed at the end of the turn unless the Doom is lifted"], _doom_ref(event.reason)
    if isinstance(event, DoomLifted):
        return [f"{event.unit} no longer has enough counting attackers to stay Doomed",
                "An attacker that is itself attacked stops counting"], DOOM
    if isinstance(event, FreeMovementOwed):
        return [f"One of {event.player}'s minis was just Doomed",
                "Its side gets one Movement at once (out of turn, or before its own two), with a mini "
                "that is not attacked, Locked or Pinned", "It may be declined"], FREE
    if isinstance(event, ArtifactDestroyed):
        return [f"Destroyed by {' and '.join(event.by)}",
                "Terrain and artifacts fall to attackers the same way minis do"], ARTIFACT
    if isinstance(event, Removed):
        return _removed(events, index, event)
    if isinstance(event, Moved):
        if "climb" in event.how:
            return lines + ["Climbing up or down any height up to one Standard Movement "
                            "(a level counts as one cell) costs one Movement"], HEIGHT
        if "jump" in event.how:
            return lines + ["Jumping down is a Movement"], JUMP
        return lines + ["Each turn has two Movements; a Movement may also turn the mini to a new facing"], TURN
    if isinstance(event, Placed):
        return lines, MINIS
    if isinstance(event, (TurnStarted, TurnEnded)):
        return lines + ["A turn is two Movements by one side; Doomed minis go at its end"], TURN
    if isinstance(event, GameOver):
        return lines + ["The game ends when a side has no minis, or after the final turn"], END
    if isinstance(event, Note):
        return lines, TURN
    return lines, TURN
