"""The text form of a battlefield, as shipped in data files and written by
hand.  Parsing is pure (text in, value out); reading files is saves/'s job.

    name: Open Field
    description: Twelve inches of grass.
    terrain . open
    terrain # wall elevation=2 blocks_move blocks_sight
    terrain ^ hill elevation=1 cover=1
    zone 0 0,0 11,5
    zone 1 0,6 11,11
    feature idol artifact-small 5,5
    map
    ............
    ...##.......

``terrain`` lines map a glyph to a kind with optional ``elevation=N``,
``cover=N``, ``move_cost=N`` and the flags ``blocks_move`` and
``blocks_sight``.  ``zone SIDE X0,Y0 X1,Y1`` adds an inclusive rectangle to a
side's deployment zone.  Everything after ``map`` is the grid, one glyph a
cell, every row the same length.

:func:`battlefield_problem` checks the values of a battlefield from any
source (this text, a save) once, when it is read: sizes, costs, heights and
rectangles within bounds, before anything does work in proportion to them
(a zone rectangle 0..10^9 used to take for ever to list its cells, and a
negative move cost sent path searches round for ever).
"""

from __future__ import annotations

import re

from core.board import Battlefield, Feature, Rect, Terrain, Zone


class BattlefieldSyntaxError(ValueError):
    pass


# Bounds on a battlefield read from a file.  The largest shipped or
# generated battlefield is 40x40; costs, heights and covers are single digits.
MAX_SIDE = 200
MAX_LEGEND = 96
MAX_RECTS = 64
MAX_FEATURES = 256
MAX_TEXT = 4000
MOVE_COST = (1, 99)
ELEVATION = (-99, 99)
COVER = (0, 9)


def _in(value: object, bounds: tuple[int, int]) -> bool:
    return type(value) is int and bounds[0] <= value <= bounds[1]


def battlefield_problem(bf: Battlefield) -> str | None:
    """What is wrong with ``bf``'s values, or None.  Cheap: checks counts
    and ranges first, never walks a rectangle's cells."""
    if not (_in(bf.width, (1, MAX_SIDE)) and _in(bf.height, (1, MAX_SIDE))):
        return f"the battlefield is {bf.width}x{bf.height}; each side must be 1 to {MAX_SIDE} cells"
    if len(bf.name) > MAX_TEXT or len(bf.description) > MAX_TEXT:
        return f"the battlefield's name or description is longer than {MAX_TEXT} characters"
    if len(bf.legend) > MAX_LEGEND:
        return f"the battlefield has {len(bf.legend)} kinds of terrain, more than {MAX_LEGEND}"
    for glyph, t in bf.legend:
        if len(t.kind) > MAX_TEXT:
            return f"terrain {glyph!r}: its kind is longer than {MAX_TEXT} characters"
        if not _in(t.move_cost, MOVE_COST):
            return f"terrain {glyph!r}: move_cost {t.move_cost} is not {MOVE_COST[0]} to {MOVE_COST[1]}"
        if not _in(t.elevation, ELEVATION):
            return f"terrain {glyph!r}: elevation {t.elevation} is not {ELEVATION[0]} to {ELEVATION[1]}"
        if not _in(t.cover, COVER):
            return f"terrain {glyph!r}: cover {t.cover} is not {COVER[0]} to {COVER[1]}"
    if len(bf.zones) > 2:
        return "a battlefield has at most two deployment zones, one per side"
    for zone in bf.zones:
        if zone.side not in (0, 1):
            return f"zone side {zone.side} is not 0 or 1"
        if len(zone.rects) > MAX_RECTS:
            return f"side {zone.side}'s zone has {len(zone.rects)} rectangles, more than {MAX_RECTS}"
        for r in zone.rects:
            # The part outside the field is ignored (hand-written zones may
            # run past the edge), but no corner lies beyond MAX_SIDE.
            if not all(_in(v, (0, MAX_SIDE - 1)) for v in (r.x0, r.y0, r.x1, r.y1)):
                return (f"side {zone.side}'s zone rectangle {r.x0},{r.y0} {r.x1},{r.y1} is not inside "
                        f"0,0 {MAX_SIDE - 1},{MAX_SIDE - 1}")
    if len(bf.features) > MAX_FEATURES:
        return f"the battlefield has {len(bf.features)} features, more than {MAX_FEATURES}"
    for f in bf.features:
        if len(f.id) > MAX_TEXT or len(f.kind) > MAX_TEXT:
            return "a feature's id or kind is too long"
        if len(f.cell) != 2 or not (_in(f.cell[0], (0, bf.width - 1)) and _in(f.cell[1], (0, bf.height - 1))):
            return f"feature {f.id!r} at {f.cell} is not on the battlefield"
    return None


