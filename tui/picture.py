"""What the board draws, apart from the widget that draws it: the
:class:`Picture` a screen hands down, the styles and colours of sides,
terrain and marks, figure labels, and the legend's text (see tui/board.py
for the conventions)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
from rich.style import Style
from rich.text import Text

from core.board import Battlefield, Cell, Terrain
from core.ruleset import Ruleset, UnitView, generic_terrain_words

CELL_W = 3  # the full cell width
COMPACT_W = 2  # the compact one
LABEL_W = 3  # the row numbers (two when that makes the full width fit)

SIDE_MARKS = ("◆", "●")
# Compact facing shapes, one set per (side, shooter), each in compass order
# N, NE, E, SE, S, SW, W, NW: one character for side, kind and facing.
FACING_SHAPES = {
    (0, False): "▲◥▶◢▼◣◀◤",
    (0, True): "△◹▷◿▽◺◁◸",
    (1, False): "↑↗→↘↓↙←↖",
    (1, True): "⇑⇗⇒⇘⇓⇙⇐⇖",
}
# Every character that shows a facing (the full labels' arrows are the
# second set's): a target mark never covers one.
FACING_CHARS = frozenset("".join(FACING_SHAPES.values()))
# 16-colour names, so xterm draws the same pair; cyan/yellow stay apart for
# deuteranopia, protanopia and tritanopia (blue-ish against yellow).
SIDE_COLOURS = ("bright_cyan", "bright_yellow")
SIDE_COLOUR_WORDS = ("cyan", "yellow")
SIDE_STYLES = tuple(Style(color=c) for c in SIDE_COLOURS)
OWN_SIDE = Style(bold=True)  # the side at the keyboard
HIGHLIGHT = Style(color="bright_green", bold=True)
HIGHLIGHT_BG = Style(bgcolor="#1f3a1f")
LABEL_STYLE = Style(color="grey58", dim=True)
CURSOR = Style(reverse=True)
PLAIN = Style()
SELECTED = Style(underline=True, bold=True, bgcolor="grey35")
SPOTLIGHT = Style(bold=True, underline=True, bgcolor="#5f1f5f")  # a narrated blow's figure and target
MARK_STYLE = Style(color="bright_magenta", bold=True)
SHADE_STYLES = {"f": Style(bgcolor="#23331a"), "b": Style(bgcolor="#3a1f1f"),
                "r": Style(bgcolor="#3a1f2a"), "w": Style(bgcolor="#2f2f1a"), "h": Style(bgcolor="#1f2f3a")}
SHADE_DEFAULT = Style(bgcolor="grey19")
GRID_EDGE = Style(underline=True)
EDGE_MARK = Style(bold=True)  # ◀ ▶ ▲ ▼: more of the battlefield off that side of the view (tui/viewport.py)


def terrain_style(terrain: Terrain) -> Style:
    if terrain.blocks_move:
        return Style(color="grey85", bgcolor="grey30")
    if terrain.elevation > 0:
        return Style(color="khaki1", bgcolor="#3a3520")
    # Cover, or ground a figure walks through but cannot be seen through
    # (Plasto Latros' scatter, which has no cover levels): green.
    if terrain.cover > 0 or terrain.blocks_sight:
        return Style(color="green3", bgcolor="#1c2e1c")
    if terrain.move_cost > 1:
        return Style(color="steel_blue1", bgcolor="#1c2436")
    return Style(color="grey46")


def default_label(unit: UnitView, compact: bool = False) -> str:
    """Three columns: side mark (or the unit's glyph), a letter from its id,
    and a facing arrow when the ruleset tracks facing; compact: the first two."""
    mark = (unit.glyph or SIDE_MARKS[unit.side % 2])[:1]
    letters = [c for c in unit.id if c.isalnum()]
    letter = letters[-1] if letters else "?"
    arrow = unit.facing.arrow if unit.facing is not None else " "
    return f"{mark}{letter}" if compact else f"{mark}{letter}{arrow}"


# What a figure that is out of the fight looks like (never colour alone:
# NO_COLOR keeps the strike and the dimming), and the status words that say
# so in every ruleset (Platemail dying/stable/dead, Waylights KO/dead,
# Plasto Latros doomed, removed figures of any ruleset still drawn).
FALLEN = Style(strike=True, dim=True)
# A lit figure with no room for the target mark ``*``, in its label or
# beside it (:func:`target_marks`).
UNMARKED_TARGET = Style(italic=True)
FALLEN_WORDS = {"dying": "dying", "stable": "unconscious", "unconscious": "unconscious", "dead": "dead",
                "ko": "knocked out", "doomed": "doomed", "removed": "removed"}


def fallen_status(unit: UnitView) -> str | None:
    """How ``unit`` has fallen, in words ("dead", "knocked out"), or None."""
    for word in unit.status.replace(";", ",").split(","):
        word = word.strip().lower()
        if word in FALLEN_WORDS:
            return FALLEN_WORDS[word]
    return None


def kept_columns(label: str, unit: UnitView) -> frozenset[int]:
    """The columns of ``label`` that carry what it must never lose: its
    facing (an arrow or a facing shape) and its class or side mark (the
    column holding the figure's glyph, in either case; else the first)."""
    keep = {i for i, ch in enumerate(label) if ch in FACING_CHARS}
    glyph = (unit.glyph or "")[:1].lower()
    mark = next((i for i, ch in enumerate(label) if glyph and ch.lower() == glyph and i not in keep), None)
    if mark is None and not keep:  # (a facing shape is the side and class mark too)
        mark = 0 if label else None
    if mark is not None:
        keep.add(mark)
    return frozenset(keep)


SPARE = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0"


def _variants(label: str, unit: UnitView, width: int):
    """Labels for ``unit`` that keep the columns :func:`kept_columns`
    protects and change the others: first the figure's own number (the
    last characters of its id), then running characters."""
    keep = kept_columns(label, unit)
    free = [i for i in range(width) if i not in keep]
    if not free:
        return
    tail = [c for c in unit.id if c.isalnum()][-len(free):]
    chars = list(label)
    for i, ch in zip(free[len(free) - len(tail):], tail):
        chars[i] = ch
    yield "".join(chars)
    for i in reversed(free):
        for ch in SPARE:
            chars2 = list(chars)
            chars2[i] = ch
            yield "".join(chars2)


def distinct_labels(units: Sequence[UnitView], labels: Mapping[str, str], width: int) -> dict[str, str]:
    """``labels`` fitted to ``width`` columns, with any label two figures
    share replaced so that none is shown twice.  A replacement never drops
    what the label carries (its facing, its class or side mark:
    :func:`kept_columns`): only the other columns change, to the figure's
    number first, then to running characters."""
    out = {u.id: (labels.get(u.id) or default_label(u, width < CELL_W)).ljust(width)[:width] for u in units}
    seen: dict[str, int] = {}
    for label in out.values():
        seen[label] = seen.get(label, 0) + 1
    clashing = [u for u in units if seen[out[u.id]] > 1]
    taken = {label for label, n in seen.items() if n == 1}
    spare = iter(SPARE * 4)
    for unit in clashing:
        found = next((v for v in _variants(out[unit.id], unit, width) if v not in taken), None)
        while found is None or found in taken:  # nothing left to change: a running pair
            found = (SIDE_MARKS[unit.side % 2] + next(spare)).ljust(width)[:width]
        taken.add(found)
        out[unit.id] = found
    return out


def id_columns(label: str, unit: UnitView) -> frozenset[int]:
    """The columns of ``label`` that spell the figure's id (``a1`` in ``Fa1``,
    the ``1`` of ``▲1T``): what tells it from its neighbours, which a
    target mark never covers."""
    chars = {c.lower() for c in unit.id if c.isalnum()}
    return frozenset(i for i, ch in enumerate(label) if ch.isalnum() and ch.lower() in chars)


def empty_cell_text(pic: Picture, cell: Cell, w: int) -> str:
    """What an empty cell shows at cell width ``w``: a lit cell its mark,
    shade key or glyph in brackets (``[.]``; compact ``.]``, its ``[`` in
    the spare column to its left when that is blank: :func:`target_marks`),
    an artifact its mark, else the glyph and the shade key (compact: the
    glyph first, under its column number)."""
    x, y = cell
    glyph = pic.battlefield.rows[y][x]
    mark, shade = pic.marks.get(cell), pic.shades.get(cell)
    if cell in pic.highlights:
        # a lit cell keeps its mark or shade key inside the brackets
        # (a climb ``[^]``, an arc ``[f]``, within reach ``[r]``)
        inner = (mark[1:2] or glyph) if mark else (shade[:1] if shade else glyph)
        return f"[{inner}]" if w >= CELL_W else f"{inner}]"
    if mark:
        return (mark[1:] if w < CELL_W else mark + "   ")[:w].ljust(w)
    edge = bool(pic.grid) and x % pic.grid == 0  # the left edge of a grid square
    if w < CELL_W:
        return f"▏{glyph}" if edge else f"{glyph}{(shade or ' ')[:1]}"
    if edge:
        return f"▏{glyph} "
    return f" {glyph}{shade[:1]}" if shade else f" {glyph} "


TARGET = "*"  # the mark of a figure an order points at
OPENER = "["  # a compact lit cell's opening bracket, in the column left of it


@attrs.frozen
class TargetMarks:
    """How the board marks what orders point at: each figure's label (a
    lit one with ``*`` in a column of its own when it has one), the marks
    drawn in a neighbouring empty cell's blank column (cell -> column ->
    ``*`` or ``[``), and the lit figures with no room for ``*`` anywhere
    (drawn in italics)."""

    labels: dict[str, str]
    beside: dict[Cell, dict[int, str]]
    unmarked: frozenset[str]


def target_marks(pic: Picture, labels: Mapping[str, str], units: Mapping[str, UnitView], w: int) -> TargetMarks:
    """Where the target marks go at cell width ``w``.  A lit figure keeps
    its id, facing and class mark (:func:`id_columns`, :func:`kept_columns`);
    its ``*`` takes, in turn: a blank column of its label; the blank column
    of an empty neighbour beside it (``Fa1*``, compact ``*F1``: the first
    column of the cell to its right is blank at full width, the second of
    the one to its left in compact cells), or in compact cells that
    neighbour's shade key; a column of its label that is none of those
    (a status letter: ``R1*`` for ``R1C``).  Compact lit cells are opened
    with ``[`` in the blank column to their left."""
    out = dict(labels)
    beside: dict[Cell, dict[int, str]] = {}
    unmarked: set[str] = set()
    compact = w < CELL_W
    bf = pic.battlefield

    def spare(cell: Cell, col: int, shade_too: bool = False) -> bool:
        if pic.cell_size is not None or not bf.in_bounds(cell) or cell in pic.units or col in beside.get(cell, {}):
            return False
        ch = empty_cell_text(pic, cell, w)[col]
        return ch == " " or (shade_too and cell not in pic.highlights and ch == (pic.shades.get(cell) or "")[:1])

    if compact:
        for x, y in pic.highlights:
            if (x, y) not in pic.units and spare((x - 1, y), 1):
                beside.setdefault((x - 1, y), {})[1] = OPENER
    taken = set(out.values())
    for (x, y), unit in sorted(pic.units.items(), key=lambda item: (item[0][1], item[0][0])):
        if (x, y) not in pic.highlights or unit.id not in out:
            continue
        label = out[unit.id]
        unit = units.get(unit.id, unit)
        guarded = kept_columns(label, unit) | id_columns(label, unit)
        middle = len(label) // 2
        free = sorted((i for i in range(len(label)) if i not in guarded), key=lambda i: (i != middle, -i))
        inner = [label[:i] + TARGET + label[i + 1:] for i in free]
        blank = next((m for i, m in zip(free, inner) if label[i] == " " and m not in taken), None)
        if blank is not None:
            out[unit.id] = blank
            taken.add(blank)
            continue
        left, right = (x - 1, y), (x + 1, y)
        sides = [(left, 1, False), (left, 1, True)] if compact else [(right, 0, False), (left, w - 1, False)]
        room = next(((c, col) for c, col, shade_too in sides if spare(c, col, shade_too)), None)
        if room is not None:
            beside.setdefault(room[0], {})[room[1]] = TARGET
            continue
        marked = next((m for m in inner if m not in taken), None)
        if marked is None:
            unmarked.add(unit.id)
            continue
        taken.add(marked)
        out[unit.id] = marked
    return TargetMarks(out, beside, frozenset(unmarked))


def side_style(side: int, own_side: int | None) -> Style:
    style = SIDE_STYLES[side % 2]
    return style + OWN_SIDE if own_side is None or side == own_side else style


@attrs.frozen
class Picture:
    """Everything the board draws, handed down by the screen."""

    battlefield: Battlefield
    units: Mapping[Cell, UnitView] = attrs.field(factory=dict)
    labels: Mapping[str, str] = attrs.field(factory=dict)  # unit id -> 3-column label
    compact_labels: Mapping[str, str] = attrs.field(factory=dict)  # unit id -> 2-column label
    highlights: frozenset = frozenset()
    selected: Cell | None = None
    hidden: bool = False  # handover: draw nothing of the game
    # cell -> three columns drawn on a cell no figure stands on (an artifact);
    # on a lit cell only the middle character shows, inside the brackets.
    marks: Mapping[Cell, str] = attrs.field(factory=dict)
    # cell -> one character shade key ("f" front arc, "b" back arc...): a
    # background from SHADE_STYLES, and the character in an empty cell's
    # third column so the shading reads without colour.
    shades: Mapping[Cell, str] = attrs.field(factory=dict)
    grid: int = 0  # > 0: mark a boundary every ``grid`` cells (Optio's large squares)
    own_side: int | None = None  # the side at the keyboard: its figures are bold
    # Big cells (columns, rows), drawn from ``art`` (each cell's rows of text,
    # the first column kept for the grid line) with figures from ``stacks``
    # (cell -> (row, column, unit) placements) over it; None: one-row cells.
    cell_size: tuple[int, int] | None = None
    art: Mapping[Cell, tuple[str, ...]] = attrs.field(factory=dict)
    stacks: Mapping[Cell, tuple] = attrs.field(factory=dict)
    selected_id: str | None = None  # with big cells: the selected figure


BOARD_KEY = "[.] legal  * target  z: cell width"  # the marks every grid board draws


def terrain_notes(terrain: Terrain, rules: Ruleset | None = None) -> list[str]:
    """What ``terrain`` does in ``rules`` (:meth:`Ruleset.terrain_words`;
    no ruleset: the generic fields), less what its kind already says
    (Plasto Latros' screen names its scatter "scatter, blocks sight")."""
    words = rules.terrain_words(terrain) if rules is not None else generic_terrain_words(terrain)
    return [word for word in words if word not in terrain.kind]


def legend(battlefield: Battlefield, sides: Sequence[str] = (), drawn: set[str] | None = None,
           board_key: str = BOARD_KEY, rules: Ruleset | None = None) -> Text:
    """Glyph meanings for the side panel, each glyph in the style the board
    draws its cells in (:func:`terrain_style`, the one source of both);
    the words say everything without colour, and only what ``rules`` does
    with the ground (:func:`terrain_notes`).  ``sides``: a line a side
    (:meth:`BoardView.side_key`), first; ``drawn``: the glyphs on the board
    when not only its cells' (Optio's pictures)."""
    used = drawn if drawn is not None else {g for row in battlefield.rows for g in row}
    out = Text("\n".join([*sides, ""]) if sides else "")
    for glyph, terrain in battlefield.legend:
        if glyph not in used:
            continue
        notes = terrain_notes(terrain, rules)
        extra = f" ({', '.join(notes)})" if notes else ""
        out.append(glyph, terrain_style(terrain))
        out.append(f" {terrain.kind}{extra}  ")
    out.append(board_key)
    return out


def legend_text(battlefield: Battlefield, sides: Sequence[str] = (), drawn: set[str] | None = None,
                board_key: str = BOARD_KEY, rules: Ruleset | None = None) -> str:
    """:func:`legend` as plain text."""
    return legend(battlefield, sides, drawn, board_key, rules).plain


def with_legend(text: str, key: Text) -> Text:
    """``text`` (a panel's lines) with the styles of ``key``, a
    :func:`legend` whose plain text it holds, where it holds it."""
    out = Text(text)
    at = text.find(key.plain)
    if at >= 0:
        for span in key.spans:
            out.stylize(span.style, at + span.start, at + span.end)
    return out
