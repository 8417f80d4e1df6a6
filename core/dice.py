"""The one dice roller.  It lives inside the game state, so a state carries
its own future rolls and the same seed gives the same game on every Python.

Numbers come from splitmix64 over ``(seed, draw number)``: a counter-based
generator, so a roll needs no hidden mutable state.  Tests may put a
``script`` of faces in front of the generator to decide exactly what falls.
"""

from __future__ import annotations

import hashlib
from typing import Any

import attrs

from core.events import Rolled

_MASK = (1 << 64) - 1


def splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class ScriptError(ValueError):
    """A scripted face does not fit the die it was used for (a broken test)."""


@attrs.frozen
class Dice:
    """Seed, how many numbers were drawn, and any scripted faces still to come."""

    seed: int
    draws: int = 0
    script: tuple[int, ...] = ()

    def _raw(self, n: int) -> int:
        return splitmix64((self.seed * 0x100000001B3 + n) & _MASK)

    def face(self, sides: int) -> tuple[Dice, int]:
        """One die with ``sides`` faces, 1..sides."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        if self.script:
            value, rest = self.script[0], self.script[1:]
            if not 1 <= value <= sides:
                raise ScriptError(f"scripted face {value} does not fit a d{sides}")
            return Dice(self.seed, self.draws + 1, rest), value
        # Rejection sampling keeps every face exactly equally likely.
        limit = (1 << 64) - ((1 << 64) % sides)
        n = self.draws
        while True:
            raw = self._raw(n)
            n += 1
            if raw < limit:
                return Dice(self.seed, n, self.script), raw % sides + 1

    def faces(self, count: int, sides: int) -> tuple[Dice, tuple[int, ...]]:
        dice, out = self, []
        for _ in range(count):
            dice, value = dice.face(sides)
            out.append(value)
        return dice, tuple(out)

    def scripted(self, *faces: int) -> Dice:
        """The same roller with ``faces`` to come first (for tests and scenarios)."""
        return Dice(self.seed, self.draws, self.script + tuple(faces))


def roll(
    dice: Dice,
    count: int,
    sides: int,
    purpose: str,
    modifiers: tuple[tuple[str, int], ...] = (),
    who: str = "",
    low_is_good: bool = False,
    neither_is_good: bool = False,
) -> tuple[Dice, Rolled]:
    """Roll ``count``d``sides``, add the named modifiers, and describe it."""
    dice, faces = dice.faces(count, sides)
    total = sum(faces) + sum(v for _, v in modifiers)
    return dice, Rolled(
        expression=f"{count}d{sides}",
        faces=faces,
        modifiers=modifiers,
        total=total,
        purpose=purpose,
        who=who,
        low_is_good=low_is_good,
        neither_is_good=neither_is_good,
    )


def derived_seed(seed: int, tag: str) -> int:
    """A 63-bit seed made one way from ``seed`` (SHA-256 of ``tag`` and
    it): whoever holds the result cannot work ``seed`` out again, so cannot
    foretell the rolls that ``seed`` gives."""
    digest = hashlib.sha256(f"skirmish:{tag}:{int(seed)}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def computer_seed(game_seed: int) -> int:
    """The computer player's own seed for a game seeded ``game_seed``:
    derived from it (so the computer's choices repeat with the game) but
    never the dice seed itself.  Whoever seats the computer computes it."""
    return derived_seed(game_seed, "computer")


def without_seed(view: Any) -> Any:
    """``view`` with its dice roller's seed blanked (the count of rolls so
    far stays: the log shows it anyway), and any scripted faces dropped.  A
    view that carries the seed would foretell every roll to come."""
    dice = getattr(view, "dice", None)
    if isinstance(dice, Dice) and attrs.has(type(view)) and (dice.seed or dice.script):
        return attrs.evolve(view, dice=Dice(0, dice.draws))
    return view
