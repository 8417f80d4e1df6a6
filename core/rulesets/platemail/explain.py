"""Why? for Platemail's log lines (see :mod:`core.explain`)."""

from __future__ import annotations

from collections.abc import Sequence

from core.events import Event, GameOver, Moved, Note, Placed, Rolled, TurnEnded, TurnStarted
from core.explain import Ref, generic_lines, roll_lines

from .equipment import SAVE_TARGET
from .events import ActionTaken, AttackMade, Clashed, Crashed, PhaseBegan, StatusChanged, WoundsTallied

ORDERS = Ref("Writing orders (Simultaneous Combat, Speculative Planning)", "Simultaneous Combat; IF ELSE Clause")
READY = Ref("Ready / Not Ready", "Ready/Not Ready")
MOVING = Ref("Moving (Moving, Crash, Clash)", "Movement Actions")
ATTACKS = Ref("Attacks (Attack Rolls, Favor and Disfavor, Cover and Concealment)", "Attack Rolls")
WOUNDS = Ref("Armour and Wounds (Armor and Absorb, Penetration, Wounds)", "Armor and Absorb; Wounds")
ACTIONS = Ref("Actions", "Actions")


RANGE_MEASURE = ("Range is counted in 5-foot cells, a diagonal step 5 feet as in moving, from where both stood "
                 "at the start of the Phase; -2 for each Range increment past the first, none beyond four")


def _range_lines(roll: Rolled) -> list[str]:
    """The measure behind a shot's Range modifier (its label gives the feet)."""
    return [RANGE_MEASURE] if any(label.startswith("Range:") for label, _ in roll.modifiers) else []


def _attack_roll(events: Sequence[Event], index: int, attacker: str) -> Rolled | None:
    """The attacker's d20 behind the attack at ``index``: the line before,
    or a few before when a guard's d6, a Rescue's d6 or a Concentration
    check came in between; never one of an earlier attack."""
    for earlier in reversed(events[max(0, index - 6):index]):
        if isinstance(earlier, AttackMade):
            return None
        if isinstance(earlier, Rolled) and earlier.who == attacker and "attack" in earlier.purpose:
            return earlier
    return None


def _attack(events: Sequence[Event], index: int, event: AttackMade) -> tuple[list[str], Ref]:
    roll = _attack_roll(events, index, event.attacker)
    lines = roll_lines(roll) + _range_lines(roll) if roll is not None else \
        [f"d20 showed {event.natural}; total {event.total}"]
    if "Guard" in event.detail or "takes the blow" in event.detail:
        lines.append(f"Had to beat: Defense {event.defense} (10 + the guard's Deflection while Ready, "
                     "-1 for each earlier Attack it guarded against this Phase)")
    else:
        lines.append(f"Had to beat: Defense {event.defense} (10 + the target's armour, shield and weapon Deflection; some count only while Ready)")
    if event.critical:
        band = "a natural 20: a critical hit, always hits, +1 Penetration and one extra Wound"
    elif event.hit:
        band = f"{event.total} is above {event.defense}: a hit"
    else:
        band = f"{event.total} is not above {event.defense}: a miss"
    lines.append(f"Result band: {band}")
    if event.detail:
        lines.append(event.detail)
    return lines, ATTACKS


def _roll(events: Sequence[Event], index: int, event: Rolled) -> tuple[list[str], Ref]:
    lines = roll_lines(event)
    purpose = event.purpose
    if "save" in purpose or "check" in purpose or purpose.startswith("Medical"):
        verdict = "succeeds" if event.total > SAVE_TARGET else "fails"
        lines += [f"Had to beat: {SAVE_TARGET}", f"Result band: {event.total} {verdict}"]
        if "Crash" in purpose:
            return lines, MOVING
        return lines, WOUNDS if "Concentration" in purpose or purpose.startswith("Medical") else ACTIONS
    if purpose == "Stealth":
        return lines + ["Characters whose Perception is below this total are Unaware of the skulker"], \
            Ref(ACTIONS.section, "Skulk (R)")
    if "attack" in purpose:
        return lines + _range_lines(event) + ["The attack's result is the next line of the log"], ATTACKS
    return lines + ["A die that picks between outcomes, as its purpose says"], ACTIONS


def explain(events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
    event = events[index]
    lines = generic_lines(event)
    if isinstance(event, AttackMade):
        return _attack(events, index, event)
    if isinstance(event, Rolled):
        return _roll(events, index, event)
    if isinstance(event, WoundsTallied):
        return [f"Hits taken this Phase: {event.hits}",
                f"Absorbed by armour: {event.absorbed} (unless a hit's Penetration reaches the Absorb)",
                f"New Wounds: {event.new_wounds}; now {event.total} of {event.max_wounds}",
                "Wounds are counted after each Phase, so both fighters can fall at once",
                "Each Wound costs -1 on later rolls"], WOUNDS
    if isinstance(event, ActionTaken):
        ready = "Ready (R)" if event.ready else "Not Ready (NR)"
        why = f"Chosen because: {event.why}" if event.why else "The written 1st Action"
        return [f"{event.unit} performs {event.action}", why, f"It leaves {event.unit} {ready}",
                "The 2nd Action is an IF/ELSE order judged from what the character perceives"], ORDERS
    if isinstance(event, Clashed):
        return [f"{event.first} and {event.second} tried to enter each other's way at the same tick",
                "Enemies that meet while moving both stop: a Clash"], MOVING
    if isinstance(event, Crashed):
        return [f"Allies {event.first} and {event.second} crossed paths",
                "Each makes a Dexterity save or falls"], MOVING
    if isinstance(event, StatusChanged):
        if "Fatally" in event.status or "bled out" in event.detail:
            return lines + ["More Wounds than Max Wounds: the character falls, Fatally Wounded,",
                            "and dies unless an ally Stabilizes it within that many Rounds"], WOUNDS
        return lines + ["Conditions come from wounds, spells and Involuntary Actions"], WOUNDS
    if isinstance(event, PhaseBegan):
        return [f"Round {event.round} has two Action Phases; this is Phase {event.phase}",
                "Every character acts at once, tick by tick"], ORDERS
    if isinstance(event, Moved):
        return lines + ["Movement is simultaneous: everyone steps a tick at a time"], MOVING
    if isinstance(event, (Placed, Note, TurnStarted, TurnEnded)):
        return lines, ORDERS
    if isinstance(event, GameOver):
        return lines, WOUNDS
    return lines, ACTIONS
