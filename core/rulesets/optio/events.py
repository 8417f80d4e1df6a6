"""Events of the Optio pre-game.  No sentence names a hidden block's kind."""

from __future__ import annotations

import attrs

from core.events import Event, TurnEnded

# The log's line (a Note) when the turn limit ends the scouting, our ruling
# (docs/rulings.md, *Turn limit (ours)*); Why? knows it by these words.
TIME_UP = "Scouting time is up: both armies show themselves"
# Why the scouting turn ends when the last army shows itself (a TurnEnded's detail).
BOTH_KNOWN = "both armies are known"
# How a closing turn ends after the army's move (TurnPassed's detail).
ARMY_MOVED = "the army moved"
ARMY_HELD = "the army held where it is"


@attrs.frozen
class TurnPassed(TurnEnded):
    """One general's turn ends (two in a round): it says whose, so the
    log does not read "Turn 4 ends" twice."""

    who: str = ""

    @property
    def sentence(self) -> str:
        # "Bob's turn 6 ends (both armies are known)": why it ended so soon, in
        # brackets as the round's end says it; what was done, after a comma.
        extra = f" ({self.detail})" if self.detail == BOTH_KNOWN else f", {self.detail}" if self.detail else ""
        return f"{self.who}'s turn {self.turn} ends{extra}"  # "Turn", Optio's word (Ruleset.turn_word)


@attrs.frozen
class Scouted(Event):
    """A scout (seed 003, RULES: the scouting block turns face up, then the
    one it scouts).  ``unit_was_shown`` / ``target_was_shown``: that block
    was face up before (docs/rulings.md, *Scouting a block already face
    up*), so it does not "show itself" again; never both."""

    who: str
    unit: str
    unit_kind: str
    target: str
    target_kind: str
    unit_was_shown: bool = False
    target_was_shown: bool = False

    @property
    def sentence(self) -> str:
        article = "an" if self.target_kind[:1] in "aeiou" else "a"
        if self.unit_was_shown:
            return (f"{self.who}'s {self.unit_kind} {self.unit}, face up already, scouts {self.target}: "
                    f"{article} {self.target_kind}")
        if self.target_was_shown:
            return (f"{self.who}'s {self.unit} scouts {self.target}, {article} {self.target_kind} face up "
                    f"already: {self.unit} shows itself as the {self.unit_kind}")
        return (f"{self.who}'s {self.unit} shows itself as the {self.unit_kind} and scouts {self.target}: "
                f"{article} {self.target_kind}")


@attrs.frozen
class KudoPaid(Event):
    who: str
    left: int
    why: str

    @property
    def sentence(self) -> str:
        return f"{self.who} pays a kudo coin to {self.why} ({self.left} left)"


@attrs.frozen
class ArmiesMet(Event):
    square: tuple[int, int]
    first: str
    second: str
    edge: str

    @property
    def sentence(self) -> str:
        return (f"The armies meet in square {self.square[0]},{self.square[1]}: {self.first} was there first, "
                f"{self.second} came in from the {self.edge}")


@attrs.frozen
class TemplatePlaced(Event):
    who: str
    forward: int
    right: int
    origin: tuple[int, int]

    @property
    def sentence(self) -> str:
        return (f"{self.who} places the template (forward {self.forward:+d}, right {self.right:+d}); "
                f"its corner is at small square {self.origin[0]},{self.origin[1]}")
