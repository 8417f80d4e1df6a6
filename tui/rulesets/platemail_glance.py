"""Platemail's board marks for a selected character (issue 29): the cells
where a Skulk keeps it Hidden (``h``), on the cursor card its sight to the
cursor cell and who would see it there, and a Move written from any cell
it can reach (not only those of the engine's sample orders).  The facts
come from core.rulesets.platemail.glance, drawn from the side's view."""

from __future__ import annotations

from typing import Any

from core.rulesets.platemail.glance import clear_sight_of, sight_share, skulk_cover
from core.rulesets.platemail.movement import reachable
from core.rulesets.platemail.state import MOVES, Act, Action, Condition, Write

HIDDEN_KEY = "h"  # a Skulk ending here stays Hidden


def _writer(view: Any, selected: Any):
    if selected is None or getattr(view, "stage", "") != "orders":
        return None
    c = view.char(selected.id)
    return c if c is not None and c.pos is not None and c.fighting else None


def hidden_shades(view: Any, selected: Any) -> dict:
    c = _writer(view, selected)
    return {cell: HIDDEN_KEY for cell in skulk_cover(view, c.id) if cell != c.pos} if c is not None else {}


def move_writes(view: Any, side: int) -> list[Write]:
    """A Move to every cell each of ``side``'s characters can reach, as a
    write the writer starts from (its 1st Action; the rest is asked)."""
    if getattr(view, "stage", "") != "orders" or view.committed[side]:
        return []
    out = []
    for c in view.characters:
        if c.side != side or not c.fighting or c.pos is None:
            continue
        for cell in reachable(view, c.pos, MOVES[Action.MOVE]):
            if cell != c.pos:
                out.append(sample_move(side, c.id, cell))
    return out


def sample_move(side: int, uid: str, cell) -> Write:
    return Write(side, uid, Act(side, Action.MOVE, to=cell), Condition.REACHED,
                 Act(side, Action.DEFEND), Act(side, Action.DEFEND))


def cursor_words(view: Any, selected: Any, cursor: Any) -> list[str]:
    c = _writer(view, selected)
    if c is None or cursor == c.pos or not view.battlefield.in_bounds(cursor):
        return []
    share = sight_share(view, c.pos, cursor)
    lines = [f"Sight {c.id}→here: {round(share * 100)}% in view" if share > 0 else f"Sight: {c.id} cannot see here"]
    if cursor in reachable(view, c.pos, MOVES[Action.SKULK]):
        seen = clear_sight_of(view, c.id, cursor)
        lines.append(f"A Skulk here is seen clear by {', '.join(seen)}" if seen
                     else "h: a Skulk here stays Hidden (cover or concealment)")
    return lines


def legend(view: Any, selected: Any) -> list[str]:
    c = _writer(view, selected)
    return [f"h: a Skulk of {c.id} ending there stays Hidden"] if c is not None else []
