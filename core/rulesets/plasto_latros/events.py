"""Events particular to Plasto Latros."""

from __future__ import annotations

import attrs

from core.events import Event

# An artifact's kind (core.board.Feature.kind, as the battlefield file names
# it) in a player's words: what the log, the panel and the cursor card say.
ARTIFACT_WORDS = {"artifact-small": "a small artifact", "artifact-wall": "a wall artifact", "door": "a door"}


def artifact_name(feature: str, kind: str) -> str:
    """``the banner (a wall artifact)``: the artifact's name with its kind in words."""
    what = ARTIFACT_WORDS.get(kind) or "an artifact: " + kind.replace("-", " ")
    return f"the {feature} ({what})"


@attrs.frozen
class Attacked(Event):
    attacker: str
    target: str

    @property
    def sentence(self) -> str:
        return (f"{self.attacker} attacks {self.target} base to base: {self.target} is Threatened "
                f"and both are Locked In Battle")


@attrs.frozen
class ShotAt(Event):
    shooter: str
    target: str
    percent: int

    @property
    def sentence(self) -> str:
        return (f"{self.shooter} targets {self.target} at long range ({self.percent}% visible): "
                f"{self.target} is Threatened and Pinned")


@attrs.frozen
class JumpedOn(Event):
    jumper: str
    target: str

    @property
    def sentence(self) -> str:
        return f"{self.jumper} leaps down at {self.target}: {self.target} is Pinned"


@attrs.frozen
class DoomFalls(Event):
    unit: str
    reason: str
    # The attackers that count, each "B2 at 3,4 (in contact, from behind)":
    # what Why? names (empty in saves written before it was recorded).
    by: tuple[str, ...] = ()

    @property
    def sentence(self) -> str:
        return f"{self.unit} is Doomed ({self.reason})"


@attrs.frozen
class DoomLifted(Event):
    unit: str
    # Each attacker of it that stopped counting, and why ("a5 is attacked
    # by b6 in contact": status.not_counting); the attackers still counting
    # as DoomFalls names them; the mini whose Defending Free Movement
    # lifted it ("" for none).  What Why? names (empty in older logs).
    stopped: tuple[str, ...] = ()
    left: tuple[str, ...] = ()
    free: str = ""

    @property
    def sentence(self) -> str:
        return f"{self.unit} is no longer Doomed"


@attrs.frozen
class FreeMovementOwed(Event):
    side: int
    player: str

    @property
    def sentence(self) -> str:
        return f"{self.player} gains a Defending Free Movement"


@attrs.frozen
class ArtifactDestroyed(Event):
    feature: str
    kind: str
    by: tuple[str, ...]

    @property
    def sentence(self) -> str:
        verb = "destroys" if len(self.by) == 1 else "destroy"
        return f"{' and '.join(self.by)} {verb} {artifact_name(self.feature, self.kind)}"
