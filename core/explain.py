"""Why?  An explanation for any line of a game's log.

Every event a ruleset writes can be opened: the dice faces, each modifier
with where it came from, the number it had to beat, the band the result
fell in, and the rule it applies -- a section of the ruleset's in-app help
(``tui/help/<name>.md``) and the printed rule's number or heading.

The explanations are worked out from the events alone (the log a side may
read), never from the state, so asking "why?" cannot reveal anything.
Each ruleset writes its own explanations in ``core/rulesets/<name>/explain.py``
and answers them through its ``Ruleset.explain`` hook; this module knows no
ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from core.events import (
    THE_GAME,
    Conceded,
    Defeated,
    DrawAgreed,
    DrawDeclined,
    DrawOffered,
    Event,
    Forfeited,
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
    cell_text,
    signed,
)


@attrs.frozen
class Explanation:
    """What a log line means and which rule made it so."""

    title: str  # the line itself
    lines: tuple[str, ...]  # the working: dice, modifiers, number to beat, band
    section: str  # a heading of the ruleset's help page, without the '## '
    cite: str  # the printed rule: its number or heading in the seed

    def text(self) -> str:
        body = "\n".join(f"• {line}" for line in self.lines)
        return f"{self.title}\n\n{body}\n\nRule: {self.cite} (help: {self.section})"


@attrs.frozen
class Ref:
    """Where an event's rule is: the help section and the printed rule."""

    section: str
    cite: str


# An explainer gets the events (as the reader may see them) and the index of
# the one to explain, and returns the working lines and the rule.
Explainer = Callable[[Sequence[Event], int], tuple[list[str], Ref]]


def roll_lines(event: Rolled) -> list[str]:
    """The dice of a roll, its modifiers with their sources, and its total."""
    faces = ", ".join(str(f) for f in event.faces) or "none"
    lines = [f"Dice: {event.expression} showed {faces}"]
    if event.modifiers:
        mods = "; ".join(f"{signed(v)} {label}" for label, v in event.modifiers)
        lines.append(f"Modifiers: {mods}")
    else:
        lines.append("Modifiers: none")
    lines.append(f"Total: {event.total}")
    by = "the game" if event.who == THE_GAME else event.who  # mid-sentence
    lines.append(f"Rolled for: {event.purpose}" + (f" (by {by})" if by else ""))
    return lines


def generic_lines(event: Event) -> list[str]:
    """Plain working for the shared events, whatever the ruleset."""
    if isinstance(event, Rolled):
        return roll_lines(event)
    if isinstance(event, Moved):
        if event.frm is None or event.to is None:  # onto or off the board: "r4 enters at 1,4"
            return [event.sentence]
        return [f"{event.unit} went from {cell_text(event.frm)} to {cell_text(event.to)} ({event.how})"]
    if isinstance(event, Placed):
        return [f"{event.unit} was set up at {cell_text(event.at)} during deployment"]
    if isinstance(event, Matched):
        return [f"{event.first} and {event.second} are paired" + (f": {event.detail}" if event.detail else "")]
    if isinstance(event, Struck):
        return [f"{event.attacker} strikes {event.target}" + (f": {event.detail}" if event.detail else "")]
    if isinstance(event, Defeated):
        return [f"{event.unit} is out of the fight" + (f" ({event.reason})" if event.reason else "")]
    if isinstance(event, Removed):
        return [f"{event.unit} leaves the battlefield" + (f": {event.reason}" if event.reason else "")]
    if isinstance(event, (TurnStarted, TurnEnded)):
        return [f"{event.word} {event.turn}" + (f": {event.detail}" if event.detail else "")]
    if isinstance(event, GameOver):
        who = "a draw" if event.winner is None else f"{event.winner_name} wins"
        return [f"Result: {who}", f"Because: {event.reason}"]
    if isinstance(event, Note):
        return [event.text]
    return [event.sentence]


def explain(ruleset: Any, events: Sequence[Event], index: int) -> Explanation:
    """Why ``events[index]`` happened, in the words of ``ruleset``'s rules
    (a :class:`core.ruleset.Ruleset`, or its name as saves and logs give it)."""
    if isinstance(ruleset, str):
        # imported here: the registry imports every ruleset
        from core.registry import find_ruleset

        ruleset = find_ruleset(ruleset)
    event = events[index]
    given = events[index - 1] if isinstance(event, GameOver) and index > 0 else event
    if isinstance(given, Forfeited):
        return _forfeited(event)
    if isinstance(given, Conceded):
        return _conceded(event, ruleset)
    if isinstance(given, (DrawOffered, DrawDeclined, DrawAgreed)):
        return _draw(event)
    lines, ref = ruleset.explain(events, index)
    return Explanation(event.sentence, tuple(lines), ref.section, ref.cite)


def _conceded(event: Event, ruleset: Any) -> Explanation:
    """A concession is no ruleset's rule but Skirmish's own, alike in each
    (``core.orders.Concede``): every help page tells of it under Keys.  A
    game that names no winner (Optio's pre-game) names none for it either."""
    caps = ruleset.capabilities
    if caps.names_winner:
        result = "The other side wins; the figures stay where they stood"
    else:
        left = f": {caps.conceded_leaves}" if caps.conceded_leaves else ""
        result = f"{ruleset.title} names no winner, so nobody wins by it either{left}"
    lines = ("A player may concede at any moment of a game, whoever's turn it is "
             "(q, then c, on the game screen)", result)
    return Explanation(event.sentence, lines, "Keys", "not in the printed rules: Skirmish's own")


def _draw(event: Event) -> Explanation:
    """A draw by agreement is Skirmish's own, alike in each ruleset that
    names a winner (``core.orders.OfferDraw``): told under Keys."""
    lines = ("A player may offer a draw at any moment of a game, whoever's turn it is (q, then d, on the game "
             "screen); the offer stands until the other player agrees or declines (q, then a or d)",
             "Agreed, the game ends drawn with the figures where they stood; declined, it goes on")
    return Explanation(event.sentence, lines, "Keys", "not in the printed rules: Skirmish's own")


def _forfeited(event: Event) -> Explanation:
    """A forfeit is the server's ruling on a player who left
    (``core.orders.Forfeit``), told under Keys on every help page."""
    lines = ("On a Skirmish server, once a game has waited some minutes for a player who is away "
             "(or half an hour for one who does nothing), the opponent may claim it (q, then w, on the game screen)",
             "The player who left (or stopped playing) loses; the figures stay where they stood")
    return Explanation(event.sentence, lines, "Keys", "not in the printed rules: Skirmish's own")
