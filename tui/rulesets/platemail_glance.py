"""Platemail's board marks for a selected character (issue 29): the cells
where a Skulk keeps it Hidden (``h``), on the cursor card its sight to the
cursor cell and who would see it there, and a Move written from any cell
it can reach (not only those of the engine's sample orders).  The facts
come from core.rulesets.platemail.glance, drawn from the side's view."""

from __future__ import annotations

from typing import Any

import attrs

from core.board import Battlefield, Terrain
from core.rulesets.platemail.glance import clear_sight_of, sight_share, skulk_cover
from core.rulesets.platemail.movement import reachable
from core.rulesets.platemail.state import MOVES, Act, Action, Condition, Write

HIDDEN_KEY = "h"  # a Skulk ending here stays Hidden

# A door as the board draws it, shut or open: shut, it blocks movement and
# sight (the engine's closed door, core/rulesets/platemail/senses.py
# CLOSED_DOOR; seed: Use Item, Cover and Concealment); open, its cell is
# open ground.  The legend and the cursor's line name it by these kinds.
SHUT_DOOR = Terrain("closed door", blocks_move=True, blocks_sight=True, cover=3)
OPEN_DOOR = Terrain("open door")
SHUT_GLYPHS, OPEN_GLYPHS = "+=D", "/'d"


def door_field(bf: Battlefield, open_ids) -> Battlefield:
    """``bf`` as the board draws it with ``open_ids`` the doors open now:
    each door cell a closed door (``+``) or an open one (``/``), made once
    for each set of open doors (the board redraws when the object changes)."""
    doors = tuple(f for f in bf.features if f.kind == "door")
    if not doors:
        return bf
    return bf.memo.get(("tui.platemail.doors", tuple(sorted(open_ids))), _draw_doors, bf, doors, set(open_ids))


def _draw_doors(bf: Battlefield, doors, open_ids: set) -> Battlefield:
    cells = {f.cell for f in doors}
    taken = {g for y, row in enumerate(bf.rows) for x, g in enumerate(row) if (x, y) not in cells}
    shut = next((g for g in SHUT_GLYPHS if g not in taken), "\x02")
    opened = next((g for g in OPEN_GLYPHS if g not in taken), "\x03")
    rows = [list(r) for r in bf.rows]
    for f in doors:
        x, y = f.cell
        rows[y][x] = opened if f.id in open_ids else shut
    legend = tuple((g, t) for g, t in bf.legend if g not in (shut, opened)) + ((shut, SHUT_DOOR), (opened, OPEN_DOOR))
    return attrs.evolve(bf, rows=tuple("".join(r) for r in rows), legend=legend)


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
