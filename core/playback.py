"""Watching a game again: every position of a recorded game, and where its
turns begin, for stepping through it one order or one turn at a time."""

from __future__ import annotations

from core.game import Game, Submitted, start, submit


def positions(game: Game) -> tuple[Game, ...]:
    """The game after 0, 1, ... len(game.orders) of its orders.

    Built order by order from the same start, so position ``k`` is exactly
    what :func:`core.game.replay` gives for the first ``k`` orders."""
    here = start(game.ruleset, game.options, game.battlefield, game.seed, game.players)
    out = [here]
    for order in game.orders:
        result = submit(here, order)
        if not isinstance(result, Submitted):
            raise ValueError(f"order {len(out)} ({order.to_text()}) is refused on replay: {result}")
        here = result.game
        out.append(here)
    return tuple(out)


def turn_marks(history: tuple[Game, ...]) -> tuple[int, ...]:
    """The positions where a new turn (or Round) begins, the first included."""
    marks = [0]
    turn = None
    for index, game in enumerate(history):
        now = game.ruleset.situation(game.state).turn
        if turn is not None and now != turn:
            marks.append(index)
        turn = now
    return tuple(marks)


def next_mark(marks: tuple[int, ...], index: int, step: int, last: int) -> int:
    """The turn start after (step > 0) or before (step < 0) position ``index``."""
    if step > 0:
        return next((m for m in marks if m > index), last)
    return next((m for m in reversed(marks) if m < index), 0)
