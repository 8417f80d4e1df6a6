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


Parts = tuple[tuple[str, int], ...]  # (what, how much), each named with its source


@attrs.frozen
class AttackMade(Event):
    """An Attack's roll against a Defense.  The Defense as it was built for
    this Attack, for Why?: ``defense_parts``, what counted past the 10
    ("Chain Mail (armour)", 1); ``defense_left``, what did not, each with
    why ("Shield (shield), only while Ready", 2); ``not_ready``, why the
    defender was Not Ready ("" while Ready).  Empty in events logged before
    they were kept (Why? then says the rule without the numbers)."""

    attacker: str
    target: str
    how: str  # "melee", "ranged", "spell", "opportunity", ...
    total: int
    defense: int
    natural: int
    hit: bool
    critical: bool = False
    detail: str = ""
    defense_parts: Parts = ()
    defense_left: Parts = ()
    not_ready: str = ""

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
class GuardBeaten(Event):
    """An Attack whose roll beat the Deflection of the guard over its
    target (seed: Guard): not blocked, so a d6 follows that says whom it
    hits.  The Defense's parts as ``AttackMade`` keeps them, for Why?."""

    attacker: str
    target: str
    guard: str
    how: str
    total: int
    defense: int
    natural: int
    defense_parts: Parts = ()
    defense_left: Parts = ()

    @property
    def sentence(self) -> str:
        # (a natural 20 beats the guard whatever the total, as it always hits)
        beats = "a natural 20 beats" if self.total <= self.defense else "beats"
        return (f"{self.attacker} {self.how} attack on {self.target}: {self.total} vs Defense "
                f"{self.defense} (d20 {self.natural}), {beats} {self.guard}'s Guard")


@attrs.frozen
class HitCounted:
    """One hit as the Wound tally counted it (``WoundsTallied.blows``): its
    Wounds, its Penetration and where that comes from ("Heavy Crossbow
    (weapon)", 3; "natural 20", 1), whether it ignores Absorb (poison),
    how many of its Wounds were absorbed, and the rule that decided
    ("penetrates": its Penetration reaches the whole Absorb; "pool": taken
    from what is left of the Absorb; "ignores": it ignores Absorb).  A hit
    by an attacker the victim's side could not see names no sources.
    ``attack`` is False for the poison a Blowgun's hit brings: Wounds, but
    no Attack of its own (seed: Wounds counts the Attacks that hit)."""

    wounds: int
    penetration: int
    sources: Parts = ()
    absorbed: int = 0
    rule: str = "pool"
    attack: bool = True


@attrs.frozen
class WoundsTallied(Event):
    """The end-of-Phase tally of one character's hits.  For Why?: its
    Absorb and the parts it came from (``absorb_parts``; ``absorb_left``,
    what did not count and why; ``not_ready``, why it was Not Ready), and
    each hit as counted (``blows``).  Empty in events logged before they
    were kept.  ``hits`` counts the Attacks that hit; the Wounds of poison
    (a blow that is no Attack) are named after it."""

    unit: str
    hits: int
    absorbed: int
    new_wounds: int
    total: int
    max_wounds: int
    absorb: int = 0
    absorb_parts: Parts = ()
    absorb_left: Parts = ()
    not_ready: str = ""
    blows: tuple[HitCounted, ...] = ()

    @property
    def sentence(self) -> str:
        poison = sum(b.wounds for b in self.blows if not b.attack)
        extra = f" plus poison ({poison} Wound{'' if poison == 1 else 's'})" if poison else ""
        return (f"{self.unit}: {self.hits} hit(s){extra}, {self.absorbed} Wound(s) absorbed, "
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


@attrs.frozen
class ChargeFailed(Event):
    """A Charge that strikes nobody, with its true reasons (seed: Charge):
    ``weapon``, the weapon in hand when it is no melee weapon; no
    ``target`` (none was in sight); ``down``, the target is no longer
    fighting; ``feet``, how far the target stood when it was out of reach
    (0, with no other reason: it is simply not beside the charger)."""

    unit: str
    target: str = ""
    weapon: str = ""
    down: bool = False
    feet: int = 0

    @property
    def reasons(self) -> list[str]:
        said = [f"{self.unit} has no melee weapon in hand ({self.weapon})"] if self.weapon else []
        if not self.target:
            said.append("it has no target")
        elif self.down:
            said.append(f"its target {self.target} is no longer fighting")
        elif self.feet:
            said.append(f"its target {self.target} is out of reach, {self.feet} ft away")
        if not said:  # never an empty reason: a target still fighting is simply not beside it
            said.append(f"its target {self.target} is not beside it")
        return said

    @property
    def sentence(self) -> str:
        return f"{self.unit}'s Charge strikes nobody: " + ", and ".join(self.reasons)
