"""Platemail: where a Skulk keeps a character Hidden, and what it sees,
for the board (issue 29, "see what a move gives").  Pure functions of the
side's view (the enemies it may see; a skulker it does not perceive has
no place in it).

Read from the seed's Skulk: a skulker must end the Action Phase in Cover
or Concealment to stay Hidden.  The engine reveals a Hidden character at
the end of a Phase when a fighting enemy sees it clear (``senses.sight``:
neither Cover nor Concealment), so a cell keeps it Hidden when no enemy
in view sees it clear from where that enemy stands now.
"""

from __future__ import annotations

from core.board import Cell

from .movement import reachable
from .senses import Work, effective_battlefield, sight
from .state import MOVES, Action, PlatemailState, rebuild


def skulk_cover(view: PlatemailState, uid: str, cells=None) -> dict[Cell, str]:
    """The cells (default: those a Skulk of ``uid`` reaches, and its own)
    where ``uid`` would stay Hidden: "concealed" when no enemy in view can
    see it at all there, "cover" when some can but none clear.  Cells
    where an enemy sees it clear are left out."""
    me = view.char(uid)
    if me is None or me.pos is None:
        return {}
    if cells is None:
        cells = set(reachable(view, me.pos, MOVES[Action.SKULK])) | {me.pos}
    work = Work(view)
    foes = [(c, c.pos) for c in work.fighters() if c.side != me.side and c.pos is not None]
    bf = work.bf
    taken = {c.pos for c in view.characters if c.pos is not None and c.id != uid and c.fighting}
    out = {}
    for cell in cells:
        if cell in taken or not bf.in_bounds(cell) or bf.terrain(cell).blocks_move:
            continue
        there = rebuild(me, pos=cell)
        seen = [sight(work, at, there) for _, at in foes]
        if "clear" in seen:
            continue
        out[cell] = "concealed" if all(s == "concealed" for s in seen) else "cover"
    return out


def clear_sight_of(view: PlatemailState, uid: str, cell: Cell) -> list[str]:
    """The enemies in view that would see ``uid`` clear on ``cell`` (each
    one reveals a skulker there)."""
    me = view.char(uid)
    if me is None:
        return []
    work = Work(view)
    there = rebuild(me, pos=cell)
    return [f.id for f in work.fighters()
            if f.side != me.side and f.pos is not None and sight(work, f.pos, there) == "clear"]


def sight_share(view: PlatemailState, observer: Cell, cell: Cell) -> float:
    """How much of ``cell`` a character on ``observer`` sees (closed doors
    block), 0 to 1: the line of sight the Cover rules read (``Grid.share``:
    0 only when the two cells cannot see each other either way)."""
    from .grid import grid

    return grid(effective_battlefield(view)).share(observer, cell)
