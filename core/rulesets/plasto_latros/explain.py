"""Why? for Plasto Latros' log lines (see :mod:`core.explain`).  The game is
diceless: the working is the geometry and the count of attackers."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.events import Event, GameOver, Moved, Note, Placed, Removed, TurnEnded, TurnStarted, cell_text
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
# One attacker from behind: the back's weakness is printed under "The
# Minis" and the backstab as the exception to two attackers under "About
# Plasto Latros"; the help tells it with the other Dooms.
BACKSTAB = Ref(DOOM.section, "The Minis; About Plasto Latros")
# Any attack on a mini lying flat: printed under "Climbing Movement On
# Terrain"; the help tells it with the other Dooms.
PRONE = Ref(DOOM.section, "Climbing Movement On Terrain")
SHOT_REASONS = ("targeted by two shooters",)
PRONE_REASON = "attacked while prone"


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
    """A mini taken off: at once when jumped on, or attacked while prone;
    else still Doomed when the current turn ended, the turn its Doom fell
    in (normally the attacker's: the Doomed mini's side gets no turn of its
    own to save it)."""
    if event.reason.startswith("jumped on"):
        return [f"{event.unit} was {event.reason}: a mini jumped on dies as the jump lands, "
                "unless the defender's free Movement put the jumper under Threat or Doom first"], JUMP
    by = _doomed_by(events, index, event.unit)
    if event.reason == PRONE_REASON:
        return [f"Doomed: {event.reason}" + (f" (by {', '.join(by)})" if by else ""),
                "A mini lying prone dies at once from an attack that succeeds: it is removed as soon as no "
                "free Movement is owed and the attack still counts, not at the end of the turn",
                _prone_answer(events, index, event.unit)], PRONE
    turn = _turn_of(events, index)
    here = f" (here {turn})" if turn else ""
    return [f"Doomed: {event.reason}" + (f" (by {', '.join(by)})" if by else ""),
            f"A Doomed mini is killed at the end of the current turn{here}: the turn its Doom fell in, "
            "normally the attacking side's; its own side gets no turn to save it, only the free Movement",
            "Nothing lifted the Doom before that turn ended (the free Movement lifts it by putting an "
            "attacker under Threat or Doom)"], _removal_ref(event.reason)


DECLINED = re.compile(r"(?P<player>.+) declines the Defending Free Movement$")
NO_ANSWER = re.compile(r"(?P<player>.+) has no mini free to answer the Doom$")


def _prone_answer(events: Sequence[Event], index: int, unit: str) -> str:
    """What the side of ``unit``, removed lying prone at ``index``, did with
    the free Movement owed once its Doom fell: declined it, made one that
    left an attack on it counting, or none was owed (an attacker put under
    Threat or Doom stops counting: *Attacking And Defending*)."""
    owed = False
    for earlier in reversed(events[:index]):
        if isinstance(earlier, DoomFalls) and earlier.unit == unit:
            break
        if isinstance(earlier, FreeMovementOwed):
            owed = True
        elif isinstance(earlier, Note) and (declined := DECLINED.match(earlier.text)):
            return _declined(declined["player"], unit, _doomed_by(events, index, unit))
        elif isinstance(earlier, Note) and (nobody := NO_ANSWER.match(earlier.text)):
            return f"{nobody['player']} had no mini free to make the free Movement: the attack counted at once"
        elif isinstance(earlier, Note) and (taken := FREE_TAKEN.match(earlier.text)):
            return (f"{taken['player']}'s free Movement (with {taken['unit']}) left an attack on {unit} counting: "
                    "it put no attacker under Threat or Doom")
    else:  # a log from before Dooms were written down: either may have happened
        return ("No free Movement was owed, or the one made left an attack on it counting (an attacker put "
                "under Threat or Doom stops counting)")
    if owed:
        return "A free Movement was owed, and the attack on it still counted when it was over"
    return "No free Movement was owed: the attack counted at once"


def _declined(player: str, unit: str, by: Sequence[str]) -> str:
    """A declined free Movement owed for a prone ``unit``, said without
    claiming it could have saved it: whether a Movement could reach an
    attacker depends on the terrain and the Standard Movement, which the
    log does not hold.  Lying prone, any one counting attack kills it, so
    every attacker had to stop counting."""
    names = [b.split(" (", 1)[0] for b in by]  # "b5 at 5,6", without how it attacks
    if len(names) == 1:
        return (f"{player} declined the free Movement; only a Movement putting {names[0]} under Threat or "
                f"Doom would have saved {unit} (an attacker so put stops counting)")
    attackers = f"each of {' and '.join(names)}" if names else "its attackers"
    return (f"{player} declined the free Movement; only a Movement putting {attackers} under Threat or Doom "
            f"would have saved {unit}: lying prone, one attack that still counts is enough to kill it")


def _removal_ref(reason: str) -> Ref:
    """Where a Doom's rule is printed, for the Doom and the removal it
    leads to.  Two shots: under "Long Range Attacks"; a shot and a contact:
    both headings; one attacker from behind: "The Minis" and "About Plasto
    Latros"; any attack on a prone mini: "Climbing Movement On Terrain";
    two in contact: "Attacking And Defending"."""
    if reason in SHOT_REASONS:
        return SHOOT
    if "shot" in reason:
        return MIXED
    if reason == PRONE_REASON:
        return PRONE
    if reason == "attacked from behind":
        return BACKSTAB
    return DOOM


def _when_removed(reason: str) -> str:
    """When the mini of a ``DoomFalls`` with ``reason`` dies, unless saved."""
    if reason.startswith("jumped on"):
        return ("A mini jumped on dies as the jump lands, as soon as no free Movement is owed (made, declined "
                "or none to make), unless the jumper was put under Threat or Doom by then")
    if reason == PRONE_REASON:
        return ("A prone mini dies at once, as soon as no free Movement is owed (made, declined or none to "
                "make), unless no attack on it counts by then (an attacker put under Threat or Doom stops "
                "counting)")
    return "A Doomed mini is removed at the end of the turn unless the Doom is lifted"


def _doom_ref(reason: str) -> Ref:
    """Where the Doom named in a ``DoomFalls`` is printed: a jump's under
    "Jumping Attacks", the others as for the removal it leads to."""
    return JUMP if reason.startswith("jumped on") else _removal_ref(reason)


# What the Defending Free Movement is, for its lines (*Attacking And Defending*).
FREE_MOVEMENT = ["The side of a newly Doomed mini gets one Movement at once, by a mini that is not "
                 "Threatened, Doomed, Locked In Battle or Pinned",
                 "It may save the Doomed mini by putting one of its attackers under Threat or Doom"]
PASSES_END = "When both players pass, one turn after the other, the game ends"
# A final turn's relocation (*Ending The Game*).
RELOCATION = ["In the final turn each movable mini of the side still able to move may be relocated once, "
              "to any free cell, with any facing"]
RELOCATION_STANDS = ["A mini lying prone stands up as part of its relocation: the final turn counts no "
                     "Movements, and standing is what lets a prone mini move at all"]


FINAL_TURN_NOTE = re.compile(r"Only (?P<player>.+) has minis able to move: a final turn$")
# the colon: how logs saved before the line became a whole sentence end it
FREE_TAKEN = re.compile(r"(?P<player>.+) takes the Defending Free Movement with (?P<unit>\w+):?$")
STAYS_PUT = re.compile(r"(?P<unit>\w+) (?P<stands>stands and )?stays put at \d+,\d+, facing (?P<facing>\w+)$")


def _free_movement(events: Sequence[Event], index: int) -> re.Match[str] | None:
    """The Defending Free Movement the line at ``index`` belongs to (its
    player and mini): the Movement's own line (a move, climb, jump, turn or
    stand) comes right after the line that says whose free Movement it is."""
    before, event = (events[index - 1] if index else None), events[index]
    taken = FREE_TAKEN.match(before.text) if isinstance(before, Note) else None
    if taken is None:
        return None
    unit = event.unit if isinstance(event, Moved) else event.text.split(" ", 1)[0] \
        if isinstance(event, Note) else None
    return taken if unit == taken["unit"] else None


def _side_of(unit: str) -> int:
    """Side 0's minis are a1..., side 1's b1... (``ruleset.unit_ids``)."""
    return 0 if unit.startswith("a") else 1


def _holds(events: Sequence[Event]) -> tuple[dict[str, list[str]], dict[int, set[str]]]:
    """What the log says of the minis still on the battlefield after
    ``events``: every mini mentioned and not removed (its holds, possibly
    none) and what holds it, as words: its contact partners (Locked In
    Battle with them; contact lasts until one of the two is removed), a
    shot on it (Pinned until the turn ends), a jump on it or by it waiting
    to land, a Doom not lifted."""
    partners: dict[str, set[str]] = {}
    shots: dict[str, set[str]] = {}
    jumps: dict[str, str] = {}  # target -> jumper, until the jump lands or is stopped
    doomed: set[str] = set()
    standing: set[str] = set()
    for event in events:
        if isinstance(event, (Placed, Moved)):
            standing.add(event.unit)
        elif isinstance(event, Attacked):
            standing.update((event.attacker, event.target))
            partners.setdefault(event.attacker, set()).add(event.target)
            partners.setdefault(event.target, set()).add(event.attacker)
        elif isinstance(event, ShotAt):
            standing.update((event.shooter, event.target))
            shots.setdefault(event.target, set()).add(event.shooter)
        elif isinstance(event, JumpedOn):
            standing.update((event.jumper, event.target))
            jumps[event.target] = event.jumper
        elif isinstance(event, DoomFalls):
            standing.add(event.unit)
            doomed.add(event.unit)
        elif isinstance(event, DoomLifted):
            doomed.discard(event.unit)
        elif isinstance(event, TurnEnded):
            shots.clear()  # shots lapse as the turn ends
        elif isinstance(event, Note) and "'s jump is stopped" in event.text:
            jumps = {t: j for t, j in jumps.items() if not event.text.startswith(f"{j}'s jump")}
        elif isinstance(event, Removed):
            gone = event.unit
            standing.discard(gone)
            doomed.discard(gone)
            shots.pop(gone, None)
            jumps = {t: j for t, j in jumps.items() if gone not in (t, j)}
            for other in partners.pop(gone, set()):
                partners.get(other, set()).discard(gone)
    held: dict[str, list[str]] = {unit: [] for unit in standing}
    for unit in standing:
        words = held[unit]
        if partners.get(unit):
            words.append("Locked In Battle with " + ", ".join(sorted(partners[unit])))
        if unit in shots or unit in jumps:
            by = sorted(shots.get(unit, set()) | ({jumps[unit]} if unit in jumps else set()))
            words.append("Pinned by " + ", ".join(by))
        if unit in jumps.values():
            words.append("in mid-jump")
        if unit in doomed:
            words.append("Doomed")
    return held, {side: {u for u in standing if _side_of(u) == side} for side in (0, 1)}


def _player_sides(events: Sequence[Event]) -> dict[str, int]:
    """Players' names with their sides, where the log tells them: the first
    to deploy is side 0; a Defending Free Movement names its side; a turn
    ("Ann's turn" as it ends) is its player's, and so is the first mini to
    act in it (a free Movement aside, which the other side makes)."""
    sides: dict[str, int] = {}
    actor: str | None = None  # the first mini to act in this turn
    answering = False  # a free Movement is owed: the next mini to act is the other side's
    for event in events:
        if isinstance(event, Note) and event.text.endswith(" deploys first"):
            sides[event.text[:-len(" deploys first")]] = 0
        elif isinstance(event, FreeMovementOwed):
            sides[event.player] = event.side
            answering = True
        elif isinstance(event, Note) and event.text.endswith(" declines the Defending Free Movement"):
            answering = False
        elif isinstance(event, Note) and (taken := FREE_TAKEN.match(event.text)):
            sides[taken["player"]] = _side_of(taken["unit"])
            answering = True
        elif isinstance(event, (Moved, ShotAt, JumpedOn)):
            unit = event.shooter if isinstance(event, ShotAt) else \
                event.jumper if isinstance(event, JumpedOn) else event.unit
            if answering:
                answering = False
            elif actor is None:
                actor = unit
        elif isinstance(event, TurnStarted):
            actor, answering = None, False
        elif isinstance(event, TurnEnded):
            if actor is not None and event.detail.endswith("'s turn"):
                sides.setdefault(event.detail[:-len("'s turn")], _side_of(actor))
            actor, answering = None, False
    return sides


def _final_turn(events: Sequence[Event], index: int, mover: str) -> list[str]:
    """Why only ``mover`` may move: each mini of the other side and what
    holds it (*Movement*: a Locked, Pinned or Doomed mini cannot move)."""
    held, by_side = _holds(events[:index])
    known = _player_sides(events[:index])
    if mover in known:
        stuck = [1 - known[mover]]
    elif known:  # the other player's name is known: the side held is that player's
        stuck = [next(iter(known.values()))]
    else:  # the side whose every mini the log shows held; both when it cannot tell
        stuck = [side for side in (0, 1) if by_side[side] and all(held[u] for u in by_side[side])] or [0, 1]
    minis = sorted(u for side in stuck for u in by_side[side])
    named = [f"{unit}: {'; '.join(held[unit])}" for unit in minis if held[unit]]
    names = [name for name, side in known.items() if stuck == [side]]
    whose = f"{names[0]}'s minis" if names else "The other side's minis" if len(stuck) == 1 else "The minis held"
    lines = [f"{whose} cannot move: " + ("; ".join(named) if named else "the log does not say what holds them")]
    return lines + [
        "A mini Locked In Battle, Pinned, Doomed or in mid-jump cannot move (a prone one can still stand up)",
        f"When only one side has minis able to move, the game ends with a final turn for that side ({mover})",
        "In it each of its movable minis may relocate once to any free cell, its shooters may shoot, and "
        "no free Movement is owed; then the Doomed are removed and the game is over",
        "Whoever has more minis left wins; equal numbers are a draw"]


def _lifted(event: DoomLifted) -> tuple[list[str], Ref]:
    """A Doom lifted: which attacker stopped counting and why, what still
    attacks the mini, and the Defending Free Movement when that made it
    (*Attacking And Defending*: an answer that puts one of the Doom-causing
    attackers under Threat or Doom cancels the Doom)."""
    unit = event.unit
    lines = [f"{unit} no longer has enough counting attackers to stay Doomed"]
    lines += [f"{why}: its attack on {unit} stops counting" for why in event.stopped]
    if not event.stopped:
        lines.append("An attacker that is itself attacked (under Threat, Pinned or Doomed) stops counting")
    if event.left:
        lines.append(f"Still counting: {', '.join(event.left)}, not enough for a Doom")
    else:
        lines.append("No attack on it counts now")
    lines.append("A stopped attack still Threatens and Locks: only its part in a Doom is gone")
    if event.free:
        lines.append(f"{event.free}'s Defending Free Movement did it: the side of a newly Doomed mini may move "
                     "one mini at once, and putting one of the Doom-causing attackers under Threat or Doom "
                     "cancels the Doom")
        return lines, FREE
    return lines, DOOM


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
                _when_removed(event.reason)], _doom_ref(event.reason)
    if isinstance(event, DoomLifted):
        return _lifted(event)
    if isinstance(event, FreeMovementOwed):
        return [f"One of {event.player}'s minis was just Doomed",
                "Its side gets one Movement at once (out of turn, or before its own two), with a mini "
                "that is not attacked, Locked or Pinned", "It may be declined"], FREE
    if isinstance(event, ArtifactDestroyed):
        return [f"Destroyed by {' and '.join(event.by)}",
                "Terrain and artifacts fall to attackers the same way minis do"], ARTIFACT
    if isinstance(event, Removed):
        return _removed(events, index, event)
    free = _free_movement(events, index)
    if free is not None:
        return lines + [f"This is {free['player']}'s Defending Free Movement, made with {free['unit']} "
                        "out of turn, not one of the turn's two Movements"] + FREE_MOVEMENT, FREE
    if isinstance(event, Moved) and event.how.endswith("sweeps"):
        return lines + RELOCATION + (RELOCATION_STANDS if event.how.startswith("stands") else []), END
    if isinstance(event, Moved):
        if "climb" in event.how:
            return lines + ["Climbing up or down any height up to one Standard Movement "
                            "(a level counts as one cell) costs one Movement"], HEIGHT
        if event.how.startswith("lands"):  # a jump attack resolved: the jumper takes its dead target's cell
            return [f"{event.unit} went from {cell_text(event.frm)} down to {cell_text(event.to)}, where the mini "
                    "it jumped on stood", "A jump attack that is not stopped kills its target, and the jumper "
                    "lands in its place, prone"], JUMP
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
        final = FINAL_TURN_NOTE.match(event.text)
        if final:
            return _final_turn(events, index, final["player"]), END
        taken = FREE_TAKEN.match(event.text)
        if taken:
            return [f"{taken['player']} was owed a Defending Free Movement: one of their minis had just been "
                    f"Doomed", f"{taken['unit']} makes it now, out of the turn's order and at no cost to "
                    f"{taken['player']}'s own two Movements"] + FREE_MOVEMENT, FREE
        if event.text.endswith(" passes"):
            return lines + ["A turn in which a player makes no Movement, declares no shot and attacks no "
                            "artifact is passed", PASSES_END], END
        if event.text.endswith(" ends the turn"):
            return lines + ["The player gave up what was left of the turn after making a Movement, a shot "
                            "or an artifact attack in it: the turn ends, and it is not a pass", PASSES_END], END
        stays = STAYS_PUT.match(event.text)
        if stays:
            return [f"{stays['unit']} was relocated to the cell it stood on, so it stays where it is, "
                    f"now facing {stays['facing']}"] + RELOCATION + (RELOCATION_STANDS if stays["stands"] else []), END
        return lines, TURN
    return lines, TURN
