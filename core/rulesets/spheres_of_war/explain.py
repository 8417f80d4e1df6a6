"""Why? for Spheres of War's log lines (see :mod:`core.explain`)."""

from __future__ import annotations

from collections.abc import Sequence

from core.events import (
    Defeated,
    Event,
    GameOver,
    Matched,
    Moved,
    Note,
    Placed,
    Removed,
    Rolled,
    Struck,
    TurnEnded,
    TurnStarted,
)
from core.explain import Ref, generic_lines, roll_lines

from .events import MatchResolved, Waited

SETUP = Ref("Setting up (rules 1-7)", "rules 1-7")
TURN = Ref("A turn (rules 8-22)", "rules 8-22")
ACTIONS = Ref("Actions in a Match (rules 14-17, 23-27, 36)", "rules 23-27")
COMBAT = Ref("Combat (rules 28-37)", "rules 28-37")

# Our reading of rules 33-37 for a strike made with the Match's last Action
# (docs/rulings.md, "Running out of Actions").
LAST_STRIKE = ["A defence is a roll, and every roll is one of the defender's Actions (rules 33, 36):",
               "with none left there is no defence, and only a failed defence removes anyone (rule 33a).",
               "The exchange stops when the Actions are used up (rule 35): both stand, still touching"]


def _roll(event: Rolled) -> tuple[list[str], Ref]:
    lines = roll_lines(event)
    if event.purpose.startswith("defence"):
        face = event.total
        band = "5-6: the defence fails and the defender is removed" if face >= 5 else \
            "1-4: the defence holds and the defender strikes back"
        lines += ["Had to roll 4 or less to survive", f"Result band: {band}",
                  "The roll used one of the defender's five Actions (rule 36)"]
        return lines, Ref(COMBAT.section, "rules 33-36")
    if "coin" in event.purpose:
        return lines + ["1: the first player is the Instigator; 2: the second player is"], Ref(SETUP.section, "rule 7")
    return lines, COMBAT


def explain(events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
    event = events[index]
    lines = generic_lines(event)
    if isinstance(event, Rolled):
        return _roll(event)
    if isinstance(event, Matched):
        return lines + ["The closest unMatched pair of opposed combatants is Matched next (rule 12)",
                        "Ties between equally close pairs are chosen by the Instigator (rule 13)"], \
            Ref(TURN.section, "rules 12-13")
    if isinstance(event, MatchResolved):
        if "unanswered" in event.detail:
            return lines + LAST_STRIKE, Ref(COMBAT.section, "rules 33-37")
        return lines + ["A Match ends when one side wins or both have used their five Actions;",
                        "both combatants are then Inert until the next turn (rules 18-20)"], \
            Ref(TURN.section, "rules 18-20")
    if isinstance(event, Waited):
        return [f"{event.unit} spends one Action doing nothing (rule 24)"], Ref(ACTIONS.section, "rule 24")
    if isinstance(event, Moved):
        return lines + ["A Move goes up to 2 inches straight toward or away from the Matched opponent",
                        "and costs one Action (rules 25-26)"], Ref(ACTIONS.section, "rules 25-26")
    if isinstance(event, Struck):
        after = events[index + 1] if index + 1 < len(events) else None
        if isinstance(after, MatchResolved) and "unanswered" in after.detail:
            return lines + ["The strike came with the Match's last Action (rules 17, 36)"] + LAST_STRIKE, \
                Ref(COMBAT.section, "rules 33-37")
        return lines + ["Moving into base-to-base contact strikes at once, for no extra Action (rules 29, 32)",
                        "The struck combatant must defend with a d6 (rule 33)"], Ref(COMBAT.section, "rules 29-33")
    if isinstance(event, Defeated):
        return lines + ["A defence roll of 5 or 6 fails: the defender is removed and the striker wins the Match "
                        "(rule 34)"], Ref(COMBAT.section, "rule 34")
    if isinstance(event, Removed):
        if "rule 27" in event.reason:
            return lines + ["Moving off the board takes the combatant out and ends the Match (rule 27)"], \
                Ref(ACTIONS.section, "rule 27")
        return lines + ["A defeated combatant is taken off the board (rule 34)"], Ref(COMBAT.section, "rule 34")
    if isinstance(event, Placed):
        return lines + ["Each side sets up in the six rows nearest its own edge (rule 6)"], Ref(SETUP.section, "rule 6")
    if isinstance(event, (TurnStarted, TurnEnded)):
        return lines + ["A turn is a chain of Matches, closest pair first, until no pair is left (rules 8-21)"], TURN
    if isinstance(event, GameOver):
        return lines + ["When a turn starts with only one side's combatants on the board, that side wins (rule 22)"], \
            Ref(TURN.section, "rule 22")
    if isinstance(event, Note):
        return lines, SETUP
    return lines, TURN
