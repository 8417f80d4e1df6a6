"""Why? for Spheres of War's log lines (see :mod:`core.explain`)."""

from __future__ import annotations

import re
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
OPTIONS = "Options"
# The turn limit is ours, not the seed's (docs/rulings.md, Spheres of War, "Turn limit (not in the rules)").
TURN_LIMIT = Ref(OPTIONS, "none printed: the game's own option Turn limit (docs/rulings.md, Turn limit)")

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
        return _resolved(event, lines)
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
        if event.detail.startswith("strikes back"):
            more, ref = _strike_back(event, first_striker(events, index, event.attacker, event.target))
            return lines + more, ref
        if event.detail.startswith("strikes first while in contact"):
            return lines + ["The pair were already touching when the Match began, so the one to act strikes first:",
                            f"{event.attacker} is Combatant A and {event.target} Combatant Z (rules 29-32)",
                            f"{event.target} must defend with a d6 (rule 33)"], Ref(COMBAT.section, "rules 29-33")
        return lines + ["Moving into base-to-base contact strikes at once, for no extra Action (rules 29, 32):",
                        f"{event.attacker} is Combatant A and {event.target} Combatant Z",
                        f"{event.target} must defend with a d6 (rule 33)"], Ref(COMBAT.section, "rules 29-33")
    if isinstance(event, Defeated) or (isinstance(event, Removed) and "rule 27" not in event.reason):
        unit = event.unit
        struck_by = _defeated_by(events, index, unit)
        opening = _opening_strike(events, index, unit, struck_by) if struck_by else None
        a = opening.attacker if opening else None
        rule = "rule 34a" if a == unit else "rule 33a"
        who = _combatant_a(opening) if opening and a == unit else "Combatant Z (the one struck first)"
        if isinstance(event, Removed):
            return lines + [f"A defeated combatant is taken off the board: {unit} was {who} ({rule})"], \
                Ref(COMBAT.section, rule)
        return lines + [f"{unit} was {who}: its defence roll of 5 or 6 failed, so it is removed and "
                        f"{struck_by or 'its opponent'} wins the Match ({rule}; the Match ends, rule 37)"], \
            Ref(COMBAT.section, rule)
    if isinstance(event, Removed):
        return lines + ["Moving off the board takes the combatant out and ends the Match (rule 27)"], \
            Ref(ACTIONS.section, "rule 27")
    if isinstance(event, Placed):
        return lines + ["Each side sets up in the six rows nearest its own edge (rule 6)"], Ref(SETUP.section, "rule 6")
    if isinstance(event, (TurnStarted, TurnEnded)):
        return lines + ["A turn is a chain of Matches, closest pair first, until no pair is left (rules 8-21)"], TURN
    if isinstance(event, GameOver):
        more, ref = _game_over(event)
        return lines + more, ref
    if isinstance(event, Note) and ROLE.search(event.text):
        return _role(events, index, event.text)
    if isinstance(event, Note):
        return lines, SETUP
    return lines, TURN


# The setup's line on each side's role: "Ann is the Instigator (white), combatants i1, ..."
ROLE = re.compile(r" is the (?P<role>Instigator|Retaliator) \((?:white|black)\), combatants ")


def _role(events: Sequence[Event], index: int, text: str) -> tuple[list[str], Ref]:
    """Why a player has the role the setup's line gives (rule 7: "Flip a
    coin", or the game's own option *Instigator* when the players chose),
    and what the role means in play (rules 13, 16)."""
    found = ROLE.search(text)
    assert found is not None
    role, player = found["role"], text[:found.start()]
    coin = next((e for e in reversed(events[:index]) if isinstance(e, Rolled) and "coin" in e.purpose), None)
    if coin is not None:
        which = "the first player" if coin.total == 1 else "the second player"
        lines = ["Rule 7: the players take the roles of Instigator (white) and Retaliator (black) by a coin flip",
                 f"The coin showed {coin.total}, which makes {which} the Instigator"
                 + (f": {player}" if role == "Instigator" else f", so {player} is the Retaliator")]
        ref = Ref(SETUP.section, "rule 7; rules 13, 16")
    else:
        lines = ["No coin was flipped: the players chose the roles with the option Instigator, set for a new game "
                 "(rule 7 flips a coin; the option is the game's own)"]
        ref = Ref(SETUP.section, "rule 7 (set by the option Instigator); rules 13, 16")
    if role == "Instigator":
        lines += ["The Instigator acts first in every Match: its combatant takes the first Action, then "
                  "the two take turns, each answering the other (rule 16)",
                  "When two or more pairs are equally close, the Instigator picks which is Matched next (rule 13)",
                  "Its combatants are i1-i5, white"]
    else:
        lines += ["The Retaliator acts second in every Match: its combatant answers the Instigator's first "
                  "Action, then the two take turns (rule 16)",
                  "When pairs are equally close, the Instigator, not the Retaliator, picks which is Matched "
                  "next (rule 13)",
                  "Its combatants are r1-r5, black"]
    return lines, ref


