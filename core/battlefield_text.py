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
"""

from __future__ import annotations

import re

from core.board import Battlefield, Feature, Rect, Terrain, Zone


class BattlefieldSyntaxError(ValueError):
    pass


def _cell(text: str, line_no: int) -> tuple[int, int]:
    m = re.fullmatch(r"(\d+),(\d+)", text)
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
                elif m := re.fullmatch(r"(elevation|cover|move_cost)=(-?\d+)", word):
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
    try:
        return Battlefield(
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
