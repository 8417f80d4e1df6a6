"""Platemail's own events (rolls, moves and notes use the core events)."""

from __future__ import annotations

import attrs

from core.events import Event


@attrs.frozen
class PhaseBegan(Event):
    round: int
    phase: int

    @property
    def sentence(self) -> str:
        nth = "1st" if self.phase == 1 else "2nd"
        return f"Round {self.round}, {nth} Action Phase"


@attrs.frozen
class ActionTaken(Event):
    """Which Action a character performs this Phase, and why.

    ``branch`` and ``condition`` say how the orders chose a 2nd Action, for
    screens that summarise a Round without reading ``why``: the branch is
    "then", "else", "either" (THEN and ELSE are the same Action), "none"
    (no orders were written), or "" (a 1st Action, or Dazed or Terror
    taking the Action's place);
    the condition is the IF as the log words it, with what the character
    saw where that matters ("my target is within Range (b1 35' away, Range
    30')")."""

    unit: str
    action: str
    ready: bool
    why: str = ""
    branch: str = ""
    condition: str = ""

    @property
    def sentence(self) -> str:
        rn = "R" if self.ready else "NR"
        why = f" ({self.why})" if self.why else ""
        return f"{self.unit}: {self.action} [{rn}]{why}"


@attrs.frozen
class Clashed(Event):
    first: str
    second: str
    at: tuple[tuple[int, int], tuple[int, int]]

    @property
    def sentence(self) -> str:
        return f"Clash! {self.first} and {self.second} run into each other and stop"


@attrs.frozen
class Crashed(Event):
    first: str
    second: str

    @property
    def sentence(self) -> str:
        return f"Crash: allies {self.first} and {self.second} cross paths"


@attrs.frozen
class AttackMade(Event):
    attacker: str
    target: str
    how: str  # "melee", "ranged", "spell", "opportunity", ...
    total: int
    defense: int
    natural: int
    hit: bool
    critical: bool = False
    detail: str = ""

    @property
    def sentence(self) -> str:
        if self.critical:
            res = "CRITICAL HIT"
        else:
            res = "hits" if self.hit else "misses"
        extra = f"; {self.detail}" if self.detail else ""
        return (f"{self.attacker} {self.how} attack on {self.target}: {self.total} vs Defense "
                f"{self.defense} (d20 {self.natural}), {res}{extra}")


@attrs.frozen
class WoundsTallied(Event):
    unit: str
    hits: int
    absorbed: int
    new_wounds: int
    total: int
    max_wounds: int

    @property
    def sentence(self) -> str:
        return (f"{self.unit}: {self.hits} hit(s), {self.absorbed} Wound(s) absorbed, "
                f"{self.new_wounds} new; {self.total}/{self.max_wounds} Wounds")


@attrs.frozen
class StatusChanged(Event):
    unit: str
    status: str
    detail: str = ""

    @property
    def sentence(self) -> str:
        extra = f" ({self.detail})" if self.detail else ""
        return f"{self.unit} is {self.status}{extra}"
