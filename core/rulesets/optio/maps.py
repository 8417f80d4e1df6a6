"""Operational maps for the Optio pre-game: the value, its text form, and
its drawing as a 40x40 :class:`core.board.Battlefield`.

A map is 5x5 large squares, each 8x8 small squares, so 40x40 small squares
in all.  The text form (see ``docs/optio-maps.md``)::

    # comments start with a hash
    name: river-crossing
    title: River Crossing
    description: A river cuts the map in two; fords and a bridge.
    map
    ........................................
    ... 40 rows of 40 glyphs ...

Glyphs: ``.`` open, ``=`` road, ``T`` woods, ``1``-``3`` hill of that height,
``%`` marsh, ``~`` water, ``#`` rock.  Parsing and formatting are pure; the
files are read by ``saves/maps.py``.
"""

from __future__ import annotations

import re

import attrs

from core.board import Battlefield, Cell, Rect, Terrain, Zone
from core.memo import Memo, memo_field

LARGE = 5  # large squares a side
SMALL = 8  # small squares a large square
SIZE = LARGE * SMALL  # 40

# glyph -> (kind, height)
GLYPHS: dict[str, tuple[str, int]] = {
    ".": ("open", 0),
    "=": ("road", 0),
    "T": ("woods", 0),
    "1": ("hill", 1),
    "2": ("hill", 2),
    "3": ("hill", 3),
    "%": ("marsh", 0),
    "~": ("water", 0),
    "#": ("rock", 0),
}
KINDS = ("open", "road", "woods", "hill", "marsh", "water", "rock")
# Kinds no body of troops can enter (the template rule counts them).
IMPASSABLE = frozenset({"rock", "water"})
# The glyph used in a cut-out battlefield for ground beyond the map's edge.
EDGE_GLYPH = "X"


class MapSyntaxError(ValueError):
    """Text that is not a well-formed operational map."""


@attrs.frozen
class OpMap:
    """An operational map: 40 rows of 40 glyphs and its names."""

    name: str
    title: str
    rows: tuple[str, ...]
    description: str = ""
    memo: Memo = memo_field()  # what the map implies (core/memo.py)

    def __attrs_post_init__(self) -> None:
        problem = map_problem(self.rows)
        if problem:
            raise ValueError(f"map {self.name!r}: {problem}")

    def glyph(self, cell: Cell) -> str:
        return self.rows[cell[1]][cell[0]]

    def kind(self, cell: Cell) -> str:
        return GLYPHS[self.glyph(cell)][0]

    def height(self, cell: Cell) -> int:
        return GLYPHS[self.glyph(cell)][1]

    def passable(self, cell: Cell) -> bool:
        return self.kind(cell) not in IMPASSABLE


def map_problem(rows: tuple[str, ...]) -> str | None:
    if len(rows) != SIZE:
        return f"a map has {SIZE} rows, not {len(rows)}"
    for y, row in enumerate(rows):
        if len(row) != SIZE:
            return f"row {y + 1} has {len(row)} squares, not {SIZE}"
        for g in row:
            if g not in GLYPHS:
                return f"row {y + 1}: {g!r} is not a terrain glyph"
    return None


_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def parse_map(text: str) -> OpMap:
    name = title = description = ""
    rows: list[str] = []
    in_map = False
    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if in_map:
            if line:
                rows.append(line)
            continue
        if not line or line.startswith("#"):
            continue
        if line == "map":
            in_map = True
        elif line.startswith("name:"):
            name = line[5:].strip()
            if not _NAME.match(name):
                raise MapSyntaxError(f"line {line_no}: a map name is lower-case letters, digits and dashes")
        elif line.startswith("title:"):
            title = line[6:].strip()
        elif line.startswith("description:"):
            description = (description + " " + line[12:].strip()).strip()
        else:
            raise MapSyntaxError(f"line {line_no}: cannot read {line!r}")
    if not name:
        raise MapSyntaxError("the map has no name: line")
    problem = map_problem(tuple(rows))
    if problem:
        raise MapSyntaxError(problem)
    return OpMap(name=name, title=title or name, rows=tuple(rows), description=description)


def format_map(m: OpMap) -> str:
    lines = [f"name: {m.name}", f"title: {m.title}"]
    if m.description:
        lines.append(f"description: {m.description}")
    lines.append("map")
    lines.extend(m.rows)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# Large squares
# --------------------------------------------------------------------------


def on_map(square: Cell) -> bool:
    return 0 <= square[0] < LARGE and 0 <= square[1] < LARGE


def centre_cell(square: Cell) -> Cell:
    """The small square used to point at a large square (just right of and
    below its true centre, which falls on a corner)."""
    return (square[0] * SMALL + SMALL // 2, square[1] * SMALL + SMALL // 2)


# --------------------------------------------------------------------------
# Drawing a map as a battlefield (for the shared board widget)
# --------------------------------------------------------------------------

# How the map itself looks on the board: kinds as they are, hills with
# their height, rock and water impassable.
MAP_TERRAIN: dict[str, Terrain] = {
    ".": Terrain("open"),
    "=": Terrain("road"),
    "T": Terrain("woods", blocks_sight=True, cover=2, move_cost=2),
    "1": Terrain("hill", elevation=1),
    "2": Terrain("hill", elevation=2),
    "3": Terrain("hill", elevation=3),
    "%": Terrain("marsh", move_cost=2),
    "~": Terrain("water", blocks_move=True),
    "#": Terrain("rock", elevation=2, blocks_move=True, blocks_sight=True),
}


def map_battlefield(m: OpMap) -> Battlefield:
    """The whole operational map as a 40x40 battlefield: side 0's home edge
    is the top row of large squares, side 1's the bottom row."""
    used = sorted({g for row in m.rows for g in row})
    return Battlefield(
        name=m.name,
        width=SIZE,
        height=SIZE,
        rows=m.rows,
        legend=tuple((g, MAP_TERRAIN[g]) for g in used),
        zones=(
            Zone(0, (Rect(0, 0, SIZE - 1, SMALL - 1),)),
            Zone(1, (Rect(0, SIZE - SMALL, SIZE - 1, SIZE - 1),)),
        ),
        description=m.description or m.title,
    )


def map_from_battlefield(bf: Battlefield) -> OpMap | None:
    """The operational map a battlefield draws, if it is one (40x40, map
    glyphs meaning map kinds); otherwise None."""
    if bf.width != SIZE or bf.height != SIZE or map_problem(bf.rows):
        return None
    for glyph, terrain in bf.legend:
        if glyph in GLYPHS and GLYPHS[glyph][0] != terrain.kind:
            return None
    if not _NAME.match(bf.name):
        return None
    return OpMap(name=bf.name, title=bf.name, rows=bf.rows, description=bf.description)