def _cell(text: str, line_no: int) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{1,9}),(\d{1,9})", text)
    if not m:
        raise BattlefieldSyntaxError(f"line {line_no}: {text!r} is not x,y")
    return int(m[1]), int(m[2])


def parse_battlefield(text: str) -> Battlefield:
    name, description = "", ""
    legend: dict[str, Terrain] = {}
    zones: dict[int, list[Rect]] = {}
    features: list[Feature] = []
    rows: list[str] = []
    in_map = False
    for line_no, raw in enumerate(text.splitlines(), 1):
        if in_map:
            if raw.strip():
                rows.append(raw.rstrip("\n").rstrip())
            continue
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line == "map":
            in_map = True
        elif line.startswith("name:"):
            name = line[5:].strip()
        elif line.startswith("description:"):
            description = (description + " " + line[12:].strip()).strip()
        elif line.startswith("terrain "):
            parts = line.split()
            if len(parts) < 3 or len(parts[1]) != 1:
                raise BattlefieldSyntaxError(f"line {line_no}: terrain GLYPH KIND [options]")
            fields: dict = {"kind": parts[2]}
            for word in parts[3:]:
                if word in ("blocks_move", "blocks_sight"):
                    fields[word] = True
                elif m := re.fullmatch(r"(elevation|cover|move_cost)=(-?\d{1,9})", word):
                    fields[m[1]] = int(m[2])
                else:
                    raise BattlefieldSyntaxError(f"line {line_no}: unknown terrain option {word!r}")
            legend[parts[1]] = Terrain(**fields)
        elif line.startswith("zone "):
            parts = line.split()
            if len(parts) != 4 or parts[1] not in ("0", "1"):
                raise BattlefieldSyntaxError(f"line {line_no}: zone SIDE X0,Y0 X1,Y1")
            (x0, y0), (x1, y1) = _cell(parts[2], line_no), _cell(parts[3], line_no)
            zones.setdefault(int(parts[1]), []).append(Rect(x0, y0, x1, y1))
        elif line.startswith("feature "):
            parts = line.split()
            if len(parts) != 4:
                raise BattlefieldSyntaxError(f"line {line_no}: feature ID KIND X,Y")
            features.append(Feature(parts[1], parts[2], _cell(parts[3], line_no)))
        else:
            raise BattlefieldSyntaxError(f"line {line_no}: cannot read {line!r}")
    if not name:
        raise BattlefieldSyntaxError("the battlefield has no name: line")
    if not rows:
        raise BattlefieldSyntaxError("the battlefield has no map")
    width = len(rows[0])
    if width > MAX_SIDE or len(rows) > MAX_SIDE:
        raise BattlefieldSyntaxError(f"the map is {width}x{len(rows)}; each side must be at most {MAX_SIDE} cells")
    try:
        bf = Battlefield(
            name=name,
            width=width,
            height=len(rows),
            rows=tuple(rows),
            legend=tuple(sorted(legend.items())),
            zones=tuple(Zone(side, tuple(rects)) for side, rects in sorted(zones.items())),
            description=description,
            features=tuple(features),
        )
    except ValueError as exc:
        raise BattlefieldSyntaxError(str(exc)) from exc
    problem = battlefield_problem(bf)
    if problem:
        raise BattlefieldSyntaxError(problem)
    return bf


def format_battlefield(bf: Battlefield) -> str:
    lines = [f"name: {bf.name}"]
    if bf.description:
        lines.append(f"description: {bf.description}")
    for glyph, t in bf.legend:
        words = [f"terrain {glyph} {t.kind}"]
        if t.elevation:
            words.append(f"elevation={t.elevation}")
        if t.cover:
            words.append(f"cover={t.cover}")
        if t.move_cost != 1:
            words.append(f"move_cost={t.move_cost}")
        if t.blocks_move:
            words.append("blocks_move")
        if t.blocks_sight:
            words.append("blocks_sight")
        lines.append(" ".join(words))
    for zone in bf.zones:
        for r in zone.rects:
            lines.append(f"zone {zone.side} {r.x0},{r.y0} {r.x1},{r.y1}")
    for f in bf.features:
        lines.append(f"feature {f.id} {f.kind} {f.cell[0]},{f.cell[1]}")
    lines.append("map")
    lines.extend(bf.rows)
    return "\n".join(lines) + "\n"
