"""The result screen's lines on each side of an Optio pre-game
(``OptioAdapter.result_sides``): where each army ended, the coins it kept,
and each player's first-move die, the pre-game's only dice (docs/rulings.md,
*Conceding*: the result still shows them)."""

from __future__ import annotations

from typing import Any


def sides_at_the_end(game: Any) -> list[str]:
    """Where each army ended and the coins it kept (the blocks left say
    nothing about how the scouting went), then the first-move dice."""
    result = game.state.result
    if result is None:  # given up before the armies met: coins and blocks, not figures left and lost
        return with_luck(game, game.ruleset.side_summaries(game.state))
    from tui.rulesets.optio_template import shift_on_map

    x, y = result.meeting
    where = template_shift(result.forward, result.right)
    on_map = shift_on_map(result.forward, result.right, result.second_edge)
    if on_map:  # the placer's frame, and which way that was on the map (north up)
        where += f", that is {on_map} on the map"
    lines = []
    for side, name in enumerate(game.players):
        coins = game.state.kudos[side]
        kept = f"{coins} kudo coin{'s' if coins != 1 else ''} left"
        if side == result.placer:
            lines.append(f"{name}: army held square {x},{y} first and placed the template ({where}); {kept}")
        else:
            lines.append(f"{name}: army marched in by the {result.second_edge.word} side; {kept}")
    return with_luck(game, lines)


def with_luck(game: Any, lines: list[str]) -> list[str]:
    """``lines``, then the pre-game's only dice: each player's first-move
    die (ties thrown again), as rolled, and who moved first by them
    (docs/rulings.md, *Conceding*).  No verdict of good or bad luck: one
    die each says nothing of how the scouting went.  Nothing when the
    options gave the first move without a roll."""
    from core.events import Rolled

    thrown = [[str(f) for e in game.log if isinstance(e, Rolled) and e.who == name for f in e.faces]
              for name in game.players]
    if not all(thrown):
        return lines
    rolled = ", ".join(f"{name} rolled {' then '.join(faces)}" for name, faces in zip(game.players, thrown))
    return [*lines, f"First move, a d6 each: {rolled}; {game.players[game.state.first]} moved first"]


def template_shift(forward: int, right: int) -> str:
    """How the placer moved the template off the meeting square, in words:
    "centred", or "one small square forward and one left" (forward is away
    from the placer's side).  The shift is in the map's small squares (seed
    003: one small square each way); "square" alone would read as a large
    square of the operational map, the one the armies met in."""
    parts = []
    if forward:
        parts.append(f"one small square {'forward' if forward > 0 else 'back'}")
    if right:
        parts.append(("one " if parts else "one small square ") + ("right" if right > 0 else "left"))
    return " and ".join(parts) if parts else "centred"
