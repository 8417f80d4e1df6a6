"""Events particular to Spheres of War."""

from __future__ import annotations

import attrs

from core.events import Event


@attrs.frozen
class Waited(Event):
    unit: str

    @property
    def sentence(self) -> str:
        return f"{self.unit} waits"


@attrs.frozen
class MatchResolved(Event):
    number: int
    units: tuple[str, ...]
    detail: str = ""

    @property
    def sentence(self) -> str:
        who = " and ".join(self.units) if self.units else "nobody"
        extra = f" ({self.detail})" if self.detail else ""
        verb = "is" if len(self.units) == 1 else "are"
        return f"Match {self.number} is resolved: {who} {verb} Inert for the rest of the turn{extra}"
