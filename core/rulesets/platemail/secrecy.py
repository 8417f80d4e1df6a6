"""Which side may read each event of a Round (seed: Skulk, Hidden).

A skulker that no fighting enemy perceives keeps its secrets: the events
that would tell where it is or what it does (its moves, rolls, Actions and
notes) are marked for its own side only, and the other side gets what it
would notice instead (being attacked by someone unseen), or nothing.  The
Stealth roll itself is never shown to the other side (``view`` hides it
too).  Events are marked as they are logged, from the positions and hidden
states of that moment."""

from __future__ import annotations

import weakref

from core.events import Event, Moved, Note, Rolled, only_for

from .equipment import PASSIVE_BASE
from .events import ActionTaken, AttackMade, ChargeFailed, StatusChanged, WoundsTallied
from .state import Character

STEALTH = "Stealth"


def unseen_by(characters, c: Character, side: int | None) -> bool:
    """Whether ``c`` is a skulker that no fighting character of ``side``
    perceives (every passive Perception below its Stealth roll): that side
    does not know where it is.  The neutral onlooker (None) knows what
    both sides know: it loses a skulker its enemies do not perceive."""
    if not c.hidden or c.side == side:
        return False
    watching = 1 - c.side if side is None else side
    return all(PASSIVE_BASE + o.perception < c.stealth_roll
               for o in characters if o.side == watching and o.fighting)


def subject(event: Event) -> str | None:
    """The character an event is about (whose secret it may be)."""
    if isinstance(event, (Moved, ActionTaken, StatusChanged, WoundsTallied, ChargeFailed)):
        return event.unit
    if isinstance(event, Rolled):
        return event.who or None
    if isinstance(event, Note):
        first = event.text.split(" ", 1)[0]
        return first[:-2] if first.endswith("'s") else first
    return None


_append = list.append


class SecretKeeper(list[Event]):
    """The event list of a Round's resolution: every event appended is
    marked with the sides that may read it (``Work.events``)."""

    def __init__(self, work) -> None:
        super().__init__()
        # A weak reference: the Work holds this list, and a strong one back
        # would make a reference cycle of every Round (its Work, state and
        # events then wait for the cyclic collector instead of being freed
        # when the Round is resolved; tests/core/test_no_cycles.py).
        self.work = weakref.proxy(work)
        self.anyone_hidden = False  # whether any character is Hidden (set by the Work)

    def append(self, event: Event) -> None:
        # (the same test as _marked's first three, cheapest first: most
        # Rounds hide no one, and most events are not rolls)
        if not self.anyone_hidden and event.seen_by is None and (
                type(event) is not Rolled or event.purpose != STEALTH):
            _append(self, event)  # nobody is hidden: every side reads it
            return
        for marked in self._marked(event):
            _append(self, marked)

    def _marked(self, event: Event) -> list[Event]:
        chars = self.work.chars
        if event.seen_by is not None:
            return [event]
        if not self.anyone_hidden:  # only a Stealth roll is kept from the other side
            if not (isinstance(event, Rolled) and event.purpose == STEALTH):
                return [event]
        if isinstance(event, AttackMade):
            a, t = chars[event.attacker], chars.get(event.target)
            if unseen_by(chars.values(), a, 1 - a.side):
                noticed = "a hit" if event.hit else "a miss"
                told = only_for(1 - a.side, Note(f"{event.target} is attacked by someone unseen: {noticed}"))
                return [only_for(a.side, event)] + ([told] if t is not None and t.side != a.side else [])
            return [event]
        who = chars.get(subject(event) or "")
        if who is None:
            return [event]
        if isinstance(event, Rolled) and event.purpose == STEALTH:
            return [only_for(who.side, event)]
        if unseen_by(chars.values(), who, 1 - who.side):
            return [only_for(who.side, event)]
        return [event]

    def skulked(self, uid: str, was_unseen: bool, since: int) -> None:
        """After a Skulk's Stealth roll: if the skulker is now unseen by the
        enemy, its steps this Phase become its own side's secret, and the
        enemy notices only that it slipped out of sight (if it saw it)."""
        c = self.work.chars[uid]
        enemy = 1 - c.side
        if unseen_by(self.work.chars.values(), c, enemy):
            for index in range(since, len(self)):
                event = self[index]
                if isinstance(event, Moved) and event.unit == uid and event.seen_by is None:
                    self[index] = only_for(c.side, event)
            if not was_unseen:
                super().append(only_for(enemy, Note(f"{uid} slips out of sight")))
        else:
            super().append(only_for(enemy, Note(f"{uid} tries to hide, but is still in sight")))
