"""Games for the benchmarks: every ruleset from the registry, its shipped
battlefield, random legal play from fixed seeds, and a 40x40 battlefield."""

from __future__ import annotations

import gc
import random
import time
from typing import Any

import attrs

from core.board import Battlefield
from core.game import Game, Submitted, start, submit
from core.registry import rulesets

ORDER_CAP = 3000  # the conformance suite's cap: random play ends well before it
BIG = 40


def battlefield_for(rules: Any) -> Battlefield:
    """The ruleset's default battlefield, else the first shipped one it accepts."""
    from saves.library import battlefield_named, shipped_battlefields

    try:
        return battlefield_named(rules.default_battlefield)
    except KeyError:
        pass
    options = rules.default_options()
    for bf in shipped_battlefields():
        if rules.check_options(options, bf) is None:
            return bf
    raise LookupError(f"no shipped battlefield fits {rules.name}")


def big_battlefield(size: int = BIG) -> Battlefield:
    """A ``size`` x ``size`` open field with a few walls and hills, written in
    the battlefield text format and read back with ``parse_battlefield``."""
    from core.battlefield_text import parse_battlefield

    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            if y % 9 == 4 and 5 <= x % 13 <= 8:
                row.append("#")
            elif (x * 7 + y * 3) % 23 == 0:
                row.append("^")
            else:
                row.append(".")
        rows.append("".join(row))
    text = "\n".join(
        [
            f"name: bench-{size}",
            "description: A large open field for the benchmarks.",
            "terrain . open",
            "terrain # wall elevation=2 blocks_move blocks_sight",
            "terrain ^ hill elevation=1 cover=1",
            f"zone 0 0,0 {size - 1},2",
            f"zone 1 0,{size - 3} {size - 1},{size - 1}",
            "map",
            *rows,
        ]
    )
    return parse_battlefield(text + "\n")


@attrs.define
class Tally:
    """The figures of one random game, without the game (a run keeps many:
    holding every finished game would grow the heap that each of Python's
    full garbage collections walks, and so slow the games after it)."""

    orders: int = 0
    legal_seconds: float = 0.0
    submit_seconds: float = 0.0
    finished: bool = False
    # Python's cyclic garbage collector inside the timed intervals: its
    # time (part of the seconds above) and its passes per generation.
    gc_seconds: float = 0.0
    gc_passes: tuple[int, int, int] = (0, 0, 0)

    @property
    def seconds(self) -> float:
        return self.legal_seconds + self.submit_seconds


@attrs.define
class Played(Tally):
    game: Game | None = None

    def tally(self) -> Tally:
        """The figures alone (drop the game)."""
        return Tally(self.orders, self.legal_seconds, self.submit_seconds, self.finished,
                     self.gc_seconds, self.gc_passes)


class GcMeter:
    """Times the cyclic collector's passes that begin while ``inside`` is
    true (``gc.callbacks``), on ``clock``; a pass outside is not counted."""

    __slots__ = ("clock", "inside", "began", "seconds", "passes")

    def __init__(self, clock) -> None:
        self.clock = clock
        self.inside = False
        self.began: float | None = None
        self.seconds = 0.0
        self.passes = [0, 0, 0]

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.began = self.clock() if self.inside else None
        elif self.began is not None:
            self.seconds += self.clock() - self.began
            self.passes[info["generation"]] += 1
            self.began = None

    def __enter__(self) -> GcMeter:
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc) -> None:
        gc.callbacks.remove(self)


def play_random(
    rules: Any,
    seed: int,
    battlefield: Battlefield | None = None,
    cap: int = ORDER_CAP,
    game: Game | None = None,
    draw: bool = False,
) -> Played:
    """Random legal play from ``seed`` (dice seed and choice seed) until the
    game ends or ``cap`` orders, timing legal-order generation and submit.
    With ``draw`` each order is ``game.random_order(side, rng)`` (the
    ruleset's own draw, see :func:`draws_its_own`) instead of a choice from
    the whole listing; its time is counted as the legal-order time."""
    if game is None:
        game = start(rules, None, battlefield or battlefield_for(rules), seed, ("North", "South"))
    pick = random.Random(seed * 7919 + 1)
    played = Played(game=game)
    clock = time.perf_counter
    with GcMeter(clock) as meter:
        while played.orders < cap:
            to_act = game.to_act
            if not to_act:
                played.finished = True
                break
            side = pick.choice(sorted(to_act))
            meter.inside = True
            t0 = clock()
            if draw:
                order = game.random_order(side, pick)
                t1 = clock()
            else:
                legal = game.legal_orders(side)
                t1 = clock()
                order = pick.choice(legal)
            result = submit(game, order)
            t2 = clock()
            meter.inside = False
            if not isinstance(result, Submitted):
                raise RuntimeError(f"{rules.name}: a listed legal order was refused: {order.to_text()} ({result})")
            game = result.game
            played.legal_seconds += t1 - t0
            played.submit_seconds += t2 - t1
            played.orders += 1
    played.game = game
    played.gc_seconds = meter.seconds
    played.gc_passes = tuple(meter.passes)
    return played


def draws_its_own(rules: Any) -> bool:
    """Whether the ruleset overrides ``Ruleset.random_order`` (draws one
    legal order without listing them all): the engine figure then plays
    with it, and the listing is timed beside it."""
    from core.ruleset import Ruleset

    return type(rules).random_order is not Ruleset.random_order


def every_ruleset() -> list[Any]:
    return list(rulesets())
