"""Waylights events beyond the shared ones."""

from __future__ import annotations

import attrs

from core.events import Event, Note, TurnStarted


@attrs.frozen
class CharacterTurn(TurnStarted):
    """One character's turn begins (many in a round): not "Turn N begins"
    once per figure."""

    unit: str = ""
    name: str = ""

    @property
    def sentence(self) -> str:
        extra = f", {self.detail}" if self.detail else ""
        who = self.name if self.unit in self.name.split() else f"{self.unit} ({self.name})"
        return f"{who} takes its turn in round {self.turn}{extra}"


@attrs.frozen
class Standing:
    """One figure's place in a round's turn order, with what sorted it
    (Sequence): its side, Timing and, in round 1, its initiative d6 and
    whether its side meant to surprise the other."""

    unit: str
    side: int
    timing: int
    roll: int = 0  # the initiative d6 (round 1); 0 in later rounds, sorted by Timing alone
    surprise: bool = False  # its side meant to surprise the other (round 1 only)
    up: bool = True  # able to act (a knocked-out figure keeps its place but skips its turn)

    @property
    def total(self) -> int:
        return self.roll + self.timing


@attrs.frozen
class TurnOrder(Note):
    """A round's turn order (the log's "Round 2 turn order: a1, b1."), with
    each figure's standing, best first, and the side that wins Timing ties
    (the option *Players' side*, the printed "the PCs go first"): what
    Why? explains.  A ``Note`` still, for whatever reads the log's notes."""

    round: int = 0
    standings: tuple[Standing, ...] = ()
    players_side: int = 0


@attrs.frozen
class AttackDeclared(Event):
    """An attack or counterattack announced before anything of it is rolled
    (Attack and Defense): the log says who strikes whom, and with what,
    ahead of its cover roll and its dice."""

    attacker: str
    target: str
    weapon: str
    counter: bool = False
    effect: str | None = None  # a counter's named effect ("Optional: Alternate damage"), bought with its hit

    @property
    def sentence(self) -> str:
        if self.counter:
            # The counter's figure defends with 0 dice against the attack it answers.
            buys = f", buying {self.effect} with its hit" if self.effect else ""
            return f"{self.attacker} counterattacks {self.target} with the {self.weapon}{buys}, defending with 0 dice."
        return f"{self.attacker} attacks {self.target} with the {self.weapon}."


@attrs.frozen
class Resolved(Event):
    """The result of one attack: attack score minus defence score, set
    against the target's Threshold (Damage resolution)."""

    attacker: str
    target: str
    attack: int
    defence: int
    margin: int
    threshold: int
    wounds: int  # -1 nothing, 0 glancing, n wounds (before alternate damage)
    counter: bool = False

    @property
    def sentence(self) -> str:
        what = "counterattack" if self.counter else "attack"
        t = self.threshold
        if self.wounds < 0:
            res = "below zero: defended, no effect"
        elif self.wounds == 0:
            res = f"not above Threshold {t}: a glancing hit"
        else:
            n = "one wound" if self.wounds == 1 else f"{self.wounds} wounds"
            res = f"above {self.wounds} x Threshold {t} = {self.wounds * t}: {n}"
        raw = self.attack - self.defence
        # Psi tension spent on the roll moves the result off the plain
        # difference; say so, or the sum on screen is wrong.
        sums = f"{raw}" if raw == self.margin else f"{raw}, {self.margin} with the tension spent"
        return f"{self.attacker}'s {what} on {self.target}: {self.attack} - {self.defence} = {sums}, {res}"


@attrs.frozen
class CoverRolled(Event):
    """The d6 against light or medium cover before a direct shot
    (Equipment and environment)."""

    shooter: str
    target: str
    cover: int
    face: int
    avoided: bool
    # Where the cover came from, each with the level it gives
    # (``combat.cover_sources``): what Why? names.  Empty where the roll
    # was written without them.
    sources: tuple[str, ...] = ()

    @property
    def sentence(self) -> str:
        name = {1: "light", 2: "medium"}.get(self.cover, "no")
        res = "the shot is avoided" if self.avoided else "the shot goes through"
        return f"{self.target} in {name} cover against {self.shooter}: d6 shows {self.face}, {res}"


@attrs.frozen
class TensionChanged(Event):
    unit: str
    change: int
    total: int
    why: str

    @property
    def sentence(self) -> str:
        verb = "gains" if self.change >= 0 else "spends"
        return f"{self.unit} {verb} {abs(self.change)} tension ({self.why}); now {self.total}"


@attrs.frozen
class EffectApplied(Event):
    unit: str
    target: str
    effect: str
    detail: str = ""

    @property
    def sentence(self) -> str:
        extra = f": {self.detail}" if self.detail else ""
        return f"{self.unit} inflicts {self.effect} on {self.target}{extra}"


@attrs.frozen
class GrappleEnded(Event):
    """A grapple let go because the two no longer share a side (docs/rulings.md,
    Waylights: the grapple and the diagonal)."""

    unit: str  # the one that was grappled
    by: str  # its grappler

    @property
    def sentence(self) -> str:
        return f"{self.unit} is no longer grappled: {self.by} no longer stands beside it"


@attrs.frozen
class CrystalUsed(Event):
    """A healing crystal used (Use an item): the wound penalty on the
    character's rolls eases by one for the rest of the fight; its wounds
    still count toward KO."""

    unit: str
    wounds: int  # the wounds it has
    penalty_before: int  # subtracted from its rolls before the crystal
    penalty_after: int  # and after it
    ko_at: int  # wounds before KO
    left: int  # crystals it has left

    @property
    def sentence(self) -> str:
        return f"{self.unit} uses a healing crystal: one wound less on its rolls."


@attrs.frozen
class BlowLost(Event):
    """In a melee exchange of an attack and its counter, the blow of the
    better Timing landed first and knocked out the other figure, whose blow
    is lost (Damage resolution, its closing paragraph on melee Timing;
    docs/rulings.md, Order of resolution)."""

    unit: str  # whose blow is lost
    target: str  # whom it would have struck
    by: str  # whose faster blow knocked it out
    timing: int  # the lost blow's figure's Timing
    by_timing: int  # the faster figure's Timing
    counter: bool = False  # the lost blow is the counterattack (else the attack it answered)

    @property
    def sentence(self) -> str:
        return (f"{self.unit} is down before its blow lands: {self.by}'s Timing {self.by_timing} "
                f"beats its {self.timing}.")


@attrs.frozen
class TookCover(Event):
    """Take cover (a FIGHT action, Sequence): the figure gets back the level
    of cover it lost by stepping out of it this turn (Equipment and
    environment, cover)."""

    unit: str

    @property
    def sentence(self) -> str:
        return f"{self.unit} ducks back into cover."