def _game_over(event: GameOver) -> tuple[list[str], Ref]:
    """Why? on the end of the game, said for what ended it: the turn limit
    (the game's own option, no printed rule), the v0.2 win the moment a side
    has nobody left, or rule 22 as printed (v0.1f: when a turn starts).
    Told apart by the reason ``turns`` gives."""
    if event.reason.startswith("turn limit of"):
        return ["The turn limit is no printed rule: it is this game's own option (Turn limit, set for a new game; "
                "the help's Options)",
                "When the last turn ends, the side with more combatants standing wins; equal numbers are a draw"], \
            TURN_LIMIT
    if event.reason.endswith("remains (v0.2)"):
        return ["Under the option Rules version v0.2, victory is checked after every removal, not when a turn "
                "starts:", "the moment one side has no combatant left, the other wins (rule 22, as amended)"], \
            Ref(OPTIONS, "rule 22 (v0.2)")
    if event.reason.endswith("has combatants left (rule 22)"):  # the limit came with only one side standing
        return ["The last turn allowed by the option Turn limit ended with only one side's combatants on the board:",
                "that side wins, as rule 22 would give it"], Ref(OPTIONS, "rule 22, at the turn limit")
    return ["When a turn starts with only one side's combatants on the board, that side wins (rule 22)"], \
        Ref(TURN.section, "rule 22")


def _resolved(event: MatchResolved, lines: list[str]) -> tuple[list[str], Ref]:
    """Why? on a Match's end, said for the way it ended (rule 37): both
    used their five Actions (both Inert), or one of the pair fell or moved
    off the board (the one left is Inert alone)."""
    if "unanswered" in event.detail:
        return lines + LAST_STRIKE, Ref(COMBAT.section, "rules 33-37")
    if len(event.units) == 2:
        return lines + ["Both of the pair have used their five Actions, so the Match is Resolved (rules 17-18, 37):",
                        f"{' and '.join(event.units)} are Inert and play no further part this turn (rule 19)"], \
            Ref(TURN.section, "rules 17-20")
    if "left the battlefield" in event.detail:
        gone = event.detail.split(" ", 1)[0]
        why, ref = f"{gone} moved off the board and is out of the game: the Match ends at once (rule 27)", \
            Ref(ACTIONS.section, "rule 27")
    else:
        why, ref = ("One of the pair failed its defence and was removed: the Match ends at once, "
                    "its Actions left unused (rules 33a, 34a, 37)"), Ref(COMBAT.section, "rules 33-38")
    if not event.units:
        return lines + [why], ref
    uid = event.units[0]
    return lines + [why, f"Only {uid} is left of the pair, so only {uid} is Inert: it plays no further part "
                         f"this turn (rule 19), and next turn it is free to be Matched with anyone (rule 38)"], ref


def first_striker(events: Sequence[Event], index: int, one: str, other: str) -> str | None:
    """Combatant A of the exchange between ``one`` and ``other`` that the
    event at ``index`` belongs to (rule 29): whoever struck without a
    defence before it, found by going back through the log; None when the
    log does not reach back to it."""
    opening = _opening_strike(events, index, one, other)
    return opening.attacker if opening else None


def _opening_strike(events: Sequence[Event], index: int, one: str, other: str) -> Struck | None:
    """The strike that opened the exchange between ``one`` and ``other``
    that the event at ``index`` belongs to: a Move into contact, or a strike
    in place by a pair Matched while already touching."""
    pair = {one, other}
    for event in reversed(events[:index + 1]):
        if isinstance(event, Struck) and {event.attacker, event.target} == pair \
                and not event.detail.startswith("strikes back"):
            return event
        if isinstance(event, Matched) and {event.first, event.second} == pair:
            return None
    return None


def _combatant_a(opening: Struck) -> str:
    """Who Combatant A is, said as it came to be A: by moving into contact
    (rules 29, 32), or by striking first in place when the Match began with
    the pair already touching (docs/rulings.md, "A Match that starts in
    contact": a Move & Strike that covers no ground)."""
    if opening.detail.startswith("strikes first while in contact"):
        return "Combatant A (the pair were already touching, and it struck first where it stood)"
    return "Combatant A (the one that moved into contact)"


def _defeated_by(events: Sequence[Event], index: int, unit: str) -> str | None:
    """Who struck ``unit`` last before the event at ``index``."""
    for event in reversed(events[:index + 1]):
        if isinstance(event, Defeated) and event.unit == unit and event.by:
            return event.by
        if isinstance(event, Struck) and event.target == unit:
            return event.attacker
    return None


def _strike_back(event: Struck, a: str | None) -> tuple[list[str], Ref]:
    """Why? for a strike back: Z's after holding A's strike (rule 33b), or
    A's after holding Z's (rule 34b), and who defends next."""
    if a is not None and event.attacker == a:
        return ([f"{event.attacker} (Combatant A) held {event.target}'s strike and strikes back (rule 34b)",
                 f"{event.target} must defend again, and so on until one falls or the Actions run out (rule 35)"],
                Ref(COMBAT.section, "rules 34-35"))
    return ([f"{event.attacker} (Combatant Z) held the strike and strikes back (rule 33b)",
             f"{event.target} (Combatant A) must now defend with a d6 (rule 34)"], Ref(COMBAT.section, "rules 33-34"))
